"""Helpers the op declarations share: operand conversion, promotion, dims, errors."""

import operator

import numpy as np

from .. import bf16

from .. import dtypes as _dt
from ..node import NULL_CTX
from ..tensor import Tensor, _wrap_dim, Size, shape_arg  # noqa: F401  (shape_arg: the ops' name for it)

_FROM_NP = _dt._FROM_NP
_NUMBER = (int, float, bool, np.number, np.bool_)
_REAL = np.dtype(np.float64)


def as_tensor(x, dtype=None):
    """``x`` as a Tensor (lists, numbers and numpy arrays are converted)."""
    if isinstance(x, Tensor):
        return x
    from ..creation import tensor
    return tensor(x, dtype=dtype)


def operand(x):
    """An operand of a binary op: a Tensor or a Python scalar (kept as a 'wrapped number')."""
    if isinstance(x, Tensor):
        return x
    if isinstance(x, (np.number, np.bool_)):  # first: np.float64 is a float; torch treats it as a number
        return x.item()
    if isinstance(x, (bool, int, float, complex)):
        return x
    if isinstance(x, (list, tuple, np.ndarray)):
        return as_tensor(x)
    raise TypeError(f"unsupported operand type: '{type(x).__name__}'")


_BF16 = bf16.ACTIVE


def binary_arrays(a, b, true_divide=False):
    """The numpy operands of a binary op, cast so numpy computes in torch's result dtype."""
    if _BF16[0]:
        r = bf16.binary_operands(a, b)  # (every operand cast to bfloat16 first, as torch's kernels)
        if r is not None:
            return r
    a_is_t = isinstance(a, Tensor)
    b_is_t = isinstance(b, Tensor)
    A = a._data if a_is_t else a
    B = b._data if b_is_t else b
    if a_is_t and b_is_t:
        da, db = A.dtype, B.dtype
        if da == db and (not true_divide or da.kind == "f"):
            return A, B
        if da.kind == "f" and db.kind == "b" or da.kind == "b" and db.kind == "f":
            return A, B  # a float with a bool mask: numpy keeps the float dtype, as torch does
    elif a_is_t:
        if A.dtype.kind == "f" and not isinstance(b, (bool, complex)):
            if A.base is not None:
                A = _unbroadcast(A)
            return A, B  # numpy keeps a float array's dtype against a Python scalar (NEP 50)
    elif b_is_t:
        if B.dtype.kind == "f" and not isinstance(a, (bool, complex)):
            if B.base is not None:
                B = _unbroadcast(B)
            return A, B
    dt = _dt.result_type(a, b)
    if true_divide and dt.category < _dt._FLOAT:
        dt = _dt.get_default_dtype()
    npdt = dt.np
    A = A.astype(npdt, copy=False) if a_is_t else _scalar_as(a, npdt)
    B = B.astype(npdt, copy=False) if b_is_t else _scalar_as(b, npdt)
    return A, B


def _unbroadcast(arr):
    """A contiguous copy of a fully broadcast array (every stride 0, as ``sum``'s backward makes).

    numpy is several times slower on such an array with a scalar than on a
    contiguous one, and the copy costs less than the difference.
    """
    if arr.size > 1 and not any(arr.strides):
        return np.ascontiguousarray(arr)
    return arr


def _scalar_as(v, npdt):
    """A Python scalar as a 0-d array of ``npdt``, wrapping out-of-range ints as torch does."""
    if npdt.kind in "iu" and isinstance(v, int) and not isinstance(v, bool):
        info = np.iinfo(npdt)
        if not info.min <= v <= info.max:
            v = np.array(v).astype(npdt)  # wraps around like a C cast
            return v
    return np.array(v, dtype=npdt)


def check_broadcast(sa, sb):
    """torch's error where shapes ``sa`` and ``sb`` do not broadcast (checks that torch makes
    before a kernel's own)."""
    try:
        np.broadcast_shapes(sa, sb)
    except ValueError:
        raise broadcast_error(sa, sb) from None


def broadcast_error(sa, sb):
    """torch's message for shapes that do not broadcast."""
    la, lb = len(sa), len(sb)
    n = max(la, lb)
    for i in range(1, n + 1):
        da = sa[-i] if i <= la else 1
        db = sb[-i] if i <= lb else 1
        if da != db and da != 1 and db != 1:
            return RuntimeError(f"The size of tensor a ({da}) must match the size of tensor b ({db}) "
                                f"at non-singleton dimension {n - i}")
    return RuntimeError(f"shapes {list(sa)} and {list(sb)} cannot be broadcast together")


# The arithmetic ufuncs and numpy's scalar arithmetic for them: on 0-d float operands the same IEEE
# operation (the same result, dtype and errors), without the ufunc machinery (~5x cheaper).
_SCALAR_MATH = {np.add: operator.add, np.subtract: operator.sub, np.multiply: operator.mul,
                np.true_divide: operator.truediv}


def binary_op(fn, a, b, true_divide=False):
    """``fn`` on the operands as ``binary_arrays`` gives them, with torch's message where the shapes
    do not broadcast: the forward of every binary op. (A 0-d float tensor with a Python number or a
    0-d tensor of its dtype gives a numpy scalar: the op's result is made an array by the caller.)"""
    if a.__class__ is Tensor:
        A = a._data
        if not A.ndim and A.dtype.kind == "f" and not _BF16[0]:  # (bfloat16 operands: binary_arrays)
            c = b.__class__
            if c is float or c is int:  # (not bool: torch promotes a bool operand apart)
                op = _SCALAR_MATH.get(fn)
                if op is not None:
                    return op(A[()], b)
            elif c is Tensor:
                B = b._data
                if not B.ndim and B.dtype == A.dtype:
                    op = _SCALAR_MATH.get(fn)
                    if op is not None:
                        return op(A[()], B[()])
    r = bf16.binary_operands(a, b, fn) if _BF16[0] else None
    A, B = binary_arrays(a, b, true_divide) if r is None else r
    try:
        return fn(A, B)
    except ValueError:
        raise broadcast_error(np.shape(A), np.shape(B)) from None


def binary_apply(fn, a, b, floating=True, **kw):
    """``fn`` of two operands' values, broadcast and promoted as torch's binary ops are (torch's
    message where the shapes do not broadcast); ``floating``: integer operands give the default
    float dtype."""
    A, B = binary_arrays(a, b)
    if getattr(A, "dtype", _REAL).kind == "c" or getattr(B, "dtype", _REAL).kind == "c":
        from ..complex_support import binary_refusal
        binary_refusal(fn, A if getattr(A, "dtype", _REAL).kind == "c" else B)
    if floating:
        A, B = np.asarray(A), np.asarray(B)
        if A.dtype.kind not in "fc" and B.dtype.kind not in "fc":
            dt = _dt.get_default_dtype().np
            A, B = A.astype(dt), B.astype(dt)
    try:
        out = np.asarray(fn(A, B, **kw) if kw else fn(A, B))
    except ValueError:
        raise broadcast_error(np.shape(A), np.shape(B)) from None
    dt = _dt.result_type(a, b)  # torch's promotion (numpy may widen against a Python float)
    if floating and dt.category < _dt._FLOAT:
        dt = _dt.get_default_dtype()
    return out.astype(dt.np, copy=False) if out.dtype.kind in "fc" else out


def floating(fn, a):
    """``fn`` of ``a``'s values as floats, in torch's result dtype: integer and bool tensors
    become the default float dtype; float16 is computed in float32 and rounded once, as torch's
    kernels do."""
    d = a._data
    k = d.dtype.kind
    if k != "f":
        if k == "c":
            from ..complex_support import complex_forward
            return complex_forward(fn, d)
        return fn(d.astype(_dt.get_default_dtype().np))
    if d.dtype == np.float16:
        return fn(d.astype(np.float32)).astype(np.float16)
    return fn(d)


_TYPE_WORDS = _dt.ALL_SCALAR_NAMES


def type_word(arr):
    """torch's ScalarType name for an array's dtype (``Long``, ``Float``...)."""
    return _TYPE_WORDS[_dt.from_numpy_dtype(arr.dtype).name]


def own_index(ctx, index):
    """An index a node keeps for its backward, copied when the node is recorded: the user may
    change the index tensor in place afterwards, and the gradient must still go where the
    forward read (torch raises instead; this way the result is right)."""
    if ctx is NULL_CTX:
        return index
    if isinstance(index, Tensor):
        return Tensor._wrap(index._data.copy())
    if isinstance(index, tuple):
        return tuple(k.copy() if isinstance(k, np.ndarray) else k for k in index)
    return index


def zeros_grad(g):
    """A zero gradient shaped like ``g``, with no history: what torch returns for a rule whose
    derivative is zero (``grad * 0`` would turn an infinite gradient into nan)."""
    return Tensor._wrap(np.zeros_like(g._data))


def shape_of(x):
    return x._data.shape if isinstance(x, Tensor) else ()


def wrap_dim(dim, ndim):
    return _wrap_dim(dim, ndim)


def dims_arg(dim, ndim):
    """Normalise ``dim`` (None, int, or tuple/list of ints) to a sorted tuple of dims, or None."""
    if dim is None:
        return None
    if ndim == 0:
        # a 0-d tensor has one implicit dim (0 or -1): reducing over it changes nothing
        for d in (dim if isinstance(dim, (tuple, list, Size)) else (dim,)):
            _wrap_dim(d, 0)
        return ()
    if isinstance(dim, (tuple, list, Size)):
        seen = []
        for d in dim:
            w = _wrap_dim(d, ndim)
            if w in seen:
                raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
            seen.append(w)
        return tuple(sorted(seen))
    return (_wrap_dim(dim, ndim),)


def dtype_name(arr):
    return _FROM_NP[arr.dtype.type] if arr.dtype.metadata is None else _dt.dtype_of(arr)


def is_float(arr):
    return arr.dtype.kind == "f"


def expand_reduced(g, in_shape, dims, keepdim):
    """Put back the dimensions a reduction removed, so ``g`` broadcasts to ``in_shape``."""
    if dims is None:
        return g.reshape((1,) * len(in_shape)) if g._data.ndim != len(in_shape) else g
    if not keepdim:
        shape = list(g._data.shape)
        for d in dims:
            shape.insert(d, 1)
        g = g.reshape(tuple(shape))
    return g
