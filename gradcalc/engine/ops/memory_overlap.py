"""torch's memory-overlap rule for an in-place write (aten's MemoryOverlap.cpp), on numpy arrays.

An in-place op refuses an input that shares *some* memory with the written tensor ("partial"
overlap) and lets through one that shares all of it the same way ("full": the same span with the
same strides) or none. torch decides only for tensors that are non-overlapping and dense; any
other layout is "too hard" and let through. The strides compared are torch's, which differ from
numpy's in two ways this module models: a new size-1 dim's stride (numpy's new axis has stride 0,
torch's unsqueeze and expand give it the extent of the dims after it) and a 0-d tensor expanded to a
shape (all strides 0). ``setitem``'s value is compared as torch's ``copy_to`` reshapes it.
"""

NO, FULL, PARTIAL, TOO_HARD = "no", "full", "partial", "too hard"


def strides(arr):
    """torch's strides (in elements) of a tensor whose memory is ``arr``; None for a layout torch
    never makes (numpy's negative strides: torch's flip and friends copy)."""
    size = arr.itemsize
    out = [s // size for s in arr.strides]
    if any(s < 0 for s in out):
        return None
    nxt = 1
    for d in range(arr.ndim - 1, -1, -1):
        if arr.shape[d] == 1 and out[d] == 0:
            out[d] = nxt  # numpy's new axis (x[None], x[True]) has stride 0; torch's unsqueeze this
        nxt = out[d] * max(arr.shape[d], 1)
    return tuple(out)


def non_overlapping_and_dense(shape, st):
    """torch's is_non_overlapping_and_dense: some order of the dims steps through memory exactly."""
    if len(shape) == 1:
        return shape[0] < 2 or st[0] == 1
    dims = sorted((d for d in range(len(shape)) if shape[d] >= 2), key=lambda d: st[d])
    need = 1
    for d in dims:
        if st[d] != need:
            return False
        need *= shape[d]
    return True


def _address(arr):
    return arr.__array_interface__["data"][0]


def status(a, a_strides, b, b_shape, b_strides):
    """torch's get_overlap_status of the written tensor (array ``a``, torch strides ``a_strides``)
    and an input whose memory starts where array ``b``'s does, seen with shape ``b_shape`` and
    strides ``b_strides`` (b's own, or b's after torch's expand)."""
    b_numel = 1
    for n in b_shape:
        b_numel *= n
    if a.size == 0 or b_numel == 0:
        return NO
    if a_strides is None or b_strides is None or not non_overlapping_and_dense(a.shape, a_strides) \
            or not non_overlapping_and_dense(b_shape, b_strides):
        return TOO_HARD
    a_begin, b_begin = _address(a), _address(b)
    a_end, b_end = a_begin + a.size * a.itemsize, b_begin + b_numel * b.itemsize
    if a_begin == b_begin and a_end == b_end:
        return FULL if tuple(a_strides) == tuple(b_strides) else PARTIAL
    if a_begin < b_end and b_begin < a_end:
        return PARTIAL
    return NO


def input_status(out, inp):
    """The overlap of an in-place op's input array ``inp`` (as it is, before broadcasting: torch's
    TensorIterator checks its operands first) with the written array ``out``."""
    return status(out, strides(out), inp, inp.shape, strides(inp))


def expanded_strides(shape, st, target):
    """torch's inferExpandGeometry: the strides of a tensor (shape, strides) expanded to ``target``
    (a new leading dim of size 1 gets the extent of the dims after it, a broadcast dim 0)."""
    if not shape:
        return (0,) * len(target)
    out = [0] * len(target)
    for i in range(len(target) - 1, -1, -1):
        d = len(shape) - len(target) + i
        size = shape[d] if d >= 0 else 1
        stride = st[d] if d >= 0 else target[i + 1] * out[i + 1]
        out[i] = 0 if size != target[i] else stride
    return tuple(out)


def copy_to_status(dst, value):
    """The overlap torch's ``copy_to`` (``t[key] = value``) meets when it copies the array ``value``
    into the indexed view ``dst``: a value of dst's shape is copied as it is, a 0-d one fills (no
    check: None), any other has its leading 1s dropped (a view) and is expanded to dst's shape."""
    if value.shape == dst.shape:
        return input_status(dst, value)
    if value.ndim == 0:
        return None
    st = strides(value)
    shape = value.shape
    while shape and shape[0] == 1:
        shape, st = shape[1:], None if st is None else st[1:]
    if st is not None:
        st = expanded_strides(shape, st, dst.shape)
    return status(dst, strides(dst), value, dst.shape, st)
