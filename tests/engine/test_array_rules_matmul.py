"""mm's and addmm's backward on arrays (``array_backward``, run when nothing is recorded) give
the engine form's gradients bit for bit: the same products, the bias summed to its shape."""

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.backward import _reduce
from gradcalc.engine.tensor import Tensor


def _both(node, g):
    got = node.array_backward(g)
    with torch.no_grad():
        want = node.backward(Tensor._wrap(g.copy()))
        want = want if isinstance(want, tuple) else (want,)
        if node.broadcasting and node._in_meta is not None:
            want = _reduce(want, node, None)
    return got, want


def _same(got, want):
    assert len(got) == len(want)
    for a, b in zip(got, want):
        assert (a is None) == (b is None)
        if a is not None:
            assert a._data.dtype == b._data.dtype and a._data.shape == b._data.shape
            np.testing.assert_array_equal(a._data, b._data)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("needs", [(True, True), (True, False), (False, True)])
def test_mm(dtype, needs):
    rng = np.random.default_rng(1)
    a = torch.tensor(rng.standard_normal((5, 7)), dtype=dtype, requires_grad=needs[0])
    b = torch.tensor(rng.standard_normal((7, 3)), dtype=dtype, requires_grad=needs[1])
    out = a @ b
    assert type(out.grad_fn).__name__ == "MmBackward0"
    _same(*_both(out.grad_fn, rng.standard_normal((5, 3)).astype(out._data.dtype)))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("bias_shape", [(3,), (1, 3), (5, 3), (1, 1)])
@pytest.mark.parametrize("needs", [(True, True, True), (True, False, False), (False, True, False), (False, False, True)])
def test_addmm(dtype, bias_shape, needs):
    rng = np.random.default_rng(2)
    bias = torch.tensor(rng.standard_normal(bias_shape), dtype=dtype, requires_grad=needs[0])
    x = torch.tensor(rng.standard_normal((5, 4)), dtype=dtype, requires_grad=needs[1])
    w = torch.tensor(rng.standard_normal((4, 3)), dtype=dtype, requires_grad=needs[2])
    out = torch.addmm(bias, x, w)
    assert type(out.grad_fn).__name__ == "AddmmBackward0"
    _same(*_both(out.grad_fn, rng.standard_normal((5, 3)).astype(out._data.dtype)))


def test_addmm_with_beta_or_alpha_keeps_the_engine_form():
    b, x, w = (torch.randn(3, requires_grad=True), torch.randn(2, 4, requires_grad=True),
               torch.randn(4, 3, requires_grad=True))
    out = torch.addmm(b, x, w, beta=0.5, alpha=2.0)
    assert out.grad_fn.array_backward(np.ones((2, 3), np.float32)) is NotImplemented
    out.sum().backward()
    assert b.grad.tolist() == [1.0, 1.0, 1.0]


def test_linear_layer_gradients_through_the_plain_pass():
    torch.manual_seed(0)
    lin = torch.nn.Linear(4, 3)
    x = torch.randn(6, 4)
    lin(x).pow(2).sum().backward()
    g = 2 * (x._data @ lin.weight._data.T + lin.bias._data)
    np.testing.assert_allclose(lin.bias.grad._data, g.sum(0), rtol=1e-5)
    np.testing.assert_allclose(lin.weight.grad._data, g.T @ x._data, rtol=1e-5)
