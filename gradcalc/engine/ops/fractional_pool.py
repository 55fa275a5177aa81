"""Fractional max pooling as torch records it (FractionalMaxPool2DBackward0,
FractionalMaxPool3DBackward0): each (N, C) plane's windows start where torch's kernel
puts them — ``int((i + u) * α) - int(u * α)`` with ``α = (in - k) / (out - 1)`` computed
in the input's dtype from that plane's random sample ``u``, the last window flush with the
end — so the same samples (``torch.rand(N, C, nd)``, drawn by nn.functional) give torch's
windows. The maxima are found over gathered windows (first maximum wins, a NaN wins), the
backward adds each gradient at its maximum's position (scatter_add, differentiable again).
"""

import numpy as np

from ..node import Node
from .backward_functions import recorded_as
from .checks import check
from .pooling3d import _flat_scatter


def _intervals(samples, in_size, out_size, k):
    """(N, C, out) window starts for one dim from (N, C) samples (the kernel's arithmetic)."""
    dt = samples.dtype if samples.dtype in (np.float32, np.float64) else np.float32
    u = samples.astype(dt)
    seq = np.empty(samples.shape + (out_size,), np.int64)
    if out_size > 1:
        alpha = dt.type(in_size - k) / dt.type(out_size - 1)
        i = np.arange(out_size - 1).astype(dt)
        first = (u * alpha).astype(np.int64)  # C's truncation toward zero (both values are >= 0)
        seq[..., :-1] = ((i + u[..., None]) * alpha).astype(np.int64) - first[..., None]
    if out_size > 0:
        seq[..., -1] = in_size - k
    return seq


def _fractional_forward(ctx, x, samples, k, out, order):
    """``order[i]``: the sample column that spatial dim ``i`` reads (torch's kernels differ)."""
    nd = len(k)
    d = x._data
    batched = d.ndim == nd + 2
    if not batched:
        d = d[None]
    ctx.shape = x._data.shape
    n, c = d.shape[:2]
    size = d.shape[2:]
    u = samples._data
    starts = [_intervals(u[..., order[i]], size[i], out[i], k[i]) for i in range(nd)]
    # gathered windows: index arrays of shape (N, C, O0, K0, O1, K1[, O2, K2])
    idx = []
    for i in range(nd):
        pos = starts[i][..., None] + np.arange(k[i])  # (N, C, Oi, Ki)
        shape = [n, c] + [1] * (2 * nd)
        shape[2 + 2 * i], shape[3 + 2 * i] = out[i], k[i]
        idx.append(pos.reshape(shape))
    nn_, cc = np.arange(n).reshape([n, 1] + [1] * 2 * nd), np.arange(c).reshape([1, c] + [1] * 2 * nd)
    src = d.astype(np.float64) if d.dtype == np.float16 else d
    win = src[(nn_, cc) + tuple(idx)]
    perm = [0, 1] + [2 + 2 * i for i in range(nd)] + [3 + 2 * i for i in range(nd)]
    win = win.transpose(perm).reshape((n, c) + tuple(out) + (-1,))
    arg = win.argmax(-1)
    if win.dtype.kind == "f":
        nan = np.isnan(win)
        if nan.any():  # torch's scan: `val > maxVal || isnan(val)`, so the last NaN wins
            arg = np.where(nan.any(-1), win.shape[-1] - 1 - nan[..., ::-1].argmax(-1), arg)
    vals = np.take_along_axis(win, arg[..., None], -1)[..., 0].astype(d.dtype)
    flat = np.zeros(arg.shape, np.int64)
    rest = arg
    offs = []
    for i in range(nd - 1, -1, -1):
        rest, o = np.divmod(rest, k[i])
        offs.insert(0, o)
    for i in range(nd):
        s_i = starts[i].reshape([n, c] + [out[i] if j == i else 1 for j in range(nd)])
        flat = flat * size[i] + (s_i + offs[i])
    from ..tensor import Tensor
    ctx.save_for_backward(Tensor._wrap(flat), x)  # torch's backward reads self too
    vals = np.ascontiguousarray(vals)
    return (vals, flat) if batched else (vals[0], flat[0])


def _samples_for(shape, nd, seed=0):
    from ..creation import tensor
    n = shape[0] if len(shape) == nd + 2 else 1
    c = shape[-nd - 1]
    return tensor(np.random.default_rng(seed).uniform(0, 1, (n, c, nd)))


class FractionalMaxPool2DBackward0(Node):
    __slots__ = ("shape",)
    explain = "grad_self = grad added at the position of each pseudo-random window's maximum"
    n_diff_outputs = 1
    checks = (check(lambda x: fractional_max_pool2d(x, (2, 2), (3, 3), _samples_for((2, 2, 5, 6), 2))[0],
                    (2, 2, 5, 6)),
              check(lambda x: fractional_max_pool2d(x, (3, 2), (2, 4), _samples_for((3, 6, 5), 2, 1))[0], (3, 6, 5),
                    label="unbatched"))

    def forward(ctx, x, samples, k, out):
        return _fractional_forward(ctx, x, samples, k, out, (1, 0))

    def backward(ctx, grad, _grad_indices=None):
        indices, x = ctx.saved_tensors
        return recorded_as("FractionalMaxPool2DBackwardBackward0", _flat_scatter(grad, indices, ctx.shape, 2), x), None


class FractionalMaxPool3DBackward0(Node):
    __slots__ = ("shape",)
    explain = "grad_self = grad added at the position of each pseudo-random window's maximum"
    n_diff_outputs = 1
    checks = (check(lambda x: fractional_max_pool3d(x, (2, 2, 2), (2, 3, 2), _samples_for((1, 2, 4, 5, 4), 3))[0],
                    (1, 2, 4, 5, 4)),
              check(lambda x: fractional_max_pool3d(x, 2, 2, _samples_for((2, 4, 4, 4), 3, 1))[0], (2, 4, 4, 4),
                    label="unbatched"))

    def forward(ctx, x, samples, k, out):
        return _fractional_forward(ctx, x, samples, k, out, (0, 1, 2))

    def backward(ctx, grad, _grad_indices=None):
        indices, x = ctx.saved_tensors
        return recorded_as("FractionalMaxPool3DBackwardBackward0", _flat_scatter(grad, indices, ctx.shape, 3), x), None


def _tuple(v, n):
    return tuple(int(a) for a in v) if isinstance(v, (tuple, list)) else (int(v),) * n


_DIM_NAMES = {2: ("height", "width"), 3: ("time", "height", "width")}


def _check(input, k, out, nd, name):
    shape = tuple(input._data.shape)
    if len(shape) not in (nd + 1, nd + 2):
        raise RuntimeError(f"{name}: Expected {nd + 1}D or {nd + 2}D tensor, but got: {list(shape)}")
    for i in range(nd):
        if out[i] + k[i] - 1 > shape[-nd + i]:
            dim = _DIM_NAMES[nd][i]
            raise RuntimeError(f"{name}: pool {dim} {k[i]} too large relative to input {dim} {shape[-nd + i]}")


def fractional_max_pool2d(input, kernel_size, output_size, samples):
    """torch._C._nn.fractional_max_pool2d: (values, indices)."""
    k, out = _tuple(kernel_size, 2), _tuple(output_size, 2)
    _check(input, k, out, 2, "fractional_max_pool2d()")
    return FractionalMaxPool2DBackward0.apply(input, samples, k=k, out=out)


def fractional_max_pool3d(input, kernel_size, output_size, samples):
    """torch._C._nn.fractional_max_pool3d: (values, indices)."""
    k, out = _tuple(kernel_size, 3), _tuple(output_size, 3)
    _check(input, k, out, 3, "fractional_max_pool3d_out()")
    return FractionalMaxPool3DBackward0.apply(input, samples, k=k, out=out)
