"""softmax and log_softmax along a dim."""

import numpy as np

from .. import dtypes as _dt
from ..node import Node
from .checks import check
from .support import wrap_dim


def _float_input(a, dtype, name, dim=-1):
    d = a._data
    if dtype is not None:
        d = d.astype(_dt.as_dtype(dtype).np)
    if d.dtype.kind != "f" and d.size:  # torch runs no kernel on an empty tensor: any dtype passes
        from .support import type_word as _type_word
        kernel = f"{name}_lastdim_kernel_impl" if d.ndim == 0 or dim == d.ndim - 1 else f"{name}_kernel_impl"
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{_type_word(d)}'")
    return d


class SoftmaxBackward0(Node):
    __slots__ = ("dim",)
    explain = "grad_self = result * (grad - sum(grad * result, dim))"
    saves_output = True
    checks = (check(lambda x: x.softmax(1), (2, 3)),
              check(lambda x: x.softmax(0), (4,), label="1-D"))

    def forward(ctx, a, dim, dtype=None):
        ctx.dim = dim
        d = _float_input(a, dtype, "softmax", dim)
        if d.ndim == 0:  # exp(x - x) / exp(x - x): nan at nan and inf, as torch computes it
            e = np.exp(d - d)
            return e / e
        if d.size == 0:
            return d.copy()
        e = np.exp(d - d.max(axis=dim, keepdims=True))
        return e / e.sum(axis=dim, keepdims=True)

    @staticmethod
    def jvp(ctx, t):
        """torch's: result * (self_t - sum(self_t * result, dim))."""
        y = ctx.result
        if y._data.ndim == 0:
            return y * (t - t * y)
        return y * (t - (t * y).sum(ctx.dim, keepdim=True))

    def backward(ctx, grad):
        y = ctx.result
        if y._data.ndim == 0:  # 0 where the result is 1, nan where it is nan
            return y * (grad - grad * y)
        return y * (grad - (grad * y).sum(ctx.dim, keepdim=True))


class LogSoftmaxBackward0(Node):
    __slots__ = ("dim",)
    explain = "grad_self = grad - exp(result) * sum(grad, dim)"
    saves_output = True
    checks = (check(lambda x: x.log_softmax(1), (2, 3)),)

    def forward(ctx, a, dim, dtype=None):
        ctx.dim = dim
        d = _float_input(a, dtype, "log_softmax", dim)
        if d.ndim == 0:  # (x - x) - log(exp(x - x)): nan at nan and inf
            z = d - d
            return z - np.log(np.exp(z))
        if d.size == 0:
            return d.copy()
        shifted = d - d.max(axis=dim, keepdims=True)
        return shifted - np.log(np.exp(shifted).sum(axis=dim, keepdims=True))

    @staticmethod
    def jvp(ctx, t):
        """torch's: self_t - sum(self_t * exp(result), dim)."""
        y = ctx.result
        if y._data.ndim == 0:
            return t - t * y.exp()
        return t - (t * y.exp()).sum(ctx.dim, keepdim=True)

    def backward(ctx, grad):
        y = ctx.result
        if y._data.ndim == 0:
            return grad - y.exp() * grad
        return grad - y.exp() * grad.sum(ctx.dim, keepdim=True)


def softmax(input, dim=None, dtype=None, *, _stacklevel=3):
    """exp(x) / sum(exp(x)) along ``dim``."""
    if dim is None:
        raise TypeError("softmax() missing 1 required positional argument: 'dim'")
    if dtype is not None:
        input = input.to(dtype)  # torch converts first (ToCopyBackward0), then takes the softmax
    return SoftmaxBackward0.apply(input, dim=wrap_dim(dim, input._data.ndim))


def log_softmax(input, dim=None, dtype=None, *, _stacklevel=3):
    """log(softmax(x)) along ``dim``, computed stably."""
    if dim is None:
        raise TypeError("log_softmax() missing 1 required positional argument: 'dim'")
    if dtype is not None:
        input = input.to(dtype)
    return LogSoftmaxBackward0.apply(input, dim=wrap_dim(dim, input._data.ndim))
