"""torch.nn.functional for the layers: convolution, pooling, normalization, dropout,
embedding, padding, fold/unfold and distances, with torch's argument handling (the
1-d variants go through the 2-d ops as torch's do, so their graphs match)."""

import math

from ..ops import conv as _conv, embedding as _emb, normalization as _norm, pooling as _pool
from ..ops.upsample import interpolate  # noqa: F401
from ..ops.conv_tbc import conv_tbc  # noqa: F401
from ..tensor import Tensor

__all__ = ["conv1d", "conv2d", "conv3d", "conv_transpose2d", "max_pool1d", "max_pool2d", "avg_pool1d", "avg_pool2d", "adaptive_avg_pool1d",
           "adaptive_avg_pool2d", "adaptive_max_pool1d", "adaptive_max_pool2d", "max_pool1d_with_indices",
           "max_pool2d_with_indices", "batch_norm", "layer_norm", "group_norm", "dropout", "dropout1d", "dropout2d",
           "alpha_dropout", "embedding", "one_hot", "pad", "unfold", "fold", "cosine_similarity", "pairwise_distance",
           "interpolate", "upsample", "embedding_bag", "conv_tbc"]

conv1d = _conv.conv1d
conv2d = _conv.conv2d
conv3d = _conv.conv3d
conv_transpose2d = _conv.conv_transpose2d


def _single(v):
    return v[0] if isinstance(v, (tuple, list)) else v


def _stride(stride, kernel_size):
    return kernel_size if stride is None or (isinstance(stride, (tuple, list)) and len(stride) == 0) else stride


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """Maximum over each kernel window (with the flat input positions when ``return_indices``)."""
    return _pool.max_pool2d(input, kernel_size, _stride(stride, kernel_size), padding, dilation, ceil_mode,
                            return_indices)


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=True):
    return max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """max_pool2d over a (N, C, L) input seen as (N, C, 1, L)."""
    if input.dim() not in (2, 3):
        raise RuntimeError(f"max_pool1d() Expected 2D or 3D input tensor, but got {list(input.shape)}")
    k, s = _single(kernel_size), _single(_stride(stride, kernel_size))
    out = _pool.max_pool2d(input.unsqueeze(-2), (1, k), (1, s), (0, _single(padding)), (1, _single(dilation)),
                           ceil_mode, return_indices)
    if return_indices:
        return out[0].squeeze(-2), out[1].squeeze(-2)
    return out.squeeze(-2)


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=True):
    return max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """Mean over each kernel window."""
    return _pool.avg_pool2d(input, kernel_size, _stride(stride, kernel_size), padding, ceil_mode, count_include_pad,
                            divisor_override)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    """avg_pool2d over a (N, C, L) input seen as (N, C, 1, L)."""
    k, s = _single(kernel_size), _single(_stride(stride, kernel_size))
    return _pool.avg_pool2d(input.unsqueeze(-2), (1, k), (1, s), (0, _single(padding)), ceil_mode,
                            count_include_pad, None).squeeze(-2)


def adaptive_avg_pool2d(input, output_size):
    """Mean over windows chosen so that the output has ``output_size``."""
    return _pool.adaptive_avg_pool2d(input, output_size)


def adaptive_avg_pool1d(input, output_size):
    return _pool.adaptive_avg_pool2d(input.unsqueeze(-2), (1, _single(output_size))).squeeze(-2)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    """Maximum over windows chosen so that the output has ``output_size``."""
    return _pool.adaptive_max_pool2d(input, output_size, return_indices)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    out = _pool.adaptive_max_pool2d(input.unsqueeze(-2), (1, _single(output_size)), return_indices)
    if return_indices:
        return out[0].squeeze(-2), out[1].squeeze(-2)
    return out.squeeze(-2)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-5):
    """Normalize each channel over the batch (batch statistics in training, running ones otherwise)."""
    return _norm.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    """Normalize over the last dims given by ``normalized_shape``."""
    return _norm.layer_norm(input, normalized_shape, weight, bias, eps)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    """Normalize over groups of channels."""
    return _norm.group_norm(input, num_groups, weight, bias, eps)


def _bernoulli_like(shape_of, prob, dtype):
    """``torch.empty(shape, dtype).bernoulli_(prob)``: the draws torch's dropout makes."""
    from ..creation import empty, full
    t = empty(tuple(shape_of), dtype=dtype)
    if hasattr(t, "bernoulli_"):
        return t.bernoulli_(prob)
    from ..random import bernoulli
    return bernoulli(full(tuple(shape_of), prob, dtype=dtype))


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def _dropout(input, p, training, inplace, noise_shape):
    _check_p(p)
    if p == 0 or not training or input.numel() == 0:
        return input
    from ..creation import zeros
    if p == 1:
        noise = zeros((), dtype=input.dtype)
    else:
        noise = _bernoulli_like(noise_shape, 1 - p, input.dtype)
        noise.div_(1 - p)
    if inplace:
        return input.mul_(noise)
    return input * noise


def dropout(input, p=0.5, training=True, inplace=False):
    """Zero each element with probability ``p`` (training only) and scale the rest by 1/(1-p)."""
    return _dropout(input, p, training, inplace, input.shape)


def _feature_dropout(input, p, training, inplace, batched_dim):
    shape = tuple(input.shape)
    if len(shape) == batched_dim:
        noise_shape = shape[:2] + (1,) * (len(shape) - 2)
    else:
        noise_shape = shape[:1] + (1,) * (len(shape) - 1)
    return _dropout(input, p, training, inplace, noise_shape)


def dropout1d(input, p=0.5, training=True, inplace=False):
    """Zero whole channels of (N, C, L) inputs."""
    if input.dim() not in (2, 3):
        raise RuntimeError(f"dropout1d: Expected 2D or 3D input, but received a {input.dim()}D input. Note that "
                           f"dropout1d exists to provide channel-wise dropout on inputs with 1 spatial dimension, a "
                           f"channel dimension, and an optional batch dimension (i.e. 2D or 3D inputs).")
    if input.dim() == 2 and not inplace:  # torch drops a batch of one and squeezes it away (SqueezeBackward1)
        return _feature_dropout(input.unsqueeze(0), p, training, False, 3).squeeze(0)
    return _feature_dropout(input, p, training, inplace, 3)


def dropout2d(input, p=0.5, training=True, inplace=False):
    """Zero whole channels of (N, C, H, W) inputs."""
    _check_p(p)
    if input.dim() not in (3, 4):
        import warnings
        warnings.warn(f"dropout2d: Received a {input.dim()}-D input to dropout2d, which is deprecated and will "
                      f"result in an error in a future release. To retain the behavior and silence this warning, "
                      f"please use dropout instead. Note that dropout2d exists to provide channel-wise dropout on "
                      f"inputs with 2 spatial dimensions, a channel dimension, and an optional batch dimension "
                      f"(i.e. 3D or 4D inputs).", stacklevel=2)
    if input.dim() == 3:
        import warnings
        warnings.warn("dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout "
                      "behavior is desired - input is interpreted as shape (N, C, L), where C is the channel dim. "
                      "This behavior will change in a future release to interpret the input as one without a "
                      "batch dimension, i.e. shape (C, H, W). To maintain the 1D channel-wise dropout behavior, "
                      "please switch to using dropout1d instead.", stacklevel=2)
    return _feature_dropout(input, p, training, inplace, input.dim() if input.dim() >= 3 else 4)


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    """Dropout that keeps SELU's self-normalising mean and variance."""
    _check_p(p)
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        return input * 0
    alpha = 1.7580993408473766
    a = 1.0 / math.sqrt((alpha * alpha * p + 1) * (1 - p))
    keep = _bernoulli_like(input.shape, 1 - p, input.dtype)
    b = (keep - 1) * (alpha * a) + alpha * a * p
    return input * (keep * a) + b


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False,
              sparse=False):
    """Rows of ``weight`` picked by the integer tensor ``input``."""
    return _emb.embedding(input, weight, padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse)


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode="mean",
                  sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None):
    """Sums, means or maxima of bags of rows of ``weight``."""
    if mode == "max" and scale_grad_by_freq:
        raise ValueError("max mode does not support scaling the gradient by the frequency")
    if mode == "max" and sparse:
        raise ValueError("max mode does not support sparse weights")
    return _emb.embedding_bag(input, weight, offsets, max_norm, norm_type, scale_grad_by_freq, mode, sparse,
                              per_sample_weights, include_last_offset, padding_idx)


def one_hot(tensor, num_classes=-1):
    """(*, num_classes) int64 tensor with a 1 at each index."""
    import numpy as np
    d = tensor._data
    if d.dtype != np.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    if num_classes == -1:
        if d.size == 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        num_classes = int(d.max()) + 1
    if d.size and d.min() < 0:
        raise RuntimeError("Class values must be non-negative.")
    if d.size and d.max() >= num_classes:
        raise RuntimeError("Class values must be smaller than num_classes.")
    return Tensor._wrap((d[..., None] == np.arange(num_classes)).astype(np.int64))


def pad(input, pad, mode="constant", value=None):
    """Pad the last dims: ``pad`` is (left, right, top, bottom, ...), from the last dim backwards."""
    # torch's at::pad checks the length for every mode before dispatching to the mode's kernel
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) > 2 * input.dim():
        raise RuntimeError(f"Padding length should be less than or equal to two times the input dimension but got "
                           f"padding length {len(pad)} and input of dimension {input.dim()}")
    if mode == "constant":
        return _conv.constant_pad_nd(input, pad, 0.0 if value is None else value)
    if mode not in ("reflect", "replicate", "circular"):
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    if value is not None and value != 0:
        raise RuntimeError(f'Padding mode "{mode}" doesn\'t take in value argument')
    from ..ops.padding import pad_nd
    return pad_nd(input, pad, mode)


def _pair(v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v, v)


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """Sliding local blocks of a (N, C, H, W) input as columns: (N, C*kh*kw, L)."""
    if input.dim() not in (3, 4):
        raise NotImplementedError(f"Input Error: Only 3D or 4D input Tensors are supported (got {input.dim()}D)")
    return _conv.unfold(input, _pair(kernel_size), _pair(dilation), _pair(padding), _pair(stride))


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """Sum columns (N, C*kh*kw, L) back into a (N, C, H, W) tensor: the adjoint of unfold."""
    if input.dim() not in (2, 3):
        raise NotImplementedError(f"Input Error: Only unbatched (2D) or batched (3D) input Tensors are supported "
                                  f"(got {input.dim()}D)")
    return _conv.fold(input, _pair(output_size), _pair(kernel_size), _pair(dilation), _pair(padding), _pair(stride))


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    """x1·x2 / (max(‖x1‖, eps)·max(‖x2‖, eps)) along ``dim``, as ATen computes it: each input is
    divided by its norm first (the result stays within [-1, 1]), then the products are summed."""
    from ..grad_mode import no_grad
    from ..linalg import vector_norm
    from ..ops.aliases import broadcast_tensors

    if not x1.is_floating_point():
        x1 = x1.to(x2.dtype)
    if not x2.is_floating_point():
        x2 = x2.to(x1.dtype)
    x1, x2 = broadcast_tensors(x1, x2)
    n1 = vector_norm(x1, 2, dim=dim, keepdim=True).clone()
    n2 = vector_norm(x2, 2, dim=dim, keepdim=True).clone()
    with no_grad():
        n1.clamp_min_(eps)
        n2.clamp_min_(eps)
    return ((x1 / n1) * (x2 / n2)).sum(dim)


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    """‖x1 − x2 + eps‖_p along the last dim of the broadcast inputs (ATen's norm: NormBackward1)."""
    from ..ops.norm_aten import norm_dim
    return norm_dim(x1 - x2 + eps, p, max(x1.dim(), x2.dim()) - 1, keepdim)


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    """Deprecated name of ``interpolate``."""
    return interpolate(input, size, scale_factor, mode, align_corners)
