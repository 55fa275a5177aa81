"""Sampling grids as torch records them: affine_grid_generator
(AffineGridGeneratorBackward0), the (N, H, W, 2) or (N, D, H, W, 3) grid of the points
``theta @ (x, y[, z], 1)`` over a regular grid of [-1, 1] coordinates.

The base grid is built as torch builds it (linspace from -1 to 1, scaled by (n-1)/n
when ``align_corners`` is False) and the grid is one batched matmul; the backward is
the transposed matmul (engine ops, so differentiable again)."""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check


def _steps(n, align_corners, dtype):
    from ..creation import linspace
    from ..dtypes import from_numpy_dtype
    if n <= 1:
        return np.zeros(1, dtype)
    r = linspace(-1, 1, n, dtype=from_numpy_dtype(dtype))._data
    if not align_corners:
        r = r * dtype.type(n - 1) / dtype.type(n)
    return r.astype(dtype, copy=False)


def base_grid(size, align_corners, dtype):
    """(prod(spatial), nd + 1) rows (x, y[, z], 1), x varying fastest, as torch's base grid."""
    dtype = np.dtype(dtype)
    spatial = list(size[2:])
    axes = [_steps(s, align_corners, dtype) for s in reversed(spatial)]  # x (W) first
    grids = np.meshgrid(*reversed(axes), indexing="ij")  # over (D,) H, W
    cols = [g.reshape(-1) for g in reversed(grids)] + [np.ones(int(np.prod(spatial)), dtype)]
    return np.stack(cols, -1)


class AffineGridGeneratorBackward0(Node):
    __slots__ = ("base", "size")
    explain = "grad_theta = (base gridᵀ · grad)ᵀ for each batch entry (the grid is base grid · thetaᵀ)"
    checks = (check(lambda t: affine_grid_generator(t, [2, 1, 3, 4], False), (2, 2, 3)),
              check(lambda t: affine_grid_generator(t, [1, 1, 2, 3, 2], True), (1, 3, 4), label="3d align_corners"))

    def forward(ctx, theta, size, align_corners):
        d = theta._data
        base = base_grid(size, align_corners, d.dtype)
        ctx.base, ctx.size = base, size
        n = size[0]
        out = np.matmul(np.broadcast_to(base, (n,) + base.shape), d.transpose(0, 2, 1))
        return np.ascontiguousarray(out.reshape([n] + list(size[2:]) + [len(size) - 2]), dtype=d.dtype)

    def backward(ctx, grad):
        base = Tensor._wrap(np.ascontiguousarray(ctx.base.T.astype(grad._data.dtype, copy=False)))
        n, nd = ctx.size[0], len(ctx.size) - 2
        g = grad.reshape(n, -1, nd)
        return base.matmul(g).transpose(1, 2)


def affine_grid_generator(theta, size, align_corners):
    size = [int(v) for v in size]
    if theta.shape[0] != size[0]:
        raise RuntimeError(f"Expected theta and size to have the same batch size, but got {theta.shape[0]} "
                           f"and {size[0]}")
    return AffineGridGeneratorBackward0.apply(theta, size=size, align_corners=bool(align_corners))
