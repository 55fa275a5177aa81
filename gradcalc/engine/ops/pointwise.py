"""More elementwise functions of one tensor: log2 log10 rsqrt tan exp2 expm1 log1p
frac sinh cosh asin acos atan erf, and clamp_min/clamp_max (their own torch nodes).

Integer and bool inputs give the default float dtype (as torch's do); float16
is computed in float32 and rounded, as torch's CPU kernels do.
"""

import math

import numpy as np

from .. import dtypes as _dt
from ..node import Node
from ..tensor import Tensor
from .checks import check
from .support import as_tensor, binary_arrays, broadcast_error, floating
from .unary import split_by_mask, where

_LN2 = math.log(2.0)
_LN10 = math.log(10.0)
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)


_erf_scalar = np.frompyfunc(math.erf, 1, 1)


def erf_array(d):
    """The error function of an ndarray (libm's erf, element by element), in ``d``'s dtype."""
    return np.asarray(_erf_scalar(d), dtype=np.float64).astype(d.dtype, copy=False)


class Log2Backward0(Node):
    explain = "grad_self = grad / (self * ln 2)"
    checks = (check(lambda x: x.log2(), (2, 3), low=0.2, high=3.0),
              check(lambda x: log2(x.abs() + 0.5).sum(0), (3, 2), label="in a sum"))

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.log2, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad / (a * _LN2)


class Log10Backward0(Node):
    explain = "grad_self = grad / (self * ln 10)"
    checks = (check(lambda x: x.log10(), (2, 3), low=0.2, high=3.0),
              check(lambda x: log10(x * x + 1.0), (4,), label="composed"))

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.log10, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad / (a * _LN10)


class RsqrtBackward0(Node):
    explain = "grad_self = -grad * result³ / 2   (d/dx x^(-1/2) = -x^(-3/2) / 2)"
    saves_output = True
    checks = (check(lambda x: x.rsqrt(), (2, 3), low=0.3, high=3.0),
              check(lambda x: rsqrt(x).sum(), (5,), low=0.5, high=2.0, label="summed"))

    def forward(ctx, a):
        return floating(lambda d: 1.0 / np.sqrt(d), a)

    def backward(ctx, grad):
        r = ctx.result
        return grad * (r * r * r) * -0.5


class TanBackward0(Node):
    explain = "grad_self = grad * (1 + result²)"
    saves_output = True
    checks = (check(lambda x: x.tan(), (2, 3), low=-1.2, high=1.2),
              check(lambda x: tan(x) * x, (3,), low=-1.0, high=1.0, label="times x"))

    def forward(ctx, a):
        return floating(np.tan, a)

    def backward(ctx, grad):
        r = ctx.result
        return grad * (r * r + 1)


class Exp2Backward0(Node):
    explain = "grad_self = grad * result * ln 2   (d/dx 2ˣ = 2ˣ ln 2)"
    saves_output = True
    checks = (check(lambda x: x.exp2(), (2, 3)),
              check(lambda x: exp2(x).mean(1), (2, 4), label="mean"))

    def forward(ctx, a):
        return floating(np.exp2, a)

    def backward(ctx, grad):
        return grad * ctx.result * _LN2


class Expm1Backward0(Node):
    explain = "grad_self = grad * (result + 1)   (d/dx (eˣ - 1) = eˣ)"
    saves_output = True
    checks = (check(lambda x: x.expm1(), (2, 3)),
              check(lambda x: expm1(x * 1e-3), (4,), label="near zero", eps=1e-4))

    def forward(ctx, a):
        return floating(np.expm1, a)

    def backward(ctx, grad):
        return grad * (ctx.result + 1)


class Log1PBackward0(Node):
    explain = "grad_self = grad / (self + 1)"
    checks = (check(lambda x: x.log1p(), (2, 3), low=-0.5, high=2.0),
              check(lambda x: log1p(x * x), (3, 1), label="composed"))

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.log1p, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad / (a + 1)


class FracBackward0(Node):
    explain = "grad_self = grad   (x - trunc(x) has slope 1 between the integers)"
    checks = (check(lambda x: x.frac() * x, (2, 3), low=0.1, high=0.9),
              check(lambda x: frac(x * 3), (4,), low=0.05, high=0.3, label="scaled"))

    def forward(ctx, a):
        d = a._data
        if d.dtype.kind != "f":
            raise NotImplementedError(f"\"frac_cpu\" not implemented for '{_type_word(d)}'")
        return d - np.trunc(d)

    def backward(ctx, grad):
        return grad


class SinhBackward0(Node):
    explain = "grad_self = grad * cosh(self)"
    checks = (check(lambda x: x.sinh(), (2, 3)),
              check(lambda x: sinh(x).sum(-1), (2, 3), label="summed"))

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.sinh, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * a.cosh()


class CoshBackward0(Node):
    explain = "grad_self = grad * sinh(self)"
    checks = (check(lambda x: x.cosh(), (2, 3)),
              check(lambda x: cosh(x) * x, (3,), label="times x"))

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.cosh, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * a.sinh()


class AsinBackward0(Node):
    explain = "grad_self = grad / √(1 - self²)"
    checks = (check(lambda x: x.asin(), (2, 3), low=-0.9, high=0.9),
              check(lambda x: asin(x * 0.5), (4,), label="scaled"))

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.arcsin, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad / (1 - a * a).sqrt()


class AcosBackward0(Node):
    explain = "grad_self = -grad / √(1 - self²)"
    checks = (check(lambda x: x.acos(), (2, 3), low=-0.9, high=0.9),
              check(lambda x: acos(x * 0.5), (4,), label="scaled"))

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.arccos, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return -grad / (1 - a * a).sqrt()


class AtanBackward0(Node):
    explain = "grad_self = grad / (1 + self²)"
    checks = (check(lambda x: x.atan(), (2, 3)),
              check(lambda x: atan(x * 3), (4,), label="scaled"))

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.arctan, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad / (a * a + 1)


class ErfBackward0(Node):
    explain = "grad_self = grad * 2/√π * exp(-self²)"
    checks = (check(lambda x: x.erf(), (2, 3)),
              check(lambda x: erf(x).sum(0), (3, 2), label="summed"))

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(erf_array, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * (-(a * a)).exp() * _TWO_OVER_SQRT_PI


class ClampMinBackward0(Node):
    __slots__ = ("lo",)
    explain = "grad_self = grad where self >= min, else 0"
    checks = (check(lambda x: x.clamp_min(0.2), (2, 3)),
              check(lambda x: clamp_min(x, -0.5).sum(1), (3, 2), label="summed"))

    def forward(ctx, a, lo):
        ctx.save_for_backward(a)
        ctx.lo = lo
        A, L = binary_arrays(a, lo)
        return np.maximum(A, L)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return where(a >= ctx.lo, grad, 0.0)


class ClampMaxBackward0(Node):
    __slots__ = ("hi",)
    explain = "grad_self = grad where self <= max, else 0"
    checks = (check(lambda x: x.clamp_max(0.2), (2, 3)),
              check(lambda x: clamp_max(x, 1.0) * x, (4,), label="times x"))

    def forward(ctx, a, hi):
        ctx.save_for_backward(a)
        ctx.hi = hi
        A, H = binary_arrays(a, hi)
        return np.minimum(A, H)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return where(a <= ctx.hi, grad, 0.0)


class ClampMinBackward1(Node):
    explain = "grad_self = grad where self >= min;  grad_min = grad where self < min"
    broadcasting = True
    checks = (check(lambda x, m: clamp_min(x, m), (2, 3), (2, 3)),
              check(lambda x, m: clamp_min(x, m), (2, 3), (3,), label="broadcast"))

    def forward(ctx, a, lo):
        ctx.save_for_backward(a, lo)
        A, L = binary_arrays(a, lo)
        try:
            return np.maximum(A, L)
        except ValueError:
            raise broadcast_error(A.shape, L.shape) from None

    def backward(ctx, grad):
        a, lo = ctx.saved_tensors
        keep = a >= lo
        return split_by_mask(ctx, keep, grad)


class ClampMaxBackward1(Node):
    explain = "grad_self = grad where self <= max;  grad_max = grad where self > max"
    broadcasting = True
    checks = (check(lambda x, m: clamp_max(x, m), (2, 3), (2, 3)),
              check(lambda x, m: clamp_max(x, m), (2, 3), (2, 1), label="broadcast"))

    def forward(ctx, a, hi):
        ctx.save_for_backward(a, hi)
        A, H = binary_arrays(a, hi)
        try:
            return np.minimum(A, H)
        except ValueError:
            raise broadcast_error(A.shape, H.shape) from None

    def backward(ctx, grad):
        a, hi = ctx.saved_tensors
        keep = a <= hi
        return split_by_mask(ctx, keep, grad)


_TYPE_WORDS = _dt.SCALAR_NAMES


def _type_word(arr):
    """torch's ScalarType name for an array's dtype (``Long``, ``Float``...)."""
    return _TYPE_WORDS[_dt.from_numpy_dtype(arr.dtype).name]


# -- public functions ---------------------------------------------------------

def log2(input):
    """Elementwise base-2 logarithm."""
    return Log2Backward0.apply(input)


def log10(input):
    """Elementwise base-10 logarithm."""
    return Log10Backward0.apply(input)


def rsqrt(input):
    """Elementwise 1 / √x."""
    return RsqrtBackward0.apply(input)


def tan(input):
    """Elementwise tangent."""
    return TanBackward0.apply(input)


def exp2(input):
    """Elementwise 2ˣ."""
    return Exp2Backward0.apply(input)


def expm1(input):
    """Elementwise eˣ - 1, accurate near 0."""
    return Expm1Backward0.apply(input)


def log1p(input):
    """Elementwise ln(1 + x), accurate near 0."""
    return Log1PBackward0.apply(input)


def frac(input):
    """The fractional part x - trunc(x), with the sign of x."""
    return FracBackward0.apply(input)


def sinh(input):
    """Elementwise hyperbolic sine."""
    return SinhBackward0.apply(input)


def cosh(input):
    """Elementwise hyperbolic cosine."""
    return CoshBackward0.apply(input)


def asin(input):
    """Elementwise arcsine."""
    return AsinBackward0.apply(input)


def acos(input):
    """Elementwise arccosine."""
    return AcosBackward0.apply(input)


def atan(input):
    """Elementwise arctangent."""
    return AtanBackward0.apply(input)


def erf(input):
    """The error function 2/√π ∫₀ˣ e^(-t²) dt, elementwise."""
    return ErfBackward0.apply(input)


arcsin, arccos, arctan = asin, acos, atan


def clamp_min(input, min):
    """max(input, min) elementwise (``min`` a number or a tensor)."""
    if isinstance(min, Tensor):
        return ClampMinBackward1.apply(input, min)
    if isinstance(min, (list, tuple)):
        return ClampMinBackward1.apply(input, as_tensor(min))
    return ClampMinBackward0.apply(input, lo=min)


def clamp_max(input, max):
    """min(input, max) elementwise (``max`` a number or a tensor)."""
    if isinstance(max, Tensor):
        return ClampMaxBackward1.apply(input, max)
    if isinstance(max, (list, tuple)):
        return ClampMaxBackward1.apply(input, as_tensor(max))
    return ClampMaxBackward0.apply(input, hi=max)
