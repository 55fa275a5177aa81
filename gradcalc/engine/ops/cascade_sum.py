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

import numpy as np

__all__ = ["torch_sum", "sum_all", "CASCADE_MAX"]

CASCADE_MAX = 32768   # torch's GRAIN_SIZE: above it the sum is split by thread count
_LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}
_ILP = 4
_LEVELS = 4


def _ceil_log2(n):
    return int(n - 1).bit_length() if n > 1 else 0


def _multi_row_sum(rows):
    """torch's multi_row_sum: ``rows`` (size, 4, lanes) -> the four accumulators (4, lanes)."""
    size = rows.shape[0]
    dtype = rows.dtype
    power = max(4, _ceil_log2(size) // _LEVELS)
    step = 1 << power
    mask = step - 1
    nblocks = size // step
    acc = [np.zeros(rows.shape[1:], dtype) for _ in range(_LEVELS)]
    if nblocks:  # each block's rows added one after another (all blocks in one cumsum)
        block_sums = np.cumsum(rows[: nblocks * step].reshape(nblocks, step, *rows.shape[1:]), axis=1,
                               dtype=dtype)[:, -1]
        i = 0
        for b in range(nblocks):
            acc[1] = acc[1] + block_sums[b]   # acc[0] is 0 when a block starts: 0 + s is s
            i += step
            for j in range(2, _LEVELS):
                if i & (mask << ((j - 1) * power)):
                    break
                acc[j] = acc[j] + acc[j - 1]
                acc[j - 1] = np.zeros_like(acc[j - 1])
    acc[0] = _sequential(acc[0], rows[nblocks * step:])
    for j in range(1, _LEVELS):
        acc[0] = acc[0] + acc[j]
    return acc[0]


def _sequential(start, rows):
    """start + rows[0] + rows[1] + ... one addition at a time (cumsum adds in order)."""
    if rows.shape[0] == 0:
        return start
    return np.cumsum(np.concatenate([start[None], rows]), axis=0, dtype=start.dtype)[-1]


def _row_sum(units):
    """torch's row_sum over ``units`` (n, lanes): rows of 4, their cascade, the leftovers, then
    the four partial sums added in order."""
    n = units.shape[0]
    size_ilp = n // _ILP
    partial = _multi_row_sum(units[: size_ilp * _ILP].reshape(size_ilp, _ILP, units.shape[1]))
    p0 = _sequential(partial[0], units[size_ilp * _ILP:])
    for k in range(1, _ILP):
        p0 = p0 + partial[k]
    return p0


def torch_sum(flat):
    """The sum of the 1-D float32/float64 array ``flat`` as torch adds it (a 0-d array)."""
    dtype = flat.dtype
    lanes = _LANES[dtype]
    n = flat.shape[0]
    if n >= lanes:
        nvec = n // lanes
        vec = _row_sum(flat[: nvec * lanes].reshape(nvec, lanes))
        # from 0: the scalars past the last whole vector first, then the lanes, in order
        terms = np.concatenate([np.zeros(1, dtype), flat[nvec * lanes:], vec])
        return np.asarray(np.cumsum(terms, dtype=dtype)[-1], dtype)
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
