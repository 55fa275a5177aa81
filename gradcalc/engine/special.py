"""``torch.special``: the special functions under torch.special's names.

Most are the torch-level ops under another name (``expit`` is ``sigmoid``, ``gammaln`` is
``lgamma``, ``psi`` is ``digamma`` ...), so their values and ``grad_fn`` names are those ops';
a few are compositions of them, as torch composes them (``ndtr``, ``xlog1py``). ``ndtri``,
``log_ndtr``, ``entr``, ``erfcx``, the Bessel and Airy functions, the orthogonal
polynomials, ``i0e``/``i1``/``i1e``, ``zeta`` and ``gammainc``/``gammaincc`` (torch's ``igamma``/``igammac``)
are in ops/special_functions.py, on kernels that evaluate torch's own approximations.
"""

import math as _math

from .ops import special_functions as _sf
from .ops.special_functions import (  # noqa: F401  (torch.special's names)
    airy_ai, bessel_j0, bessel_j1, bessel_y0, bessel_y1, chebyshev_polynomial_t, chebyshev_polynomial_u,
    chebyshev_polynomial_v, chebyshev_polynomial_w, gammainc, gammaincc, hermite_polynomial_h, hermite_polynomial_he,
    i1, i1e, laguerre_polynomial_l, legendre_polynomial_p, modified_bessel_i0, modified_bessel_i1, modified_bessel_k0,
    modified_bessel_k1, scaled_modified_bessel_k0, scaled_modified_bessel_k1, shifted_chebyshev_polynomial_t,
    shifted_chebyshev_polynomial_u, shifted_chebyshev_polynomial_v, shifted_chebyshev_polynomial_w,
    spherical_bessel_j0, zeta)

__all__ = ["digamma", "psi", "erf", "erfc", "erfinv", "exp2", "expit", "expm1", "gammaln", "i0", "log1p",
           "log_softmax", "logit", "logsumexp", "multigammaln", "polygamma", "round", "sinc", "softmax", "xlogy",
           "ndtr", "ndtri", "log_ndtr", "xlog1py", "entr", "erfcx", "i0e"] + list(_sf.SPECIAL_NAMES)


def _t():
    import gradcalc.engine as torch
    return torch


def digamma(input, *, out=None):
    return _t().digamma(input)


psi = digamma


def erf(input, *, out=None):
    return _t().erf(input)


def erfc(input, *, out=None):
    return _t().erfc(input)


def erfinv(input, *, out=None):
    return _t().erfinv(input)


def exp2(input, *, out=None):
    return _t().exp2(input)


def expit(input, *, out=None):
    """The logistic sigmoid 1 / (1 + e^-x)."""
    return _t().sigmoid(input)


def expm1(input, *, out=None):
    return _t().expm1(input)


def gammaln(input, *, out=None):
    """log |Γ(x)|."""
    return _t().lgamma(input)


def i0(input, *, out=None):
    return _t().i0(input)


def log1p(input, *, out=None):
    return _t().log1p(input)


def log_softmax(input, dim, *, dtype=None):
    return _t().log_softmax(input, dim, dtype=dtype)


def softmax(input, dim, *, dtype=None):
    return _t().softmax(input, dim, dtype=dtype)


def logit(input, eps=None, *, out=None):
    return _t().logit(input, eps)


def logsumexp(input, dim, keepdim=False, *, out=None):
    return _t().logsumexp(input, dim, keepdim)


def multigammaln(input, p, *, out=None):
    """The multivariate log-gamma function of dimension p."""
    return _t().mvlgamma(input, p)


def polygamma(n, input, *, out=None):
    return _t().polygamma(n, input)


def round(input, *, decimals=0, out=None):
    return _t().round(input, decimals=decimals)


def sinc(input, *, out=None):
    return _t().sinc(input)


def xlogy(input, other, *, out=None):
    return _t().xlogy(input, other)


def ndtr(input, *, out=None):
    """The standard normal CDF Φ(x) = (1 + erf(x/√2)) / 2."""
    return (1 + _t().erf(input * _math.sqrt(0.5))) * 0.5


def xlog1py(input, other, *, out=None):
    """x · log1p(y), and 0 where x is 0 (unless y is nan)."""
    t = _t()
    if not isinstance(input, t.Tensor):
        input = t.tensor(input, dtype=other.dtype)
    r = input * t.log1p(other)
    return t.where((input == 0) & ~t.isnan(other), t.zeros_like(r), r)


# torch's kernels and nodes (SpecialI0EBackward0, SpecialErfcxBackward0 ...)
from .ops.special_functions import entr, erfcx, i0e, log_ndtr, ndtri  # noqa: E402


def _with_out(name, fn):
    """torch.special's ``out=``: the result written into ``out`` with torch's rules (out_arg.py)."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args, out=None, **kw):
        if out is None:
            return fn(*args, **kw)
        from .out_arg import call_with_out
        return call_with_out(_OUT_NAME.get(name, f"special_{name}"), fn, args, kw, out)
    return wrapper


# torch.special's aliases write through the base op's out= kernel, whose name torch's messages use
_OUT_NAME = {"digamma": "digamma", "psi": "digamma", "erf": "erf", "erfc": "erfc", "erfinv": "erfinv", "exp2": "exp2",
             "expit": "sigmoid", "expm1": "expm1", "gammaln": "lgamma", "i0": "i0", "log1p": "log1p",
             "logit": "logit", "logsumexp": "logsumexp", "multigammaln": "mvlgamma", "polygamma": "polygamma",
             "round": "round", "sinc": "sinc", "xlogy": "xlogy", "gammainc": "igamma", "gammaincc": "igammac"}


def _give_out():
    import inspect
    g = globals()
    for name in __all__:
        fn = g[name]
        try:
            params = inspect.signature(fn).parameters
        except (TypeError, ValueError):
            continue
        if "out" in params:
            g[name] = _with_out(name, fn)


_give_out()
