"""bfloat16 without a numpy bfloat16: float32 storage under a tagged dtype, rounded per op.

numpy has no bfloat16 (and the engine imports numpy only), so a bfloat16 tensor keeps its
values in a float32 array whose numpy dtype is ``BF16_NP``: float32 with metadata
``{"torch": "bfloat16"}``. The tag is what makes the tensor bfloat16 (``dtypes.dtype_of``; module named apart from ``torch.bfloat16``, the dtype);
numpy keeps it through views, copies and most same-dtype ufuncs, and drops it in
reductions, ``np.where``, ``np.concatenate`` and casts.

Every value held is a bfloat16 value (a float32 whose low 16 bits are zero). torch's CPU
kernels compute bfloat16 in float32 ("opmath") and round each op's result once, to nearest
even; the engine does the same at one place, the result of each op (``fix_outputs``, called
from ``Node.apply``), so the op table's forwards need not know about bfloat16: an op whose
torch result dtype is bfloat16 (by the promotion rules) gets its float32 result rounded and
tagged here, whether numpy kept the tag or not.

``BF16_NP == np.dtype(np.float32)`` and the two hash alike, so code that keys on a numpy dtype
conflates them: this module's ``is_bf16`` reads the metadata.
"""

import numpy as np

BF16_NP = np.dtype(np.float32, metadata={"torch": "bfloat16"})

#: set once a bfloat16 value exists in the session: until then the per-op hook costs one test
ACTIVE = [False]

_F32 = np.dtype(np.float32)


def is_bf16_dtype(np_dtype):
    """Whether a numpy dtype is bfloat16's: float32 carrying the tag (the one test of it)."""
    return np_dtype.metadata is not None and np_dtype.type is np.float32


def is_bf16(arr):
    """Whether a numpy array holds bfloat16 values."""
    return is_bf16_dtype(arr.dtype)


def round_bits(a32):
    """The bfloat16 nearest (ties to even) to each float32 of ``a32``, as float32 bits tagged
    bfloat16 (a new array). nan becomes torch's canonical nan (0x7fc0), infinities stay."""
    b = np.ascontiguousarray(a32, dtype=np.float32).view(np.uint32)
    r = (b + (np.uint32(0x7FFF) + ((b >> np.uint32(16)) & np.uint32(1)))) & np.uint32(0xFFFF0000)
    nan = np.isnan(a32)
    if nan.any():
        r = np.where(nan, np.uint32(0x7FC00000), r)
    return np.asarray(r, dtype=np.uint32).reshape(np.shape(a32)).view(BF16_NP)


def to_bf16(arr):
    """``arr`` (any real dtype) converted to bfloat16: through float32, as torch's casts do
    (a float64 is first rounded to float32, then to bfloat16)."""
    ACTIVE[0] = True
    arr = np.asarray(arr)
    if arr.dtype.kind == "c":
        arr = arr.real
    if arr.dtype.type is not np.float32:
        arr = arr.astype(np.float32)
    return round_bits(arr)


def from_bits(u16):
    """bfloat16 values from their 16-bit patterns (a new array)."""
    ACTIVE[0] = True
    return (np.asarray(u16, dtype=np.uint32) << np.uint32(16)).view(BF16_NP)


def to_bits(arr):
    """The 16-bit patterns of a bfloat16 array's values."""
    return (np.ascontiguousarray(arr).view(np.uint32) >> np.uint32(16)).astype(np.uint16)


def nextafter(A, B):
    """torch's nextafter on bfloat16 values: one bfloat16 step (not float32's) towards ``B``."""
    a = np.asarray(A, dtype=np.float32)
    b = np.broadcast_to(np.asarray(B, dtype=np.float32), np.broadcast_shapes(a.shape, np.shape(B)))
    a = np.broadcast_to(a, b.shape)
    bits = (np.ascontiguousarray(a).view(np.uint32) >> np.uint32(16)).astype(np.int32)
    mag = bits & 0x7FFF
    neg = (bits & 0x8000) != 0
    up = b > a  # step towards larger values: +1 on the magnitude of a positive, -1 of a negative
    step = np.where(up != neg, 1, -1)
    new = np.where(mag == 0, np.where(up, 1, 0x8001), bits + step)  # from zero: the smallest subnormal
    out = from_bits(new.astype(np.uint16)).copy()
    same = a == b
    out[same] = b[same]
    nan = np.isnan(a) | np.isnan(b)
    out[nan] = np.nan
    return round_bits(out)


def retag(arr):
    """A bfloat16 array's values as plain float32 (a view: numpy's own code sees float32)."""
    return arr.view(_F32)


def rounded(arr):
    """``arr`` (float32, tagged or not) as bfloat16 values: itself when it already holds them."""
    b = np.asarray(arr).view(np.uint32) if arr.flags.c_contiguous or arr.flags.f_contiguous else None
    if b is not None and not (b & np.uint32(0xFFFF)).any():
        return arr if arr.dtype.metadata is not None else arr.view(BF16_NP)
    return round_bits(arr)


def rounded_if_tagged(arr):
    """``arr`` rounded to bfloat16 if it holds bfloat16 (a sum numpy made in float32), else itself."""
    return rounded(arr) if is_bf16(arr) else arr


def _has_bf16(args):
    for a in args:
        d = getattr(a, "_data", None)
        if d is not None:
            if is_bf16(d):
                return True
        elif type(a) in (list, tuple) and _has_bf16(a):
            return True
    return False


def _tensors(args, out):
    for a in args:
        if getattr(a, "_data", None) is not None:
            out.append(a)
        elif type(a) in (list, tuple):
            _tensors(a, out)
    return out


def _wants_bf16(cls, args, params):
    """Whether torch's result of this op (on these operands) is bfloat16 when numpy gave float32."""
    from . import dtypes
    want = params.get("dtype") if params else None
    if want is not None:
        return dtypes.as_dtype(want) is dtypes.bfloat16 if not isinstance(want, np.dtype) else is_bf16_dtype(want)
    ts = _tensors(args, [])
    scalars = [a for a in args if isinstance(a, (int, float, bool)) and not isinstance(a, type)]
    if not ts:
        return False
    try:
        return dtypes.result_type(*ts, *scalars) is dtypes.bfloat16
    except Exception:  # (operands the promotion rules do not take: the op's own checks speak)
        return False


def _fix(o, want, view):
    if isinstance(o, np.floating):
        o = np.asarray(o)  # (a reduction's numpy scalar)
    if type(o) is not np.ndarray or o.dtype.type is not np.float32:
        if want and type(o) is np.ndarray and o.dtype.kind == "f":
            return to_bf16(o)  # (a kernel that worked in float64: torch's result is bfloat16)
        return o
    if o.dtype.metadata is not None:
        if want is False:  # (a bfloat16 operand of a float32 op: numpy kept its tag)
            return o.view(_F32)
        return o if view else rounded(o)
    if want:
        return o.view(BF16_NP) if view else rounded(o)
    return o


def fix_outputs(cls, args, params, out):
    """An op's result arrays made what torch's are: bfloat16 (rounded once, tagged) where the
    op's result dtype is bfloat16. Called by ``Node.apply`` once a bfloat16 value exists."""
    if isinstance(out, np.floating):
        out = np.asarray(out)  # (a 0-d op's numpy scalar)
    if type(out) is tuple:
        if not any(type(o) is np.ndarray and o.dtype.type is np.float32 for o in out):
            return out
    elif type(out) is not np.ndarray or out.dtype.type is not np.float32:
        return out
    if not _has_bf16(args):
        if type(out) is tuple:
            return tuple(_fix(o, None, cls.is_view) for o in out)
        return _fix(out, None, cls.is_view)
    want = _wants_bf16(cls, args, params)
    if type(out) is tuple:
        return tuple(_fix(o, want, cls.is_view) for o in out)
    return _fix(out, want, cls.is_view)


def fix_meta(node, args, out):
    """Record the bfloat16 inputs of an op whose result is float32 (and the float32 inputs of a
    bfloat16 result): numpy's dtype equality does not tell them apart, and the engine casts each
    gradient back to its input's dtype from this record (``Node._in_meta``)."""
    if type(out) is not np.ndarray or not type(node).broadcasting:
        return
    out_bf = is_bf16(out)
    meta = getattr(node, "_in_meta", None)
    for i, a in enumerate(args):
        d = getattr(a, "_data", None)
        if d is None or d.dtype.kind != "f" or out.dtype.kind != "f" or is_bf16(d) == out_bf:
            continue
        if meta is None:
            meta = [None] * len(args)
        if meta[i] is None:
            meta[i] = (d.shape, d.dtype)
    if meta is not None:
        node._in_meta = meta


def binary_operands(a, b, fn=None):
    """The numpy operands of a binary op with a bfloat16 operand, or None when it has none.

    torch casts every operand (Python scalars and 0-d tensors included) to the op's common
    dtype before its kernel runs: a bfloat16 op sees ``x + 2.3`` as ``x + 2.296875``. A
    bfloat16 operand of an op that is not bfloat16 (float32 + bfloat16) joins as plain float."""
    A = getattr(a, "_data", None)
    B = getattr(b, "_data", None)
    if not (A is not None and is_bf16(A) or B is not None and is_bf16(B)):
        return None
    from . import dtypes
    dt = dtypes.result_type(a, b)
    if dt.category == dtypes._COMPLEX:
        return None
    if dt is dtypes.bfloat16:
        if fn in _OPMATH_SCALAR and (B is None or B.ndim == 0) and not isinstance(b, bool):
            # torch's mul and div kernels read a second operand that is a CPU scalar (a Python
            # number, a 0-d tensor) in float32 ("opmath"), unrounded: x * 1.1 multiplies by 1.1f
            return (_operand(a, A), np.float32(b if B is None else B.view(_F32) if is_bf16(B) else B))
        return (_operand(a, A), _operand(b, B))
    return (a if A is None else _plain(A, dt.np), b if B is None else _plain(B, dt.np))


_OPMATH_SCALAR = (np.multiply, np.divide)


def _operand(x, arr):
    if arr is None:
        return np.float32(to_bf16(np.float64(x)))[()] if not isinstance(x, bool) else x
    return arr if is_bf16(arr) else to_bf16(arr)


def _plain(arr, np_dtype):
    if is_bf16(arr):
        return arr.view(_F32).astype(np_dtype, copy=False)
    return arr


#: nodes whose backward torch runs as one kernel (tanh_backward, softmax_backward_data ...): on
#: bfloat16 it computes in float32 and rounds once, where a rule of several ops would round each
FUSED_BACKWARD = frozenset((
    "TanhBackward0", "SigmoidBackward0", "SiluBackward0", "SoftmaxBackward0", "LogSoftmaxBackward0",
    "GeluBackward0", "EluBackward0", "NllLossBackward0", "MishBackward0", "SoftplusBackward0",
    "HardswishBackward0", "HardsigmoidBackward0", "LeakyReluBackward0", "LogSigmoidBackward0",
))


def fused_backward(node, grad):
    """``node``'s rule on a bfloat16 gradient as torch's fused backward kernel computes it: in
    float32 (the gradient untagged: with the saved bfloat16 values every op promotes to float32),
    each input's gradient rounded to bfloat16 once."""
    from .tensor import Tensor
    g32 = grad._data.view(_F32)
    out = NotImplemented
    if type(node).array_backward is not None:
        out = node.array_backward(g32)  # numpy on the saved values: float32 throughout
    if out is NotImplemented:
        out = node.backward(Tensor._wrap(g32))
    if type(out) not in (tuple, list):
        out = (out,)
    return tuple(g if g is None or g._data.dtype.type is not np.float32 else Tensor._wrap(to_bf16(g._data))
                 for g in out)
