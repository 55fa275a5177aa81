"""Normalization as torch records it: batch_norm (NativeBatchNormBackward0, updating the
running statistics in place during training), layer_norm (NativeLayerNormBackward0) and
group_norm (NativeGroupNormBackward0).

Each backward is the closed form of the normalisation's derivative, written with engine
ops and recomputing the statistics from the saved input, so it is differentiable again.
"""

import numpy as np

from ..grad_mode import STATE
from ..node import Node
from ..tensor import Tensor
from . import batch_norm_kernels
from .checks import check


def _stats(d, axes, eps):
    dd = d.astype(np.float64) if d.dtype == np.float16 else d
    mean = dd.mean(axes, keepdims=True)
    var = ((dd - mean) ** 2).mean(axes, keepdims=True)
    return mean, var, 1.0 / np.sqrt(var + eps)


def _normalized_grad(x, grad_xhat, axes, eps):
    """d(loss)/dx for xhat = (x - mean) / sqrt(var + eps) over ``axes``, given d(loss)/d(xhat)."""
    mean = x.mean(axes, keepdim=True)
    xc = x - mean
    invstd = ((xc * xc).mean(axes, keepdim=True) + eps).rsqrt()
    xhat = xc * invstd
    return invstd * (grad_xhat - grad_xhat.mean(axes, keepdim=True)
                     - xhat * (grad_xhat * xhat).mean(axes, keepdim=True)), xhat


def _affine_jvp(x, w, t_x, t_w, t_b, axes, eps, shape=None, view=None):
    """The tangent of ``x̂·w + b`` (x̂ normalized over ``axes`` of ``x``, read as ``view`` when given;
    ``w``, ``b`` shaped as ``shape``): dx̂·w + x̂·t_w + t_b, where dx̂ = invstd·(t - mean(t) - x̂·mean(t·x̂))
    (the normalization's Jacobian is symmetric: the backward's formula, as torch's layer_norm_jvp)."""
    xs = x if view is None else x.reshape(view)
    out = None
    if t_x is not None:
        dxhat, xhat = _normalized_grad(xs, t_x if view is None else t_x.reshape(view), axes, eps)
        dxhat = dxhat.reshape(x.shape)
        out = dxhat * (w if shape is None else w.view(shape)) if w is not None else dxhat
    else:
        mean = xs.mean(axes, keepdim=True)
        xc = xs - mean
        xhat = xc * ((xc * xc).mean(axes, keepdim=True) + eps).rsqrt()
    if t_w is not None:
        term = xhat.reshape(x.shape) * (t_w if shape is None else t_w.view(shape))
        out = term if out is None else out + term
    if t_b is not None:
        term = t_b if shape is None else t_b.view(shape)
        out = term if out is None else out + term
    return out


def _channel_shape(ndim):
    return (1, -1) + (1,) * (ndim - 2)


class NativeBatchNormBackward0(Node):
    __slots__ = ("training", "eps", "stats")
    explain = ("grad_input = w·invstd·(grad - mean(grad) - x̂·mean(grad·x̂)) in training (batch statistics), "
               "grad·w·invstd with running statistics;  grad_weight = Σ grad·x̂;  grad_bias = Σ grad")
    checks = (check(lambda x, w, b: batch_norm(x, None, None, w, b, True, 0.1, 1e-5), (4, 3), (3,), (3,)),
              check(lambda x, w, b: batch_norm(x, None, None, w, b, True, 0.1, 1e-5), (2, 2, 3, 2), (2,), (2,),
                    label="2d"),
              check(lambda x, w, b: batch_norm(x, Tensor._wrap(np.array([0.1, -0.2])),
                                               Tensor._wrap(np.array([1.5, 0.5])), w, b, False, 0.1, 1e-5),
                    (3, 2, 4), (2,), (2,), label="eval"))

    def forward(ctx, x, w, b, running_mean, running_var, training, momentum, eps):
        ctx.save_for_backward(x, w)
        ctx.training, ctx.eps = training, eps
        d = x._data
        if _torch_kernel_applies(d, w, b, running_mean, running_var):
            return _forward_as_torch(ctx, d, w, b, running_mean, running_var, training, momentum, eps)
        axes = (0,) + tuple(range(2, d.ndim))
        shape = _channel_shape(d.ndim)
        if training:
            mean, var, invstd = _stats(d, axes, eps)
            if running_mean is not None:
                from .inplace import write
                n = d.size // d.shape[1]
                rm, rv = running_mean._data, running_var._data
                write(running_mean, ((1 - momentum) * rm + momentum * mean.reshape(-1)).astype(rm.dtype))
                unbiased = var.reshape(-1) * (n / (n - 1)) if n > 1 else np.full(var.size, np.nan)
                write(running_var, ((1 - momentum) * rv + momentum * unbiased).astype(rv.dtype))
        else:
            mean = running_mean._data.reshape(shape).astype(np.float64 if d.dtype == np.float16 else d.dtype)
            invstd = 1.0 / np.sqrt(running_var._data.reshape(shape) + eps)
        ctx.stats = (mean, invstd)
        y = (d - mean) * invstd
        if w is not None:
            y = y * w._data.reshape(shape)
        if b is not None:
            y = y + b._data.reshape(shape)
        return np.asarray(y, dtype=d.dtype)

    def backward(ctx, grad):
        x, w = ctx.saved_tensors
        stats = ctx.stats
        if stats[0] is None:  # computed by torch's kernel in forward
            if not STATE.grad_enabled:  # nothing recorded: torch's backward kernel too
                mean, invstd = stats[1]
                gx, gw, gb = batch_norm_kernels.backward(
                    grad._data, x._data, None if w is None else w._data, mean, invstd, ctx.training,
                    ctx.needs_input_grad[0])
                need_x, need_w, need_b = ctx.needs_input_grad
                return (Tensor._wrap(gx) if need_x else None,
                        Tensor._wrap(gw) if need_w and w is not None else None,
                        Tensor._wrap(gb) if need_b else None)
            stats = stats[2]  # create_graph: the differentiable formulas below
        nd = x._data.ndim
        axes = (0,) + tuple(range(2, nd))
        shape = _channel_shape(nd)
        need_x, need_w, need_b = ctx.needs_input_grad
        gxhat = grad * w.view(shape) if w is not None else grad
        gx = gw = gb = None
        if ctx.training:
            gx_full, xhat = _normalized_grad(x, gxhat, axes, ctx.eps)
            gx = gx_full if need_x else None
        else:
            mean, invstd = stats
            inv = Tensor._wrap(invstd.astype(x._data.dtype))
            xhat = (x - Tensor._wrap(mean.astype(x._data.dtype))) * inv
            gx = gxhat * inv if need_x else None
        if need_w:
            gw = (grad * xhat).sum(axes)
        if need_b:
            gb = grad.sum(axes)
        return gx, gw, gb


def _torch_kernel_applies(d, w, b, running_mean, running_var):
    """float32/float64, contiguous, every parameter of the input's dtype: torch's kernel order."""
    if not batch_norm_kernels.applies(d) or not d.flags.c_contiguous or d.ndim < 2:
        return False
    return all(t is None or t._data.dtype == d.dtype for t in (w, b, running_mean, running_var))


def _forward_as_torch(ctx, d, w, b, running_mean, running_var, training, momentum, eps):
    """The forward in torch's order of operations (ops/batch_norm_kernels.py)."""
    n = d.size // d.shape[1]
    wd = None if w is None else w._data
    bd = None if b is None else b._data
    shape = _channel_shape(d.ndim)
    if training:
        mean, var_sum = batch_norm_kernels.collect_stats(d)
        invstd = batch_norm_kernels.invstd_of(var_sum, n, eps)
        new_mean, new_var = batch_norm_kernels.update_running(
            None if running_mean is None else running_mean._data,
            None if running_var is None else running_var._data, mean, var_sum, n, momentum)
        if new_mean is not None or new_var is not None:
            from .inplace import write
            if new_mean is not None:
                write(running_mean, new_mean)
            if new_var is not None:
                write(running_var, new_var)
        backward_stats = (mean, invstd)
        # (the create_graph formulas below read these as broadcastable float arrays)
        formula_stats = (mean.reshape(shape), invstd.reshape(shape))
    else:
        mean = running_mean._data
        invstd = batch_norm_kernels.eval_invstd(running_var._data, eps)
        # the backward's invstd is computed in double there, rounded to the dtype
        backward_stats = (mean, (1.0 / np.sqrt(running_var._data.astype(np.float64) + eps)).astype(d.dtype))
        formula_stats = (mean.reshape(shape), (1.0 / np.sqrt(running_var._data.reshape(shape) + eps)))
    ctx.stats = (None, backward_stats, formula_stats)
    return batch_norm_kernels.transform(d, mean, invstd, wd, bd)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-5):
    """Normalize over the batch (and spatial dims), per channel; in training, update the running stats."""
    d = input._data
    if training:
        size = d.size // d.shape[1] if d.ndim > 1 else d.size
        if size == 1:
            from ..tensor import Size
            raise ValueError(f"Expected more than 1 value per channel when training, got input size "
                             f"{Size(d.shape)}")
    if not training and (running_mean is None or running_var is None):
        raise RuntimeError("running_mean and running_var must be defined in evaluation mode")
    c = d.shape[1] if d.ndim > 1 else 0
    for name, t in (("weight", weight), ("bias", bias), ("running_mean", running_mean),
                    ("running_var", running_var)):
        if t is not None and t._data.size != c:
            raise RuntimeError(f"{name} should contain {c} elements not {t._data.size}")
    return NativeBatchNormBackward0.apply(input, weight, bias, running_mean=running_mean, running_var=running_var,
                                          training=training, momentum=momentum, eps=eps)


class NativeLayerNormBackward0(Node):
    __slots__ = ("k", "eps")
    explain = ("grad_input = invstd·(g - mean(g) - x̂·mean(g·x̂)) with g = grad·w (statistics over the normalized "
               "dims);  grad_weight = Σ grad·x̂;  grad_bias = Σ grad (over the leading dims)")
    checks = (check(lambda x, w, b: layer_norm(x, (3,), w, b, 1e-5), (4, 3), (3,), (3,)),
              check(lambda x, w, b: layer_norm(x, (2, 3), w, b, 1e-5), (2, 2, 3), (2, 3), (2, 3), label="2 dims"))

    def forward(ctx, x, w, b, k, eps):
        ctx.save_for_backward(x, w)
        ctx.k, ctx.eps = k, eps
        d = x._data
        axes = tuple(range(d.ndim - k, d.ndim))
        mean, var, invstd = _stats(d, axes, eps)
        y = (d - mean) * invstd
        if w is not None:
            y = y * w._data
        if b is not None:
            y = y + b._data
        return np.asarray(y, dtype=d.dtype)

    @staticmethod
    def jvp(ctx, t_x, t_w, t_b):
        """torch's: invstd·(t - mean(t) - x̂·mean(t·x̂))·w + x̂·t_w + t_b (statistics over the normalized dims)."""
        x, w = ctx.saved_tensors
        nd = x._data.ndim
        return _affine_jvp(x, w, t_x, t_w, t_b, tuple(range(nd - ctx.k, nd)), ctx.eps)

    def backward(ctx, grad):
        x, w = ctx.saved_tensors
        nd = x._data.ndim
        axes = tuple(range(nd - ctx.k, nd))
        lead = tuple(range(nd - ctx.k))
        need_x, need_w, need_b = ctx.needs_input_grad
        gxhat = grad * w if w is not None else grad
        gx_full, xhat = _normalized_grad(x, gxhat, axes, ctx.eps)
        gw = (grad * xhat).sum(lead) if need_w and lead else ((grad * xhat) if need_w else None)
        gb = (grad.sum(lead) if lead else grad) if need_b else None
        return (gx_full if need_x else None), gw, gb


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    """Normalize over the last ``len(normalized_shape)`` dims, then scale and shift elementwise."""
    if isinstance(normalized_shape, int):
        normalized_shape = (normalized_shape,)
    normalized_shape = tuple(normalized_shape)
    k = len(normalized_shape)
    shape = tuple(input._data.shape)
    if k == 0 or len(shape) < k or shape[len(shape) - k:] != normalized_shape:
        raise RuntimeError(f"Given normalized_shape={list(normalized_shape)}, expected input with shape "
                           f"[*, {', '.join(map(str, normalized_shape))}], but got input of size{list(shape)}")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and tuple(t._data.shape) != normalized_shape:
            raise RuntimeError(f"Expected {name} to be of same shape as normalized_shape, but got {name} of shape "
                               f"{list(t._data.shape)} and normalized_shape = {list(normalized_shape)}")
    return NativeLayerNormBackward0.apply(input, weight, bias, k=k, eps=eps)


class NativeGroupNormBackward0(Node):
    __slots__ = ("groups", "eps")
    explain = ("grad_input = invstd·(g - mean(g) - x̂·mean(g·x̂)) per (sample, group), g = grad·w;  "
               "grad_weight = Σ grad·x̂;  grad_bias = Σ grad (per channel)")
    checks = (check(lambda x, w, b: group_norm(x, 2, w, b, 1e-5), (2, 4, 3), (4,), (4,)),)

    def forward(ctx, x, w, b, groups, eps):
        ctx.save_for_backward(x, w)
        ctx.groups, ctx.eps = groups, eps
        d = x._data
        n = d.shape[0]
        g = d.reshape(n, groups, -1)
        mean, var, invstd = _stats(g, (2,), eps)
        y = ((g - mean) * invstd).reshape(d.shape)
        shape = _channel_shape(d.ndim)
        if w is not None:
            y = y * w._data.reshape(shape)
        if b is not None:
            y = y + b._data.reshape(shape)
        return np.asarray(y, dtype=d.dtype)

    @staticmethod
    def jvp(ctx, t_x, t_w, t_b):
        """torch's: invstd·(t - mean(t) - x̂·mean(t·x̂))·w + x̂·t_w + t_b (per sample and group)."""
        x, w = ctx.saved_tensors
        n = x._data.shape[0]
        return _affine_jvp(x, w, t_x, t_w, t_b, (2,), ctx.eps, _channel_shape(x._data.ndim), (n, ctx.groups, -1))

    def backward(ctx, grad):
        x, w = ctx.saved_tensors
        shape = x._data.shape
        nd, n = len(shape), shape[0]
        cshape = _channel_shape(nd)
        axes = (0,) + tuple(range(2, nd))
        need_x, need_w, need_b = ctx.needs_input_grad
        gxhat = grad * w.view(cshape) if w is not None else grad
        gx, xhat = _normalized_grad(x.reshape(n, ctx.groups, -1), gxhat.reshape(n, ctx.groups, -1), (2,), ctx.eps)
        xhat = xhat.reshape(shape)
        gw = (grad * xhat).sum(axes) if need_w else None
        gb = grad.sum(axes) if need_b else None
        return (gx.reshape(shape) if need_x else None), gw, gb


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    """Normalize each sample over groups of channels, then scale and shift per channel."""
    shape = list(input._data.shape)
    if input.dim() < 2:
        raise RuntimeError(f"Expected at least 2 dimensions for input tensor but received {input.dim()}")
    if shape[1] % num_groups:
        raise RuntimeError(f"Expected number of channels in input to be divisible by num_groups, but got input of "
                           f"shape {shape} and num_groups={num_groups}")
    return NativeGroupNormBackward0.apply(input, weight, bias, groups=num_groups, eps=eps)
