"""addmm (bias + mat1 @ mat2 in one node) and linear composed from it as torch does."""

import numpy as np

from ..grad_math import reduce_array
from ..node import Node
from ..tensor import Tensor as _Tensor
from .checks import check
from .linalg import _C_NAMES, _PRETTY, matmul


_wrap = _Tensor._wrap


class AddmmBackward0(Node):
    __slots__ = ("beta", "alpha")
    explain = ("grad_self = beta * grad (summed to self's shape);  grad_mat1 = alpha * grad @ mat2ᵀ;  "
               "grad_mat2 = alpha * mat1ᵀ @ grad")
    jvp_explain = "tangent = beta * t_self + alpha * (t_mat1 @ mat2 + mat1 @ t_mat2)"
    broadcasting = True
    checks = (check(lambda b, x, w: addmm(b, x, w), (4,), (2, 3), (3, 4)),
              check(lambda b, x, w: addmm(b, x, w, beta=0.5, alpha=2.0), (2, 4), (2, 3), (3, 4), label="beta alpha"),
              check(lambda b, x, w: addmm(b, x, w), (1, 1), (3, 2), (2, 2), label="broadcast bias"))

    def forward(ctx, bias, mat1, mat2, beta=1, alpha=1):
        ctx.beta = beta
        ctx.alpha = alpha
        ctx.save_for_backward(bias, mat1, mat2)
        prod = mat1._data @ mat2._data
        if alpha != 1:
            prod = prod * alpha
        if beta == 0:
            return np.asarray(prod)
        b = bias._data if beta == 1 else bias._data * beta
        return np.asarray(prod + b, dtype=prod.dtype)

    @staticmethod
    def jvp(ctx, t_bias, t_mat1, t_mat2):
        """torch's: ``self_t * beta + (mat1_t @ mat2 + mat1 @ mat2_t) * alpha`` (broadcast by forward mode)."""
        bias, mat1, mat2 = ctx.saved_tensors
        out = None
        if t_mat1 is not None:
            out = t_mat1.mm(mat2)
        if t_mat2 is not None:
            term = mat1.mm(t_mat2)
            out = term if out is None else out + term
        if out is not None and ctx.alpha != 1:
            out = out * ctx.alpha
        if t_bias is not None and ctx.beta != 0:
            term = t_bias if ctx.beta == 1 else t_bias * ctx.beta
            out = term if out is None else out + term
        return out

    def backward(ctx, grad):
        need_bias, need_m1, need_m2 = ctx.needs_input_grad
        bias, mat1, mat2 = ctx.saved_tensors
        g_bias = g1 = g2 = None
        if need_bias:
            g_bias = grad if ctx.beta == 1 else grad * ctx.beta
        if need_m1:
            g1 = grad.mm(mat2.t())
            if ctx.alpha != 1:
                g1 = g1 * ctx.alpha
        if need_m2:
            g2 = mat1.t().mm(grad)
            if ctx.alpha != 1:
                g2 = g2 * ctx.alpha
        return g_bias, g1, g2

    def array_backward(ctx, g):
        """The rule on arrays when nothing is recorded, for beta = alpha = 1 (nn.Linear): the bias's
        gradient summed to its shape in one numpy sum, the same two products as the engine form."""
        if ctx.beta != 1 or ctx.alpha != 1:
            return NotImplemented
        bias, mat1, mat2 = ctx._saved
        if mat1._data.dtype != g.dtype:
            return NotImplemented
        nx = ctx._next
        meta = ctx._in_meta
        g_bias = g1 = g2 = None
        if nx[0][0] is not None:
            g_bias = g if meta is None or meta[0] is None else reduce_array(g, *meta[0])
            g_bias = _wrap(g_bias)
        if nx[1][0] is not None:
            g1 = _wrap(g @ mat2._data.T)
        if nx[2][0] is not None:
            g2 = _wrap(mat1._data.T @ g)
        return [g_bias, g1, g2]


def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    """``beta * input + alpha * (mat1 @ mat2)`` (input broadcasts to the product's shape)."""
    a, b = mat1._data, mat2._data
    if a.ndim != 2:
        raise RuntimeError(f"mat1 must be a matrix, got {a.ndim}-D tensor")
    if b.ndim != 2:
        raise RuntimeError(f"mat2 must be a matrix, got {b.ndim}-D tensor")
    if a.shape[1] != b.shape[0]:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({a.shape[0]}x{a.shape[1]} and "
                           f"{b.shape[0]}x{b.shape[1]})")
    if input.dtype is not mat2.dtype:
        raise RuntimeError(f"self and mat2 must have the same dtype, but got {_PRETTY[input.dtype.name]} and "
                           f"{_PRETTY[mat2.dtype.name]}")
    if mat1.dtype is not mat2.dtype:
        raise RuntimeError(f"expected m1 and m2 to have the same dtype, but got: {_C_NAMES[mat1.dtype.name]} != "
                           f"{_C_NAMES[mat2.dtype.name]}")
    input.expand(a.shape[0], b.shape[1])  # torch's check (and message) for a bias that does not broadcast
    return AddmmBackward0.apply(input, mat1, mat2, beta=beta, alpha=alpha)


def linear(input, weight, bias=None):
    """``input @ weight.T + bias``, recorded as torch records it (AddmmBackward0 for matrices with a bias)."""
    nd = input._data.ndim
    if bias is not None and nd == 2:
        return addmm(bias, input, weight.t())
    if bias is not None and input._data.flags.c_contiguous and (nd == 3 or bias._data.ndim == 1):
        # torch's _flatten_nd_linear: one addmm over the rows, viewed back (ViewBackward0)
        shape = input._data.shape
        rows = 1
        for d in shape[:-1]:
            rows *= d
        out = addmm(bias, input.reshape(rows, shape[-1]), weight.t())
        if weight._data.ndim != 2:
            return out.view(shape[:-1])
        return out.view(shape[:-1] + (out._data.shape[1],))
    out = matmul(input, weight.t())
    if bias is not None:
        out = out + bias
    return out
