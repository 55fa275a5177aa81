"""Elementwise functions of one tensor, and the elementwise ops with masks
(clamp, where, maximum, minimum)."""

import numpy as np

from .. import dtypes as _dt
from ..node import Node
from ..tensor import Tensor
from .checks import check
from .support import as_tensor, binary_arrays, broadcast_error, floating, operand, zeros_grad


class AbsBackward0(Node):
    explain = "grad_self = grad * sign(self)"
    checks = (check(lambda x: x.abs(), (2, 3)),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return np.abs(a._data)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * a.sign()


class SignBackward0(Node):
    explain = "grad_self = 0   (sign is flat almost everywhere)"
    checks = (check(lambda x: x.sign(), (2, 3)),)

    def forward(ctx, a):
        d = a._data
        if d.dtype.kind != "f":
            return d.copy() if d.dtype.kind == "b" else np.sign(d)
        # torch's sign is (0 < x) - (x < 0): 0 for nan, where numpy gives nan
        return (d > 0).astype(d.dtype) - (d < 0)

    def backward(ctx, grad):
        return zeros_grad(grad)


class ExpBackward0(Node):
    explain = "grad_self = grad * result   (d/dx eˣ = eˣ)"
    saves_output = True
    checks = (check(lambda x: x.exp(), (2, 3)),)

    def forward(ctx, a):
        return floating(np.exp, a)

    def backward(ctx, grad):
        return grad * ctx.result


class LogBackward0(Node):
    explain = "grad_self = grad / self   (d/dx ln x = 1/x)"
    checks = (check(lambda x: x.log(), (2, 3), low=0.2, high=3.0),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.log, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad / a


class SqrtBackward0(Node):
    explain = "grad_self = grad / (2 * result)   (d/dx √x = 1/(2√x))"
    saves_output = True
    checks = (check(lambda x: x.sqrt(), (2, 3), low=0.2, high=3.0),)

    def forward(ctx, a):
        return floating(np.sqrt, a)

    def backward(ctx, grad):
        return grad / (ctx.result * 2)


class SinBackward0(Node):
    explain = "grad_self = grad * cos(self)"
    checks = (check(lambda x: x.sin(), (2, 3)),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.sin, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * a.cos()


class CosBackward0(Node):
    explain = "grad_self = -grad * sin(self)"
    checks = (check(lambda x: x.cos(), (2, 3)),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.cos, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * -a.sin()


class TanhBackward0(Node):
    explain = "grad_self = grad * (1 - result²)"
    saves_output = True
    checks = (check(lambda x: x.tanh(), (2, 3)),)

    def forward(ctx, a):
        return floating(np.tanh, a)

    def backward(ctx, grad):
        y = ctx.result
        return grad * (1 - y * y)


class SigmoidBackward0(Node):
    explain = "grad_self = grad * result * (1 - result)   (σ' = σ(1 - σ))"
    saves_output = True
    checks = (check(lambda x: x.sigmoid(), (2, 3)),)

    def forward(ctx, a):
        return floating(_sigmoid, a)

    def backward(ctx, grad):
        y = ctx.result
        return grad * (y * (1 - y))


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


class ReluBackward0(Node):
    explain = "grad_self = grad * (result > 0)   (passes the gradient where the input was positive)"
    saves_output = True
    checks = (check(lambda x: x.relu(), (2, 3)),)

    def forward(ctx, a):
        d = a._data
        if d.dtype.kind == "b":
            raise RuntimeError("Boolean inputs not supported for relu")
        return np.maximum(d, 0, dtype=d.dtype)

    def backward(ctx, grad):
        return ThresholdBackwardBackward0.apply(grad, ctx.result, threshold=0)


class ThresholdBackwardBackward0(Node):
    """relu's backward as an op: ``grad`` where ``result > threshold``, else 0 (torch's threshold_backward).

    Its own derivative is zero in ``result``: still an edge to it, so higher
    derivatives of relu come out as zeros rather than as a disconnected graph.
    """

    __slots__ = ("threshold",)
    explain = "grad_grad = grad where self > threshold, else 0;  grad_self = 0"
    checks = (check(lambda g, r: ThresholdBackwardBackward0.apply(g, r, threshold=0.0), (2, 3), (2, 3)),)

    def forward(ctx, grad, result, threshold):
        ctx.save_for_backward(result)
        ctx.threshold = threshold
        g = grad._data
        # torch zeroes where result <= threshold: a nan result lets the gradient through
        return np.where(result._data <= threshold, np.zeros((), g.dtype), g)

    def backward(ctx, gg):
        (result,) = ctx.saved_tensors
        g_grad = ThresholdBackwardBackward0.apply(gg, result, threshold=ctx.threshold) \
            if ctx.should_compute(0) else None
        g_result = Tensor._wrap(np.zeros_like(result._data)) if ctx.should_compute(1) else None
        return g_grad, g_result


class ReciprocalBackward0(Node):
    explain = "grad_self = -grad * result²   (d/dx 1/x = -1/x²)"
    saves_output = True
    checks = (check(lambda x: x.reciprocal(), (2, 3), low=0.5, high=2.0),)

    def forward(ctx, a):
        return floating(np.reciprocal, a)

    def backward(ctx, grad):
        y = ctx.result
        return grad * -(y * y)


class _Rounding(Node):
    """floor/ceil/round/trunc: piecewise constant, so the gradient is zero."""

    explain = "grad_self = 0   (piecewise constant)"

    def backward(ctx, grad):
        return zeros_grad(grad)


def _rounded(fn, a):
    d = a._data
    if d.dtype.kind == "b":
        raise NotImplementedError(f"\"{fn.__name__}_vml_cpu\" not implemented for 'Bool'")
    return d.copy() if d.dtype.kind != "f" else fn(d)  # numpy and torch both round halves to even


class FloorBackward0(_Rounding):
    checks = (check(lambda x: x.floor() * x, (2, 3), low=0.1, high=0.9),)

    def forward(ctx, a):
        return _rounded(np.floor, a)


class CeilBackward0(_Rounding):
    checks = (check(lambda x: x.ceil() * x, (2, 3), low=0.1, high=0.9),)

    def forward(ctx, a):
        return _rounded(np.ceil, a)


class RoundBackward0(_Rounding):
    checks = (check(lambda x: x.round() * x, (2, 3), low=0.1, high=0.4),)

    def forward(ctx, a):
        return _rounded(np.round, a)


class RoundBackward1(_Rounding):
    """round(decimals=n): the rounding to n decimals is one node in torch."""

    __slots__ = ("decimals",)
    checks = (check(lambda x: round(x, decimals=1) * x, (2, 3), low=0.01, high=0.04),)

    def forward(ctx, a, decimals):
        d = a._data
        if d.dtype.kind == "b":
            raise NotImplementedError("\"round_cpu\" not implemented for 'Bool'")
        if d.dtype.kind != "f":
            return d.copy()
        scale = 10.0 ** decimals
        return np.asarray(np.round(d * scale) / scale, dtype=d.dtype)


class TruncBackward0(_Rounding):
    checks = (check(lambda x: x.trunc() * x, (2, 3), low=0.1, high=0.9),)

    def forward(ctx, a):
        return _rounded(np.trunc, a)


class ClampBackward1(Node):
    __slots__ = ("lo", "hi")
    explain = "grad_self = grad * (min <= self <= max)   (zero where the value was clamped)"
    checks = (check(lambda x: x.clamp(-0.5, 0.5), (2, 3)),
              check(lambda x: x.clamp(min=0.3), (2, 3), label="min only"),
              check(lambda x: x.clamp(max=0.3), (2, 3), label="max only"))

    def forward(ctx, a, lo=None, hi=None):
        if lo is None and hi is None:
            raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
        ctx.save_for_backward(a)
        ctx.lo = lo
        ctx.hi = hi
        d = a._data
        r = d
        if lo is not None:
            r = np.maximum(r, binary_arrays(a, lo)[1])
        if hi is not None:
            r = np.minimum(r, binary_arrays(a, hi)[1])
        if r is d:
            r = d.copy()
        dt = _dt.result_type(a, *(v for v in (lo, hi) if v is not None)).np
        return r.astype(dt, copy=False)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        mask = None
        if ctx.lo is not None:
            mask = a >= ctx.lo
        if ctx.hi is not None:
            m = a <= ctx.hi
            mask = m if mask is None else mask & m
        return grad * mask


class ClampBackward0(Node):
    explain = ("grad_self = grad * (min <= self <= max);  grad_min = grad * (self < min);  "
               "grad_max = grad * (self > max)")
    broadcasting = True
    checks = (check(lambda x, lo, hi: clamp(x, lo - 1.0, hi + 1.0), (2, 3), (2, 3), (3,)),)

    def forward(ctx, a, lo, hi):
        ctx.save_for_backward(a, lo, hi)
        r = a._data
        try:
            if lo is not None:
                r = np.maximum(r, lo._data)
            if hi is not None:
                r = np.minimum(r, hi._data)
        except ValueError:
            raise broadcast_error(a._data.shape, (lo if lo is not None else hi)._data.shape) from None
        dt = _dt.result_type(*(v for v in (a, lo, hi) if v is not None)).np
        return np.array(r, dtype=dt)

    def backward(ctx, grad):
        a, lo, hi = ctx.saved_tensors
        inside = None
        g_lo = g_hi = None
        if lo is not None:
            inside = a >= lo
            below = a < lo
            g_lo = grad * (below & (lo < hi) if hi is not None else below)
        if hi is not None:
            m = a <= hi
            inside = m if inside is None else inside & m
            above = a > hi
            g_hi = grad * (above | (hi < lo) if lo is not None else above)  # max wins where min > max
        return grad * inside, g_lo, g_hi


class WhereBackward0(Node):
    explain = "grad_input = where(condition, grad, 0);  grad_other = where(condition, 0, grad)"
    broadcasting = True
    checks = (check(lambda x, y: where(x > 0, x, y), (2, 3), (2, 3)),
              check(lambda x, y: where(y > 0, x, y), (2, 3), (3,), label="broadcast"),
              check(lambda x: where(x > 0, x, 0.0), (2, 3), label="scalar other"))

    def forward(ctx, a, b, *, condition):
        ctx.save_for_backward(condition)
        A, B = binary_arrays(a, b)
        try:
            return np.where(condition._data, A, B)
        except ValueError:
            raise broadcast_error(np.shape(A), np.shape(B)) from None

    def backward(ctx, grad):
        (cond,) = ctx.saved_tensors
        return split_by_mask(ctx, cond, grad)


class MaximumBackward0(Node):
    explain = "grad_self = grad * (self > other) + grad/2 * (self == other);  grad_other likewise"
    broadcasting = True
    checks = (check(lambda x, y: maximum(x, y), (2, 3), (2, 3)),
              check(lambda x, y: maximum(x, y), (2, 3), (3,), label="broadcast"))

    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        A, B = binary_arrays(a, b)
        try:
            return np.maximum(A, B)
        except ValueError:
            raise broadcast_error(A.shape, B.shape) from None

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return _split_between(grad, a, b)


class MinimumBackward0(Node):
    explain = "grad_self = grad * (self < other) + grad/2 * (self == other);  grad_other likewise"
    broadcasting = True
    checks = (check(lambda x, y: minimum(x, y), (2, 3), (2, 3)),)

    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        A, B = binary_arrays(a, b)
        try:
            return np.minimum(A, B)
        except ValueError:
            raise broadcast_error(A.shape, B.shape) from None

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return _split_between(grad, b, a)


def split_by_mask(ctx, mask, grad):
    """The gradient to the first input where ``mask`` holds and to the second elsewhere
    (where, clamp_min/clamp_max with a tensor bound), each only if that input needs it."""
    first = where(mask, grad, 0.0) if ctx.should_compute(0) else None
    second = where(mask, 0.0, grad) if ctx.should_compute(1) else None
    return first, second


def _split_between(grad, winner, loser):
    """The gradient goes to the larger input; ties share it equally (torch's rule)."""
    half = grad / 2
    tie = winner == loser
    g_w = where(tie, half, where(winner > loser, grad, 0.0))
    g_l = where(tie, half, where(winner > loser, 0.0, grad))
    return g_w, g_l


# -- public functions ---------------------------------------------------------

def abs(input):
    """Elementwise absolute value."""
    if input._data.dtype.kind == "b":
        raise NotImplementedError("\"abs_cpu\" not implemented for 'Bool'")
    return AbsBackward0.apply(input)


absolute = abs


def sign(input):
    """-1, 0 or 1 by the sign of each element."""
    return SignBackward0.apply(input)


def exp(input):
    """Elementwise eˣ."""
    return ExpBackward0.apply(input)


def log(input):
    """Elementwise natural logarithm."""
    return LogBackward0.apply(input)


def sqrt(input):
    """Elementwise square root."""
    return SqrtBackward0.apply(input)


def sin(input):
    """Elementwise sine."""
    return SinBackward0.apply(input)


def cos(input):
    """Elementwise cosine."""
    return CosBackward0.apply(input)


def tanh(input):
    """Elementwise hyperbolic tangent."""
    return TanhBackward0.apply(input)


def sigmoid(input):
    """Elementwise logistic function 1 / (1 + e⁻ˣ)."""
    return SigmoidBackward0.apply(input)


def relu(input):
    """Elementwise max(x, 0)."""
    return ReluBackward0.apply(input)


def reciprocal(input):
    """Elementwise 1 / x."""
    return ReciprocalBackward0.apply(input)


def floor(input):
    """Largest integer <= each element."""
    return FloorBackward0.apply(input)


def ceil(input):
    """Smallest integer >= each element."""
    return CeilBackward0.apply(input)


def round(input, *, decimals=0):
    """Round each element to the nearest integer (halves to even)."""
    if decimals:
        return RoundBackward1.apply(input, decimals=decimals)
    return RoundBackward0.apply(input)


def trunc(input):
    """Round each element toward zero."""
    return TruncBackward0.apply(input)


fix = trunc


def clamp(input, min=None, max=None):
    """Limit every element to [min, max] (either bound may be omitted, or a tensor)."""
    if (isinstance(min, Tensor) and max is not None and not isinstance(max, Tensor)) or (
            isinstance(max, Tensor) and min is not None and not isinstance(min, Tensor)):
        kinds = ["Tensor" if isinstance(v, Tensor) else type(v).__name__ for v in (min, max)]
        got = ", ".join(kinds)
        bad = ", ".join(f"!{k}!" for k in kinds)
        raise TypeError(f"clamp() received an invalid combination of arguments - got ({got}), but expected one of:\n"
                        f" * (Tensor min = None, Tensor max = None)\n"
                        f"      didn't match because some of the arguments have invalid types: ({bad})\n"
                        f" * (Number min = None, Number max = None)\n"
                        f"      didn't match because some of the arguments have invalid types: ({bad})\n")
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        lo = min if min is None or isinstance(min, Tensor) else as_tensor(min, dtype=input.dtype)
        hi = max if max is None or isinstance(max, Tensor) else as_tensor(max, dtype=input.dtype)
        return ClampBackward0.apply(input, lo, hi)
    return ClampBackward1.apply(input, lo=min, hi=max)


clip = clamp


def clamp_min(input, min):
    """max(input, min): torch records it as ClampMinBackward0 (a tensor min: ClampMinBackward1)."""
    from .pointwise import clamp_min as _clamp_min
    return _clamp_min(input, min)


def clamp_max(input, max):
    """min(input, max): torch records it as ClampMaxBackward0 (a tensor max: ClampMaxBackward1)."""
    from .pointwise import clamp_max as _clamp_max
    return _clamp_max(input, max)


def where(condition, input=None, other=None):
    """Elementwise ``input if condition else other`` (either may be a scalar)."""
    condition = as_tensor(condition)
    if input is None and other is None:
        from .indexing import nonzero
        return nonzero(condition, as_tuple=True)
    if condition._data.dtype.kind != "b":
        if condition._data.dtype == np.uint8:
            condition = Tensor._wrap(condition._data.astype(bool))
        else:
            raise RuntimeError(f"where expected condition to be a boolean tensor, but got a tensor with "
                               f"dtype {condition.dtype.name.capitalize()}")
    input, other = operand(input), operand(other)
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        input = as_tensor(input)
    return WhereBackward0.apply(input, other, condition=condition)


def maximum(input, other):
    """Elementwise maximum of two tensors."""
    return MaximumBackward0.apply(input, as_tensor(other))


def minimum(input, other):
    """Elementwise minimum of two tensors."""
    return MinimumBackward0.apply(input, as_tensor(other))
