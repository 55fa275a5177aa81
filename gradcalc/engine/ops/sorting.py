"""Sorting and selection: sort argsort msort topk kthvalue median nanmedian mode,
unique unique_consecutive searchsorted bucketize.

Orders are torch's: NaN sorts above every number, ties keep their original order
(a stable sort). The differentiable ones return values and indices, and their
gradient goes back to the positions the values came from (a scatter into zeros),
so second derivatives flow through the same ops.
"""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check
from .reduction import return_type
from .support import as_tensor, wrap_dim


def _order(d, axis, descending):
    """Stable argsort of ``d`` along ``axis``; NaN is the largest value (last ascending, first descending)."""
    if d.dtype.kind == "b" or d.dtype.kind == "u":
        d = d.astype(np.int64)
    if not descending:
        return np.argsort(d, axis=axis, kind="stable")
    moved = np.moveaxis(d, axis, -1)
    flat = moved.reshape(-1, moved.shape[-1]) if moved.ndim else moved.reshape(1, 1)
    nan = np.isnan(flat) if flat.dtype.kind == "f" else np.zeros(flat.shape, bool)
    key = np.where(nan, 0, -flat) if flat.dtype.kind == "f" else -flat
    out = np.empty(flat.shape, np.int64)
    for r in range(flat.shape[0]):  # lexsort is per row; rows, not elements
        out[r] = np.lexsort((key[r], ~nan[r]))
    return np.moveaxis(out.reshape(moved.shape), -1, axis) if d.ndim else out.reshape(())


def _scatter_back(grad, shape, dim, idx):
    from .indexing import scatter_into_zeros
    return scatter_into_zeros(shape, dim, idx, grad)


class SortBackward0(Node):
    __slots__ = ("dim", "shape")
    explain = "grad_self = grad put back at the positions the sorted values came from"
    n_diff_outputs = 1
    checks = (check(lambda x: x.sort(1)[0], (2, 3)),
              check(lambda x: x.sort(0, descending=True).values, (3, 2), label="descending"))

    def forward(ctx, a, *, dim, descending):
        d = a._data
        ctx.dim = dim
        ctx.shape = d.shape
        if d.ndim == 0:
            idx = np.zeros((), np.int64)
            ctx.save_for_backward(Tensor._wrap(idx))
            return d.copy(), idx
        idx = _order(d, dim, descending).astype(np.int64)
        ctx.save_for_backward(Tensor._wrap(idx))
        return np.take_along_axis(d, idx, axis=dim), idx

    def backward(ctx, grad, _gi=None):
        (idx,) = ctx.saved_tensors
        if not ctx.shape:
            return grad
        return _scatter_back(grad, ctx.shape, ctx.dim, idx)


class SortBackward1(SortBackward0):
    """The node of ``sort(..., stable=True)`` (torch's sort.stable overload)."""
    __slots__ = ()
    checks = (check(lambda x: x.sort(stable=True)[0], (2, 3)),)


class TopkBackward0(Node):
    __slots__ = ("dim", "shape")
    explain = "grad_self = zeros like self, with grad put at the positions of the k values"
    n_diff_outputs = 1
    checks = (check(lambda x: x.topk(2)[0], (2, 4)),
              check(lambda x: x.topk(2, dim=0, largest=False).values, (3, 2), label="smallest"))

    def forward(ctx, a, *, k, dim, largest, sorted):
        d = a._data
        n = d.shape[dim] if d.ndim else 1
        if not 0 <= k <= n:
            raise RuntimeError("selected index k out of range")
        ctx.dim = dim
        ctx.shape = d.shape
        if d.ndim == 0:
            idx = np.zeros((), np.int64)
            ctx.save_for_backward(Tensor._wrap(idx))
            return d.copy(), idx
        order = _order(d, dim, largest)
        idx = np.take(order, np.arange(k), axis=dim).astype(np.int64)
        ctx.save_for_backward(Tensor._wrap(idx))
        return np.take_along_axis(d, idx, axis=dim), idx

    def backward(ctx, grad, _gi=None):
        (idx,) = ctx.saved_tensors
        if not ctx.shape:
            return grad
        return _scatter_back(grad, ctx.shape, ctx.dim, idx)


class _PickAlong(Node):
    """A value chosen along ``dim`` (kthvalue, median, mode): the gradient goes to its index."""
    __slots__ = ("dim", "keepdim", "shape")
    n_diff_outputs = 1
    checks = ()

    def pick(ctx, a, dim, keepdim, fn):
        d = a._data
        ctx.dim = dim
        ctx.keepdim = keepdim
        ctx.shape = d.shape
        if d.ndim == 0:
            idx = np.zeros((), np.int64)
            ctx.save_for_backward(Tensor._wrap(idx))
            return d.copy(), idx
        idx = fn(d, dim).astype(np.int64)  # keepdims-shaped
        vals = np.take_along_axis(d, idx, axis=dim)
        ctx.save_for_backward(Tensor._wrap(idx))
        if not keepdim:
            idx = idx.squeeze(dim)
            vals = vals.squeeze(dim)
        return vals, idx

    def backward(ctx, grad, _gi=None):
        (idx,) = ctx.saved_tensors
        if not ctx.shape:
            return grad
        g = grad if ctx.keepdim else grad.unsqueeze(ctx.dim)
        return _scatter_back(g, ctx.shape, ctx.dim, idx)


def _kth(k):
    def fn(d, dim):
        n = d.shape[dim]
        if not 1 <= k <= n:
            raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {dim}")
        return np.take(_order(d, dim, False), [k - 1], axis=dim)
    return fn


def _median_index(d, dim, ignore_nan=False):
    order = _order(d, dim, False)
    n = d.shape[dim]
    if n == 0:
        raise IndexError(f"median(): Expected reduction dim {dim} to have non-zero size.")
    if d.dtype.kind != "f":
        return np.take(order, [(n - 1) // 2], axis=dim)
    nans = np.isnan(d).sum(axis=dim, keepdims=True)
    if ignore_nan:
        valid = n - nans
        pos = np.where(valid > 0, (valid - 1) // 2, 0)
    else:  # any NaN makes the median NaN: the first NaN, which sorts right after the numbers
        pos = np.where(nans > 0, n - nans, (n - 1) // 2)
    return np.take_along_axis(order, pos.astype(np.int64), axis=dim)


def _mode_index(d, dim):
    """The most frequent value (the smallest among equally frequent ones), at its last position."""
    moved = np.moveaxis(d, dim, -1)
    rows = moved.reshape(-1, moved.shape[-1])
    n = rows.shape[-1]
    if n == 0:
        raise IndexError(f"mode(): Expected reduction dim {dim} to have non-zero size.")
    out = np.empty(rows.shape[0], np.int64)
    for r in range(rows.shape[0]):  # per row, not per element
        vals, inverse, counts = np.unique(rows[r], return_inverse=True, return_counts=True)
        best = int(np.argmax(counts))  # np.unique sorts, so the first maximum is the smallest value
        out[r] = n - 1 - int(np.argmax(inverse[::-1] == best))
    out = out.reshape(moved.shape[:-1] + (1,))
    return np.moveaxis(out, -1, dim)


class KthvalueBackward0(_PickAlong):
    __slots__ = ()
    explain = "grad_self = zeros like self, with grad at the index of the k-th smallest value"
    checks = (check(lambda x: x.kthvalue(2, 1)[0], (2, 4)),)

    def forward(ctx, a, *, k, dim, keepdim):
        return _PickAlong.pick(ctx, a, dim, keepdim, _kth(k))


class MedianBackward1(_PickAlong):
    __slots__ = ()
    explain = "grad_self = zeros like self, with grad at the index of the median along dim"
    checks = (check(lambda x: x.median(1)[0], (2, 5)),)

    def forward(ctx, a, *, dim, keepdim):
        return _PickAlong.pick(ctx, a, dim, keepdim, _median_index)


class NanmedianBackward1(_PickAlong):
    __slots__ = ()
    explain = "grad_self = zeros like self, with grad at the index of the median of the non-NaN values"
    checks = (check(lambda x: x.nanmedian(0)[0], (3, 2)),)

    def forward(ctx, a, *, dim, keepdim):
        return _PickAlong.pick(ctx, a, dim, keepdim, lambda d, k: _median_index(d, k, True))


class ModeBackward0(_PickAlong):
    __slots__ = ()
    explain = "grad_self = zeros like self, with grad at the index of the mode along dim"
    checks = (check(lambda x: x.mode(1)[0], (2, 3)),)

    def forward(ctx, a, *, dim, keepdim):
        return _PickAlong.pick(ctx, a, dim, keepdim, _mode_index)


class MedianBackward0(Node):
    explain = "grad_self = grad shared equally among the elements equal to the median"
    saves_output = True
    checks = (check(lambda x: x.median(), (2, 3)),)

    def forward(ctx, a, ignore_nan=False):
        d = a._data.reshape(-1)
        if d.size == 0:
            # torch's full({}, NAN) in the input's dtype: True for bool, the lowest integer for integers
            if d.dtype.kind == "f":
                return np.asarray(np.nan, d.dtype)
            return np.asarray(True) if d.dtype.kind == "b" else np.asarray(np.iinfo(d.dtype).min, d.dtype)
        ctx.save_for_backward(a)
        return np.asarray(d[_median_index(d, 0, ignore_nan)[0]])

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        from .reduction import _evenly
        return _evenly(grad, a, ctx.result)


class NanmedianBackward0(MedianBackward0):
    __slots__ = ()
    explain = "grad_self = grad shared equally among the elements equal to the median of the non-NaN values"
    checks = (check(lambda x: x.nanmedian(), (2, 3)),)

    def forward(ctx, a):
        return MedianBackward0.forward(ctx, a, True)


# -- public functions -------------------------------------------------------------------------

def _dim(input, dim):
    return wrap_dim(dim, input._data.ndim)


def sort(input, dim=-1, descending=False, stable=False):
    """(values, indices) sorted along ``dim``; ties keep their order, NaN sorts last."""
    node = SortBackward1 if stable else SortBackward0
    values, indices = node.apply(input, dim=_dim(input, dim), descending=bool(descending))
    return return_type("sort")(values, indices)


def argsort(input, dim=-1, descending=False, stable=False):
    """The indices that sort ``input`` along ``dim``."""
    d = input._data
    if d.ndim == 0:
        return Tensor._wrap(np.zeros((), np.int64))
    return Tensor._wrap(_order(d, _dim(input, dim), descending).astype(np.int64))


def msort(input):
    """``input`` sorted along its first dim."""
    return sort(input, 0).values


def topk(input, k, dim=-1, largest=True, sorted=True):
    """The ``k`` largest (or smallest) values along ``dim``, and their indices."""
    values, indices = TopkBackward0.apply(input, k=int(k), dim=_dim(input, dim), largest=bool(largest),
                                          sorted=bool(sorted))
    return return_type("topk")(values, indices)


def kthvalue(input, k, dim=-1, keepdim=False):
    """The k-th smallest value along ``dim`` and its index."""
    values, indices = KthvalueBackward0.apply(input, k=int(k), dim=_dim(input, dim), keepdim=keepdim)
    return return_type("kthvalue")(values, indices)


def _no_bool(input, dim):
    if dim is None and not input._data.size:
        return  # torch returns before its kernel's dispatch (see MedianBackward0.forward)
    if dim is not None and input._data.dtype.kind == "b":
        d = _dim(input, dim)  # the dim's checks come first
        if input._data.ndim and not input._data.shape[d]:
            raise IndexError(f"median(): Expected reduction dim {d} to have non-zero size.")
    if input._data.dtype.kind == "b":
        raise NotImplementedError(f"\"{'median_cpu' if dim is None else 'median_out'}\" not implemented for 'Bool'")


def median(input, dim=None, keepdim=False):
    """The lower median of all values, or (values, indices) along ``dim``; NaN if any value is NaN."""
    _no_bool(input, dim)
    if dim is None:
        return MedianBackward0.apply(input)
    values, indices = MedianBackward1.apply(input, dim=_dim(input, dim), keepdim=keepdim)
    return return_type("median")(values, indices)


def nanmedian(input, dim=None, keepdim=False):
    """The median ignoring NaN values."""
    _no_bool(input, dim)
    if dim is None:
        return NanmedianBackward0.apply(input)
    values, indices = NanmedianBackward1.apply(input, dim=_dim(input, dim), keepdim=keepdim)
    return return_type("nanmedian")(values, indices)


def mode(input, dim=-1, keepdim=False):
    """The most frequent value along ``dim`` (the smallest of equally frequent ones) and its last index."""
    values, indices = ModeBackward0.apply(input, dim=_dim(input, dim), keepdim=keepdim)
    return return_type("mode")(values, indices)


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """The distinct values (sorted), optionally with the inverse indices and the counts."""
    d = input._data
    if dim is None:
        vals, inverse, counts = np.unique(d.reshape(-1), return_inverse=True, return_counts=True)
        inverse = inverse.reshape(d.shape)
    else:
        ax = _dim(input, dim)
        vals, inverse, counts = np.unique(d, return_inverse=True, return_counts=True, axis=ax)
        inverse = inverse.reshape(-1)
    out = [Tensor._wrap(vals)]
    if return_inverse:
        out.append(Tensor._wrap(inverse.astype(np.int64)))
    if return_counts:
        out.append(Tensor._wrap(counts.astype(np.int64)))
    return out[0] if len(out) == 1 else tuple(out)


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    """Each run of equal consecutive values collapsed to one."""
    d = input._data
    if dim is None:
        flat = d.reshape(-1)
        if flat.size == 0:
            starts = np.zeros(0, bool)
        else:
            starts = np.concatenate(([True], flat[1:] != flat[:-1]))
        vals = flat[starts]
        run = np.cumsum(starts) - 1
        inverse = run.reshape(d.shape)
        counts = np.diff(np.append(np.flatnonzero(starts), flat.size))
    else:
        ax = _dim(input, dim)
        moved = np.moveaxis(d, ax, 0)
        n = moved.shape[0]
        flat = moved.reshape(n, -1)
        starts = np.concatenate(([True], np.any(flat[1:] != flat[:-1], axis=1))) if n else np.zeros(0, bool)
        vals = np.moveaxis(moved[starts], 0, ax)
        inverse = np.cumsum(starts) - 1
        counts = np.diff(np.append(np.flatnonzero(starts), n))
    out = [Tensor._wrap(np.ascontiguousarray(vals))]
    if return_inverse:
        out.append(Tensor._wrap(inverse.astype(np.int64)))
    if return_counts:
        out.append(Tensor._wrap(counts.astype(np.int64)))
    return out[0] if len(out) == 1 else tuple(out)


def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None):
    """Where each value would be inserted in ``sorted_sequence`` (its last dim) to keep it sorted."""
    seq = as_tensor(sorted_sequence)._data
    scalar = not isinstance(input, Tensor)
    vals = np.asarray(input._data if not scalar else input)
    if side is not None:
        if side not in ("left", "right"):
            raise RuntimeError(f"torch.searchsorted(): side can only be 'left' or 'right' but got {side}")
        if right and side == "left":
            raise RuntimeError("torch.searchsorted(): side and right can't be set to opposites, got side of "
                               "left while right was True")
        right = side == "right"
    how = "right" if right else "left"
    if sorter is not None:
        seq = np.take_along_axis(seq, as_tensor(sorter)._data, axis=-1)
    if seq.ndim <= 1:
        out = np.searchsorted(seq, vals, side=how)
    else:
        if vals.shape[:-1] != seq.shape[:-1]:
            raise RuntimeError(f"torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 "
                               f"dimensions of boundaries tensor and input value tensor must match, but we got "
                               f"boundaries tensor {list(seq.shape)} and input value tensor {list(vals.shape)}")
        s2 = seq.reshape(-1, seq.shape[-1])
        v2 = vals.reshape(-1, vals.shape[-1])
        out = np.stack([np.searchsorted(s2[r], v2[r], side=how) for r in range(s2.shape[0])]).reshape(vals.shape)
    return Tensor._wrap(np.asarray(out, np.int32 if out_int32 else np.int64))


def bucketize(input, boundaries, *, out_int32=False, right=False):
    """The bucket of each value: the index i with boundaries[i-1] < x <= boundaries[i] (``right``: <= x <)."""
    b = as_tensor(boundaries)
    if b._data.ndim != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got dim({b._data.ndim})")
    return searchsorted(b, input, out_int32=out_int32, right=right)


EXPORTS = "sort argsort msort topk kthvalue median nanmedian mode unique unique_consecutive".split()
FUNCTION_ONLY = {"searchsorted": searchsorted, "bucketize": bucketize}
