"""torch.nn.functional: activations, losses, linear and normalize, with torch's signatures.

The argument handling that torch does in Python (reduction names, the legacy
``size_average``/``reduce`` flags, broadcasting a loss's target with a warning,
the implicit softmax dim) is here; the ops themselves are in ``ops/``.
"""

import warnings

from ..ops import losses as _losses, nn_losses as _nn_losses
from ..ops.activation import log_softmax as _log_softmax, softmax as _softmax
from ..ops.linear import linear  # noqa: F401
from ..ops.nn_activations import elu, gelu, leaky_relu, silu, softplus  # noqa: F401
from ..ops.piecewise_activations import (  # noqa: F401
    hardshrink, hardsigmoid, hardswish, hardtanh, relu6, softshrink, threshold)
from ..ops.smooth_activations import celu, glu, logsigmoid, mish, prelu, selu  # noqa: F401
from ..ops.support import broadcast_error as _broadcast_error
from ..ops.unary import relu as _relu, sigmoid, tanh  # noqa: F401
from ..tensor import Size as _Size
from .functional_layers import *  # noqa: F401,F403
from .functional_layers import __all__ as _layer_names
from .functional_more import *  # noqa: F401,F403
from .functional_more import __all__ as _more_names
from .functional_gaps import *  # noqa: F401,F403
from .functional_gaps import __all__ as _gap_names

__all__ = ["relu", "leaky_relu", "gelu", "silu", "elu", "softplus", "sigmoid", "tanh", "softmax", "log_softmax",
           "mse_loss", "l1_loss", "smooth_l1_loss", "cross_entropy", "nll_loss", "binary_cross_entropy",
           "binary_cross_entropy_with_logits", "linear", "normalize", "relu6", "hardtanh", "hardsigmoid",
           "hardswish", "threshold", "softshrink", "hardshrink", "celu", "selu", "glu", "logsigmoid", "mish", "prelu",
           "softmin", "softsign", "tanhshrink", "bilinear", "huber_loss", "kl_div", "margin_ranking_loss",
           "hinge_embedding_loss", "soft_margin_loss", "cosine_embedding_loss", "triplet_margin_loss",
           "poisson_nll_loss", "gaussian_nll_loss", "scaled_dot_product_attention", "ctc_loss", "relu_", "elu_",
           "hardtanh_", "leaky_relu_", "celu_", "selu_", "threshold_"] + _layer_names + _more_names + \
    _gap_names


# -- reduction arguments -----------------------------------------------------------

def _reduction(reduction, size_average=None, reduce=None):
    """torch's ``_Reduction``: the reduction name, from ``reduction`` or the legacy flags."""
    if size_average is not None or reduce is not None:
        size_average = True if size_average is None else size_average
        reduce = True if reduce is None else reduce
        reduction = "mean" if size_average and reduce else ("sum" if reduce else "none")
        warnings.warn(f"size_average and reduce args will be deprecated, please use reduction='{reduction}' "
                      f"instead.", UserWarning, stacklevel=3)
        return reduction
    if reduction == "elementwise_mean":
        warnings.warn("reduction='elementwise_mean' is deprecated. Please use reduction='mean' instead.",
                      UserWarning, stacklevel=3)
        return "mean"
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return reduction


def _warn_target_size(input, target):
    for v in (target, input):  # torch reads target.size() first: a number fails there
        if not hasattr(v, "shape"):
            raise AttributeError(f"'{type(v).__name__}' object has no attribute 'size'")
    if target.shape != input.shape:
        warnings.warn(f"Using a target size ({_Size(target.shape)}) that is different to the input size "
                      f"({_Size(input.shape)}). This will likely lead to incorrect results due to broadcasting. "
                      f"Please ensure they have the same size.", UserWarning, stacklevel=3)


def _broadcast_pair(a, b):
    """torch.broadcast_tensors for two tensors: only a tensor whose shape changes is expanded."""
    sa, sb = tuple(a.shape), tuple(b.shape)
    if sa == sb:
        return a, b
    n = max(len(sa), len(sb))
    pa, pb = (1,) * (n - len(sa)) + sa, (1,) * (n - len(sb)) + sb
    shape = []
    for da, db in zip(pa, pb):
        if da != db and da != 1 and db != 1:
            raise _broadcast_error(sa, sb)
        shape.append(db if da == 1 else da)
    shape = tuple(shape)
    return (a if sa == shape else a.expand(shape)), (b if sb == shape else b.expand(shape))


# -- activations -------------------------------------------------------------------

def relu(input, inplace=False):
    """max(x, 0) elementwise."""
    if inplace:
        from ..ops.inplace import inplace as _inplace
        return _inplace(input, _relu)
    return _relu(input)


# torch.nn.functional's in-place spellings
def relu_(input):
    return relu(input, inplace=True)


def hardtanh_(input, min_val=-1.0, max_val=1.0):
    return hardtanh(input, min_val, max_val, inplace=True)


def elu_(input, alpha=1.0):
    return elu(input, alpha, inplace=True)


def leaky_relu_(input, negative_slope=0.01):
    return leaky_relu(input, negative_slope, inplace=True)


def threshold_(input, threshold, value):
    return globals()["threshold"](input, threshold, value, inplace=True)


def celu_(input, alpha=1.0):
    return celu(input, alpha, inplace=True)


def selu_(input):
    return selu(input, inplace=True)


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    """softmax(-x) along ``dim``."""
    if dim is None:
        dim = _softmax_dim("softmin", input.dim(), _stacklevel)
    return _softmax(-input, dim, dtype=dtype)


def softsign(input):
    """x / (1 + |x|)."""
    return input / (input.abs() + 1)


def tanhshrink(input):
    """x - tanh(x)."""
    return input - input.tanh()


def _softmax_dim(name, ndim, stacklevel):
    warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call to include dim=X "
                  f"as an argument.", UserWarning, stacklevel=stacklevel)
    return 0 if ndim in (0, 1, 3) else 1


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    """exp(x) / sum(exp(x)) along ``dim``."""
    if dim is None:
        dim = _softmax_dim("softmax", input.dim(), _stacklevel)
    return _softmax(input, dim, dtype=dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    """log(softmax(x)) along ``dim``, computed stably."""
    if dim is None:
        dim = _softmax_dim("log_softmax", input.dim(), _stacklevel)
    return _log_softmax(input, dim, dtype=dtype)


# -- losses --------------------------------------------------------------------------

def _weighted(loss, weight, reduction, input):
    if weight.shape != input.shape:
        raise ValueError("Weights and input must have the same size.")
    loss = loss * weight
    if reduction == "none":
        return loss
    if reduction == "sum":
        return loss.sum()
    if reduction == "mean":
        return loss.sum() / weight.sum()
    raise ValueError(f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', 'sum'.")


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """Mean squared error (or its sum, or the elementwise squares)."""
    _warn_target_size(input, target)
    if size_average is not None or reduce is not None:
        reduction = _reduction(reduction, size_average, reduce)
    input, target = _broadcast_pair(input, target)
    if weight is not None:
        return _weighted((input - target) ** 2, weight, reduction, input)
    return _losses.mse_loss(input, target, _reduction(reduction))


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """Mean absolute error (or its sum, or the elementwise absolute differences)."""
    _warn_target_size(input, target)
    if size_average is not None or reduce is not None:
        reduction = _reduction(reduction, size_average, reduce)
    input, target = _broadcast_pair(input, target)
    if weight is not None:
        return _weighted((input - target).abs(), weight, reduction, input)
    return _losses.l1_loss(input, target, _reduction(reduction))


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    """Squared error / (2 beta) below ``beta``, absolute error - beta / 2 above."""
    _warn_target_size(input, target)
    if size_average is not None or reduce is not None:
        reduction = _reduction(reduction, size_average, reduce)
    input, target = _broadcast_pair(input, target)
    return _losses.smooth_l1_loss(input, target, _reduction(reduction), beta)


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean",
                  label_smoothing=0.0):
    """Cross-entropy of the logits ``input`` against class indices or class probabilities."""
    reduction = _reduction(reduction, size_average, reduce)
    return _losses.cross_entropy(input, target, weight, reduction, ignore_index, label_smoothing)


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=False):
    """Connectionist temporal classification loss of (T, N, C) log-probabilities against targets."""
    from ..ops.ctc_loss import ctc_loss as _ctc
    return _ctc(log_probs, targets, input_lengths, target_lengths, blank, reduction, zero_infinity)


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    """Negative log likelihood of the target classes (``input`` holds log-probabilities)."""
    reduction = _reduction(reduction, size_average, reduce)
    return _losses.nll_loss(input, target, weight, reduction, ignore_index)


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    """Binary cross-entropy of probabilities ``input`` against ``target``."""
    reduction = _reduction(reduction, size_average, reduce)
    if target.shape != input.shape:
        raise ValueError(f"Using a target size ({_Size(target.shape)}) that is different to the input size "
                         f"({_Size(input.shape)}) is deprecated. Please ensure they have the same size.")
    if weight is not None:
        weight = weight.expand(_broadcast_shapes(target.shape, weight.shape))
    return _losses.binary_cross_entropy(input, target, weight, reduction)


def _broadcast_shapes(*shapes):
    """torch.broadcast_shapes, with its message for shapes that do not broadcast."""
    n = max(len(s) for s in shapes)
    out = [1] * n
    for s in shapes:
        for i in range(-1, -len(s) - 1, -1):
            if s[i] == 1:
                continue
            if out[i] == 1:
                out[i] = s[i]
            elif out[i] != s[i]:
                raise RuntimeError(f"Attempting to broadcast a dimension of length {s[i]} at {i}! Mismatching "
                                   f"argument at index {shapes.index(s)} had {_Size(s)}; but expected shape should "
                                   f"be broadcastable to {out}")
    return tuple(out)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction="mean",
                                     pos_weight=None):
    """Binary cross-entropy of sigmoid(``input``), computed stably from the logits."""
    reduction = _reduction(reduction, size_average, reduce)
    for v in (target, input):
        if not hasattr(v, "shape"):
            raise AttributeError(f"'{type(v).__name__}' object has no attribute 'size'")
    if target.shape != input.shape:
        raise ValueError(f"Target size ({_Size(target.shape)}) must be the same as input size "
                         f"({_Size(input.shape)})")
    return _losses.binary_cross_entropy_with_logits(input, target, weight, reduction, pos_weight)


def _legacy(reduction, size_average, reduce):
    return _reduction(reduction, size_average, reduce) if size_average is not None or reduce is not None else \
        _reduction(reduction)


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    """Squared error / 2 below ``delta``, delta (|error| - delta / 2) above."""
    _warn_target_size(input, target)
    input, target = _broadcast_pair(input, target)
    if weight is not None:
        return _weighted(_nn_losses.huber_loss(input, target, "none", delta), weight, reduction, input)
    return _nn_losses.huber_loss(input, target, _reduction(reduction), delta)


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    """Kullback-Leibler divergence (``input`` holds log-probabilities)."""
    if size_average is not None or reduce is not None:
        reduction = _reduction(reduction, size_average, reduce)
    elif reduction == "mean":
        warnings.warn("reduction: 'mean' divides the total loss by both the batch size and the support size."
                      "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
                      "'mean' will be changed to behave the same as 'batchmean' in the next major release.",
                      UserWarning, stacklevel=2)
    elif reduction != "batchmean":
        reduction = _reduction(reduction)
    return _nn_losses.kl_div(input, target, reduction, log_target)


def margin_ranking_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None, reduction="mean"):
    """max(0, -target (input1 - input2) + margin)."""
    return _nn_losses.margin_ranking_loss(input1, input2, target, margin, _legacy(reduction, size_average, reduce))


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction="mean"):
    """input where target = 1, max(0, margin - input) where target = -1."""
    return _nn_losses.hinge_embedding_loss(input, target, margin, _legacy(reduction, size_average, reduce))


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """log(1 + exp(-target input))."""
    return _nn_losses.soft_margin_loss(input, target, _legacy(reduction, size_average, reduce))


def cosine_embedding_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None, reduction="mean"):
    """1 - cos(x1, x2) for target 1, max(0, cos(x1, x2) - margin) for target -1."""
    return _nn_losses.cosine_embedding_loss(input1, input2, target, margin, _legacy(reduction, size_average, reduce))


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False, size_average=None,
                        reduce=None, reduction="mean"):
    """max(d(anchor, positive) - d(anchor, negative) + margin, 0)."""
    return _nn_losses.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap,
                                          _legacy(reduction, size_average, reduce))


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None,
                     reduction="mean"):
    """Negative log likelihood of a Poisson distribution with rate exp(input) (or input)."""
    return _nn_losses.poisson_nll_loss(input, target, log_input, full, eps, _legacy(reduction, size_average, reduce))


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    """Negative log likelihood of a Gaussian with predicted variance ``var``."""
    return _nn_losses.gaussian_nll_loss(input, target, var, full, eps, _reduction(reduction))


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None,
                                 enable_gqa=False):
    """softmax(Q Kᵀ / √d + mask) V."""
    from .attention import scaled_dot_product_attention as sdpa
    return sdpa(query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa)


# -- bilinear ----------------------------------------------------------------------------

def bilinear(input1, input2, weight, bias=None):
    """``x1ᵀ A x2 + b`` for each output feature (A = weight[k])."""
    from ..ops.einsum import einsum
    s1, s2 = tuple(input1.shape), tuple(input2.shape)
    if s1[:-1] != s2[:-1]:
        raise RuntimeError(f"bilinear(): input batch dimensions do not match: got {list(s1[:-1])} and "
                           f"{list(s2[:-1])}")
    if weight.dim() != 3 or weight.shape[1] != s1[-1] or weight.shape[2] != s2[-1]:
        raise RuntimeError(f"bilinear(): input1 size does not match weight size: got {s1[-1]} but expected "
                           f"{weight.shape[1] if weight.dim() > 1 else 0}" if weight.dim() != 3 or
                           weight.shape[1] != s1[-1] else
                           f"bilinear(): input2 size does not match weight size: got {s2[-1]} but expected "
                           f"{weight.shape[2]}")
    y = einsum("bi,oij,bj->bo", input1.reshape(-1, s1[-1]), weight, input2.reshape(-1, s2[-1]))
    y = y.view(s1[:-1] + (weight.shape[0],))
    return y if bias is None else y + bias


# -- normalize -----------------------------------------------------------------------

def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    """``input / max(‖input‖_p along dim, eps)``."""
    if hasattr(input, "dtype") and not input.is_floating_point():
        from ..dtypes import SCALAR_NAMES
        raise RuntimeError(f"linalg.vector_norm: Expected a floating point or complex tensor as input. Got "
                           f"{SCALAR_NAMES[input.dtype.name]}")
    denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    return input / denom
