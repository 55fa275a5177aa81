"""Smooth activations with nodes of their own in torch: mish, logsigmoid, celu, glu, prelu
(selu is elu with torch's scale, as torch computes it: EluBackward0)."""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check
from .nn_activations import (EluBackward0, EluBackward1, _elu, _elu_grad, _elu_inplace_grad, _float_only, _maybe_inplace,
                             _out, softplus)
from .masked import where
from .table import row

SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


def _mish(a):
    d = _float_only(a, "mish_cpu")
    sp = np.where(d > 20, d, np.log1p(np.exp(np.minimum(d, 20))))
    return _out(d * np.tanh(sp), a)


def _mish_grad(grad, self):
    t = softplus(self).tanh()
    return grad * (t + self * self.sigmoid() * (1 - t * t))


def _logsigmoid(a):
    d = _float_only(a, "log_sigmoid_cpu")
    return _out(np.minimum(d, 0) - np.log1p(np.exp(-np.abs(d))), a)


def _celu(a, alpha):
    # torch computes celu with the elu kernel, elu(x, alpha, 1, 1/alpha) (its error names it)
    return _elu(a._data, alpha, 1.0, 1.0 / alpha)


# rows of the op table (``table.row``) reached through the nn.functional signatures below
_MISH = row((), "MishBackward0", _mish, tensor=True, grad=_mish_grad, doc="",
            explain="grad_self = grad * (t + self σ(self) (1 - t²)),  t = tanh(softplus(self))",
            checks=(check(lambda x: mish(x), (2, 3)),))
_LOGSIGMOID = row((), "LogSigmoidBackward0", _logsigmoid, tensor=True, doc="",
                  grad=lambda grad, self: grad * (-self).sigmoid(), explain="grad_self = grad * (1 - σ(self))",
                  checks=(check(lambda x: logsigmoid(x), (2, 3)),))
_CELU = row((), "CeluBackward0", _celu, tensor=True, params=("alpha",), doc="",
            grad=lambda grad, self, alpha: _elu_grad(grad, self, alpha, 1.0, 1.0 / alpha),  # torch: elu(x, alpha, 1, 1/alpha)
            explain="grad_self = grad where self > 0, else grad * exp(self / alpha)",
            checks=(check(lambda x: celu(x, 0.5), (2, 3)),))
_CELU_ = row((), "CeluBackward1", _celu, tensor=True, params=("alpha",), doc="",
             grad=lambda grad, result, alpha: _elu_inplace_grad(grad, result, alpha, 1.0, 1.0 / alpha),
             explain="grad_self = grad where result > 0, else grad * (result / alpha + 1)   (celu_, from the result)",
             checks=(check(lambda x: celu(x * 1, 0.5, inplace=True), (2, 3)),))


class GluBackward0(Node):
    __slots__ = ("dim",)
    explain = "grad_self = cat(grad σ(b), grad a σ(b) (1 - σ(b))) along dim, where self = cat(a, b)"
    checks = (check(lambda x: glu(x, -1), (3, 4)),
              check(lambda x: glu(x, 0), (2, 3), label="dim 0"))

    def forward(ctx, a, dim):
        ctx.save_for_backward(a)
        ctx.dim = dim
        d = _float_only(a, "glu_cpu")
        first, second = np.split(d, 2, axis=dim)
        return _out(first / (1 + np.exp(-second)), a)

    def backward(ctx, grad):
        from .shape import cat
        (x,) = ctx.saved_tensors
        a, b = x.chunk(2, ctx.dim)
        s = b.sigmoid()
        return cat([grad * s, grad * a * s * (1 - s)], ctx.dim)


class PreluKernelBackward0(Node):
    explain = ("grad_self = grad where self > 0, else grad * weight;  grad_weight = Σ grad * self where self ≤ 0 "
               "(summed over all but the channel dim)")
    checks = (check(lambda x, w: prelu(x, w), (2, 3), (1,)),
              check(lambda x, w: prelu(x, w), (2, 3, 2), (3,), label="per channel"))

    def forward(ctx, a, w):
        ctx.save_for_backward(a, w)
        d = _float_only(a, "prelu_cpu")
        wd = _channel_view(w._data, d.ndim)
        return _out(np.where(d > 0, d, wd * d), a)

    def backward(ctx, grad):
        x, w = ctx.saved_tensors
        nd = x._data.ndim
        wv = w.view(_channel_shape(w._data.size, nd)) if w._data.size > 1 else w.reshape(())
        gx = gw = None
        if ctx.should_compute(0):
            gx = where(x > 0, grad, grad * wv)
        if ctx.should_compute(1):
            contrib = where(x > 0, grad * 0, grad * x)
            if w._data.size > 1:
                dims = [i for i in range(nd) if i != (1 if nd >= 2 else 0)]
                gw = contrib.sum(dims) if dims else contrib
            else:
                gw = contrib.sum().reshape(1)
            gw = gw.reshape(w._data.shape)
        return gx, gw


def _channel_shape(n, ndim):
    if ndim <= 1:
        return (n,)
    return (1, n) + (1,) * (ndim - 2)


def _channel_view(w, ndim):
    if w.size == 1:
        return w.reshape(())
    return w.reshape(_channel_shape(w.size, ndim))


# -- functions (torch.nn.functional signatures) ---------------------------------------

def mish(input, inplace=False):
    """x tanh(softplus(x))."""
    return _maybe_inplace(input, inplace, _MISH.node.apply)


def logsigmoid(input):
    """log σ(x), computed stably."""
    return _LOGSIGMOID.node.apply(input)


def celu(input, alpha=1.0, inplace=False):
    """max(0, x) + min(0, alpha (e^(x/alpha) - 1))."""
    if alpha == 0:
        raise RuntimeError("ZeroDivisionError")
    return _maybe_inplace(input, inplace, lambda a: (_CELU_ if inplace else _CELU).node.apply(a, alpha=alpha))


def selu(input, inplace=False):
    """scale (max(0, x) + min(0, alpha (eˣ - 1))), torch's constants."""
    return _maybe_inplace(input, inplace, lambda a: (EluBackward1 if inplace else EluBackward0).apply(
        a, alpha=SELU_ALPHA, scale=SELU_SCALE, input_scale=1.0))


def glu(input, dim=-1):
    """a σ(b), where a and b are the halves of ``input`` along ``dim``."""
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    n = input._data.ndim
    d = dim + n if dim < 0 else dim
    size = input._data.shape[d]
    if size % 2:
        raise RuntimeError(f"Halving dimension must be even, but dimension {d} is size {size}")
    return GluBackward0.apply(input, dim=d)


def prelu(input, weight):
    """max(0, x) + weight min(0, x), one weight per channel (dim 1) or one for all."""
    if not isinstance(weight, Tensor):
        raise TypeError(f"prelu(): argument 'weight' (position 2) must be Tensor, not {type(weight).__name__}")
    n = weight._data.size
    if n != 1:
        if input.dim() == 0:
            raise RuntimeError("Not allow zero-dim input tensor.")
        channels = input._data.shape[1] if input.dim() >= 2 else input._data.shape[0]
        if channels != n:
            raise RuntimeError(f"Mismatch of parameter numbers and input channel size. Found parameter numbers = "
                               f"{n} and channel size = {channels}.")
    return PreluKernelBackward0.apply(input, weight)
