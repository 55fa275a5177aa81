"""Comparisons and logical ops: bool results, never part of the graph."""

import numpy as np

from ..tensor import Tensor
from .support import as_tensor, binary_op, broadcast_error, dims_arg, operand, wrap_dim


_ORDERED = {np.less: "lt", np.less_equal: "le", np.greater: "gt", np.greater_equal: "ge"}


def _compare(fn, a, b):
    a, b = operand(a), operand(b)
    if not isinstance(a, Tensor):
        a = as_tensor(a)
    if a._data.dtype.kind == "c" or isinstance(b, (Tensor, complex)) and _is_complex(b):
        if fn in _ORDERED:  # complex numbers have no order (torch's words)
            from ..complex_support import not_implemented
            raise not_implemented(_ORDERED[fn], (a if a._data.dtype.kind == "c" else as_tensor(b))._data.dtype)
    return Tensor._wrap(np.asarray(binary_op(fn, a, b)))


def eq(input, other):
    """Elementwise ``==`` (bool tensor)."""
    return _compare(np.equal, input, other)


def ne(input, other):
    """Elementwise ``!=`` (bool tensor)."""
    return _compare(np.not_equal, input, other)


def lt(input, other):
    """Elementwise ``<`` (bool tensor)."""
    return _compare(np.less, input, other)


def le(input, other):
    """Elementwise ``<=`` (bool tensor)."""
    return _compare(np.less_equal, input, other)


def gt(input, other):
    """Elementwise ``>`` (bool tensor)."""
    return _compare(np.greater, input, other)


def ge(input, other):
    """Elementwise ``>=`` (bool tensor)."""
    return _compare(np.greater_equal, input, other)


greater, greater_equal, less, less_equal, not_equal = gt, ge, lt, le, ne


def _bitwise(fn, name, a, b):
    a, b = operand(a), operand(b)
    if not isinstance(a, Tensor):
        a, b = b, a
    if isinstance(a, Tensor) and isinstance(b, Tensor):
        try:
            np.broadcast_shapes(a._data.shape, b._data.shape)
        except ValueError:
            raise broadcast_error(a._data.shape, b._data.shape) from None
    for v in (a, b):
        if isinstance(v, Tensor) and v._data.dtype.kind == "f" or isinstance(v, float):
            from ..dtypes import SCALAR_NAMES, result_type
            word = SCALAR_NAMES[result_type(a, b).name]
            raise NotImplementedError(f'"{name}_cpu" not implemented for \'{word}\'')
    return Tensor._wrap(np.asarray(binary_op(fn, a, b)))


def bitwise_and(input, other):
    """Elementwise ``&`` (logical and for bool tensors)."""
    return _bitwise(np.bitwise_and, "bitwise_and", input, other)


def bitwise_or(input, other):
    """Elementwise ``|`` (logical or for bool tensors)."""
    return _bitwise(np.bitwise_or, "bitwise_or", input, other)


def bitwise_xor(input, other):
    """Elementwise ``^`` (logical xor for bool tensors)."""
    return _bitwise(np.bitwise_xor, "bitwise_xor", input, other)


def bitwise_not(input):
    """Elementwise bitwise not (logical not for bool tensors)."""
    if input._data.dtype.kind == "f":
        from ..dtypes import SCALAR_NAMES, from_numpy_dtype
        word = SCALAR_NAMES[from_numpy_dtype(input._data.dtype).name]
        raise NotImplementedError(f'"bitwise_not_cpu" not implemented for \'{word}\'')
    return Tensor._wrap(np.invert(input._data))


def invert(input):
    """``~input``: Python's operator refuses a float tensor before torch's kernel is reached."""
    if input._data.dtype.kind == "f":
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type tensors")
    return bitwise_not(input)


def logical_and(input, other):
    """Elementwise logical and (bool tensor)."""
    return _compare(lambda A, B: np.logical_and(A, B), input, other)


def logical_or(input, other):
    """Elementwise logical or (bool tensor)."""
    return _compare(lambda A, B: np.logical_or(A, B), input, other)


def logical_xor(input, other):
    """Elementwise logical xor (bool tensor)."""
    return _compare(lambda A, B: np.logical_xor(A, B), input, other)


def logical_not(input):
    """Elementwise logical not (bool tensor)."""
    return Tensor._wrap(np.logical_not(as_tensor(input)._data))


def isnan(input):
    """Which elements are NaN."""
    return Tensor._wrap(np.isnan(input._data))


def isinf(input):
    """Which elements are infinite."""
    return Tensor._wrap(np.isinf(input._data))


def isfinite(input):
    """Which elements are finite."""
    return Tensor._wrap(np.isfinite(input._data))


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Elementwise ``|input - other| <= atol + rtol * |other|``."""
    if isinstance(input, Tensor) and isinstance(other, Tensor) and input.dtype is not other.dtype:
        from ..dtypes import SCALAR_NAMES, from_numpy_dtype
        raise RuntimeError(f"{SCALAR_NAMES[from_numpy_dtype(input._data.dtype).name]} did not match "
                           f"{SCALAR_NAMES[from_numpy_dtype(other._data.dtype).name]}")
    return _compare(lambda A, B: np.isclose(A, B, rtol=rtol, atol=atol, equal_nan=equal_nan), input, other)


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """True if every element is close (see isclose)."""
    return bool(isclose(input, other, rtol, atol, equal_nan)._data.all())


def equal(input, other):
    """True if both tensors have the same shape and elements."""
    return input._data.shape == other._data.shape and bool(np.array_equal(input._data, other._data))


def any(input, dim=None, keepdim=False):
    """Whether any element is true (or non-zero), overall or along ``dim``."""
    axis = None if dim is None else dims_arg(dim, input._data.ndim)
    return Tensor._wrap(np.asarray(np.any(input._data, axis=axis, keepdims=keepdim)))


def all(input, dim=None, keepdim=False):
    """Whether every element is true (or non-zero), overall or along ``dim``."""
    axis = None if dim is None else dims_arg(dim, input._data.ndim)
    return Tensor._wrap(np.asarray(np.all(input._data, axis=axis, keepdims=keepdim)))


def _arg(fn, input, dim, keepdim):
    d = input._data
    name = fn.__name__
    if d.dtype.kind == "b":
        raise RuntimeError(f"{name}(): does not support bool input")
    if d.size == 0:
        if dim is None:
            raise IndexError(f"{name}(): Expected reduction dim to be specified for input.numel() == 0.")
        ax = wrap_dim(dim, d.ndim)
        if not d.ndim or d.shape[ax] == 0:
            raise IndexError(f"{name}(): Expected reduction dim {ax} to have non-zero size.")
        return Tensor._wrap(np.zeros(d.shape[:ax] + ((1,) if keepdim else ()) + d.shape[ax + 1:], np.int64))
    if dim is None:
        r = fn(d)
        return Tensor._wrap(np.asarray(r, np.int64).reshape((1,) * d.ndim if keepdim else ()))
    ax = wrap_dim(dim, d.ndim)
    if d.ndim == 0:
        return Tensor._wrap(np.zeros((), np.int64))
    return Tensor._wrap(np.asarray(fn(d, axis=ax, keepdims=keepdim), np.int64))


def argmax(input, dim=None, keepdim=False):
    """Index of the largest element (of the flattened tensor, or along ``dim``)."""
    return _arg(np.argmax, input, dim, keepdim)


def argmin(input, dim=None, keepdim=False):
    """Index of the smallest element (of the flattened tensor, or along ``dim``)."""
    return _arg(np.argmin, input, dim, keepdim)


def count_nonzero(input, dim=None):
    axis = None if dim is None else dims_arg(dim, input._data.ndim)
    return Tensor._wrap(np.asarray(np.count_nonzero(input._data, axis=axis), np.int64))


def _is_complex(b):
    return isinstance(b, complex) or b._data.dtype.kind == "c"
