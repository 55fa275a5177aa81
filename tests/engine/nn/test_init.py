"""nn.init: gains, fans, and the distribution/bounds each initialiser draws from (the values
themselves become torch's with torch's generator; the golden weights are tested elsewhere)."""

import math
import warnings

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.nn import init


@pytest.mark.parametrize("name,param,gain", [
    ("linear", None, 1), ("conv2d", None, 1), ("sigmoid", None, 1), ("tanh", None, 5 / 3),
    ("relu", None, math.sqrt(2)), ("leaky_relu", None, math.sqrt(2 / (1 + 0.01 ** 2))),
    ("leaky_relu", math.sqrt(5), math.sqrt(2 / 6)), ("selu", None, 0.75)])
def test_calculate_gain(name, param, gain):
    assert init.calculate_gain(name, param) == pytest.approx(gain)


def test_calculate_gain_errors():
    with pytest.raises(ValueError, match="Unsupported nonlinearity foo"):
        init.calculate_gain("foo")
    with pytest.raises(ValueError, match="negative_slope True not a valid number"):
        init.calculate_gain("leaky_relu", True)


def test_fans():
    assert init._calculate_fan_in_and_fan_out(torch.empty(6, 3, 5, 5)) == (75, 150)
    assert init._calculate_fan_in_and_fan_out(torch.empty(4, 3)) == (3, 4)
    with pytest.raises(ValueError, match="fewer than 2 dimensions"):
        init._calculate_fan_in_and_fan_out(torch.empty(3))
    with pytest.raises(ValueError, match=r"Mode fan_avg not supported, please use one of \['fan_in', 'fan_out'\]"):
        init.kaiming_uniform_(torch.empty(3, 3), mode="fan_avg")


def test_uniform_family_bounds():
    w = torch.empty(200, 50)
    bound = 1 / math.sqrt(50)  # kaiming_uniform_ with a=√5, as Linear uses it
    init.kaiming_uniform_(w, a=math.sqrt(5))
    assert w.abs().max().item() <= bound and w.abs().max().item() > 0.9 * bound
    init.xavier_uniform_(w, gain=2.0)
    a = 2.0 * math.sqrt(6 / 250)
    assert w.abs().max().item() <= a and w.abs().max().item() > 0.9 * a
    init.uniform_(w, -3, -2)
    assert -3 <= w.min().item() and w.max().item() < -2


def test_normal_family_std():
    w = torch.empty(400, 100)
    init.kaiming_normal_(w, mode="fan_out", nonlinearity="relu")
    assert w.std().item() == pytest.approx(math.sqrt(2 / 400), rel=0.05)
    init.xavier_normal_(w)
    assert w.std().item() == pytest.approx(math.sqrt(2 / 500), rel=0.05)
    init.trunc_normal_(w, mean=1.0, std=2.0, a=-1.0, b=2.0)
    assert w.min().item() >= -1.0 and w.max().item() <= 2.0


def test_trunc_normal_matches_the_truncated_distribution():
    w = torch.empty(100000)
    init.trunc_normal_(w)
    # the standard normal truncated to [-2, 2] has variance 1 - 4 φ(2) / (Φ(2) - Φ(-2))
    phi = math.exp(-2) / math.sqrt(2 * math.pi)
    mass = math.erf(2 / math.sqrt(2))
    assert w.var().item() == pytest.approx(1 - 4 * phi / mass, rel=0.03)


def test_constant_eye_dirac_orthogonal_sparse():
    w = torch.empty(3, 4)
    assert init.constant_(w, 0.5).tolist() == [[0.5] * 4] * 3
    assert init.ones_(w).sum().item() == 12
    assert init.zeros_(w).sum().item() == 0
    assert init.eye_(w).tolist() == np.eye(3, 4).tolist()
    d = init.dirac_(torch.empty(4, 2, 3, 3), groups=2)
    assert d.sum().item() == 4 and d[0, 0, 1, 1].item() == 1 and d[2, 0, 1, 1].item() == 1
    q = init.orthogonal_(torch.empty(3, 5), gain=2.0)
    np.testing.assert_allclose((q @ q.t()).numpy(), 4 * np.eye(3), atol=1e-5)
    s = init.sparse_(torch.empty(10, 4), sparsity=0.3)
    assert ((s == 0).sum(0) >= 3).all().item()
    with pytest.raises(ValueError, match="Only tensors with 2 dimensions are supported"):
        init.eye_(torch.empty(2, 2, 2))


def test_initialisers_do_not_record_and_work_on_parameters():
    p = torch.nn.Parameter(torch.empty(3, 3))
    init.kaiming_uniform_(p)
    assert p.grad_fn is None and p.requires_grad and p.is_leaf


def test_zero_element_warns():
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        init.kaiming_uniform_(torch.empty(0, 3))
    assert "Initializing zero-element tensors is a no-op" in str(w[0].message)


def test_linear_draws_weight_then_bias_through_uniform_():
    """Linear's init is kaiming_uniform_(weight, a=√5) then uniform_(bias): the same draws, in
    the same order, as filling them by hand from the same seed."""
    torch.manual_seed(3)
    lin = torch.nn.Linear(4, 3)
    torch.manual_seed(3)
    w = torch.empty(3, 4).uniform_(-0.5, 0.5)
    b = torch.empty(3).uniform_(-0.5, 0.5)
    np.testing.assert_array_equal(lin.weight.detach().numpy(), w.numpy())
    np.testing.assert_array_equal(lin.bias.detach().numpy(), b.numpy())
