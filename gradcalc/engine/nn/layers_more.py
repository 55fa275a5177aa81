"""More of torch.nn's layers, over nn.functional as torch writes them: BatchNorm3d,
InstanceNorm1d/2d/3d, RMSNorm, LocalResponseNorm, PixelShuffle, PixelUnshuffle,
ChannelShuffle, LPPool1d/2d, Softmax2d, UpsamplingNearest2d, UpsamplingBilinear2d,
Dropout3d, FeatureAlphaDropout, MultiLabelSoftMarginLoss, TripletMarginWithDistanceLoss."""

import numbers
import warnings

from ..creation import empty
from . import init
from .distance import PairwiseDistance
from .dropout import _DropoutNd
from .flatten import Upsample
from .linear import _factory
from .module import Module
from .normalization import _BatchNorm
from .parameter import Parameter

__all__ = ["BatchNorm3d", "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d", "RMSNorm", "LocalResponseNorm",
           "PixelShuffle", "PixelUnshuffle", "ChannelShuffle", "LPPool1d", "LPPool2d", "Softmax2d",
           "UpsamplingNearest2d", "UpsamplingBilinear2d", "Dropout3d", "FeatureAlphaDropout",
           "MultiLabelSoftMarginLoss", "TripletMarginWithDistanceLoss", "RReLU", "MultiMarginLoss",
           "MultiLabelMarginLoss"]


def _F():
    from . import functional
    return functional


# -- normalization ------------------------------------------------------------------------------

class BatchNorm3d(_BatchNorm):
    """Batch normalization over (N, C, D, H, W) inputs."""

    def _check_input_dim(self, input):
        if input.dim() != 5:
            raise ValueError(f"expected 5D input (got {input.dim()}D input)")


class _InstanceNorm(_BatchNorm):
    no_batch_dim = 2
    ranks = (2, 3)

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=False, track_running_stats=False, device=None,
                 dtype=None):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype)

    def _apply_instance_norm(self, input):
        return _F().instance_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                                  self.training or not self.track_running_stats,
                                  self.momentum if self.momentum is not None else 0.0, self.eps)

    def forward(self, input):
        if input.dim() not in self.ranks:
            raise ValueError(f"expected {self.ranks[0]}D or {self.ranks[1]}D input (got {input.dim()}D input)")
        feature_dim = input.dim() - self.no_batch_dim
        if input.size(feature_dim) != self.num_features:
            if self.affine:
                raise ValueError(f"expected input's size at dim={feature_dim} to match num_features "
                                 f"({self.num_features}), but got: {input.size(feature_dim)}.")
            warnings.warn(f"input's size at dim={feature_dim} does not match num_features. You can silence this "
                          f"warning by not passing in num_features, which is not used because affine=False")
        if input.dim() == self.no_batch_dim:
            return self._apply_instance_norm(input.unsqueeze(0)).squeeze(0)
        return self._apply_instance_norm(input)


class InstanceNorm1d(_InstanceNorm):
    """Instance normalization over (N, C, L) or (C, L) inputs."""


class InstanceNorm2d(_InstanceNorm):
    """Instance normalization over (N, C, H, W) or (C, H, W) inputs."""
    no_batch_dim = 3
    ranks = (3, 4)


class InstanceNorm3d(_InstanceNorm):
    """Instance normalization over (N, C, D, H, W) or (C, D, H, W) inputs."""
    no_batch_dim = 4
    ranks = (4, 5)


class RMSNorm(Module):
    """x / RMS(x) over the last dims, times an elementwise weight."""

    def __init__(self, normalized_shape, eps=None, elementwise_affine=True, device=None, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if self.elementwise_affine:
            self.weight = Parameter(empty(self.normalized_shape, **_factory(device, dtype)))
        else:
            self.register_parameter("weight", None)
        self.reset_parameters()

    def reset_parameters(self):
        if self.elementwise_affine:
            init.ones_(self.weight)

    def forward(self, x):
        return _F().rms_norm(x, self.normalized_shape, self.weight, self.eps)

    def extra_repr(self):
        return "{normalized_shape}, eps={eps}, elementwise_affine={elementwise_affine}".format(**self.__dict__)


class LocalResponseNorm(Module):
    """Normalize each element by its neighbours across channels."""

    def __init__(self, size, alpha=1e-4, beta=0.75, k=1.0):
        super().__init__()
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k

    def forward(self, input):
        return _F().local_response_norm(input, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self):
        return "{size}, alpha={alpha}, beta={beta}, k={k}".format(**self.__dict__)


# -- rearrangements -----------------------------------------------------------------------------

class PixelShuffle(Module):
    """(*, C·r², H, W) → (*, C, H·r, W·r)."""

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return _F().pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self):
        return f"upscale_factor={self.upscale_factor}"


class PixelUnshuffle(Module):
    """(*, C, H·r, W·r) → (*, C·r², H, W)."""

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input):
        return _F().pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self):
        return f"downscale_factor={self.downscale_factor}"


class ChannelShuffle(Module):
    """Interleave the channels of ``groups`` groups."""

    def __init__(self, groups):
        super().__init__()
        self.groups = groups

    def forward(self, input):
        return _F().channel_shuffle(input, self.groups)

    def extra_repr(self):
        return f"groups={self.groups}"


# -- pooling, softmax, upsampling ---------------------------------------------------------------

class _LPPoolNd(Module):
    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def extra_repr(self):
        return "norm_type={norm_type}, kernel_size={kernel_size}, stride={stride}, ceil_mode={ceil_mode}".format(
            **self.__dict__)


class LPPool1d(_LPPoolNd):
    """Power-average pooling over (N, C, L) inputs."""

    def forward(self, input):
        return _F().lp_pool1d(input, float(self.norm_type), self.kernel_size, self.stride, self.ceil_mode)


class LPPool2d(_LPPoolNd):
    """Power-average pooling over (N, C, H, W) inputs."""

    def forward(self, input):
        return _F().lp_pool2d(input, float(self.norm_type), self.kernel_size, self.stride, self.ceil_mode)


class Softmax2d(Module):
    """Softmax over the channels of (N, C, H, W) or (C, H, W) inputs."""

    def forward(self, input):
        if input.dim() not in (3, 4):
            raise ValueError(f"Softmax2d: expected input to be 3D or 4D, got {input.dim()}D instead")
        return _F().softmax(input, -3, _stacklevel=5)


class UpsamplingNearest2d(Upsample):
    """Nearest-neighbour upsampling of (N, C, H, W) inputs."""

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="nearest")


class UpsamplingBilinear2d(Upsample):
    """Bilinear upsampling of (N, C, H, W) inputs, corners aligned."""

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="bilinear", align_corners=True)


# -- dropout ------------------------------------------------------------------------------------

class Dropout3d(_DropoutNd):
    """Zero whole channels of (N, C, D, H, W) inputs, in training."""

    def forward(self, input):
        return _F().dropout3d(input, self.p, self.training, self.inplace)


class FeatureAlphaDropout(_DropoutNd):
    """Alpha dropout of whole channels, in training."""

    def forward(self, input):
        return _F().feature_alpha_dropout(input, self.p, self.training)


class RReLU(Module):
    """Randomized leaky ReLU: random negative slopes in training, their mean in evaluation."""

    def __init__(self, lower=1.0 / 8, upper=1.0 / 3, inplace=False):
        super().__init__()
        self.lower = lower
        self.upper = upper
        self.inplace = inplace

    def forward(self, input):
        return _F().rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self):
        return f"lower={self.lower}, upper={self.upper}" + (", inplace=True" if self.inplace else "")


# -- losses -------------------------------------------------------------------------------------

class MultiLabelSoftMarginLoss(Module):
    """Multi-label one-versus-all loss on logits."""

    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean"):
        super().__init__()
        if size_average is not None or reduce is not None:
            reduction = _F()._reduction(None, size_average, reduce)
        self.reduction = reduction
        self.register_buffer("weight", weight)

    def forward(self, input, target):
        return _F().multilabel_soft_margin_loss(input, target, weight=self.weight, reduction=self.reduction)


class MultiMarginLoss(Module):
    """Multi-class hinge loss (p = 1 or 2, a margin, optional class weights)."""

    def __init__(self, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction="mean"):
        super().__init__()
        if size_average is not None or reduce is not None:
            reduction = _F()._reduction(None, size_average, reduce)
        self.reduction = reduction
        self.register_buffer("weight", weight)
        if p not in (1, 2):
            raise ValueError("only p == 1 and p == 2 supported")
        if weight is not None and weight.dim() != 1:
            raise ValueError(f"MultiMarginLoss: expected weight to be None or 1D tensor, got {weight.dim()}D instead")
        self.p = p
        self.margin = margin

    def forward(self, input, target):
        return _F().multi_margin_loss(input, target, p=self.p, margin=self.margin, weight=self.weight,
                                      reduction=self.reduction)


class MultiLabelMarginLoss(Module):
    """Multi-label hinge loss: each target row lists class indices, ended by -1."""

    def __init__(self, size_average=None, reduce=None, reduction="mean"):
        super().__init__()
        if size_average is not None or reduce is not None:
            reduction = _F()._reduction(None, size_average, reduce)
        self.reduction = reduction

    def forward(self, input, target):
        return _F().multilabel_margin_loss(input, target, reduction=self.reduction)


class TripletMarginWithDistanceLoss(Module):
    """Triplet loss with any distance function (PairwiseDistance by default)."""

    def __init__(self, *, distance_function=None, margin=1.0, swap=False, reduction="mean"):
        super().__init__()
        if margin <= 0:
            raise ValueError(f"TripletMarginWithDistanceLoss: expected margin to be greater than 0, got {margin} "
                             f"instead")
        self.distance_function = distance_function if distance_function is not None else PairwiseDistance()
        self.margin = margin
        self.swap = swap
        self.reduction = reduction

    def forward(self, anchor, positive, negative):
        return _F().triplet_margin_with_distance_loss(anchor, positive, negative,
                                                      distance_function=self.distance_function,
                                                      margin=self.margin, swap=self.swap, reduction=self.reduction)
