"""The Optimizer base class: construction checks, repr, param groups, zero_grad, hooks, state dicts.

Expected texts are torch 2.13's (reprs and messages checked against real torch).
"""

import warnings

import numpy as np
import pytest

import gradcalc.engine as torch

SGD_REPR = """SGD (
Parameter Group 0
    dampening: 0
    differentiable: False
    foreach: None
    fused: None
    lr: 0.0001
    maximize: False
    momentum: 0
    nesterov: False
    weight_decay: 0
)"""


def _params(*shapes, dtype=torch.float32):
    rng = np.random.default_rng(0)
    return [torch.tensor(rng.standard_normal(s).astype(dtype.np), requires_grad=True) for s in shapes]


def test_sgd_repr_is_torchs():
    assert repr(torch.optim.SGD(_params((2,)), lr=1e-4)) == SGD_REPR


def test_two_groups_repr_and_group_options():
    a, b = _params((2,), (3,))
    opt = torch.optim.SGD([{"params": [a]}, {"params": b, "lr": 0.5}], lr=0.1, momentum=0.9)
    text = repr(opt)
    assert "Parameter Group 0\n" in text and "Parameter Group 1\n" in text
    assert opt.param_groups[0]["lr"] == 0.1 and opt.param_groups[1]["lr"] == 0.5
    assert opt.param_groups[1]["params"] == [b] or opt.param_groups[1]["params"][0] is b


@pytest.mark.parametrize("make, message", [
    (lambda p: torch.optim.SGD(p, lr=-0.1), "Invalid learning rate: -0.1"),
    (lambda p: torch.optim.SGD(p, lr=0.1, momentum=-1), "Invalid momentum value: -1"),
    (lambda p: torch.optim.SGD(p, lr=0.1, nesterov=True), "Nesterov momentum requires a momentum and zero dampening"),
    (lambda p: torch.optim.SGD([], lr=0.1), "optimizer got an empty parameter list"),
    (lambda p: torch.optim.SGD([{"params": p}, {"params": p}], lr=0.1),
     "some parameters appear in more than one parameter group"),
    (lambda p: torch.optim.Adam(p, betas=(1.0, 0.9)), "Invalid beta parameter at index 0: 1.0"),
    (lambda p: torch.optim.Adam(p, eps=-1.0), "Invalid epsilon value: -1.0"),
])
def test_construction_errors_in_torchs_words(make, message):
    with pytest.raises(ValueError) as info:
        make(_params((2,)))
    assert str(info.value) == message


def test_non_leaf_and_non_tensor_params():
    (p,) = _params((2,))
    with pytest.raises(ValueError, match="can't optimize a non-leaf Tensor"):
        torch.optim.SGD([p * 2], lr=0.1)
    with pytest.raises(TypeError, match="optimizer can only optimize Tensors, but one of the params is int"):
        torch.optim.SGD([1], lr=0.1)
    with pytest.raises(TypeError, match="should be an iterable of Tensors or dicts, but got torch.FloatTensor"):
        torch.optim.SGD(p, lr=0.1)


def test_zero_grad_sets_none_or_zeros():
    (p,) = _params((3,))
    opt = torch.optim.SGD([p], lr=0.1)
    p.grad = torch.ones(3)
    opt.zero_grad(set_to_none=False)
    assert p.grad is not None and p.grad.tolist() == [0.0, 0.0, 0.0]
    opt.zero_grad()
    assert p.grad is None


def test_step_skips_params_without_grad_and_returns_closure_loss():
    a, b = _params((2,), (2,))
    before = b.detach().clone()
    opt = torch.optim.SGD([a, b], lr=0.1)
    a.grad = torch.ones(2)

    def closure():
        assert torch.is_grad_enabled()
        return 7.0

    assert opt.step(closure) == 7.0
    assert torch.equal(b, before)
    assert opt.state_dict()["state"] == {}


def test_step_runs_without_grad_and_bumps_versions():
    (p,) = _params((2,))
    opt = torch.optim.Adam([p], lr=0.1)
    p.grad = torch.ones(2)
    v = p._version
    opt.step()
    assert p._version > v
    assert p.grad_fn is None and p.requires_grad


def test_step_hooks_run_in_order_and_can_be_removed():
    (p,) = _params((2,))
    opt = torch.optim.SGD([p], lr=0.1)
    seen = []
    h1 = opt.register_step_pre_hook(lambda o, args, kwargs: seen.append("pre"))
    opt.register_step_post_hook(lambda o, args, kwargs: seen.append("post"))
    g = torch.optim.register_optimizer_step_pre_hook(lambda o, args, kwargs: seen.append("global pre"))
    p.grad = torch.ones(2)
    opt.step()
    assert seen == ["global pre", "pre", "post"]
    h1.remove()
    g.remove()
    seen.clear()
    opt.step()
    assert seen == ["post"]


def test_state_dict_layout_and_round_trip():
    a, b = _params((2,), (3,))
    opt = torch.optim.SGD([{"params": [a]}, {"params": [b], "lr": 0.5}], lr=0.1, momentum=0.9)
    a.grad, b.grad = torch.ones(2), torch.ones(3)
    opt.step()
    sd = opt.state_dict()
    assert sorted(sd) == ["param_groups", "state"]
    assert sd["param_groups"][0]["params"] == [0] and sd["param_groups"][1]["params"] == [1]
    assert set(sd["state"]) == {0, 1} and list(sd["state"][0]) == ["momentum_buffer"]
    c, d = _params((2,), (3,))
    opt2 = torch.optim.SGD([{"params": [c]}, {"params": [d]}], lr=0.3, momentum=0.9)
    opt2.load_state_dict(sd)
    assert opt2.param_groups[1]["lr"] == 0.5 and opt2.param_groups[1]["params"][0] is d
    assert torch.equal(opt2.state[d]["momentum_buffer"], opt.state[b]["momentum_buffer"])
    with pytest.raises(ValueError, match="different number of parameter groups"):
        torch.optim.SGD([c], lr=0.1).load_state_dict(sd)


def test_adam_state_has_a_step_tensor():
    (p,) = _params((2,))
    opt = torch.optim.Adam([p])
    p.grad = torch.ones(2)
    opt.step()
    opt.step()
    st = opt.state[p]
    assert list(st) == ["step", "exp_avg", "exp_avg_sq"]
    assert isinstance(st["step"], torch.Tensor) and st["step"].dtype == torch.float32 and st["step"].item() == 2.0


def test_duplicate_parameters_warn():
    (p,) = _params((2,))
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        torch.optim.SGD([p, p], lr=0.1)
    assert "duplicate parameters" in str(w[0].message)
