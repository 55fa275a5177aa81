"""Which elements torch's CPU kernels compute with their scalar loop and which with vectors.

It matters where the two loops of one kernel disagree on ties: ``maximum``/``minimum`` and
``clamp`` with tensor bounds return *self* on a tie in the scalar loop (``std::max``) and
*the other operand* in the vectorised one (``_mm256_max_ps``), which shows as the sign of a
zero (``maximum(-0., 0.)``), and through ``1/x`` or ``log`` as -inf against inf.

The model is TensorIterator's: dims ordered by the inputs' strides (``reorder_dimensions``),
the innermost dims merged while every operand's strides allow it (``coalesce_dimensions``),
then each run of the inner dim is done two vectors at a time (AVX2: 32 bytes a vector, the
reference's CPU capability) while the inputs are contiguous there or one of them is a
broadcast scalar, and the rest of the run (fewer than two vectors) by the scalar loop.
"""

import numpy as np

_VECTOR_BYTES = 32


def _element_strides(a, shape, dtype):
    """An input's strides in elements over the broadcast ``shape`` (0 where broadcast), after
    TensorIterator's cast to the common dtype (a copy: the same layout if dense, else contiguous)."""
    a = np.asarray(a)
    if a.dtype != dtype and a.size and not _dense(a):
        a = np.ascontiguousarray(a)
    item = a.itemsize
    full = (0,) * (len(shape) - a.ndim) + tuple(
        0 if n == 1 and m != 1 else s // item for s, n, m in zip(a.strides, a.shape, shape[len(shape) - a.ndim:]))
    return full


def _dense(a):
    """Non-overlapping and dense (no gaps, no stride 0 on a dim of size > 1)."""
    dims = sorted((abs(s), n) for s, n in zip(a.strides, a.shape) if n != 1)
    expect = a.itemsize
    for s, n in dims:
        if s != expect:
            return False
        expect *= n
    return True


def scalar_lanes(shape, inputs, dtype):
    """A bool array of ``shape``: the elements the scalar loop computes (None: all of them)."""
    dtype = np.dtype(dtype)
    total = int(np.prod(shape)) if shape else 1
    step = 2 * (_VECTOR_BYTES // dtype.itemsize)
    if total < step:
        return None
    nd = len(shape)
    strides = [_element_strides(a, shape, dtype) for a in inputs]
    # reorder_dimensions: perm[0] is the fastest dim; an insertion sort by the inputs' strides
    perm = list(range(nd - 1, -1, -1))

    def should_swap(d0, d1):
        for st in strides:
            s0, s1 = st[d0], st[d1]
            if s0 == 0 or s1 == 0:
                continue
            if s0 < s1:
                return -1
            if s0 > s1:
                return 1
            if shape[d0] > shape[d1]:
                return 1
        return 0

    for i in range(1, nd):
        d1 = i
        for d0 in range(i - 1, -1, -1):
            c = should_swap(perm[d0], perm[d1])
            if c > 0:
                perm[d0], perm[d1] = perm[d1], perm[d0]
                d1 = d0
            elif c < 0:
                break
    # coalesce_dimensions, the first group only: how many of the fastest dims make the inner run
    n0 = shape[perm[0]] if nd else 1
    inner = [st[perm[0]] for st in strides] if nd else [0] * len(strides)
    k = 1
    while k < nd:
        d = perm[k]
        if n0 != 1 and shape[d] != 1 and any(n0 * s0 != st[d] for s0, st in zip(inner, strides)):
            break
        if n0 == 1:
            inner = [st[d] for st in strides]
        n0 *= shape[d]
        k += 1
    contiguous = all(s == 1 for s in inner)
    one_scalar = any(s == 0 and all(t == 1 for j, t in enumerate(inner) if j != i) for i, s in enumerate(inner))
    if not (contiguous or one_scalar) or n0 < step:
        return None
    # the element's position within its inner run
    pos = np.zeros(shape, dtype=np.int64)
    scale = 1
    for j in range(k):
        d = perm[j]
        idx = np.arange(shape[d]).reshape([-1 if i == d else 1 for i in range(nd)])
        pos = pos + idx * scale
        scale *= shape[d]
    return pos >= (n0 // step) * step


def self_on_ties(result, a, b):
    """``result`` (numpy's maximum/minimum, which returns the *other* operand on a tie) with
    torch's choice of zero where ``a == b``: self's in the scalar loop (see ``scalar_lanes``)."""
    result = np.asarray(result)
    if result.dtype.kind != "f" or not result.size:
        return result
    A = np.asarray(a)
    B = np.asarray(b)
    tie = (A == B) & (A == 0) & (np.signbit(A) != np.signbit(B))
    if not tie.any():
        return result
    lanes = scalar_lanes(result.shape, (A, B), result.dtype)
    if lanes is not None:
        tie = tie & lanes
    return np.where(tie, A, result).astype(result.dtype, copy=False)
