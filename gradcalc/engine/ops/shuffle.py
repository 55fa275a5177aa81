"""pixel_shuffle, pixel_unshuffle and channel_shuffle: a fixed rearrangement of elements,
each one node as torch records it; the backward is the inverse rearrangement."""

import numpy as np

from ..node import Node
from .checks import check

__all__ = ["pixel_shuffle", "pixel_unshuffle", "channel_shuffle"]


def _shuffle(a, r):
    """(*, C·r², H, W) → (*, C, H·r, W·r)."""
    *lead, c, h, w = a.shape
    x = a.reshape(*lead, c // (r * r), r, r, h, w)
    n = len(lead)
    x = x.transpose(*range(n), n, n + 3, n + 1, n + 4, n + 2)
    return np.ascontiguousarray(x).reshape(*lead, c // (r * r), h * r, w * r)


def _unshuffle(a, r):
    """(*, C, H·r, W·r) → (*, C·r², H, W)."""
    *lead, c, h, w = a.shape
    x = a.reshape(*lead, c, h // r, r, w // r, r)
    n = len(lead)
    x = x.transpose(*range(n), n, n + 2, n + 4, n + 1, n + 3)
    return np.ascontiguousarray(x).reshape(*lead, c * r * r, h // r, w // r)


class PixelShuffleBackward0(Node):
    __slots__ = ("upscale_factor",)
    explain = "grad_self = pixel_unshuffle(grad, upscale_factor)"
    checks = (check(lambda x: pixel_shuffle(x, 2), (1, 8, 2, 3)),)

    def forward(ctx, a, upscale_factor):
        ctx.upscale_factor = upscale_factor
        return _shuffle(a._data, upscale_factor)

    def backward(ctx, grad):
        return pixel_unshuffle(grad, ctx.upscale_factor)


class PixelUnshuffleBackward0(Node):
    __slots__ = ("downscale_factor",)
    explain = "grad_self = pixel_shuffle(grad, downscale_factor)"
    checks = (check(lambda x: pixel_unshuffle(x, 2), (1, 2, 4, 6)),)

    def forward(ctx, a, downscale_factor):
        ctx.downscale_factor = downscale_factor
        return _unshuffle(a._data, downscale_factor)

    def backward(ctx, grad):
        return pixel_shuffle(grad, ctx.downscale_factor)


def _channel_shuffle(a, groups):
    n, c = a.shape[0], a.shape[1]
    x = a.reshape(n, groups, c // groups, *a.shape[2:]).swapaxes(1, 2)
    return np.ascontiguousarray(x).reshape(a.shape)


class ChannelShuffleBackward0(Node):
    __slots__ = ("groups",)
    explain = "grad_self = the channels of grad put back (a shuffle with channels / groups groups)"
    checks = (check(lambda x: channel_shuffle(x, 2), (2, 6, 3)),)

    def forward(ctx, a, groups):
        ctx.groups = groups
        return _channel_shuffle(a._data, groups)

    def backward(ctx, grad):
        return ChannelShuffleBackward0.apply(grad, groups=grad.shape[1] // ctx.groups)


def pixel_shuffle(input, upscale_factor):
    """(*, C·r², H, W) → (*, C, H·r, W·r)."""
    if input.dim() < 3:
        raise RuntimeError(f"pixel_shuffle expects input to have at least 3 dimensions, but got input with "
                           f"{input.dim()} dimension(s)")
    if upscale_factor <= 0:
        raise RuntimeError(f"pixel_shuffle expects a positive upscale_factor, but got {upscale_factor}")
    c = input.shape[-3]
    if c % (upscale_factor * upscale_factor):
        raise RuntimeError(f"pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
                           f"upscale_factor, but input.size(-3)={c} is not divisible by "
                           f"{upscale_factor * upscale_factor}")
    return PixelShuffleBackward0.apply(input, upscale_factor=upscale_factor)


def pixel_unshuffle(input, downscale_factor):
    """(*, C, H·r, W·r) → (*, C·r², H, W)."""
    if input.dim() < 3:
        raise RuntimeError(f"pixel_unshuffle expects input to have at least 3 dimensions, but got input with "
                           f"{input.dim()} dimension(s)")
    if downscale_factor <= 0:
        raise RuntimeError(f"pixel_unshuffle expects a positive downscale_factor, but got {downscale_factor}")
    h, w = input.shape[-2], input.shape[-1]
    if h % downscale_factor:
        raise RuntimeError(f"pixel_unshuffle expects height to be divisible by downscale_factor, but input.size(-2)="
                           f"{h} is not divisible by {downscale_factor}")
    if w % downscale_factor:
        raise RuntimeError(f"pixel_unshuffle expects width to be divisible by downscale_factor, but input.size(-1)="
                           f"{w} is not divisible by {downscale_factor}")
    return PixelUnshuffleBackward0.apply(input, downscale_factor=downscale_factor)


def channel_shuffle(input, groups):
    """Interleave the channels of ``groups`` groups: (N, g·k, *) read as (N, g, k, *), transposed."""
    if input.dim() <= 2:
        raise RuntimeError(f"channel_shuffle expects input to have at least 3 dimensions, but got input with "
                           f"{input.dim()} dimension(s)")
    if groups <= 0:
        raise RuntimeError(f"Number of groups to divide channels in must be positive. Value of groups:{groups}")
    c = input.shape[1]
    if c % groups:
        raise RuntimeError(f"Number of channels must be divisible by groups. Got {c} channels and {groups} groups.")
    return ChannelShuffleBackward0.apply(input, groups=groups)
