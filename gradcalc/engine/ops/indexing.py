"""Indexing: ``x[...]`` decomposed as torch does (select, slice, unsqueeze, then one
advanced index), and the ops that read or write along an index (gather, scatter)."""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check
from .support import wrap_dim, own_index


class SelectBackward0(Node):
    __slots__ = ("in_shape", "dim", "index")
    explain = "grad_self = zeros like self, with grad placed at [index] along dim"
    is_view = True
    checks = (check(lambda x: x[1], (3, 2)),
              check(lambda x: x[:, -1], (2, 3), label="dim 1"),
              check(lambda x: x.select(2, 0), (2, 3, 2), label="select()"))

    def forward(ctx, a, dim, index):
        ctx.in_shape = a._data.shape
        ctx.dim = dim
        ctx.index = index
        # the trailing Ellipsis keeps a 0-d result a view (numpy would return a scalar copy)
        return a._data[(slice(None),) * dim + (index, Ellipsis)]

    def replay(ctx, arr):
        return arr[(slice(None),) * ctx.dim + (ctx.index, Ellipsis)]

    def backward(ctx, grad):
        return SelectBackwardBackward0.apply(grad, in_shape=ctx.in_shape, dim=ctx.dim, index=ctx.index)


class SliceBackward0(Node):
    __slots__ = ("in_shape", "dim", "slc")
    explain = "grad_self = zeros like self, with grad placed in the slice"
    is_view = True
    checks = (check(lambda x: x[1:3], (4, 2)),
              check(lambda x: x[:, ::2], (2, 5), label="step"),
              check(lambda x: x[-2:], (4,), label="negative start"),
              check(lambda x: x.narrow(1, 1, 2), (2, 4), label="narrow"))

    def forward(ctx, a, dim, slc):
        ctx.in_shape = a._data.shape
        ctx.dim = dim
        ctx.slc = slc
        return a._data[(slice(None),) * dim + (slc,)]

    def replay(ctx, arr):
        return arr[(slice(None),) * ctx.dim + (ctx.slc,)]

    def backward(ctx, grad):
        return SliceBackwardBackward0.apply(grad, in_shape=ctx.in_shape, dim=ctx.dim, slc=ctx.slc)


class SelectBackwardBackward0(Node):
    __slots__ = ("dim", "index")
    explain = "grad_grad = grad.select(dim, index)"
    checks = (check(lambda g: SelectBackwardBackward0.apply(g, in_shape=(3, 2), dim=0, index=1), (2,)),)

    def forward(ctx, g, in_shape, dim, index):
        ctx.dim = dim
        ctx.index = index
        out = np.zeros(in_shape, g._data.dtype)
        out[(slice(None),) * dim + (index,)] = g._data
        return out

    def backward(ctx, grad):
        return grad.select(ctx.dim, ctx.index)


class SliceBackwardBackward0(Node):
    __slots__ = ("dim", "slc")
    explain = "grad_grad = grad[slice] along dim"
    checks = (check(lambda g: SliceBackwardBackward0.apply(g, in_shape=(4, 2), dim=0, slc=slice(1, 3, 1)), (2, 2)),)

    def forward(ctx, g, in_shape, dim, slc):
        ctx.dim = dim
        ctx.slc = slc
        out = np.zeros(in_shape, g._data.dtype)
        out[(slice(None),) * dim + (slc,)] = g._data
        return out

    def backward(ctx, grad):
        return SliceBackward0.apply(grad, dim=ctx.dim, slc=ctx.slc)


class IndexBackward0(Node):
    __slots__ = ("in_shape", "key")
    explain = "grad_self = zeros like self, with grad added at the indexed positions (repeats add up)"
    checks = (check(lambda x: x[[0, 2, 0]], (3, 2)),
              check(lambda x: x[x > 0], (2, 3), label="bool mask"),
              check(lambda x: x[:, [1, 0]], (2, 3), label="second dim"))

    def forward(ctx, a, key):
        ctx.in_shape = a._data.shape
        ctx.key = own_index(ctx, key)
        try:
            return a._data[key]
        except IndexError as e:
            text = str(e).replace("axis", "dimension")
            if text.endswith(" with size 0"):  # torch's index kernel names neither on an empty dim
                text = "index is out of bounds for dimension with size 0"
            raise IndexError(text) from None

    def backward(ctx, grad):
        return IndexPutBackward0.apply(None, grad, key=ctx.key, shape=ctx.in_shape, accumulate=True)


class IndexPutBackward0(Node):
    """``base`` with ``values`` written (or added) at ``key``; ``base`` None means zeros of ``shape``."""

    __slots__ = ("key", "accumulate", "vshape")
    explain = ("grad_self = grad with the written positions zeroed (kept when accumulating);  "
               "grad_values = grad[indices]")
    broadcasting = True
    checks = (check(lambda x, v: index_put(x, ([0, 2],), v), (3, 2), (2, 2)),
              check(lambda x, v: index_put(x, ([0, 0],), v, accumulate=True), (3, 2), (2,), label="accumulate"))

    def forward(ctx, base, values, *, key, shape=None, accumulate=False):
        ctx.key = own_index(ctx, key)
        ctx.accumulate = accumulate
        if base is None:
            out = np.zeros(shape, values._data.dtype)
        else:
            out = base._data.copy()
        v = values._data.astype(out.dtype, copy=False)
        ctx.vshape = values._data.shape
        try:
            if accumulate:
                np.add.at(out, key, v)
            else:
                out[key] = v
        except IndexError as e:
            raise IndexError(str(e).replace("axis", "dimension")) from None
        except ValueError:
            raise RuntimeError(f"shape mismatch: value tensor of shape {list(values._data.shape)} cannot be "
                               f"broadcast to indexing result of shape {list(out[key].shape)}") from None
        return out

    def backward(ctx, grad):
        g_base = None
        if ctx.should_compute(0):
            if ctx.accumulate:
                g_base = grad
            else:
                g_base = IndexPutBackward0.apply(grad, Tensor._wrap(np.zeros((), grad._data.dtype)), key=ctx.key)
        g_vals = None
        if ctx.should_compute(1):
            g_vals = IndexBackward0.apply(grad, key=ctx.key)
        return g_base, g_vals


class GatherBackward0(Node):
    __slots__ = ("dim", "index", "in_shape")
    explain = "grad_self = zeros like self, with grad added back at the gathered positions"
    checks = (check(lambda x: x.gather(1, _const([[0, 0], [2, 1]])), (2, 3)),)

    def forward(ctx, a, dim, index):
        ctx.dim = dim
        ctx.index = own_index(ctx, index)
        ctx.in_shape = a._data.shape
        _check_index(index, a._data, dim)
        return a._data[_along(index._data, dim)]

    def backward(ctx, grad):
        zeros = Tensor._wrap(np.zeros(ctx.in_shape, grad._data.dtype))
        return ScatterAddBackward0.apply(zeros, grad, dim=ctx.dim, index=ctx.index)


class ScatterBackward0(Node):
    __slots__ = ("dim", "index")
    explain = "grad_self = grad with the scattered positions zeroed;  grad_src = grad.gather(dim, index)"
    checks = (check(lambda x, s: x.scatter(1, _const([[0], [2]]), s), (2, 3), (2, 1)),)

    def forward(ctx, a, src, *, dim, index):
        ctx.dim = dim
        ctx.index = own_index(ctx, index)
        _check_index(index, a._data, dim, "scatter")
        out = a._data.copy()
        s = src._data[tuple(slice(0, n) for n in index._data.shape)].astype(out.dtype, copy=False)
        out[_along(index._data, dim)] = s
        return out

    def backward(ctx, grad):
        ga = grad.scatter(ctx.dim, ctx.index, 0.0) if ctx.should_compute(0) else None
        gs = grad.gather(ctx.dim, ctx.index) if ctx.should_compute(1) else None
        return ga, gs


class ScatterBackward1(Node):
    __slots__ = ("dim", "index")
    explain = "grad_self = grad with the scattered positions zeroed"
    checks = (check(lambda x: x.scatter(1, _const([[0], [2]]), 0.5), (2, 3)),)

    def forward(ctx, a, *, dim, index, value):
        ctx.dim = dim
        ctx.index = own_index(ctx, index)
        _check_index(index, a._data, dim, "scatter")
        out = a._data.copy()
        out[_along(index._data, dim)] = value
        return out

    def backward(ctx, grad):
        return grad.scatter(ctx.dim, ctx.index, 0.0)


class ScatterAddBackward0(Node):
    __slots__ = ("dim", "index")
    explain = "grad_self = grad;  grad_src = grad.gather(dim, index)"
    checks = (check(lambda x, s: x.scatter_add(1, _const([[0, 0], [2, 1]]), s), (2, 3), (2, 2)),)

    def forward(ctx, a, src, *, dim, index):
        ctx.dim = dim
        ctx.index = own_index(ctx, index)
        _check_index(index, a._data, dim, "scatter")
        out = a._data.copy()
        s = src._data[tuple(slice(0, n) for n in index._data.shape)].astype(out.dtype, copy=False)
        np.add.at(out, _along(index._data, dim), s)
        return out

    def backward(ctx, grad):
        ga = grad if ctx.should_compute(0) else None
        gs = grad.gather(ctx.dim, ctx.index) if ctx.should_compute(1) else None
        return ga, gs


def _const(v):
    from ..creation import tensor
    return tensor(v)


def _along(index, dim):
    """A fancy-index tuple addressing ``index``'s positions with ``index`` substituted along ``dim``."""
    grids = list(np.indices(index.shape, sparse=True))
    grids[dim] = index
    return tuple(grids)


def _check_index(index, data, dim, what="gather"):
    if not isinstance(index, Tensor) or index._data.dtype not in (np.int64, np.int32):
        raise RuntimeError(f"{what}(): Expected dtype int32/int64 for index")
    idx = index._data
    if idx.ndim != data.ndim and not (idx.ndim <= 1 and data.ndim <= 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    for d in range(idx.ndim):
        if d != dim and idx.shape[d] > data.shape[d]:
            raise RuntimeError(f"Size does not match at dimension {d} expected index {list(idx.shape)} to be "
                               f"smaller than self {list(data.shape)} apart from dimension {dim}")
    n = data.shape[dim] if data.ndim else 1
    if idx.size and (idx.min() < -n or idx.max() >= n):
        bad = idx.max() if idx.max() >= n else idx.min()
        raise RuntimeError(f"index {bad} is out of bounds for dimension {dim} with size {n}")


def scatter_into_zeros(shape, dim, index, src):
    """zeros(shape) with ``src`` scattered along ``dim`` at ``index`` (used by max/min backward)."""
    zeros = Tensor._wrap(np.zeros(shape, src._data.dtype))
    return ScatterBackward0.apply(zeros, src, dim=dim, index=index)


# -- x[key] ------------------------------------------------------------------

def _normalise_key(t, key):
    """Split ``key`` into a list of basic parts and convert lists/bool scalars to tensors."""
    bare = not isinstance(key, tuple)
    if bare:
        key = (key,)
    from ..creation import tensor as _tensor
    parts = []
    for k in key:
        if isinstance(k, list):
            k = _tensor(k)
            if k._data.dtype.kind == "f":
                raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        elif isinstance(k, np.ndarray):
            k = Tensor._wrap(k)
        if isinstance(k, Tensor) and k._data.ndim == 0 and k._data.dtype.kind in "iu":
            k = int(k._data)
        parts.append(k)
    # expand the ellipsis
    consumed = 0
    for k in parts:
        if k is None or k is Ellipsis or k is True or k is False:
            continue
        if isinstance(k, Tensor) and k._data.dtype.kind == "b":
            consumed += max(k._data.ndim, 1)
        else:
            consumed += 1
    n_ell = sum(1 for k in parts if k is Ellipsis)
    if n_ell > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    ndim = t._data.ndim
    if consumed > ndim:
        if ndim == 0 and bare and isinstance(key[0], slice):
            raise IndexError("slice() cannot be applied to a 0-dim tensor.")
        if ndim == 0 and bare:
            raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` "
                             "in C++ to convert a 0-dim tensor to a number")
        raise IndexError(f"too many indices for tensor of dimension {ndim}")
    if n_ell:
        i = parts.index(Ellipsis)
        parts[i:i + 1] = [slice(None)] * (ndim - consumed)
    return parts


def _key_position(key, t, j):
    """The position in the user's ``key`` of part ``j`` of the normalised key (torch names an
    out-of-range integer index by it: ``x[..., 5]`` on a 1-d tensor is "dimension 1")."""
    keys = key if isinstance(key, tuple) else (key,)
    for e, k in enumerate(keys):
        if k is Ellipsis:
            n = len(_normalise_key(t, key)) - (len(keys) - 1)  # the dims the ellipsis stands for
            return j if j < e else (e if j < e + n else j - n + 1)
    return j


def getitem(t, key):
    """``t[key]``: ints select, slices slice, None adds a dim, tensors/lists index (advanced)."""
    parts = _normalise_key(t, key)
    # torch slices for a lone slice key (x[:] is SliceBackward0); inside a tuple it skips a slice
    # that keeps a whole dim (x[:, :] is an alias)
    bare_slice = isinstance(key, slice)
    out = t
    dim = 0
    advanced = []  # (position in the result before advanced indexing, index)
    for j, k in enumerate(parts):
        if k is None:
            out = out.unsqueeze(dim)
            dim += 1
        elif k is True or k is False:
            # torch: a new dim of size 1, indexed by [0] (True) or by nothing (False)
            out = out.unsqueeze(dim)
            advanced.append((dim, Tensor._wrap(np.zeros(1 if k else 0, np.int64))))
            dim += 1
        elif isinstance(k, int) or hasattr(k, "__index__") and not isinstance(k, Tensor):
            k = k.__index__()
            size = out._data.shape[dim]
            if not -size <= k < size:
                raise IndexError(f"index {k} is out of bounds for dimension {_key_position(key, t, j)} with size "
                                 f"{size}")
            out = SelectBackward0.apply(out, dim=dim, index=k + size if k < 0 else k)
        elif isinstance(k, slice):
            if bare_slice or not _whole(k, out._data.shape[dim]):
                out = _slice(out, dim, k)
            dim += 1
        elif isinstance(k, Tensor):
            if k._data.dtype.kind not in "iub":
                raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
            advanced.append((dim, k))
            dim += max(k._data.ndim, 1) if k._data.dtype.kind == "b" else 1
        else:
            raise IndexError("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables "
                             "are valid indices (got " + type(k).__name__ + ")")
    if not advanced:
        if out is t:
            # t[:], t[...] (any key that keeps every element) alias the whole tensor
            return SelectAll.apply(t)
        return out
    npkey = [slice(None)] * out._data.ndim
    shift = 0
    for pos, k in advanced:
        d = k._data
        if d.dtype.kind == "b":
            span = max(d.ndim, 1)
            want = out._data.shape[pos:pos + span]
            if d.shape != want and d.ndim:
                for j, (m, s) in enumerate(zip(d.shape, want)):
                    if m != s:
                        raise IndexError(f"The shape of the mask {list(d.shape)} at index {j} does not match the "
                                         f"shape of the indexed tensor {list(out._data.shape)} at index {pos + j}")
            npkey[pos:pos + span] = [d]
            shift += span - 1
        else:
            npkey[pos - shift] = d
    key_t = tuple(npkey)
    return IndexBackward0.apply(out, key=key_t)


class AliasBackward0(Node):
    """``x[...]``, ``x[:]``: a view of the whole (torch's AliasBackward0)."""

    explain = "grad_self = grad"
    is_view = True
    checks = (check(lambda x: x[...], (2, 3)),)

    def forward(ctx, a):
        return a._data.view()

    def replay(ctx, arr):
        return arr.view()

    def backward(ctx, grad):
        return grad


SelectAll = AliasBackward0  # the name the indexing code uses


def _whole(k, size):
    """Whether slice ``k`` keeps a whole dim of ``size`` as torch decides it (from the raw bounds)."""
    return (k.start is None or k.start == 0) and (k.step is None or k.step == 1) and (
        k.stop is None or k.stop >= size)


def _slice(t, dim, k):
    size = t._data.shape[dim]
    start, stop, step = k.indices(size)
    if step <= 0:
        raise ValueError("step must be greater than zero")
    return SliceBackward0.apply(t, dim=dim, slc=slice(start, stop, step))


def select(input, dim, index):
    """The slice at ``index`` along ``dim`` (that dim disappears)."""
    if input._data.ndim == 0:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    d = wrap_dim(dim, input._data.ndim)
    size = input._data.shape[d]
    if not -size <= index < size:
        raise IndexError(f"select(): index {index} out of range for tensor of size {list(input._data.shape)} at "
                         f"dimension {d}")
    return SelectBackward0.apply(input, dim=d, index=index + size if index < 0 else index)


def narrow(input, dim, start, length):
    """``length`` elements along ``dim`` from ``start`` (a view)."""
    if input._data.ndim == 0:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    d = wrap_dim(dim, input._data.ndim)
    size = input._data.shape[d]
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    if not -size <= start <= size:
        raise IndexError(f"start out of range (expected to be in range of [{-size}, {size}], but got {start})")
    if start < 0:
        start += size
    if start + length > size:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({size}).")
    return SliceBackward0.apply(input, dim=d, slc=slice(start, start + length, 1))


def index_put(input, indices, values, accumulate=False):
    """A copy of ``input`` with ``values`` written (or added) at ``indices``."""
    from .support import as_tensor
    key = tuple(as_tensor(i)._data if not isinstance(i, Tensor) else i._data for i in indices)
    return IndexPutBackward0.apply(input, as_tensor(values), key=key, accumulate=accumulate)


def gather(input, dim, index):
    """Values of ``input`` picked along ``dim`` by ``index``."""
    return GatherBackward0.apply(input, dim=wrap_dim(dim, input._data.ndim), index=index)


def scatter(input, dim, index, src=None, *, value=None, reduce=None):
    """A copy of ``input`` with ``src`` (a tensor or a number) written along ``dim`` at ``index``."""
    if src is None:
        src = value
    if reduce == "add":
        return scatter_add(input, dim, index, src)
    if reduce is not None:
        raise RuntimeError("reduce argument must be either add or multiply.")
    d = wrap_dim(dim, input._data.ndim)
    if not isinstance(src, Tensor):
        return ScatterBackward1.apply(input, dim=d, index=index, value=src)
    return ScatterBackward0.apply(input, src, dim=d, index=index)


def scatter_add(input, dim, index, src):
    """A copy of ``input`` with ``src`` added along ``dim`` at ``index``."""
    return ScatterAddBackward0.apply(input, src, dim=wrap_dim(dim, input._data.ndim), index=index)


def nonzero(input, *, as_tuple=False):
    """Indices of the non-zero elements."""
    idx = np.nonzero(input._data) if input._data.ndim else ()  # numpy refuses 0-d; torch: (1, 0) or (0, 0)
    if as_tuple:
        return tuple(Tensor._wrap(i.astype(np.int64)) for i in idx) if input._data.ndim else \
            (Tensor._wrap(np.zeros(int(bool(input._data)), np.int64)),)
    return Tensor._wrap(np.stack(idx, axis=-1).astype(np.int64) if idx else
                        np.zeros((int(bool(input._data)), 0), np.int64))
