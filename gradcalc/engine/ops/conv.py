"""Convolution as torch records it: constant padding (ConstantPadNdBackward0), unfold/fold
(Im2ColBackward0/Col2ImBackward0) and the convolution itself (ConvolutionBackward0).

The forward is im2col through a strided view (``sliding_window_view``) and one
``tensordot``: no Python loop over positions. The backward is written with
unfold/fold and matmuls — each of unfold and fold is the other's derivative — so
gradients of gradients (``create_graph``) come for free, and col2im accumulates one
strided slice per kernel offset.
"""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ..grad_mode import STATE
from ..node import Node
from ..tensor import Tensor
from .checks import check


def _out_size(size, k, s, p_total, d):
    return (size + p_total - d * (k - 1) - 1) // s + 1


# -- constant padding ------------------------------------------------------------------------

def _pad_widths(ndim, pad):
    """F.pad's (left, right, top, bottom, ...) from the last dim backwards → numpy's pad widths."""
    widths = [(0, 0)] * ndim
    for i in range(len(pad) // 2):
        widths[ndim - 1 - i] = (pad[2 * i], pad[2 * i + 1])
    return widths


class ConstantPadNdBackward0(Node):
    __slots__ = ("pad",)
    explain = "grad_self = grad with the padding cut off"
    checks = (check(lambda x: constant_pad_nd(x, (1, 2)), (2, 3)),
              check(lambda x: constant_pad_nd(x, (1, 0, -1, 1), 0.5), (3, 4), label="crop and pad"))

    def forward(ctx, a, pad, value=0.0):
        ctx.pad = pad
        d = a._data
        widths = _pad_widths(d.ndim, pad)
        crop = tuple(slice(max(-lo, 0), d.shape[i] - max(-hi, 0)) for i, (lo, hi) in enumerate(widths))
        d = d[crop]
        widths = [(max(lo, 0), max(hi, 0)) for lo, hi in widths]
        return np.pad(d, widths, constant_values=value)

    def backward(ctx, grad):
        shape = grad._data.shape
        widths = _pad_widths(len(shape), ctx.pad)
        inner = tuple(slice(max(lo, 0), shape[i] - max(hi, 0)) for i, (lo, hi) in enumerate(widths))
        g = grad[inner]
        if any(lo < 0 or hi < 0 for lo, hi in widths):  # cropped parts of the input get zero gradient
            g = constant_pad_nd(g, tuple(v for lo, hi in reversed(widths[-(len(ctx.pad) // 2):])
                                         for v in (max(-lo, 0), max(-hi, 0))))
        return g


def constant_pad_nd(input, pad, value=0.0):
    """Pad the last ``len(pad) // 2`` dims with ``value`` (negative pads crop)."""
    if len(pad) % 2:
        raise RuntimeError("Length of pad must be even but instead it equals " + str(len(pad)))
    if len(pad) // 2 > input.dim():
        raise RuntimeError(f"Length of pad should be no more than twice the number of dimensions of the input. "
                           f"Pad length is {len(pad)} while the input has {input.dim()} dimensions.")
    return ConstantPadNdBackward0.apply(input, pad=tuple(int(p) for p in pad), value=value)


# -- im2col / col2im ---------------------------------------------------------------------------

def _windows(d, k, dil, s):
    """(N, C, OH, OW, KH, KW) view of the (already padded) (N, C, H, W) array ``d``."""
    eh, ew = dil[0] * (k[0] - 1) + 1, dil[1] * (k[1] - 1) + 1
    v = sliding_window_view(d, (eh, ew), axis=(2, 3))
    return v[:, :, ::s[0], ::s[1], ::dil[0], ::dil[1]]


def im2col(d, k, dil, p, s):
    """(N, C*KH*KW, L) columns of the (N, C, H, W) array ``d`` padded by ``p``."""
    if p[0] or p[1]:
        d = np.pad(d, ((0, 0), (0, 0), (p[0], p[0]), (p[1], p[1])))
    w = _windows(d, k, dil, s)
    n, c, oh, ow = w.shape[:4]
    return np.ascontiguousarray(w.transpose(0, 1, 4, 5, 2, 3)).reshape(n, c * k[0] * k[1], oh * ow)


def col2im(cols, size, k, dil, p, s):
    """The (N, C, H, W) sums of columns back at their input positions (one strided add per kernel offset)."""
    n = cols.shape[0]
    hp, wp = size[0] + 2 * p[0], size[1] + 2 * p[1]
    oh, ow = _out_size(size[0], k[0], s[0], 2 * p[0], dil[0]), _out_size(size[1], k[1], s[1], 2 * p[1], dil[1])
    c = cols.shape[1] // (k[0] * k[1])
    cols = cols.reshape(n, c, k[0], k[1], oh, ow)
    out = np.zeros((n, c, hp, wp), cols.dtype)
    for i in range(k[0]):
        hi = i * dil[0]
        for j in range(k[1]):
            wj = j * dil[1]
            out[:, :, hi:hi + s[0] * (oh - 1) + 1:s[0], wj:wj + s[1] * (ow - 1) + 1:s[1]] += cols[:, :, i, j]
    return out[:, :, p[0]:p[0] + size[0], p[1]:p[1] + size[1]]


class Im2ColBackward0(Node):
    __slots__ = ("args", "size")
    explain = "grad_self = fold(grad): each column entry is added back at the input position it was read from"
    checks = (check(lambda x: unfold(x, (2, 2), (1, 1), (0, 0), (1, 1)), (1, 2, 3, 3)),
              check(lambda x: unfold(x, (2, 3), (2, 1), (1, 1), (2, 1)), (2, 1, 5, 4), label="strided dilated"))

    def forward(ctx, a, k, dil, p, s):
        ctx.args = (k, dil, p, s)
        d = a._data
        ctx.size = d.shape[-2:]
        if d.ndim == 3:  # unbatched (C, H, W)
            return im2col(d[None], k, dil, p, s)[0]
        return im2col(d, k, dil, p, s)

    def backward(ctx, grad):
        return fold(grad, ctx.size, *ctx.args)


class Col2ImBackward0(Node):
    __slots__ = ("args",)
    explain = "grad_self = unfold(grad): each column entry reads the gradient of the position it was added to"
    checks = (check(lambda x: fold(x, (3, 3), (2, 2), (1, 1), (0, 0), (1, 1)), (1, 8, 4)),
              check(lambda x: fold(x, (4, 5), (2, 2), (1, 2), (1, 0), (2, 1)), (1, 4, 9), label="strided dilated"))

    def forward(ctx, a, size, k, dil, p, s):
        ctx.args = (k, dil, p, s)
        d = a._data
        if d.ndim == 2:  # unbatched (C*kh*kw, L)
            return col2im(d[None], size, k, dil, p, s)[0]
        return col2im(d, size, k, dil, p, s)

    def backward(ctx, grad):
        return unfold(grad, *ctx.args)


def unfold(input, k, dil, p, s):
    """torch.nn.functional.unfold on a 4-d (N, C, H, W) tensor: (N, C*kh*kw, L)."""
    return Im2ColBackward0.apply(input, k=k, dil=dil, p=p, s=s)


def fold(input, size, k, dil, p, s):
    """torch.nn.functional.fold on a 3-d (N, C*kh*kw, L) tensor: (N, C, H, W)."""
    shape = input._data.shape
    if shape[-2] % (k[0] * k[1]):
        raise RuntimeError(f"Expected size of input's dimension {input.dim() - 2} to be divisible by the product of "
                           f"kernel_size, but got input.size({input.dim() - 2})={shape[-2]} and "
                           f"kernel_size=({k[0]}, {k[1]}).")
    oh = _out_size(size[0], k[0], s[0], 2 * p[0], dil[0])
    ow = _out_size(size[1], k[1], s[1], 2 * p[1], dil[1])
    if oh * ow != shape[-1]:
        raise RuntimeError(f"Given output_size=({size[0]}, {size[1]}), kernel_size=({k[0]}, {k[1]}), "
                           f"dilation=({dil[0]}, {dil[1]}), padding=({p[0]}, {p[1]}), stride=({s[0]}, {s[1]}), "
                           f"expected size of input's dimension {input.dim() - 1} to match the calculated number of "
                           f"sliding blocks {oh} * {ow} = {oh * ow}, but got input.size({input.dim() - 1})="
                           f"{shape[-1]}.")
    return Col2ImBackward0.apply(input, size=tuple(size), k=k, dil=dil, p=p, s=s)


# -- convolution -----------------------------------------------------------------------------

class ConvolutionBackward0(Node):
    __slots__ = ("stride", "padding", "dilation", "groups", "one_d", "transposed", "cols")
    explain = ("grad_input = fold(weightᵀ @ grad) (a transposed convolution);  grad_weight = grad @ unfold(input)ᵀ "
               "(summed over the batch);  grad_bias = grad summed over batch and positions")
    checks = (check(lambda x, w, b: conv2d(x, w, b), (2, 2, 4, 4), (3, 2, 2, 2), (3,)),
              check(lambda x, w: conv2d(x, w, None, (2, 1), (1, 1), (1, 2), 1), (1, 2, 5, 5), (2, 2, 2, 2),
                    label="stride padding dilation"),
              check(lambda x, w, b: conv2d(x, w, b, 1, 0, 1, 2), (1, 4, 3, 3), (4, 2, 2, 2), (4,), label="groups"),
              check(lambda x, w, b: conv1d(x, w, b, 2, 1), (2, 2, 6), (3, 2, 3), (3,), label="1d"),
              check(lambda x, w, b: conv_transpose2d(x, w, b, 2, 1, 1, 1, 1), (2, 2, 3, 3), (2, 3, 3, 3), (3,),
                    label="transposed"),
              check(lambda x, w: conv_transpose2d(x, w, None, 1, 0, 0, 2, (1, 2)), (1, 4, 3, 2), (4, 1, 2, 2),
                    label="transposed groups dilation"))

    @staticmethod
    def jvp(ctx, t_x, t_w, t_b):
        """torch's: conv(input_t, weight) + conv(input, weight_t) + bias_t (a convolution is bilinear)."""
        x, w = ctx.saved_tensors
        kw = dict(stride=ctx.stride, padding=ctx.padding, dilation=ctx.dilation, groups=ctx.groups,
                  one_d=ctx.one_d, transposed=ctx.transposed)
        out = None
        if t_x is not None:
            out = ConvolutionBackward0.apply(t_x, w, None, **kw)
        if t_w is not None:
            term = ConvolutionBackward0.apply(x, t_w, None, **kw)
            out = term if out is None else out + term
        if t_b is not None:
            term = t_b.view((1, -1) + (1,) * (x._data.ndim - 2))
            out = term if out is None else out + term
        return out

    def forward(ctx, x, w, b, stride, padding, dilation, groups, one_d=False, transposed=None):
        ctx.save_for_backward(x, w)
        ctx.stride, ctx.padding, ctx.dilation, ctx.groups, ctx.one_d = stride, padding, dilation, groups, one_d
        ctx.transposed = transposed
        if transposed is not None:
            return _transposed_forward(x._data, w._data, None if b is None else b._data, stride, padding, dilation,
                                       groups, transposed)
        xd, wd = x._data, w._data
        if one_d:
            xd, wd = xd[:, :, None, :], wd[:, :, None, :]
        k = wd.shape[2:]
        pt, pb, pl, pr = padding
        if pt or pb or pl or pr:
            xd = np.pad(xd, ((0, 0), (0, 0), (pt, pb), (pl, pr)))
        win = _windows(xd, k, dilation, stride)  # (N, C, OH, OW, KH, KW)
        if groups == 1:
            # columns in (C, KH, KW, N, OH, OW) order: the copy's inner loop runs along a row of the
            # input, and the product is one matmul; backward reuses them
            n, c, oh, ow = win.shape[:4]
            cols = np.ascontiguousarray(win.transpose(1, 4, 5, 0, 2, 3)).reshape(c * k[0] * k[1], n * oh * ow)
            ctx.cols = cols
            out = (wd.reshape(wd.shape[0], -1) @ cols).reshape(wd.shape[0], n, oh, ow).transpose(1, 0, 2, 3)
        else:
            n, c, oh, ow = win.shape[:4]
            cg, og = c // groups, wd.shape[0] // groups
            wg = win.reshape(n, groups, cg, oh, ow, k[0], k[1])
            wwg = wd.reshape(groups, og, cg, k[0], k[1])
            out = np.einsum("ngchwij,gocij->ngohw", wg, wwg, optimize=True).reshape(n, groups * og, oh, ow)
        if b is not None:
            out = out + b._data.reshape(1, -1, 1, 1)
        out = np.ascontiguousarray(out, dtype=x._data.dtype)
        return out[:, :, 0, :] if one_d else out

    def backward(ctx, grad):
        from .shape import cat
        if ctx.transposed is not None:
            return _transposed_backward(ctx, grad)
        if ctx.groups == 1 and not STATE.grad_enabled:
            return _fast_backward(ctx, grad)
        x, w = ctx.saved_tensors
        if ctx.one_d:
            x, w, grad = x.unsqueeze(2), w.unsqueeze(2), grad.unsqueeze(2)
        n, c, h, wid = x._data.shape
        o, cg, kh, kw = w._data.shape
        k, g = (kh, kw), ctx.groups
        og = o // g
        pt, pb, pl, pr = ctx.padding
        xp = constant_pad_nd(x, (pl, pr, pt, pb)) if (pt or pb or pl or pr) else x
        hp, wp = h + pt + pb, wid + pl + pr
        zero = (0, 0)
        oh, ow = grad._data.shape[2:]
        need_x, need_w, need_b = ctx.needs_input_grad
        gxs, gws = [], []
        for gi in range(g):
            gm = grad[:, gi * og:(gi + 1) * og].reshape(n, og, oh * ow)
            wg = w[gi * og:(gi + 1) * og].reshape(og, cg * kh * kw)
            if need_w:
                xg = xp if g == 1 else xp[:, gi * cg:(gi + 1) * cg]
                cols = unfold(xg, k, ctx.dilation, zero, ctx.stride)  # (N, Cg*K, L)
                gws.append(gm.permute(1, 0, 2).reshape(og, n * oh * ow)
                           .mm(cols.permute(0, 2, 1).reshape(n * oh * ow, cg * kh * kw)))
            if need_x:
                gcols = wg.t().matmul(gm)  # (N, Cg*K, L)
                gxs.append(fold(gcols, (hp, wp), k, ctx.dilation, zero, ctx.stride))
        gx = gw = gb = None
        if need_x:
            gx = gxs[0] if g == 1 else cat(gxs, 1)
            if pt or pb or pl or pr:
                gx = gx[:, :, pt:pt + h, pl:pl + wid]
            if ctx.one_d:
                gx = gx.squeeze(2)
        if need_w:
            gw = (gws[0] if g == 1 else cat(gws, 0)).reshape(w._data.shape)
            if ctx.one_d:
                gw = gw.squeeze(2)
        if need_b:
            gb = grad.sum((0, 2, 3))
        return gx, gw, gb


def _fast_backward(ctx, grad):
    """The same gradients in plain numpy when nothing records them (no create_graph): one tensordot
    over the input's window view for the weight, one for the columns plus one strided add per
    kernel offset for the input."""
    x, w = ctx.saved_tensors
    xd, wd, gd = x._data, w._data, grad._data
    if ctx.one_d:
        xd, wd, gd = xd[:, :, None, :], wd[:, :, None, :], gd[:, :, None, :]
    n, c, h, wid = xd.shape
    k = wd.shape[2:]
    pt, pb, pl, pr = ctx.padding
    s, dil = ctx.stride, ctx.dilation
    need_x, need_w, need_b = ctx.needs_input_grad
    gx = gw = gb = None
    o = wd.shape[0]
    g2 = np.ascontiguousarray(gd.transpose(1, 0, 2, 3)).reshape(o, -1)  # (O, N*OH*OW)
    if need_w:
        # (columns @ gradient.T).T: the same dot products; OpenBLAS is 2x faster with the long
        # operand first (LeNet conv1 at batch 4: 6x3136 @ 3136x75 193 µs, 75x3136 @ 3136x6 90 µs)
        gw = (ctx.cols @ g2.T).T.reshape(wd.shape).astype(wd.dtype, copy=False)
        if ctx.one_d:
            gw = gw[:, :, 0, :]
        gw = Tensor._wrap(np.ascontiguousarray(gw))
    if need_x:
        oh, ow = gd.shape[2:]
        cols = (wd.reshape(o, -1).T @ g2).reshape((c,) + tuple(k) + (n, oh, ow))  # (C, KH, KW, N, OH, OW)
        hp, wp = h + pt + pb, wid + pl + pr
        # accumulated channel-major, as the columns are (each offset's slab is read in order),
        # then put back in (N, C) order by the one copy the result needs anyway
        full = np.zeros((c, n, hp, wp), xd.dtype)
        for i in range(k[0]):
            hi = i * dil[0]
            for j in range(k[1]):
                wj = j * dil[1]
                full[:, :, hi:hi + s[0] * (oh - 1) + 1:s[0], wj:wj + s[1] * (ow - 1) + 1:s[1]] += cols[:, i, j]
        full = full.transpose(1, 0, 2, 3)[:, :, pt:pt + h, pl:pl + wid]
        if ctx.one_d:
            full = full[:, :, 0, :]
        gx = Tensor._wrap(np.ascontiguousarray(full))
    if need_b:
        gb = Tensor._wrap(np.asarray(gd.sum((0, 2, 3)), dtype=gd.dtype))
    return gx, gw, gb


def _transposed_forward(xd, wd, bd, s, p, dil, groups, out_size):
    """Transposed convolution: each input position scatters weight·value over its window (col2im)."""
    n, cin, h, w = xd.shape
    cout_g = wd.shape[1]
    k = wd.shape[2:]
    cin_g = cin // groups
    xg = xd.reshape(n, groups, cin_g, h * w)
    wg = wd.reshape(groups, cin_g, cout_g * k[0] * k[1])
    cols = np.einsum("gck,ngcl->ngkl", wg, xg, optimize=True).reshape(n, groups * cout_g * k[0] * k[1], h * w)
    pp = (p[0], p[2])  # (top, bottom, left, right) -> (height, width)
    cols = cols.reshape(n * groups, cout_g * k[0] * k[1], h * w)
    out = col2im(cols, out_size, k, dil, pp, s).reshape(n, groups * cout_g, out_size[0], out_size[1])
    if bd is not None:
        out = out + bd.reshape(1, -1, 1, 1)
    return np.ascontiguousarray(out, dtype=xd.dtype)


def _transposed_backward(ctx, grad):
    from .shape import cat
    x, w = ctx.saved_tensors
    n, cin, h, wid = x._data.shape
    _, cout_g, kh, kw = w._data.shape
    g = ctx.groups
    cin_g = cin // g
    k = (kh, kw)
    p = (ctx.padding[0], ctx.padding[2])
    need_x, need_w, need_b = ctx.needs_input_grad
    gxs, gws = [], []
    for gi in range(g):
        gg = grad[:, gi * cout_g:(gi + 1) * cout_g]
        cols = unfold(gg, k, ctx.dilation, p, ctx.stride)  # (N, Cout_g*K, L)
        wg = w[gi * cin_g:(gi + 1) * cin_g].reshape(cin_g, cout_g * kh * kw)
        xg = x[:, gi * cin_g:(gi + 1) * cin_g].reshape(n, cin_g, h * wid)
        if need_x:
            gxs.append(wg.matmul(cols).reshape(n, cin_g, h, wid))
        if need_w:
            gws.append(xg.permute(1, 0, 2).reshape(cin_g, n * h * wid)
                       .mm(cols.permute(0, 2, 1).reshape(n * h * wid, cout_g * kh * kw)))
    gx = (gxs[0] if g == 1 else cat(gxs, 1)) if need_x else None
    gw = (gws[0] if g == 1 else cat(gws, 0)).reshape(w._data.shape) if need_w else None
    gb = grad.sum((0, 2, 3)) if need_b else None
    return gx, gw, gb


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """Transposed 2-d convolution of (N, C_in, H, W) with (C_in, C_out/groups, kh, kw) ``weight``."""
    s, p, op, dil = _tuple(stride, 2), _tuple(padding, 2), _tuple(output_padding, 2), _tuple(dilation, 2)
    unbatched = input.dim() == 3
    if unbatched:
        input = input.unsqueeze(0)
    if input.dim() != 4:
        raise RuntimeError(f"Expected 3D (unbatched) or 4D (batched) input to conv_transpose2d, but got input of "
                           f"size: {list(input.shape)}")
    xs, ws = tuple(input._data.shape), tuple(weight._data.shape)
    if xs[1] != ws[0]:
        raise RuntimeError(f"Given transposed=1, weight of size {list(ws)}, expected input{list(xs)} to have "
                           f"{ws[0]} channels, but got {xs[1]} channels instead")
    for i in range(2):
        if op[i] >= s[i] and op[i] >= dil[i]:
            raise RuntimeError("output padding must be smaller than either stride or dilation, but got "
                               f"output_padding_height: {op[0]} output_padding_width: {op[1]} stride_height: {s[0]} "
                               f"stride_width: {s[1]} dilation_height: {dil[0]} dilation_width: {dil[1]}")
    size = tuple((xs[2 + i] - 1) * s[i] - 2 * p[i] + dil[i] * (ws[2 + i] - 1) + op[i] + 1 for i in range(2))
    out = ConvolutionBackward0.apply(input, weight, bias, stride=s, padding=(p[0], p[0], p[1], p[1]), dilation=dil,
                                     groups=groups, transposed=size)
    return out.squeeze(0) if unbatched else out


def _check_conv(x, w, b, groups, nd, stride, padding, dilation):
    name = f"conv{nd}d"
    xs, ws = tuple(x._data.shape), tuple(w._data.shape)
    if len(ws) != nd + 2:
        raise RuntimeError(f"weight should have at least three dimensions" if len(ws) < 3 else
                           f"Expected {nd + 2}-dimensional weight for {nd + 2}-dimensional input {list(xs)}, "
                           f"but got {len(ws)}-dimensional weight of size {list(ws)} instead")
    if len(xs) != nd + 2:
        raise RuntimeError(f"Expected {nd + 1}D (unbatched) or {nd + 2}D (batched) input to {name}, but got input "
                           f"of size: {list(xs)}")
    if xs[1] != ws[1] * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size {list(ws)}, expected input{list(xs)} to have "
                           f"{ws[1] * groups} channels, but got {xs[1]} channels instead")
    if ws[0] % groups:
        raise RuntimeError("Given groups=" + str(groups) + ", expected weight to be divisible by " + str(groups) +
                           " at dimension 0, but got weight of size " + str(list(ws)) + " instead")
    if b is not None and tuple(b._data.shape) != (ws[0],):
        raise RuntimeError(f"Given weight of size {list(ws)}, expected bias to be 1-dimensional with {ws[0]} "
                           f"elements, but got bias of size {list(b._data.shape)} instead")
    if x.dtype is not w.dtype:
        from .linalg import _C_NAMES
        raise RuntimeError(f"Input type ({_C_NAMES[x.dtype.name].replace('c10::', '')}) and weight type "
                           f"({_C_NAMES[w.dtype.name].replace('c10::', '')}) should be the same")
    padded = [xs[2 + i] + padding[2 * i] + padding[2 * i + 1] for i in range(nd)]
    eff = [dilation[i] * (ws[2 + i] - 1) + 1 for i in range(nd)]
    if any(pz < e for pz, e in zip(padded, eff)):
        raise RuntimeError("Calculated padded input size per channel: (" + " x ".join(map(str, padded)) +
                           "). Kernel size: (" + " x ".join(map(str, eff)) +
                           "). Kernel size can't be greater than actual input size")


def _tuple(v, n):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,) * n


def _padding4(padding, w, dilation, nd):
    """(top, bottom, left, right) from an int/tuple or 'same'/'valid'."""
    if isinstance(padding, str):
        if padding == "valid":
            return (0, 0, 0, 0)
        if padding == "same":
            ks = tuple(w._data.shape[2:])
            pads = []
            for i in range(nd):
                total = dilation[i] * (ks[i] - 1)
                pads.append((total // 2, total - total // 2))
            if nd == 1:
                return (0, 0) + pads[0]
            return pads[0] + pads[1]
        raise ValueError(f"Invalid padding string '{padding}', should be one of ['valid', 'same']")
    p = _tuple(padding, nd)
    return (0, 0, p[0], p[0]) if nd == 1 else (p[0], p[0], p[1], p[1])


def _conv(input, weight, bias, stride, padding, dilation, groups, nd):
    from ..tensor import Tensor
    for name, t in (("input", input), ("weight", weight)):
        if not isinstance(t, Tensor):
            raise TypeError(f"conv{nd}d(): argument '{name}' must be Tensor, not {type(t).__name__}")
    stride, dilation = _tuple(stride, nd), _tuple(dilation, nd)
    if isinstance(padding, str) and padding == "same" and any(s != 1 for s in stride):
        raise RuntimeError("padding='same' is not supported for strided convolutions")
    pads = _padding4(padding, weight, dilation, nd)
    unbatched = input.dim() == nd + 1
    if unbatched:
        input = input.unsqueeze(0)
    chk_pad = pads[2:] if nd == 1 else pads
    _check_conv(input, weight, bias, groups, nd, stride, chk_pad, dilation)
    if nd == 1:
        out = ConvolutionBackward0.apply(input, weight, bias, stride=(1,) + stride, padding=pads,
                                         dilation=(1,) + dilation, groups=groups, one_d=True)
    else:
        out = ConvolutionBackward0.apply(input, weight, bias, stride=stride, padding=pads, dilation=dilation,
                                         groups=groups)
    return out.squeeze(0) if unbatched else out


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """2-d convolution (cross-correlation) of (N, C, H, W) ``input`` with (O, C/groups, kh, kw) ``weight``."""
    return _conv(input, weight, bias, stride, padding, dilation, groups, 2)


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """1-d convolution of (N, C, L) ``input`` with (O, C/groups, k) ``weight``."""
    return _conv(input, weight, bias, stride, padding, dilation, groups, 1)


# -- 3-d convolution ---------------------------------------------------------------------------

class _Conv3dOutput(Node):
    """The node a 3-d convolution's result hangs from, named as torch's (ConvolutionBackward0): the
    convolution itself is composed below (depth windows stacked into channels, then one 2-d
    convolution), so its gradients of every order are those of the composition."""

    __slots__ = ()
    explain = ("grad_self = grad (a composed convolution's result: 3-d, whose depth windows are stacked as channels "
               "and convolved in 2-d; transposed 1-d and 3-d, made of transposed 2-d ones)")
    checks = (check(lambda x, w, b: conv3d(x, w, b), (1, 2, 3, 4, 3), (2, 2, 2, 2, 2), (2,)),
              check(lambda x, w: conv3d(x, w, None, (2, 1, 1), (1, 0, 1), (1, 2, 1), 2), (1, 4, 4, 5, 3),
                    (2, 2, 2, 2, 2), label="stride padding dilation groups"),
              check(lambda x, w, b: _transposed(1)(x, w, b, 2, 1, 1, 1, 2), (2, 2, 4), (2, 3, 3), (3,),
                    label="transposed 1d"),
              check(lambda x, w, b: _transposed(3)(x, w, b, (2, 1, 2), (1, 0, 0), (1, 0, 0), 1, 1), (1, 2, 3, 2, 2),
                    (2, 2, 3, 2, 2), (2,), label="transposed 3d"),
              check(lambda x, w: _transposed(3)(x, w, None, 1, 0, 0, 2, (2, 1, 1)), (1, 4, 2, 2, 2), (4, 1, 2, 2, 1),
                    label="transposed 3d groups dilation"))

    def forward(ctx, a):
        return a._data

    def backward(ctx, grad):
        return grad


def _transposed(nd):
    from . import conv_transpose
    return conv_transpose.conv_transpose1d if nd == 1 else conv_transpose.conv_transpose3d


_Conv3dOutput.__name__ = _Conv3dOutput.__qualname__ = "ConvolutionBackward0"
from ..node import OPS as _OPS  # noqa: E402
_OPS.append(_Conv3dOutput)  # (a leading underscore keeps a class off the table; this one belongs on it)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """3-d convolution of (N, C, D, H, W) ``input`` with (O, C/groups, kd, kh, kw) ``weight``."""
    from .shape import stack
    if not isinstance(input, Tensor) or not isinstance(weight, Tensor):
        name = "input" if not isinstance(input, Tensor) else "weight"
        raise TypeError(f"conv3d(): argument '{name}' must be Tensor, not "
                        f"{type(input if name == 'input' else weight).__name__}")
    stride, dilation = _tuple(stride, 3), _tuple(dilation, 3)
    if isinstance(padding, str):
        if padding == "same" and any(s != 1 for s in stride):
            raise RuntimeError("padding='same' is not supported for strided convolutions")
        if padding not in ("same", "valid"):
            raise ValueError(f"Invalid padding string '{padding}', should be one of ['valid', 'same']")
        ks = tuple(weight._data.shape[2:]) if weight.dim() == 5 else (1, 1, 1)
        pads = []
        for i in range(3):
            total = dilation[i] * (ks[i] - 1) if padding == "same" else 0
            pads += [total // 2, total - total // 2]
    else:
        p = _tuple(padding, 3)
        pads = [p[0], p[0], p[1], p[1], p[2], p[2]]
    unbatched = input.dim() == 4
    if unbatched:
        input = input.unsqueeze(0)
    _check_conv(input, weight, bias, groups, 3, stride, pads, dilation)
    if any(pads):
        input = constant_pad_nd(input, (pads[4], pads[5], pads[2], pads[3], pads[0], pads[1]))
    n, c, d = input._data.shape[:3]
    o, cg, kd = weight._data.shape[:3]
    od = (d - dilation[0] * (kd - 1) - 1) // stride[0] + 1
    span = stride[0] * (od - 1) + 1
    # (N, C, KD, OD, H, W): the depth window of each output plane, kernel depth next to channels
    windows = stack([input[:, :, j * dilation[0]:j * dilation[0] + span:stride[0]] for j in range(kd)], 2)
    h, w = windows._data.shape[4:]
    planes = windows.permute(0, 3, 1, 2, 4, 5).reshape(n * od, c * kd, h, w)
    w2 = weight.reshape(o, cg * kd, weight._data.shape[3], weight._data.shape[4])
    out = conv2d(planes, w2, bias, stride[1:], 0, dilation[1:], groups)  # (N*OD, O, OH, OW)
    oh, ow = out._data.shape[2:]
    out = out.reshape(n, od, o, oh, ow).permute(0, 2, 1, 3, 4).contiguous()
    out = _Conv3dOutput.apply(out)
    return out.squeeze(0) if unbatched else out
