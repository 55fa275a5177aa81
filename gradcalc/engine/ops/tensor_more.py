"""More of torch's tensor catalogue: renorm, narrow_copy/slice_copy, histogram, gradient, and the Tensor
methods of functions that were only in torch.nn.functional (hardshrink, prelu)."""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check
from .forward_refusals import no_forward_ad, refuse_duals
from .linalg_decompositions import norm_backward


def _reduce_dims(ndim, dim):
    return tuple(d for d in range(ndim) if d != dim)


class RenormBackward0(Node):
    __slots__ = ("p", "dim", "maxnorm")
    explain = ("grad_self = where(‖xᵢ‖ > maxnorm, f·grad − f/(‖xᵢ‖+1e-7) · d‖xᵢ‖(Σ x·grad), grad), "
               "f = maxnorm/(‖xᵢ‖+1e-7)")
    checks = (check(lambda x: x.renorm(2, 0, 1.0), (3, 4)), check(lambda x: x.renorm(1, 1, 0.5), (3, 4), label="p=1"))

    def forward(ctx, a, p, dim, maxnorm):
        x = a._data
        dims = _reduce_dims(x.ndim, dim)
        ax = np.abs(x)
        if p == float("inf"):
            norm = ax.max(axis=dims, keepdims=True) if x.size else np.zeros_like(x)
        elif p == 0:
            norm = (ax != 0).sum(axis=dims, keepdims=True).astype(x.dtype)
        else:
            norm = (ax ** p).sum(axis=dims, keepdims=True) ** (1.0 / p)
        factor = np.where(norm > maxnorm, maxnorm / (norm + 1e-7), 1.0).astype(x.dtype)
        ctx.p, ctx.dim, ctx.maxnorm = p, dim, maxnorm
        ctx.save_for_backward(a)
        return x * factor

    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        from .. import linalg
        dims = _reduce_dims(x.dim(), ctx.dim)
        norm = linalg.vector_norm(x, ctx.p, dims, True)
        go = (x * grad).sum(dims, keepdim=True)
        nb = norm_backward(go, x, ctx.p, norm, dims)
        invnorm = (norm + 1e-7).reciprocal()
        factor = invnorm * ctx.maxnorm
        from .unary import where
        return where(norm > ctx.maxnorm, factor * grad - (factor * invnorm) * nb, grad)


def renorm(input, p, dim, maxnorm):
    """Each slice along ``dim`` whose p-norm exceeds ``maxnorm`` scaled down to norm ``maxnorm``."""
    if input._data.dtype.kind != "f":
        from .. import dtypes
        raise RuntimeError(f"linalg.vector_norm: Expected a floating point or complex tensor as input. Got "
                           f"{dtypes.SCALAR_NAMES[input.dtype.name]}")
    if p <= 0:
        raise RuntimeError(f"renorm: non-positive-norm not supported")
    if maxnorm < 0:
        shown = int(maxnorm) if float(maxnorm).is_integer() else maxnorm  # torch's Scalar printing
        raise RuntimeError(f"renorm: expected maxnorm to be >= 0 but got {shown}")
    nd = input._data.ndim
    if nd <= 1:
        raise RuntimeError(f"renorm: input needs at least 2 dimensions, got {nd} dimensions")
    if not -nd <= dim < nd:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-nd}, {nd - 1}], but got {dim})")
    return RenormBackward0.apply(input, p=float(p), dim=dim % nd, maxnorm=float(maxnorm))


class NarrowCopyBackward0(Node):
    __slots__ = ("shape", "dim", "start", "length")
    explain = "grad_self = zeros like self, with grad placed in the narrowed range"
    checks = (check(lambda x: x.narrow_copy(1, 1, 2), (2, 4)),)

    def forward(ctx, a, dim, start, length):
        ctx.shape, ctx.dim, ctx.start, ctx.length = a._data.shape, dim, start, length
        index = (slice(None),) * dim + (slice(start, start + length),)
        return a._data[index].copy()

    def backward(ctx, grad):
        from .shape import cat
        parts = []
        before = list(ctx.shape)
        before[ctx.dim] = ctx.start
        after = list(ctx.shape)
        after[ctx.dim] = ctx.shape[ctx.dim] - ctx.start - ctx.length
        if before[ctx.dim]:
            parts.append(grad.new_zeros(tuple(before)))
        parts.append(grad)
        if after[ctx.dim]:
            parts.append(grad.new_zeros(tuple(after)))
        return cat(parts, ctx.dim) if len(parts) > 1 else grad


def narrow_copy(input, dim, start, length):
    """A copy of ``narrow(dim, start, length)``."""
    view = input.narrow(dim, start, length)  # torch's checks and messages
    nd = max(input._data.ndim, 1)
    d = dim % nd
    s = start % input._data.shape[d] if input._data.shape[d] and start < 0 else start
    del view
    return NarrowCopyBackward0.apply(input, dim=d, start=s, length=length)


def slice_copy(input, dim=0, start=None, end=None, step=1):
    """A copy of ``input[..., start:end:step]`` along ``dim``."""
    index = (slice(None),) * (dim % max(input._data.ndim, 1)) + (slice(start, end, step),)
    return input[index].clone()


def histogram(input, bins, *, range=None, weight=None, density=False, out=None):
    """(hist, bin_edges) of the values of ``input`` (float): ``bins`` equal bins over ``range`` (default the
    values' min and max) or the given edges."""
    from ..ops.reduction import return_type
    refuse_duals("aten::histogram", input, weight)
    if input._data.dtype.kind != "f":
        from .. import dtypes
        raise NotImplementedError(f"\"histogramdd\" not implemented for '{dtypes.SCALAR_NAMES[input.dtype.name]}'")
    x = input._data.reshape(-1)
    w = None if weight is None else weight._data.reshape(-1)
    if isinstance(bins, Tensor):
        edges = bins._data.astype(x.dtype)
    else:
        lo, hi = range if range is not None else ((x.min(), x.max()) if x.size else (0.0, 0.0))
        if lo == hi:
            lo, hi = lo - 0.5, hi + 0.5  # numpy's rule for a degenerate range, as torch's
        edges = np.linspace(lo, hi, int(bins) + 1, dtype=np.float64).astype(x.dtype)
    hist, _ = np.histogram(x, bins=edges.astype(np.float64), weights=w, density=density)
    from ..node import not_differentiable
    hist_t = not_differentiable("histogram", Tensor._wrap(hist.astype(x.dtype)), input)
    edges_t = not_differentiable("histogram", Tensor._wrap(edges), input)
    return return_type("histogram", ("hist", "bin_edges"))(hist_t, edges_t)


def gradient(input, *, spacing=1, dim=None, edge_order=1):
    """The numerical gradient along each dim: central differences inside, one-sided at the edges."""
    from .shape import cat
    nd = input._data.ndim
    dims = list(range(nd)) if dim is None else ([dim] if isinstance(dim, int) else list(dim))
    if isinstance(spacing, (int, float)):
        steps = [float(spacing)] * len(dims)
    else:
        steps = [float(s) for s in spacing]
    if edge_order != 1:
        raise RuntimeError("torch.gradient only supports edge_order=1 in gradcalc")
    out = []
    for d, h in zip(dims, steps):
        d = d % nd
        n = input._data.shape[d]
        if n < edge_order + 1:
            raise RuntimeError("torch.gradient expected each dimension size to be at least edge_order+1")
        sl = lambda a, b: input.narrow(d, a, b - a)  # noqa: E731
        inner = (sl(2, n) - sl(0, n - 2)) / (2 * h)
        first = (sl(1, 2) - sl(0, 1)) / h
        last = (sl(n - 1, n) - sl(n - 2, n - 1)) / h
        out.append(cat([first, inner, last], d))
    return tuple(out)


def hardshrink(self, lambd=0.5):
    from ..nn import functional as F
    return F.hardshrink(self, lambd)


def prelu(self, weight):
    from ..nn import functional as F
    return F.prelu(self, weight)




# -- index_reduce -------------------------------------------------------------------------------

_REDUCE_AT = {"prod": np.multiply, "mean": np.add, "amax": np.maximum, "amin": np.minimum}
_IDENTITY = {"prod": 1.0, "mean": 0.0, "amax": -np.inf, "amin": np.inf}


class IndexReduceBackward0(Node):
    __slots__ = ("dim", "reduce", "include", "idx", "indexed", "n_src")
    jvp = no_forward_ad("index_reduce")  # torch has no forward rule
    explain = ("grad_self = grad where self takes part in the reduction (shared among ties for amax/amin, "
               "divided by the count for mean, times the other factors for prod);  grad_source = the same, gathered")
    saves_output = True
    checks = (check(lambda x, s: x.index_reduce(0, _IDX, s, "mean"), (4, 2), (3, 2)),
              check(lambda x, s: x.index_reduce(0, _IDX, s, "amax", include_self=False), (4, 2), (3, 2),
                    label="amax"),
              check(lambda x, s: x.index_reduce(0, _IDX, s, "prod"), (4, 2), (3, 2), low=0.5, high=2.0,
                    second_order=False, label="prod"))

    def forward(ctx, a, src, dim, idx, reduce, include_self):
        x = np.moveaxis(a._data, dim, 0)
        s = np.moveaxis(src._data, dim, 0)
        out = x.copy()
        n = np.bincount(idx, minlength=x.shape[0]) if idx.size else np.zeros(x.shape[0], np.int64)
        indexed = n > 0
        if not include_self:
            out[indexed] = _IDENTITY[reduce]
        _REDUCE_AT[reduce].at(out, idx, s)
        if reduce == "mean":
            cnt = n + (1 if include_self else 0)
            out[indexed] = out[indexed] / cnt[indexed].reshape((-1,) + (1,) * (out.ndim - 1))
            if x.dtype.kind in "iu":
                out = out.astype(x.dtype)
        ctx.dim, ctx.reduce, ctx.include, ctx.idx, ctx.indexed, ctx.n_src = dim, reduce, include_self, idx, indexed, n
        ctx.save_for_backward(a, src)
        return np.moveaxis(out.astype(x.dtype), 0, dim)

    def backward(ctx, grad):
        a, src = ctx.saved_tensors
        dim, reduce, inc, idx = ctx.dim, ctx.reduce, ctx.include, ctx.idx
        R = ctx.result
        nd = a.dim()
        shape = [1] * nd
        shape[dim] = -1

        def along(v, dtype=None):  # a per-position constant, broadcast along dim
            return Tensor._wrap(np.asarray(v, dtype=dtype or grad._data.dtype).reshape(shape))

        it = Tensor._wrap(idx)
        indexed = along(ctx.indexed, bool)
        if reduce == "mean":
            cnt = along(np.maximum(ctx.n_src + (1 if inc else 0), 1))
            g_self = grad / cnt if inc else grad.masked_fill(indexed, 0)
            from .unary import where
            g_self = where(indexed, g_self, grad)
            return g_self, (grad / cnt).index_select(dim, it)
        if reduce in ("amax", "amin"):
            eq_src = (src == R.index_select(dim, it))
            eq_self = (a == R) if inc else a.new_zeros(a.shape).bool()
            counts = eq_self.to(grad.dtype).index_add(dim, it, eq_src.to(grad.dtype))
            counts = counts.masked_fill(counts == 0, 1)  # positions no source reaches (no 0/0 in double backward)
            from .unary import where
            g_self = where(indexed, grad * eq_self / counts, grad)
            g_src = (grad / counts).index_select(dim, it) * eq_src
            return g_self, g_src
        # prod: self's factor is the product of the sources; a source's, the product of all the others
        P = src.new_ones(a.shape).index_reduce(dim, it, src, "prod")
        from .unary import where
        g_self = where(indexed, grad * P if inc else grad * 0, grad)
        total = (R if inc else P).index_select(dim, it)
        s = src._data
        safe = np.where(s == 0, 1, s)
        others = total / Tensor._wrap(safe)
        if (s == 0).any():  # a zero factor: the product of the others, counted directly
            others_np = others._data.copy()
            xs = np.moveaxis(a._data, dim, 0)
            ss = np.moveaxis(s, dim, 0)
            on = np.moveaxis(others_np, dim, 0)
            for k in np.argwhere(ss == 0):
                i, rest = k[0], tuple(k[1:])
                same = np.flatnonzero(idx == idx[i])
                prod = np.prod([ss[(j,) + rest] for j in same if j != i])
                if inc:
                    prod = prod * xs[(idx[i],) + rest]
                on[(i,) + rest] = prod
            others = Tensor._wrap(np.moveaxis(on, 0, dim).astype(grad._data.dtype))
        return g_self, grad.index_select(dim, it) * others


_IDX = Tensor._wrap(np.array([0, 2, 0], dtype=np.int64))


def index_reduce(input, dim, index, source, reduce, *, include_self=True):
    """``input`` with the rows of ``source`` reduced (prod, mean, amax, amin) into the positions ``index``
    names along ``dim``."""
    IndexReduceBackward0.jvp.refuse_duals(input, source)
    if reduce not in _REDUCE_AT:
        raise RuntimeError(f"index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got {reduce}.")
    nd = max(input._data.ndim, 1)
    if not -nd <= dim < nd:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-nd}, {nd - 1}], but got {dim})")
    d = dim % nd
    idx = index._data.reshape(-1).astype(np.int64)
    if index._data.ndim > 1:
        raise IndexError("index_reduce_(): Index is supposed to be a vector")
    xs, ss = list(input._data.shape), list(source._data.shape)
    if len(xs) != len(ss) or xs[:d] + xs[d + 1:] != ss[:d] + ss[d + 1:]:
        raise RuntimeError("source tensor shape must match self tensor shape, excluding the specified dimension. "
                           f"Got self.shape = {xs} source.shape = {ss}")
    if source._data.shape[d] != idx.size:
        raise RuntimeError("index_reduce_(): Number of indices (" + str(idx.size) + ") should be equal to "
                           f"source.size(dim) ({source._data.shape[d]})")
    if idx.size and (idx.min() < -input._data.shape[d] or idx.max() >= input._data.shape[d]):
        raise IndexError("index out of range in self")
    idx = idx % input._data.shape[d] if idx.size else idx
    return IndexReduceBackward0.apply(input, source, dim=d, idx=idx, reduce=reduce, include_self=include_self)


def register(functions, methods):
    for name in ("renorm", "narrow_copy", "slice_copy", "histogram", "gradient", "index_reduce"):
        functions[name] = globals()[name]
    for name in ("renorm", "narrow_copy", "histogram", "hardshrink", "prelu", "index_reduce"):
        methods[name] = globals()[name]
    from .inplace import make_inplace
    methods["index_reduce_"] = make_inplace("index_reduce_", index_reduce)  # (renorm_ comes from inplace_variants)
