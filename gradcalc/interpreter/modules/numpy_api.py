"""``import numpy as np``: numpy's computing API, by allowlist.

Everything that computes is here; nothing that touches files (``load save savez
loadtxt genfromtxt fromfile tofile memmap DataSource``), memory addresses or
foreign buffers (``frombuffer fromstring ctypeslib lib.format as_strided``),
numpy's own source or the process (``info source lookfor show_config``, ``seterrcall``),
or runs callables numpy-side (``vectorize frompyfunc apply_along_axis fromfunction
piecewise``). Object arrays are refused by every function (numpy_guard).
"""

from __future__ import annotations

import numpy as np

from . import module_of
from .numpy_guard import DTYPE, NDARRAY, NumpyFunction

CREATION = """array asarray asanyarray ascontiguousarray asfortranarray copy zeros ones empty full zeros_like
ones_like empty_like full_like arange linspace logspace geomspace eye identity diag diagflat tri tril triu
vander meshgrid indices fromiter"""

UFUNCS_AND_MATH = """add subtract multiply divide true_divide floor_divide power float_power mod remainder fmod
divmod negative positive absolute abs fabs sign heaviside sqrt cbrt square reciprocal exp exp2 expm1 log log2
log10 log1p logaddexp logaddexp2 sin cos tan arcsin arccos arctan arctan2 hypot sinh cosh tanh arcsinh arccosh
arctanh asin acos atan atan2 asinh acosh atanh deg2rad rad2deg degrees radians floor ceil trunc rint round
around fix maximum minimum fmax fmin clip isnan isinf isfinite isposinf isneginf isnat signbit copysign
nextafter spacing ldexp frexp modf gcd lcm greater greater_equal less less_equal equal not_equal logical_and
logical_or logical_xor logical_not bitwise_and bitwise_or bitwise_xor bitwise_not bitwise_invert invert
left_shift right_shift bitwise_left_shift bitwise_right_shift bitwise_count conj conjugate real imag angle
sinc i0 nan_to_num real_if_close interp convolve correlate cross outer inner dot vdot vecdot matmul
matrix_transpose tensordot kron einsum einsum_path trace cumsum cumprod cumulative_sum cumulative_prod diff
ediff1d gradient trapezoid unwrap polyfit polyval poly roots polyadd polysub polymul polydiv polyder polyint"""

REDUCTIONS = """sum prod mean median average std var min max amin amax ptp argmin argmax nansum nanprod nanmean
nanmedian nanstd nanvar nanmin nanmax nanargmin nanargmax nancumsum nancumprod percentile quantile
nanpercentile nanquantile cov corrcoef histogram histogram2d histogramdd histogram_bin_edges bincount
digitize count_nonzero all any allclose isclose array_equal array_equiv"""

SHAPES = """reshape ravel transpose permute_dims swapaxes moveaxis rollaxis expand_dims squeeze concatenate
concat stack vstack hstack dstack column_stack split array_split hsplit vsplit dsplit unstack tile repeat
flip fliplr flipud roll rot90 broadcast_to broadcast_arrays broadcast_shapes atleast_1d atleast_2d atleast_3d
pad resize append insert delete trim_zeros unravel_index ravel_multi_index shape ndim size block diagonal"""

INDEXING = """where nonzero argwhere flatnonzero take take_along_axis put put_along_axis choose compress extract
select place putmask searchsorted sort argsort lexsort partition argpartition sort_complex unique unique_counts
unique_inverse unique_values unique_all isin intersect1d union1d setdiff1d setxor1d copyto fill_diagonal
diag_indices diag_indices_from tril_indices tril_indices_from triu_indices triu_indices_from mask_indices ix_
ndenumerate ndindex r_ c_ mgrid ogrid s_ index_exp"""

TYPES = """float16 float32 float64 longdouble half single double int8 int16 int32 int64 uint8 uint16 uint32 uint64
intp uintp int_ uint bool_ bool byte ubyte short ushort intc uintc longlong ulonglong complex64 complex128
csingle cdouble clongdouble number integer floating complexfloating signedinteger unsignedinteger generic
inexact str_ finfo iinfo result_type promote_types can_cast issubdtype min_scalar_type common_type isscalar
isreal iscomplex isrealobj iscomplexobj astype ndim shape"""

CONSTANTS = "pi e inf nan newaxis euler_gamma little_endian"

PRINTING = """array2string array_repr array_str format_float_positional format_float_scientific get_printoptions
base_repr binary_repr"""

# the functions that change their first argument in place
WRITES_FIRST = frozenset({"copyto", "put", "place", "putmask", "fill_diagonal", "put_along_axis", "shuffle"})

LINALG = """norm det inv solve eig eigh eigvals eigvalsh svd svdvals qr cholesky lstsq pinv matrix_rank
matrix_power slogdet cond multi_dot tensorinv tensorsolve outer cross matmul trace diagonal vecdot
matrix_norm vector_norm matrix_transpose tensordot vector_norm LinAlgError"""

RANDOM = """seed rand randn randint random random_sample ranf sample choice shuffle permutation normal uniform
standard_normal binomial poisson exponential beta gamma multinomial multivariate_normal laplace logistic
lognormal geometric standard_exponential standard_gamma standard_t triangular chisquare dirichlet
default_rng RandomState"""

FFT = """fft ifft fft2 ifft2 fftn ifftn rfft irfft rfft2 irfft2 rfftn irfftn hfft ihfft fftfreq rfftfreq
fftshift ifftshift"""

# numpy callables handed over as they are: classes whose construction is harmless and whose
# instances' attributes the sandbox allowlists by type
_PLAIN_CLASSES = frozenset({"finfo", "iinfo", "ndenumerate", "ndindex", "RandomState", "LinAlgError"})


def _members(source, names, prefix):
    members = {}
    for name in names.split():
        value = getattr(source, name, _MISSING)
        if value is _MISSING:
            continue  # not in this numpy version
        members[name] = _expose(name, value)
    return members


_MISSING = object()


def _expose(name, value):
    if isinstance(value, type):
        if issubclass(value, np.generic) or name in _PLAIN_CLASSES:
            return value  # np.float32(...), isinstance(x, np.floating), np.finfo(...)
        raise AssertionError(f"numpy class {name} needs a guard")
    if _is_index_helper(value) or not callable(value):
        return value  # constants; r_, c_, mgrid, ogrid, s_ (objects used with [...])
    return NumpyFunction(value, writes_first=name in WRITES_FIRST)


def _is_index_helper(value):
    return type(value).__name__ in ("RClass", "CClass", "MGridClass", "OGridClass", "IndexExpression")


def numpy_module():
    members = {}
    for group in (CREATION, UFUNCS_AND_MATH, REDUCTIONS, SHAPES, INDEXING, TYPES, CONSTANTS, PRINTING):
        members.update(_members(np, group, "numpy"))
    members["ndarray"] = NDARRAY
    members["dtype"] = DTYPE
    members["set_printoptions"] = NumpyFunction(_set_printoptions)
    # np.random, np.fft, np.linalg and np.lib are built when first read: numpy itself loads
    # numpy.random and numpy.fft only then, and `import numpy as np` should cost no more here
    members = _Submodules(members)
    return module_of("numpy", members)


class _Submodules(dict):
    """numpy's members, whose submodules are built on first use."""

    __slots__ = ()
    CHILDREN = ("linalg", "random", "fft", "lib")

    def __missing__(self, name):
        if name not in self.CHILDREN:
            raise KeyError(name)
        from . import find

        child = self[name] = find(f"numpy.{name}")
        return child

    def __contains__(self, name):
        return name in self.CHILDREN or dict.__contains__(self, name)

    def __iter__(self):
        yield from dict.__iter__(self)
        yield from (c for c in self.CHILDREN if not dict.__contains__(self, c))


def _set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None,
                      nanstr=None, infstr=None, sign=None, floatmode=None, *, legacy=None, override_repr=None,
                      **refused):
    """numpy's set_printoptions without ``formatter`` (it would run callables inside numpy's printing)."""
    if refused or override_repr is not None:
        name = next(iter(refused), "override_repr")
        raise TypeError(f"set_printoptions({name}=...) is not available in gradcalc (it runs callables inside "
                        f"numpy's printing)")
    np.set_printoptions(precision=precision, threshold=threshold, edgeitems=edgeitems, linewidth=linewidth,
                        suppress=suppress, nanstr=nanstr, infstr=infstr, sign=sign, floatmode=floatmode,
                        legacy=legacy)


_set_printoptions.__name__ = "set_printoptions"


def _sliding_window_view():
    from numpy.lib.stride_tricks import sliding_window_view

    return NumpyFunction(sliding_window_view)


def linalg_module():
    return module_of("numpy.linalg", _members(np.linalg, LINALG, "numpy.linalg"))


def random_module():
    return module_of("numpy.random", _members(np.random, RANDOM, "numpy.random"))


def fft_module():
    return module_of("numpy.fft", _members(np.fft, FFT, "numpy.fft"))


def stride_tricks_module():
    return module_of("numpy.lib.stride_tricks", {"sliding_window_view": _sliding_window_view()})


def lib_module():
    from . import find

    return module_of("numpy.lib", {"stride_tricks": find("numpy.lib.stride_tricks")})
