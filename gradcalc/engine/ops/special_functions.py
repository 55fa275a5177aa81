"""torch.special's Bessel and Airy functions, orthogonal polynomials, Hurwitz zeta, I₁/I₁e and the
regularized incomplete gamma functions (torch.igamma/igammac, special.gammainc/gammaincc).

As torch's ``derivatives.yaml`` says: the Bessel/Airy functions and the polynomials are
``non_differentiable`` (their results never require grad, whatever the inputs), so they are
plain functions here; ``i1``, ``i1e``, ``zeta`` and ``igamma``/``igammac`` are rows of the op
table with torch's backward rules, including torch's "not implemented" derivatives (zeta and
igamma in their first argument), raised at backward time in torch's words. The numerics are in
special_kernels.py and special_igamma.py.
"""

import numpy as np

from .. import dtypes as _dt
from ..tensor import Tensor
from . import special_igamma, special_kernels as K
from .checks import check
from .masked import where
from .support import broadcast_error, type_word
from .table import binary_row, row

_SHORT_NAMES = {"Float": "float", "Double": "float", "Long": "int", "Int": "int", "Bool": "bool"}


def _not_implemented(what):
    def rule(grad):
        raise NotImplementedError(f"the derivative for '{what}' is not implemented.")
    return rule


def _float_array(t, kernel_name, half_ok=False):
    """The values a kernel computes on: integer and bool give the default float dtype; float16
    is torch's "not implemented" error (these kernels dispatch on float and double only)."""
    d = t._data
    if d.dtype.kind != "f":
        return d.astype(_dt.get_default_dtype().np)
    if d.dtype == np.float16 and not half_ok:
        raise NotImplementedError(f"\"{kernel_name}_cpu\" not implemented for 'Half'")
    return d


def _tensor_arg(fn_name, value, arg="input"):
    if not isinstance(value, Tensor):
        raise TypeError(f"{fn_name}(): argument '{arg}' (position 1) must be Tensor, not {type(value).__name__}")
    return value


# -- the non-differentiable functions of one tensor ---------------------------------------------

def _unary(name, kernel, doc, arg="input"):
    def fn(input, *, out=None):  # (out= is special.py's wrapper's)
        t = _tensor_arg(f"special_{name}", input, arg)
        return Tensor._wrap(kernel(_float_array(t, name)))
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return fn


airy_ai = _unary("airy_ai", K.airy_ai, "The Airy function Ai(x).", arg="x")
bessel_j0 = _unary("bessel_j0", K.bessel_j0, "The Bessel function of the first kind of order 0, J₀(x).")
bessel_j1 = _unary("bessel_j1", K.bessel_j1, "The Bessel function of the first kind of order 1, J₁(x).")
bessel_y0 = _unary("bessel_y0", K.bessel_y0, "The Bessel function of the second kind of order 0, Y₀(x).")
bessel_y1 = _unary("bessel_y1", K.bessel_y1, "The Bessel function of the second kind of order 1, Y₁(x).")
modified_bessel_i0 = _unary("modified_bessel_i0", K.modified_bessel_i0, "The modified Bessel function I₀(x).")
modified_bessel_i1 = _unary("modified_bessel_i1", K.modified_bessel_i1, "The modified Bessel function I₁(x).")
modified_bessel_k0 = _unary("modified_bessel_k0", K.modified_bessel_k0,
                            "The modified Bessel function of the second kind K₀(x).")
modified_bessel_k1 = _unary("modified_bessel_k1", K.modified_bessel_k1,
                            "The modified Bessel function of the second kind K₁(x).")
scaled_modified_bessel_k0 = _unary("scaled_modified_bessel_k0", K.scaled_modified_bessel_k0,
                                   "eˣ K₀(x), the exponentially scaled modified Bessel function.", arg="x")
scaled_modified_bessel_k1 = _unary("scaled_modified_bessel_k1", K.scaled_modified_bessel_k1,
                                   "eˣ K₁(x), the exponentially scaled modified Bessel function.", arg="x")
spherical_bessel_j0 = _unary("spherical_bessel_j0", K.spherical_bessel_j0,
                             "The spherical Bessel function of the first kind j₀(x) = sin(x)/x.", arg="x")


# -- the orthogonal polynomials: (x, n) with either a number --------------------------------------

def _number_word(v):
    return "bool" if isinstance(v, bool) else "int" if isinstance(v, int) else "float"


def _as_operand(v):
    """A Python number as the 0-d tensor torch's promotion treats it as (a wrapped number)."""
    if isinstance(v, Tensor):
        return v
    if isinstance(v, bool):
        return Tensor._wrap(np.array(v))
    if isinstance(v, int):
        return Tensor._wrap(np.array(v, np.int64))
    return Tensor._wrap(np.array(v, np.float64))


def _binary_arrays(name, x, n):
    """x and n broadcast and promoted as torch's binary kernels (integer and bool: the default float)."""
    dt = _dt.result_type(x, n)
    if dt.category != _dt._FLOAT:
        dt = _dt.get_default_dtype()
    if dt.np == np.float16:
        raise NotImplementedError(f"\"{name}_cpu\" not implemented for 'Half'")
    X = np.asarray(x._data if isinstance(x, Tensor) else x).astype(dt.np, copy=False)
    N = np.asarray(n._data if isinstance(n, Tensor) else n).astype(dt.np, copy=False)
    try:
        X, N = np.broadcast_arrays(X, N)
    except ValueError:
        raise broadcast_error(np.shape(X), np.shape(N)) from None
    return X, N


def _polynomial(name, kernel, doc):
    torch_name = f"special_{name}"

    def fn(input, n, *, out=None):
        if not isinstance(input, Tensor) and not isinstance(n, Tensor):
            raise TypeError(
                f"{torch_name}() received an invalid combination of arguments - got "
                f"({_number_word(input) if not isinstance(input, Tensor) else 'Tensor'}, {_number_word(n)}), "
                "but expected one of:\n * (Tensor x, Tensor n, *, Tensor out = None)\n"
                " * (Number x, Tensor n, *, Tensor out = None)\n * (Tensor x, Number n, *, Tensor out = None)\n")
        X, N = _binary_arrays(name, input, n)
        return Tensor._wrap(np.ascontiguousarray(kernel(X, N)))
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc + " The degree n is truncated to an integer; n < 0 gives 0."
    return fn


chebyshev_polynomial_t = _polynomial("chebyshev_polynomial_t", K.chebyshev_t, "The Chebyshev polynomial Tₙ(x).")
chebyshev_polynomial_u = _polynomial("chebyshev_polynomial_u", K.chebyshev_u, "The Chebyshev polynomial Uₙ(x).")
chebyshev_polynomial_v = _polynomial("chebyshev_polynomial_v", K.chebyshev_v, "The Chebyshev polynomial Vₙ(x).")
chebyshev_polynomial_w = _polynomial("chebyshev_polynomial_w", K.chebyshev_w, "The Chebyshev polynomial Wₙ(x).")
shifted_chebyshev_polynomial_t = _polynomial("shifted_chebyshev_polynomial_t", K.shifted_chebyshev_t,
                                             "The shifted Chebyshev polynomial Tₙ*(x) = Tₙ(2x − 1).")
shifted_chebyshev_polynomial_u = _polynomial("shifted_chebyshev_polynomial_u", K.shifted_chebyshev_u,
                                             "The shifted Chebyshev polynomial Uₙ*(x) = Uₙ(2x − 1).")
shifted_chebyshev_polynomial_v = _polynomial("shifted_chebyshev_polynomial_v", K.shifted_chebyshev_v,
                                             "The shifted Chebyshev polynomial Vₙ*(x) = Vₙ(2x − 1).")
shifted_chebyshev_polynomial_w = _polynomial("shifted_chebyshev_polynomial_w", K.shifted_chebyshev_w,
                                             "The shifted Chebyshev polynomial Wₙ*(x) = Wₙ(2x − 1).")
hermite_polynomial_h = _polynomial("hermite_polynomial_h", K.hermite_h, "The physicists' Hermite polynomial Hₙ(x).")
hermite_polynomial_he = _polynomial("hermite_polynomial_he", K.hermite_he,
                                    "The probabilists' Hermite polynomial Heₙ(x).")
laguerre_polynomial_l = _polynomial("laguerre_polynomial_l", K.laguerre_l, "The Laguerre polynomial Lₙ(x).")
legendre_polynomial_p = _polynomial("legendre_polynomial_p", K.legendre_p, "The Legendre polynomial Pₙ(x).")


# -- I₁ and I₁e: rows with torch's i1_backward / i1e_backward -----------------------------------------

from .unary import _I1 as I1  # noqa: E402  (declared beside I₀, whose derivative it is)


def _i1e_grad(grad, self, result):
    # torch's i1e_backward, with the same 1/2 at |x| <= eps as I₁'s
    eps = float(np.finfo(self._data.dtype).eps)
    not_tiny = self.abs() > eps
    safe = where(not_tiny, self, eps)
    from ..special import i0e
    return grad * where(not_tiny, i0e(safe) - result * (safe.sgn() + safe.reciprocal()), 0.5)


I1E = row((), "SpecialI1EBackward0", K.i1e, grad=_i1e_grad,
          explain="grad_self = grad · (i0e(self) − result · (sgn(self) + 1/self))   (1/2 at self = 0)",
          doc="e^(−|x|) I₁(x).", checks=(check(lambda x: I1E.node.apply(x), (2, 3), low=-3.0, high=3.0),))


I0E = row((), "SpecialI0EBackward0", K.i0e, grad=lambda grad, self, result: grad * (i1e(self) - self.sgn() * result),
          explain="grad_self = grad · (i1e(self) − sgn(self) · result)", doc="e^(−|x|) I₀(x).",
          checks=(check(lambda x: I0E.node.apply(x), (2, 3), low=-3.0, high=3.0),))


def i0e(input, *, out=None):
    """The exponentially scaled modified Bessel function e^(−|x|) I₀(x)."""
    _tensor_arg("special_i0e", input)
    return I0E.node.apply(input)


_SQRT_2PI = 2.5066282746310002  # std::sqrt(2 * M_PI)
ERFCX = row((), "SpecialErfcxBackward0", K.erfcx,
            grad=lambda grad, self, result: (2.0 * self * result - 1.1283791670955126) * grad,
            explain="grad_self = (2 · self · result − 2/√π) · grad", doc="e^(x²) erfc(x).",
            checks=(check(lambda x: ERFCX.node.apply(x), (2, 3), low=-2.0, high=3.0),))
LOG_NDTR = row((), "SpecialLogNdtrBackward0", K.log_ndtr,
               grad=lambda grad, self, result: grad / _SQRT_2PI * (-(result + self * self / 2)).exp(),
               explain="grad_self = grad / √(2π) · e^(−(result + self²/2))", doc="log Φ(x).",
               checks=(check(lambda x: LOG_NDTR.node.apply(x), (2, 3), low=-3.0, high=3.0),))
NDTRI = row((), "SpecialNdtriBackward0", K.ndtri,
            grad=lambda grad, result: grad * _SQRT_2PI * (result * result / 2).exp(),
            explain="grad_self = grad · √(2π) · e^(result²/2)", doc="Φ⁻¹(p).",
            checks=(check(lambda x: NDTRI.node.apply(x), (2, 3), low=0.1, high=0.9),))
ENTR = row((), "SpecialEntrBackward0", K.entr, grad=lambda grad, self: grad * (-(1 + self.log())),
           explain="grad_self = −grad · (1 + ln self)", doc="−x ln x.",
           checks=(check(lambda x: ENTR.node.apply(x), (2, 3), low=0.2, high=2.0),))


def _special_unary(node, name, doc):
    def fn(input, *, out=None):
        _tensor_arg(f"special_{name}", input)
        return node.apply(input)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return fn


erfcx = _special_unary(ERFCX.node, "erfcx", "The scaled complementary error function e^(x²) · erfc(x).")
log_ndtr = _special_unary(LOG_NDTR.node, "log_ndtr", "log Φ(x), the log of the standard normal CDF (no underflow "
                                                     "in the left tail).")
ndtri = _special_unary(NDTRI.node, "ndtri", "The inverse of the standard normal CDF, Φ⁻¹(p).")
entr = _special_unary(ENTR.node, "entr", "−x ln x for x > 0, 0 at 0, −inf for x < 0.")


def i1(input, *, out=None):
    """The modified Bessel function of the first kind of order 1, I₁(x)."""
    _tensor_arg("special_i1", input)
    return I1.node.apply(input)


def i1e(input, *, out=None):
    """The exponentially scaled modified Bessel function e^(−|x|) I₁(x)."""
    _tensor_arg("special_i1e", input)
    return I1E.node.apply(input)


# -- the Hurwitz zeta function --------------------------------------------------------------------------

def _zeta_forward(x, q):
    if np.result_type(x, q) == np.float16:
        raise NotImplementedError("\"zeta_cpu\" not implemented for 'Half'")
    return K.zeta(x, q)


def _zeta_other_grad(grad, self, other):
    return grad * -self * zeta(self + 1.0, other)


_ZETA_EXPLAIN = "grad_self = not implemented;  grad_other = -grad · self · ζ(self + 1, other)"
ZETA = binary_row((), "SpecialZetaBackward0", _zeta_forward, grads=(_not_implemented("zeta"), _zeta_other_grad),
                  explain=_ZETA_EXPLAIN, doc="ζ(x, q).", method=False, inplace=False,
                  checks=(check(lambda q: ZETA.node.apply(_as_operand(2.5), q), (2, 3), low=0.5, high=3.0),))
# a Python number for x or q is a parameter of the node, not an input (torch's graph has one edge)
ZETA_SELF_NUMBER = row((), "SpecialZetaBackward1", lambda d, x: _zeta_forward(np.asarray(x, d.dtype), d), params=("x",),
                       grad=lambda grad, self, x: grad * -x * zeta(x + 1.0, self), method=False, inplace=False,
                       explain="grad_self = -grad · x · ζ(x + 1, self)   (self is q; x a number)",
                       doc="ζ(x, q) for a number x.",
                       checks=(check(lambda q: ZETA_SELF_NUMBER.node.apply(q, x=3.0), (2, 3), low=0.5, high=3.0),))
ZETA_OTHER_NUMBER = row((), "SpecialZetaBackward2", lambda d, q: _zeta_forward(d, np.asarray(q, d.dtype)), params=("q",),
                        grad=_not_implemented("zeta"), method=False, inplace=False,
                        explain="grad_self = not implemented   (q a number)", doc="ζ(x, q) for a number q.", checks=())


def zeta(input, other, *, out=None):
    """The Hurwitz zeta function ζ(x, q) = Σₖ (k + q)^(−x)."""
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        raise TypeError(
            f"special_zeta() received an invalid combination of arguments - got ({_number_word(input)}, "
            f"{_number_word(other)}), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n"
            " * (Number self, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n")
    if not isinstance(input, Tensor):
        return ZETA_SELF_NUMBER.node.apply(other, x=input)
    if not isinstance(other, Tensor):
        return ZETA_OTHER_NUMBER.node.apply(input, q=other)
    return ZETA.node.apply(input, other)


# -- the regularized incomplete gamma functions -------------------------------------------------------

def _igamma_kernel(kernel, name):
    def forward(a, x):
        dt = np.result_type(a, x)
        if dt.kind != "f":
            raise NotImplementedError(f"\"{name}_cpu\" not implemented for '{type_word(np.empty(0, dt))}'")
        if dt == np.float16:
            return kernel(a.astype(np.float32), x.astype(np.float32)).astype(np.float16)
        return kernel(a, x)
    return forward


def _igamma_other_grad(grad, self, other):
    return grad * ((self - 1) * other.log() - other - self.lgamma()).exp()


def _igammac_other_grad(grad, self, other):
    return -grad * ((self - 1) * other.log() - other - self.lgamma()).exp()


def _igamma_check(fn):
    return check(lambda x: fn(_CHECK_A.to(x.dtype), x), (2, 3), low=0.5, high=3.0)


def _tensors_only(name, input, other):
    for pos, (arg, v) in enumerate((("input", input), ("other", other)), start=1):
        if not isinstance(v, Tensor):
            raise TypeError(f"{name}(): argument '{arg}' (position {pos}) must be Tensor, not {type(v).__name__}")


def igamma(input, other, *, out=None):
    """The regularized lower incomplete gamma function P(a, x) = γ(a, x) / Γ(a)."""
    _tensors_only("igamma", input, other)
    return IGAMMA.node.apply(input, other)


def igammac(input, other, *, out=None):
    """The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a) = 1 − P(a, x)."""
    _tensors_only("igammac", input, other)
    return IGAMMAC.node.apply(input, other)


_CHECK_A = Tensor._wrap(np.array([[0.7, 1.5, 2.5], [3.0, 1.2, 0.9]]))
IGAMMA = binary_row("igamma", "IgammaBackward0", _igamma_kernel(special_igamma.igamma, "igamma"), promote=False,
                    grads=(_not_implemented("igamma: input"), _igamma_other_grad), function=igamma, inplace=True,
                    explain="grad_self = not implemented;  grad_other = grad · e^((self − 1) ln other − other − lgamma(self))",
                    doc=igamma.__doc__, checks=(_igamma_check(igamma),))
IGAMMAC = binary_row("igammac", "IgammacBackward0", _igamma_kernel(special_igamma.igammac, "igammac"), promote=False,
                     grads=(_not_implemented("igammac: input"), _igammac_other_grad), function=igammac, inplace=True,
                     explain="grad_self = not implemented;  grad_other = −grad · e^((self − 1) ln other − other − lgamma(self))",
                     doc=igammac.__doc__, checks=(_igamma_check(igammac),))

gammainc = igamma
gammaincc = igammac

SPECIAL_NAMES = ("airy_ai bessel_j0 bessel_j1 bessel_y0 bessel_y1 modified_bessel_i0 modified_bessel_i1 "
                 "modified_bessel_k0 modified_bessel_k1 scaled_modified_bessel_k0 scaled_modified_bessel_k1 "
                 "spherical_bessel_j0 chebyshev_polynomial_t chebyshev_polynomial_u chebyshev_polynomial_v "
                 "chebyshev_polynomial_w shifted_chebyshev_polynomial_t shifted_chebyshev_polynomial_u "
                 "shifted_chebyshev_polynomial_v shifted_chebyshev_polynomial_w hermite_polynomial_h "
                 "hermite_polynomial_he laguerre_polynomial_l legendre_polynomial_p i1 i1e zeta gammainc "
                 "gammaincc").split()
