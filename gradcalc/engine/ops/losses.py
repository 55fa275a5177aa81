"""Loss functions: the ones torch gives a node of their own (mse, smooth L1, NLL,
binary cross-entropy with and without logits), and cross_entropy composed from
log_softmax and nll_loss (or, for class probabilities, from plain ops) exactly
as torch composes it, so the graphs carry torch's node names.

``reduction`` is 'none', 'mean' or 'sum' here (torch.nn.functional checks it).
"""

import numpy as np

from .. import dtypes as _dt
from ..grad_mode import STATE
from ..node import Node
from ..tensor import Tensor
from .backward_functions import recorded_as
from .cascade_sum import sum_all
from .checks import check
from .masked import clamp_min
from .support import type_word as _type_word
from .unary import log1p
from .scalar import div_scalar, mul_scalar
from .support import broadcast_error
from .masked import where


def _reduce(arr, reduction):
    """torch's apply_loss_reduction: the elementwise losses, their sum, or their mean (its sum,
    then one division), summed in torch's order where ops/cascade_sum.py knows it."""
    if reduction in ("mean", "sum"):
        total = sum_all(arr)
        if total is None:
            return np.asarray(arr.mean() if reduction == "mean" else arr.sum(), dtype=arr.dtype)
        return np.asarray(total / arr.dtype.type(arr.size), arr.dtype) if reduction == "mean" else total
    return arr


def _reduced_grad(grad, shape, reduction):
    """The gradient of each element of an unreduced loss of ``shape``."""
    if reduction == "none":
        return grad
    n = 1
    for s in shape:
        n *= s
    g = grad / n if reduction == "mean" else grad
    return g.expand(shape) if shape else g


def _pair_arrays(a, b, kernel):
    """Both operands in their common (floating) dtype."""
    dt = _dt.result_type(a, b)
    if dt.category != _dt._FLOAT:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{_type_word(np.empty(0, dt.np))}'")
    A, B = a._data.astype(dt.np, copy=False), b._data.astype(dt.np, copy=False)
    try:
        np.broadcast_shapes(A.shape, B.shape)
    except ValueError:
        raise broadcast_error(A.shape, B.shape) from None
    return A, B


def _saved_pair(ctx):
    """The saved (self, target) in their common dtype (a bool or integer operand is promoted)."""
    a, b = ctx.saved_tensors
    if a.dtype is not b.dtype:
        dt = _dt.result_type(a, b)
        a, b = a.to(dt), b.to(dt)
    return a, b


class MseLossBackward0(Node):
    __slots__ = ("reduction",)
    explain = "grad_self = 2 (self - target) * grad (/ N for 'mean');  grad_target = -grad_self"
    broadcasting = True
    checks = (check(lambda x, y: mse_loss(x, y), (2, 3), (2, 3)),
              check(lambda x, y: mse_loss(x, y, "sum"), (3,), (3,), label="sum"),
              check(lambda x, y: mse_loss(x, y, "none"), (2, 2), (2, 2), label="none"))

    def forward(ctx, a, b, reduction="mean"):
        ctx.save_for_backward(a, b)
        ctx.reduction = reduction
        A, B = _pair_arrays(a, b, "mse_cpu")
        d = A - B
        return _reduce(d * d, reduction)

    @staticmethod
    def jvp(ctx, t_self, t_target):
        """torch's mse_loss_jvp: the reduction of 2 (self - target) (self_t - target_t)."""
        a, b = _saved_pair(ctx)
        dt = t_self if t_target is None else -t_target if t_self is None else t_self - t_target
        e = (a - b) * dt * 2
        return e.mean() if ctx.reduction == "mean" else e.sum() if ctx.reduction == "sum" else e

    def backward(ctx, grad):
        a, b = _saved_pair(ctx)
        diff = a - b
        g = _reduced_grad(grad, diff._data.shape, ctx.reduction) * diff * 2
        return (g if ctx.should_compute(0) else None), (-g if ctx.should_compute(1) else None)


class SmoothL1LossBackward0(Node):
    __slots__ = ("reduction", "beta")
    explain = ("grad_self = grad * (self - target) / beta where |self - target| < beta, else grad * sign(self - "
               "target);  grad_target = -grad_self")
    broadcasting = True
    checks = (check(lambda x, y: smooth_l1_loss(x, y), (2, 3), (2, 3)),
              check(lambda x, y: smooth_l1_loss(x, y, "none", 0.5), (4,), (4,), label="none, beta 0.5"))

    def forward(ctx, a, b, reduction="mean", beta=1.0):
        ctx.save_for_backward(a, b)
        ctx.reduction = reduction
        ctx.beta = beta
        A, B = _pair_arrays(a, b, "smooth_l1_cpu")
        z = np.abs(A - B)
        loss = np.where(z < beta, 0.5 * z * z / (beta if beta else 1), z - 0.5 * beta)
        return _reduce(np.asarray(loss, dtype=A.dtype), reduction)

    def backward(ctx, grad):
        raw = ctx.saved_tensors
        a, b = _saved_pair(ctx)
        diff = a - b
        if ctx.beta and STATE.grad_enabled and any(t._data.dtype == np.bool_ for t in raw):
            diff = _SubtractsBoolInDoubleBackward.apply(diff)
        # torch: sign(diff) where |diff| >= beta (its second derivative is 0 there), else diff / beta (nan: nan)
        slope = where(diff.abs() >= ctx.beta, diff.sign(), diff / ctx.beta)
        g = _reduced_grad(grad, diff._data.shape, ctx.reduction) * slope
        return (g if ctx.should_compute(0) else None), (-g if ctx.should_compute(1) else None)


class _SubtractsBoolInDoubleBackward(Node):
    """torch's double backward of smooth_l1_loss (smooth_l1_loss_double_backward, for self and for
    target; beta 0 excepted) computes ``self - target`` from the saved operands: with a bool one it
    raises there, while the first backward (a kernel) and the gradient in grad_output do not."""

    explain = "the identity; its backward raises torch's error for subtracting a bool tensor"

    def forward(ctx, d):
        return d._data

    def backward(ctx, grad):
        raise RuntimeError("Subtraction, the `-` operator, with a bool tensor is not supported. If you are "
                           "trying to invert a mask, use the `~` or `logical_not()` operator instead.")


# -- negative log likelihood ----------------------------------------------------------

class _Nll(Node):
    __slots__ = ("reduction", "class_dim", "no_weight")

    def forward(ctx, a, target, weight=None, reduction="mean", ignore_index=-100):
        d = a._data
        if d.dtype.kind != "f":
            raise NotImplementedError(f"\"nll_loss_out_frame\" not implemented for '{_type_word(d)}'")
        cd = 0 if d.ndim == 1 else 1
        n_classes = d.shape[cd]
        t = target._data.astype(np.int64)
        if d.ndim == 1:
            t = t.reshape(-1)[:1].reshape(())
        valid = t != ignore_index
        bad = (t < 0) | (t >= n_classes)
        bad &= valid
        if bad.any():
            raise IndexError(f"Target {int(t[bad].reshape(-1)[0])} is out of bounds.")
        safe = np.where(valid, t, 0)
        w = np.ones(n_classes, d.dtype) if weight is None else weight._data.astype(d.dtype)
        wt = np.where(valid, w[safe], 0).astype(d.dtype)
        if d.ndim == 1:
            picked = d[safe]
            coef = np.zeros_like(d)
            coef[safe] = -wt
            hit = np.zeros(d.shape, bool)
            hit[safe] = valid
        else:
            idx = np.expand_dims(safe, cd)
            picked = np.take_along_axis(d, idx, axis=cd).squeeze(cd)
            coef = np.zeros_like(d)
            np.put_along_axis(coef, idx, np.expand_dims(-wt, cd), axis=cd)
            hit = np.zeros(d.shape, bool)
            np.put_along_axis(hit, idx, np.expand_dims(valid, cd), axis=cd)
        losses = np.asarray(-picked * wt, dtype=d.dtype)
        if reduction == "none":
            out = losses
        elif reduction == "sum":
            out = np.asarray(losses.sum(), dtype=d.dtype)
        else:
            total = wt.sum(dtype=d.dtype)
            ctx.no_weight = total == 0
            out = np.asarray(losses.sum(dtype=d.dtype) / total, dtype=d.dtype)
            if total != 0:  # torch: with every target ignored the loss is nan, its gradient zero
                coef = coef / total
        ctx.reduction = reduction
        ctx.class_dim = cd
        # torch's nll_loss_backward writes -weight · grad at each valid target into zeros: elsewhere the
        # gradient is 0 even when the incoming one is nan or inf (hit says where it writes)
        ctx.save_for_backward(Tensor._wrap(np.asarray(coef, dtype=d.dtype)), a, Tensor._wrap(hit))
        return out

    @staticmethod
    def jvp(ctx, t):
        """torch's forward rule: the loss of the tangent (nll_loss is linear in self), so with every
        target ignored the 'mean' tangent is nan (0/0), as the loss is."""
        coef, _, _ = ctx.saved_tensors
        per = (coef * t).sum(ctx.class_dim) if t._data.ndim > 1 else (coef * t).sum()
        if ctx.reduction == "none":
            return per
        total = per.sum()
        return total * float("nan") if ctx.reduction == "mean" and ctx.no_weight else total

    def backward(ctx, grad):
        coef, a, hit = ctx.saved_tensors
        if ctx.reduction == "none" and grad._data.ndim:
            grad = grad.unsqueeze(ctx.class_dim)
        g = where(hit, grad * coef, 0.0)
        # torch's nll_loss_backward reads self: the gradient requires grad where self does
        return recorded_as(type(ctx).__name__[:-1] + "Backward0", g, a)


class NllLossBackward0(_Nll):
    explain = "grad_self = -weight[target] * grad at each target class, 0 elsewhere (/ total weight for 'mean')"
    checks = (check(lambda x: nll_loss(x, _const([0, 2])), (2, 3)),
              check(lambda x: nll_loss(x, _const([1, 1]), reduction="none"), (2, 3), label="none"),
              check(lambda x: nll_loss(x, _const(2)), (3,), label="one sample"))

    def forward(ctx, a, target, weight=None, reduction="mean", ignore_index=-100):
        return _Nll.forward(ctx, a, target, weight, reduction, ignore_index)


class NllLoss2DBackward0(_Nll):
    explain = "grad_self = -weight[target] * grad at each pixel's target class, 0 elsewhere (/ total weight for 'mean')"
    checks = (check(lambda x: nll_loss(x, _const([[[0, 1]], [[2, 2]]])), (2, 3, 1, 2)),
              check(lambda x: nll_loss(x, _const([[0, 2, 1], [1, 1, 0]]), reduction="sum"), (2, 3, 3), label="3-D"))

    def forward(ctx, a, target, weight=None, reduction="mean", ignore_index=-100):
        return _Nll.forward(ctx, a, target, weight, reduction, ignore_index)


def _const(v):
    from ..creation import tensor
    return tensor(v)


def _check_nll_args(input, target, weight):
    d = input._data
    if target._data.dtype not in (np.int64, np.uint8):
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {_type_word(target._data)}")
    n_classes = d.shape[0 if d.ndim == 1 else 1]
    if weight is not None:
        if weight._data.ndim != 1 or weight._data.size != n_classes:
            raise RuntimeError(f"weight tensor should be defined either for all {n_classes} classes or no classes "
                               f"but got weight tensor of shape: {list(weight._data.shape)}")
        if weight._data.dtype != d.dtype:
            raise RuntimeError(f"expected scalar type {_type_word(d)} but found {_type_word(weight._data)}")


def nll_loss(input, target, weight=None, reduction="mean", ignore_index=-100):
    """The negative log likelihood of the target classes (input: log-probabilities, classes along dim 1)."""
    d, t = input._data, target._data
    if d.ndim < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {d.ndim})")
    if d.ndim != 1 and (t.ndim == 0 or d.shape[0] != t.shape[0]):
        raise ValueError(f"Expected input batch_size ({d.shape[0]}) to match target batch_size "
                         f"({t.shape[0] if t.ndim else 0}).")
    if d.ndim <= 2:
        if t.ndim > 1:
            raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
        if d.ndim == 1 and t.ndim == 1 and t.shape[0] != 1:
            raise RuntimeError(f"size mismatch (got input: {list(d.shape)}, target: {list(t.shape)})")
        _check_nll_args(input, target, weight)
        return NllLossBackward0.apply(input, target=target, weight=weight, reduction=reduction,
                                      ignore_index=ignore_index)
    if d.ndim == 4:
        if t.ndim != 3:
            raise RuntimeError(f"only batches of spatial targets supported (3D tensors) but got targets of dimension: "
                               f"{t.ndim}")
        if t.shape != (d.shape[0],) + d.shape[2:]:
            raise RuntimeError(f"size mismatch (got input: {list(d.shape)}, target: {list(t.shape)})")
        _check_nll_args(input, target, weight)
        return NllLoss2DBackward0.apply(input, target=target, weight=weight, reduction=reduction,
                                        ignore_index=ignore_index)
    n, c = d.shape[:2]
    out_size = (n,) + d.shape[2:]
    if t.shape != out_size:
        raise RuntimeError(f"Expected target size {list(out_size)}, got {list(t.shape)}")
    x = input.contiguous().view(n, c, 1, -1) if d.size else input.contiguous().view(n, c, 0, 0)
    tg = target.contiguous().view(n, 1, -1) if t.size else target.contiguous().view(n, 0, 0)
    _check_nll_args(x, tg, weight)
    out = NllLoss2DBackward0.apply(x, target=tg, weight=weight, reduction=reduction, ignore_index=ignore_index)
    return out.view(out_size) if reduction == "none" else out


# -- cross entropy --------------------------------------------------------------------

def cross_entropy(input, target, weight=None, reduction="mean", ignore_index=-100, label_smoothing=0.0):
    """log_softmax over the classes (dim 1, or 0 for one sample) then NLL of class indices, or the
    cross-entropy with class probabilities when ``target`` has ``input``'s shape."""
    from .activation import log_softmax
    if not 0.0 <= label_smoothing <= 1.0:
        raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
    d = input._data
    class_dim = 0 if d.ndim == 1 else 1
    if d.shape == target._data.shape:
        return _cross_entropy_probs(input, target, weight, reduction, ignore_index, label_smoothing, class_dim)
    logp = log_softmax(input, class_dim)
    if label_smoothing > 0:
        return _cross_entropy_smoothed(logp, target, weight, reduction, ignore_index, label_smoothing, class_dim)
    return nll_loss(logp, target, weight, reduction, ignore_index)


def _class_view(weight, ndim, class_dim):
    """``weight`` shaped to broadcast along the class dim of an ``ndim``-d input."""
    shape = [1] * ndim
    shape[class_dim] = weight._data.shape[0]
    return weight.view(tuple(shape))


def _cross_entropy_probs(input, target, weight, reduction, ignore_index, label_smoothing, class_dim):
    from .activation import log_softmax
    d = input._data
    if target._data.dtype.kind != "f":
        raise RuntimeError(f"Expected floating point type for target with class probabilities, got "
                           f"{_type_word(target._data)}")
    if ignore_index >= 0:
        raise RuntimeError("ignore_index is not supported for floating point target")
    n_classes = d.shape[class_dim] if d.ndim else 1
    if weight is not None and (weight._data.ndim != 1 or weight._data.size != n_classes):
        raise RuntimeError(f"cross_entropy: weight tensor should be defined either for all {n_classes} classes or "
                           f"no classes but got weight tensor of shape: {list(weight._data.shape)}")
    logp = log_softmax(input, class_dim)
    if label_smoothing > 0:
        target = mul_scalar(target, 1 - label_smoothing)
        from .scalar import add_scalar
        target = add_scalar(target, label_smoothing / n_classes)
    prod = logp * target
    if weight is not None:
        prod = prod * _class_view(weight, d.ndim, class_dim)
    if reduction == "none":
        return -prod.sum(class_dim)
    total = -prod.sum()
    if reduction == "sum":
        return total
    return div_scalar(total, d.size / n_classes if n_classes else float("nan"))


def _cross_entropy_smoothed(logp, target, weight, reduction, ignore_index, label_smoothing, class_dim):
    d = logp._data
    n_classes = d.shape[class_dim]
    nll = nll_loss(logp, target, weight, reduction, ignore_index)
    ignore = Tensor._wrap(np.asarray(target._data == ignore_index))
    if weight is not None:
        smooth = -(logp * _class_view(weight, d.ndim, class_dim)).sum(class_dim)
    else:
        smooth = -logp.sum(class_dim)
    smooth = smooth.masked_fill(ignore, 0.0)
    if reduction == "mean":
        kept = ~ignore._data
        if weight is not None:
            denom = weight._data[target._data[kept].reshape(-1)].sum()
        else:
            denom = np.int64(kept.sum())
        ret = smooth.sum() / Tensor._wrap(np.asarray(denom))
    elif reduction == "sum":
        ret = smooth.sum()
    else:
        ret = smooth
    return mul_scalar(nll, 1 - label_smoothing) + mul_scalar(ret, label_smoothing / n_classes)


# -- binary cross entropy --------------------------------------------------------------

def _weights(weight, shape, dtype):
    if weight is None:
        return None
    w = weight._data.astype(dtype, copy=False)
    try:
        return np.broadcast_to(w, shape)
    except ValueError:
        raise broadcast_error(w.shape, shape) from None


class BinaryCrossEntropyBackward0(Node):
    __slots__ = ("reduction",)
    explain = ("grad_self = grad * weight * (self - target) / max(self (1 - self), 1e-12);  "
               "grad_target = grad * weight * (log(1 - self) - log(self))")
    checks = (check(lambda p: binary_cross_entropy(p, _const([[0.0, 1.0, 0.25], [0.5, 0.9, 0.0]]).to(p.dtype)),
                    (2, 3), low=0.1, high=0.9),
              check(lambda p, t: binary_cross_entropy(p, t, reduction="none"), (4,), (4,), low=0.1, high=0.9,
                    label="none, target grad"))

    def forward(ctx, a, target, weight=None, reduction="mean"):
        x, t = a._data, target._data
        if not np.all((x >= 0) & (x <= 1)):  # torch's check fails at nan too
            raise RuntimeError("all elements of input should be between 0 and 1")
        if not np.all((t >= 0) & (t <= 1)):  # torch 2.13 checks the target too, nan included
            raise RuntimeError("all elements of target should be between 0 and 1")
        w = _weights(weight, x.shape, x.dtype)
        ctx.reduction = reduction
        ctx.save_for_backward(a, target, None if w is None else Tensor._wrap(np.ascontiguousarray(w)))
        calc = x.astype(np.float32) if x.dtype == np.float16 else x
        loss = -(t * np.maximum(np.log(calc), -100) + (1 - t) * np.maximum(np.log1p(-calc), -100))
        if w is not None:
            loss = loss * w
        # torch computes (1 - target).mul_(input)...: in place on the target's dtype
        return _reduce(np.asarray(loss, dtype=t.dtype), reduction)

    def backward(ctx, grad):
        x, t, w = ctx.saved_tensors
        g = _reduced_grad(grad, x._data.shape, ctx.reduction)
        if w is not None:
            g = g * w
        gx = gt = None
        if ctx.should_compute(0):
            gx = g * (x - t) / clamp_min((1 - x) * x, 1e-12)
        if ctx.should_compute(1):
            gt = g * (clamp_min(log1p(-x), -100) - clamp_min(x.log(), -100))
        return gx, gt


def binary_cross_entropy(input, target, weight=None, reduction="mean"):
    """-weight (target log(input) + (1 - target) log(1 - input)), input in [0, 1]."""
    if target.dtype is not input.dtype:
        raise RuntimeError(f"Found dtype {_type_word(target._data)} but expected {_type_word(input._data)}")
    return BinaryCrossEntropyBackward0.apply(input, target, weight=weight, reduction=reduction)


def _softplus_neg(x):
    """log(1 + e^(-x)), stably: max(-x, 0) + log1p(e^(-|x|))."""
    return clamp_min(-x, 0) + log1p((-x.abs()).exp())


class BinaryCrossEntropyWithLogitsBackward0(Node):
    __slots__ = ("reduction",)
    broadcasting = True  # the result has the target's dtype: each gradient is cast to its input's
    casts_only = True
    explain = ("grad_self = grad * weight * ((1 + (pos_weight - 1) target) σ(self) - pos_weight target);  "
               "grad_target = grad * weight * (-self + (pos_weight - 1) log(1 + e^(-self)))")
    checks = (check(lambda x: binary_cross_entropy_with_logits(
                        x, _const([[0.0, 1.0, 0.25], [0.5, 0.9, 0.0]]).to(x.dtype)), (2, 3)),
              check(lambda x, t: binary_cross_entropy_with_logits(x, t.sigmoid(), reduction="none",
                                                                   pos_weight=_const([0.5, 2.0, 1.5])),
                    (2, 3), (2, 3), label="pos_weight, target grad"))

    def forward(ctx, a, target, weight=None, pos_weight=None, reduction="mean"):
        x, t = a._data, target._data
        # torch's order of failures: log_sigmoid of the input, (1 - target) of a bool, the cast
        if x.dtype.kind != "f":
            raise NotImplementedError(f"\"log_sigmoid_cpu\" not implemented for '{_type_word(x)}'")
        if t.dtype.kind == "b":
            raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                               "`logical_xor()` operator instead.")
        if t.dtype.kind != "f":
            raise RuntimeError(f"result type {_type_word(x)} can't be cast to the desired output type "
                               f"{_type_word(t)}")
        pw = None
        if pos_weight is not None:
            pw = pos_weight._data.astype(x.dtype, copy=False)
            try:
                np.broadcast_shapes(pw.shape, t.shape)
            except ValueError:
                raise broadcast_error(pw.shape, t.shape) from None
        w = _weights(weight, x.shape, x.dtype)
        ctx.reduction = reduction
        ctx.save_for_backward(a, target, None if w is None else Tensor._wrap(np.ascontiguousarray(w)),
                              None if pw is None else Tensor._wrap(pw))
        calc = x.astype(np.float32) if x.dtype == np.float16 else x
        sp = np.maximum(-calc, 0) + np.log1p(np.exp(-np.abs(calc)))
        if pw is not None:
            loss = (1 - t) * calc + ((pw - 1) * t + 1) * sp
        else:
            loss = (1 - t) * calc + sp
        if w is not None:
            loss = loss * w
        # torch computes (1 - target).mul_(input)...: in place on the target's dtype
        return _reduce(np.asarray(loss, dtype=t.dtype), reduction)

    def backward(ctx, grad):
        x, t, w, pw = ctx.saved_tensors
        g = _reduced_grad(grad, x._data.shape, ctx.reduction)
        if w is not None:
            g = g * w
        gx = gt = None
        if ctx.should_compute(0):
            if pw is None:
                gx = g * (x.sigmoid() - t)
            else:
                gx = g * ((t * (pw - 1) + 1) * x.sigmoid() - pw * t)
        if ctx.should_compute(1):
            gt = g * -x if pw is None else g * (-x + (pw - 1) * _softplus_neg(x))
        return gx, gt


def binary_cross_entropy_with_logits(input, target, weight=None, reduction="mean", pos_weight=None):
    """Binary cross-entropy of sigmoid(input), computed stably from the logits."""
    return BinaryCrossEntropyWithLogitsBackward0.apply(input, target, weight=weight, pos_weight=pos_weight,
                                                       reduction=reduction)


# -- composed losses -----------------------------------------------------------------

def l1_loss(input, target, reduction="mean"):
    """|input - target|, reduced (composed: MeanBackward0 <- AbsBackward0 <- SubBackward0)."""
    loss = (input - target).abs()
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss


def mse_loss(input, target, reduction="mean"):
    return MseLossBackward0.apply(input, target, reduction=reduction)


def smooth_l1_loss(input, target, reduction="mean", beta=1.0):
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    if beta == 0:
        return l1_loss(input, target, reduction)
    return SmoothL1LossBackward0.apply(input, target, reduction=reduction, beta=beta)
