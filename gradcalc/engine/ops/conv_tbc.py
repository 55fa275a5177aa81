"""torch.conv_tbc: fairseq's 1-d convolution on time-batch-channel tensors (ConvTbcBackward0).

``input`` (T, B, C_in), ``weight`` (K, C_in, C_out), ``bias`` (C_out), ``pad`` zeros at both
ends of time; the output is (T + 2·pad − K + 1, B, C_out). torch's kernel (ConvolutionTBC.cpp)
starts from the bias and adds one matrix product per kernel tap, each over the time steps that
tap reaches; the forward here runs the same loop on arrays. Its backward
(``conv_tbc_backward``) is written in tensor ops, zeros then in-place ``addmm_`` on narrowed
views, so under ``create_graph=True`` the gradients come out as torch's do (CopySlices) and
differentiate again.
"""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check

_NAMES = {"float64": "Double", "float32": "Float", "float16": "Half", "int64": "Long", "int32": "Int",
          "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}


def _taps(ilen, olen, k_size, pad):
    """(k, input start, output start, steps) of every kernel tap that reaches some time step."""
    for k in range(k_size):
        i_shift, o_shift = max(0, k - pad), max(0, pad - k)
        t = min(ilen + pad - k, olen) - o_shift
        if t > 0:
            yield k, i_shift, o_shift, t


class ConvTbcBackward0(Node):
    __slots__ = ("pad", "bias_dtype")
    explain = ("output[t] = bias + Σ_k input[t + k − pad] @ weight[k];  grad_input[t + k − pad] += grad[t] @ "
               "weight[k]ᵀ;  grad_weight[k] = Σ_t input[t + k − pad]ᵀ @ grad[t];  grad_bias = Σ_{t,b} grad")
    checks = (check(lambda x, w, b: conv_tbc(x, w, b, 1), (5, 2, 3), (2, 3, 4), (4,)),
              check(lambda x, w, b: conv_tbc(x, w, b), (4, 1, 2), (3, 2, 2), (2,), label="no padding"))

    def forward(ctx, x, w, b, pad):
        ctx.pad, ctx.bias_dtype = pad, b._data.dtype
        ctx.save_for_backward(x, w)
        xd, wd = x._data, w._data
        ilen, batch, _ = xd.shape
        k_size, _, cout = wd.shape
        olen = ilen + 2 * pad - k_size + 1
        out = np.empty((max(olen, 0), batch, cout), dtype=xd.dtype)
        out[...] = b._data.astype(xd.dtype, copy=False)
        for k, i0, o0, t in _taps(ilen, olen, k_size, pad):
            out[o0:o0 + t] += xd[i0:i0 + t] @ wd[k]
        return out

    def backward(ctx, grad):
        x, w = ctx.saved_tensors
        x = x.contiguous()
        pad = ctx.pad
        ilen, batch, cin = x.shape
        k_size, _, cout = w.shape
        grad = grad.contiguous()
        olen = grad.shape[0]
        g_x = g_w = g_b = None
        if ctx.should_compute(0):
            g_x = x.new_zeros(x.shape)
            for k, i0, o0, t in _taps(ilen, olen, k_size, pad):
                g_x.narrow(0, i0, t).view(t * batch, cin).addmm_(grad.narrow(0, o0, t).view(t * batch, cout),
                                                                 w[k].t())
        if ctx.should_compute(1):
            g_w = w.new_zeros(w.shape)
            for k, i0, o0, t in _taps(ilen, olen, k_size, pad):
                g_w[k].addmm_(x.narrow(0, i0, t).view(t * batch, cin).t(),
                              grad.narrow(0, o0, t).view(t * batch, cout))
        if ctx.should_compute(2):
            g_b = Tensor._wrap(np.zeros(cout, ctx.bias_dtype)).copy_(grad.sum(0).sum(0))  # torch's zeros_like, copy_
        return g_x, g_w, g_b


def conv_tbc(input, weight, bias, pad=0):
    """1-d convolution over time of a (time, batch, channels) ``input``, as fairseq's ConvTBC."""
    if input.dim() != 3:
        raise RuntimeError("Input must have 3 dims: time, batch, in_channel")
    if weight.dim() != 3:
        raise RuntimeError("Weight tensor must have 3 dims: kernel_width, in_channels, out_channels.")
    if input.shape[2] != weight.shape[1]:
        raise RuntimeError("Input dim 2 (input channels) is not == dim 1 in the weight tensor")
    if bias.dim() != 1 or bias.shape[0] != weight.shape[2]:
        raise RuntimeError("Bias size must equal dim 2 in the weight tensor (output channels).")
    if input.dtype is not weight.dtype:
        raise RuntimeError(f"self and mat2 must have the same dtype, but got {_NAMES.get(input._data.dtype.name)} "
                           f"and {_NAMES.get(weight._data.dtype.name)}")
    return ConvTbcBackward0.apply(input, weight, bias, pad=int(pad))
