"""max_unpool2d / max_unpool3d as torch records them (MaxUnpool2DBackward0,
MaxUnpool3DBackward0): each input value written at the flat position its index names
within its (N, C) plane of a zero output; max_unpool1d is max_unpool2d over an added
last dim, as torch's. One numpy put per call; the backward gathers the gradient at the
same positions (engine ops, so it is differentiable again)."""

import numpy as np

from ..node import Node
from .checks import check


def _unpool_forward(x, indices, out_size, nd):
    d, idx = x._data, indices._data
    batched = d.ndim == nd + 2
    if not batched:
        d, idx = d[None], idx[None]
    n, c = d.shape[:2]
    plane = int(np.prod(out_size))
    flat_idx = idx.reshape(n, c, -1)
    bad = (flat_idx < 0) | (flat_idx >= plane)
    if bad.any():
        size = "x".join(str(v) for v in out_size)
        raise RuntimeError(f"Found an invalid max index: {int(flat_idx[bad][0])} (output volumes are of size {size})")
    out = np.zeros((n, c, plane), d.dtype)
    np.put_along_axis(out, flat_idx, d.reshape(n, c, -1), axis=2)
    out = out.reshape((n, c) + tuple(out_size))
    return out if batched else out[0]


def _unpool_backward(grad, indices, nd):
    batched = indices.dim() == nd + 2
    g, idx = (grad, indices) if batched else (grad.unsqueeze(0), indices.unsqueeze(0))
    n, c = idx._data.shape[:2]
    out = g.reshape(n, c, -1).gather(2, idx.reshape(n, c, -1)).view(idx._data.shape)
    return out if batched else out.squeeze(0)


def _pool_pair(shape, nd, seed=0):
    """(values, indices) as a max pool with kernel 2 over a spatial size of ``shape`` returns them."""
    from ..creation import tensor
    rng = np.random.default_rng(seed)
    n, c = shape[:2]
    sp = shape[2:]
    out_sp = tuple(s // 2 for s in sp)
    k = 2 ** nd
    pick = rng.integers(0, k, (n, c) + out_sp)
    pos = np.zeros_like(pick)
    stride = 1
    for i in range(nd - 1, -1, -1):
        along = (pick >> (nd - 1 - i)) & 1
        grid = np.arange(out_sp[i]).reshape((-1,) + (1,) * (nd - 1 - i)) * 2 + along
        pos = pos + grid * stride
        stride *= sp[i]
    return tensor(pos.astype(np.int64))


class MaxUnpool2DBackward0(Node):
    __slots__ = ()
    explain = "grad_self = grad read at each value's index (gather)"
    checks = (check(lambda x: max_unpool2d(x, _pool_pair((2, 2, 4, 6), 2), (4, 6)), (2, 2, 2, 3)),
              check(lambda x: max_unpool2d(x, _pool_pair((1, 3, 4, 4), 2, 1)[0], (4, 4)), (3, 2, 2),
                    label="unbatched"))

    def forward(ctx, x, indices, out_size):
        ctx.save_for_backward(indices)
        return _unpool_forward(x, indices, out_size, 2)

    def backward(ctx, grad):
        (indices,) = ctx.saved_tensors
        return _unpool_backward(grad, indices, 2), None


class MaxUnpool3DBackward0(Node):
    __slots__ = ()
    explain = "grad_self = grad read at each value's index (gather)"
    checks = (check(lambda x: max_unpool3d(x, _pool_pair((1, 2, 4, 4, 2), 3), (4, 4, 2)), (1, 2, 2, 2, 1)),
              check(lambda x: max_unpool3d(x, _pool_pair((1, 2, 2, 4, 4), 3, 1)[0], (2, 4, 4)), (2, 1, 2, 2),
                    label="unbatched"))

    def forward(ctx, x, indices, out_size):
        ctx.save_for_backward(indices)
        return _unpool_forward(x, indices, out_size, 3)

    def backward(ctx, grad):
        (indices,) = ctx.saved_tensors
        return _unpool_backward(grad, indices, 3), None


def _check_indices(x, indices, dims_ok, name, msg_dtype):
    if indices._data.dtype != np.int64:
        raise RuntimeError(msg_dtype)
    if tuple(x._data.shape) != tuple(indices._data.shape):
        raise RuntimeError(f"Expected shape of indices to be same as that of the input tensor ({list(x.shape)}) but "
                           f"got indices tensor with shape: {list(indices.shape)}")
    if x.dim() not in dims_ok:
        raise RuntimeError(f"Input to {name} should be a {dims_ok[0]}d or {dims_ok[1]}d Tensor, but got a tensor with "
                           f"{x.dim()} dimensions.")


def max_unpool2d(input, indices, output_size):
    """torch._C._nn.max_unpool2d: ``output_size`` is (H, W)."""
    from ..dtypes import from_numpy_dtype
    if len(output_size) != 2:
        raise RuntimeError(f"There should be exactly two elements (height, width) in output_size, but got "
                           f"{len(output_size)} elements.")
    _check_indices(input, indices, (3, 4), "max_unpooling2d", "elements in indices should be type int64 but got: "
                   + _scalar_name(from_numpy_dtype(indices._data.dtype)))
    return MaxUnpool2DBackward0.apply(input, indices, out_size=tuple(int(v) for v in output_size))


def max_unpool3d(input, indices, output_size):
    """torch._C._nn.max_unpool3d: ``output_size`` is (D, H, W)."""
    if len(output_size) != 3:
        raise RuntimeError(f"There should be exactly three elements (depth, height, width) in output_size, but got: "
                           f"{len(output_size)} elements.")
    _check_indices(input, indices, (4, 5), "max_unpooling3d", "elements in indices should be type int64")
    return MaxUnpool3DBackward0.apply(input, indices, out_size=tuple(int(v) for v in output_size))


def _scalar_name(dtype):
    from ..dtypes import SCALAR_NAMES
    return SCALAR_NAMES[dtype.name]
