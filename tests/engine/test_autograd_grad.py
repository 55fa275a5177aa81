"""torch.autograd.grad and higher-order derivatives (create_graph=True).

Derivatives are checked against closed forms and finite differences; torch's exact
messages and result structures are also in the golden file (test_autograd_golden.py).
"""

import math

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.autograd import gradgradcheck

grad = torch.autograd.grad


def leaf(values, dtype=torch.float64):
    return torch.tensor(values, dtype=dtype, requires_grad=True)


# -- autograd.grad -------------------------------------------------------------------------

def test_returns_a_tuple_and_leaves_grad_untouched():
    x = leaf([1.0, 2.0])
    x.grad = torch.tensor([5.0, 5.0], dtype=torch.float64)
    (g,) = grad((x ** 2).sum(), x)
    assert g.tolist() == [2.0, 4.0]
    assert x.grad.tolist() == [5.0, 5.0]
    assert isinstance(grad((x * 1).sum(), [x]), tuple)


def test_several_inputs_and_outputs():
    x, w = leaf([1.0, 2.0]), leaf([3.0, 4.0])
    gx, gw = grad((x * w).sum(), [x, w])
    assert gx.tolist() == [3.0, 4.0] and gw.tolist() == [1.0, 2.0]
    y1, y2 = x.sum(), (x * x).sum()
    (g,) = grad([y1, y2], x, [torch.tensor(2.0, dtype=torch.float64), None])
    assert g.tolist() == [4.0, 6.0]


def test_unused_inputs():
    x, z = leaf([1.0]), leaf([1.0])
    with pytest.raises(RuntimeError, match=r"^The differentiated Tensor at index 1 appears to not have been used "
                                           r"in the graph. Set allow_unused=True if this is the desired behavior.$"):
        grad((x * 2).sum(), [x, z])
    assert grad((x * 2).sum(), [x, z], allow_unused=True)[1] is None
    gz = grad((x * 2).sum(), [x, z], materialize_grads=True)[1]
    assert gz.tolist() == [0.0] and not gz.requires_grad
    with pytest.raises(ValueError, match="allow_unused=False"):
        grad((x * 2).sum(), x, allow_unused=False, materialize_grads=True)


def test_non_scalar_outputs_need_grad_outputs():
    x = leaf([1.0, 2.0])
    with pytest.raises(RuntimeError, match="^grad can be implicitly created only for scalar outputs$"):
        grad(x ** 2, x)
    (g,) = grad(x ** 2, x, torch.tensor([1.0, 0.5], dtype=torch.float64))
    assert g.tolist() == [2.0, 2.0]
    with pytest.raises(RuntimeError, match=r"^Mismatch in shape: grad_output\[0\] has a shape of "
                                           r"torch.Size\(\[3\]\) and output\[0\] has a shape of torch.Size\(\[2\]\).$"):
        grad(x ** 2, x, torch.ones(3, dtype=torch.float64))


def test_non_leaf_inputs():
    x = leaf([1.0, 2.0])
    h = x * 3
    y = (h ** 2).sum()
    (gh,) = grad(y, h, retain_graph=True)
    assert gh.tolist() == [6.0, 12.0]
    gh, gx = grad(y, [h, x])
    assert gh.tolist() == [6.0, 12.0] and gx.tolist() == [18.0, 36.0]
    assert x.grad is None


def test_argument_errors():
    x = leaf([1.0])
    with pytest.raises(RuntimeError, match="^`inputs` argument to `grad\\(\\)` cannot be empty.$"):
        grad(x.sum(), [])
    with pytest.raises(RuntimeError, match="^all inputs have to be Tensors or GradientEdges, but got int$"):
        grad(x.sum(), [x, 3])
    with pytest.raises(RuntimeError, match="^One of the differentiated Tensors does not require grad$"):
        grad(x.sum(), torch.ones(1))
    with pytest.raises(RuntimeError, match="^element 0 of tensors does not require grad and does not have a "
                                           "grad_fn$"):
        grad(torch.ones(1).sum(), x)
    with pytest.raises(TypeError, match="^gradients can be either Tensors or None, but got float$"):
        grad([x * 2], x, [1.5])


def test_graph_is_freed_unless_retained():
    x = leaf([1.0, 2.0])
    y = (x * x).sum()
    grad(y, x, retain_graph=True)
    grad(y, x)
    with pytest.raises(RuntimeError, match="^Trying to backward through the graph a second time"):
        grad(y, x)


def test_is_grads_batched_gives_the_jacobian_rows():
    x = leaf([1.0, 2.0, 3.0])
    y = x ** 2
    (jac,) = grad(y, x, torch.eye(3, dtype=torch.float64), is_grads_batched=True)
    np.testing.assert_array_equal(jac.numpy(), np.diag([2.0, 4.0, 6.0]))


# -- higher order --------------------------------------------------------------------------

@pytest.mark.parametrize("x0", [-1.5, 0.5, 2.0])
def test_derivatives_of_x4_up_to_the_fourth(x0):
    x = leaf(x0)
    (g1,) = grad(x ** 4, x, create_graph=True)
    (g2,) = grad(g1, x, create_graph=True)
    (g3,) = grad(g2, x, create_graph=True)
    assert g1.item() == pytest.approx(4 * x0 ** 3)
    assert g2.item() == pytest.approx(12 * x0 ** 2)
    assert g3.item() == pytest.approx(24 * x0)
    (g4,) = grad(g3, x, allow_unused=True)
    assert g4.item() == pytest.approx(24.0)


def test_fifth_derivative_of_x4_is_zero_and_defined():
    x = leaf(2.0)
    g = x ** 4
    for _ in range(4):
        (g,) = grad(g, x, create_graph=True)
    assert g.grad_fn is not None
    assert grad(g, x)[0].item() == 0.0


def test_third_derivative_of_a_polynomial():
    # p(x) = 2x^5 - 3x^3 + x^2 - 7 ; p'''(x) = 120x^2 - 18
    x = leaf([-1.0, 0.0, 0.5, 2.0])
    p = 2 * x ** 5 - 3 * x ** 3 + x ** 2 - 7
    (d1,) = grad(p.sum(), x, create_graph=True)
    (d2,) = grad(d1.sum(), x, create_graph=True)
    (d3,) = grad(d2.sum(), x)
    xs = np.array([-1.0, 0.0, 0.5, 2.0])
    np.testing.assert_allclose(d1.detach().numpy(), 10 * xs ** 4 - 9 * xs ** 2 + 2 * xs)
    np.testing.assert_allclose(d2.detach().numpy(), 40 * xs ** 3 - 18 * xs + 2)
    np.testing.assert_allclose(d3.numpy(), 120 * xs ** 2 - 18)


def test_third_derivative_by_backward_with_create_graph():
    x = leaf(1.5)
    y = x ** 3
    y.backward(create_graph=True)
    g1 = x.grad
    x.grad = None
    g1.backward(create_graph=True)
    g2 = x.grad
    x.grad = None
    g2.backward()
    assert (g1.item(), g2.item(), x.grad.item()) == pytest.approx((3 * 1.5 ** 2, 6 * 1.5, 6.0))


def test_hessian_of_sum_sin_x_times_y_squared():
    xs, ys = np.array([0.3, -1.2, 2.0]), np.array([1.5, 0.5, -2.0])
    x, y = leaf(xs.tolist()), leaf(ys.tolist())
    f = (torch.sin(x) * y ** 2).sum()
    gx, gy = grad(f, (x, y), create_graph=True)
    np.testing.assert_allclose(gx.detach().numpy(), np.cos(xs) * ys ** 2)
    np.testing.assert_allclose(gy.detach().numpy(), 2 * np.sin(xs) * ys)
    rows = {}
    for name, g in (("x", gx), ("y", gy)):
        for i in range(3):
            hx, hy = grad(g[i], (x, y), retain_graph=True)
            rows[name, i] = (hx.numpy(), hy.numpy())
    for i in range(3):
        e = np.eye(3)[i]
        np.testing.assert_allclose(rows["x", i][0], -np.sin(xs) * ys ** 2 * e)
        np.testing.assert_allclose(rows["x", i][1], 2 * np.cos(xs) * ys * e)
        np.testing.assert_allclose(rows["y", i][0], 2 * np.cos(xs) * ys * e)
        np.testing.assert_allclose(rows["y", i][1], 2 * np.sin(xs) * e)
    H = torch.autograd.functional.hessian(lambda a, b: (torch.sin(a) * b ** 2).sum(), (x, y))
    for i, a in enumerate("xy"):
        for j, b in enumerate("xy"):
            np.testing.assert_allclose(H[i][j].numpy(), np.stack([rows[a, k][j] for k in range(3)]))


def test_mixed_partials_commute():
    x, y = leaf(1.5), leaf(-0.5)
    f = x ** 3 * y ** 2 + torch.sin(x * y) + torch.exp(x - y) * y
    gx, gy = grad(f, (x, y), create_graph=True)
    (gxy,) = grad(gx, y, retain_graph=True)
    (gyx,) = grad(gy, x)
    xv, yv = 1.5, -0.5
    expected = 6 * xv ** 2 * yv + math.cos(xv * yv) - xv * yv * math.sin(xv * yv) \
        - math.exp(xv - yv) * yv + math.exp(xv - yv)
    assert gxy.item() == pytest.approx(expected)
    assert gyx.item() == pytest.approx(expected)


def _finite_second_derivative(f, x0, h=1e-4):
    return (f(x0 + h) - 2 * f(x0) + f(x0 - h)) / h ** 2


COMPOSITES = {
    "exp(sin x) * log(1 + x^2)": (lambda t: torch.exp(torch.sin(t)) * torch.log(1 + t ** 2),
                                  lambda v: math.exp(math.sin(v)) * math.log(1 + v ** 2)),
    "sqrt(1 + x^2) / (2 + cos x)": (lambda t: torch.sqrt(1 + t ** 2) / (2 + torch.cos(t)),
                                    lambda v: math.sqrt(1 + v ** 2) / (2 + math.cos(v))),
    "tanh(x)^3 - sigmoid(2x)": (lambda t: torch.tanh(t) ** 3 - torch.sigmoid(2 * t),
                                lambda v: math.tanh(v) ** 3 - 1 / (1 + math.exp(-2 * v))),
    "x^x": (lambda t: t ** t, lambda v: v ** v),
}


@pytest.mark.parametrize("name", list(COMPOSITES))
@pytest.mark.parametrize("x0", [0.4, 1.3])
def test_second_derivatives_of_composites_against_finite_differences(name, x0):
    fn, ref = COMPOSITES[name]
    x = leaf(x0)
    (g1,) = grad(fn(x), x, create_graph=True)
    (g2,) = grad(g1, x)
    assert g2.item() == pytest.approx(_finite_second_derivative(ref, x0), rel=1e-5, abs=1e-5)
    assert gradgradcheck(fn, (leaf([x0, x0 + 0.1]),))


def test_second_derivatives_of_a_small_network_loss():
    w1 = leaf(np.linspace(-1, 1, 6).reshape(3, 2).tolist())
    b1 = leaf([0.1, -0.2])
    w2 = leaf([[0.5], [-1.5]])
    x = torch.tensor([[0.2, -0.4, 1.0], [1.0, 0.3, -0.7]], dtype=torch.float64)

    def loss(w1, b1, w2):
        h = torch.tanh(x @ w1 + b1)
        return ((h @ w2).sigmoid() ** 2).mean()

    assert gradgradcheck(loss, (w1, b1, w2))


def test_relu_second_derivative_is_zeros_not_an_error():
    x = leaf([1.0, -2.0, 3.0])
    (g,) = grad(x.relu().sum(), x, create_graph=True)
    assert g.grad_fn.name() == "ThresholdBackwardBackward0"
    (g2,) = grad(g.sum(), x)
    assert g2.tolist() == [0.0, 0.0, 0.0]
