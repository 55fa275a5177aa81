"""Nested forward levels: a torch.func.jvp inside another one runs at a level of its own
(autograd/forward_ad.enter_transform_level), so jacfwd(jacfwd(f)) and jvp(jvp(f)) are forward
mode all the way down, and an outer level's tangent never leaks into an inner one's.
Values against closed forms and reverse mode (float64); torch's behaviour is in func.json
(tests/golden/func_cases.py, section nested_forward)."""

import numpy as np
import pytest

import gradcalc.engine as torch
import gradcalc.engine.autograd.forward_ad as fwAD
import gradcalc.engine.autograd.forward_jvp as fj
import importlib
from gradcalc.engine import node
from gradcalc.engine.func import hessian, jacfwd, jacrev, jvp

jvp_module = importlib.import_module("gradcalc.engine.func.jvp")

X = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64)
ONES = torch.ones(3, dtype=torch.float64)


@pytest.fixture
def forward_only(monkeypatch):
    """Fail if any jvp falls back to reverse mode."""
    def refuse(*args, **kwargs):
        raise AssertionError("jvp fell back to reverse mode")
    monkeypatch.setattr(jvp_module, "_by_reverse", refuse)


def _nest(f, k, tangent=ONES):
    for _ in range(k):
        f = (lambda g: (lambda a: jvp(g, (a,), (tangent,))[1]))(f)
    return f


def _close(a, b):
    np.testing.assert_allclose(np.asarray(a.tolist()), np.asarray(b.tolist()), rtol=1e-10, atol=1e-12)


def test_repeated_jvp_gives_each_derivative(forward_only):
    derivatives = [X.sin(), X.cos(), -X.sin(), -X.cos(), X.sin()]
    for k, expected in enumerate(derivatives):
        _close(_nest(torch.sin, k)(X), expected)


@pytest.mark.parametrize("f", [
    lambda a: torch.stack([a.sin(), a.sin() * a], -1),
    lambda a: torch.cat([a.exp(), a[:2].tanh()]),
    lambda a: a.prod() * a.sin(),
    lambda a: torch.softmax(a, 0) * a.norm(),
    lambda a: a.sin()[torch.tensor([2, 0])].cumsum(0),
    lambda a: (a.unsqueeze(1) @ a.unsqueeze(0)).logsumexp(1),
], ids=["stack", "cat", "prod", "softmax-norm", "index-cumsum", "matmul-logsumexp"])
def test_third_derivative_forward_equals_reverse(forward_only, f):
    # ops whose tangent comes from a rule, from the double-vjp trick, or through accumulated gradients;
    # the reference: central differences of the reverse-mode Hessian
    fwd = np.asarray(jacfwd(jacfwd(jacfwd(f)))(X).tolist())
    hess = jacrev(jacrev(f))
    eps = 1e-5
    for k in range(3):
        e = torch.zeros(3, dtype=torch.float64)
        e[k] = eps
        fd = (np.asarray(hess(X + e).tolist()) - np.asarray(hess(X - e).tolist())) / (2 * eps)
        np.testing.assert_allclose(fwd[..., k], fd, rtol=1e-6, atol=1e-7)


def test_hessian_compositions_agree(forward_only):
    def f(a):
        return (a.exp() * a.sin()).sum() * a[1] + a.norm()
    h = jacfwd(jacfwd(f))(X)
    _close(h, jacrev(jacrev(f))(X))
    _close(hessian(f)(X), h)
    _close(jacfwd(hessian(f))(X), jacrev(jacrev(jacrev(f)))(X))


def test_an_outer_tangent_does_not_leak_into_an_inner_one(forward_only):
    # d/dx [ d/dy (x * y) ] = d/dx x = 1 (perturbation confusion would give 2)
    def outer(a):
        return jvp(lambda b: a * b, (torch.tensor(1.0),), (torch.tensor(1.0),))[1]
    _, t = jvp(outer, (torch.tensor(2.0),), (torch.tensor(1.0),))
    assert t.item() == 1.0


def test_reverse_mode_through_nested_forward():
    xr = X.clone().requires_grad_()
    t = _nest(lambda a: (a ** 3).sum(), 2)(xr)  # sum of 6 a
    assert t.requires_grad
    (g,) = torch.autograd.grad(t, xr)
    _close(g, torch.full((3,), 6.0, dtype=torch.float64))


def test_levels_are_left_clean():
    y = jacfwd(jacfwd(lambda a: (a.sin() * a).sum()))(X)
    assert fwAD._current_level[0] == -1 and fj.CEILING[0] == -1
    assert node.TANGENT_HOOK[0] is None and node.RESULT_TANGENT_HOOK[0] is None
    assert not fj.DUALS and not any(fj.NESTED.values()) and len(fj.RESULT_TANGENTS) == 0
    assert X._extra is None and "fwn" not in (y._extra or {}) and getattr(y, "_fw", None) is None


def test_levels_are_left_clean_after_an_error():
    def bad(a):
        jvp(lambda b: b.view(7), (a,), (a,))
    with pytest.raises(RuntimeError):
        jvp(bad, (X,), (ONES,))
    assert fwAD._current_level[0] == -1 and node.TANGENT_HOOK[0] is None


def test_the_public_api_does_not_nest():
    with fwAD.dual_level():
        with pytest.raises(RuntimeError, match="Nested forward mode AD is not supported at the moment"):
            jvp(torch.sin, (X,), (ONES,))

    def f(a):
        with fwAD.dual_level():
            return a

    with pytest.raises(RuntimeError, match="Nested forward mode AD is not supported at the moment"):
        jvp(f, (X,), (ONES,))
    assert fwAD._current_level[0] == -1


def test_inner_level_duals_keep_the_outer_tangent():
    seen = []

    def inner(b):
        seen.append((fj.tangent_at(b, 0), fj.tangent_at(b, 1)))
        return b * 2

    jvp(lambda a: jvp(inner, (a,), (ONES * 3,))[1], (X,), (ONES * 5,))
    (outer_t, inner_t), = seen
    _close(outer_t, ONES * 5)
    _close(inner_t, ONES * 3)
