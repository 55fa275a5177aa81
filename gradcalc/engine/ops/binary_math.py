"""Elementwise math of two or three tensors: atan2 hypot fmod copysign logaddexp logaddexp2
xlogy lerp addcmul addcdiv float_power fmax fmin heaviside nextafter ldexp.

Operands broadcast and promote as in torch (``binary_arrays``); the functions that
are only defined on floats give the default float dtype for integer operands.
``broadcasting = True`` lets the engine sum each gradient back to its input's shape.
"""

import math

import numpy as np

from .. import dtypes as _dt
from ..node import Node
from ..tensor import Tensor
from .checks import check
from .support import binary_arrays, broadcast_error, operand, zeros_grad


def _arrays(a, b, floating=True):
    A, B = binary_arrays(a, b)
    if floating:
        A, B = np.asarray(A), np.asarray(B)
        if A.dtype.kind != "f" and B.dtype.kind != "f":
            dt = _dt.get_default_dtype().np
            A, B = A.astype(dt), B.astype(dt)
    return A, B


def _apply(fn, a, b, floating=True):
    A, B = _arrays(a, b, floating)
    try:
        out = np.asarray(fn(A, B))
    except ValueError:
        raise broadcast_error(np.shape(A), np.shape(B)) from None
    dt = _dt.result_type(a, b)  # torch's promotion (numpy may widen against a Python float)
    if floating and dt.category != _dt._FLOAT:
        dt = _dt.get_default_dtype()
    return out.astype(dt.np, copy=False) if out.dtype.kind == "f" else out


class Atan2Backward0(Node):
    explain = "grad_self = grad · other / (self² + other²);  grad_other = -grad · self / (self² + other²)"
    broadcasting = True
    checks = (check(lambda y, x: y.atan2(x), (2, 3), (2, 3), low=0.5, high=2.0),
              check(lambda y, x: atan2(y, x), (2, 3), (3,), low=0.5, high=2.0, label="broadcast"))

    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return _apply(np.arctan2, a, b)

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        den = a * a + b * b
        return (grad * b / den if ctx.should_compute(0) else None,
                grad * -a / den if ctx.should_compute(1) else None)


class HypotBackward0(Node):
    explain = "grad_self = grad · self / result;  grad_other = grad · other / result"
    broadcasting = True
    saves_output = True
    checks = (check(lambda x, y: x.hypot(y), (2, 3), (2, 3), low=0.5, high=2.0),)

    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return _apply(np.hypot, a, b)

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        r = ctx.result
        return (grad * a / r if ctx.should_compute(0) else None, grad * b / r if ctx.should_compute(1) else None)


class FmodBackward0(Node):
    explain = "grad_self = grad   (fmod(x, c) = x - trunc(x/c)·c, flat in c where defined)"
    checks = (check(lambda x: x.fmod(1.5), (2, 3), low=0.1, high=1.4),)

    def forward(ctx, a, other):
        return _apply(np.fmod, a, other, floating=False)

    def backward(ctx, grad):
        return grad


class FmodBackward1(Node):
    explain = "grad_self = grad;  grad_other = -grad · trunc(self / other)"
    broadcasting = True
    checks = (check(lambda x, y: x.fmod(y), (2, 3), (2, 3), low=0.5, high=1.9),)

    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return _apply(np.fmod, a, b, floating=False)

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return (grad if ctx.should_compute(0) else None,
                -grad * (a / b).trunc() if ctx.should_compute(1) else None)


class CopysignBackward0(Node):
    explain = "grad_self = grad · sign(self)·sign(result) (0 where self = 0);  other gets no gradient"
    broadcasting = True
    saves_output = True
    checks = (check(lambda x, y: x.copysign(y), (2, 3), (2, 3)),)

    def forward(ctx, a, b):
        ctx.save_for_backward(a)
        return _apply(np.copysign, a, b)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        from .masked import where
        ratio = where(a == 0, 0.0, ctx.result / where(a == 0, 1.0, a))
        return grad * ratio, (zeros_grad(grad) if ctx.should_compute(1) else None)


class CopysignBackward1(Node):
    explain = "grad_self = grad · sign(self)·sign(result) (0 where self = 0)"
    saves_output = True
    checks = (check(lambda x: x.copysign(-1.0), (2, 3)),)

    def forward(ctx, a, other):
        ctx.save_for_backward(a)
        return _apply(np.copysign, a, other)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        from .masked import where
        return grad * where(a == 0, 0.0, ctx.result / where(a == 0, 1.0, a))


class LogaddexpBackward0(Node):
    explain = "grad_self = grad / (1 + e^(other - self));  grad_other = grad / (1 + e^(self - other))"
    broadcasting = True
    checks = (check(lambda x, y: x.logaddexp(y), (2, 3), (2, 3)),)

    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return _apply(np.logaddexp, a, b)

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return (grad / ((b - a).exp() + 1) if ctx.should_compute(0) else None,
                grad / ((a - b).exp() + 1) if ctx.should_compute(1) else None)


class Logaddexp2Backward0(Node):
    explain = "grad_self = grad / (1 + 2^(other - self));  grad_other = grad / (1 + 2^(self - other))"
    broadcasting = True
    checks = (check(lambda x, y: x.logaddexp2(y), (2, 3), (2, 3)),)

    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return _apply(np.logaddexp2, a, b)

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return (grad / ((b - a).exp2() + 1) if ctx.should_compute(0) else None,
                grad / ((a - b).exp2() + 1) if ctx.should_compute(1) else None)


def _xlogy(x, y):
    with np.errstate(all="ignore"):
        out = x * np.log(y)
    return np.where((x == 0) & ~np.isnan(y), 0.0, out).astype(out.dtype)


class XlogyBackward0(Node):
    explain = "grad_self = grad · log(other) (0 where self = 0 and other is not nan);  grad_other = grad · self / other"
    broadcasting = True
    checks = (check(lambda x, y: x.xlogy(y), (2, 3), (2, 3), low=0.3, high=2.0),)

    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return _apply(_xlogy, a, b)

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        from .masked import where
        ga = gb = None
        if ctx.should_compute(0):  # as torch: xlogy(grad, other), zeroed only where self = 0 and other <= 0
            ga = where((a == 0) & (b <= 0), 0.0, xlogy(grad, b))
        if ctx.should_compute(1):
            gb = grad * a / b
        return ga, gb


class XlogyBackward1(Node):
    """xlogy with a plain number as ``self``."""
    __slots__ = ("self_value",)
    explain = "grad_other = grad · self / other"
    checks = (check(lambda y: xlogy(2.0, y), (2, 3), low=0.3, high=2.0),)

    def forward(ctx, b, *, self_value):
        ctx.self_value = self_value
        ctx.save_for_backward(b)
        return _apply(_xlogy, self_value, b)

    def backward(ctx, grad):
        (b,) = ctx.saved_tensors
        return grad * ctx.self_value / b


class XlogyBackward2(Node):
    """xlogy with a plain number as ``other``."""
    __slots__ = ("other",)
    explain = "grad_self = grad · log(other) (0 where self = 0 and other <= 0)"
    checks = (check(lambda x: xlogy(x, 2.5), (2, 3)),)

    def forward(ctx, a, *, other):
        ctx.other = other
        ctx.save_for_backward(a)
        return _apply(_xlogy, a, other)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        from .masked import where
        o = ctx.other
        logo = math.log(o) if o > 0 else (-math.inf if o == 0 else math.nan)
        return where((a == 0) & (o <= 0), 0.0, grad * logo)


class LerpBackward0(Node):
    __slots__ = ("weight",)
    explain = "grad_self = grad · (1 - weight);  grad_end = grad · weight"
    broadcasting = True
    checks = (check(lambda x, y: x.lerp(y, 0.3), (2, 3), (2, 3)),)

    def forward(ctx, a, b, *, weight):
        ctx.weight = weight
        return _apply(lambda A, B: A + weight * (B - A), a, b)

    def backward(ctx, grad):
        w = ctx.weight
        return (grad * (1 - w) if ctx.should_compute(0) else None, grad * w if ctx.should_compute(1) else None)


class LerpBackward1(Node):
    explain = "grad_self = grad · (1 - weight);  grad_end = grad · weight;  grad_weight = grad · (end - self)"
    broadcasting = True
    checks = (check(lambda x, y, w: x.lerp(y, w), (2, 3), (2, 3), (3,)),)

    def forward(ctx, a, b, w):
        ctx.save_for_backward(a, b, w)
        A, B = _arrays(a, b)
        W = w._data
        try:
            return np.asarray(A + W * (B - A)).astype(np.result_type(A, B), copy=False)
        except ValueError:
            raise broadcast_error(np.shape(A), np.shape(W)) from None

    def backward(ctx, grad):
        a, b, w = ctx.saved_tensors
        return (grad * (1 - w) if ctx.should_compute(0) else None, grad * w if ctx.should_compute(1) else None,
                grad * (b - a) if ctx.should_compute(2) else None)


class AddcmulBackward0(Node):
    __slots__ = ("value",)
    explain = "grad_self = grad;  grad_t1 = grad · value · t2;  grad_t2 = grad · value · t1"
    broadcasting = True
    checks = (check(lambda x, a, b: x.addcmul(a, b, value=0.5), (2, 3), (2, 3), (3,)),)

    def forward(ctx, s, t1, t2, *, value):
        ctx.value = value
        ctx.save_for_backward(t1, t2)
        A, B = binary_arrays(t1, t2)
        P = np.asarray(A * B)
        S, P2 = binary_arrays(s, Tensor._wrap(P))
        try:
            return np.asarray(S + value * P2)
        except ValueError:
            raise broadcast_error(np.shape(S), np.shape(P2)) from None

    def backward(ctx, grad):
        t1, t2 = ctx.saved_tensors
        v = ctx.value
        return (grad if ctx.should_compute(0) else None, grad * t2 * v if ctx.should_compute(1) else None,
                grad * t1 * v if ctx.should_compute(2) else None)


class AddcdivBackward0(Node):
    __slots__ = ("value",)
    explain = "grad_self = grad;  grad_t1 = grad · value / t2;  grad_t2 = -grad · value · t1 / t2²"
    broadcasting = True
    checks = (check(lambda x, a, b: x.addcdiv(a, b, value=0.5), (2, 3), (2, 3), (3,), low=0.5, high=2.0),)

    def forward(ctx, s, t1, t2, *, value):
        if t1._data.dtype.kind in "iub" and t2._data.dtype.kind in "iub":
            raise RuntimeError("Integer division with addcdiv is no longer supported, and in a future  release "
                               "addcdiv will perform a true division of tensor1 and tensor2. The historic "
                               "addcdiv behavior can be implemented as (input + value * torch.trunc(tensor1 / "
                               "tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / "
                               "tensor2) for float inputs. The future addcdiv behavior is just the latter "
                               "implementation: (input + value * tensor1 / tensor2), for all dtypes.")
        ctx.value = value
        ctx.save_for_backward(t1, t2)
        A, B = binary_arrays(t1, t2)
        Q = np.asarray(A / B).astype(np.result_type(A, B), copy=False)
        S, Q2 = binary_arrays(s, Tensor._wrap(Q))
        try:
            return np.asarray(S + value * Q2)
        except ValueError:
            raise broadcast_error(np.shape(S), np.shape(Q2)) from None

    def backward(ctx, grad):
        t1, t2 = ctx.saved_tensors
        v = ctx.value
        return (grad if ctx.should_compute(0) else None, grad * v / t2 if ctx.should_compute(1) else None,
                -grad * v * t1 / (t2 * t2) if ctx.should_compute(2) else None)


class FmaxBackward0(Node):
    explain = "grad_self = grad where self ≥ other or other is nan;  grad_other = grad elsewhere"
    broadcasting = True
    checks = (check(lambda x, y: x.fmax(y), (2, 3), (2, 3)),)

    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return _apply(np.fmax, a, b, floating=False)

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        from .masked import where
        take_a = (a >= b) | b.isnan()
        return (where(take_a, grad, 0.0) if ctx.should_compute(0) else None,
                where(take_a, 0.0, grad) if ctx.should_compute(1) else None)


class FminBackward0(Node):
    explain = "grad_self = grad where self ≤ other or other is nan;  grad_other = grad elsewhere"
    broadcasting = True
    checks = (check(lambda x, y: x.fmin(y), (2, 3), (2, 3)),)

    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return _apply(np.fmin, a, b, floating=False)

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        from .masked import where
        take_a = (a <= b) | b.isnan()
        return (where(take_a, grad, 0.0) if ctx.should_compute(0) else None,
                where(take_a, 0.0, grad) if ctx.should_compute(1) else None)


class LdexpBackward0(Node):
    explain = "grad_self = grad · 2^other   (other is an exponent: no gradient)"
    broadcasting = True
    checks = (check(lambda x: ldexp(x, _const_int([1, -1, 2])), (2, 3)),)

    def forward(ctx, a, b):
        ctx.save_for_backward(b)
        return _apply(lambda A, B: A * np.exp2(B), a, b)

    def backward(ctx, grad):
        (b,) = ctx.saved_tensors
        return grad * b.exp2(), None


def _const_int(values):
    return Tensor._wrap(np.asarray(values, np.int64))


# -- public functions ---------------------------------------------------------------------

def atan2(input, other):
    """atan(input / other) in the right quadrant, elementwise."""
    return Atan2Backward0.apply(input, operand(other))


arctan2 = atan2


def hypot(input, other):
    """√(input² + other²), elementwise."""
    return HypotBackward0.apply(input, operand(other))


def fmod(input, other):
    """The C remainder: the result has the sign of ``input``."""
    if isinstance(other, Tensor):
        _check_int_divisor(input, other)
        return FmodBackward1.apply(input, other)
    if input._data.dtype.kind in "iu" and other == 0:
        raise RuntimeError("ZeroDivisionError")
    return FmodBackward0.apply(input, other=other)


def _check_int_divisor(input, other):
    if (input._data.dtype.kind in "iub" and other._data.dtype.kind in "iub" and other._data.size
            and not other._data.all()):
        raise RuntimeError("ZeroDivisionError")


def copysign(input, other):
    """|input| with the sign of ``other``."""
    if isinstance(other, Tensor):
        return CopysignBackward0.apply(input, other)
    return CopysignBackward1.apply(input, other=other)


def logaddexp(input, other):
    """log(eˣ + eʸ), computed without overflow."""
    return LogaddexpBackward0.apply(input, other)


def logaddexp2(input, other):
    """log₂(2ˣ + 2ʸ)."""
    return Logaddexp2Backward0.apply(input, other)


def xlogy(input, other):
    """input · log(other), 0 where input is 0 (unless other is nan)."""
    if not isinstance(input, Tensor):
        return XlogyBackward1.apply(other, self_value=float(input))
    if not isinstance(other, Tensor):
        return XlogyBackward2.apply(input, other=float(other))
    return XlogyBackward0.apply(input, other)


def lerp(input, end, weight):
    """input + weight · (end - input)."""
    if isinstance(weight, Tensor):
        return LerpBackward1.apply(input, end, weight)
    return LerpBackward0.apply(input, end, weight=weight)


def addcmul(input, tensor1, tensor2, *, value=1):
    """input + value · tensor1 · tensor2."""
    return AddcmulBackward0.apply(input, tensor1, tensor2, value=value)


def addcdiv(input, tensor1, tensor2, *, value=1):
    """input + value · tensor1 / tensor2."""
    return AddcdivBackward0.apply(input, tensor1, tensor2, value=value)


def float_power(input, exponent):
    """input ** exponent computed in float64."""
    from .arithmetic import pow as _pow
    base = input.to(_dt.float64) if isinstance(input, Tensor) else input
    exp = exponent.to(_dt.float64) if isinstance(exponent, Tensor) else exponent
    return _pow(base, exp)


def fmax(input, other):
    """The elementwise maximum, ignoring nan where the other value is a number."""
    return FmaxBackward0.apply(input, other)


def fmin(input, other):
    """The elementwise minimum, ignoring nan where the other value is a number."""
    return FminBackward0.apply(input, other)


def heaviside(input, values):
    """0 where input < 0, ``values`` where input == 0, 1 where input > 0 (not differentiable)."""
    if input.dtype is not values.dtype:
        raise RuntimeError("heaviside is not yet implemented for tensors with different dtypes")
    d, v = input._data, values._data
    out = np.where(d == 0, v, (d > 0).astype(d.dtype))
    return Tensor._wrap(np.asarray(out, dtype=np.result_type(d, v)))


def nextafter(input, other):
    """The next floating-point value after ``input`` towards ``other``."""
    A, B = binary_arrays(input, other)
    return Tensor._wrap(np.asarray(np.nextafter(A, B)))


def ldexp(input, other):
    """input · 2^other."""
    return LdexpBackward0.apply(input, other)


EXPORTS = ("atan2 arctan2 hypot fmod copysign logaddexp logaddexp2 xlogy lerp addcmul addcdiv float_power fmax fmin "
           "heaviside nextafter ldexp").split()
