"""``torch.fft``: discrete Fourier transforms with torch's arguments, dtypes, errors and graphs.

Each function is lowered as torch lowers it (``aten/src/ATen/native/SpectralOps.cpp``) to the
three transforms of ``fft_nodes.py``, so the ``grad_fn`` chain is torch's: ``n``/``s`` first
trim the input (``SliceBackward0``) or zero-pad it (``ConstantPadNdBackward0``); ``fft`` of a
real tensor is a two-sided r2c (``FftR2CBackward0``), ``ifft`` of a real one its conjugate
(``ConjBackward0``), ``hfft`` a c2r of the conjugate, ``ihfft`` the conjugate of an r2c;
``fftn`` makes a real input complex first. ``norm`` is ``"backward"`` (the default: the
forward transform unscaled, the inverse by 1/n), ``"forward"`` (the other way round) or
``"ortho"`` (both by 1/√n). Integer inputs become the default float dtype; float32 gives
complex64 and float64 complex128; float16 is refused (numpy has no half-precision FFT).
"""

import numpy as np

from . import dtypes as _dt
from .fft_nodes import BY_N, BY_ROOT_N, NONE, c2c, c2r, r2c
from .tensor import Tensor

__all__ = ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn", "irfftn",
           "hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn", "fftshift", "ifftshift", "fftfreq", "rfftfreq"]


def _norm_mode(norm, forward):
    if norm is None or norm == "backward":
        return NONE if forward else BY_N
    if norm == "forward":
        return BY_N if forward else NONE
    if norm == "ortho":
        return BY_ROOT_N
    raise RuntimeError(f"Invalid normalization mode: \"{norm}\"")


def _check_input(x, name):
    if not isinstance(x, Tensor):
        raise TypeError(f"fft_{name}(): argument 'input' (position 1) must be Tensor, not {type(x).__name__}")


def _promote(x, require_complex=False):
    """torch's promote_tensor_fft: integers to the default float dtype, half refused, complex if asked."""
    k = x._data.dtype.kind
    if k in "iub":
        x = x.to(_dt.get_default_dtype())
    elif x._data.dtype == np.float16:
        raise RuntimeError("Unsupported dtype Half")
    if require_complex and x._data.dtype.kind != "c":
        x = x.to(_dt.TO_COMPLEX[x.dtype])
    return x


def _wrap(dim, ndim):
    if ndim == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    n = max(ndim, 1)
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return dim % n


def _resize(x, dims, sizes):
    """Trim (a slice) or zero-pad (constant_pad_nd) ``x`` to ``sizes`` along ``dims``, as torch's
    resize_fft_input: one slice per trimmed dim, then one pad for all padded dims."""
    pad = [0] * (2 * x._data.ndim)
    must_pad = False
    for d, n in zip(dims, sizes):
        have = x._data.shape[d]
        if have > n:
            x = x.narrow(d, 0, n)
        elif have < n:
            pad[2 * (x._data.ndim - 1 - d) + 1] = n - have
            must_pad = True
    if must_pad:
        from .ops.conv import constant_pad_nd
        x = constant_pad_nd(x, pad)
    return x


def _check_n(n):
    if n < 1:
        raise RuntimeError(f"Invalid number of data points ({n}) specified")


# -- one dimension ------------------------------------------------------------------------------

def _c2c_1d(name, x, n, dim, norm, forward):
    _check_input(x, name)
    dim = _wrap(dim, x._data.ndim)
    if n is not None:
        _check_n(n)
    if x._data.dtype.kind != "c":
        return _r2c_1d(name, x, n, dim, norm, forward, onesided=False)
    if n is not None:
        x = _resize(x, (dim,), (n,))
    return c2c(x, (dim,), _norm_mode(norm, forward), forward)


def _r2c_1d(name, x, n, dim, norm, forward, onesided=True):
    _check_input(x, name)
    if x._data.dtype.kind == "c":
        raise RuntimeError(f"{name} expects a real input tensor, but got {_dt.ALL_SCALAR_NAMES[x.dtype.name]}")
    x = _promote(x)
    dim = _wrap(dim, x._data.ndim)
    if n is not None:
        _check_n(n)
        x = _resize(x, (dim,), (n,))
    if x._data.shape[dim] < 1:
        _check_n(x._data.shape[dim])
    out = r2c(x, (dim,), _norm_mode(norm, forward), onesided)
    if not forward:
        from .ops.complex_ops import conj
        out = conj(out)
    return out


def _c2r_1d(name, x, n, dim, norm, forward):
    _check_input(x, name)
    x = _promote(x, require_complex=True)
    dim = _wrap(dim, x._data.ndim)
    if n is None:
        n = 2 * (x._data.shape[dim] - 1)
    else:
        x = _resize(x, (dim,), (n // 2 + 1,))
    _check_n(n)
    if forward:
        from .ops.complex_ops import conj
        x = conj(x)
    return c2r(x, (dim,), _norm_mode(norm, forward), n)


def fft(input, n=None, dim=-1, norm=None, *, out=None):
    """The one-dimensional discrete Fourier transform along ``dim``."""
    return _c2c_1d("fft", input, n, dim, norm, True)


def ifft(input, n=None, dim=-1, norm=None, *, out=None):
    """The one-dimensional inverse discrete Fourier transform along ``dim``."""
    return _c2c_1d("ifft", input, n, dim, norm, False)


def rfft(input, n=None, dim=-1, norm=None, *, out=None):
    """The transform of a real signal: the n // 2 + 1 non-negative frequencies."""
    return _r2c_1d("rfft", input, n, dim, norm, True)


def irfft(input, n=None, dim=-1, norm=None, *, out=None):
    """The inverse of rfft: a real signal of ``n`` points (2 * (m - 1) by default)."""
    return _c2r_1d("irfft", input, n, dim, norm, False)


def hfft(input, n=None, dim=-1, norm=None, *, out=None):
    """The transform of a Hermitian-symmetric signal given by its first half: real."""
    return _c2r_1d("hfft", input, n, dim, norm, True)


def ihfft(input, n=None, dim=-1, norm=None, *, out=None):
    """The inverse of hfft: the one-sided inverse transform of a real signal."""
    return _r2c_1d("ihfft", input, n, dim, norm, False)


# -- n dimensions -------------------------------------------------------------------------------

def _shape_and_dims(name, x, s, dim, c2r_last=False):
    """torch's canonicalize_fft_shape_and_dim_args: the dims and the sizes to transform."""
    ndim = x._data.ndim
    if isinstance(dim, int):
        dim = (dim,)
    if isinstance(s, int):
        s = (s,)
    if dim is not None:
        dims = [_wrap(d, ndim) for d in dim]
        if len(set(dims)) != len(dims):
            raise RuntimeError("FFT dims must be unique")
    if s is not None:
        s = list(s)
        if dim is not None and len(s) != len(dims):
            raise RuntimeError("When given, dim and shape arguments must have the same length")
        if len(s) > ndim:
            raise RuntimeError(f"Got shape with {len(s)} values but input tensor only has {ndim} dimensions.")
        if dim is None:
            dims = list(range(ndim - len(s), ndim))
        sizes = []
        for i, (d, n) in enumerate(zip(dims, s)):
            if n == -1:
                n = x._data.shape[d]
                if c2r_last and i == len(s) - 1:
                    n = 2 * (n - 1)
            if n < 1:
                raise RuntimeError(f"Invalid number of data points ({n}) specified")
            sizes.append(n)
        return dims, sizes, True
    if dim is None:
        dims = list(range(ndim))
    sizes = [x._data.shape[d] for d in dims]
    if c2r_last and dims:
        sizes[-1] = 2 * (sizes[-1] - 1)
    for n in sizes[:-1] if c2r_last else sizes:
        if n < 1:
            raise RuntimeError(f"Invalid number of data points ({n}) specified")
    return dims, sizes, False


def _c2c_nd(name, x, s, dim, norm, forward):
    _check_input(x, name)
    x = _promote(x, require_complex=True)
    dims, sizes, given = _shape_and_dims(name, x, s, dim)
    x = _resize(x, dims, sizes)
    return c2c(x, tuple(dims), _norm_mode(norm, forward), forward)


def _r2c_nd(name, x, s, dim, norm):
    _check_input(x, name)
    if x._data.dtype.kind == "c":
        raise RuntimeError(f"{name} expects a real-valued input tensor, but got "
                           f"{_dt.ALL_SCALAR_NAMES[x.dtype.name]}")
    x = _promote(x)
    dims, sizes, given = _shape_and_dims(name, x, s, dim)
    if not dims:
        raise RuntimeError(f"{name} must transform at least one axis")
    x = _resize(x, dims, sizes)
    return r2c(x, tuple(dims), _norm_mode(norm, True), True)


def _c2r_nd(name, x, s, dim, norm):
    _check_input(x, name)
    x = _promote(x, require_complex=True)
    dims, sizes, given = _shape_and_dims(name, x, s, dim, c2r_last=True)
    if not dims:
        raise RuntimeError(f"{name} must transform at least one axis")
    last = sizes[-1]
    _check_n(last)
    x = _resize(x, dims, sizes[:-1] + [last // 2 + 1])
    return c2r(x, tuple(dims), _norm_mode(norm, False), last)


def fftn(input, s=None, dim=None, norm=None, *, out=None):
    """The N-dimensional discrete Fourier transform over ``dim`` (every dim by default)."""
    return _c2c_nd("fftn", input, s, dim, norm, True)


def ifftn(input, s=None, dim=None, norm=None, *, out=None):
    """The N-dimensional inverse discrete Fourier transform."""
    return _c2c_nd("ifftn", input, s, dim, norm, False)


def fft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    """The 2-dimensional discrete Fourier transform (the last two dims by default)."""
    return _c2c_nd("fft2", input, s, dim, norm, True)


def ifft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    """The 2-dimensional inverse discrete Fourier transform."""
    return _c2c_nd("ifft2", input, s, dim, norm, False)


def rfftn(input, s=None, dim=None, norm=None, *, out=None):
    """The N-dimensional transform of a real signal (the last transformed dim halved)."""
    return _r2c_nd("rfftn", input, s, dim, norm)


def irfftn(input, s=None, dim=None, norm=None, *, out=None):
    """The inverse of rfftn."""
    return _c2r_nd("irfftn", input, s, dim, norm)


def rfft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    """The 2-dimensional transform of a real signal."""
    return _r2c_nd("rfft2", input, s, dim, norm)


def irfft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    """The inverse of rfft2."""
    return _c2r_nd("irfft2", input, s, dim, norm)


def _hfft_nd(name, x, s, dim, norm):
    from .ops.complex_ops import conj
    _check_input(x, name)
    x = _promote(x, require_complex=True)
    dims, sizes, given = _shape_and_dims(name, x, s, dim, c2r_last=True)
    if not dims:
        raise RuntimeError(f"{name} must transform at least one axis")
    last = sizes[-1]
    _check_n(last)
    x = _resize(x, dims, sizes[:-1] + [last // 2 + 1])
    mode = _norm_mode(norm, True)
    if len(dims) > 1:
        x = c2c(x, tuple(dims[:-1]), mode, True)
    return c2r(conj(x), (dims[-1],), mode, last)


def _ihfft_nd(name, x, s, dim, norm):
    from .ops.complex_ops import conj, conj_physical
    _check_input(x, name)
    if x._data.dtype.kind == "c":
        raise RuntimeError(f"Only supports floating-point dtypes, but found: {_dt.ALL_SCALAR_NAMES[x.dtype.name]}")
    x = _promote(x)
    dims, sizes, given = _shape_and_dims(name, x, s, dim)
    if not dims:
        raise RuntimeError(f"{name} must transform at least one axis")
    x = _resize(x, dims, sizes)
    mode = _norm_mode(norm, False)
    out = r2c(x, (dims[-1],), mode, True)
    if len(dims) == 1:
        return conj(out)
    return c2c(conj_physical(out), tuple(dims[:-1]), mode, False)


def hfftn(input, s=None, dim=None, norm=None, *, out=None):
    """The N-dimensional transform of a Hermitian-symmetric signal given by its first half: real."""
    return _hfft_nd("hfftn", input, s, dim, norm)


def ihfftn(input, s=None, dim=None, norm=None, *, out=None):
    """The inverse of hfftn."""
    return _ihfft_nd("ihfftn", input, s, dim, norm)


def hfft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    """The 2-dimensional hfft."""
    return _hfft_nd("hfft2", input, s, dim, norm)


def ihfft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    """The 2-dimensional ihfft."""
    return _ihfft_nd("ihfft2", input, s, dim, norm)


# -- helpers ------------------------------------------------------------------------------------

def _shift(x, dim, up):
    from .ops.structure import roll
    if dim is None:
        dims = list(range(x._data.ndim))
    elif isinstance(dim, int):
        dims = [dim]
    else:
        dims = list(dim)
    if not dims:
        return x.clone() if False else x
    shifts = [(x._data.shape[d] + up) // 2 for d in dims]
    return roll(x, shifts, dims)


def fftshift(input, dim=None):
    """Moves the zero frequency to the middle: a roll by n // 2 along each dim."""
    return _shift(input, dim, 0)


def ifftshift(input, dim=None):
    """The inverse of fftshift: a roll by (n + 1) // 2."""
    return _shift(input, dim, 1)


def _freq(values, n, d, dtype, requires_grad):
    from .creation import _new_leaf
    dt = _dt.get_default_dtype() if dtype is None else _dt.as_dtype(dtype)
    scale = dt.np.type(1.0 / (n * d)) if dt.category >= _dt._FLOAT else 1.0 / (n * d)
    arr = (np.asarray(values, dt.np) * scale).astype(dt.np)
    return _new_leaf(arr, requires_grad)


def fftfreq(n, d=1.0, *, dtype=None, layout=None, device=None, requires_grad=False, pin_memory=False, out=None):
    """The sample frequencies of an n-point fft: [0, 1, ..., -(n // 2), ..., -1] / (d * n)."""
    k = np.concatenate((np.arange((n + 1) // 2), np.arange(-(n // 2), 0)))
    return _freq(k, n, d, dtype, requires_grad)


def rfftfreq(n, d=1.0, *, dtype=None, layout=None, device=None, requires_grad=False, pin_memory=False, out=None):
    """The sample frequencies of an n-point rfft: [0, 1, ..., n // 2] / (d * n)."""
    return _freq(np.arange(n // 2 + 1), n, d, dtype, requires_grad)
