"""conv_transpose1d / conv_transpose3d and torch.convolution, named as torch records them
(ConvolutionBackward0).

Composed, as conv3d is: a transposed 1-d convolution is the 2-d one over an added
height of 1; a transposed 3-d convolution is one transposed 2-d convolution of the
depth planes with the kernel's depth folded into the output channels, whose planes are
then added at their output depths (each kernel depth offset spread by the stride with a
zero-padded view). Their result hangs from a node named ConvolutionBackward0, so the
graph reads as torch's and gradients of every order are those of the composition.
"""

from ..tensor import Tensor
from .conv import _Conv3dOutput, _check_conv, _tuple, constant_pad_nd, conv1d, conv2d, conv3d, conv_transpose2d


def _check_transposed(input, weight, bias, nd, name, s, op, dil):
    xs, ws = tuple(input._data.shape), tuple(weight._data.shape)
    if len(xs) != nd + 2:
        raise RuntimeError(f"Expected {nd + 1}D (unbatched) or {nd + 2}D (batched) input to {name}, but got input of "
                           f"size: {list(xs)}")
    if len(ws) != nd + 2:
        raise RuntimeError(f"Expected {nd + 2}-dimensional weight for {nd + 2}-dimensional input {list(xs)}, but got "
                           f"{len(ws)}-dimensional weight of size {list(ws)} instead")
    if xs[1] != ws[0]:
        raise RuntimeError(f"Given transposed=1, weight of size {list(ws)}, expected input{list(xs)} to have "
                           f"{ws[0]} channels, but got {xs[1]} channels instead")
    if nd == 1:
        s, op, dil = (1,) + s, (0,) + op, (1,) + dil
    for i in range(len(s)):
        if op[i] >= s[i] and op[i] >= dil[i]:
            if len(s) == 2:
                raise RuntimeError("output padding must be smaller than either stride or dilation, but got "
                                   f"output_padding_height: {op[0]} output_padding_width: {op[1]} stride_height: "
                                   f"{s[0]} stride_width: {s[1]} dilation_height: {dil[0]} dilation_width: {dil[1]}")
            raise RuntimeError("output padding must be smaller than either stride or dilation, but got "
                               f"output_padding_depth: {op[0]} output_padding_height: {op[1]} output_padding_width: "
                               f"{op[2]} stride_depth: {s[0]} stride_height: {s[1]} stride_width: {s[2]} "
                               f"dilation_depth: {dil[0]} dilation_height: {dil[1]} dilation_width: {dil[2]}")


def _unbatch(input, nd):
    if input.dim() == nd + 1:
        return input.unsqueeze(0), True
    return input, False


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """Transposed 1-d convolution of (N, C_in, L) with (C_in, C_out/groups, k) ``weight``."""
    s, p, op, dil = _tuple(stride, 1), _tuple(padding, 1), _tuple(output_padding, 1), _tuple(dilation, 1)
    x, unbatched = _unbatch(input, 1)
    _check_transposed(x, weight, bias, 1, "conv_transpose1d", s, op, dil)
    out = conv_transpose2d(x.unsqueeze(2), weight.unsqueeze(2), bias, (1,) + s, (0,) + p, (0,) + op, groups,
                           (1,) + dil).squeeze(2)
    out = _Conv3dOutput.apply(out)
    return out.squeeze(0) if unbatched else out


def _spread(t, dim, stride, length, front):
    """``t`` along ``dim`` placed at ``front, front + stride, ...`` of a zero axis of ``length``."""
    n = t._data.shape[dim]
    if stride > 1:  # interleave stride - 1 zeros after each plane: pad an added axis, merge it back
        t = t.unsqueeze(dim + 1)
        pads = [0, 0] * (t.dim() - dim - 2) + [0, stride - 1]
        t = constant_pad_nd(t, tuple(pads))
        shape = list(t._data.shape)
        t = t.reshape(shape[:dim] + [n * stride] + shape[dim + 2:])
    span = t._data.shape[dim]
    pads = [0, 0] * (t.dim() - dim - 1) + [front, length - front - span]
    return constant_pad_nd(t, tuple(pads))


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """Transposed 3-d convolution of (N, C_in, D, H, W) with (C_in, C_out/groups, kd, kh, kw) ``weight``."""
    s, p, op, dil = _tuple(stride, 3), _tuple(padding, 3), _tuple(output_padding, 3), _tuple(dilation, 3)
    x, unbatched = _unbatch(input, 3)
    _check_transposed(x, weight, bias, 3, "conv_transpose3d", s, op, dil)
    n, cin, d, h, w = x._data.shape
    _, cog, kd, kh, kw = weight._data.shape
    # the kernel's depth offsets as extra output channels, group by group: (C_in, kd*C_out/g, kh, kw)
    w2 = weight.permute(0, 2, 1, 3, 4).reshape(cin, kd * cog, kh, kw)
    planes = x.permute(0, 2, 1, 3, 4).reshape(n * d, cin, h, w)
    y = conv_transpose2d(planes, w2, None, s[1:], p[1:], op[1:], groups, dil[1:])  # (N*D, g*kd*cog, OH, OW)
    oh, ow = y._data.shape[2:]
    y = y.reshape(n, d, groups, kd, cog, oh, ow)
    full = (d - 1) * s[0] + dil[0] * (kd - 1) + 1
    total = None
    for j in range(kd):
        part = _spread(y[:, :, :, j], 1, s[0], full, j * dil[0])  # (N, full, g, cog, OH, OW)
        total = part if total is None else total + part
    out_d = full - 2 * p[0] + op[0]
    out = total.permute(0, 2, 3, 1, 4, 5).reshape(n, groups * cog, full, oh, ow)
    out = constant_pad_nd(out, (0, 0, 0, 0, -p[0], out_d - full + p[0]))
    if bias is not None:
        out = out + bias.reshape(1, -1, 1, 1, 1)
    out = _Conv3dOutput.apply(out)
    return out.squeeze(0) if unbatched else out


def convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    """torch.convolution: the convolution of ``weight.dim() - 2`` spatial dims, transposed or not."""
    if not isinstance(input, Tensor) or not isinstance(weight, Tensor):
        name = "input" if not isinstance(input, Tensor) else "weight"
        raise TypeError(f"convolution(): argument '{name}' (position {1 if name == 'input' else 2}) must be Tensor, "
                        f"not {type(input if name == 'input' else weight).__name__}")
    nd = weight.dim() - 2
    if transposed:
        fn = {1: conv_transpose1d, 2: conv_transpose2d, 3: conv_transpose3d}.get(nd)
        if fn is None:
            raise RuntimeError(f"Expected 3D, 4D or 5D weight for transposed convolution, got {weight.dim()}D")
        return fn(input, weight, bias, stride, padding, output_padding, groups, dilation)
    fn = {1: conv1d, 2: conv2d, 3: conv3d}.get(nd)
    if fn is None:
        raise RuntimeError(f"Expected 3D, 4D or 5D weight for convolution, got {weight.dim()}D")
    return fn(input, weight, bias, stride, padding, dilation, groups)


del _check_conv
