"""Pointwise functions of one tensor, one row each (``table.row``): forward, backward,
explanation and gradcheck cases side by side.

Integer and bool inputs give the default float dtype and float16 is computed in
float32 and rounded, as torch's CPU kernels do (``support.floating``), unless a row
says ``promote=False`` and applies torch's dtype rule itself. Each backward is written
in engine ops, so second derivatives come from the same rules.
"""

import math

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check
from .forward_refusals import no_forward_ad
from .masked import where
from .support import type_word
from . import special_kernels as _special
from .special_math import (digamma_array, erf_array, erfinv_array, lgamma_array, mvlgamma_array,
                           polygamma_array, vectorize)
from .table import ROWS, ZERO, row
from .libm32 import domain_nan, log1p_tiny, vector_body, via_double

_LN2 = math.log(2.0)
_LN10 = math.log(10.0)
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)
_SQRT_PI_OVER_2 = math.sqrt(math.pi) / 2.0
# float32 sin/cos through float64 (torch's rounding, libm32.py) only up to this size: the float64
# loop costs 10-20x numpy's float32 one, a few µs at tutorial sizes, 20 ms at 10^6 elements
_TRIG_UP_TO = 16384


# -- forwards that apply torch's dtype rules themselves ---------------------------------

def _abs(d):
    if d.dtype.kind == "b":
        raise NotImplementedError("\"abs_cpu\" not implemented for 'Bool'")
    return np.abs(d)


def _sign(d):
    if d.dtype.kind != "f":
        if d.dtype.kind == "c":
            raise NotImplementedError("Unlike NumPy, torch.sign is not intended to support complex numbers. Please "
                                      "use torch.sgn instead.")
        return d.copy() if d.dtype.kind == "b" else np.sign(d)
    # torch's sign is (0 < x) - (x < 0): 0 for nan, where numpy gives nan
    return (d > 0).astype(d.dtype) - (d < 0)


def _relu(d):
    if d.dtype.kind in "bc":
        if d.dtype.kind == "c":
            raise NotImplementedError("clamp is not supported for complex types")
        raise RuntimeError("Boolean inputs not supported for relu")
    return np.where(d < 0, d.dtype.type(0), d)  # not np.maximum: relu(-0.0) is -0.0 in torch


def _rounding(fn):
    def forward(d):
        if d.dtype.kind == "b":
            raise NotImplementedError(f"\"{fn.__name__}_vml_cpu\" not implemented for 'Bool'")
        if d.dtype.kind == "c":
            from ..complex_support import not_implemented
            raise not_implemented(fn.__name__ if fn.__name__ != "round" else "round_vml_cpu!", d.dtype)
        return d.copy() if d.dtype.kind != "f" else fn(d)  # numpy and torch both round halves to even
    return forward


def _round_decimals(d, decimals):
    if d.dtype.kind == "b":
        raise NotImplementedError("\"round_cpu\" not implemented for 'Bool'")
    if d.dtype.kind != "f":
        return d.copy()
    scale = 10.0 ** decimals
    return np.asarray(np.round(d * scale) / scale, dtype=d.dtype)


def _frac(d):
    if d.dtype.kind != "f":
        raise NotImplementedError(f"\"frac_cpu\" not implemented for '{type_word(d)}'")
    return d - np.trunc(d)


def _nan_to_num(d, nan, posinf, neginf):
    if d.dtype.kind != "f":
        return d.copy()
    info = np.finfo(d.dtype)
    return np.nan_to_num(d, nan=nan, posinf=info.max if posinf is None else posinf,
                         neginf=info.min if neginf is None else neginf)


# -- the basics ---------------------------------------------------------------------------

def abs(input):
    """Elementwise absolute value."""
    if input._data.dtype.kind == "b":
        raise NotImplementedError("\"abs_cpu\" not implemented for 'Bool'")
    return ABS.node.apply(input)


ABS = row("abs absolute", "AbsBackward0", _abs, promote=False, function=abs,
          grad=lambda grad, self: grad * self.sgn(),  # torch's sgn: its own derivative is a zero tensor
          explain="grad_self = grad * sgn(self)", doc="Elementwise absolute value.",
          checks=(check(lambda x: x.abs(), (2, 3)),))
sign = row("sign", "SignBackward0", _sign, promote=False, grad=ZERO,
    explain="grad_self = 0   (sign is flat almost everywhere)", doc="-1, 0 or 1 by the sign of each element.",
    checks=(check(lambda x: x.sign(), (2, 3)),)).function
exp = row("exp", "ExpBackward0", via_double(np.exp), grad=lambda grad, result: grad * result,
    explain="grad_self = grad * result   (d/dx eˣ = eˣ)", doc="Elementwise eˣ.",
    checks=(check(lambda x: x.exp(), (2, 3)),)).function
log = row("log", "LogBackward0", via_double(np.log), grad=lambda grad, self: grad / self,
    explain="grad_self = grad / self   (d/dx ln x = 1/x)", doc="Elementwise natural logarithm.",
    checks=(check(lambda x: x.log(), (2, 3), low=0.2, high=3.0),)).function
sqrt = row("sqrt", "SqrtBackward0", domain_nan(np.sqrt, 1.0), grad=lambda grad, result: grad / (result * 2),
    explain="grad_self = grad / (2 * result)   (d/dx √x = 1/(2√x))", doc="Elementwise square root.",
    checks=(check(lambda x: x.sqrt(), (2, 3), low=0.2, high=3.0),)).function
sin = row("sin", "SinBackward0", via_double(np.sin, up_to=_TRIG_UP_TO), grad=lambda grad, self: grad * self.cos(),
    explain="grad_self = grad * cos(self)", doc="Elementwise sine.",
    checks=(check(lambda x: x.sin(), (2, 3)),)).function
cos = row("cos", "CosBackward0", via_double(np.cos, up_to=_TRIG_UP_TO), grad=lambda grad, self: grad * -self.sin(),
    explain="grad_self = -grad * sin(self)", doc="Elementwise cosine.",
    checks=(check(lambda x: x.cos(), (2, 3)),)).function
tanh = row("tanh", "TanhBackward0", via_double(np.tanh), grad=lambda grad, result: grad * (1 - result * result),
           explain="grad_self = grad * (1 - result²)", doc="Elementwise hyperbolic tangent.",
           checks=(check(lambda x: x.tanh(), (2, 3)),)).function
sigmoid = row("sigmoid", "SigmoidBackward0", lambda x: 1 / (1 + np.exp(-x)),
              grad=lambda grad, result: grad * (result * (1 - result)),
              explain="grad_self = grad * result * (1 - result)   (σ' = σ(1 - σ))",
              doc="Elementwise logistic function 1 / (1 + e⁻ˣ).",
              checks=(check(lambda x: x.sigmoid(), (2, 3)),)).function
relu = row("relu", "ReluBackward0", _relu, promote=False,
           grad=lambda grad, result: ThresholdBackwardBackward0.apply(grad, result, threshold=0),
           explain="grad_self = grad * (result > 0)   (passes the gradient where the input was positive)",
           doc="Elementwise max(x, 0).", checks=(check(lambda x: x.relu(), (2, 3)),)).function
reciprocal = row("reciprocal", "ReciprocalBackward0", np.reciprocal, grad=lambda grad, result: grad * -(result * result),
    explain="grad_self = -grad * result²   (d/dx 1/x = -1/x²)", doc="Elementwise 1 / x.",
    checks=(check(lambda x: x.reciprocal(), (2, 3), low=0.5, high=2.0),)).function

# floor/ceil/round/trunc: piecewise constant, so the gradient is zero
_FLAT = "grad_self = 0   (piecewise constant)"
floor = row("floor", "FloorBackward0", _rounding(np.floor), promote=False, grad=ZERO, explain=_FLAT,
    doc="Largest integer <= each element.", checks=(check(lambda x: x.floor() * x, (2, 3), low=0.1, high=0.9),)).function
ceil = row("ceil", "CeilBackward0", _rounding(np.ceil), promote=False, grad=ZERO, explain=_FLAT,
    doc="Smallest integer >= each element.", checks=(check(lambda x: x.ceil() * x, (2, 3), low=0.1, high=0.9),)).function
trunc = fix = row("trunc fix", "TruncBackward0", _rounding(np.trunc), promote=False, grad=ZERO, explain=_FLAT,
    doc="Round each element toward zero.", checks=(check(lambda x: x.trunc() * x, (2, 3), low=0.1, high=0.9),)).function


def round(input, *, decimals=0):
    """Round each element to the nearest integer (halves to even)."""
    if decimals:
        return _ROUND_DECIMALS.node.apply(input, decimals=decimals)
    return _ROUND.node.apply(input)


_ROUND = row("round", "RoundBackward0", _rounding(np.round), promote=False, grad=ZERO, explain=_FLAT,
             function=round, doc=round.__doc__,
             checks=(check(lambda x: x.round() * x, (2, 3), low=0.1, high=0.4),))
# round(decimals=n): the rounding to n decimals is one node in torch
_ROUND_DECIMALS = row((), "RoundBackward1", _round_decimals, promote=False, params=("decimals",), grad=ZERO,
                      explain=_FLAT, doc="", checks=(check(lambda x: round(x, decimals=1) * x, (2, 3), low=0.01,
                                                           high=0.04),))


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
        return ThresholdBackwardBackward0.array_forward(grad._data, result._data, threshold)

    @staticmethod
    def array_forward(g, result, threshold):
        # torch zeroes where result <= threshold: a nan result lets the gradient through
        return np.where(result <= threshold, np.zeros((), g.dtype), g)

    def backward(ctx, gg):
        (result,) = ctx.saved_tensors
        g_grad = ThresholdBackwardBackward0.apply(gg, result, threshold=ctx.threshold) \
            if ctx.should_compute(0) else None
        g_result = Tensor._wrap(np.zeros_like(result._data)) if ctx.should_compute(1) else None
        return g_grad, g_result


# -- logarithms, powers, trigonometry -------------------------------------------------------

log2 = row("log2", "Log2Backward0", via_double(np.log2), grad=lambda grad, self: grad / (self * _LN2),
    explain="grad_self = grad / (self * ln 2)", doc="Elementwise base-2 logarithm.",
    checks=(check(lambda x: x.log2(), (2, 3), low=0.2, high=3.0),
            check(lambda x: log2(x.abs() + 0.5).sum(0), (3, 2), label="in a sum"))).function
log10 = row("log10", "Log10Backward0", via_double(np.log10), grad=lambda grad, self: grad / (self * _LN10),
    explain="grad_self = grad / (self * ln 10)", doc="Elementwise base-10 logarithm.",
    checks=(check(lambda x: x.log10(), (2, 3), low=0.2, high=3.0),
            check(lambda x: log10(x * x + 1.0), (4,), label="composed"))).function
rsqrt = row("rsqrt", "RsqrtBackward0", lambda d: 1.0 / np.sqrt(d),
    grad=lambda grad, result: grad * (result * result * result) * -0.5,
    explain="grad_self = -grad * result³ / 2   (d/dx x^(-1/2) = -x^(-3/2) / 2)", doc="Elementwise 1 / √x.",
    checks=(check(lambda x: x.rsqrt(), (2, 3), low=0.3, high=3.0),
            check(lambda x: rsqrt(x).sum(), (5,), low=0.5, high=2.0, label="summed"))).function
tan = row("tan", "TanBackward0", np.tan, grad=lambda grad, result: grad * (result * result + 1),
    explain="grad_self = grad * (1 + result²)", doc="Elementwise tangent.",
    checks=(check(lambda x: x.tan(), (2, 3), low=-1.2, high=1.2),
            check(lambda x: tan(x) * x, (3,), low=-1.0, high=1.0, label="times x"))).function
exp2 = row("exp2", "Exp2Backward0", np.exp2, grad=lambda grad, result: grad * result * _LN2,
    explain="grad_self = grad * result * ln 2   (d/dx 2ˣ = 2ˣ ln 2)", doc="Elementwise 2ˣ.",
    checks=(check(lambda x: x.exp2(), (2, 3)), check(lambda x: exp2(x).mean(1), (2, 4), label="mean"))).function
expm1 = row("expm1", "Expm1Backward0", via_double(np.expm1), grad=lambda grad, result: grad * (result + 1),
    explain="grad_self = grad * (result + 1)   (d/dx (eˣ - 1) = eˣ)", doc="Elementwise eˣ - 1, accurate near 0.",
    checks=(check(lambda x: x.expm1(), (2, 3)),
            check(lambda x: expm1(x * 1e-3), (4,), label="near zero", eps=1e-4))).function
log1p = row("log1p", "Log1PBackward0", domain_nan(via_double(np.log1p, log1p_tiny), 1.0, ("float64",), nan_input=1.0), grad=lambda grad, self: grad / (self + 1),
            explain="grad_self = grad / (self + 1)", doc="Elementwise ln(1 + x), accurate near 0.",
            checks=(check(lambda x: x.log1p(), (2, 3), low=-0.5, high=2.0),
                    check(lambda x: log1p(x * x), (3, 1), label="composed"))).function
frac = row("frac", "FracBackward0", _frac, promote=False, grad=lambda grad: grad,
    explain="grad_self = grad   (x - trunc(x) has slope 1 between the integers)",
    doc="The fractional part x - trunc(x), with the sign of x.",
    checks=(check(lambda x: x.frac() * x, (2, 3), low=0.1, high=0.9),
            check(lambda x: frac(x * 3), (4,), low=0.05, high=0.3, label="scaled"))).function
sinh = row("sinh", "SinhBackward0", vector_body(np.sinh), grad=lambda grad, self: grad * self.cosh(),
    explain="grad_self = grad * cosh(self)", doc="Elementwise hyperbolic sine.",
    checks=(check(lambda x: x.sinh(), (2, 3)), check(lambda x: sinh(x).sum(-1), (2, 3), label="summed"))).function
cosh = row("cosh", "CoshBackward0", vector_body(np.cosh), grad=lambda grad, self: grad * self.sinh(),
    explain="grad_self = grad * sinh(self)", doc="Elementwise hyperbolic cosine.",
    checks=(check(lambda x: x.cosh(), (2, 3)), check(lambda x: cosh(x) * x, (3,), label="times x"))).function
asin = arcsin = row("asin arcsin", "AsinBackward0", domain_nan(np.arcsin, -1.0), grad=lambda grad, self: grad / (1 - self * self).sqrt(),
    explain="grad_self = grad / √(1 - self²)", doc="Elementwise arcsine.",
    checks=(check(lambda x: x.asin(), (2, 3), low=-0.9, high=0.9),
            check(lambda x: asin(x * 0.5), (4,), label="scaled"))).function
acos = arccos = row("acos arccos", "AcosBackward0", domain_nan(np.arccos, -1.0), grad=lambda grad, self: -grad / (1 - self * self).sqrt(),
    explain="grad_self = -grad / √(1 - self²)", doc="Elementwise arccosine.",
    checks=(check(lambda x: x.acos(), (2, 3), low=-0.9, high=0.9),
            check(lambda x: acos(x * 0.5), (4,), label="scaled"))).function
atan = arctan = row("atan arctan", "AtanBackward0", np.arctan, grad=lambda grad, self: grad / (self * self + 1),
    explain="grad_self = grad / (1 + self²)", doc="Elementwise arctangent.",
    checks=(check(lambda x: x.atan(), (2, 3)), check(lambda x: atan(x * 3), (4,), label="scaled"))).function
erf = row("erf", "ErfBackward0", erf_array, grad=lambda grad, self: grad * (-(self * self)).exp() * _TWO_OVER_SQRT_PI,
          explain="grad_self = grad * 2/√π * exp(-self²)", doc="The error function 2/√π ∫₀ˣ e^(-t²) dt, elementwise.",
          checks=(check(lambda x: x.erf(), (2, 3)), check(lambda x: erf(x).sum(0), (3, 2), label="summed"))).function
# torch names the node of the in-place inverse hyperbolics apart (asinh_: AsinhBackward1)
asinh = arcsinh = row("asinh arcsinh", "AsinhBackward0", np.arcsinh, grad=lambda grad, self: grad * (self * self + 1).rsqrt(),
    explain="grad_self = grad / √(self² + 1)", doc="Elementwise inverse hyperbolic sine.",
    checks=(check(lambda x: x.asinh(), (2, 3)),),
    inplace_node=("AsinhBackward1", check(lambda x: (x * 1).asinh_(), (2, 3)))).function
acosh = arccosh = row("acosh arccosh", "AcoshBackward0", np.arccosh, grad=lambda grad, self: grad * (self * self - 1).rsqrt(),
    explain="grad_self = grad / √(self² - 1)", doc="Elementwise inverse hyperbolic cosine.",
    checks=(check(lambda x: x.acosh(), (2, 3), low=1.2, high=3.0),),
    inplace_node=("AcoshBackward1", check(lambda x: (x * 1).acosh_(), (2, 3), low=1.2, high=3.0))).function
atanh = arctanh = row("atanh arctanh", "AtanhBackward0", vector_body(np.arctanh), grad=lambda grad, self: grad / (1 - self * self),
    explain="grad_self = grad / (1 - self²)", doc="Elementwise inverse hyperbolic tangent.",
    checks=(check(lambda x: x.atanh(), (2, 3), low=-0.8, high=0.8),),
    inplace_node=("AtanhBackward1", check(lambda x: (x * 1).atanh_(), (2, 3), low=-0.8, high=0.8))).function
deg2rad = row("deg2rad", "Deg2RadBackward0", np.deg2rad, grad=lambda grad: grad * (math.pi / 180.0),
    explain="grad_self = grad · π/180", doc="Degrees to radians.", checks=(check(lambda x: x.deg2rad(), (2, 3)),)).function
# ... and has no forward rule for them
for _f, _name in ((asinh, "asinh_"), (acosh, "acosh_"), (atanh, "atanh_")):
    next(r for r in ROWS if r.function is _f).inplace_node.jvp = no_forward_ad(_name)
rad2deg = row("rad2deg", "Rad2DegBackward0", np.rad2deg, grad=lambda grad: grad * (180.0 / math.pi),
    explain="grad_self = grad · 180/π", doc="Radians to degrees.", checks=(check(lambda x: x.rad2deg(), (2, 3)),)).function


# -- special functions --------------------------------------------------------------------

def _sinc_grad(grad, self):
    px = self * math.pi
    safe = where(self == 0, 1.0, self)
    spx = safe * math.pi
    d = ((spx).cos() * spx - spx.sin()) / (spx * safe)
    return grad * where(px == 0, 0.0, d)


def _logit_forward(d, eps):
    if eps is not None:
        d = np.clip(d, eps, 1 - eps)
    return np.log(d / (1 - d))


def _logit_grad(grad, self, eps):
    g = grad / (self * (1 - self))
    if eps is None:
        return g
    return where((self < eps) | (self > 1 - eps), 0.0, g)


def _mvlgamma_grad(grad, self, p):
    total = digamma(self)
    for i in range(1, p):
        total = total + digamma(self - i / 2)
    return grad * total


erfc = row("erfc", "ErfcBackward0", vectorize(math.erfc), grad=lambda grad, self: grad * (-(self * self)).exp() * -_TWO_OVER_SQRT_PI,
    explain="grad_self = -grad · 2/√π · e^(-self²)", doc="The complementary error function 1 - erf(x).",
    checks=(check(lambda x: x.erfc(), (2, 3)),)).function
erfinv = row("erfinv", "ErfinvBackward0", domain_nan(erfinv_array, -1.0, ("float32",), nan_input="keep"), grad=lambda grad, result: grad * (result * result).exp() * _SQRT_PI_OVER_2,
    explain="grad_self = grad · √π/2 · e^(result²)", doc="The inverse of erf, elementwise.",
    checks=(check(lambda x: x.erfinv(), (2, 3), low=-0.8, high=0.8),)).function
lgamma = row("lgamma", "LgammaBackward0", lgamma_array, grad=lambda grad, self: grad * digamma(self),
    explain="grad_self = grad · ψ(self)   (digamma)", doc="ln |Γ(x)|, elementwise.",
    checks=(check(lambda x: x.lgamma(), (2, 3), low=0.3, high=4.0),)).function
digamma = row("digamma", "DigammaBackward0", lambda d: digamma_array(d).astype(d.dtype),
              grad=lambda grad, self: grad * polygamma(1, self),
              explain="grad_self = grad · ψ'(self)   (polygamma(1, self))", doc="ψ(x) = d/dx ln Γ(x), elementwise.",
              checks=(check(lambda x: x.digamma(), (2, 3), low=0.3, high=4.0),)).function


def polygamma(n, input):
    """The n-th derivative of the digamma function."""
    if isinstance(n, Tensor):
        n = n.item()
    if not isinstance(n, int) or n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    return POLYGAMMA.node.apply(input, n=n)


def _polygamma_method(self, n):
    return polygamma(n, self)


def _polygamma_(self, n):
    from .inplace import make_inplace
    return make_inplace("polygamma_", lambda a: POLYGAMMA.inplace_node.apply(a, n=n))(self)


POLYGAMMA = row("polygamma", "PolygammaBackward0", polygamma_array, params=("n",), function=polygamma, method=False,
                grad=lambda grad, self, n: grad * polygamma(n + 1, self),
                explain="grad_self = grad · ψ⁽ⁿ⁺¹⁾(self)", doc=polygamma.__doc__,
                checks=(check(lambda x: polygamma(1, x), (2, 3), low=0.5, high=4.0),
                        check(lambda x: polygamma(2, x), (3,), low=0.5, high=3.0, label="n=2")),
                inplace_node=("PolygammaBackward1", check(lambda x: (x * 1).polygamma_(1), (2, 3), low=0.5, high=4.0)))
POLYGAMMA.extra_methods = {"polygamma": _polygamma_method, "polygamma_": _polygamma_}


def mvlgamma(input, p):
    """The multivariate log-gamma of dimension p: Σᵢ lgamma(x - i/2) + p(p-1)/4 ln π."""
    if p < 1:
        raise RuntimeError("p has to be greater than or equal to 1")
    return _MVLGAMMA.node.apply(input, p=p)


_MVLGAMMA = row("mvlgamma", "MvlgammaBackward0", mvlgamma_array, params=("p",), function=mvlgamma,
                grad=_mvlgamma_grad, explain="grad_self = grad · Σᵢ ψ(self - i/2)", doc=mvlgamma.__doc__,
                checks=(check(lambda x: mvlgamma(x, 3), (2, 3), low=1.5, high=4.0),))
def _i1_grad(grad, self, result):
    # torch's i1_backward: at |x| <= eps the derivative is 1/2 (I₀(x) - I₁(x)/x would be 0/0 there)
    eps = float(np.finfo(self._data.dtype).eps)
    not_tiny = self.abs() > eps
    safe = where(not_tiny, self, eps)
    return grad * where(not_tiny, safe.i0() - result * safe.reciprocal(), 0.5)


# I₁ (torch.special.i1, ops/special_functions.py), also the derivative of I₀
_I1 = row((), "SpecialI1Backward0", _special.i1, grad=_i1_grad,
          explain="grad_self = grad · (I₀(self) - result/self)   (1/2 where |self| <= eps)", doc="",
          checks=(check(lambda x: _I1.node.apply(x), (2, 3), low=-3.0, high=3.0),
                  check(lambda x: _I1.node.apply(x * 5), (3,), low=1.0, high=3.0, label="large")))
i0 = row("i0", "I0Backward0", _special.i0, grad=lambda grad, self: grad * _I1.node.apply(self),
         explain="grad_self = grad · I₁(self)", doc="The modified Bessel function of the first kind, order 0.",
         checks=(check(lambda x: x.i0(), (2, 3)),)).function
sinc = row("sinc", "SincBackward0", np.sinc, grad=_sinc_grad, doc="sin(πx)/(πx), 1 at 0.",
    explain="grad_self = grad · (cos(πx)·πx - sin(πx)) / (πx²), 0 at x = 0", checks=(check(lambda x: x.sinc(), (2, 3)),)).function


def logit(input, eps=None):
    """ln(p / (1 - p)), with p clamped to [eps, 1 - eps] when eps is given."""
    return _LOGIT.node.apply(input, eps=eps)


_LOGIT = row("logit", "LogitBackward0", _logit_forward, params=("eps",), function=logit, grad=_logit_grad,
             explain="grad_self = grad / (self (1 - self)), 0 outside [eps, 1 - eps] when eps is given",
             doc=logit.__doc__, checks=(check(lambda x: x.logit(), (2, 3), low=0.1, high=0.9),
                                        check(lambda x: x.logit(0.2), (2, 3), low=0.3, high=0.7, label="eps")))


def sgn(input):
    """The sign (for real tensors, as sign)."""
    if input._data.dtype.kind == "b" and not input.requires_grad:
        return Tensor._wrap(input._data.copy())  # (a bool with a history goes to the node: torch's dtype error)
    return _SGN.node.apply(input)


def _sgn_grad(grad, self, result):
    """torch's sgn_backward(self, grad, result) of a real tensor is an efficient zero tensor (no
    storage): reading its values (tolist, numpy) or writing it in place raises (so does the second
    derivative of abs and norm(x, 1), which pass through sgn). It saves self and the result, so
    changing either in place makes backward fail, as torch's."""
    z = Tensor._wrap(np.zeros_like(grad._data))
    z._extras()["zerotensor"] = True
    return z


def _sgn_forward(d):
    return np.sign(d) if d.dtype.kind == "c" else _sign(d)  # (numpy's complex sign is z / |z|, as torch's sgn)


_SGN = row("sgn", "SgnBackward0", _sgn_forward, promote=False, grad=_sgn_grad, function=sgn, doc=sgn.__doc__,
           explain="grad_self = 0   (sgn is flat away from 0)", checks=(check(lambda x: x.sgn() * x, (2, 3)),))
_SGN.node.array_backward = None  # (the zero tensor is a Tensor flag: the rule runs on tensors)


def nan_to_num(input, nan=0.0, posinf=None, neginf=None):
    """nan → ``nan``, ±inf → ``posinf``/``neginf`` (the dtype's extremes by default)."""
    return _NAN_TO_NUM.node.apply(input, nan=nan, posinf=posinf, neginf=neginf)


_NAN_TO_NUM = row("nan_to_num", "NanToNumBackward0", _nan_to_num, promote=False, params=("nan", "posinf", "neginf"),
                  function=nan_to_num, grad=lambda grad, self: where(self.isfinite(), grad, 0.0),
                  explain="grad_self = grad where self was finite, 0 where it was nan or ±inf",
                  doc=nan_to_num.__doc__, checks=(check(lambda x: x.nan_to_num(), (2, 3)),))


# -- without a gradient: predicates on the sign and finiteness ---------------------------------

def signbit(input):
    """Whether the sign bit is set (true for -0.0)."""
    return Tensor._wrap(np.signbit(input._data) if input._data.dtype.kind != "b" else np.zeros_like(input._data))


def isposinf(input):
    return Tensor._wrap(np.isposinf(input._data) if input._data.dtype.kind == "f" else
                        np.zeros(input._data.shape, bool))


def isneginf(input):
    return Tensor._wrap(np.isneginf(input._data) if input._data.dtype.kind == "f" else
                        np.zeros(input._data.shape, bool))


def isreal(input):
    """True everywhere: gradcalc's tensors are real."""
    return Tensor._wrap(np.ones(input._data.shape, bool))


EXPORTS = "signbit isposinf isneginf isreal".split()
