"""What the language may read on numpy's objects: an allowlist per kind of object.

Arrays: their computing methods and their shape/dtype properties; never what reaches
memory or files (``ctypes data base flags flat view tofile dump tobytes setfield
getfield setflags resize byteswap``). Methods come back as ``NumpyMethod`` (see
numpy_guard), so ``a.fill(0)`` and ``a.sum(out=b)`` are undone with a failed
statement and ``a.astype(object)`` is refused.
"""

from __future__ import annotations

import operator

import numpy as np

from .numpy_guard import NumpyFunction, NumpyMethod

ARRAY_PROPERTIES = frozenset({"T", "mT", "shape", "ndim", "size", "dtype", "real", "imag", "itemsize", "nbytes",
                              "strides", "device"})

# method -> (position of out= among the positional arguments or None, whether it changes the array)
ARRAY_METHODS = {
    "all": (1, False), "any": (1, False), "argmax": (1, False), "argmin": (1, False),
    "argpartition": (None, False), "argsort": (None, False), "astype": (None, False), "choose": (1, False),
    "clip": (2, False), "compress": (2, False), "conj": (None, False), "conjugate": (None, False),
    "copy": (None, False), "cumprod": (2, False), "cumsum": (2, False), "diagonal": (None, False),
    "dot": (1, False), "fill": (None, True), "flatten": (None, False), "item": (None, False),
    "max": (1, False), "mean": (2, False), "min": (1, False), "nonzero": (None, False),
    "partition": (None, True), "prod": (2, False), "put": (None, True), "ravel": (None, False),
    "repeat": (None, False), "reshape": (None, False), "round": (1, False), "searchsorted": (None, False),
    "sort": (None, True), "squeeze": (None, False), "std": (2, False), "sum": (2, False),
    "swapaxes": (None, False), "take": (2, False), "tolist": (None, False), "trace": (4, False),
    "transpose": (None, False), "var": (2, False),
    # numpy scalars besides the array methods
    "is_integer": (None, False), "as_integer_ratio": (None, False), "hex": (None, False),
}

DTYPE_ATTRS = frozenset({"name", "kind", "char", "itemsize", "str", "type", "byteorder", "num", "alignment",
                         "isbuiltin", "isnative", "ndim", "shape"})
INFO_ATTRS = frozenset({"bits", "dtype", "eps", "epsneg", "max", "min", "tiny", "smallest_normal", "resolution",
                        "precision", "machep", "maxexp", "minexp", "negep", "nexp", "nmant", "iexp",
                        "smallest_subnormal", "kind"})

GENERATOR_METHODS = ("beta binomial chisquare choice dirichlet exponential f gamma geometric gumbel hypergeometric "
                     "integers laplace logistic lognormal logseries multinomial multivariate_normal "
                     "negative_binomial noncentral_chisquare noncentral_f normal pareto permutation permuted "
                     "poisson power random rayleigh shuffle standard_cauchy standard_exponential standard_gamma "
                     "standard_normal standard_t triangular uniform vonmises wald weibull zipf").split()
RANDOM_STATE_METHODS = ("beta binomial chisquare choice dirichlet exponential f gamma geometric gumbel "
                        "hypergeometric laplace logistic lognormal logseries multinomial multivariate_normal "
                        "negative_binomial noncentral_chisquare noncentral_f normal pareto permutation poisson "
                        "power rand randint randn random random_integers random_sample rayleigh seed shuffle "
                        "standard_cauchy standard_exponential standard_gamma standard_normal standard_t "
                        "tomaxint triangular uniform vonmises wald weibull zipf get_state").split()

_RANDOM_WRITES_FIRST = frozenset({"shuffle"})


def _kind(tp):
    if issubclass(tp, np.ndarray) or issubclass(tp, np.generic):
        return "array"
    if issubclass(tp, np.dtype):
        return "dtype"
    if tp is np.finfo or tp is np.iinfo:
        return "info"
    if tp is np.random.Generator:
        return "generator"
    if tp is np.random.RandomState:
        return "random_state"
    if issubclass(tp, tuple) and hasattr(tp, "_fields"):
        return "result"  # SVDResult, EighResult, UniqueAllResult ...
    return None


def names_for(tp):
    """The attribute names the language may read on objects of numpy type ``tp``."""
    kind = _kind(tp)
    if kind == "array":
        names = ARRAY_PROPERTIES | frozenset(ARRAY_METHODS)
        if issubclass(tp, np.generic):  # a scalar cannot change: its in-place methods are left out
            names -= {n for n, (_, mutates) in ARRAY_METHODS.items() if mutates}
        return names
    if kind == "dtype":
        return DTYPE_ATTRS
    if kind == "info":
        return INFO_ATTRS
    if kind == "generator":
        return frozenset(GENERATOR_METHODS)
    if kind == "random_state":
        return frozenset(RANDOM_STATE_METHODS)
    if kind == "result":
        return frozenset(tp._fields) | {"index", "count"}
    return frozenset()


def accessor(tp, name):
    """A function obj -> obj.name for an allowed ``name`` on numpy type ``tp``."""
    kind = _kind(tp)
    if kind == "array" and name in ARRAY_METHODS:
        out_at, mutates = ARRAY_METHODS[name]
        return lambda obj: NumpyMethod(obj, name, out_at, mutates)
    if kind in ("generator", "random_state"):
        writes = name in _RANDOM_WRITES_FIRST
        return lambda obj: NumpyFunction(getattr(obj, name), writes_first=writes)
    return operator.attrgetter(name)
