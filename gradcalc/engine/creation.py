"""Creating tensors: from data, filled, ranges, and the ``*_like`` family."""

import collections
import math

import numpy as np

from . import bf16

from . import dtypes as _dt
from .limits import check_numel
from .devices import check_device
from .tensor import Size, Tensor, shape_arg

__all__ = ["tensor", "as_tensor", "from_numpy", "ones", "zeros", "full", "empty", "arange",
           "linspace", "logspace", "eye", "ones_like", "zeros_like", "full_like", "empty_like",
           "zeros_like", "scalar_tensor"]


def _check_device(device):
    if device is not None:
        check_device(device)


def as_array(data, dtype=None):
    """Convert Python data (numbers, nested lists, numpy arrays, tensors) to a numpy array as torch would."""
    dt = None if dtype is None else _dt.as_dtype(dtype)
    if isinstance(data, Tensor):
        arr = data._data
        return arr.copy() if dt is None else arr.astype(dt.np)
    if isinstance(data, np.ndarray):
        if _dt.from_numpy_dtype(data.dtype) is None:
            raise TypeError(f"can't convert np.ndarray of type numpy.{data.dtype} to a tensor; the supported "
                            f"types are: float64, float32, float16, complex64, complex128, int64, int32, int16, int8, uint8, and bool.")
        arr = np.array(data, dtype=None if dt is None else dt.np, copy=True)
        return arr
    if isinstance(data, (np.number, np.bool_)):  # a numpy scalar keeps its dtype, as in torch
        arr = np.asarray(data)
        if dt is not None:
            return arr.astype(dt.np)
        if _dt.from_numpy_dtype(arr.dtype) is not None:
            return arr.copy()
        data = data.item()
    if isinstance(data, (list, tuple)):
        _check_sequence(data)
    elif isinstance(data, str):
        raise TypeError(f"new(): invalid data type '{type(data).__name__}'")
    elif not isinstance(data, (int, float, bool, complex, np.number, np.bool_)):
        raise RuntimeError(f"Could not infer dtype of {type(data).__name__}")
    try:
        arr = np.array(data)
    except OverflowError:
        raise ValueError("Overflow when unpacking long long") from None
    if arr.dtype.kind == "O" or arr.dtype == np.uint64:
        raise ValueError("Overflow when unpacking long long")
    if dt is not None:
        if dt.category < _dt._FLOAT and arr.dtype.kind == "f" and not np.all(np.isfinite(arr)):
            raise RuntimeError("value cannot be converted to type int64 without overflow")
        if arr.dtype.kind == "c" and dt.category != _dt._COMPLEX:
            raise TypeError("must be real number, not complex")  # torch reads each element as a real
        return arr.astype(dt.np)
    kind = arr.dtype.kind
    if kind == "c":
        d = _dt.default_complex_dtype()
        if arr.dtype != d.np:
            arr = arr.astype(d.np)
    elif kind == "f":
        d = _dt.get_default_dtype()
        if arr.dtype != d.np:
            arr = arr.astype(d.np)
    elif kind in "iu":
        if arr.dtype != np.int64:
            arr = arr.astype(np.int64)
    return arr


def _check_sequence(data):
    """Raise torch's errors for ragged nesting or unsupported elements, before numpy sees them."""
    queue = collections.deque([(data, 0)])  # breadth first, in order: torch reports the first mismatch
    shape = {}
    while queue:
        seq, depth = queue.popleft()
        n = len(seq)
        if depth in shape:
            if shape[depth] != n:
                raise ValueError(f"expected sequence of length {shape[depth]} at dim {depth} (got {n})")
        else:
            shape[depth] = n
        kinds = 0
        for item in seq:
            if isinstance(item, (list, tuple)):
                kinds |= 1
                queue.append((item, depth + 1))
            elif isinstance(item, Tensor):
                if item._data.size != 1 or item._data.ndim:
                    if item._data.ndim == 0:
                        continue
                    raise ValueError("only one element tensors can be converted to Python scalars")
                kinds |= 2
            elif isinstance(item, (bool, int, float, complex, np.number, np.bool_)):
                kinds |= 2
            elif isinstance(item, str):
                raise TypeError(f"new(): invalid data type '{type(item).__name__}'")
            else:
                raise RuntimeError(f"Could not infer dtype of {type(item).__name__}")
        if kinds == 3:
            raise TypeError("not a sequence")


FACTORY_GRAD_MSG = "Only Tensors of floating point and complex dtype can require gradients"


def _new_leaf(arr, requires_grad=False):
    if arr.dtype.metadata is not None:  # bfloat16: the float32 values rounded to it (bf16.py)
        arr = bf16.rounded(arr)
        bf16.ACTIVE[0] = True
    t = Tensor._wrap(arr)
    if requires_grad:
        if arr.dtype.kind not in "fc":
            raise RuntimeError(FACTORY_GRAD_MSG)  # the factories' wording (capital O), as torch's
        t._requires_grad = True
    return t


def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A new tensor holding a copy of ``data`` (numbers, nested lists, numpy arrays)."""
    _check_device(device)
    arr = as_array(data, dtype)
    check_numel(arr.shape)
    return _new_leaf(arr, requires_grad)


def as_tensor(data, dtype=None, device=None):
    """Like ``tensor``, but returns ``data`` itself when it already is a tensor of that dtype."""
    _check_device(device)
    if isinstance(data, Tensor):
        return data if dtype is None or _dt.as_dtype(dtype) is data.dtype else data.to(dtype)
    if isinstance(data, np.ndarray) and (dtype is None or _dt.as_dtype(dtype).np == data.dtype):
        return from_numpy(data)
    return tensor(data, dtype=dtype)


def from_numpy(arr):
    """A tensor sharing memory with the numpy array ``arr``."""
    if not isinstance(arr, np.ndarray):
        raise TypeError(f"expected np.ndarray (got {type(arr).__name__})")
    if _dt.from_numpy_dtype(arr.dtype) is None:
        raise TypeError(f"can't convert np.ndarray of type numpy.{arr.dtype} to a tensor")
    return Tensor._wrap(arr)


def scalar_tensor(value, *, dtype=None, requires_grad=False):
    return tensor(value, dtype=dtype or _dt.get_default_dtype(), requires_grad=requires_grad)


def _shape(size):
    return shape_arg(size)


def _filled(size, value, dtype, requires_grad, kw):
    _check_device(kw.pop("device", None))
    kw.pop("layout", None)
    kw.pop("pin_memory", None)
    kw.pop("memory_format", None)
    if kw.pop("out", None) is not None:
        raise TypeError("out= is not supported")
    if kw:
        raise TypeError(f"got an unexpected keyword argument '{next(iter(kw))}'")
    shape = _shape(size)
    check_numel(shape)
    dt = _dt.get_default_dtype() if dtype is None else _dt.as_dtype(dtype)
    check_numel(shape, np.dtype(dt.np).itemsize)  # the memory budget, now that the dtype is known
    if value is None:
        arr = np.empty(shape, dt.np)
        arr.fill(0)  # "uninitialised" memory, but deterministic: nothing random leaks to the screen
    else:
        arr = np.full(shape, value, dt.np)
    return _new_leaf(arr, requires_grad)


def ones(*size, dtype=None, requires_grad=False, **kw):
    """A tensor of the given shape filled with 1."""
    return _filled(size, 1, dtype, requires_grad, kw)


def zeros(*size, dtype=None, requires_grad=False, **kw):
    """A tensor of the given shape filled with 0."""
    return _filled(size, 0, dtype, requires_grad, kw)


def empty(*size, dtype=None, requires_grad=False, **kw):
    """An uninitialised tensor of the given shape (here: zeros)."""
    return _filled(size, None, dtype, requires_grad, kw)


def full(size, fill_value, *, dtype=None, requires_grad=False, **kw):
    """A tensor of shape ``size`` filled with ``fill_value`` (dtype inferred from it as torch does)."""
    if isinstance(fill_value, Tensor):
        fill_value = fill_value.item()
    if dtype is None:
        dtype = _dt.scalar_dtype(fill_value)
    return _filled((size,) if not isinstance(size, (tuple, list, Size)) else (tuple(size),),
                   fill_value, dtype, requires_grad, kw)


def _like(t, value, dtype, requires_grad, kw):
    if not isinstance(t, Tensor):
        raise TypeError(f"expected a Tensor, got {type(t).__name__}")
    return _filled((t._data.shape,), value, t.dtype if dtype is None else dtype, requires_grad, kw)


def ones_like(input, *, dtype=None, requires_grad=False, **kw):
    """Ones with the shape (and dtype) of ``input``."""
    return _like(input, 1, dtype, requires_grad, kw)


def zeros_like(input, *, dtype=None, requires_grad=False, **kw):
    """Zeros with the shape (and dtype) of ``input``."""
    return _like(input, 0, dtype, requires_grad, kw)


def empty_like(input, *, dtype=None, requires_grad=False, **kw):
    return _like(input, None, dtype, requires_grad, kw)


def full_like(input, fill_value, *, dtype=None, requires_grad=False, **kw):
    """``fill_value`` everywhere, with the shape (and dtype) of ``input``."""
    if isinstance(fill_value, Tensor):
        fill_value = fill_value.item()
    return _like(input, fill_value, dtype, requires_grad, kw)


def _num(v):
    return v.item() if isinstance(v, Tensor) else v


def arange(start=0, end=None, step=1, *, dtype=None, requires_grad=False, device=None):
    """Values from ``start`` up to (not including) ``end`` in steps of ``step``."""
    _check_device(device)
    if end is None:
        start, end = 0, start
    start, end, step = _num(start), _num(end), _num(step)
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if (end - start) / step < 0:
        raise RuntimeError("upper bound and larger bound inconsistent with step sign")
    n = max(0, math.ceil((end - start) / step))
    check_numel((n,))
    if dtype is None:
        is_float = any(isinstance(v, float) for v in (start, end, step))
        dt = _dt.get_default_dtype() if is_float else _dt.int64
    else:
        dt = _dt.as_dtype(dtype)
    if dt.category == _dt._FLOAT:
        # computed in float64 as start + i*step, then cast, as torch does
        arr = (start + np.arange(n, dtype=np.float64) * step).astype(dt.np)
    else:
        arr = np.arange(start, start + n * step, step)[:n].astype(dt.np)
    return _new_leaf(arr, requires_grad)


def linspace(start, end, steps, *, dtype=None, requires_grad=False, device=None):
    """``steps`` values evenly spaced from ``start`` to ``end`` inclusive."""
    _check_device(device)
    start, end, steps = _num(start), _num(end), _num(steps)
    if not isinstance(steps, int) or steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    check_numel((steps,))
    dt = _dt.get_default_dtype() if dtype is None else _dt.as_dtype(dtype)
    if dt is _dt.bfloat16 and steps > 1:  # torch's float32 steps, each rounded to bfloat16
        return _new_leaf(bf16.to_bf16(_linspace_float(start, end, steps, np.float32)), requires_grad)
    if dt.np in (np.float32, np.float64) and steps > 1:
        return _new_leaf(_linspace_float(start, end, steps, dt.np), requires_grad)
    if steps == 1:
        arr = np.array([start], dtype=np.float64)
    else:
        # torch fills the first half from start and the second half from end (symmetric rounding)
        step = (end - start) / (steps - 1) if steps > 1 else 0
        i = np.arange(steps, dtype=np.float64)
        half = steps // 2
        arr = np.where(i < half, start + step * i, end - step * (steps - 1 - i))
    if dt.category != _dt._FLOAT:
        arr = np.trunc(arr)
    return _new_leaf(arr.astype(dt.np), requires_grad)


def _linspace_float(start, end, steps, np_dtype):
    """torch's float/double linspace kernel, value for value: the step (end − start) / (steps − 1)
    in the dtype, then the first half as ``start + step·i`` and the second as ``end − step·(steps
    − 1 − i)``, each one fused multiply-add (one rounding), as the compiled kernel computes it.
    float32 FMAs are exact through float64; float64 ones go through long double (x86's 64-bit
    mantissa: a rare double rounding remains, ~0.2% of 1e5 points)."""
    T = np.dtype(np_dtype).type
    wide = np.float64 if T is np.float32 else np.longdouble
    lo, hi = T(start), T(end)
    step = wide((hi - lo) / T(steps - 1))
    i = np.arange(steps)
    first = (wide(lo) + step * i.astype(wide)).astype(T)
    second = (wide(hi) - step * (steps - 1 - i).astype(wide)).astype(T)
    return np.where(i < steps // 2, first, second)


def logspace(start, end, steps, base=10.0, *, dtype=None, requires_grad=False, device=None):
    """``base ** linspace(start, end, steps)``."""
    lin = linspace(start, end, steps, dtype=_dt.float64)
    dt = _dt.get_default_dtype() if dtype is None else _dt.as_dtype(dtype)
    return _new_leaf(np.power(base, lin._data).astype(dt.np), requires_grad)


def eye(n, m=None, *, dtype=None, requires_grad=False, device=None):
    """The identity matrix (``n`` x ``m``)."""
    _check_device(device)
    n = _num(n)
    m = n if m is None else _num(m)
    check_numel((n, m))
    dt = _dt.get_default_dtype() if dtype is None else _dt.as_dtype(dtype)
    return _new_leaf(np.eye(n, m, dtype=dt.np), requires_grad)
