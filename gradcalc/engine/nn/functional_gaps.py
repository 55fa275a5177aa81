"""The rest of torch.nn.functional's layers, with torch's Python-side argument handling:
3-d pooling, unpooling, fractional max pooling, transposed 1-d/3-d convolution, lp_pool3d,
the ``*_with_indices`` spellings, pdist, gumbel_softmax, affine_grid, grid_sample,
linear_cross_entropy, multi_head_attention_forward (functional_mha.py). The ops themselves are in
``ops/`` (pooling3d, unpool, fractional_pool, conv_transpose, pdist, grid, grid_sample)."""

import math
import warnings

from ..node import Node

from ..ops import fractional_pool as _frac, pooling as _pool, pooling3d as _p3, unpool as _unpool
from ..ops.conv_transpose import conv_transpose1d, conv_transpose3d  # noqa: F401
from ..ops.grid import affine_grid_generator as _affine_grid_generator
from ..ops.grid_sample import grid_sample  # noqa: F401
from ..ops.pdist import pdist  # noqa: F401
from .functional_mha import multi_head_attention_forward  # noqa: F401

__all__ = ["conv_transpose1d", "conv_transpose3d", "max_pool3d", "max_pool3d_with_indices", "avg_pool3d",
           "adaptive_avg_pool3d", "adaptive_max_pool3d", "adaptive_max_pool3d_with_indices",
           "adaptive_max_pool1d_with_indices", "adaptive_max_pool2d_with_indices", "lp_pool3d", "max_unpool1d",
           "max_unpool2d", "max_unpool3d", "fractional_max_pool2d", "fractional_max_pool2d_with_indices",
           "fractional_max_pool3d", "fractional_max_pool3d_with_indices", "pdist", "gumbel_softmax", "affine_grid",
           "grid_sample", "linear_cross_entropy", "multi_head_attention_forward"]


def _F():
    from . import functional
    return functional


def _single(v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,)


def _pair(v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v, v)


def _triple(v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v, v, v)


# -- 3-d pooling --------------------------------------------------------------------------------------

def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return _p3.max_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """Maximum over each (kd, kh, kw) window of (N, C, D, H, W) inputs."""
    return _p3.max_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """Mean over each (kd, kh, kw) window of (N, C, D, H, W) inputs."""
    return _p3.avg_pool3d(input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)


def adaptive_avg_pool3d(input, output_size):
    """Mean over windows chosen so that the output has ``output_size``."""
    return _p3.adaptive_avg_pool3d(input, output_size)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    """Maximum over windows chosen so that the output has ``output_size``."""
    return _p3.adaptive_max_pool3d(input, output_size, return_indices)


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=False):
    return _p3.adaptive_max_pool3d(input, output_size, True)


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    return _pool.adaptive_max_pool2d(input, output_size, True)


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    return _F().adaptive_max_pool1d(input, output_size, True)


def lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """(Σ over each window of x^p)^(1/p)."""
    from ..ops.unary import abs as _abs, sign as _sign
    F = _F()
    kd, kw, kh = _triple(kernel_size)
    if isinstance(norm_type, (int, float)):
        if norm_type == float("inf"):
            return max_pool3d(input.abs(), kernel_size, stride, 0, 1, ceil_mode)
        if norm_type == -float("inf"):
            return -max_pool3d(-input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    if stride is not None:
        out = avg_pool3d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = avg_pool3d(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (_sign(out) * F.relu(_abs(out))).mul(kd * kw * kh).pow(1.0 / norm_type)


# -- unpooling ----------------------------------------------------------------------------------------

def _unpool_output_size(input, kernel_size, stride, padding, output_size):
    input_size = input.size()
    default_size = []
    for d in range(len(kernel_size)):
        default_size.append((input_size[-len(kernel_size) + d] - 1) * stride[d] + kernel_size[d] - 2 * padding[d])
    if output_size is None:
        ret = default_size
    else:
        if len(output_size) == len(kernel_size) + 2:
            output_size = output_size[2:]
        if len(output_size) != len(kernel_size):
            raise ValueError(f"output_size should be a sequence containing {len(kernel_size)} or "
                             f"{len(kernel_size) + 2} elements, but it has a length of '{len(output_size)}'")
        for d in range(len(kernel_size)):
            min_size = default_size[d] - stride[d]
            max_size = default_size[d] + stride[d]
            if not (min_size < output_size[d] < max_size):
                raise ValueError(f'invalid output_size "{output_size}" (dim {d} must be between {min_size} and '
                                 f'{max_size})')
        ret = output_size
    for d in range(len(kernel_size)):
        if ret[d] < 0:
            raise ValueError(f"max_unpooling: output_size must contain non-negative spatial dimensions, but got "
                             f"output_size[{d}]={ret[d]}")
    return ret


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of max_pool1d: each value put back at its index, zeros elsewhere."""
    kernel_size = _single(kernel_size)
    _stride = _single(stride) if stride is not None else kernel_size
    padding = _single(padding)
    output_size = _unpool_output_size(input, kernel_size, _stride, padding, output_size)
    output_size = list(output_size) + [1] if isinstance(output_size, list) else tuple(output_size) + (1,)
    return _unpool.max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), output_size).squeeze(-1)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of max_pool2d: each value put back at its index, zeros elsewhere."""
    kernel_size = _pair(kernel_size)
    _stride = _pair(stride) if stride is not None else kernel_size
    padding = _pair(padding)
    output_size = _unpool_output_size(input, kernel_size, _stride, padding, output_size)
    return _unpool.max_unpool2d(input, indices, output_size)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of max_pool3d: each value put back at its index, zeros elsewhere."""
    kernel_size = _triple(kernel_size)
    _stride = _triple(stride) if stride is not None else kernel_size
    padding = _triple(padding)
    output_size = _unpool_output_size(input, kernel_size, _stride, padding, output_size)
    return _unpool.max_unpool3d(input, indices, output_size)


# -- fractional max pooling ---------------------------------------------------------------------------

def fractional_max_pool2d_with_indices(input, kernel_size, output_size=None, output_ratio=None,
                                       return_indices=False, _random_samples=None):
    from ..random_sampling import rand
    if output_size is None and output_ratio is None:
        raise ValueError("fractional_max_pool2d requires specifying either an output_size or an output_ratio")
    if output_size is None:
        if isinstance(output_ratio, (tuple, list)) and len(output_ratio) > 2:
            raise ValueError("fractional_max_pool2d requires output_ratio to either be a single Int or tuple of "
                             "Ints.")
        _output_ratio = _pair(output_ratio)
        output_size = [int(input.size(-2) * _output_ratio[0]), int(input.size(-1) * _output_ratio[1])]
    if _random_samples is None:
        n_batch = 1 if input.dim() == 3 else input.size(0)
        _random_samples = rand(n_batch, input.size(-3), 2, dtype=input.dtype)
    return _frac.fractional_max_pool2d(input, kernel_size, output_size, _random_samples)


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    """Max pooling over pseudo-random windows sized to give ``output_size`` (or ``output_ratio`` of the input)."""
    out = fractional_max_pool2d_with_indices(input, kernel_size, output_size, output_ratio, return_indices,
                                             _random_samples)
    return out if return_indices else out[0]


def fractional_max_pool3d_with_indices(input, kernel_size, output_size=None, output_ratio=None,
                                       return_indices=False, _random_samples=None):
    from ..random_sampling import rand
    if output_size is None and output_ratio is None:
        raise ValueError("fractional_max_pool3d requires specifying either an output_size or an output_ratio")
    if output_size is None:
        _output_ratio = _triple(output_ratio)
        output_size = [int(input.size(-3) * _output_ratio[0]), int(input.size(-2) * _output_ratio[1]),
                       int(input.size(-1) * _output_ratio[2])]
    if _random_samples is None:
        n_batch = 1 if input.dim() == 4 else input.size(0)
        _random_samples = rand(n_batch, input.size(-4), 3, dtype=input.dtype)
    return _frac.fractional_max_pool3d(input, kernel_size, output_size, _random_samples)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    """Max pooling over pseudo-random 3-d windows sized to give ``output_size`` (or ``output_ratio``)."""
    out = fractional_max_pool3d_with_indices(input, kernel_size, output_size, output_ratio, return_indices,
                                             _random_samples)
    return out if return_indices else out[0]


# -- sampling and distances ---------------------------------------------------------------------------

def gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1):
    """softmax((logits + Gumbel noise) / tau), the noise drawn as torch draws it (exponential_, then -log)."""
    from ..creation import empty_like, zeros_like
    if eps != 1e-10:
        warnings.warn("`eps` parameter is deprecated and has no effect.", stacklevel=2)
    gumbels = -empty_like(logits).exponential_().log()
    gumbels = (logits + gumbels) / tau
    y_soft = gumbels.softmax(dim)
    if hard:
        index = y_soft.max(dim, keepdim=True)[1]
        y_hard = zeros_like(logits).scatter_(dim, index, 1.0)
        return y_hard - y_soft.detach() + y_soft
    return y_soft


def affine_grid(theta, size, align_corners=None):
    """The (N, H, W, 2) (or (N, D, H, W, 3)) sampling grid of the affine maps ``theta``."""
    if align_corners is None:
        warnings.warn("Default grid_sample and affine_grid behavior has changed to align_corners=False since 1.3.0. "
                      "Please specify align_corners=True if the old behavior is desired. See the documentation of "
                      "grid_sample for details.", stacklevel=2)
        align_corners = False
    if not theta.is_floating_point():
        raise ValueError(f"Expected theta to have floating point type, but got {theta.dtype}")
    if len(size) == 4:
        if theta.dim() != 3 or theta.shape[-2] != 2 or theta.shape[-1] != 3:
            raise ValueError(f"Expected a batch of 2D affine matrices of shape Nx2x3 for size {size}. "
                             f"Got {theta.shape}.")
        spatial_size = size[-2:]
    elif len(size) == 5:
        if theta.dim() != 3 or theta.shape[-2] != 3 or theta.shape[-1] != 4:
            raise ValueError(f"Expected a batch of 3D affine matrices of shape Nx3x4 for size {size}. "
                             f"Got {theta.shape}.")
        spatial_size = size[-3:]
    else:
        raise NotImplementedError(f"affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, "
                                  f"respectively. Got size {size}.")
    if align_corners and min(spatial_size) == 1:
        warnings.warn("Since version 1.3.0, affine_grid behavior has changed for unit-size grids when "
                      "align_corners=True. This is not an intended use case of affine_grid. See the documentation "
                      "of affine_grid for details.", stacklevel=2)
    elif min(size) <= 0:
        raise ValueError(f"Expected non-zero, positive output size. Got {size}")
    return _affine_grid_generator(theta, list(size), align_corners)


# -- losses -------------------------------------------------------------------------------------------

class _Chunked(Node):
    """The node torch's chunked linear_cross_entropy op hangs its result from (the loss itself is
    computed here by the reference composition, whose graph is below this node)."""

    __slots__ = ()
    explain = "grad_self = grad (the chunked linear_cross_entropy's result; its loss is composed below)"

    def forward(ctx, a):
        return a._data

    def backward(ctx, grad):
        return grad


class _ChunkedNoReduction(_Chunked):
    __slots__ = ()


_Chunked.__name__ = _Chunked.__qualname__ = (
    "GeneratedBackwardFor_torch_nn__linear_cross_entropy_batch_chunked_defaultBackward")
_ChunkedNoReduction.__name__ = _ChunkedNoReduction.__qualname__ = (
    "GeneratedBackwardFor_torch_nn__linear_cross_entropy_batch_chunked_no_reduction_defaultBackward")


def linear_cross_entropy(input, linear_weight, target, *, linear_bias=None, weight=None, reduction="mean",
                         ignore_index=None, label_smoothing=0.0, options=None):
    """cross_entropy(linear(input, linear_weight, linear_bias), target): torch's reference path (the
    chunked path that ``options`` selects computes the same loss with less memory)."""
    F = _F()
    if input.dim() < 1 or input.dim() > 2:
        raise RuntimeError(f"expected input with dimensionality 1 or 2, got {input.dim()}")
    if linear_weight.dim() < 2:
        raise RuntimeError(f"expected linear_weight with dimensionality at least 2, got {linear_weight.dim()}")
    num_batches = tuple(input.shape[:-1])
    in_features = input.shape[-1]
    if in_features != linear_weight.shape[-1]:
        raise RuntimeError(f"expected equal input and linear_weight last dimensions (in_features), got "
                           f"{input.shape[-1]} and {linear_weight.shape[-1]}, respectively")
    num_classes = linear_weight.shape[0]
    out_features = tuple(linear_weight.shape[1:-1])
    if linear_bias is not None and tuple(linear_bias.shape) != (num_classes, *out_features):
        raise RuntimeError(f"expected linear_bias shape {(num_classes, *out_features)}, got "
                           f"{tuple(linear_bias.shape)}")
    if len(out_features) > 0 and len(num_batches) == 0:
        raise RuntimeError(f"K-dimensional loss defined by linear_weight shape {tuple(linear_weight.shape)} requires "
                           f"batched input, (N, {in_features}), got unbatched input with shape {tuple(input.shape)}")
    logits_shape = (*num_batches, num_classes, *out_features)
    if tuple(target.shape) == logits_shape and ignore_index is not None:
        raise RuntimeError("ignore_index cannot be specified when target contains probabilities")
    ignore_index = ignore_index if ignore_index is not None else -100
    if options is not None:
        from .. import dtypes
        chunked = (not out_features and reduction in {"mean", "sum", "none"} and label_smoothing == 0.0
                   and target.dtype == dtypes.int64)
        if not chunked:
            warnings.warn("linear_cross_entropy: ``options`` ignored; chunked path needs reduction in "
                          "{'mean','sum','none'}, label_smoothing == 0, target.dtype == int64, out_features == (). "
                          f"Got reduction={reduction!r}, label_smoothing={label_smoothing}, "
                          f"target.dtype={target.dtype}, out_features={tuple(out_features)}, tracing=False, "
                          f"linear_bias.shape={tuple(linear_bias.shape) if linear_bias is not None else None}.",
                          stacklevel=2)
        else:
            # torch's chunked op computes the same loss with less memory; its result hangs from its own node
            batched = input.dim() == 2
            x, t = (input, target) if batched else (input.unsqueeze(0), target.unsqueeze(0))
            logits = F.linear(x, linear_weight, linear_bias)
            loss = F.cross_entropy(logits, t, weight=weight, reduction=reduction, ignore_index=ignore_index)
            node = _ChunkedNoReduction if reduction == "none" else _Chunked
            loss = node.apply(loss)
            return loss if batched else loss.squeeze(0)
    if out_features:
        linear_weight = linear_weight.reshape((math.prod(out_features, start=num_classes), in_features))
        if linear_bias is not None:
            linear_bias = linear_bias.reshape(math.prod(out_features, start=num_classes))
    logits = F.linear(input, linear_weight, linear_bias).reshape(logits_shape)
    return F.cross_entropy(logits, target, weight=weight, reduction=reduction, ignore_index=ignore_index,
                           label_smoothing=label_smoothing)

