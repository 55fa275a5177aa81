"""``torch.histogramdd``: the D-dimensional histogram of the rows of an (..., D) tensor.

Bins as torch takes them: one count for every dim, a count per dim, or a tensor of edges per dim;
equal-width edges come from ``linspace`` over ``range`` or over each dim's min and max (widened by
0.5 each side when they are equal), in the input's dtype as torch's ``linspace`` computes them.
A value on an inner edge counts in the bin to its right, the last edge in the last bin; values
outside are not counted. ``density`` divides by the total weight and each bin's volume.
"""

import numpy as np

from ..tensor import Tensor


def _edges(values, bins, rng, dim, dt):
    from ..creation import linspace
    if isinstance(bins, Tensor):
        return np.asarray(bins._data, dtype=dt)
    if rng is not None:
        lo, hi = float(rng[2 * dim]), float(rng[2 * dim + 1])
    elif values.size:
        lo, hi = float(values.min()), float(values.max())
    else:
        lo, hi = 0.0, 0.0
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    if lo > hi:
        raise RuntimeError(f"torch.histogramdd: min should not exceed max, but got min {lo} max {hi} for "
                           f"dimension {dim}")
    return linspace(lo, hi, int(bins) + 1, dtype=_torch_dtype(dt))._data


def _torch_dtype(dt):
    from .. import dtypes
    return dtypes.from_numpy_dtype(np.dtype(dt))


def histogramdd(input, bins, *, range=None, weight=None, density=False, out=None):
    """(hist, bin_edges): counts (or summed ``weight``) of the rows of ``input`` in a grid of bins."""
    from .. import dtypes
    from ..node import not_differentiable
    from .reduction import return_type
    d = input._data
    if d.dtype.kind != "f":
        raise NotImplementedError(f"\"histogramdd\" not implemented for '{dtypes.SCALAR_NAMES[input.dtype.name]}'")
    if d.ndim < 2:
        raise RuntimeError("torch.histogramdd: input tensor should have at least 2 dimensions")
    n_dims = d.shape[-1]
    pts = d.reshape(-1, n_dims)
    if isinstance(bins, int):
        bins = [bins] * n_dims
    bins = list(bins)
    if len(bins) != n_dims:
        raise RuntimeError("histogramdd: The size of bins must be equal to the innermost dimension of the input.")
    if range is not None and len(range) != 2 * n_dims:
        raise RuntimeError(f"torch.histogramdd: for a {n_dims}-dimensional histogram range should have "
                           f"{2 * n_dims} elements, but got {len(range)}")
    w = None
    if weight is not None:
        if tuple(weight._data.shape) != tuple(d.shape[:-1]):
            raise RuntimeError("torch.histogramdd: if weight tensor is provided it should have the same shape as "
                               "the input tensor excluding its innermost dimension")
        w = weight._data.reshape(-1)
    edges = [_edges(pts[:, k], b, range, k, d.dtype) for k, b in enumerate(bins)]
    hist, _ = np.histogramdd(pts.astype(np.float64), bins=[e.astype(np.float64) for e in edges],
                             weights=None if w is None else w.astype(np.float64))
    if density:
        total = hist.sum()
        widths = np.ix_(*[np.diff(e.astype(np.float64)) for e in edges])
        vol = widths[0]
        for wk in widths[1:]:
            vol = vol * wk
        hist = hist / total / vol
    kernel = "_histogramdd_from_bin_tensors" if any(isinstance(b, Tensor) for b in bins) else "_histogramdd_from_bin_cts"
    hist_t = not_differentiable(kernel, Tensor._wrap(np.ascontiguousarray(hist.astype(d.dtype))), input)
    # edges torch computes (from counts) come from its _histogramdd_bin_edges kernel, with no derivative either
    edge_ts = tuple(Tensor._wrap(np.ascontiguousarray(e)) if isinstance(b, Tensor) else
                    not_differentiable("_histogramdd_bin_edges", Tensor._wrap(np.ascontiguousarray(e)), input)
                    for e, b in zip(edges, bins))
    return return_type("histogramdd", ("hist", "bin_edges"))(hist_t, edge_ts)
