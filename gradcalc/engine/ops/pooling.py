"""Pooling as torch records it: max_pool2d (MaxPool2DWithIndicesBackward0), avg_pool2d
(AvgPool2DBackward0), adaptive_avg_pool2d (AdaptiveAvgPool2DBackward0) and
adaptive_max_pool2d (AdaptiveMaxPool2DBackward0), on (N, C, H, W) or (C, H, W) inputs.

Windows are strided views (or one fancy index for adaptive windows), never a Python loop
over positions. Backward is engine ops (scatter_add of the chosen positions, fold of the
spread averages, two matmuls for adaptive averages), so it is differentiable again.
"""

import math

import numpy as np

from ..grad_mode import STATE
from ..node import Node
from ..tensor import Tensor
from .backward_functions import recorded_as
from .checks import check
from .conv import _windows, fold


def _pair(v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v, v)


def _pool_out(size, k, s, p, d, ceil_mode):
    """torch's pooling_output_shape."""
    num = size + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil_mode else 0)
    out = num // s + 1
    if ceil_mode and (out - 1) * s >= size + p:
        out -= 1
    return out


def _check_pool(x, k, s, p, d, ceil_mode, name):
    shape = tuple(x._data.shape)
    if len(shape) not in (3, 4) or any(v == 0 for v in shape[-3:]):
        raise RuntimeError(f"non-empty 3D or 4D (batch mode) tensor expected for input")
    for i in range(2):
        if p[i] > ((k[i] - 1) * d[i] + 1) // 2:
            raise RuntimeError(f"pad should be at most half of effective kernel size, but got pad={p[i]}, "
                               f"kernel_size={k[i]} and dilation={d[i]}")
    h, w = shape[-2:]
    oh, ow = _pool_out(h, k[0], s[0], p[0], d[0], ceil_mode), _pool_out(w, k[1], s[1], p[1], d[1], ceil_mode)
    if oh < 1 or ow < 1:
        raise RuntimeError(f"Given input size: ({shape[-3]}x{h}x{w}). Calculated output size: ({shape[-3]}x{oh}x{ow})."
                           f" Output size is too small")
    return oh, ow


def _padded(d, k, s, p, dil, oh, ow, value):
    """``d`` padded by ``p`` and, for ceil_mode, on the bottom/right until the last window fits."""
    h, w = d.shape[2:]
    eh = max(0, (oh - 1) * s[0] + dil[0] * (k[0] - 1) + 1 - (h + 2 * p[0]))
    ew = max(0, (ow - 1) * s[1] + dil[1] * (k[1] - 1) + 1 - (w + 2 * p[1]))
    if p[0] or p[1] or eh or ew:
        d = np.pad(d, ((0, 0), (0, 0), (p[0], p[0] + eh), (p[1], p[1] + ew)), constant_values=value)
    return d


def _batch(d):
    """A (C, H, W) array as (1, C, H, W): torch's pooling nodes take both."""
    return d[None] if d.ndim == 3 else d


def _unbatch(out, unbatched):
    return out[0] if unbatched else out


def _batched(fn):
    return fn


def _scatter_back(grad, indices, shape, disjoint=False):
    """The gradient of a max-type pool: each output's gradient added at its input position
    (``indices`` are the batched (N, C, OH, OW) ones; ``shape`` is the input's, 3-d or 4-d).
    When no two windows share a position, no index repeats and a plain scatter (one
    assignment) does what scatter_add (numpy's slow ``add.at``) would."""
    from ..creation import zeros
    n, c = indices._data.shape[:2]
    flat = zeros((n, c, shape[-2] * shape[-1]), dtype=grad.dtype)
    put = flat.scatter if disjoint else flat.scatter_add
    return put(2, indices.reshape(n, c, -1), grad.reshape(n, c, -1)).view(shape)


class MaxPool2DWithIndicesBackward0(Node):
    __slots__ = ("shape", "disjoint", "arg", "geometry")
    explain = "grad_self = grad added at the position of each window's maximum (zero elsewhere)"
    n_diff_outputs = 1
    checks = (check(lambda x: max_pool2d(x, (2, 2), (2, 2), (0, 0), (1, 1), False), (1, 2, 4, 4)),
              check(lambda x: max_pool2d(x, (3, 2), (2, 1), (1, 1), (1, 2), True), (2, 1, 5, 6),
                    label="padding dilation ceil"),
              check(lambda x: max_pool2d(x, 2, 1, 0, 1, False), (2, 3, 3), label="unbatched"))

    def forward(ctx, x, k, s, p, dil, oh, ow):
        d = _batch(x._data)
        n, c, h, w = d.shape
        ctx.shape = x._data.shape
        disjoint = all(s[i] >= dil[i] * (k[i] - 1) + 1 for i in range(2))  # windows never share a position
        ctx.disjoint = disjoint  # (ctx may keep nothing: an unrecorded op's)
        src = d.astype(np.float64) if d.dtype == np.float16 else d
        win = _windows(_padded(src, k, s, p, dil, oh, ow, -np.inf), k, dil, s)[:, :, :oh, :ow]
        # torch's scan of each window: the first maximum wins, a NaN wins (the last NaN); one pass
        # per kernel offset over strided views (the maximum, then which offset holds it), never
        # a copy of the windows
        kk = k[0] * k[1]
        views = [win[..., j // k[1], j % k[1]] for j in range(kk)]
        vals = np.array(views[0]) if kk == 1 else np.maximum(views[0], views[1])
        for v in views[2:]:
            np.maximum(vals, v, out=vals)
        arg = np.full(vals.shape, kk - 1, np.int32)
        for j in range(kk - 2, -1, -1):
            arg = np.where(views[j] == vals, np.int32(j), arg)
        if vals.dtype.kind == "f" and np.isnan(vals).any():
            for j in range(kk):
                arg = np.where(np.isnan(views[j]), np.int32(j), arg)
        vals = vals.astype(d.dtype, copy=False)
        # windows that tile the input without padding (MaxPool2d(2) on an even size): backward can
        # put each gradient straight at its window's argmax offset (_tiled_back), no index scatter
        tiled = (disjoint and p == (0, 0) and (oh - 1) * s[0] + dil[0] * (k[0] - 1) < h
                 and (ow - 1) * s[1] + dil[1] * (k[1] - 1) < w)
        ctx.arg = arg if tiled else None
        ctx.geometry = (k, s, dil)
        offset = (np.arange(k[0])[:, None] * dil[0] * w + np.arange(k[1])[None, :] * dil[1]).reshape(-1)
        base = (np.arange(oh)[:, None] * s[0] - p[0]) * w + (np.arange(ow)[None, :] * s[1] - p[1])
        indices = base + np.take(offset.astype(np.int64), arg)
        ctx.save_for_backward(Tensor._wrap(indices), x)  # torch's backward reads self too (its version is checked)
        unb = x._data.ndim == 3
        return _unbatch(np.ascontiguousarray(vals), unb), _unbatch(indices, unb)

    def backward(ctx, grad, _grad_indices=None):
        indices, x = ctx.saved_tensors
        if ctx.arg is not None and not STATE.grad_enabled:  # (create_graph: the recorded scatter below)
            return _tiled_back(grad._data, ctx.arg, ctx.shape, *ctx.geometry)
        if grad._data.ndim == 3:
            grad = grad.unsqueeze(0)
        # torch's max_pool2d_with_indices_backward(grad, self, ...): under create_graph it requires grad
        return recorded_as("MaxPool2DWithIndicesBackwardBackward0", _scatter_back(grad, indices, ctx.shape,
                                                                                 ctx.disjoint), x)


def _tiled_back(g, arg, shape, k, s, dil):
    """Max-pool's gradient when the windows are disjoint and inside the input: for each kernel
    offset, the gradients of the windows whose maximum is there, written through a strided
    view (what the scatter of ``_scatter_back`` computes, in kk passes without index arrays)."""
    if g.ndim == 3:
        g = g[None]
    n, c, oh, ow = g.shape
    full = np.zeros((n, c) + tuple(shape[-2:]), g.dtype)
    for j in range(k[0] * k[1]):
        i0, j0 = (j // k[1]) * dil[0], (j % k[1]) * dil[1]
        view = full[:, :, i0:i0 + s[0] * (oh - 1) + 1:s[0], j0:j0 + s[1] * (ow - 1) + 1:s[1]]
        np.copyto(view, g, where=arg == j)
    return Tensor._wrap(full.reshape(shape))


@_batched
def max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode, return_indices=False):
    k = _pair(kernel_size)
    s = _pair(stride) if stride not in (None, ()) and stride != [] else k
    p, dil = _pair(padding), _pair(dilation)
    oh, ow = _check_pool(input, k, s, p, dil, ceil_mode, "max_pool2d")
    out, idx = MaxPool2DWithIndicesBackward0.apply(input, k=k, s=s, p=p, dil=dil, oh=oh, ow=ow)
    return (out, idx) if return_indices else out


class AvgPool2DBackward0(Node):
    __slots__ = ("args", "div", "size")
    explain = "grad_self = grad / (window size) spread over each window's positions"
    checks = (check(lambda x: avg_pool2d(x, 2, 2, 0, False, True, None), (1, 2, 4, 4)),
              check(lambda x: avg_pool2d(x, 3, 2, 1, True, False, None), (2, 1, 6, 5), label="pad ceil exclude"),
              check(lambda x: avg_pool2d(x, (2, 1), 1, 0, False, True, 3), (1, 1, 3, 3), label="divisor"),
              check(lambda x: avg_pool2d(x, 2, 1, 0, False, True, None), (2, 3, 3), label="unbatched"))

    def forward(ctx, x, k, s, p, ceil_mode, count_include_pad, divisor_override, oh, ow):
        d = _batch(x._data)
        n, c, h, w = d.shape
        ctx.size = (h, w)
        pd = _padded(d, k, s, p, (1, 1), oh, ow, 0)
        ctx.args = (k, s, p, pd.shape[2:])
        sums = _windows(pd, k, (1, 1), s)[:, :, :oh, :ow].sum((-2, -1))
        if divisor_override:
            div = np.full((oh, ow), float(divisor_override))
        else:
            counts = []
            for o, kk, ss, pp, size in ((oh, k[0], s[0], p[0], h), (ow, k[1], s[1], p[1], w)):
                start = np.arange(o) * ss - pp
                end = np.minimum(start + kk, size + pp)
                pool = end - start
                start, end = np.maximum(start, 0), np.minimum(end, size)
                counts.append(pool if count_include_pad else end - start)
            div = np.outer(counts[0], counts[1]).astype(np.float64)
        ctx.div = div
        ctx.save_for_backward(x)  # torch's avg_pool2d_backward(grad, self, ...) reads self
        return _unbatch(np.asarray(sums / div.astype(d.dtype), dtype=d.dtype), x._data.ndim == 3)

    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        (k, s, p, padded) = ctx.args
        unb = grad._data.ndim == 3
        if unb:
            grad = grad.unsqueeze(0)
        n, c, oh, ow = grad._data.shape
        g = grad / Tensor._wrap(ctx.div.astype(grad._data.dtype))
        cols = g.reshape(n, c, 1, oh * ow).expand(n, c, k[0] * k[1], oh * ow).reshape(n, c * k[0] * k[1], oh * ow)
        full = fold(cols, padded, k, (1, 1), (0, 0), s)
        h, w = ctx.size
        full = full[:, :, p[0]:p[0] + h, p[1]:p[1] + w]
        return recorded_as("AvgPool2DBackwardBackward0", full.squeeze(0) if unb else full, x)


@_batched
def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    k = _pair(kernel_size)
    s = _pair(stride) if stride not in (None, ()) and stride != [] else k
    p = _pair(padding)
    if divisor_override is not None and divisor_override == 0:
        raise RuntimeError("divisor must be not zero")
    oh, ow = _check_pool(input, k, s, p, (1, 1), ceil_mode, "avg_pool2d")
    return AvgPool2DBackward0.apply(input, k=k, s=s, p=p, ceil_mode=ceil_mode, count_include_pad=count_include_pad,
                                    divisor_override=divisor_override, oh=oh, ow=ow)


def _adaptive_bounds(size, out):
    i = np.arange(out)
    return (i * size) // out, -((-(i + 1) * size) // out)  # floor, ceil


def _adaptive_matrix(size, out):
    start, end = _adaptive_bounds(size, out)
    pos = np.arange(size)
    inside = (pos[None, :] >= start[:, None]) & (pos[None, :] < end[:, None])
    return inside / (end - start)[:, None]


class AdaptiveAvgPool2DBackward0(Node):
    __slots__ = ("mats",)
    explain = "grad_self = Phᵀ grad Pw, where out = Ph self Pwᵀ averages each adaptive window"
    checks = (check(lambda x: adaptive_avg_pool2d(x, (2, 3)), (1, 2, 5, 4)),
              check(lambda x: adaptive_avg_pool2d(x, 2), (2, 3, 3), label="overlapping unbatched"))

    def forward(ctx, x, out_size):
        d = x._data
        ph = _adaptive_matrix(d.shape[-2], out_size[0]).astype(d.dtype)
        pw = _adaptive_matrix(d.shape[-1], out_size[1]).astype(d.dtype)
        ctx.mats = (ph, pw)
        ctx.save_for_backward(x)  # torch's _adaptive_avg_pool2d_backward(grad, self) reads self
        return np.ascontiguousarray(np.matmul(np.matmul(ph, d), pw.T), dtype=d.dtype)

    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        ph, pw = ctx.mats
        g = Tensor._wrap(np.ascontiguousarray(ph.T)).matmul(grad).matmul(Tensor._wrap(pw))
        return recorded_as("AdaptiveAvgPool2DBackwardBackward0", g, x)


def _adaptive_size(input, output_size):
    size = _pair(output_size)
    shape = input._data.shape
    return tuple(shape[-2 + i] if size[i] is None else int(size[i]) for i in range(2))


def adaptive_avg_pool2d(input, output_size):
    if input.dim() not in (3, 4) or any(v == 0 for v in input._data.shape[-3:]):
        raise RuntimeError("adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got " + str(list(input.shape)))
    size = _adaptive_size(input, output_size)
    if size == (1, 1):
        return input.mean((-1, -2), keepdim=True)  # torch's shortcut (MeanBackward1)
    return AdaptiveAvgPool2DBackward0.apply(input, out_size=size)


class AdaptiveMaxPool2DBackward0(Node):
    __slots__ = ("shape",)
    explain = "grad_self = grad added at the position of each adaptive window's maximum"
    n_diff_outputs = 1
    checks = (check(lambda x: adaptive_max_pool2d(x, (2, 3)), (1, 2, 5, 4)),
              check(lambda x: adaptive_max_pool2d(x, 2), (2, 5, 4), label="unbatched"))

    def forward(ctx, x, out_size):
        d = _batch(x._data)
        n, c, h, w = d.shape
        ctx.shape = x._data.shape
        idx = []
        for size, o in ((h, out_size[0]), (w, out_size[1])):
            start, end = _adaptive_bounds(size, o)
            kmax = int((end - start).max())
            pos = start[:, None] + np.arange(kmax)[None, :]
            idx.append((np.minimum(pos, end[:, None] - 1), pos < end[:, None]))
        (rh, mh), (rw, mw) = idx
        src = d.astype(np.float64) if d.dtype == np.float16 else d
        win = src[:, :, rh[:, :, None, None], rw[None, None, :, :]]  # (N, C, OH, KH, OW, KW)
        win = np.where(mh[:, :, None, None] & mw[None, None, :, :], win, -np.inf)
        win = win.transpose(0, 1, 2, 4, 3, 5).reshape(n, c, out_size[0], out_size[1], -1)
        arg = win.argmax(-1)
        vals = np.take_along_axis(win, arg[..., None], -1)[..., 0].astype(d.dtype)
        kh, kw = np.divmod(arg, rw.shape[1])
        rows = np.take_along_axis(np.broadcast_to(rh[None, None, :, None, :], (n, c) + (rh.shape[0], out_size[1],
                                                                                       rh.shape[1])),
                                  kh[..., None], -1)[..., 0]
        cols = np.take_along_axis(np.broadcast_to(rw[None, None, None, :, :], (n, c, out_size[0]) + rw.shape),
                                  kw[..., None], -1)[..., 0]
        indices = (rows * w + cols).astype(np.int64)
        ctx.save_for_backward(Tensor._wrap(indices), x)  # torch's backward reads self too
        unb = x._data.ndim == 3
        return _unbatch(np.ascontiguousarray(vals), unb), _unbatch(indices, unb)

    def backward(ctx, grad, _grad_indices=None):
        indices, x = ctx.saved_tensors
        if grad._data.ndim == 3:
            grad = grad.unsqueeze(0)
        return recorded_as("AdaptiveMaxPool2DBackwardBackward0", _scatter_back(grad, indices, ctx.shape), x)


@_batched
def adaptive_max_pool2d(input, output_size, return_indices=False):
    out, idx = AdaptiveMaxPool2DBackward0.apply(input, out_size=_adaptive_size(input, output_size))
    return (out, idx) if return_indices else out


del math
