"""Reflection, replication and circular padding (``F.pad`` modes, conv ``padding_mode``), as torch
records them: ``ReflectionPad{1,2,3}DBackward0``, ``ReplicationPad{1,2,3}DBackward0``, and circular
padding composed of slice copies (``CopySlices``), as torch's ``_pad_circular`` is.

Reflection and replication read, along each padded dim, the input position each output
position maps to (one index array per dim: mirrored without the edge, or clamped to it;
a negative pad crops). The forward is one gather per padded dim; the backward adds the
gradient back at those positions (``index_add`` per dim, so it is itself differentiable).
"""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .backward_functions import recorded_as
from .checks import check
from .structure import IndexAddBackward0

_SUPPORTED = ("Padding size {n} is not supported for {d}D input tensor.\nSupported combinations for non-constant "
              "padding:\n  - 2D or 3D input: padding size = 2 (pads last dimension)\n  - 3D or 4D input: padding "
              "size = 4 (pads last 2 dimensions)\n  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)")
_DIM_LETTERS = {1: "W", 2: "H", 3: "D"}


def source_positions(n, lo, hi, mode):
    """For a dim of size ``n`` padded by (lo, hi), the input position of each output position."""
    i = np.arange(-lo, n + hi, dtype=np.int64)
    if mode == "reflect":
        i = np.abs(i)
        return np.where(i >= n, 2 * (n - 1) - i, i)
    return np.clip(i, 0, n - 1)


class _PadNode(Node):
    """The shared rule of reflection and replication padding (subclasses name the mode and dims)."""

    __slots__ = ("maps", "in_shape")
    mode = None

    def forward(ctx, a, pad, mode=None):
        # (the mode comes from the subclass's forward: when nothing records, ctx is the null ctx,
        # which has no class attributes)
        d = a._data
        ctx.in_shape = d.shape
        ctx.save_for_backward(a)  # torch's backward function reads self (see backward_functions)
        maps = []
        for k in range(len(pad) // 2):  # pad pairs run from the last dim backwards
            axis = d.ndim - 1 - k
            idx = source_positions(d.shape[axis], pad[2 * k], pad[2 * k + 1], mode)
            maps.append((axis, idx))
            d = np.take(d, idx, axis=axis)
        ctx.maps = maps
        return np.ascontiguousarray(d)

    def backward(ctx, grad):
        g = grad
        shape = list(g._data.shape)
        for axis, idx in reversed(ctx.maps):
            shape[axis] = ctx.in_shape[axis]
            zeros = Tensor._wrap(np.zeros(shape, g._data.dtype))
            g = IndexAddBackward0.apply(zeros, g, dim=axis, index=Tensor._wrap(idx))
        (a,) = ctx.saved_tensors
        return recorded_as(type(ctx).__name__[:-1] + "Backward0", g, a)


def _node(mode, nd, name):
    word = "reflected" if mode == "reflect" else "replicated"
    explain = f"grad_self = grad with each {word} position's gradient added back at the position it copies"
    shapes = {1: (2, 5), 2: (1, 4, 4), 3: (1, 1, 3, 3, 4)}[nd]
    pad = (2, 1, 1, 2, 1, 1)[:2 * nd]
    crop = (-1, 2, 1, -1, 1, 0)[:2 * nd]
    checks = (check(lambda x: pad_nd(x, pad, mode), shapes),
              check(lambda x: pad_nd(x, crop, mode), shapes, label="crop and pad"))
    def forward(ctx, a, pad):
        return _PadNode.forward(ctx, a, pad, mode)
    return type(name, (_PadNode,), {"__slots__": (), "mode": mode, "explain": explain, "checks": checks,
                                    "forward": forward, "__module__": __name__})


ReflectionPad1DBackward0 = _node("reflect", 1, "ReflectionPad1DBackward0")
ReflectionPad2DBackward0 = _node("reflect", 2, "ReflectionPad2DBackward0")
ReflectionPad3DBackward0 = _node("reflect", 3, "ReflectionPad3DBackward0")
ReplicationPad1DBackward0 = _node("replicate", 1, "ReplicationPad1DBackward0")
ReplicationPad2DBackward0 = _node("replicate", 2, "ReplicationPad2DBackward0")
ReplicationPad3DBackward0 = _node("replicate", 3, "ReplicationPad3DBackward0")
_NODES = {("reflect", 1): ReflectionPad1DBackward0, ("reflect", 2): ReflectionPad2DBackward0,
          ("reflect", 3): ReflectionPad3DBackward0, ("replicate", 1): ReplicationPad1DBackward0,
          ("replicate", 2): ReplicationPad2DBackward0, ("replicate", 3): ReplicationPad3DBackward0}


def _check(input, pad, mode):
    ndim = input.dim()
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    nd = len(pad) // 2
    if not (1 <= nd <= 3) or ndim not in (nd + 1, nd + 2):
        raise NotImplementedError(_SUPPORTED.format(n=len(pad), d=ndim))
    shape = tuple(input.shape)
    if mode == "circular":  # torch's _pad_circular has checks of its own (empty dims are fine)
        for k in range(nd):
            lo, hi, n = pad[2 * k], pad[2 * k + 1], shape[ndim - 1 - k]
            if lo > n or hi > n:
                raise RuntimeError("Padding value causes wrapping around more than once.")
            if n + lo + hi < 0:
                raise RuntimeError("Negative padding value is resulting in an empty dimension")
        return nd
    if any(s == 0 for s in shape[-nd - 1:]):  # channels and padded dims; the batch may be empty
        batch = {1: "2D or 3D", 2: "3D or 4D", 3: "4D or 5D"}[nd]
        raise RuntimeError(f"Expected {batch} (batch mode) tensor with possibly 0 batch size and other non-zero "
                           f"dimensions for input, but got: {list(shape)}")
    for k in range(nd):
        axis = ndim - 1 - k
        lo, hi = pad[2 * k], pad[2 * k + 1]
        n = shape[axis]
        if mode == "reflect" and (lo >= n or hi >= n):
            raise RuntimeError(f"Argument #{4 + 2 * k}: Padding size should be less than the corresponding input "
                               f"dimension, but got: padding ({lo}, {hi}) at dimension {axis} of input "
                               f"{list(shape)}")
        out = n + lo + hi
        if out < 1:
            raise RuntimeError(f"input ({_DIM_LETTERS[k + 1]}: {n}) is too small. Calculated output "
                               f"{_DIM_LETTERS[k + 1]}: {out}")
    if input._data.dtype == np.bool_:  # the kernels' dispatch (after the shape checks) has no bool
        kernel = "reflection" if mode == "reflect" else "replication"
        raise NotImplementedError(f'"{kernel}_pad{nd}d" not implemented for \'Bool\'')
    return nd


def pad_nd(input, pad, mode):
    """``F.pad`` with mode 'reflect', 'replicate' or 'circular'."""
    pad = tuple(int(p) for p in pad)
    nd = _check(input, pad, mode)
    if mode == "circular":
        return _pad_circular(input, pad)
    return _NODES[(mode, nd)].apply(input, pad=pad)


def _pad_circular(input, pad):
    """torch's ``_pad_circular``: the input copied into the middle of a new tensor, then each padded
    dim's borders copied from the opposite side, one slice copy each (so ``CopySlices``)."""
    from ..creation import empty
    shape = list(input.shape)
    ndim = len(shape)
    nd = len(pad) // 2
    out_shape = list(shape)
    for k in range(nd):
        out_shape[ndim - 1 - k] += pad[2 * k] + pad[2 * k + 1]
    out = empty(out_shape, dtype=input.dtype)
    out_idx = [slice(None)] * ndim
    in_idx = [slice(None)] * ndim
    for k in range(nd):
        dim, lo, hi = ndim - 1 - k, pad[2 * k], pad[2 * k + 1]
        out_idx[dim] = slice(max(lo, 0), out_shape[dim] - max(hi, 0))
        in_idx[dim] = slice(max(-lo, 0), shape[dim] - max(-hi, 0))
    # one narrowed view per padded dim, as torch's slices (so even a (0, 0) pad records CopySlices)
    out_slice, in_slice = out, input
    for dim in range(ndim - nd, ndim):
        o, i = out_idx[dim], in_idx[dim]
        out_slice = out_slice.narrow(dim, o.start, o.stop - o.start)
        in_slice = in_slice.narrow(dim, i.start, i.stop - i.start)
    out_slice.copy_(in_slice)
    for k in range(nd):
        dim, lo, hi = ndim - 1 - k, pad[2 * k], pad[2 * k + 1]
        size = out_shape[dim]
        if lo > 0:
            dst = [slice(None)] * ndim
            src = [slice(None)] * ndim
            dst[dim] = slice(0, lo)
            src[dim] = slice(size - lo - max(hi, 0), size - max(hi, 0))
            out[tuple(dst)] = out[tuple(src)]
        if hi > 0:
            dst = [slice(None)] * ndim
            src = [slice(None)] * ndim
            dst[dim] = slice(size - hi, size)
            src[dim] = slice(max(lo, 0), max(lo, 0) + hi)
            out[tuple(dst)] = out[tuple(src)]
    return out
