"""More of torch.nn.functional, each composed as torch composes it (so the nodes are torch's):
dropout3d, feature_alpha_dropout, instance_norm, rms_norm, local_response_norm, lp_pool1d/2d,
pixel_shuffle, pixel_unshuffle, channel_shuffle, multilabel_soft_margin_loss,
triplet_margin_with_distance_loss."""

import math
import warnings

from ..grad_mode import no_grad
from ..ops import margin_losses as _margin
from ..ops.rrelu import rrelu as _rrelu
from ..ops.shuffle import channel_shuffle, pixel_shuffle, pixel_unshuffle  # noqa: F401
from ..ops.native_kernels import native_channel_shuffle  # noqa: F401  (F has ATen's name too)

__all__ = ["dropout3d", "feature_alpha_dropout", "instance_norm", "rms_norm", "local_response_norm", "lp_pool1d",
           "lp_pool2d", "pixel_shuffle", "pixel_unshuffle", "channel_shuffle", "multilabel_soft_margin_loss",
           "triplet_margin_with_distance_loss", "rrelu", "rrelu_", "multi_margin_loss", "multilabel_margin_loss",
           "native_channel_shuffle"]


def _F():
    from . import functional
    return functional


# -- dropout ------------------------------------------------------------------------------------

def dropout3d(input, p=0.5, training=True, inplace=False):
    """Zero whole channels of (N, C, D, H, W) inputs (or unbatched (C, D, H, W))."""
    from .functional_layers import _check_p, _feature_dropout
    _check_p(p)
    if input.dim() not in (4, 5):
        warnings.warn(f"dropout3d: Received a {input.dim()}-D input to dropout3d, which is deprecated and will "
                      f"result in an error in a future release. To retain the behavior and silence this warning, "
                      f"please use dropout instead. Note that dropout3d exists to provide channel-wise dropout on "
                      f"inputs with 3 spatial dimensions, a channel dimension, and an optional batch dimension "
                      f"(i.e. 4D or 5D inputs).", stacklevel=2)
    if input.dim() != 5 and not inplace:  # torch adds a batch of one and squeezes it away (SqueezeBackward1)
        return _feature_dropout(input.unsqueeze(0), p, training, False, input.dim() + 1).squeeze(0)
    return _feature_dropout(input, p, training, inplace, 5)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    """Alpha dropout of whole channels: one draw per (sample, channel), as ATen's _dropout_impl."""
    from .functional_layers import _bernoulli_like, _check_p
    _check_p(p)
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        return input * 0
    shape = tuple(input.shape)
    noise_shape = shape[:2] + (1,) * (len(shape) - 2)
    alpha = 1.7580993408473766
    a = 1.0 / math.sqrt((alpha * alpha * p + 1) * (1 - p))
    keep = _bernoulli_like(noise_shape, 1 - p, input.dtype)
    b = (keep - 1) * (alpha * a) + alpha * a * p
    return input * (keep * a) + b


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    """Randomized leaky ReLU (RreluWithNoiseBackward0): each non-positive element times a slope
    drawn in [lower, upper) in training, times (lower + upper) / 2 otherwise."""
    if inplace:
        return rrelu_(input, lower, upper, training)
    return _rrelu(input, lower, upper, training)


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False):
    """In-place rrelu (RreluWithNoiseBackward1)."""
    from ..ops.rrelu import rrelu_ as _rrelu_
    return _rrelu_(input, lower, upper, training)


# -- normalization ------------------------------------------------------------------------------

def _verify_spatial_size(size):
    n = 1
    for s in size[2:]:
        n *= s
    if n == 1:
        raise ValueError(f"Expected more than 1 spatial element when training, got input size {size}")


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True,
                  momentum=0.1, eps=1e-5):
    """Normalize each (sample, channel) over its spatial elements: ATen's instance_norm, a batch
    norm of the input viewed as (1, N·C, *) with the per-channel tensors repeated N times."""
    if use_input_stats:
        _verify_spatial_size(input.size())
    b, c = input.shape[0], input.shape[1]
    rep = (lambda t: None if t is None else t.repeat(b))
    running_mean_, running_var_ = rep(running_mean), rep(running_var)
    out = _F().batch_norm(input.contiguous().view(1, b * c, *input.shape[2:]), running_mean_, running_var_,
                          rep(weight), rep(bias), use_input_stats, momentum, eps)
    with no_grad():  # ATen copies the repeated running statistics back, averaged over the batch
        if running_mean is not None:
            running_mean.copy_(running_mean_.view(b, c).mean(0))
        if running_var is not None:
            running_var.copy_(running_var_.view(b, c).mean(0))
    return out.view(input.shape)


def rms_norm(input, normalized_shape, weight=None, eps=None):
    """x / sqrt(mean(x², over the last dims) + eps) · weight, as ATen's composite (eps defaults to
    the dtype's machine epsilon)."""
    import numpy as np
    if isinstance(normalized_shape, int):
        normalized_shape = (normalized_shape,)
    normalized_shape = tuple(normalized_shape)
    shape = tuple(input.shape)
    k = len(normalized_shape)
    if k == 0 or len(shape) < k or shape[len(shape) - k:] != normalized_shape:
        raise RuntimeError(f"Given normalized_shape={list(normalized_shape)}, expected input with shape "
                           f"[*{', '.join(map(str, normalized_shape))}], but got input of size{list(shape)}")  # sic
    if weight is not None and tuple(weight.shape) != normalized_shape:
        raise RuntimeError(f"Expected weight to be of same shape as normalized_shape, but got weight of shape "
                           f"{list(weight.shape)} and normalized_shape = {list(normalized_shape)}")
    dims = [input.dim() - i - 1 for i in range(k)]
    eps_val = float(np.finfo(input._data.dtype).eps) if eps is None else eps
    rms = input.pow(2).mean(dims, keepdim=True).add_(eps_val).rsqrt()
    result = input.mul(rms)
    if weight is not None:
        result = result.mul(weight)
    return result


def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    """x / (k + alpha · mean of x² over ``size`` neighbouring channels)^beta (torch's composition)."""
    F = _F()
    dim = input.dim()
    if dim < 3:
        raise ValueError(f"Expected 3D or higher dimensionality input (got {dim} dimensions)")
    if input.numel() == 0:
        return input
    div = input.mul(input)
    if dim == 3:
        div = div.unsqueeze(1)
        div = F.pad(div, (0, 0, size // 2, (size - 1) // 2))
        div = F.avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    else:
        sizes = input.shape
        # torch pools a (N, 1, C, H, W·…) view with a (size, 1, 1) window: the same sums as a
        # (size, 1) window over the channels of a (N, 1, C, H·W·…) view
        div = div.reshape(sizes[0], 1, sizes[1], -1)
        div = F.pad(div, (0, 0, size // 2, (size - 1) // 2))
        div = F.avg_pool2d(div, (size, 1), stride=1).squeeze(1)
        div = div.view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div


# -- pooling ------------------------------------------------------------------------------------

def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """(Σ over each window of x^p)^(1/p)."""
    F = _F()
    if stride is not None:
        out = F.avg_pool1d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = F.avg_pool1d(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (out.sign() * F.relu(out.abs())).mul(kernel_size).pow(1.0 / norm_type)


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """(Σ over each window of x^p)^(1/p)."""
    F = _F()
    kw, kh = (kernel_size, kernel_size) if isinstance(kernel_size, int) else kernel_size
    if stride is not None:
        out = F.avg_pool2d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = F.avg_pool2d(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (out.sign() * F.relu(out.abs())).mul(kw * kh).pow(1.0 / norm_type)


# -- losses -------------------------------------------------------------------------------------

def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    """−(y·log σ(x) + (1 − y)·log σ(−x)), averaged over the classes."""
    F = _F()
    if size_average is not None or reduce is not None:
        reduction = F._reduction(None, size_average, reduce)
    loss = -(target * F.logsigmoid(input) + (1 - target) * F.logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    if reduction == "none":
        return loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    raise ValueError(reduction + " is not valid")


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None,
                      reduction="mean"):
    """Multi-class hinge loss: Σ_{i≠y} max(0, margin − x_y + x_i)^p (· w_y) / C per sample."""
    if size_average is not None or reduce is not None:
        reduction = _F()._reduction(None, size_average, reduce)
    return _margin.multi_margin_loss(input, target, p, margin, weight, reduction)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """Multi-label hinge loss: targets are class indices ended by -1."""
    if size_average is not None or reduce is not None:
        reduction = _F()._reduction(None, size_average, reduce)
    return _margin.multilabel_margin_loss(input, target, reduction)


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None, margin=1.0,
                                      swap=False, reduction="mean"):
    """max(d(a, p) − d(a, n) + margin, 0) with any distance function (pairwise_distance by default)."""
    if margin <= 0:
        raise ValueError(f"TripletMarginWithDistanceLoss: expected margin to be greater than 0, got {margin} "
                         f"instead")
    a_dim, p_dim, n_dim = anchor.dim(), positive.dim(), negative.dim()
    if not (a_dim == p_dim and p_dim == n_dim):
        raise RuntimeError(f"The anchor, positive, and negative tensors are expected to have the same number of "
                           f"dimensions, but got: anchor {a_dim}D, positive {p_dim}D, and negative {n_dim}D inputs")
    distance = distance_function if distance_function is not None else _F().pairwise_distance
    dist_pos = distance(anchor, positive)
    dist_neg = distance(anchor, negative)
    if swap:
        from ..ops.masked import minimum
        dist_neg = minimum(dist_neg, distance(positive, negative))
    loss = (margin + dist_pos - dist_neg).clamp_min(0)
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    if reduction == "none":
        return loss
    raise ValueError(f"{reduction} is not a valid value for reduction")
