"""multi_margin_loss and multilabel_margin_loss as torch's CPU kernels compute and record them
(MultiMarginLossBackward0, MultilabelMarginLossBackward0): a sample's terms summed in the
input's type, samples accumulated in double (torch's acc_type), its checks and messages.
Their backward is computed on arrays (torch does not differentiate it again either)."""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check
from .forward_refusals import no_forward_ad

__all__ = ["multi_margin_loss", "multilabel_margin_loss"]

def _reduce(per_sample, reduction, dtype, batched):
    """torch's epilogue: per-sample values, or their double sum (and mean) rounded once."""
    if reduction == "none" and batched:
        return per_sample.astype(dtype)
    total = float(np.sum(per_sample.astype(np.float64)))
    if reduction == "mean":
        total /= per_sample.shape[0]
    return np.asarray(total, dtype)


def _scale(grad_input, grad, reduction, batched):
    g = grad._data
    if reduction == "none" and batched:
        return grad_input * g[:, None]
    return grad_input * g


class MultiMarginLossBackward0(Node):
    __slots__ = ("p", "margin", "reduction", "batched")
    jvp = no_forward_ad("multi_margin_loss")  # torch has no forward rule
    explain = ("grad_self = for each class i ≠ y with z = margin − x_y + x_i > 0: +h at i and −h at y, "
               "h = (1 or 2z)·w_y / C (over N too for 'mean'), times grad")
    twice_differentiable = False
    checks = (check(lambda x: multi_margin_loss(x, _targets(x, 4)), (3, 4)),
              check(lambda x: multi_margin_loss(x, _targets(x, 4), p=2, margin=0.7, weight=_weights(x),
                                                reduction="sum"), (3, 4), label="p=2, weight"))

    def forward(ctx, x, target, weight, p, margin, reduction):
        d = x._data
        batched = d.ndim == 2
        xs = d if batched else d.reshape(1, -1)
        t = target._data.reshape(-1).astype(np.int64)
        n, dim = xs.shape
        rows = np.arange(n)
        x_t = xs[rows, t][:, None]
        z = np.asarray(margin, d.dtype) - x_t + xs
        h = np.where(z > 0, z if p == 1 else z * z, np.zeros((), d.dtype))
        if weight is not None:
            h = h * weight._data[t][:, None]
        h[rows, t] = 0
        per_sample = np.cumsum(h, axis=1, dtype=d.dtype)[:, -1] / np.asarray(dim, d.dtype)
        ctx.p, ctx.margin, ctx.reduction, ctx.batched = p, margin, reduction, batched
        ctx.save_for_backward(x, target, weight)
        return _reduce(per_sample, reduction, d.dtype, batched)

    def backward(ctx, grad):
        x, target, weight = ctx.saved_tensors
        d = x._data
        xs = d if ctx.batched else d.reshape(1, -1)
        t = target._data.reshape(-1).astype(np.int64)
        n, dim = xs.shape
        rows = np.arange(n)
        g = np.asarray(1.0 / (n * dim) if ctx.reduction == "mean" else 1.0 / dim, d.dtype)
        z = np.asarray(ctx.margin, d.dtype) - xs[rows, t][:, None] + xs
        h = np.where(z > 0, g if ctx.p == 1 else 2 * g * z, np.zeros((), d.dtype)).astype(d.dtype)
        if weight is not None:
            h = h * weight._data[t][:, None]
        h[rows, t] = 0
        h[rows, t] = -h.sum(axis=1)
        gi = _scale(h, grad, ctx.reduction, ctx.batched).reshape(d.shape)
        return Tensor._wrap(np.asarray(gi, d.dtype)), None, None


class MultilabelMarginLossBackward0(Node):
    __slots__ = ("reduction", "batched")
    jvp = no_forward_ad("multilabel_margin_loss_forward")  # torch has no forward rule
    explain = ("grad_self = for each target j and non-target i with z = 1 − x_j + x_i > 0: +1/C at i and "
               "−1/C at j (over N too for 'mean'), times grad")
    twice_differentiable = False
    checks = (check(lambda x: multilabel_margin_loss(x, _label_sets(x)), (3, 4)),)

    def forward(ctx, x, target, reduction):
        d = x._data
        batched = d.ndim == 2
        xs = d if batched else d.reshape(1, -1)
        ts = target._data.reshape(xs.shape).astype(np.int64)
        is_target = _is_target(ts, xs.shape[1])
        per_sample = np.empty(xs.shape[0], np.float64)
        for k in range(xs.shape[0]):  # a loop over samples, not elements: each row's pairs at once
            xt = xs[k, _targets_of(ts[k])][:, None]
            z = np.ones((), d.dtype) - xt + xs[k][None, :]
            z = np.where((z > 0) & ~is_target[k][None, :], z, 0).astype(np.float64)
            per_sample[k] = z.sum()
        dim = xs.shape[1]
        if reduction == "none" and batched:
            out = per_sample.astype(d.dtype) / np.asarray(dim, d.dtype)
        else:
            total = float(per_sample.astype(d.dtype).astype(np.float64).sum()) / dim
            if reduction == "mean":
                total /= xs.shape[0]
            out = np.asarray(total, d.dtype)
        ctx.reduction, ctx.batched = reduction, batched
        ctx.save_for_backward(x, target)
        return out

    def backward(ctx, grad):
        x, target = ctx.saved_tensors
        d = x._data
        xs = d if ctx.batched else d.reshape(1, -1)
        ts = target._data.reshape(xs.shape).astype(np.int64)
        n, dim = xs.shape
        is_target = _is_target(ts, dim)
        g = np.asarray(1.0 / (n * dim) if ctx.reduction == "mean" else 1.0 / dim, d.dtype)
        gi = np.zeros_like(xs)
        for k in range(n):
            tk = _targets_of(ts[k])
            z = np.ones((), d.dtype) - xs[k, tk][:, None] + xs[k][None, :]
            active = (z > 0) & ~is_target[k][None, :]
            gi[k] += g * active.sum(axis=0).astype(d.dtype)
            np.subtract.at(gi[k], tk, g * active.sum(axis=1).astype(d.dtype))
        gi = _scale(gi, grad, ctx.reduction, ctx.batched).reshape(d.shape)
        return Tensor._wrap(np.asarray(gi, d.dtype)), None


def _targets_of(row):
    """A sample's target classes: its entries up to the first -1."""
    stop = np.flatnonzero(row < 0)
    return row[: stop[0]] if stop.size else row


def _is_target(ts, dim):
    mask = np.zeros(ts.shape, bool)
    for k in range(ts.shape[0]):
        mask[k, _targets_of(ts[k])] = True
    return mask


def _targets(x, c):
    from ..creation import tensor
    return tensor([i % c for i in range(x.shape[0])])


def _weights(x):
    from ..creation import tensor
    return tensor([1.0, 2.0, 0.5, 3.0], dtype=x.dtype)


def _label_sets(x):
    from ..creation import tensor
    return tensor([[1, 3, -1, 0], [0, -1, 2, 2], [2, 1, 0, -1]])


def _check_shapes(x, name):
    if x.dim() > 2 or x.numel() == 0 and x.dim() != 2 or (x.dim() == 2 and x.shape[1] == 0):
        raise RuntimeError(f"Expected non-empty vector or matrix with optional 0-dim batch size, but got: "
                           f"{list(x.shape)}")


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, reduction="mean"):
    """Σ_{i≠y} max(0, margin − x_y + x_i)^p · w_y / C per sample."""
    if p not in (1, 2):
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight.dim() != 1:
        raise ValueError("weight must be one-dimensional")
    _check_shapes(input, "multi_margin_loss")
    n = input.shape[0] if input.dim() == 2 else 1
    dim = input.shape[-1] if input.dim() else 1
    if target.dim() > 1 or target.numel() != n:
        raise RuntimeError(f"multi_margin_loss: target tensor should be 1-D with size equal to the number of input "
                           f"samples (batch size). Expected target size [{n}], but got {list(target.shape)}. Input "
                           f"has shape {list(input.shape)}.")
    t = target._data.reshape(-1)
    if t.size and (t.min() < 0 or t.max() >= dim):
        raise RuntimeError("target out of range")
    return MultiMarginLossBackward0.apply(input, target, weight, p=p, margin=float(margin), reduction=reduction)


def multilabel_margin_loss(input, target, reduction="mean"):
    """Σ over (target j, non-target i) of max(0, 1 − x_j + x_i) / C per sample."""
    _check_shapes(input, "multilabel_margin_loss")
    if tuple(target.shape) != tuple(input.shape):
        raise RuntimeError(f"inconsistent target size: {list(target.shape)} for input of size: {list(input.shape)}")
    t = target._data
    dim = input.shape[-1] if input.dim() else 1
    if t.size and (t.max() >= dim or t.min() < -1):
        raise RuntimeError("argument #2 'target' is out of range")
    return MultilabelMarginLossBackward0.apply(input, target, reduction=reduction)

