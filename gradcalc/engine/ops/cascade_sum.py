"""A whole-tensor float sum in torch's order of additions (CPU, AVX2), so that a printed
``loss.item()`` is torch's to the last digit.

torch sums a contiguous float/double tensor (SumKernel.cpp ``cascade_sum``) in vectors of
8 floats (4 doubles): the vectors are read as rows of 4 (``row_sum``'s ILP factor); rows are
added up in blocks of 2^p (p = max(4, ceil(log2(rows)) / 4)) and each block's total is carried
up through four accumulation levels (``multi_row_sum``), leftover vectors go into the first
accumulator, the four accumulators are added, then the scalars past the last whole vector are
summed from 0 and the eight (four) lanes of the vector added to them in order. numpy's pairwise
summation rounds differently, and a polynomial fit's loss over 2,000 points shows it from the
first printed line. Used for tensors of at most 32,768 elements, which torch sums in one piece
(larger ones are split among threads).
"""

import math

import numpy as np

__all__ = ["torch_sum", "sum_all", "CASCADE_MAX"]

CASCADE_MAX = 32768   # torch's GRAIN_SIZE: above it the sum is split by thread count
_LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}
_ILP = 4
_LEVELS = 4


def _ceil_log2(n):
    return int(n - 1).bit_length() if n > 1 else 0


def _in_order(parts, axis=0):
    """The total of ``parts`` along ``axis``, added one at a time from the first.

    numpy adds pairwise only along the fast (innermost) axis of memory; along any other axis a
    reduction adds each slice into the result in turn (numpy's documented behaviour, and the
    cheap way: one call). When nothing after that axis has more than one element (or the
    array is not C-contiguous) it could be the fast axis, so cumsum (always in order) is used."""
    if parts.shape[axis] == 1:
        return parts[(slice(None),) * axis + (0,)]
    if math.prod(parts.shape[axis + 1:]) > 1 and parts.flags.c_contiguous:
        return np.add.reduce(parts, axis=axis)
    return parts.cumsum(axis=axis, dtype=parts.dtype)[(slice(None),) * axis + (-1,)]


def _multi_row_sum(rows):
    """torch's multi_row_sum: ``rows`` (size, 4, lanes) -> the four accumulators added (4, lanes).

    torch adds each block of ``step`` rows into acc[0], carries acc[0] into acc[1] after every
    block, acc[1] into acc[2] after every ``step`` blocks, acc[2] into acc[3] after every
    ``step**2`` blocks (each carry resets the lower level to 0), and finally adds
    ((acc[0] + acc[1]) + acc[2]) + acc[3]. Because x + 0 is x (the sign of a zero cannot reach
    the result, which torch starts from +0) and a + b is b + a, this is the same as: pad the
    rows with zero rows to whole blocks, add each block in order, pad the block totals to whole
    groups of ``step``, add each group in order, once more for the level above, then add the
    top level's totals in order — the leftover rows' total (acc[0]) lands as the last block, the
    leftover blocks' total (acc[1] + acc[0]) as the last group, and so on. A few reductions
    over reshaped arrays instead of a Python loop over blocks."""
    size = rows.shape[0]
    if size == 0:
        return np.zeros(rows.shape[1:], rows.dtype)
    step = 1 << max(4, _ceil_log2(size) // _LEVELS)
    level = rows
    for _ in range(_LEVELS - 1):
        n = level.shape[0]
        if n <= step:  # one (padded) group: its in-order total is the whole level's
            return _in_order(level)
        groups = -(-n // step)
        if groups * step != n:
            level = np.concatenate([level, np.zeros((groups * step - n, *level.shape[1:]), level.dtype)])
        level = _in_order(level.reshape(groups, step, *level.shape[1:]), axis=1)
    return _in_order(level)  # acc[3] is never carried: its totals are added one after another


def _row_sum(units):
    """torch's row_sum over ``units`` (n, ...) along axis 0, each trailing position on its own
    (the lanes of a vector, or independent outputs): rows of 4, their cascade, the leftovers,
    then the four partial sums added in order."""
    n = units.shape[0]
    size_ilp = n // _ILP
    partial = _multi_row_sum(units[: size_ilp * _ILP].reshape(size_ilp, _ILP, *units.shape[1:]))
    # partial[0] + the leftover units one by one, then + partial[1] + partial[2] + partial[3]
    return _in_order(np.concatenate([partial[:1], units[size_ilp * _ILP:], partial[1:]]))


def torch_sum(flat):
    """The sum of the 1-D float32/float64 array ``flat`` as torch adds it (a 0-d array)."""
    dtype = flat.dtype
    lanes = _LANES[dtype]
    n = flat.shape[0]
    if n >= lanes:
        nvec = n // lanes
        vec = _row_sum(flat[: nvec * lanes].reshape(nvec, lanes))
        # from 0: the scalars past the last whole vector first, then the lanes, in order
        # (0 + x is x: with no scalars left over the lanes alone are added)
        terms = np.concatenate([np.zeros(1, dtype), flat[nvec * lanes:], vec]) if n > nvec * lanes else vec
        return np.asarray(terms.cumsum(dtype=dtype)[-1], dtype)
    # fewer elements than a vector: the same row_sum over single values
    return np.asarray(_row_sum(flat.reshape(n, 1))[0], dtype)


def sum_all(d, dims=None, keepdim=False):
    """The sum of every element of ``d`` (float32/float64, at most CASCADE_MAX elements, one dense
    block of memory) in torch's order — memory order, as TensorIterator walks it — or None where
    the caller's numpy sum stands (other dtypes, sizes, layouts, or a partial reduction)."""
    if d.dtype not in _LANES or not 0 < d.size <= CASCADE_MAX:
        return None
    if not (d.flags.c_contiguous or d.flags.f_contiguous):
        return None
    if dims is not None and len({a % d.ndim for a in dims}) != d.ndim:
        return None
    if d.size == 1 and d.reshape(-1)[0] != 0:  # 0 + x is x (a zero would take +0.0, as torch's)
        total = np.asarray(d.reshape(-1)[0], d.dtype)
    else:
        total = torch_sum(d.ravel(order="K"))
    return total.reshape((1,) * d.ndim) if keepdim else total
