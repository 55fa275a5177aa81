"""torch.grid_sampler as torch records it (GridSampler2DBackward0, GridSampler3DBackward0):
each output point reads the input at the grid's normalised coordinates, by bilinear
(trilinear), nearest or (2-d) bicubic interpolation, with zeros, border or reflection
padding and either ``align_corners`` convention — torch's CPU kernel's arithmetic, step for
step (unnormalise, reflect, clip; the same corner weights and cubic coefficients).

Every output point at once: the corner indices and weights are arrays over (N, points),
the values one gather over the flattened spatial axis, the input's gradient one
``bincount`` of the weighted gradients. As torch's, the backward is not differentiable again
(torch's grid_sampler_2d_backward has no derivative).
"""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check

_MODES = {"bilinear": 0, "nearest": 1, "bicubic": 2}
_PADDINGS = {"zeros": 0, "border": 1, "reflection": 2}
_A = -0.75  # the cubic convolution's parameter (torch's upsampling and grid_sample)


# -- coordinates -----------------------------------------------------------------------------------------

def _unnormalize(coord, size, align_corners):
    """The input position of normalised ``coord`` and d(position)/d(coord)."""
    t = coord.dtype.type
    if align_corners:
        return ((coord + t(1)) / t(2)) * t(size - 1), t(size - 1) / t(2)
    return ((coord + t(1)) * t(size) - t(1)) / t(2), t(size) / t(2)


def _clip(x, size):
    """Clipped into [0, size - 1], and the derivative (0 at and beyond the borders, as torch)."""
    t = x.dtype.type
    top = t(size - 1)
    grad = np.where((x <= 0) | (x >= top), t(0), t(1))
    return np.clip(x, t(0), top), grad


def _reflect(x, twice_low, twice_high):
    t = x.dtype.type
    if twice_low == twice_high:
        return np.zeros_like(x), np.zeros_like(x)
    lo = t(twice_low) / t(2)
    span = t(twice_high - twice_low) / t(2)
    x = x - lo
    sign = np.where(x < 0, t(-1), t(1))
    x = np.abs(x)
    extra = np.fmod(x, span)
    flips = np.floor(x / span)
    even = np.fmod(flips, 2) == 0
    return np.where(even, extra + lo, span - extra + lo), np.where(even, sign, -sign)


def _bound(x, size, padding, align_corners):
    """torch's compute_coordinates (and its derivative): the padding mode applied to a position."""
    one = np.ones_like(x)
    if padding == 1:
        return _clip(x, size)
    if padding == 2:
        x, g1 = _reflect(x, 0, 2 * (size - 1)) if align_corners else _reflect(x, -1, 2 * size - 1)
        x, g2 = _clip(x, size)
        return x, g1 * g2
    return x, one


def _source_index(coord, size, padding, align_corners):
    x, g = _unnormalize(coord, size, align_corners)
    x, gb = _bound(x, size, padding, align_corners)
    # safe_downgrade_to_int_range: what cannot be an index is sent far outside the input
    bad = ~np.isfinite(x) | (x > 2147483646) | (x < -2147483648)
    if bad.any():
        x = np.where(bad, x.dtype.type(-100), x)
    return x, g * gb


def _cubic(t):
    """The four cubic convolution coefficients of fractional offset ``t``."""
    def near(x):  # |x| <= 1
        return ((_A + 2) * x - (_A + 3)) * x * x + 1

    def far(x):  # 1 < |x| < 2
        return ((_A * x - 5 * _A) * x + 8 * _A) * x - 4 * _A
    return [far(t + 1), near(t), near(1 - t), far(2 - t)]


def _cubic_grad(t):
    x = -1 - t
    c0 = (-3 * _A * x - 10 * _A) * x - 8 * _A
    x = -t
    c1 = (-3 * (_A + 2) * x - 2 * (_A + 3)) * x
    x = 1 - t
    c2 = (3 * (_A + 2) * x - 2 * (_A + 3)) * x
    x = 2 - t
    c3 = (3 * _A * x - 10 * _A) * x + 8 * _A
    return [c0, c1, c2, c3]


# -- gathers and scatters over (N, C, P) ----------------------------------------------------------------

class _Sampler:
    """The input as (N, C, P) with P its flattened spatial size; points index it per batch entry."""

    def __init__(self, d):
        self.n, self.c = d.shape[:2]
        self.spatial = d.shape[2:]
        self.flat = d.reshape(self.n, self.c, -1)

    def locate(self, idx):
        """(flat position, inside) of integer positions ``idx`` (one (N, M) array per spatial dim)."""
        inside = np.ones(idx[0].shape, bool)
        pos = np.zeros(idx[0].shape, np.int64)
        for k, size in enumerate(self.spatial):
            inside &= (idx[k] >= 0) & (idx[k] < size)
            pos = pos * size + np.clip(idx[k], 0, size - 1)
        return pos, inside

    def gather(self, pos, inside):
        v = np.take_along_axis(self.flat, pos[:, None, :], 2)
        return np.where(inside[:, None, :], v, 0)

    def scatter(self, pos, inside, values, out):
        """Add (N, C, M) ``values`` at ``pos`` into the (N*C*P,) float64 accumulator ``out``."""
        p = self.flat.shape[2]
        base = (np.arange(self.n)[:, None, None] * self.c + np.arange(self.c)[None, :, None]) * p
        idx = (base + pos[:, None, :])[np.broadcast_to(inside[:, None, :], values.shape)]
        out += np.bincount(idx, weights=values[np.broadcast_to(inside[:, None, :], values.shape)],
                           minlength=out.size)


def _corners(nd):
    return [tuple((b >> (nd - 1 - k)) & 1 for k in range(nd)) for b in range(2 ** nd)]


def _sample(ctx, d, g, mode, padding, align_corners, gout=None):
    """The forward (``gout`` None: the output) or the backward (the input's and the grid's gradients)."""
    s = _Sampler(d)
    nd = len(s.spatial)
    n = d.shape[0]
    out_sp = g.shape[1:-1]
    coords = [g[..., nd - 1 - k].reshape(n, -1) for k in range(nd)]  # spatial dim k <- grid component nd-1-k
    dt = d.dtype.type
    if gout is not None:
        go = gout.reshape(n, s.c, -1)
        gin = np.zeros(d.size, np.float64)
        ggrid = np.zeros((n, coords[0].shape[1], nd), d.dtype)
    if mode == 2:  # bicubic (2-d): unnormalised only; each tap bounded by the padding mode
        (iy, my), (ix, mx) = (_unnormalize(c, size, align_corners) for c, size in zip(coords, s.spatial))
        y0, x0 = np.floor(iy), np.floor(ix)
        ty, tx = iy - y0, ix - x0
        cy, cx = _cubic(ty), _cubic(tx)
        out = np.zeros((n, s.c, coords[0].shape[1]), d.dtype)
        gix = giy = 0
        if gout is not None:
            cyg, cxg = _cubic_grad(ty), _cubic_grad(tx)
        for j in range(4):
            yy = _bound(y0 - 1 + j, s.spatial[0], padding, align_corners)[0]
            for i in range(4):
                xx = _bound(x0 - 1 + i, s.spatial[1], padding, align_corners)[0]
                pos, inside = s.locate([np.trunc(yy).astype(np.int64), np.trunc(xx).astype(np.int64)])
                v = s.gather(pos, inside)
                if gout is None:
                    out += (cx[i] * cy[j])[:, None, :] * v
                else:
                    s.scatter(pos, inside, go * (cx[i] * cy[j])[:, None, :], gin)
                    gix = gix - (v * go).sum(1) * cxg[i] * cy[j]
                    giy = giy - (v * go).sum(1) * cyg[j] * cx[i]
        if gout is None:
            return out.reshape((n, s.c) + out_sp)
        ggrid[..., 0], ggrid[..., 1] = mx * gix, my * giy
        return gin.reshape(d.shape).astype(d.dtype), ggrid.reshape(g.shape)
    located = [_source_index(c, size, padding, align_corners) for c, size in zip(coords, s.spatial)]
    pts = [p for p, _ in located]
    if mode == 1:  # nearest: round half to even, as nearbyint
        pos, inside = s.locate([np.rint(p).astype(np.int64) for p in pts])
        if gout is None:
            return s.gather(pos, inside).reshape((n, s.c) + out_sp)
        s.scatter(pos, inside, go, gin)
        return gin.reshape(d.shape).astype(d.dtype), ggrid.reshape(g.shape)
    lo = [np.floor(p) for p in pts]
    w = [(l + dt(1) - p, p - l) for p, l in zip(pts, lo)]  # weight of the lower / upper neighbour per dim
    out = np.zeros((n, s.c, coords[0].shape[1]), d.dtype)
    grads = [0] * nd
    for bits in _corners(nd):
        pos, inside = s.locate([(l + b).astype(np.int64) for l, b in zip(lo, bits)])
        weight = w[0][bits[0]]
        for k in range(1, nd):
            weight = weight * w[k][bits[k]]
        v = s.gather(pos, inside)
        if gout is None:
            out += weight[:, None, :] * v
            continue
        s.scatter(pos, inside, go * weight[:, None, :], gin)
        vg = (v * go).sum(1)
        for k in range(nd):
            others = np.ones_like(weight)
            for j in range(nd):
                if j != k:
                    others = others * w[j][bits[j]]
            grads[k] = grads[k] + (vg * others if bits[k] else -vg * others)
    if gout is None:
        return out.reshape((n, s.c) + out_sp)
    for k in range(nd):
        ggrid[..., nd - 1 - k] = located[k][1] * grads[k]
    return gin.reshape(d.shape).astype(d.dtype), ggrid.reshape(g.shape)


class GridSampler2DBackward0(Node):
    __slots__ = ("args",)
    explain = ("grad_input = grad spread to the sampled neighbours by their interpolation weights;  grad_grid = "
               "Σ grad · ∂(interpolated value)/∂(coordinate) (the input's slope between neighbours)")
    twice_differentiable = False
    checks = (check(lambda x, g: grid_sampler(x, g, 0, 0, False), (2, 2, 3, 4), (2, 3, 2, 2), low=-1.1, high=1.1),
              check(lambda x, g: grid_sampler(x, g, 0, 1, True), (1, 2, 4, 3), (1, 2, 3, 2), low=-1.2, high=1.2,
                    label="border align_corners"),
              check(lambda x, g: grid_sampler(x, g, 0, 2, False), (1, 1, 3, 3), (1, 3, 2, 2), low=-1.7, high=1.7,
                    label="reflection"),
              check(lambda x, g: grid_sampler(x, g, 2, 0, False), (1, 2, 4, 4), (1, 2, 2, 2), low=-0.9, high=0.9,
                    label="bicubic"),
              check(lambda x, g: grid_sampler(x, g, 2, 2, True), (1, 1, 4, 3), (1, 2, 2, 2), low=-1.3, high=1.3,
                    label="bicubic reflection"))

    def forward(ctx, x, grid, mode, padding, align_corners):
        ctx.args = (mode, padding, align_corners)
        ctx.save_for_backward(x, grid)
        return np.ascontiguousarray(_sample(ctx, x._data, grid._data, mode, padding, align_corners))

    def backward(ctx, grad):
        x, grid = ctx.saved_tensors
        gi, gg = _sample(ctx, x._data, grid._data, *ctx.args, gout=grad._data)
        return Tensor._wrap(gi), Tensor._wrap(np.ascontiguousarray(gg))


class GridSampler3DBackward0(Node):
    __slots__ = ("args",)
    explain = GridSampler2DBackward0.explain
    twice_differentiable = False
    checks = (check(lambda x, g: grid_sampler(x, g, 0, 0, False), (1, 2, 3, 2, 3), (1, 2, 1, 2, 3), low=-1.1,
                    high=1.1),
              check(lambda x, g: grid_sampler(x, g, 0, 2, True), (1, 1, 2, 3, 2), (1, 1, 2, 2, 3), low=-1.4,
                    high=1.4, label="reflection align_corners"))

    forward = GridSampler2DBackward0.forward
    backward = GridSampler2DBackward0.backward


def grid_sampler(input, grid, interpolation_mode, padding_mode, align_corners):
    """torch.grid_sampler: ``interpolation_mode`` 0 bilinear, 1 nearest, 2 bicubic; ``padding_mode``
    0 zeros, 1 border, 2 reflection."""
    from ..dtypes import SCALAR_NAMES
    xs, gs = list(input.shape), list(grid.shape)
    if input.dtype is not grid.dtype:
        raise RuntimeError(f"expected scalar type {SCALAR_NAMES[input.dtype.name]} but found "
                           f"{SCALAR_NAMES[grid.dtype.name]}")
    if xs[0] != gs[0]:
        raise RuntimeError(f"grid_sampler(): expected grid and input to have same batch size, but got input with "
                           f"sizes {xs} and grid with sizes {gs}")
    if gs[-1] != len(xs) - 2:
        raise RuntimeError(f"grid_sampler(): expected grid to have size {len(xs) - 2} in last dimension, but got "
                           f"grid with sizes {gs}")
    for i in range(2, len(xs)):
        if xs[i] == 0:
            raise RuntimeError(f"grid_sampler(): expected input to have non-empty spatial dimensions, but input has "
                               f"sizes {xs} with dimension {i} being empty")
    if len(xs) not in (4, 5) or len(xs) != len(gs):
        raise RuntimeError(f"grid_sampler(): expected 4D or 5D input and grid with same number of dimensions, but "
                           f"got input with sizes {xs} and grid with sizes {gs}")
    if len(xs) == 5 and interpolation_mode == 2:
        raise RuntimeError("grid_sampler(): bicubic interpolation only supports 4D input")
    if input._data.dtype.kind != "f":
        raise NotImplementedError(f"\"grid_sampler_2d_cpu_kernel_impl\" not implemented for "
                                  f"'{SCALAR_NAMES[input.dtype.name]}'")
    node = GridSampler2DBackward0 if len(xs) == 4 else GridSampler3DBackward0
    return node.apply(input, grid, mode=int(interpolation_mode), padding=int(padding_mode),
                      align_corners=bool(align_corners))


def _grid_sampler_nd(nd, input, grid, interpolation_mode, padding_mode, align_corners):
    xs, gs = list(input.shape), list(grid.shape)
    if len(xs) != nd + 2 or len(gs) != nd + 2:
        raise RuntimeError(f"grid_sampler(): expected {nd + 2}D input and grid with same number of dimensions, but "
                           f"got input with sizes {xs} and grid with sizes {gs}")
    return grid_sampler(input, grid, interpolation_mode, padding_mode, align_corners)


def grid_sampler_2d(input, grid, interpolation_mode, padding_mode, align_corners):
    """torch.grid_sampler_2d: grid_sampler on a 4-D input and grid only."""
    return _grid_sampler_nd(2, input, grid, interpolation_mode, padding_mode, align_corners)


def grid_sampler_3d(input, grid, interpolation_mode, padding_mode, align_corners):
    """torch.grid_sampler_3d: grid_sampler on a 5-D input and grid only (no bicubic)."""
    return _grid_sampler_nd(3, input, grid, interpolation_mode, padding_mode, align_corners)


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """Sample ``input`` at the normalised [-1, 1] positions of ``grid`` (torch.nn.functional.grid_sample)."""
    import warnings
    if mode not in _MODES:
        raise ValueError(f"nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', but "
                         f"got: '{mode}'")
    if padding_mode not in _PADDINGS:
        raise ValueError(f"nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
                         f"'reflection', but got: '{padding_mode}'")
    if align_corners is None:
        warnings.warn("Default grid_sample and affine_grid behavior has changed to align_corners=False since 1.3.0. "
                      "Please specify align_corners=True if the old behavior is desired. See the documentation of "
                      "grid_sample for details.", stacklevel=2)
        align_corners = False
    return grid_sampler(input, grid, _MODES[mode], _PADDINGS[padding_mode], align_corners)
