"""A float sum along dims (``x.sum(1)``, ``x.mean(dim=0)``) in torch's order of additions (CPU,
AVX2, one thread), so that the printed values are torch's to the last digit.

torch's reduction iterator drops size-1 dims, puts the reduced dims first (smallest stride
first), then the kept ones, and merges neighbours that are contiguous with each other; its
SumKernel.cpp ``cascade_sum`` then sees 2-D pieces (dim 0 reduced, dim 1 reduced or kept)
and adds each piece's total into an output that starts at +0:

- reduced dims innermost in memory ("inner"): each output's contiguous run is summed like a
  whole tensor (ops/cascade_sum.py: vectors of 8 floats / 4 doubles, the cascade, the tail
  scalars, the lanes); shorter than a vector, the same cascade over single values;
- kept dims innermost ("outer"): each output column is summed down the reduced dim; columns
  in whole blocks of 4 vectors (4 single values when the kept run is shorter than a vector)
  take ``multi_row_sum`` (the four-level cascade, no rows of 4), the rest ``row_sum``;
- several reduced dims that do not merge: the innermost one as above (whole-tensor cascade if
  it is contiguous, else ``row_sum`` over single values), and those totals added into the
  output one after another, in memory order of the other reduced dims.

Only C-contiguous float32/float64 inputs of at most CASCADE_MAX elements (torch splits larger
ones among threads); anything else returns None and the caller's numpy sum stands.
"""

import math

import numpy as np

from .cascade_sum import CASCADE_MAX, _LANES, _ILP, _in_order, _multi_row_sum, _row_sum

__all__ = ["sum_along"]


def _inner(y):
    """Each column of ``y`` (n, W), contiguous along n in torch's memory, summed as torch's
    vectorized_inner_sum (n >= lanes) or scalar_inner_sum (n < lanes) does -> (W,)."""
    n, w = y.shape
    lanes = _LANES[y.dtype]
    if n < lanes:
        return _row_sum(y)
    nvec = n // lanes
    vec = _row_sum(np.ascontiguousarray(y[: nvec * lanes].reshape(nvec, lanes, w)))   # (lanes, W)
    # from 0: the scalars past the last whole vector, then the lanes in order
    terms = np.concatenate([np.zeros((1, w), y.dtype), y[nvec * lanes:], vec])
    return np.cumsum(terms, axis=0, dtype=y.dtype)[-1]


def _outer(y, block):
    """Each column of ``y`` (n, ..., m) summed down axis 0 as torch's vectorized_outer_sum /
    scalar_outer_sum: the first columns in whole ``block``s of the last axis by multi_row_sum,
    the rest by row_sum -> (..., m)."""
    m = y.shape[-1]
    cut = m // block * block
    parts = []
    if cut:
        parts.append(_multi_row_sum(np.ascontiguousarray(y[..., :cut])))
    if cut < m:
        parts.append(_row_sum(np.ascontiguousarray(y[..., cut:])))
    return parts[0] if len(parts) == 1 else np.concatenate(parts, axis=-1)


def _runs(shape, reduced):
    """The iterator's dims of a C-contiguous array: size-1 dims dropped, neighbours with the
    same reduced flag merged (they are contiguous with each other) -> [(size, reduced)]."""
    runs = []
    for size, red in zip(shape, reduced):
        if size == 1:
            continue
        if runs and runs[-1][1] == red:
            runs[-1][0] *= size
        else:
            runs.append([size, red])
    return runs


def sum_along(d, dims, keepdim=False):
    """The sum of ``d`` over ``dims`` (normalised, non-empty) in torch's order, or None where
    it is not modelled (other dtypes, sizes or layouts)."""
    if d.dtype not in _LANES or not 0 < d.size <= CASCADE_MAX or not d.flags.c_contiguous or not dims:
        return None
    axes = {a % d.ndim for a in dims}
    out_shape = tuple(1 if i in axes else s for i, s in enumerate(d.shape) if keepdim or i not in axes)
    runs = _runs(d.shape, [i in axes for i in range(d.ndim)])
    x = d.reshape([s for s, _ in runs])
    red = [i for i, (_, r) in enumerate(runs) if r]
    zero = d.dtype.type(0)
    if not red:  # nothing with more than one element is reduced: each output is 0 + x
        return (zero + x).reshape(out_shape)
    if len(red) == len(runs):  # everything reduced: one contiguous run
        return (zero + _inner(x.reshape(-1, 1))).reshape(out_shape)
    first = red[-1]  # the innermost reduced run is the iterator's dim 0
    y = np.ascontiguousarray(np.moveaxis(x, first, 0))
    n0 = y.shape[0]
    if len(red) == 1:
        if first == len(runs) - 1:
            total = _inner(y.reshape(n0, -1))
        else:  # the kept run after it is innermost (stride 1): vectorised if a vector long
            lanes = _LANES[d.dtype]
            total = _outer(y, _ILP * lanes if runs[-1][0] >= lanes else _ILP)
        return (zero + total).reshape(out_shape)
    # several reduced runs: dim 0's totals per (other reduced index, output), then added into
    # the output one after another, the other reduced runs in memory (C) order
    rest = y.shape[1:]
    if first == len(runs) - 1:
        part = _inner(y.reshape(n0, -1))
    else:
        part = _row_sum(y.reshape(n0, -1))
    part = part.reshape(rest)
    others = [i - (i > first) for i in red[:-1]]  # their positions in ``rest``
    part = np.moveaxis(part, others, range(len(others)))
    nrows = math.prod(part.shape[: len(others)])
    part = part.reshape(nrows, -1)
    terms = np.concatenate([np.zeros((1, part.shape[1]), d.dtype), part])
    return np.cumsum(terms, axis=0, dtype=d.dtype)[-1].reshape(out_shape)
