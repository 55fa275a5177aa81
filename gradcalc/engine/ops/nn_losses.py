"""The losses torch composes in Python (kl_div, margin and embedding losses, Poisson and
Gaussian NLL) and huber_loss, which has a node of its own (HuberLossBackward0)."""

import math

import numpy as np

from ..node import Node
from .checks import check
from .losses import _pair_arrays, _reduce, _reduced_grad
from .masked import where


def _sign_target(shape, like):
    from ..tensor import Tensor
    return Tensor._wrap(np.where(np.arange(int(np.prod(shape))).reshape(shape) % 2, 1.0, -1.0).astype(like._data.dtype))


class HuberLossBackward0(Node):
    __slots__ = ("reduction", "delta")
    explain = ("grad_self = grad * (self - target) where |self - target| < delta, else grad * delta * "
               "sign(self - target);  grad_target = -grad_self")
    broadcasting = True
    checks = (check(lambda x, y: huber_loss(x, y), (2, 3), (2, 3)),
              check(lambda x, y: huber_loss(x, y, "none", 0.5), (4,), (4,), label="none, delta 0.5"))

    def forward(ctx, a, b, reduction="mean", delta=1.0):
        ctx.save_for_backward(a, b)
        ctx.reduction, ctx.delta = reduction, delta
        out = a._data.dtype  # torch writes into empty_like(input): the input's dtype
        if out.kind != "f":
            # torch's TensorIterator: shapes, then whether the common dtype casts to the output's, then
            # the kernel's dtype ("huber_cpu" not implemented); a float never casts to an integer, nor
            # anything but bool to bool
            from .. import dtypes as _dt
            from .support import broadcast_error, type_word
            try:
                np.broadcast_shapes(a._data.shape, b._data.shape)
            except ValueError:
                raise broadcast_error(a._data.shape, b._data.shape) from None
            common = _dt.result_type(a, b).np
            if common.kind in "fc" or (out.kind == "b" and common.kind != "b"):
                raise RuntimeError(f"result type {type_word(np.empty(0, common))} can't be cast to the "
                                   f"desired output type {type_word(a._data)}")
        A, B = _pair_arrays(a, b, "huber_cpu")
        z = np.abs(A - B)
        loss = np.where(z < delta, 0.5 * z * z, delta * (z - 0.5 * delta))
        return _reduce(np.asarray(loss, dtype=out), reduction)

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        # torch's huber_loss_backward(grad, self, target) (and (grad, target, self) for the target) is one
        # TensorIterator of equal dtypes
        first, other = (a, b) if ctx.should_compute(0) else (b, a)
        if first.dtype is not other.dtype:
            from .support import type_word
            raise RuntimeError(f"Found dtype {type_word(other._data)} but expected {type_word(first._data)}")
        def rule(x, y):  # torch's kernel for the first operand (the target's is rule(target, self): no -0.0)
            diff = x - y
            # torch: ±delta where |diff| >= delta (its second derivative is 0 there), else diff (nan: nan)
            slope = where(diff.abs() >= ctx.delta, diff.sign() * ctx.delta, diff)
            return _reduced_grad(grad, diff._data.shape, ctx.reduction) * slope
        return (rule(a, b) if ctx.should_compute(0) else None), (rule(b, a) if ctx.should_compute(1) else None)


def huber_loss(input, target, reduction="mean", delta=1.0):
    if delta <= 0:
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    return HuberLossBackward0.apply(input, target, reduction=reduction, delta=delta)


def _apply_reduction(loss, reduction):
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss


def kl_div(input, target, reduction="mean", log_target=False):
    """target · (log target - input) (``input`` and, with log_target, ``target`` are log-probabilities)."""
    if log_target:
        loss = target.exp() * (target - input)
    else:
        # xlogy(target, target): 0 where target is 0
        safe = where(target > 0, target, target * 0 + 1)
        loss = target * safe.log() - target * input
    if reduction == "batchmean":
        return loss.sum() / input.size(0) if input.dim() != 0 else loss.sum()
    return _apply_reduction(loss, reduction)


def margin_ranking_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """max(0, -target (input1 - input2) + margin)."""
    return _apply_reduction((-target * (input1 - input2) + margin).clamp_min(0), reduction)


def hinge_embedding_loss(input, target, margin=1.0, reduction="mean"):
    """input where target = 1, max(0, margin - input) where target = -1."""
    margin_clamp = (margin - input).clamp_min(0)
    output_margin = where(target != 1, margin_clamp, input * 0)
    output_self = where(target != -1, input, input * 0)
    return _apply_reduction(output_margin + output_self, reduction)


class SoftMarginLossBackward0(Node):
    __slots__ = ("reduction",)
    explain = "grad_self = -grad * target * σ(-target * self);  grad_target = -grad * self * σ(-target * self)"
    broadcasting = True
    checks = (check(lambda x: soft_margin_loss(x, _sign_target((2, 3), x)), (2, 3)),
              check(lambda x: soft_margin_loss(x, _sign_target((4,), x), "none"), (4,), label="none"))

    def forward(ctx, a, b, reduction="mean"):
        ctx.save_for_backward(a, b)
        ctx.reduction = reduction
        A, B = _pair_arrays(a, b, "soft_margin_loss")
        z = -B * A
        loss = np.maximum(z, 0) + np.log1p(np.exp(-np.abs(z)))
        return _reduce(np.asarray(loss, dtype=a._data.dtype), reduction)  # the input's dtype, as torch's

    def backward(ctx, grad):
        x, y = ctx.saved_tensors
        s = (-y * x).sigmoid()  # torch's soft_margin_loss_backward negates target first: a bool one raises
        g = _reduced_grad(grad, s._data.shape, ctx.reduction) * s
        return (-g * y if ctx.should_compute(0) else None), (-g * x if ctx.should_compute(1) else None)


def soft_margin_loss(input, target, reduction="mean"):
    """log(1 + exp(-target · input))."""
    from ..tensor import Tensor
    if not isinstance(target, Tensor):
        raise TypeError(f"soft_margin_loss(): argument 'target' (position 2) must be Tensor, not {type(target).__name__}")
    from ..grad_mode import STATE
    if STATE.grad_enabled and target.requires_grad:
        raise RuntimeError("The function 'soft_margin_loss' is not differentiable with respect to argument 'target'. "
                           "This input cannot have requires_grad True.")
    # torch computes into a tensor of input's dtype and shape: neg_out(output, input).mul_(target).exp_().log1p_()
    if input._data.dtype == np.bool_:
        raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
                           "invert a mask, use the `~` or `logical_not()` operator instead.")
    try:
        both = np.broadcast_shapes(input._data.shape, target._data.shape)
    except ValueError:
        both = None  # mul_'s own message, below
    if both is not None and both != input._data.shape:
        raise RuntimeError(f"output with shape {list(input._data.shape)} doesn't match the broadcast shape "
                           f"{list(both)}")
    if input._data.dtype.kind != "f":
        from .support import type_word
        word = "Double" if target._data.dtype == np.float64 else "Float"
        raise RuntimeError(f"result type {word} can't be cast to the desired output type {type_word(input._data)}")
    return SoftMarginLossBackward0.apply(input, target, reduction=reduction)


def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """1 - cos(x1, x2) where target = 1, max(0, cos(x1, x2) - margin) where target = -1."""
    eps = 1e-12
    d = input1.dim() - 1
    prod = (input1 * input2).sum(d)
    mag1 = (input1 * input1).sum(d) + eps
    mag2 = (input2 * input2).sum(d) + eps
    cos = prod / (mag1 * mag2).sqrt()
    zeros = cos * 0
    pos = where(target == 1, 1 - cos, zeros)
    neg = where(target == -1, (cos - margin).clamp_min(0), zeros)
    return _apply_reduction(pos + neg, reduction)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2.0, eps=1e-6, swap=False, reduction="mean"):
    """max(d(a, p) - d(a, n) + margin, 0) with d the p-norm distance."""
    def dist(x, y):
        return (x - y + eps).norm(p, -1)
    d_pos = dist(anchor, positive)
    d_neg = dist(anchor, negative)
    if swap:
        d_neg = d_neg.minimum(dist(positive, negative))
    return _apply_reduction((d_pos - d_neg + margin).clamp_min(0), reduction)


def poisson_nll_loss(input, target, log_input=True, full=False, eps=1e-8, reduction="mean"):
    """exp(input) - target·input (log_input), or input - target·log(input + eps)."""
    if log_input:
        loss = input.exp() - target * input
    else:
        loss = input - target * (input + eps).log()
    if full:
        stirling = target * target.log() - target + (target * (2 * math.pi)).log() * 0.5
        loss = loss + where(target > 1, stirling, stirling * 0)
    return _apply_reduction(loss, reduction)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    """0.5 (log(var) + (input - target)² / var) (+ 0.5 log 2π when ``full``)."""
    if var.dim() == input.dim() - 1 and tuple(var.shape) == tuple(input.shape[:-1]):
        var = var.unsqueeze(-1)
    if (var._data < 0).any():
        raise ValueError("var has negative entry/entries")
    from ..grad_mode import no_grad
    var = var.clone()
    with no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (var.log() + (input - target) ** 2 / var)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _apply_reduction(loss, reduction)
