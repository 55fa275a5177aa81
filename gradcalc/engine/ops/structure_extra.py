"""More of torch's structure and indexing ops: stacking (hstack vstack dstack column_stack
atleast_nd block_diag cartesian_prod combinations), splitting (tensor_split hsplit vsplit
dsplit), rot90 repeat_interleave diagflat ravel meshgrid, and the index family (take
take_along_dim masked_select masked_scatter index_copy index_fill scatter_reduce argwhere).

Where torch composes an op of others, so does this module (the ``grad_fn`` names come
out as torch's); the rest are nodes with their backward beside them.
"""

import functools
import itertools

import numpy as np

from .. import dtypes as _dt
from ..node import Node
from ..tensor import Tensor
from .checks import check
from .table_shape import shape_row
from .support import as_tensor, wrap_dim


def _const(values, dtype=np.int64):
    return Tensor._wrap(np.asarray(values, dtype))


# -- atleast / stacking ---------------------------------------------------------------------

def _tensors(args, name):
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        return list(args[0]), True
    return list(args), len(args) != 1


def atleast_1d(*tensors):
    """Each tensor with at least one dim."""
    ts, many = _tensors(tensors, "atleast_1d")
    out = [t.reshape(1) if t._data.ndim == 0 else t for t in ts]
    return tuple(out) if many else out[0]


def atleast_2d(*tensors):
    """Each tensor with at least two dims (a vector becomes a row)."""
    ts, many = _tensors(tensors, "atleast_2d")
    out = []
    for t in ts:
        if t._data.ndim == 0:
            t = t.reshape(1, 1)
        elif t._data.ndim == 1:
            t = t.unsqueeze(0)
        out.append(t)
    return tuple(out) if many else out[0]


def atleast_3d(*tensors):
    """Each tensor with at least three dims: (n) → (1, n, 1), (m, n) → (m, n, 1)."""
    ts, many = _tensors(tensors, "atleast_3d")
    out = []
    for t in ts:
        n = t._data.ndim
        if n == 0:
            t = t.reshape(1, 1, 1)
        elif n == 1:
            t = t.unsqueeze(0).unsqueeze(-1)
        elif n == 2:
            t = t.unsqueeze(-1)
        out.append(t)
    return tuple(out) if many else out[0]


def _list(tensors, name):
    if isinstance(tensors, Tensor):
        raise TypeError(f"{name}(): argument 'tensors' (position 1) must be tuple of Tensors, not Tensor")
    return list(tensors)


def hstack(tensors):
    """Join along dim 1 (dim 0 for vectors)."""
    from .shape import cat
    ts = atleast_1d(_list(tensors, "hstack"))
    return cat(ts, 0 if ts[0]._data.ndim == 1 else 1)


def vstack(tensors):
    """Join as rows (vectors become rows)."""
    from .shape import cat
    return cat(atleast_2d(_list(tensors, "vstack")), 0)


row_stack = vstack


def dstack(tensors):
    """Join along the third dim."""
    from .shape import cat
    return cat(atleast_3d(_list(tensors, "dstack")), 2)


def column_stack(tensors):
    """Join as columns (scalars and vectors become columns)."""
    from .shape import cat
    ts = [t.reshape(t._data.size, 1) if t._data.ndim <= 1 else t for t in _list(tensors, "column_stack")]
    return cat(ts, 1)


class BlockDiagBackward0(Node):
    __slots__ = ("shapes",)
    explain = "grad_tensor_k = the block of grad where tensor k was placed"
    checks = (check(lambda a, b: block_diag(a, b), (2, 3), (1, 2)),)

    def forward(ctx, *ts):
        ctx.shapes = in_shapes = [t._data.shape for t in ts]  # (ctx is a null object when nothing records)
        shapes = [(1, 1) if len(s) == 0 else (1, s[0]) if len(s) == 1 else s for s in in_shapes]
        from .. import dtypes as _dt
        dt = functools.reduce(_dt.promote_types, [t.dtype for t in ts]).np
        rows = sum(s[0] for s in shapes)
        cols = sum(s[1] for s in shapes)
        out = np.zeros((rows, cols), dt)
        r = c = 0
        for t, (h, w) in zip(ts, shapes):
            out[r:r + h, c:c + w] = t._data
            r += h
            c += w
        return out

    def backward(ctx, grad):
        out = []
        r = c = 0
        for k, s in enumerate(ctx.shapes):
            h, w = (1, 1) if len(s) == 0 else (1, s[0]) if len(s) == 1 else s
            g = grad[r:r + h, c:c + w] if ctx.should_compute(k) else None
            out.append(g.reshape(s) if g is not None and len(s) < 2 else g)
            r += h
            c += w
        return tuple(out)


def block_diag(*tensors):
    """A block-diagonal matrix of the given tensors (scalars are 1×1, vectors rows)."""
    ts = []
    for t in tensors:
        t = as_tensor(t)
        if t._data.ndim > 2:
            raise RuntimeError(f"torch.block_diag: Input tensors must have 2 or fewer dimensions. Input "
                               f"{len(ts)} has {t._data.ndim} dimensions")
        ts.append(t)
    if not ts:
        return Tensor._wrap(np.zeros((1, 0), np.float32))
    return BlockDiagBackward0.apply(*ts)


def meshgrid(*tensors, indexing=None):
    """Coordinate grids from 1-D tensors (``indexing='ij'`` by default, as torch's current default)."""
    ts = list(tensors[0]) if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)) else list(tensors)
    if indexing is None:
        indexing = "ij"
    if indexing not in ("ij", "xy"):
        raise RuntimeError(f"torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: {indexing}")
    for t in ts:
        if t._data.ndim > 1:
            raise RuntimeError(f"torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: {t}")
    ts = [t.reshape(-1) if t._data.ndim == 0 else t for t in ts]
    swap = indexing == "xy" and len(ts) >= 2
    if swap:
        ts[0], ts[1] = ts[1], ts[0]
    shape = [t._data.shape[0] for t in ts]
    out = []
    n = len(ts)
    for k, t in enumerate(ts):
        view = [1] * n
        view[k] = shape[k]
        out.append(t.view(*view).expand(*shape))
    if swap:
        out[0], out[1] = out[1], out[0]
    return tuple(out)


def cartesian_prod(*tensors):
    """All combinations of one element from each 1-D tensor, as rows."""
    from .shape import stack
    if len(tensors) == 1:
        return tensors[0]
    grids = meshgrid(*tensors, indexing="ij")
    return stack([g.reshape(-1) for g in grids], 1)


def combinations(input, r=2, with_replacement=False):
    """The length-``r`` combinations of a 1-D tensor's elements, as rows."""
    from .shape import stack
    if input._data.ndim != 1:
        raise RuntimeError(f"Expect a 1D vector, but got shape {list(input._data.shape)}")
    if r == 0:
        return Tensor._wrap(np.zeros(0, input._data.dtype))
    n = input._data.shape[0]
    gen = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    combos = np.array(list(gen(range(n), r)), np.int64).reshape(-1, r)
    if combos.shape[0] == 0:
        return Tensor._wrap(np.zeros((0, r), input._data.dtype))
    return stack([input.index_select(0, _const(combos[:, k])) for k in range(r)], 1)


# -- splitting -----------------------------------------------------------------------------

def tensor_split(input, indices_or_sections, dim=0):
    """Split into ``n`` nearly equal parts, or at the given indices, along ``dim`` (views)."""
    d = wrap_dim(dim, input._data.ndim)
    size = input._data.shape[d]
    ios = indices_or_sections
    if isinstance(ios, Tensor):
        ios = ios.tolist() if ios._data.ndim else int(ios.item())
    if isinstance(ios, int):
        if ios <= 0:
            raise RuntimeError(f"number of sections must be larger than 0, got {ios}")
        q, rem = divmod(size, ios)
        bounds = [0]
        for k in range(ios):
            bounds.append(bounds[-1] + q + (1 if k < rem else 0))
    else:
        bounds = [0] + [min(max(int(i) if i >= 0 else int(i) + size, 0), size) for i in ios] + [size]
    pre = (slice(None),) * d
    out = []
    for a, b in zip(bounds[:-1], bounds[1:]):
        out.append(input[pre + (slice(a, max(a, b)),)])
    return tuple(out)


def _split_n(input, ios, dim, name, need):
    if input._data.ndim < need:
        raise RuntimeError(f"torch.{name} requires a tensor with at least {need} dimension, but got a tensor with "
                           f"{input._data.ndim} dimensions!")
    if isinstance(ios, int) and input._data.shape[dim] % ios:
        raise RuntimeError(f"torch.{name} attempted to split along dimension {dim}, but the size of the dimension "
                           f"{input._data.shape[dim]} is not divisible by the split_size {ios}!")
    return tensor_split(input, ios, dim)


def hsplit(input, indices_or_sections):
    """Split along dim 1 (dim 0 for vectors)."""
    return _split_n(input, indices_or_sections, 0 if input._data.ndim == 1 else 1, "hsplit", 1)


def vsplit(input, indices_or_sections):
    """Split along dim 0."""
    return _split_n(input, indices_or_sections, 0, "vsplit", 2)


def dsplit(input, indices_or_sections):
    """Split along dim 2."""
    return _split_n(input, indices_or_sections, 2, "dsplit", 3)


# -- reshaping ----------------------------------------------------------------------------

ROT90 = shape_row("Rot90Backward0", lambda d, k, dims: np.ascontiguousarray(np.rot90(d, k, dims)),
                  params=("k", "dims"), view=False, grad=lambda grad, k, dims: Rot90Backward0.apply(grad, k=-k, dims=dims),
                  explain="grad_self = rot90(grad, -k, dims)",
                  checks=(check(lambda x: x.rot90(), (2, 3)), check(lambda x: x.rot90(3, (1, 0)), (2, 3), label="k=3")))
Rot90Backward0 = ROT90.node


def rot90(input, k=1, dims=(0, 1)):
    """Rotate by 90° k times in the plane of ``dims``."""
    dims = list(dims)
    if len(dims) != 2:
        raise RuntimeError(f"expected total rotation dims == 2, but got dims = {len(dims)}")
    n = input._data.ndim
    if n < 2:
        raise RuntimeError(f"expected total dims >= 2, but got total dims = {n}")
    d0, d1 = wrap_dim(dims[0], n), wrap_dim(dims[1], n)
    if d0 == d1:
        raise RuntimeError(f"expected rotation dims to be different, but got dim0 = {d0} and dim1 = {d1}")
    return Rot90Backward0.apply(input, k=k % 4, dims=(d0, d1))


def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    """Each element repeated ``repeats`` times (along ``dim``, or of the flattened tensor)."""
    if repeats is None:  # repeat_interleave(repeats): indices repeated by their counts
        counts = input._data
        return Tensor._wrap(np.repeat(np.arange(counts.shape[0], dtype=np.int64), counts))
    x = input.reshape(-1) if dim is None else input
    d = 0 if dim is None else wrap_dim(dim, input._data.ndim)
    if isinstance(repeats, Tensor) and repeats._data.ndim == 1 and repeats._data.size != 1:
        if repeats._data.shape[0] != x._data.shape[d]:
            raise RuntimeError("repeats must have the same size as input along dim, but got repeats.size(0) = "
                               f"{repeats._data.shape[0]} and input.size({d}) = {x._data.shape[d]}")
        index = np.repeat(np.arange(x._data.shape[d], dtype=np.int64), repeats._data)
        return x.index_select(d, _const(index))
    r = int(repeats.item()) if isinstance(repeats, Tensor) else int(repeats)
    if r < 0:
        raise RuntimeError("repeats can not be negative")
    shape = list(x._data.shape)  # as torch: unsqueeze, expand, copy, merge the two dims
    grown = x.unsqueeze(d + 1).expand(*shape[:d + 1], r, *shape[d + 1:]).clone()
    return grown.view(*shape[:d], shape[d] * r, *shape[d + 1:])


def diagflat(input, offset=0):
    """A matrix with the flattened input on diagonal ``offset``."""
    from .structure import diag_embed
    return diag_embed(input.reshape(-1), offset)


def ravel(input):
    """The elements as a 1-D tensor (a view when possible)."""
    return input.contiguous().view(-1)


# -- the index family ---------------------------------------------------------------------------

class TakeBackward0(Node):
    __slots__ = ("index", "shape")
    explain = "grad_self = zeros like self, with grad added at the flat positions taken"
    checks = (check(lambda x: x.take(_const([[0, 5], [2, 2]])), (2, 3)),)

    def forward(ctx, a, *, index):
        n = a._data.size
        idx = index._data
        if idx.size and (idx.max() >= n or idx.min() < -n):
            bad = int(idx[(idx >= n) | (idx < -n)].reshape(-1)[0])
            raise IndexError(f"out of range: tried to access index {bad} on a tensor of {n} elements.")
        ctx.index = index
        ctx.shape = a._data.shape
        return a._data.reshape(-1)[idx]

    def backward(ctx, grad):
        n = int(np.prod(ctx.shape))
        zeros = Tensor._wrap(np.zeros(n, grad._data.dtype))
        flat_idx = Tensor._wrap(np.where(ctx.index._data < 0, ctx.index._data + n, ctx.index._data).reshape(-1))
        return zeros.index_add(0, flat_idx, grad.reshape(-1)).reshape(ctx.shape)


def take(input, index):
    """The elements at the flat positions ``index`` (shaped like ``index``)."""
    if index._data.dtype != np.int64:
        raise RuntimeError(f"take(): Expected a long tensor for index, but got {_dt.ALL_SCALAR_NAMES[index.dtype.name]}")
    return TakeBackward0.apply(input, index=Tensor._wrap(index._data.copy()))


def take_along_dim(input, indices, dim=None):
    """``gather`` with broadcasting (or of the flattened tensor when ``dim`` is None)."""
    if dim is None:
        return input.reshape(-1).gather(0, indices.reshape(-1))
    d = wrap_dim(dim, input._data.ndim)
    s_in = list(input._data.shape)
    s_ix = list(indices._data.shape)
    s_in[d] = s_ix[d] = 1
    b = list(np.broadcast_shapes(tuple(s_in), tuple(s_ix)))
    ishape, xshape = list(b), list(b)
    ishape[d] = input._data.shape[d]
    xshape[d] = indices._data.shape[d]
    inp = input.expand(*ishape)
    idx = indices if list(indices._data.shape) == xshape else Tensor._wrap(np.broadcast_to(indices._data, xshape))
    return inp.gather(d, idx)


class MaskedSelectBackward0(Node):
    __slots__ = ("positions", "shape")
    explain = "grad_self = zeros like self, with grad put back where the mask was true"
    broadcasting = True
    checks = (check(lambda x: x.masked_select(x > 0), (2, 3)),)

    def forward(ctx, a, *, mask):
        if mask._data.dtype.kind != "b":
            raise RuntimeError("masked_select: expected BoolTensor for mask")
        try:
            shape = np.broadcast_shapes(a._data.shape, mask._data.shape)
        except ValueError:
            from .support import broadcast_error
            raise broadcast_error(a._data.shape, mask._data.shape) from None
        m = np.broadcast_to(mask._data, shape)
        ctx.positions = np.flatnonzero(m)
        ctx.shape = shape
        return np.broadcast_to(a._data, shape)[m]

    def backward(ctx, grad):
        n = int(np.prod(ctx.shape))
        zeros = Tensor._wrap(np.zeros(n, grad._data.dtype))
        full = zeros.index_add(0, Tensor._wrap(ctx.positions.astype(np.int64)), grad)
        return full.reshape(ctx.shape)


def masked_select(input, mask):
    """The elements where ``mask`` (broadcast) is true, as a 1-D tensor."""
    return MaskedSelectBackward0.apply(input, mask=mask)


class MaskedScatterBackward0(Node):
    __slots__ = ("positions", "source_shape")
    explain = "grad_self = grad with the masked positions zeroed;  grad_source = grad at those positions, in order"
    checks = (check(lambda x, s: x.masked_scatter(x > 0, s), (2, 3), (6,)),)

    def forward(ctx, a, source, *, mask):
        if mask._data.dtype.kind != "b":
            raise RuntimeError("masked_scatter_ only supports boolean masks, but got mask with dtype "
                               f"{mask.dtype.name}")
        m = np.broadcast_to(mask._data, a._data.shape)
        pos = np.flatnonzero(m)
        if pos.size > source._data.size:
            raise RuntimeError("masked_scatter: expected source to have at least as many elements as ones in mask")
        ctx.positions = pos
        ctx.source_shape = source._data.shape
        ctx.save_for_backward(mask)
        out = a._data.copy()
        out.reshape(-1)[pos] = source._data.reshape(-1)[:pos.size]
        return out

    def backward(ctx, grad):
        (mask,) = ctx.saved_tensors
        g_self = grad.masked_fill(mask, 0.0) if ctx.should_compute(0) else None
        g_src = None
        if ctx.should_compute(1):
            n = int(np.prod(ctx.source_shape))
            taken = grad.reshape(-1).index_select(0, Tensor._wrap(ctx.positions.astype(np.int64)))
            zeros = Tensor._wrap(np.zeros(n, grad._data.dtype))
            g_src = zeros.index_add(0, Tensor._wrap(np.arange(ctx.positions.size, dtype=np.int64)), taken)
            g_src = g_src.reshape(ctx.source_shape)
        return g_self, g_src


def masked_scatter(input, mask, source):
    """A copy of ``input`` with ``source``'s elements, in order, where ``mask`` is true."""
    return MaskedScatterBackward0.apply(input, source, mask=mask)


class IndexCopyBackward0(Node):
    __slots__ = ("dim", "index")
    explain = "grad_self = grad with the copied slices zeroed;  grad_source = grad.index_select(dim, index)"
    checks = (check(lambda x, s: x.index_copy(0, _const([2, 0]), s), (3, 2), (2, 2)),)

    def forward(ctx, a, source, *, dim, index):
        ctx.dim = dim
        ctx.index = index
        out = a._data.copy()
        key = (slice(None),) * dim + (index._data,)
        out[key] = source._data
        return out

    def backward(ctx, grad):
        g_self = g_src = None
        if ctx.should_compute(0):
            g_self = index_fill(grad, ctx.dim, ctx.index, 0.0)
        if ctx.should_compute(1):
            g_src = grad.index_select(ctx.dim, ctx.index)
        return g_self, g_src


def index_copy(input, dim, index, source):
    """A copy of ``input`` with ``source``'s slices written at ``index`` along ``dim``."""
    d = wrap_dim(dim, input._data.ndim)
    # a 0-d index names one slice, as a 1-element one does (torch accepts both)
    return IndexCopyBackward0.apply(input, source, dim=d, index=Tensor._wrap(index._data.reshape(-1).copy()))


class IndexFillBackward0(Node):
    __slots__ = ("dim", "index")
    explain = "grad_self = grad with the filled slices zeroed"
    checks = (check(lambda x: x.index_fill(1, _const([0, 2]), -1.0), (2, 3)),)

    def forward(ctx, a, *, dim, index, value):
        ctx.dim = dim
        ctx.index = index
        out = a._data.copy()
        key = (slice(None),) * dim + (index._data,)
        out[key] = value
        return out

    def backward(ctx, grad):
        return IndexFillBackward0.apply(grad, dim=ctx.dim, index=ctx.index, value=0)


def index_fill(input, dim, index, value):
    """A copy of ``input`` with ``value`` in the slices at ``index`` along ``dim``."""
    if isinstance(value, Tensor):
        value = value.item()
    d = wrap_dim(dim, input._data.ndim) if input._data.ndim else 0
    return IndexFillBackward0.apply(input, dim=d, index=Tensor._wrap(index._data.copy()), value=value)


_REDUCES = ("sum", "prod", "mean", "amax", "amin")


class ScatterReduceBackward0(Node):
    __slots__ = ("dim", "index", "reduce", "include_self", "spelled")
    explain = ("grad_self = grad (sum; 0 where replaced when not include_self; mean: / counts; amax/amin: shared "
               "among the values equal to the result; prod: · result / self);  grad_src = grad.gather(dim, index), "
               "by the same rule")
    saves_output = True
    checks = (check(lambda x, s: x.scatter_reduce(1, _const([[0, 0, 1], [2, 1, 1]]), s, "sum"), (2, 3), (2, 3)),
              check(lambda x, s: x.scatter_reduce(1, _const([[0, 0, 1], [2, 1, 1]]), s, "mean"), (2, 3), (2, 3),
                    label="mean"),
              check(lambda x, s: x.scatter_reduce(0, _const([[0, 1, 0]]), s, "amax", include_self=False), (2, 3),
                    (1, 3), label="amax"),
              check(lambda x, s: x.scatter_reduce(1, _const([[0, 0, 1], [2, 1, 1]]), s, "prod"), (2, 3), (2, 3),
                    low=0.5, high=2.0, label="prod"))

    def forward(ctx, a, src, *, dim, index, reduce, include_self, spelled):
        ctx.dim, ctx.index, ctx.reduce, ctx.include_self, ctx.spelled = dim, index, reduce, include_self, spelled
        ctx.save_for_backward(a, src)
        out = a._data.copy()
        idx = index._data
        s = src._data[tuple(slice(0, n) for n in idx.shape)]
        key = _along(idx, dim)
        counts = np.zeros(out.shape, np.int64)
        np.add.at(counts, key, 1)
        touched = counts > 0
        if reduce in ("sum", "mean"):
            base = np.where(touched & (not include_self), 0, out)
            np.add.at(base, key, s)
            if reduce == "mean":
                c = counts + (1 if include_self else 0)
                base = np.where(touched, base / np.maximum(c, 1), base)
                if out.dtype.kind in "iu":
                    base = np.floor_divide(np.where(touched, base * np.maximum(c, 1), base), np.maximum(c, 1))
            return base.astype(out.dtype)
        if reduce == "prod":
            base = np.where(touched & (not include_self), 1, out).astype(out.dtype)
            np.multiply.at(base, key, s)
            return base
        fn = np.maximum if reduce == "amax" else np.minimum
        fill = (-np.inf if reduce == "amax" else np.inf) if out.dtype.kind == "f" else (
            np.iinfo(out.dtype).min if reduce == "amax" else np.iinfo(out.dtype).max)
        base = np.where(touched & (not include_self), fill, out).astype(out.dtype)
        fn.at(base, key, s)
        return base

    def backward(ctx, grad):
        if ctx.spelled != ctx.reduce:  # torch's forward takes 'max'/'min', its backward does not
            raise RuntimeError(f"Expected 'reduce' to be one of 'sum', 'prod', 'mean', 'amax', 'amin' but got "
                               f"{ctx.spelled}.")
        a, src = ctx.saved_tensors
        idx = ctx.index
        dim = ctx.dim
        r = ctx.reduce
        shp = tuple(slice(0, n) for n in idx._data.shape)
        src_part = src[shp] if src._data.shape != idx._data.shape else src
        from .masked import where
        touched = Tensor._wrap(_touched(idx._data, dim, a._data.shape))
        g_self = g_src = None
        if r == "sum" or r == "mean":
            if r == "mean":
                counts = Tensor._wrap(_counts(idx._data, dim, a._data.shape) + (1 if ctx.include_self else 0))
                grad = grad / counts.clamp_min(1)
            g_self = grad if ctx.include_self else where(touched, 0.0, grad)
            g_src = grad.gather(dim, idx)
        elif r == "prod":
            result = ctx.result
            g_self = grad * result / a if ctx.include_self else where(touched, 0.0, grad)
            g_src = (grad * result).gather(dim, idx) / src_part
        else:
            result = ctx.result
            self_hit = (a == result) if ctx.include_self else (a == result) & ~touched
            src_hit = src_part == result.gather(dim, idx)
            n = self_hit.to(grad.dtype).scatter_add(dim, idx, src_hit.to(grad.dtype))
            share = grad / n
            g_self = where(self_hit, share, 0.0)
            g_src = where(src_hit, share.gather(dim, idx), 0.0)
        if g_src is not None and g_src._data.shape != src._data.shape:
            g_src = _pad_to(g_src, src._data.shape)
        return g_self, g_src


def _pad_to(g, shape):
    """``g`` placed at the front corner of zeros of ``shape`` (src may be larger than index)."""
    from .inplace import setitem
    out = Tensor._wrap(np.zeros(shape, g._data.dtype))
    if g._requires_grad:
        out = out + 0.0
    setitem(out, tuple(slice(0, n) for n in g._data.shape), g)
    return out


def _along(idx, dim):
    grids = list(np.indices(idx.shape, sparse=True))
    grids[dim] = idx
    return tuple(grids)


def _counts(idx, dim, shape):
    c = np.zeros(shape, np.int64)
    np.add.at(c, _along(idx, dim), 1)
    return c


def _touched(idx, dim, shape):
    return _counts(idx, dim, shape) > 0


def scatter_reduce(input, dim, index, src, reduce, *, include_self=True):
    """Reduce ``src`` into ``input`` along ``dim`` at ``index`` (sum prod mean amax amin)."""
    spelled = reduce
    reduce = {"max": "amax", "min": "amin"}.get(reduce, reduce)  # torch still takes the old names
    if reduce not in _REDUCES:
        raise RuntimeError(f"reduce argument must be either sum, prod, mean, amax or amin, got {reduce}")
    d = wrap_dim(dim, input._data.ndim)
    return ScatterReduceBackward0.apply(input, src, dim=d, index=Tensor._wrap(index._data.copy()), reduce=reduce,
                                        include_self=bool(include_self), spelled=spelled)


def argwhere(input):
    """The indices of the non-zero elements, one row each."""
    from .indexing import nonzero
    return nonzero(input)


_FUNCTIONS = ("atleast_1d atleast_2d atleast_3d hstack vstack row_stack dstack column_stack block_diag meshgrid "
              "cartesian_prod combinations").split()
EXPORTS = ("tensor_split hsplit vsplit dsplit rot90 repeat_interleave diagflat ravel take take_along_dim masked_select "
           "masked_scatter index_copy index_fill scatter_reduce argwhere").split()
FUNCTION_ONLY = {name: globals()[name] for name in _FUNCTIONS}
