"""The activations of torch.nn.functional that have nodes of their own:
leaky_relu gelu silu elu softplus (relu, sigmoid, tanh live in unary.py).

They work on floating tensors only, with torch's error for others; float16 is
computed in float32 and rounded.
"""

import math

import numpy as np

from ..grad_mode import STATE
from ..node import Node
from ..tensor import Tensor
from .checks import check
from .support import type_word as _type_word
from .special_math import erf_array
from .unary import erf
from .masked import where
from .table import row

_SQRT_HALF = math.sqrt(0.5)
_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)
_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
_GELU_C = 0.044715


def _float_only(a, kernel):
    d = a._data
    if d.dtype.kind != "f":
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{_type_word(d)}'")
    return d.astype(np.float32) if d.dtype == np.float16 else d


def _out(r, a):
    return np.asarray(r, dtype=a._data.dtype)


def _floating(d, kernel):
    """The values to compute on: floats only (torch's error otherwise), float16 in float32."""
    if d.dtype.kind != "f":
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{_type_word(d)}'")
    return d.astype(np.float32) if d.dtype == np.float16 else d


def _leaky_relu(d, slope):
    x = _floating(d, "leaky_relu_cpu")
    return np.asarray(np.where(x > 0, x, x * slope), dtype=d.dtype)


_LEAKY_RELU = row((), "LeakyReluBackward0", _leaky_relu, promote=False, params=("slope",), doc="",
                  grad=lambda grad, self, slope: LeakyReluBackwardBackward0.apply(grad, self, slope=slope),
                  explain="grad_self = grad where self > 0, else grad * negative_slope",
                  checks=(check(lambda x: leaky_relu(x), (2, 3)),
                          check(lambda x: leaky_relu(x, 0.2) * x, (4,), label="slope 0.2")))
# leaky_relu_ (in place): the rule reads the result, as the input is gone
_LEAKY_RELU_ = row((), "LeakyReluBackward1", _leaky_relu, promote=False, params=("slope",), doc="",
                   grad=lambda grad, result, slope: LeakyReluBackwardBackward0.apply(grad, result, slope=slope),
                   explain="grad_self = grad where result > 0, else grad * negative_slope",
                   checks=(check(lambda x: leaky_relu(x * 1, 0.1, inplace=True), (2, 3)),))


class LeakyReluBackwardBackward0(Node):
    """leaky_relu's backward as an op (torch's leaky_relu_backward): ``grad`` where ``self > 0``,
    else ``grad * slope``. Its derivative in ``self`` is zero, but the edge is kept, so higher
    derivatives come out as zeros instead of a disconnected graph."""

    __slots__ = ("slope",)
    explain = "grad_grad = grad where self > 0, else grad * negative_slope;  grad_self = 0"
    checks = (check(lambda g, s: LeakyReluBackwardBackward0.apply(g, s, slope=0.1), (2, 3), (2, 3)),)

    def forward(ctx, grad, a, slope):
        ctx.save_for_backward(a)
        ctx.slope = slope
        g = grad._data
        return np.where(a._data > 0, g, g * np.asarray(slope, g.dtype))

    def backward(ctx, gg):
        (a,) = ctx.saved_tensors
        g_grad = LeakyReluBackwardBackward0.apply(gg, a, slope=ctx.slope) if ctx.should_compute(0) else None
        g_self = Tensor._wrap(np.zeros_like(a._data)) if ctx.should_compute(1) else None
        return g_grad, g_self


class GeluBackward0(Node):
    __slots__ = ("approximate",)
    explain = ("grad_self = grad * (Φ(self) + self φ(self))   (Φ, φ: the standard normal cdf and pdf; "
               "approximate='tanh' differentiates the tanh formula)")
    checks = (check(lambda x: gelu(x), (2, 3)),
              check(lambda x: gelu(x, approximate="tanh"), (2, 3), label="tanh"),
              check(lambda x: gelu(x * 2).sum(1), (3, 4), label="summed"))

    def forward(ctx, a, approximate="none"):
        ctx.approximate = approximate
        d = _float_only(a, "GeluKernelImpl")
        if approximate == "tanh":
            ctx.save_for_backward(a, None)
            inner = _SQRT_2_OVER_PI * (d + _GELU_C * d * d * d)
            return _out(0.5 * d * (1 + np.tanh(inner)), a)
        e = erf_array(d * _SQRT_HALF)
        ctx.save_for_backward(a, Tensor._wrap(e))  # erf is costly: a plain backward reuses it
        if d.dtype == np.float32 and d.size > 1 and d.flags.c_contiguous:
            # torch's AVX2 float kernel (contiguous, more than one element) halves last, so
            # x ≥ 1.7e38 overflows and a 1-ulp x rounds to 0, and it gives nan at +inf; its
            # scalar path (one element, strided) halves first and gives inf
            y = np.where(d == np.inf, np.float32(np.nan), d * (1 + e) * np.float32(0.5))
        else:
            y = 0.5 * d * (1 + e)
        return _out(y, a)

    def backward(ctx, grad):
        x, e = ctx.saved_tensors
        if ctx.approximate != "tanh" and not STATE.grad_enabled:
            d = x._data.astype(e._data.dtype, copy=False)
            cdf = (1 + e._data) * 0.5
            pdf = np.exp(d * d * -0.5) * _INV_SQRT_2PI
            return grad * Tensor._wrap(np.asarray(cdf + d * pdf, dtype=x._data.dtype))
        if ctx.approximate == "tanh":
            x2 = x * x
            t = ((x + x2 * x * _GELU_C) * _SQRT_2_OVER_PI).tanh()
            dinner = (x2 * (3 * _GELU_C) + 1) * _SQRT_2_OVER_PI
            return grad * ((t + 1) * 0.5 + x * 0.5 * (1 - t * t) * dinner)
        cdf = (erf(x * _SQRT_HALF) + 1) * 0.5
        pdf = (x * x * -0.5).exp() * _INV_SQRT_2PI
        return grad * (cdf + x * pdf)


def _silu(d):
    x = _floating(d, "silu_cpu")
    return np.asarray(x / (1 + np.exp(-x)), dtype=d.dtype)


def _silu_grad(grad, self):
    s = self.sigmoid()
    return grad * (s * (self * (1 - s) + 1))


def _elu(d, alpha, scale=1.0, input_scale=1.0):
    x = _floating(d, "elu_cpu")
    # torch's kernel: x <= 0 ? expm1(x · input_scale) · (alpha · scale) : x · scale, its coefficients
    # in the tensor's dtype; where(x > 0, 0, x) keeps -0.0 (expm1(-0.0) = -0.0, as torch's)
    t = x.dtype.type
    neg = np.expm1(np.where(x > 0, t(0), x) * t(input_scale)) * (t(alpha) * t(scale))
    return np.asarray(np.where(x > 0, x * t(scale), neg), dtype=d.dtype)


def _elu_grad(grad, self, alpha, scale, input_scale):
    # exp of the negative part only: exp(large x) would overflow, and 0 * inf poisons second derivatives;
    # where(x < 0, x, 0) rather than clamp_max(x, 0): torch's second derivative is 0 at x = 0
    # torch's scalar loop tests self <= 0 (a nan takes the positive piece: grad * scale), its vectorised
    # one self > 0 (a nan takes the negative piece: nan); cpu_loops tells which elements each computes
    from .cpu_loops import scalar_lanes
    d = self._data
    pos = ~(d <= 0)
    keep = self < 0
    if d.size and d.dtype.kind == "f":
        lanes = scalar_lanes(np.broadcast_shapes(grad._data.shape, d.shape), [grad._data, d], d.dtype)
        if lanes is not None:
            pos = np.where(lanes, pos, d > 0)
            vector_nan = ~lanes & np.isnan(d)
            if vector_nan.any():  # the vectorised loop's exp(nan): nan there, first and second derivative
                keep = keep | Tensor._wrap(np.array(np.broadcast_to(vector_nan, d.shape)))
    pos = Tensor._wrap(np.array(pos))  # (np.ascontiguousarray would make a 0-d mask 1-d)
    neg_part = where(keep, self, 0.0)
    if scale == 1.0 and input_scale == 1.0:
        return where(pos, grad, grad * neg_part.exp() * alpha)
    neg = (neg_part * input_scale).exp() * (alpha * input_scale * scale)
    return where(pos, grad * scale, grad * neg)


def _elu_inplace_grad(grad, result, alpha, scale=1.0, input_scale=1.0):
    """elu_'s rule (torch's elu_backward on the result): alpha·scale·(e^x − 1) + alpha·scale =
    alpha·scale·e^x; ``result <= 0`` as torch tests it (a nan result takes the positive side)."""
    if alpha < 0:
        raise RuntimeError("In-place elu backward calculation is triggered with a negative slope which is not "
                           "supported. This is caused by calling in-place forward function with a negative "
                           "slope, please call out-of-place version instead.")
    pos = grad if scale == 1 else grad * scale
    # torch's double backward differentiates in the result only where result < 0 (a zero result
    # is on the negative side once, with no slope): the same value, the slope masked
    r = where(result < 0, result, result.detach())
    neg = (grad if input_scale == 1 else grad * input_scale) * (r + alpha * scale)
    return where(result <= 0, neg, pos)


def _softplus(d, beta, threshold):
    x = _floating(d, "softplus_cpu")
    z = x * beta
    soft = np.log1p(np.exp(np.minimum(z, threshold))) / beta
    return np.asarray(np.where(z > threshold, x, soft), dtype=d.dtype)


def _softplus_grad(grad, self, beta, threshold):
    z = self * beta
    return where(z > threshold, grad, grad * z.sigmoid())


_SILU = row((), "SiluBackward0", _silu, promote=False, grad=_silu_grad, doc="",
            explain="grad_self = grad * σ(self) (1 + self (1 - σ(self)))",
            checks=(check(lambda x: silu(x), (2, 3)), check(lambda x: silu(x * 1, inplace=True), (4,), label="in place")))
_ELU = row((), "EluBackward0", _elu, promote=False, params=("alpha", "scale", "input_scale"), grad=_elu_grad, doc="",
           explain=("grad_self = grad * scale where self > 0, else grad * scale * alpha * input_scale * "
                    "exp(self * input_scale)   (elu: scale = input_scale = 1; selu: torch's constants)"),
           checks=(check(lambda x: elu(x), (2, 3)),
                   check(lambda x: elu(x, alpha=0.5) * x, (4,), label="alpha 0.5"),
                   check(lambda x: EluBackward0.apply(x, alpha=1.67, scale=1.05, input_scale=1.0), (2, 3),
                         label="selu")))
_ELU_ = row((), "EluBackward1", _elu, promote=False, params=("alpha", "scale", "input_scale"), grad=_elu_inplace_grad,
            doc="", explain=("grad_self = grad * scale where result > 0, else grad * input_scale * (result + alpha * "
                             "scale)   (elu_: scale = input_scale = 1; selu_: torch's constants)"),
            checks=(check(lambda x: elu(x * 1, inplace=True), (2, 3)),
                    check(lambda x: EluBackward1.apply(x * 1, alpha=1.67, scale=1.05, input_scale=1.0), (2, 3),
                          label="selu_")))
_SOFTPLUS = row((), "SoftplusBackward0", _softplus, promote=False, params=("beta", "threshold"), grad=_softplus_grad,
                doc="", explain="grad_self = grad * σ(beta * self)   (grad itself where beta * self > threshold)",
                checks=(check(lambda x: softplus(x), (2, 3)),
                        check(lambda x: softplus(x * 3, beta=2, threshold=1), (2, 3), label="threshold")))
LeakyReluBackward0, LeakyReluBackward1, SiluBackward0 = _LEAKY_RELU.node, _LEAKY_RELU_.node, _SILU.node
EluBackward0, EluBackward1, SoftplusBackward0 = _ELU.node, _ELU_.node, _SOFTPLUS.node


# -- functions (torch.nn.functional signatures) ---------------------------------------

def _maybe_inplace(input, inplace, fn):
    if not inplace:
        return fn(input)
    from .inplace import inplace as run_inplace
    return run_inplace(input, fn)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    """max(0, x) + negative_slope * min(0, x)."""
    if inplace:
        return _maybe_inplace(input, True, lambda a: _LEAKY_RELU_.node.apply(a, slope=negative_slope))
    return _LEAKY_RELU.node.apply(input, slope=negative_slope)


def gelu(input, approximate="none"):
    """x Φ(x) (Φ: the standard normal cdf); approximate='tanh' uses the tanh formula."""
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    return GeluBackward0.apply(input, approximate=approximate)


def silu(input, inplace=False):
    """x σ(x) (also called swish)."""
    return _maybe_inplace(input, inplace, _SILU.node.apply)


def elu(input, alpha=1.0, inplace=False):
    """x for x > 0, alpha (eˣ - 1) otherwise."""
    if inplace:
        return _maybe_inplace(input, True, lambda a: _ELU_.node.apply(a, alpha=alpha, scale=1.0, input_scale=1.0))
    return _ELU.node.apply(input, alpha=alpha, scale=1.0, input_scale=1.0)


def softplus(input, beta=1.0, threshold=20.0):
    """log(1 + e^(beta x)) / beta, and x itself where beta x > threshold."""
    return _SOFTPLUS.node.apply(input, beta=beta, threshold=threshold)
