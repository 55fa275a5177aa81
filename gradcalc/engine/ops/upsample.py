"""interpolate for 4-d inputs: nearest (UpsampleNearest2DBackward0) and bilinear
(UpsampleBilinear2DBackward0). Each is linear in the input: out = Ah · x · Awᵀ with torch's
source-index rules folded into the (out, in) matrices Ah and Aw, so the backward is
Ahᵀ · grad · Aw (engine matmuls, differentiable again)."""

import math

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check


def _nearest_matrix(size, out, scale):
    src = np.minimum(np.floor(np.arange(out) * scale).astype(np.int64), size - 1)
    m = np.zeros((out, size))
    m[np.arange(out), src] = 1
    return m


def _linear_matrix(size, out, scale, align_corners):
    dst = np.arange(out, dtype=np.float64)
    if align_corners:
        src = dst * ((size - 1) / (out - 1) if out > 1 else 0.0)
    else:
        src = np.maximum(scale * (dst + 0.5) - 0.5, 0.0)
    i0 = np.minimum(np.floor(src).astype(np.int64), size - 1)
    i1 = np.minimum(i0 + 1, size - 1)
    lam = src - i0
    m = np.zeros((out, size))
    np.add.at(m, (np.arange(out), i0), 1 - lam)
    np.add.at(m, (np.arange(out), i1), lam)
    return m


class _Upsample(Node):
    __slots__ = ("mats",)

    def forward(ctx, x, mats):
        d = x._data
        ah, aw = (m.astype(d.dtype) for m in mats)
        ctx.mats = (ah, aw)
        return np.ascontiguousarray(np.matmul(np.matmul(ah, d), aw.T), dtype=d.dtype)

    def backward(ctx, grad):
        ah, aw = ctx.mats
        return Tensor._wrap(np.ascontiguousarray(ah.T)).matmul(grad).matmul(Tensor._wrap(aw))


class UpsampleNearest2DBackward0(_Upsample):
    explain = "grad_self = each output's gradient added at the input pixel it copied"
    checks = (check(lambda x: interpolate(x, scale_factor=2, mode="nearest"), (1, 2, 2, 3)),
              check(lambda x: interpolate(x, size=(3, 2), mode="nearest"), (1, 1, 4, 5), label="downsample"))

    def forward(ctx, x, mats):
        return _Upsample.forward(ctx, x, mats)


class UpsampleBilinear2DBackward0(_Upsample):
    explain = "grad_self = each output's gradient shared among its four source pixels by the bilinear weights"
    checks = (check(lambda x: interpolate(x, scale_factor=2, mode="bilinear"), (1, 2, 2, 3)),
              check(lambda x: interpolate(x, size=(3, 5), mode="bilinear", align_corners=True), (1, 1, 4, 3),
                    label="align_corners"))

    def forward(ctx, x, mats):
        return _Upsample.forward(ctx, x, mats)


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False):
    """Resize the last two dims of a 4-d input (nearest or bilinear)."""
    if mode in ("nearest", "area", "nearest-exact") and align_corners is not None:
        raise ValueError("align_corners option can only be set with the interpolating modes: linear | bilinear | "
                         "bicubic | trilinear")
    if input.dim() != 4:
        raise NotImplementedError(f"Input Error: Only 4D input Tensors are supported by gradcalc's interpolate "
                                  f"(got {input.dim()}D) for the modes: nearest | bilinear")
    if mode not in ("nearest", "bilinear"):
        raise NotImplementedError(f"interpolate mode '{mode}' is not supported by gradcalc (nearest, bilinear)")
    if (size is None) == (scale_factor is None):
        raise ValueError("only one of size or scale_factor should be defined" if size is not None else
                         "either size or scale_factor should be defined")
    h, w = input.shape[-2:]
    if size is not None:
        out = tuple(size) if isinstance(size, (tuple, list)) else (size, size)
        scales = (h / out[0], w / out[1])
    else:
        sf = tuple(scale_factor) if isinstance(scale_factor, (tuple, list)) else (scale_factor, scale_factor)
        out = (int(math.floor(h * sf[0])), int(math.floor(w * sf[1])))
        scales = (h / out[0], w / out[1]) if recompute_scale_factor else (1.0 / sf[0], 1.0 / sf[1])
    if mode == "nearest":
        mats = (_nearest_matrix(h, out[0], scales[0]), _nearest_matrix(w, out[1], scales[1]))
        return UpsampleNearest2DBackward0.apply(input, mats=mats)
    ac = bool(align_corners)
    mats = (_linear_matrix(h, out[0], scales[0], ac), _linear_matrix(w, out[1], scales[1], ac))
    return UpsampleBilinear2DBackward0.apply(input, mats=mats)
