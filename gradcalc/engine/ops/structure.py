"""Structure ops: split/chunk (multi-output views), flip, roll, repeat/tile,
index_select/index_add, tril/triu, diagonal/diag/diag_embed, trace."""

import numpy as np

from ..limits import check_numel
from ..node import Node
from ..tensor import Tensor
from .checks import check
from .support import type_word as _type_word
from .support import shape_arg, wrap_dim, own_index
from .table_shape import shape_row


def _dim_list(dims, ndim):
    """Wrapped dims of a list argument, with torch's error for a repeated one."""
    out = []
    for d in dims:
        w = wrap_dim(d, ndim)
        if w in out:
            raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
        out.append(w)
    return tuple(out)


def _ints(args):
    """``f(1, 2)``, ``f((1, 2))`` and ``f([1, 2])`` all mean (1, 2)."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        return tuple(args[0])
    return tuple(args)


# -- split / chunk --------------------------------------------------------------

class _Split(Node):
    __slots__ = ("dim",)
    is_view = True
    n_diff_outputs = 1 << 30  # every piece is differentiable

    def forward(ctx, a, dim, sizes):
        ctx.dim = dim
        d = a._data
        pieces = []
        start = 0
        for n in sizes:
            pieces.append(d[(slice(None),) * dim + (slice(start, start + n),)])
            start += n
        return tuple(pieces)

    def backward(ctx, *grads):
        from .shape import cat
        return cat(list(grads), ctx.dim)


class SplitBackward0(_Split):
    explain = "grad_self = cat(grads of the pieces, dim)   (a missing piece's grad is zeros)"
    checks = (check(lambda x: x.split(2, 1), (2, 3)),
              check(lambda x: x.split(1)[1] * 2, (3, 2), label="one piece"),
              check(lambda x: x.chunk(2, -1), (2, 4), label="chunk"))

    def forward(ctx, a, dim, sizes):
        return _Split.forward(ctx, a, dim, sizes)


class SplitWithSizesBackward0(_Split):
    explain = "grad_self = cat(grads of the pieces, dim)   (a missing piece's grad is zeros)"
    checks = (check(lambda x: x.split([1, 2], 1), (2, 3)),
              check(lambda x: x.split([3, 1])[0].sum(), (4, 2), label="one piece"))

    def forward(ctx, a, dim, sizes):
        return _Split.forward(ctx, a, dim, sizes)


def split(tensor, split_size_or_sections=None, dim=0, *, split_size=None):
    """Pieces of ``tensor`` along ``dim``: of size ``split_size`` each (the last may be smaller),
    or of the sizes in a list."""
    if split_size_or_sections is None:
        if split_size is None:
            raise TypeError("split() missing 1 required positional argument: 'split_size'")
        split_size_or_sections = split_size
    if isinstance(split_size_or_sections, (list, tuple)):
        return split_with_sizes(tensor, split_size_or_sections, dim)
    d = tensor._data
    if not d.ndim:
        raise RuntimeError("split expects at least a 1-dimensional tensor")
    split_size = split_size_or_sections.__index__()
    if split_size < 0:
        raise RuntimeError(f"split expects split_size be non-negative, but got split_size={split_size}")
    dim = wrap_dim(dim, d.ndim)
    size = d.shape[dim]
    if split_size == 0 and size != 0:
        raise RuntimeError(f"split_size can only be 0 if dimension size is 0, but got dimension size of {size}")
    n = max((size + split_size - 1) // split_size, 1) if split_size else 1
    sizes = [split_size] * (n - 1) + [size - split_size * (n - 1)]
    return SplitBackward0.apply(tensor, dim=dim, sizes=tuple(sizes))


def split_with_sizes(input, split_sizes, dim=0):
    """Pieces of ``input`` along ``dim`` with the given sizes (they must add up to the dim's size)."""
    d = input._data
    if not d.ndim:
        raise RuntimeError("split expects at least a 1-dimensional tensor")
    dim = wrap_dim(dim, d.ndim)
    sizes = [int(s) for s in split_sizes]
    if any(s < 0 for s in sizes):
        raise RuntimeError(f"split_with_sizes expects split_sizes have only non-negative entries, but got "
                           f"split_sizes={sizes}")
    if sum(sizes) != d.shape[dim]:
        raise RuntimeError(f"split_with_sizes expects split_sizes to sum exactly to {d.shape[dim]} (input tensor's "
                           f"size at dimension {dim}), but got split_sizes={sizes}")
    return SplitWithSizesBackward0.apply(input, dim=dim, sizes=tuple(sizes))


def chunk(input, chunks, dim=0):
    """At most ``chunks`` pieces of equal size (the last may be smaller) along ``dim``."""
    d = input._data
    if not d.ndim:
        raise RuntimeError("chunk expects at least a 1-dimensional tensor")
    if chunks <= 0:
        raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    dim = wrap_dim(dim, d.ndim)
    size = d.shape[dim]
    split_size = (size + chunks - 1) // chunks
    if split_size == 0 and size == 0:
        return SplitWithSizesBackward0.apply(input, dim=dim, sizes=(0,) * chunks)
    return split(input, split_size, dim)


# -- flip / roll ------------------------------------------------------------------

def _flip(d, dims):
    return np.flip(d, axis=dims).copy() if dims and d.ndim else d.copy()


def _roll(d, shifts, dims):
    if dims is None:
        return np.roll(d.reshape(-1), shifts[0]).reshape(d.shape)
    return np.roll(d, shifts, axis=dims)


def _unrepeat(grad, in_shape, reps):
    """The gradient of ``tile``: grad summed over the repeated copies."""
    padded = (1,) * (len(reps) - len(in_shape)) + tuple(in_shape)
    split = []
    for r, s in zip(reps, padded):
        split += [r, s]
    return grad.reshape(tuple(split)).sum(tuple(range(0, 2 * len(reps), 2))).reshape(in_shape)


def _trace(d):
    return np.asarray(np.trace(d, dtype=np.int64 if d.dtype.kind in "iu" else d.dtype))


FLIP = shape_row("FlipBackward0", _flip, params=("dims",), view=False,
                 grad=lambda grad, dims: FlipBackward0.apply(grad, dims=dims),
                 explain="grad_self = grad.flip(dims)   (flipping twice restores the order)",
                 checks=(check(lambda x: x.flip(0), (2, 3)), check(lambda x: x.flip(0, 2), (2, 3, 2), label="two dims"),
                         check(lambda x: x.flip(-1) * x, (4,), label="times x")))
ROLL = shape_row("RollBackward0", _roll, params=("shifts", "dims"), view=False,
                 grad=lambda grad, shifts, dims: RollBackward0.apply(grad, shifts=tuple(-s for s in shifts), dims=dims),
                 explain="grad_self = grad rolled back by -shifts along the same dims",
                 checks=(check(lambda x: x.roll(1, 0), (3, 2)),
                         check(lambda x: x.roll((1, -2), (0, 1)), (2, 3), label="two dims"),
                         check(lambda x: x.roll(2), (2, 3), label="flattened")))
REPEAT = shape_row("RepeatBackward0", np.tile, params=("reps",), view=False, grad=_unrepeat,
                   explain="grad_self = grad summed over the repeated copies",
                   checks=(check(lambda x: x.repeat(2, 1), (2, 3)),
                           check(lambda x: x.repeat(2, 1, 3), (2, 2), label="new dims"),
                           check(lambda x: x.tile(2), (3,), label="tile")))
TRIL = shape_row("TrilBackward0", np.tril, params=("k",), view=False, grad=lambda grad, k: grad.tril(k),
                 explain="grad_self = grad.tril(diagonal)   (the zeroed triangle gets no gradient)",
                 checks=(check(lambda x: x.tril(), (3, 3)),
                         check(lambda x: x.tril(1), (2, 3, 4), label="batched, diagonal 1")))
TRIU = shape_row("TriuBackward0", np.triu, params=("k",), view=False, grad=lambda grad, k: grad.triu(k),
                 explain="grad_self = grad.triu(diagonal)   (the zeroed triangle gets no gradient)",
                 checks=(check(lambda x: x.triu(), (3, 3)), check(lambda x: x.triu(-1), (3, 4), label="diagonal -1")))
TRACE = shape_row("TraceBackward0", _trace, view=False,
                  grad=lambda grad, in_shape: grad * Tensor._wrap(np.eye(*in_shape, dtype=grad._data.dtype)),
                  explain="grad_self = grad * identity matrix",
                  checks=(check(lambda x: x.trace(), (3, 3)), check(lambda x: x.trace(), (2, 4), label="rectangular")))
FlipBackward0, RollBackward0, RepeatBackward0 = FLIP.node, ROLL.node, REPEAT.node
TrilBackward0, TriuBackward0, TraceBackward0 = TRIL.node, TRIU.node, TRACE.node


def flip(input, *dims, **kw):
    """The tensor with the order of elements reversed along ``dims``."""
    if "dims" in kw:
        dims = (kw.pop("dims"),)
    if kw:
        raise TypeError(f"flip() got an unexpected keyword argument '{next(iter(kw))}'")
    if not dims:
        raise TypeError('flip() missing 1 required positional arguments: "dims"')
    dims = _ints(dims)
    return FlipBackward0.apply(input, dims=_dim_list(dims, input._data.ndim))


def fliplr(input):
    """Flip the columns (dim 1)."""
    if input._data.ndim < 2:
        raise RuntimeError("Input must be >= 2-d.")
    return FlipBackward0.apply(input, dims=(1,))


def flipud(input):
    """Flip the rows (dim 0)."""
    if input._data.ndim < 1:
        raise RuntimeError("Input must be >= 1-d.")
    return FlipBackward0.apply(input, dims=(0,))


def roll(input, shifts, dims=None):
    """Rotate elements along ``dims`` by ``shifts`` (of the flattened tensor without dims)."""
    shifts = tuple(shifts) if isinstance(shifts, (tuple, list)) else (shifts,)
    if dims is None:
        if len(shifts) == 0:
            raise RuntimeError("`shifts` required")
        if len(shifts) != 1:
            raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:0")
        return RollBackward0.apply(input, shifts=shifts, dims=None)
    dims = tuple(dims) if isinstance(dims, (tuple, list)) else (dims,)
    if len(shifts) == 0:
        raise RuntimeError("`shifts` required")
    if len(shifts) != len(dims):
        raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:{len(dims)}")
    n = input._data.ndim
    if n == 0:
        raise IndexError(f"Dimension specified as {dims[0]} but tensor has no dimensions")
    return RollBackward0.apply(input, shifts=shifts, dims=tuple(wrap_dim(d, n) for d in dims))


# -- repeat / tile ------------------------------------------------------------------

def repeat(input, *sizes, repeats=None):
    """The tensor repeated ``sizes[i]`` times along each dim (extra leading sizes add dims)."""
    reps = shape_arg(sizes if repeats is None else (repeats,))
    shape = input._data.shape
    if len(reps) < len(shape):
        raise RuntimeError("Number of dimensions of repeat dims can not be smaller than number of dimensions of "
                           "tensor")
    padded = (1,) * (len(reps) - len(shape)) + tuple(shape)
    target = [r * s for r, s in zip(reps, padded)]
    for t in target:
        if t < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {t}: {target}")
    check_numel(tuple(target))
    return RepeatBackward0.apply(input, reps=tuple(reps))


def tile(input, *dims, **kw):
    """Like repeat, but ``dims`` shorter than the tensor's rank is padded with leading ones."""
    if "dims" in kw:
        dims = (kw.pop("dims"),)
    if kw:
        raise TypeError(f"tile() got an unexpected keyword argument '{next(iter(kw))}'")
    reps = shape_arg(dims)
    n = input._data.ndim
    if len(reps) < n:
        reps = (1,) * (n - len(reps)) + tuple(reps)
    return repeat(input, reps)


# -- index_select / index_add ----------------------------------------------------------

def _index_vector(index, what):
    from .support import as_tensor
    index = as_tensor(index)
    if index._data.dtype not in (np.int64, np.int32):
        raise RuntimeError(f"{what}(): Expected dtype int32 or int64 for index")
    if index._data.ndim > 1:
        raise IndexError(f"{what}(): Index is supposed to be a vector")
    return index


class IndexSelectBackward0(Node):
    __slots__ = ("dim", "index", "in_shape")
    explain = "grad_self = zeros like self, with grad added back at the selected indices along dim"
    checks = (check(lambda x: x.index_select(1, _const([0, 2])), (2, 3)),
              check(lambda x: x.index_select(0, _const([1, 1, 0])), (2, 3), label="repeats"))

    def forward(ctx, a, dim, index):
        ctx.dim = dim
        ctx.index = own_index(ctx, index)
        d = a._data
        ctx.in_shape = d.shape
        idx = index._data.reshape(-1)
        n = d.shape[dim] if d.ndim else 1
        if idx.size and (idx.min() < 0 or idx.max() >= n):
            raise IndexError("index out of range in self")
        if not d.ndim:
            return d.copy()
        check_numel(d.shape[:dim] + (idx.size,) + d.shape[dim + 1:])
        return np.take(d, idx, axis=dim)

    def backward(ctx, grad):
        if not ctx.in_shape:
            return grad
        zeros = Tensor._wrap(np.zeros(ctx.in_shape, grad._data.dtype))
        return IndexAddBackward0.apply(zeros, grad, dim=ctx.dim, index=ctx.index)


class IndexAddBackward0(Node):
    __slots__ = ("dim", "index", "alpha")
    explain = "grad_self = grad;  grad_source = grad.index_select(dim, index) * alpha"
    checks = (check(lambda x, s: x.index_add(0, _const([1, 0, 1]), s), (2, 3), (3, 3)),
              check(lambda x, s: x.index_add(1, _const([2]), s, alpha=2.0), (2, 3), (2, 1), label="alpha"))

    def forward(ctx, a, source, dim, index, alpha=1):
        ctx.dim = dim
        ctx.index = own_index(ctx, index)
        ctx.alpha = alpha
        out = a._data.copy()
        idx = index._data.reshape(-1)
        n = out.shape[dim] if out.ndim else 1
        bad = idx[(idx < 0) | (idx >= n)]
        if bad.size:
            raise RuntimeError(f"index {int(bad[0])} is out of bounds for dimension {dim} with size {n}")
        src = source._data.astype(out.dtype, copy=False)
        if alpha != 1:
            src = src * alpha
        if not out.ndim:
            return out + src.reshape(())
        key = (slice(None),) * dim + (idx,)
        np.add.at(out, key, src)
        return out

    def backward(ctx, grad):
        gs = None
        if ctx.should_compute(1):
            gs = grad.index_select(ctx.dim, ctx.index) if grad._data.ndim else grad
            if ctx.alpha != 1:
                gs = gs * ctx.alpha
        return grad, gs


def _const(v):
    from ..creation import tensor
    return tensor(v)


def index_select(input, dim, index):
    """The slices of ``input`` at ``index`` (a vector) along ``dim``."""
    index = _index_vector(index, "index_select")
    return IndexSelectBackward0.apply(input, dim=wrap_dim(dim, input._data.ndim), index=index)


def index_add(input, dim, index, source, *, alpha=1):
    """A copy of ``input`` with ``alpha * source`` added at ``index`` along ``dim``."""
    index = _index_vector(index, "index_add")
    if isinstance(source, Tensor) and source.dtype is not input.dtype:
        from ..dtypes import SCALAR_NAMES
        raise RuntimeError(f"index_add_(): self ({SCALAR_NAMES[input.dtype.name]}) and source "
                           f"({SCALAR_NAMES[source.dtype.name]}) must have the same scalar type")
    if isinstance(source, Tensor):
        d = wrap_dim(dim, input._data.ndim)
        src, shape = source._data.shape, input._data.shape
        n = 1 if not src else src[d] if d < len(src) else None
        if n is not None and index._data.size != n:
            raise RuntimeError(f"index_add_(): Number of indices ({index._data.size}) should be equal to "
                               f"source.size(dim): ({n}), for dim: {d}")
        if len(src) != len(shape) or any(a != b for i, (a, b) in enumerate(zip(src, shape)) if i != d):
            raise RuntimeError(f"source tensor shape must match self tensor shape, excluding the specified "
                               f"dimension. Got self.shape = {list(shape)} source.shape = {list(src)}")
        if len(shape) <= 1:
            idx = index._data.reshape(-1)
            size = shape[0] if shape else 1
            if ((idx < 0) | (idx >= size)).any():
                raise IndexError("index out of range in self")
    return IndexAddBackward0.apply(input, source, dim=wrap_dim(dim, input._data.ndim), index=index, alpha=alpha)


# -- tril / triu --------------------------------------------------------------------

def tril(input, diagonal=0):
    """The lower triangle of the last two dims (elements above ``diagonal`` zeroed)."""
    if input._data.ndim < 2:
        raise RuntimeError("tril: input tensor must have at least 2 dimensions")
    return TrilBackward0.apply(input, k=diagonal)


def triu(input, diagonal=0):
    """The upper triangle of the last two dims (elements below ``diagonal`` zeroed)."""
    if input._data.ndim < 2:
        raise RuntimeError("triu: input tensor must have at least 2 dimensions")
    return TriuBackward0.apply(input, k=diagonal)


# -- diagonal / diag / diag_embed / trace ---------------------------------------------------

def diagonal_view(arr, offset, d1, d2):
    """A writable view of the diagonal of ``arr`` over dims d1, d2 (appended as the last dim)."""
    s1, s2 = arr.shape[d1], arr.shape[d2]
    if offset >= 0:
        length = max(0, min(s1, s2 - offset))
        start = [0, offset]
    else:
        length = max(0, min(s1 + offset, s2))
        start = [-offset, 0]
    key = [slice(None)] * arr.ndim
    if length:
        key[d1] = slice(start[0], None)
        key[d2] = slice(start[1], None)
    base = arr[tuple(key)]
    others = [k for k in range(arr.ndim) if k not in (d1, d2)]
    shape = tuple(base.shape[k] for k in others) + (length,)
    strides = tuple(base.strides[k] for k in others) + (base.strides[d1] + base.strides[d2],)
    return np.lib.stride_tricks.as_strided(base, shape, strides, writeable=arr.flags.writeable)


class DiagonalBackward0(Node):
    __slots__ = ("offset", "d1", "d2", "in_shape")
    explain = "grad_self = zeros like self, with grad written on the diagonal"
    is_view = True
    checks = (check(lambda x: x.diagonal(), (3, 3)),
              check(lambda x: x.diagonal(1), (2, 3), label="offset"),
              check(lambda x: x.diagonal(-1, 0, 2), (3, 2, 3), label="dims"))

    def forward(ctx, a, offset, d1, d2):
        ctx.offset = offset
        ctx.d1 = d1
        ctx.d2 = d2
        ctx.in_shape = a._data.shape
        return diagonal_view(a._data, offset, d1, d2)

    def replay(ctx, arr):
        return diagonal_view(arr, ctx.offset, ctx.d1, ctx.d2)

    def backward(ctx, grad):
        return DiagonalBackwardBackward0.apply(grad, in_shape=ctx.in_shape, offset=ctx.offset, d1=ctx.d1, d2=ctx.d2)


class DiagonalBackwardBackward0(Node):
    __slots__ = ("offset", "d1", "d2")
    explain = "grad_grad = grad.diagonal(offset, dim1, dim2)"
    checks = (check(lambda g: DiagonalBackwardBackward0.apply(g, in_shape=(3, 3), offset=0, d1=0, d2=1), (3,)),
              check(lambda g: DiagonalBackwardBackward0.apply(g, in_shape=(2, 4), offset=1, d1=0, d2=1), (2,),
                    label="offset"))

    def forward(ctx, g, in_shape, offset, d1, d2):
        ctx.offset = offset
        ctx.d1 = d1
        ctx.d2 = d2
        out = np.zeros(in_shape, g._data.dtype)
        diagonal_view(out, offset, d1, d2)[...] = g._data
        return out

    def backward(ctx, grad):
        return DiagonalBackward0.apply(grad, offset=ctx.offset, d1=ctx.d1, d2=ctx.d2)


def _diag_dims(ndim, dim1, dim2):
    d1, d2 = wrap_dim(dim1, ndim), wrap_dim(dim2, ndim)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    return d1, d2


def diagonal(input, offset=0, dim1=0, dim2=1):
    """The diagonal over dims ``dim1`` and ``dim2`` (a view, appended as the last dim)."""
    n = input._data.ndim
    d1, d2 = _diag_dims(n, dim1, dim2)
    return DiagonalBackward0.apply(input, offset=offset, d1=d1, d2=d2)


class DiagonalBackward0_copy(Node):  # noqa: N801 - torch's own name for the node of diag(matrix)
    __slots__ = ("offset", "in_shape")
    explain = "grad_self = zeros like self, with grad written on the diagonal"
    checks = (check(lambda x: x.diag(), (3, 3)),
              check(lambda x: x.diag(-1), (3, 2), label="offset"))

    def forward(ctx, a, offset):
        ctx.offset = offset
        ctx.in_shape = a._data.shape
        return diagonal_view(a._data, offset, 0, 1).copy()

    def backward(ctx, grad):
        return DiagonalBackwardBackward0.apply(grad, in_shape=ctx.in_shape, offset=ctx.offset, d1=0, d2=1)


class DiagEmbedBackward0(Node):
    __slots__ = ("offset", "d1", "d2")
    explain = "grad_self = grad.diagonal(offset, dim1, dim2)"
    checks = (check(lambda v: v.diag(), (3,)),
              check(lambda v: diag_embed(v, 1), (2, 3), label="batched offset"),
              check(lambda v: diag_embed(v, -1, 0, 2), (2, 2), label="dims"))

    def forward(ctx, a, offset, d1, d2):
        ctx.offset = offset
        ctx.d1 = d1
        ctx.d2 = d2
        d = a._data
        n = d.shape[-1] + abs(offset)
        shape = list(d.shape[:-1])
        lo, hi = sorted((d1, d2))
        shape.insert(lo, n)
        shape.insert(hi, n)
        check_numel(tuple(shape))
        out = np.zeros(tuple(shape), d.dtype)
        diagonal_view(out, offset, d1, d2)[...] = d
        return out

    def backward(ctx, grad):
        return DiagonalBackward0.apply(grad, offset=ctx.offset, d1=ctx.d1, d2=ctx.d2)


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """Tensors whose diagonals (over dims ``dim1``, ``dim2`` of the result) are ``input``'s last dim."""
    n = input._data.ndim + 1
    d1, d2 = _diag_dims(n, dim1, dim2)
    return DiagEmbedBackward0.apply(input, offset=offset, d1=d1, d2=d2)


def diag(input, diagonal=0):
    """A 1-D tensor's square diagonal matrix, or a 2-D tensor's diagonal (a copy)."""
    n = input._data.ndim
    if n == 1:
        return DiagEmbedBackward0.apply(input, offset=diagonal, d1=0, d2=1)
    if n == 2:
        return DiagonalBackward0_copy.apply(input, offset=diagonal)
    raise RuntimeError(f"diag(): Supports 1D or 2D tensors. Got {n}D")


def trace(input):
    """The sum of the main diagonal of a matrix."""
    d = input._data
    if d.ndim != 2:
        raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {d.ndim}")
    if d.dtype.kind == "b":
        raise NotImplementedError(f"\"trace\" not implemented for '{_type_word(d)}'")
    return TraceBackward0.apply(input)
