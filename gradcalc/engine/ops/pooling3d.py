"""3-d pooling as torch records it, on (N, C, D, H, W) or (C, D, H, W) inputs:
max_pool3d (MaxPool3DWithIndicesBackward0), avg_pool3d (AvgPool3DBackward0),
adaptive_avg_pool3d (AdaptiveAvgPool3DBackward0), adaptive_max_pool3d
(AdaptiveMaxPool3DBackward0).

Windows are strided views over the three spatial axes (one pass per kernel offset,
never a loop over positions). The backward of a max pool is a scatter_add of the
chosen positions; each average pool's backward is its own adjoint node (the spread of
each output's gradient over its window), whose backward is the pool again, so gradients
of every order are exact.
"""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ..node import Node
from ..tensor import Tensor
from .backward_functions import recorded_as
from .checks import check
from .pooling import _adaptive_bounds, _adaptive_matrix, _pool_out


def _triple(v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v, v, v)


def _stride3(stride, k):
    return k if stride is None or (isinstance(stride, (tuple, list)) and len(stride) == 0) else _triple(stride)


def _batch5(d):
    return d[None] if d.ndim == 4 else d


def _windows3(d, k, dil, s):
    """(N, C, OD, OH, OW, KD, KH, KW) view of the (padded) (N, C, D, H, W) array ``d``."""
    eff = tuple(dil[i] * (k[i] - 1) + 1 for i in range(3))
    v = sliding_window_view(d, eff, axis=(2, 3, 4))
    return v[:, :, ::s[0], ::s[1], ::s[2], ::dil[0], ::dil[1], ::dil[2]]


def _pad_to(d, k, s, p, dil, out, value):
    """``d`` padded by ``p`` and at the far end until the last (ceil_mode) window fits."""
    widths = [(0, 0), (0, 0)]
    for i in range(3):
        extra = max(0, (out[i] - 1) * s[i] + dil[i] * (k[i] - 1) + 1 - (d.shape[2 + i] + 2 * p[i]))
        widths.append((p[i], p[i] + extra))
    if any(w != (0, 0) for w in widths):
        d = np.pad(d, widths, constant_values=value)
    return d


def _check3(input, k, s, p, dil, ceil_mode, check_size=False):
    shape = tuple(input._data.shape)
    if len(shape) not in (4, 5) or any(v == 0 for v in shape[-4:]):
        raise RuntimeError(f"non-empty 4D or 5D (batch mode) tensor expected for input")
    if any(v <= 0 for v in k):
        raise RuntimeError(f"kernel size should be greater than zero, but got kT: {k[0]} kH: {k[1]} kW: {k[2]}")
    if any(v <= 0 for v in s):
        raise RuntimeError(f"stride should be greater than zero, but got dT: {s[0]} dH: {s[1]} dW: {s[2]}")
    if any(v <= 0 for v in dil):
        raise RuntimeError(f"dilation should be greater than zero, but got dilationT: {dil[0]} dilationH: {dil[1]} "
                           f"dilationW: {dil[2]}")
    if check_size and any(shape[-3 + i] < k[i] for i in range(3)):
        d, h, w = shape[-3:]
        raise RuntimeError(f"input image (T: {d} H: {h} W: {w}) smaller than kernel size (kT: {k[0]} kH: {k[1]} "
                           f"kW: {k[2]})")
    for i in range(3):
        if p[i] > ((k[i] - 1) * dil[i] + 1) // 2:
            raise RuntimeError(f"pad should be at most half of effective kernel size, but got pad={p[i]}, "
                               f"kernel_size={k[i]} and dilation={dil[i]}")
    out = tuple(_pool_out(shape[-3 + i], k[i], s[i], p[i], dil[i], ceil_mode) for i in range(3))
    if any(o < 1 for o in out):
        c, (d, h, w) = shape[-4], shape[-3:]
        raise RuntimeError(f"Given input size: ({c}x{d}x{h}x{w}). Calculated output size: "
                           f"({c}x{out[0]}x{out[1]}x{out[2]}). Output size is too small")
    return out


def _flat_scatter(grad, indices, shape, nd=3):
    """The gradient of a max-type pool: each output's gradient added at the flat input position
    ``indices`` names (within its (N, C) plane); ``shape`` is the input's, ``nd`` spatial dims."""
    from ..creation import zeros
    if grad.dim() == nd + 1:
        grad = grad.unsqueeze(0)
    if indices.dim() == nd + 1:
        indices = indices.unsqueeze(0)
    n, c = indices._data.shape[:2]
    plane = int(np.prod(shape[-nd:]))
    flat = zeros((n, c, plane), dtype=grad.dtype)
    return flat.scatter_add(2, indices.reshape(n, c, -1), grad.reshape(n, c, -1)).view(shape)


# -- max_pool3d -------------------------------------------------------------------------------------

class MaxPool3DWithIndicesBackward0(Node):
    __slots__ = ("shape",)
    explain = "grad_self = grad added at the position of each window's maximum (zero elsewhere)"
    n_diff_outputs = 1
    checks = (check(lambda x: max_pool3d(x, 2, 2, 0, 1, False), (1, 2, 4, 4, 4)),
              check(lambda x: max_pool3d(x, (3, 2, 2), (2, 1, 2), (1, 1, 0), (1, 2, 1), True), (2, 1, 5, 6, 4),
                    label="padding dilation ceil"),
              check(lambda x: max_pool3d(x, 2, 1, 0, 1, False), (2, 3, 3, 3), label="unbatched"))

    def forward(ctx, x, k, s, p, dil, out):
        d = _batch5(x._data)
        ctx.shape = x._data.shape
        n, c, di, h, w = d.shape
        src = d.astype(np.float64) if d.dtype == np.float16 else d
        win = _windows3(_pad_to(src, k, s, p, dil, out, -np.inf), k, dil, s)[:, :, :out[0], :out[1], :out[2]]
        # which window positions lie inside the input (a padded -inf never wins over a real -inf)
        inside = _windows3(_pad_to(np.ones((1, 1, di, h, w), bool), k, s, p, dil, out, False), k, dil, s)
        inside = inside[:, :, :out[0], :out[1], :out[2]]
        kk = k[0] * k[1] * k[2]
        offs = [(j // (k[1] * k[2]), (j // k[2]) % k[1], j % k[2]) for j in range(kk)]
        views = [win[..., a, b, e] for a, b, e in offs]
        vals = np.array(views[0])
        for v in views[1:]:
            np.maximum(vals, v, out=vals)
        # torch's scan of each window: the first maximum wins, a NaN wins (the last NaN)
        arg = np.full(vals.shape, kk - 1, np.int64)
        for j in range(kk - 1, -1, -1):
            a, b, e = offs[j]
            arg = np.where((views[j] == vals) & inside[..., a, b, e], j, arg)
        if vals.dtype.kind == "f" and np.isnan(vals).any():
            for j in range(kk):
                arg = np.where(np.isnan(views[j]), j, arg)
        ka, kb, ke = np.divmod(arg, k[1] * k[2])[0], (arg // k[2]) % k[1], arg % k[2]
        od = np.arange(out[0])[:, None, None] * s[0] - p[0] + ka * dil[0]
        oh = np.arange(out[1])[None, :, None] * s[1] - p[1] + kb * dil[1]
        ow = np.arange(out[2])[None, None, :] * s[2] - p[2] + ke * dil[2]
        indices = (od * h + oh) * w + ow
        ctx.save_for_backward(Tensor._wrap(indices), x)  # torch's backward reads self too
        vals = np.ascontiguousarray(vals.astype(d.dtype, copy=False))
        if x._data.ndim == 4:
            return vals[0], indices[0]
        return vals, indices

    def backward(ctx, grad, _grad_indices=None):
        indices, x = ctx.saved_tensors
        return recorded_as(type(ctx).__name__[:-1] + "Backward0", _flat_scatter(grad, indices, ctx.shape), x)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    k = _triple(kernel_size)
    s, p, dil = _stride3(stride, k), _triple(padding), _triple(dilation)
    out = _check3(input, k, s, p, dil, ceil_mode)
    vals, idx = MaxPool3DWithIndicesBackward0.apply(input, k=k, s=s, p=p, dil=dil, out=out)
    return (vals, idx) if return_indices else vals


# -- avg_pool3d -------------------------------------------------------------------------------------

def _divisor(size, k, s, p, out, count_include_pad, divisor_override):
    if divisor_override:
        return np.full(out, float(divisor_override))
    counts = []
    for i in range(3):
        start = np.arange(out[i]) * s[i] - p[i]
        end = np.minimum(start + k[i], size[i] + p[i])
        pool = end - start
        start, end = np.maximum(start, 0), np.minimum(end, size[i])
        counts.append(pool if count_include_pad else end - start)
    return (counts[0][:, None, None] * counts[1][None, :, None] * counts[2][None, None, :]).astype(np.float64)


class AvgPool3DBackward0(Node):
    __slots__ = ("args",)
    explain = "grad_self = grad / (window size) spread over each window's positions"
    checks = (check(lambda x: avg_pool3d(x, 2, 2, 0, False, True, None), (1, 2, 4, 4, 4)),
              check(lambda x: avg_pool3d(x, 3, 2, 1, True, False, None), (2, 1, 5, 6, 5), label="pad ceil exclude"),
              check(lambda x: avg_pool3d(x, (2, 1, 2), 1, 0, False, True, 3), (1, 1, 3, 3, 3), label="divisor"),
              check(lambda x: avg_pool3d(x, 2, 1, 0, False, True, None), (2, 3, 3, 3), label="unbatched"))

    def forward(ctx, x, k, s, p, out, div):
        d = _batch5(x._data)
        ctx.args = (k, s, p, out, div, x._data.shape)
        pd = _pad_to(d, k, s, p, (1, 1, 1), out, 0)
        # one strided slice per kernel offset, added in place (faster than a sum over the window view)
        sums = np.zeros(pd.shape[:2] + tuple(out), pd.dtype)
        for a in range(k[0]):
            for b in range(k[1]):
                for e in range(k[2]):
                    sums += pd[:, :, a:a + s[0] * (out[0] - 1) + 1:s[0], b:b + s[1] * (out[1] - 1) + 1:s[1],
                               e:e + s[2] * (out[2] - 1) + 1:s[2]]
        res = np.ascontiguousarray(sums / div.astype(d.dtype), dtype=d.dtype)
        ctx.save_for_backward(x)  # torch's avg_pool3d_backward(grad, self, ...) reads self
        return res[0] if x._data.ndim == 4 else res

    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        # under create_graph the gradient requires grad where self does (torch's node has an edge to self)
        return recorded_as("AvgPool3DBackwardBackward0", AvgPool3DBackwardBackward0.apply(grad, args=ctx.args), x)


class AvgPool3DBackwardBackward0(Node):
    """The gradient of avg_pool3d: each output's gradient spread over its window (divided by the
    window's divisor); linear in ``grad``, so its own gradient is avg_pool3d again."""

    __slots__ = ("args",)
    explain = "grad_grad = avg_pool3d(grad) (the pool this spread is the gradient of)"
    checks = (check(lambda g: AvgPool3DBackwardBackward0.apply(g, args=_args_of((1, 1, 4, 4, 4), 3, 1, 1, True, False)),
                    (1, 1, 4, 4, 4), label="spread"),)

    def forward(ctx, g, args):
        ctx.args = args
        k, s, p, out, div, shape = args
        gd = _batch5(g._data) / div.astype(g._data.dtype)
        n, c = gd.shape[:2]
        size = shape[-3:]
        full_shape = tuple(max(size[i] + 2 * p[i], (out[i] - 1) * s[i] + k[i]) for i in range(3))
        full = np.zeros((n, c) + full_shape, gd.dtype)
        for a in range(k[0]):
            for b in range(k[1]):
                for e in range(k[2]):
                    full[:, :, a:a + s[0] * (out[0] - 1) + 1:s[0], b:b + s[1] * (out[1] - 1) + 1:s[1],
                         e:e + s[2] * (out[2] - 1) + 1:s[2]] += gd
        full = np.ascontiguousarray(full[:, :, p[0]:p[0] + size[0], p[1]:p[1] + size[1], p[2]:p[2] + size[2]])
        return full[0] if len(shape) == 4 else full

    def backward(ctx, grad):
        k, s, p, out, div, shape = ctx.args
        return AvgPool3DBackward0.apply(grad, k=k, s=s, p=p, out=out, div=div)


def _args_of(shape, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override=None):
    k = _triple(kernel_size)
    s, p = _stride3(stride, k), _triple(padding)
    out = tuple(_pool_out(shape[-3 + i], k[i], s[i], p[i], 1, ceil_mode) for i in range(3))
    div = _divisor(shape[-3:], k, s, p, out, count_include_pad, divisor_override)
    return (k, s, p, out, div, tuple(shape))


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    k = _triple(kernel_size)
    s, p = _stride3(stride, k), _triple(padding)
    if divisor_override is not None and divisor_override == 0:
        raise RuntimeError("divisor must be not zero")
    out = _check3(input, k, s, p, (1, 1, 1), ceil_mode, True)
    div = _divisor(input._data.shape[-3:], k, s, p, out, count_include_pad, divisor_override)
    return AvgPool3DBackward0.apply(input, k=k, s=s, p=p, out=out, div=div)


# -- adaptive pools ---------------------------------------------------------------------------------

def _adaptive_size3(input, output_size):
    size = _triple(output_size)
    shape = input._data.shape
    return tuple(shape[-3 + i] if size[i] is None else int(size[i]) for i in range(3))


def _separable(d, mats):
    """``d`` (..., D, H, W) with each matrix applied along its spatial axis (three matmuls)."""
    md, mh, mw = mats
    t = np.matmul(d, mw.T)  # (..., D, H, OW)
    t = np.matmul(mh, t)  # (..., D, OH, OW)
    shape = t.shape
    t = np.matmul(md, t.reshape(shape[:-3] + (shape[-3], -1)))  # (..., OD, OH*OW)
    return t.reshape(shape[:-3] + (md.shape[0],) + shape[-2:])


class AdaptiveAvgPool3DBackward0(Node):
    __slots__ = ("mats",)
    explain = "grad_self = grad spread back over each adaptive window (Pdᵀ, Phᵀ, Pwᵀ along the three axes)"
    checks = (check(lambda x: adaptive_avg_pool3d(x, (2, 3, 2)), (1, 2, 5, 4, 3)),
              check(lambda x: adaptive_avg_pool3d(x, 2), (2, 3, 3, 5), label="overlapping unbatched"))

    def forward(ctx, x, mats):
        ctx.mats = mats
        ctx.save_for_backward(x)  # torch's _adaptive_avg_pool3d_backward(grad, self) reads self
        d = x._data
        return np.ascontiguousarray(_separable(d, [m.astype(d.dtype) for m in mats]), dtype=d.dtype)

    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return recorded_as("AdaptiveAvgPool3DBackwardBackward0",
                           AdaptiveAvgPool3DBackwardBackward0.apply(grad, mats=ctx.mats), x)


class AdaptiveAvgPool3DBackwardBackward0(Node):
    __slots__ = ("mats",)
    explain = "grad_grad = adaptive_avg_pool3d(grad) (the pool this spread is the gradient of)"
    checks = (check(lambda g: AdaptiveAvgPool3DBackwardBackward0.apply(
        g, mats=tuple(_adaptive_matrix(n, o) for n, o in ((4, 2), (3, 3), (5, 2)))), (1, 2, 3, 2), label="spread"),)

    def forward(ctx, g, mats):
        ctx.mats = mats
        d = g._data
        return np.ascontiguousarray(_separable(d, [m.T.astype(d.dtype) for m in mats]), dtype=d.dtype)

    def backward(ctx, grad):
        return AdaptiveAvgPool3DBackward0.apply(grad, mats=ctx.mats)


def adaptive_avg_pool3d(input, output_size):
    if input.dim() not in (4, 5) or any(v == 0 for v in input._data.shape[-4:]):
        raise RuntimeError("adaptive_avg_pool3d(): Expected 4D or 5D tensor, but got " + str(list(input.shape)))
    size = _adaptive_size3(input, output_size)
    if size == (1, 1, 1):
        return input.mean((-1, -2, -3), keepdim=True)  # torch's shortcut (MeanBackward1)
    shape = input._data.shape
    mats = tuple(_adaptive_matrix(shape[-3 + i], size[i]) for i in range(3))
    return AdaptiveAvgPool3DBackward0.apply(input, mats=mats)


class AdaptiveMaxPool3DBackward0(Node):
    __slots__ = ("shape",)
    explain = "grad_self = grad added at the position of each adaptive window's maximum"
    n_diff_outputs = 1
    checks = (check(lambda x: adaptive_max_pool3d(x, (2, 3, 2)), (1, 2, 5, 4, 3)),
              check(lambda x: adaptive_max_pool3d(x, 2), (2, 5, 4, 3), label="unbatched"))

    def forward(ctx, x, out):
        d = _batch5(x._data)
        ctx.shape = x._data.shape
        n, c = d.shape[:2]
        size = d.shape[2:]
        rows, masks = [], []
        for i in range(3):
            start, end = _adaptive_bounds(size[i], out[i])
            pos = start[:, None] + np.arange(int((end - start).max()))[None, :]
            rows.append(np.minimum(pos, end[:, None] - 1))
            masks.append(pos < end[:, None])
        (rd, rh, rw), (md, mh, mw) = rows, masks
        kh, kw = rh.shape[1], rw.shape[1]
        src = d.astype(np.float64) if d.dtype == np.float16 else d
        # (N, C, OD, KD, OH, KH, OW, KW) gathered, then (N, C, OD, OH, OW, KD*KH*KW)
        win = src[:, :, rd[:, :, None, None, None, None], rh[None, None, :, :, None, None],
                  rw[None, None, None, None, :, :]]
        mask = md[:, :, None, None, None, None] & mh[None, None, :, :, None, None] & mw[None, None, None, None, :, :]
        win = np.where(mask, win, -np.inf)
        win = win.transpose(0, 1, 2, 4, 6, 3, 5, 7).reshape(n, c, out[0], out[1], out[2], -1)
        arg = win.argmax(-1)
        if win.dtype.kind == "f":
            nan = np.isnan(win)
            if nan.any():  # torch's scan: a NaN wins (the last one)
                last = win.shape[-1] - 1 - nan[..., ::-1].argmax(-1)
                arg = np.where(nan.any(-1), last, arg)
        vals = np.take_along_axis(win, arg[..., None], -1)[..., 0].astype(d.dtype)
        a, rest = np.divmod(arg, kh * kw)
        b, e = np.divmod(rest, kw)
        od = rd[np.arange(out[0])[:, None, None], a]
        oh = rh[np.arange(out[1])[None, :, None], b]
        ow = rw[np.arange(out[2])[None, None, :], e]
        indices = ((od * size[1] + oh) * size[2] + ow).astype(np.int64)
        ctx.save_for_backward(Tensor._wrap(indices), x)  # torch's backward reads self too
        vals = np.ascontiguousarray(vals)
        if x._data.ndim == 4:
            return vals[0], indices[0]
        return vals, indices

    def backward(ctx, grad, _grad_indices=None):
        indices, x = ctx.saved_tensors
        return recorded_as(type(ctx).__name__[:-1] + "Backward0", _flat_scatter(grad, indices, ctx.shape), x)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    if input.dim() not in (4, 5) or any(v == 0 for v in input._data.shape[-4:]):
        raise RuntimeError("adaptive_max_pool3d(): Expected 4D or 5D tensor, but got: " + str(list(input.shape)))
    vals, idx = AdaptiveMaxPool3DBackward0.apply(input, out=_adaptive_size3(input, output_size))
    return (vals, idx) if return_indices else vals
