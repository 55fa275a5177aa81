"""ATen's ``native_*`` functions and the other kernels torch exposes at top level under their
ATen names (``torch.native_layer_norm``, ``native_batch_norm``, ``native_group_norm``,
``native_dropout``, ``native_channel_shuffle``, ``norm_except_dim``, ``batch_norm_update_stats``,
``nonzero_static``, ``Tensor.dim_order``, ``Tensor.module_load``).

They return what torch's do, tuples included (``native_layer_norm`` gives ``(out, mean, rstd)``
with the statistics shaped for broadcasting), with torch's ``grad_fn`` names: the outputs come
from the same nodes ``F.layer_norm``/``F.batch_norm``/``F.group_norm`` record. The sync-batch-norm
kernels and ``native_norm`` exist in torch only for CUDA: on the CPU torch raises, and so do they
here, with torch's message.
"""

import numpy as np

from ..node import Node, not_differentiable
from ..tensor import Tensor
from .checks import check
from .linalg_decompositions import LinalgVectorNormBackward0
from .norm_aten import norm_dim
from .normalization import NativeGroupNormBackward0, _stats, batch_norm, layer_norm


def _wrap(a):
    return Tensor._wrap(np.ascontiguousarray(a))


# -- native_layer_norm / native_batch_norm: the output's node, the statistics as plain tensors ---------

def native_layer_norm(input, normalized_shape, weight, bias, eps):
    """``(out, mean, rstd)``: layer norm over the last ``len(normalized_shape)`` dims, and the
    statistics it used (shaped like the input with those dims of size 1; no gradient, as torch's)."""
    out = layer_norm(input, normalized_shape, weight, bias, eps)
    d = input._data
    k = 1 if isinstance(normalized_shape, int) else len(tuple(normalized_shape))
    mean, _, rstd = _stats(d, tuple(range(d.ndim - k, d.ndim)), eps)
    dt = np.float32 if d.dtype == np.float16 else d.dtype
    return out, _wrap(mean.astype(dt)), _wrap(rstd.astype(dt))


def native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps):
    """``(out, save_mean, save_invstd)``: batch norm, and in training the batch's per-channel mean and
    1/sqrt(var + eps) (empty tensors in evaluation, as torch's CPU kernel returns)."""
    d = input._data
    out = batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)
    dt = np.float32 if d.dtype == np.float16 else d.dtype
    if not training:
        return out, _wrap(np.zeros(0, dt)), _wrap(np.zeros(0, dt))
    mean, _, invstd = _stats(d, (0,) + tuple(range(2, d.ndim)), eps)
    return out, _wrap(mean.reshape(-1).astype(dt)), _wrap(invstd.reshape(-1).astype(dt))


# -- native_group_norm: three differentiable outputs ------------------------------------------------------

def _group_norm3_forward(ctx, x, w, b, groups, eps):
    y = NativeGroupNormBackward0.forward(ctx, x, w, b, groups, eps)
    d = x._data
    mean, _, rstd = _stats(d.reshape(d.shape[0], groups, -1), (2,), eps)
    dt = d.dtype
    return y, mean.reshape(d.shape[0], groups).astype(dt), rstd.reshape(d.shape[0], groups).astype(dt)


def _group_norm3_backward(ctx, grad, grad_mean, grad_rstd):
    gx = gw = gb = None
    if grad is not None:
        gx, gw, gb = NativeGroupNormBackward0.backward(ctx, grad)
    if grad_mean is None and grad_rstd is None or not ctx.needs_input_grad[0]:
        return gx, gw, gb
    x = ctx.saved_tensors[0]
    n = x._data.shape[0]
    g = x.reshape(n, ctx.groups, -1)
    m = g._data.shape[2]
    extra = None
    if grad_mean is not None:  # d mean / d x = 1/M
        extra = (grad_mean / m).unsqueeze(2).expand(g.shape)
    if grad_rstd is not None:  # d rstd / d x = -rstd³ (x - mean) / M
        xc = g - g.mean(2, keepdim=True)
        rstd = ((xc * xc).mean(2, keepdim=True) + ctx.eps).rsqrt()
        term = -(grad_rstd.unsqueeze(2) * rstd * rstd * rstd) * xc / m
        extra = term if extra is None else extra + term
    extra = extra.reshape(x.shape)
    return (extra if gx is None else gx + extra), gw, gb


_NativeGroupNorm3 = type("NativeGroupNormBackward0", (NativeGroupNormBackward0,), {
    "__slots__": (), "__module__": __name__, "n_diff_outputs": 3,
    "__doc__": "``torch.native_group_norm``: the normalised output and the per-(sample, group) mean and rstd.",
    "explain": NativeGroupNormBackward0.explain + ";  through mean: grad_mean / M;  through rstd: "
                                                  "-grad_rstd · rstd³ · (x - mean) / M",
    "forward": _group_norm3_forward, "backward": _group_norm3_backward,
    "checks": (check(lambda x, w, b: native_group_norm(x, w, b, 2, 4, 3, 2, 1e-5), (2, 4, 3), (4,), (4,)),)})


def native_group_norm(input, weight, bias, N, C, HxW, group, eps):
    """``(out, mean, rstd)``: group norm of ``input`` seen as (N, C, HxW), with the (N, group) statistics."""
    shape = tuple(input._data.shape)
    if input._data.size != N * C * HxW:
        raise RuntimeError(f"Expected input to have {N * C * HxW} elements, got {input._data.size}")
    if C % group:
        raise RuntimeError(f"Expected number of channels in input to be divisible by num_groups, but got input of "
                           f"shape {list(shape)} and num_groups={group}")
    return _NativeGroupNorm3.apply(input, weight, bias, groups=group, eps=eps)


# -- native_dropout ------------------------------------------------------------------------------------

class NativeDropoutBackward0(Node):
    __slots__ = ("mask", "scale")
    explain = "grad_input = grad · mask · scale   (scale = 1/(1 - p) in training, 1 otherwise)"
    checks = (check(lambda x: native_dropout(x, 0.5, False)[0], (2, 3)),
              check(lambda x: native_dropout(x, 0.0, True)[0], (2, 3), label="train, p = 0"))

    def forward(ctx, x, mask, scale, grad_scale):
        ctx.mask, ctx.scale = mask, grad_scale
        d = x._data
        return (d * mask.astype(d.dtype)) * d.dtype.type(scale)

    def backward(ctx, grad):
        m = Tensor._wrap(ctx.mask.astype(grad._data.dtype))
        return grad * (m * ctx.scale)


def native_dropout(input, p, train):
    """``(out, mask)``: dropout as torch's fused kernel computes it (a boolean mask from ``bernoulli_(1 - p)``,
    out = input · mask · 1/(1 - p)); with ``train=False`` the input unchanged and an all-true mask."""
    d = input._data
    if d.size == 0:
        return input, _wrap(np.empty(d.shape, d.dtype))
    if train is None or train:
        from ..random_sampling import _gen
        from ..random_transforms import bernoulli_scalar
        p1m = 1.0 - float(p)
        scale = 0.0 if p1m == 0 else 1.0 / p1m
        mask = np.asarray(bernoulli_scalar(_gen(None, "bernoulli_"), d.size, p1m)).reshape(d.shape)
    else:
        scale = 1.0
        mask = np.ones(d.shape, bool)
    # torch's backward scales by 1 when ``train`` is None (derivatives.yaml: ``!train.has_value() ? 1``),
    # though the forward scaled by 1/(1 - p): the gradient is torch's, quirk included
    grad_scale = 1.0 if train is None else scale
    return NativeDropoutBackward0.apply(input, mask=mask, scale=scale, grad_scale=grad_scale), _wrap(mask)


# -- compositions and small kernels ------------------------------------------------------------------------

def native_channel_shuffle(input, groups):
    """channel_shuffle's values; torch gives this kernel no derivative (a NotImplemented node)."""
    from .shuffle import channel_shuffle
    from ..grad_mode import no_grad
    with no_grad():
        out = channel_shuffle(input, groups)
    out = Tensor._wrap(out._data.copy())
    return not_differentiable("native_channel_shuffle", out, input)


class NormBackward0(LinalgVectorNormBackward0):
    """``at::norm(self, p)`` from C++ (linalg.vector_norm's rule under ATen's name)."""
    __slots__ = ()


def _aten_norm(x, p):
    return NormBackward0.apply(x, ord=p if p in (1, 2) else float(p), dim=None, keepdim=False, out_dtype=None)


def norm_except_dim(v, pow=2, dim=0):
    """The ``pow``-norm of ``v`` over every dim but ``dim`` (weight norm's g), shaped to broadcast
    against ``v``; ``dim=-1``: the norm of the whole tensor (ATen's composition, ATen's nodes)."""
    if dim == -1:
        return _aten_norm(v, pow)
    nd = v.dim()
    if dim == 0:
        return norm_dim(v.contiguous().view(v.shape[0], -1), pow, 1).view((v.shape[0],) + (1,) * (nd - 1))
    if dim == nd - 1:
        return norm_dim(v.contiguous().view(-1, v.shape[nd - 1]), pow, 0).view((1,) * (nd - 1) + (v.shape[nd - 1],))
    return norm_except_dim(v.transpose(0, dim), pow, 0).transpose(0, dim)


def batch_norm_update_stats(input, running_mean, running_var, momentum):
    """``(mean, var)`` of the batch per channel (the biased variance; the unbiased one goes into
    ``running_var``), updating the running statistics in place."""
    d = input._data
    axes = (0,) + tuple(range(2, d.ndim))
    mean = d.mean(axes, dtype=np.float64 if d.dtype == np.float16 else None)
    var = ((d - mean.reshape((1, -1) + (1,) * (d.ndim - 2))) ** 2).mean(axes)
    n = d.size // d.shape[1]
    from .inplace import write
    if running_mean is not None:
        rm = running_mean._data
        write(running_mean, ((1 - momentum) * rm + momentum * mean).astype(rm.dtype))
    if running_var is not None:
        rv = running_var._data
        unbiased = var * (n / (n - 1)) if n > 1 else np.full(var.shape, np.nan)
        write(running_var, ((1 - momentum) * rv + momentum * unbiased).astype(rv.dtype))
    mean_t = _wrap(mean.astype(d.dtype))
    var_t = _wrap(var.astype(d.dtype))
    return (not_differentiable("batch_norm_update_stats", mean_t, input),
            not_differentiable("batch_norm_update_stats", var_t, input))


def nonzero_static(input, *, size, fill_value=-1):
    """``nonzero`` padded with ``fill_value`` rows (or cut) to exactly ``size`` rows."""
    if size < 0:
        raise RuntimeError(f"nonzero_static: 'size' must be an non-negative integer, but got size: {size}")
    d = input._data
    idx = np.argwhere(d) if d.ndim else np.zeros((1 if d else 0, 0), np.int64)
    out = np.full((size, d.ndim), fill_value, np.int64)
    k = min(size, len(idx))
    out[:k] = idx[:k]
    return _wrap(out)


def dim_order(self, *, ambiguity_check=False):
    """The dims from outermost to innermost in memory (by decreasing stride)."""
    strides = self.stride()
    return tuple(sorted(range(len(strides)), key=lambda i: -strides[i]))


def module_load(self, other, assign=False):
    """How ``load_state_dict`` turns ``other`` into this parameter's value: ``other`` detached (copied into
    ``self`` first unless ``assign``)."""
    if assign:
        return other.detach()
    return self.copy_(other).detach()


# -- CUDA-only kernels: torch's CPU build raises ----------------------------------------------------------

_CUDA_ONLY_MESSAGE = (
    "Could not run 'aten::{name}' with arguments from the 'CPU' backend. This could be because the operator "
    "doesn't exist for this backend, or was omitted during the selective/custom build process (if using custom "
    "build). If you are a Facebook employee using PyTorch on mobile, please visit https://fburl.com/ptmfixes for "
    "possible resolutions. 'aten::{name}' is only available for these backends: [{backends}].")
# the dispatch keys torch 2.13 lists (its CPU build; the registration table that follows is left out)
_BACKENDS = ("Meta, {sparse}BackendSelect, Python, FuncTorchDynamicLayerBackMode, Functionalize, Conjugate, Negative, "
             "ZeroTensor, ADInplaceOrView, AutogradOther, AutogradCPU, AutogradCUDA, AutogradHIP, AutogradXLA, "
             "AutogradMPS, AutogradIPU, AutogradXPU, AutogradHPU, AutogradVE, AutogradLazy, AutogradMTIA, AutogradMAIA, "
             "AutogradPrivateUse1, AutogradPrivateUse2, AutogradPrivateUse3, AutogradMeta, AutogradNestedTensor, Tracer, "
             "AutocastCPU, AutocastMTIA, AutocastMAIA, AutocastXPU, AutocastMPS, AutocastCUDA, FuncTorchBatched, "
             "BatchedNestedTensor, FuncTorchVmapMode, Batched, VmapMode, FuncTorchGradWrapper, PythonTLSSnapshot, "
             "FuncTorchDynamicLayerFrontMode, PreDispatch, PythonDispatcher")


def _cuda_only(name, doc):
    def fn(*args, **kw):
        aten = name
        if name == "native_norm" and (len(args) > 2 or "dim" in kw):
            aten = "native_norm.ScalarOpt_dim_dtype"
        backends = _BACKENDS.format(sparse="SparseCPU, " if name == "native_norm" else "")
        raise NotImplementedError(_CUDA_ONLY_MESSAGE.format(name=aten, backends=backends))
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc + " torch has this kernel for CUDA only: on the CPU it raises, as here."
    return fn


CUDA_ONLY = {n: _cuda_only(n, d) for n, d in (
    ("batch_norm_stats", "Per-channel (mean, invstd) for synchronized batch norm."),
    ("batch_norm_elemt", "The elementwise step of synchronized batch norm."),
    ("batch_norm_gather_stats", "Combine per-process batch statistics (synchronized batch norm)."),
    ("batch_norm_gather_stats_with_counts", "Combine per-process batch statistics with their counts."),
    ("batch_norm_backward_reduce", "The reduction step of synchronized batch norm's backward."),
    ("batch_norm_backward_elemt", "The elementwise step of synchronized batch norm's backward."),
    ("native_norm", "The p-norm kernel behind torch.norm on CUDA."))}


def register(functions, methods):
    for name in ("native_layer_norm", "native_batch_norm", "native_group_norm", "native_dropout",
                 "native_channel_shuffle", "norm_except_dim", "batch_norm_update_stats", "nonzero_static"):
        functions[name] = globals()[name]
    for name, fn in CUDA_ONLY.items():
        functions[name] = fn
    methods["dim_order"] = dim_order
    methods["module_load"] = module_load
    methods["nonzero_static"] = nonzero_static
