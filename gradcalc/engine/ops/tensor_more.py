"""More of torch's tensor catalogue: renorm, narrow_copy/slice_copy, histogram, gradient, and the Tensor
methods of functions that were only in torch.nn.functional (hardshrink, prelu)."""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check
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


def register(functions, methods):
    for name in ("renorm", "narrow_copy", "slice_copy", "histogram", "gradient"):
        functions[name] = globals()[name]
    for name in ("renorm", "narrow_copy", "histogram", "hardshrink", "prelu"):
        methods[name] = globals()[name]
