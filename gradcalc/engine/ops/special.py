"""Elementwise math of one tensor that torch has beyond the basics: the inverse hyperbolic
functions, erfc/erfinv, lgamma/digamma/polygamma, i0, sinc, logit, deg2rad/rad2deg,
sgn, signbit, nan_to_num, isposinf/isneginf/isreal.

Integer and bool inputs give the default float dtype, float16 is computed in float32
(``support.floating``), as torch's CPU kernels do. Each backward is written in engine
ops, so second derivatives come from the same rules.
"""

import math

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check
from .support import floating, zeros_grad

_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)
_SQRT_PI_OVER_2 = math.sqrt(math.pi) / 2.0


def _vectorize(fn):
    f = np.frompyfunc(fn, 1, 1)
    return lambda d: np.asarray(f(d), dtype=np.float64).astype(d.dtype, copy=False)


def _lgamma_scalar(v):
    try:
        return math.lgamma(v)
    except ValueError:  # the poles 0, -1, -2 ...
        return math.inf


_lgamma = _vectorize(_lgamma_scalar)


def _digamma_array(x):
    """ψ(x) by the recurrence up to x ≥ 6 and the asymptotic series there; reflection for x < 0."""
    x = np.asarray(x, dtype=np.float64)
    out = np.empty_like(x)
    neg = x < 0
    pole = (x == np.floor(x)) & (x <= 0)
    xr = np.where(neg, 1.0 - x, x)
    acc = np.zeros_like(xr)
    y = xr.copy()
    for _ in range(6):
        small = y < 6
        acc = np.where(small, acc - 1.0 / np.where(small, y, 1.0), acc)
        y = np.where(small, y + 1.0, y)
    inv = 1.0 / y
    inv2 = inv * inv
    series = (np.log(y) - 0.5 * inv
              - inv2 * (1.0 / 12 - inv2 * (1.0 / 120 - inv2 * (1.0 / 252 - inv2 * (1.0 / 240 - inv2 / 132)))))
    out = acc + series
    with np.errstate(all="ignore"):
        out = np.where(neg, out - math.pi / np.tan(math.pi * x), out)
    out = np.where(pole, np.where(x == 0, -np.inf, np.nan), out)  # torch: ψ(0) = -inf, ψ(-n) = nan
    return out


def _polygamma_array(n, x):
    """ψ⁽ⁿ⁾(x) for n ≥ 1: (-1)^(n+1) n! ζ(n+1, x), by the recurrence and the asymptotic series."""
    if n == 0:
        return _digamma_array(x)
    x = np.asarray(x, dtype=np.float64)
    acc = np.zeros_like(x)
    y = x.copy()
    for _ in range(12):
        small = y < 12
        acc = np.where(small, acc + 1.0 / np.where(small, y, 1.0) ** (n + 1), acc)
        y = np.where(small, y + 1.0, y)
    # Hurwitz zeta tail ζ(s, y) ≈ y^(1-s)/(s-1) + y^(-s)/2 + Σ B2k/(2k)! (s)_(2k-1) y^(-s-2k+1)
    s = n + 1
    tail = y ** (1 - s) / (s - 1) + 0.5 * y ** (-s)
    bern = (1.0 / 6, -1.0 / 30, 1.0 / 42, -1.0 / 30, 5.0 / 66, -691.0 / 2730, 7.0 / 6)
    rising = float(s)
    fact = 2.0
    for k, b in enumerate(bern, start=1):
        tail = tail + b / fact * rising * y ** (-s - 2 * k + 1)
        rising *= (s + 2 * k - 1) * (s + 2 * k)
        fact *= (2 * k + 1) * (2 * k + 2)
    zeta = acc + tail
    out = (-1.0) ** (n + 1) * math.factorial(n) * zeta
    pole = (x == np.floor(x)) & (x <= 0)
    return np.where(pole, np.inf if n % 2 else np.nan, out)


def _erfinv_array(y):
    """erf⁻¹ by Giles' single-precision start and two Newton steps (accurate to float64)."""
    y = np.asarray(y, dtype=np.float64)
    with np.errstate(all="ignore"):
        w = -np.log((1.0 - y) * (1.0 + y))
        small = w < 5.0
        ws = w - 2.5
        p1 = 2.81022636e-08
        for c in (3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503,
                  -0.00417768164, 0.246640727, 1.50140941):
            p1 = c + p1 * ws
        wl = np.sqrt(w) - 3.0
        p2 = -0.000200214257
        for c in (0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613,
                  0.00943887047, 1.00167406, 2.83297682):
            p2 = c + p2 * wl
        x = np.where(small, p1, p2) * y
        from .pointwise import erf_array
        for _ in range(2):
            err = erf_array(x) - y
            x = x - err / (_TWO_OVER_SQRT_PI * np.exp(-x * x))
    x = np.where(y == 1, np.inf, np.where(y == -1, -np.inf, x))
    return np.where(np.abs(y) > 1, np.nan, x)


def _erfc_array(d):
    return _vectorize(math.erfc)(d)


class AsinhBackward0(Node):
    explain = "grad_self = grad / √(self² + 1)"
    checks = (check(lambda x: x.asinh(), (2, 3)),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.arcsinh, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * (a * a + 1).rsqrt()


class AcoshBackward0(Node):
    explain = "grad_self = grad / √(self² - 1)"
    checks = (check(lambda x: x.acosh(), (2, 3), low=1.2, high=3.0),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.arccosh, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * (a * a - 1).rsqrt()


class AtanhBackward0(Node):
    explain = "grad_self = grad / (1 - self²)"
    checks = (check(lambda x: x.atanh(), (2, 3), low=-0.8, high=0.8),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.arctanh, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad / (1 - a * a)


class AsinhBackward1(AsinhBackward0):
    """torch names the in-place op's node apart (``asinh_``)."""
    __slots__ = ()
    checks = (check(lambda x: (x * 1).asinh_(), (2, 3)),)


class AcoshBackward1(AcoshBackward0):
    __slots__ = ()
    checks = (check(lambda x: (x * 1).acosh_(), (2, 3), low=1.2, high=3.0),)


class AtanhBackward1(AtanhBackward0):
    __slots__ = ()
    checks = (check(lambda x: (x * 1).atanh_(), (2, 3), low=-0.8, high=0.8),)


class ErfcBackward0(Node):
    explain = "grad_self = -grad · 2/√π · e^(-self²)"
    checks = (check(lambda x: x.erfc(), (2, 3)),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(_erfc_array, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * (-(a * a)).exp() * -_TWO_OVER_SQRT_PI


class ErfinvBackward0(Node):
    explain = "grad_self = grad · √π/2 · e^(result²)"
    saves_output = True
    checks = (check(lambda x: x.erfinv(), (2, 3), low=-0.8, high=0.8),)

    def forward(ctx, a):
        return floating(lambda d: _erfinv_array(d).astype(d.dtype), a)

    def backward(ctx, grad):
        r = ctx.result
        return grad * (r * r).exp() * _SQRT_PI_OVER_2


class LgammaBackward0(Node):
    explain = "grad_self = grad · ψ(self)   (digamma)"
    checks = (check(lambda x: x.lgamma(), (2, 3), low=0.3, high=4.0),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(_lgamma, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * digamma(a)


class DigammaBackward0(Node):
    explain = "grad_self = grad · ψ'(self)   (polygamma(1, self))"
    checks = (check(lambda x: x.digamma(), (2, 3), low=0.3, high=4.0),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(lambda d: _digamma_array(d).astype(d.dtype), a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * polygamma(1, a)


class PolygammaBackward0(Node):
    __slots__ = ("n",)
    explain = "grad_self = grad · ψ⁽ⁿ⁺¹⁾(self)"
    checks = (check(lambda x: polygamma(1, x), (2, 3), low=0.5, high=4.0),
              check(lambda x: polygamma(2, x), (3,), low=0.5, high=3.0, label="n=2"))

    def forward(ctx, a, *, n):
        ctx.n = n
        ctx.save_for_backward(a)
        return floating(lambda d: _polygamma_array(n, d).astype(d.dtype), a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * polygamma(ctx.n + 1, a)


class MvlgammaBackward0(Node):
    __slots__ = ("p",)
    explain = "grad_self = grad · Σᵢ ψ(self - i/2)"
    checks = (check(lambda x: mvlgamma(x, 3), (2, 3), low=1.5, high=4.0),)

    def forward(ctx, a, *, p):
        ctx.p = p
        ctx.save_for_backward(a)

        def f(d):
            offsets = np.arange(p, dtype=np.float64) / 2
            terms = _lgamma(np.asarray(d, np.float64)[..., None] - offsets)
            return (terms.sum(-1) + p * (p - 1) / 4 * math.log(math.pi)).astype(d.dtype)
        return floating(f, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        total = digamma(a)
        for i in range(1, ctx.p):
            total = total + digamma(a - i / 2)
        return grad * total


class PolygammaBackward1(PolygammaBackward0):
    """The node of the in-place ``polygamma_``."""
    __slots__ = ()
    checks = (check(lambda x: (x * 1).polygamma_(1), (2, 3), low=0.5, high=4.0),)


class I0Backward0(Node):
    explain = "grad_self = grad · I₁(self)"
    checks = (check(lambda x: x.i0(), (2, 3)),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(lambda d: np.i0(d).astype(d.dtype), a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * _I1Op.apply(a)


class _I1Op(Node):
    """I₁, the derivative of I₀ (torch.special.i1): only reached from I0's backward."""
    explain = "grad_self = grad · (I₀(self) - I₁(self)/self)"
    checks = (check(lambda x: _I1Op.apply(x), (2, 3), low=0.2, high=2.0),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(lambda d: _i1(d).astype(d.dtype), a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * (i0(a) - _I1Op.apply(a) / a)


_I1Op.__name__ = _I1Op.__qualname__ = "SpecialI1Backward0"


def _i1(d):
    """I₁(x) = Σ (x/2)^(2k+1) / (k! (k+1)!), summed until the terms vanish (|x| modest in practice)."""
    x = np.asarray(d, dtype=np.float64)
    half = x / 2.0
    term = half.copy()
    total = term.copy()
    for k in range(1, 200):
        term = term * half * half / (k * (k + 1))
        total = total + term
        if not np.any(np.abs(term) > 1e-17 * np.abs(total)):
            break
    return total


class SincBackward0(Node):
    explain = "grad_self = grad · (cos(πx)·πx - sin(πx)) / (πx²), 0 at x = 0"
    checks = (check(lambda x: x.sinc(), (2, 3)),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        return floating(np.sinc, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        from .unary import where
        px = a * math.pi
        safe = where(a == 0, 1.0, a)
        spx = safe * math.pi
        d = ((spx).cos() * spx - spx.sin()) / (spx * safe)
        return grad * where(px == 0, 0.0, d)


class LogitBackward0(Node):
    __slots__ = ("eps",)
    explain = "grad_self = grad / (self (1 - self)), 0 outside [eps, 1 - eps] when eps is given"
    checks = (check(lambda x: x.logit(), (2, 3), low=0.1, high=0.9),
              check(lambda x: x.logit(0.2), (2, 3), low=0.3, high=0.7, label="eps"))

    def forward(ctx, a, *, eps):
        ctx.eps = eps
        ctx.save_for_backward(a)

        def f(d):
            if eps is not None:
                d = np.clip(d, eps, 1 - eps)
            return np.log(d / (1 - d))
        return floating(f, a)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        g = grad / (a * (1 - a))
        if ctx.eps is None:
            return g
        from .unary import where
        return where((a < ctx.eps) | (a > 1 - ctx.eps), 0.0, g)


class Deg2RadBackward0(Node):
    explain = "grad_self = grad · π/180"
    checks = (check(lambda x: x.deg2rad(), (2, 3)),)

    def forward(ctx, a):
        return floating(np.deg2rad, a)

    def backward(ctx, grad):
        return grad * (math.pi / 180.0)


class Rad2DegBackward0(Node):
    explain = "grad_self = grad · 180/π"
    checks = (check(lambda x: x.rad2deg(), (2, 3)),)

    def forward(ctx, a):
        return floating(np.rad2deg, a)

    def backward(ctx, grad):
        return grad * (180.0 / math.pi)


class SgnBackward0(Node):
    explain = "grad_self = 0   (sgn is flat away from 0)"
    checks = (check(lambda x: x.sgn() * x, (2, 3)),)

    def forward(ctx, a):
        return np.sign(a._data)

    def backward(ctx, grad):
        return zeros_grad(grad)


class NanToNumBackward0(Node):
    explain = "grad_self = grad where self was finite, 0 where it was nan or ±inf"
    checks = (check(lambda x: x.nan_to_num(), (2, 3)),)

    def forward(ctx, a, *, nan, posinf, neginf):
        ctx.save_for_backward(a)
        d = a._data
        if d.dtype.kind != "f":
            return d.copy()
        info = np.finfo(d.dtype)
        return np.nan_to_num(d, nan=nan, posinf=info.max if posinf is None else posinf,
                             neginf=info.min if neginf is None else neginf)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        from .unary import where
        return where(a.isfinite(), grad, 0.0)


# -- public functions ---------------------------------------------------------------------

def asinh(input):
    """Elementwise inverse hyperbolic sine."""
    return AsinhBackward0.apply(input)


def acosh(input):
    """Elementwise inverse hyperbolic cosine."""
    return AcoshBackward0.apply(input)


def atanh(input):
    """Elementwise inverse hyperbolic tangent."""
    return AtanhBackward0.apply(input)


arcsinh, arccosh, arctanh = asinh, acosh, atanh


def erfc(input):
    """The complementary error function 1 - erf(x)."""
    return ErfcBackward0.apply(input)


def erfinv(input):
    """The inverse of erf, elementwise."""
    return ErfinvBackward0.apply(input)


def lgamma(input):
    """ln |Γ(x)|, elementwise."""
    return LgammaBackward0.apply(input)


def digamma(input):
    """ψ(x) = d/dx ln Γ(x), elementwise."""
    return DigammaBackward0.apply(input)


def polygamma(n, input):
    """The n-th derivative of the digamma function."""
    if isinstance(n, Tensor):
        n = n.item()
    if not isinstance(n, int) or n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    return PolygammaBackward0.apply(input, n=n)


def _polygamma_method(self, n):
    return polygamma(n, self)


def mvlgamma(input, p):
    """The multivariate log-gamma of dimension p: Σᵢ lgamma(x - i/2) + p(p-1)/4 ln π."""
    if p < 1:
        raise RuntimeError("p has to be greater than or equal to 1")
    return MvlgammaBackward0.apply(input, p=p)


def i0(input):
    """The modified Bessel function of the first kind, order 0."""
    return I0Backward0.apply(input)


def sinc(input):
    """sin(πx)/(πx), 1 at 0."""
    return SincBackward0.apply(input)


def logit(input, eps=None):
    """ln(p / (1 - p)), with p clamped to [eps, 1 - eps] when eps is given."""
    return LogitBackward0.apply(input, eps=eps)


def deg2rad(input):
    """Degrees to radians."""
    return Deg2RadBackward0.apply(input)


def rad2deg(input):
    """Radians to degrees."""
    return Rad2DegBackward0.apply(input)


def sgn(input):
    """The sign (for real tensors, as sign)."""
    if input._data.dtype.kind == "b":
        return Tensor._wrap(input._data.copy())
    return SgnBackward0.apply(input)


def signbit(input):
    """Whether the sign bit is set (true for -0.0)."""
    return Tensor._wrap(np.signbit(input._data) if input._data.dtype.kind != "b" else np.zeros_like(input._data))


def nan_to_num(input, nan=0.0, posinf=None, neginf=None):
    """nan → ``nan``, ±inf → ``posinf``/``neginf`` (the dtype's extremes by default)."""
    return NanToNumBackward0.apply(input, nan=nan, posinf=posinf, neginf=neginf)


def isposinf(input):
    return Tensor._wrap(np.isposinf(input._data) if input._data.dtype.kind == "f" else
                        np.zeros(input._data.shape, bool))


def isneginf(input):
    return Tensor._wrap(np.isneginf(input._data) if input._data.dtype.kind == "f" else
                        np.zeros(input._data.shape, bool))


def isreal(input):
    """True everywhere: gradcalc's tensors are real."""
    return Tensor._wrap(np.ones(input._data.shape, bool))


def _inplace(name, node, **params):
    from .inplace import make_inplace
    return make_inplace(name, lambda a: node.apply(a, **params))


def _polygamma_(self, n):
    from .inplace import make_inplace
    return make_inplace("polygamma_", lambda a: PolygammaBackward1.apply(a, n=n))(self)


EXPORTS = ("asinh acosh atanh arcsinh arccosh arctanh erfc erfinv lgamma digamma i0 sinc logit deg2rad rad2deg sgn "
           "signbit nan_to_num isposinf isneginf isreal mvlgamma").split()
FUNCTION_ONLY = {"polygamma": polygamma}
METHOD_ONLY = {"polygamma": _polygamma_method, "polygamma_": _polygamma_,
               "asinh_": _inplace("asinh_", AsinhBackward1), "arcsinh_": _inplace("arcsinh_", AsinhBackward1),
               "acosh_": _inplace("acosh_", AcoshBackward1), "arccosh_": _inplace("arccosh_", AcoshBackward1),
               "atanh_": _inplace("atanh_", AtanhBackward1), "arctanh_": _inplace("arctanh_", AtanhBackward1)}
