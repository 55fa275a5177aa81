"""Statistics along dims: amax amin, std var (and std_mean var_mean), logsumexp,
and the running reductions cumsum cumprod."""

import warnings

import numpy as np

from .. import dtypes as _dt
from ..grad_mode import STATE
from ..node import Node
from ..tensor import Tensor
from .checks import check
from .support import _TYPE_WORDS
from .support import expand_reduced, wrap_dim
from .masked import where
from .table_reduce import reduction


def _reduce_dims(dim, ndim):
    """``dim`` (None, an int, or a tuple; ``()`` and None mean every dim) as a sorted tuple."""
    if dim is None:
        return tuple(range(ndim))
    if isinstance(dim, (tuple, list)):
        if not dim:
            return tuple(range(ndim))
        out = []
        for d in dim:
            w = wrap_dim(d, ndim)
            if w in out:
                raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
            out.append(w)
        return tuple(sorted(out))
    return (wrap_dim(dim, ndim),)


def _count(shape, dims):
    n = 1
    for d in dims:
        n *= shape[d]
    return n


def _restore(t, shape, dims, keepdim):
    """A reduced tensor with its reduced dims put back as size 1 (so it broadcasts against the input)."""
    if not shape:
        return t
    return expand_reduced(t, shape, dims, keepdim)


# -- amax / amin -------------------------------------------------------------------

def _extreme_forward(fn):
    def forward(d, dims, keepdim):
        return d.copy() if not d.ndim else np.asarray(fn(d, axis=dims, keepdims=keepdim))
    return forward


def _shared(grad, self, result, dims):
    """grad shared equally among the elements equal to the extreme along dims (ties share it)."""
    if not self._data.ndim:
        return grad
    mask = self == result
    return grad / mask.sum(dims, keepdim=True) * mask  # torch's scale_grad_by_count, in its order


AMAX = reduction((), "AmaxBackward0", _extreme_forward(np.amax), grad=_shared, doc="",
                 explain="grad_self = grad shared equally among the elements equal to the maximum along dim",
                 checks=(check(lambda x: x.amax(), (2, 3)),
                         check(lambda x: x.amax(1), (2, 3), label="dim"),
                         check(lambda x: x.amax((0, 2), keepdim=True), (2, 3, 2), label="dims keepdim"),
                         check(lambda x: amax(x.round(), 1), (3, 4), low=-1.5, high=1.5, label="ties",
                               second_order=False)))
AMIN = reduction((), "AminBackward0", _extreme_forward(np.amin), grad=_shared, doc="",
                 explain="grad_self = grad shared equally among the elements equal to the minimum along dim",
                 checks=(check(lambda x: x.amin(), (2, 3)),
                         check(lambda x: x.amin(0), (2, 3), label="dim"),
                         check(lambda x: x.amin(-1, keepdim=True), (3, 2), label="keepdim")))
AmaxBackward0, AminBackward0 = AMAX.node, AMIN.node


def _extreme(node, name, input, dim, keepdim):
    d = input._data
    if d.size == 0 and (dim is None or (isinstance(dim, (tuple, list)) and not dim)):
        raise RuntimeError(f"{name}(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
                           f"reduction dim with the 'dim' argument.")
    if d.size == 0 and d.ndim and dim is not None:
        for k in (dim if isinstance(dim, (tuple, list)) else (dim,)):
            if d.shape[wrap_dim(k, d.ndim)] == 0:  # torch names the dim as it was given
                raise IndexError(f"{name}(): Expected reduction dim {k} to have non-zero size.")
    return node.apply(input, dims=_dims_or_scalar(dim, d.ndim), keepdim=keepdim)


def _dims_or_scalar(dim, ndim):
    """The reduced dims; a 0-d tensor only checks that ``dim`` is 0 or -1 and reduces nothing."""
    if ndim:
        return _reduce_dims(dim, ndim)
    if dim is not None:
        for k in (dim if isinstance(dim, (tuple, list)) else (dim,)):
            wrap_dim(k, 0)
    return ()


def amax(input, dim=(), keepdim=False):
    """The largest values along ``dim`` (every dim by default); ties share the gradient."""
    return _extreme(AMAX.node, "amax", input, dim, keepdim)


def amin(input, dim=(), keepdim=False):
    """The smallest values along ``dim`` (every dim by default); ties share the gradient."""
    return _extreme(AMIN.node, "amin", input, dim, keepdim)


# -- var / std ---------------------------------------------------------------------

def _moments(ctx, a, dims, correction, keepdim, name, empty_dims=False, whole=False, op=None):
    d = a._data
    if d.dtype.kind != "f" and not (d.dtype.kind == "c" and op in ("var", "std")):
        raise RuntimeError(f"{name} only support floating point and complex dtypes")
    axis = dims if d.ndim else None
    n = _count(d.shape, dims) if d.ndim else 1
    dof = n - correction
    if dof <= 0:
        op = op or name
        warnings.warn(f"{op}(): degrees of freedom is <= 0. Correction should be strictly less "
                      f"than the reduction factor (input numel divided by output numel).", UserWarning, stacklevel=4)
    calc = d.astype(np.float32) if d.dtype == np.float16 else d
    mean = calc.mean(axis=axis, keepdims=True)
    dev = calc - mean
    if dev.dtype.kind == "c":  # a complex variance is the mean squared distance |z - mean|², real
        ss = (dev.real * dev.real + dev.imag * dev.imag).sum(axis=axis, keepdims=keepdim and d.ndim > 0)
    else:
        ss = (dev * dev).sum(axis=axis, keepdims=keepdim and d.ndim > 0)
    var = ss / max(0, dof)
    mean = mean if keepdim or not d.ndim else mean.reshape(var.shape)
    ctx.save_for_backward(a)
    ctx.dims = dims
    ctx.keepdim = keepdim
    # torch's backward counts the elements of an explicit dim=() as 1 (though the forward reduces every dim)
    ctx.dof = 1 - correction if empty_dims else dof
    if whole and dof <= 0:
        ctx.dof = None  # torch's var_backward without a dim (or of a 0-d self): see _var_backward
    return np.asarray(var, dtype=d.real.dtype), np.asarray(mean, dtype=d.dtype)


def _var_backward(ctx, grad):
    """grad * 2 (self - mean) / (N - correction), as an engine expression."""
    (a,) = ctx.saved_tensors
    shape = a._data.shape
    if ctx.dof is None:
        # torch: with no dim (or a 0-d self) and N - correction <= 0, grad * (nan where self == mean,
        # else inf): no history through self
        return grad * where(a.detach() == a.detach().mean(), float("nan"), float("inf")).to(grad.dtype)
    factor = 2.0 / ctx.dof if ctx.dof else float("inf")
    if not shape:
        return grad * (a - a) * factor
    g = _restore(grad, shape, ctx.dims, ctx.keepdim)
    return g * (a - a.mean(ctx.dims, keepdim=True)) * factor


def _std_to_var_grad(grad, std):
    """d std = d var / (2 std); zero where std is zero (torch's choice)."""
    return where(std == 0, 0.0, grad / (std * 2))


def _mean_backward(ctx, grad, shape):
    if not shape:
        return grad
    n = _count(shape, ctx.dims)
    return (_restore(grad, shape, ctx.dims, ctx.keepdim) / n).expand(shape)


class VarBackward0(Node):
    __slots__ = ("dims", "keepdim", "dof")
    explain = "grad_self = grad * 2 (self - mean) / (N - correction)"
    checks = (check(lambda x: x.var(), (2, 3)),
              check(lambda x: x.var(1), (2, 3), label="dim"),
              check(lambda x: x.var((0, 2), keepdim=True, correction=0), (2, 3, 2), label="dims keepdim"),
              check(lambda x: var(x, 0, unbiased=False), (4,), label="biased"))

    def forward(ctx, a, dims, correction=1, keepdim=False, empty_dims=False, whole=False):
        return _moments(ctx, a, dims, correction, keepdim, "std and var", empty_dims, whole, "var")[0]

    def backward(ctx, grad):
        return _var_backward(ctx, grad)


class StdBackward0(Node):
    __slots__ = ("dims", "keepdim", "dof")
    explain = "grad_self = grad * (self - mean) / ((N - correction) * result)"
    saves_output = True
    checks = (check(lambda x: x.std(), (2, 3)),
              check(lambda x: x.std(0), (3, 2), label="dim"),
              check(lambda x: x.std(-1, keepdim=True, correction=0), (2, 4), label="keepdim"))

    def forward(ctx, a, dims, correction=1, keepdim=False, empty_dims=False, whole=False):
        v = _moments(ctx, a, dims, correction, keepdim, "std and var", empty_dims, whole, "std")[0]
        return np.sqrt(v)

    def backward(ctx, grad):
        return _var_backward(ctx, _std_to_var_grad(grad, ctx.result))


class VarMeanBackward0(Node):
    __slots__ = ("dims", "keepdim", "dof")
    explain = "grad_self = grad_var * 2 (self - mean) / (N - correction) + grad_mean / N"
    n_diff_outputs = 2
    checks = (check(lambda x: var_mean(x), (2, 3)),
              check(lambda x: var_mean(x, 1, keepdim=True), (2, 3), label="dim keepdim"))

    def forward(ctx, a, dims, correction=1, keepdim=False, empty_dims=False, whole=False):
        return _moments(ctx, a, dims, correction, keepdim, "var_mean", empty_dims, whole)

    def backward(ctx, grad_var, grad_mean):
        (a,) = ctx.saved_tensors
        return _var_backward(ctx, grad_var) + _mean_backward(ctx, grad_mean, a._data.shape)


class StdMeanBackward0(Node):
    __slots__ = ("dims", "keepdim", "dof")
    explain = "grad_self = grad_std * (self - mean) / ((N - correction) * std) + grad_mean / N"
    n_diff_outputs = 2
    checks = (check(lambda x: std_mean(x), (2, 3)),
              check(lambda x: std_mean(x, 0), (3, 2), label="dim"))

    def forward(ctx, a, dims, correction=1, keepdim=False, empty_dims=False, whole=False):
        v, m = _moments(ctx, a, dims, correction, keepdim, "std_mean", empty_dims, whole)
        return np.sqrt(v), m

    def backward(ctx, grad_std, grad_mean):
        (a,) = ctx.saved_tensors
        # the std output as a tensor of this node, so second derivatives see its dependence on self
        std = _std_of(a, ctx)
        return _var_backward(ctx, _std_to_var_grad(grad_std, std)) + _mean_backward(ctx, grad_mean, a._data.shape)


def _std_of(a, ctx):
    """The std output recomputed with engine ops, so second derivatives see how it depends on self."""
    from .reduction import sum as _sum
    if not a._data.shape:
        dev2 = (a - a) * (a - a)
    else:
        dev = a - a.mean(ctx.dims, keepdim=True)
        dev2 = _sum(dev * dev, ctx.dims, keepdim=ctx.keepdim)
    return (dev2 / (max(0, ctx.dof) if ctx.dof is not None else 0)).sqrt()


def _correction(unbiased, correction):
    if correction is not None:
        return correction
    return 0 if unbiased is False else 1


def _moment_args(input, dim, unbiased, keepdim, correction, name="std and var"):
    if input._data.dtype.kind not in "fc":  # torch checks the dtype before the dims
        raise RuntimeError(f"{name} only support floating point and complex dtypes")
    if isinstance(dim, bool):
        unbiased, dim = dim, None
    empty = isinstance(dim, (tuple, list)) and not dim and input._data.ndim > 0
    return dict(dims=_dims_or_scalar(dim, input._data.ndim), correction=_correction(unbiased, correction),
                keepdim=keepdim, empty_dims=empty, whole=dim is None or input._data.ndim == 0)


def var(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    """Variance over ``dim`` (every dim by default), dividing by N - correction (correction 1 by default)."""
    return VarBackward0.apply(input, **_moment_args(input, dim, unbiased, keepdim, correction))


def std(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    """Standard deviation over ``dim`` (every dim by default), with ``correction`` (1: Bessel's)."""
    return StdBackward0.apply(input, **_moment_args(input, dim, unbiased, keepdim, correction))


def var_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    """``(var, mean)`` over ``dim`` in one pass."""
    return VarMeanBackward0.apply(input, **_moment_args(input, dim, unbiased, keepdim, correction, "var_mean"))


def std_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    """``(std, mean)`` over ``dim`` in one pass."""
    return StdMeanBackward0.apply(input, **_moment_args(input, dim, unbiased, keepdim, correction, "std_mean"))


# -- logsumexp ---------------------------------------------------------------------

def _logsumexp(d, dims, keepdim):
    if d.dtype.kind != "f":
        d = d.astype(_dt.get_default_dtype().np)
    out_dtype = d.dtype
    if d.dtype == np.float16:
        d = d.astype(np.float32)
    if not d.ndim:
        return d.copy()
    if d.size == 0:
        return np.asarray(np.log(np.sum(np.exp(d), axis=dims, keepdims=keepdim)), dtype=out_dtype)
    m = np.amax(d, axis=dims, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    r = np.log(np.sum(np.exp(d - m), axis=dims, keepdims=True)) + m
    if not keepdim:
        r = r.reshape(tuple(s for k, s in enumerate(d.shape) if k not in dims))
    return np.asarray(r, dtype=out_dtype)


LOGSUMEXP = reduction((), "LogsumexpBackward0", _logsumexp, doc="",
                      grad=lambda grad, self, result: grad * (self - result).exp(),
                      explain="grad_self = grad * exp(self - result)   (the softmax of self along dim)",
                      checks=(check(lambda x: x.logsumexp(1), (2, 3)),
                              check(lambda x: x.logsumexp((0, 2), keepdim=True), (2, 3, 2), label="dims keepdim"),
                              check(lambda x: logsumexp(x * 30, 0), (3, 2), label="large values", atol=1e-5)))
LogsumexpBackward0 = LOGSUMEXP.node


def logsumexp(input, dim=None, keepdim=False):
    """log(sum(exp(x))) over ``dim``, computed without overflow."""
    if dim is None:
        raise TypeError('logsumexp() missing 1 required positional arguments: "dim"')
    return LOGSUMEXP.node.apply(input, dims=_dims_or_scalar(dim, input._data.ndim), keepdim=keepdim)


# -- cumsum / cumprod ------------------------------------------------------------------

def _scan_dtype(arr, dtype):
    if dtype is not None:
        return _dt.as_dtype(dtype).np
    return np.dtype(np.int64) if arr.dtype.kind in "iub" else arr.dtype


def _reverse_cumsum(g, dim):
    return g.flip(dim).cumsum(dim).flip(dim)


class CumsumBackward0(Node):
    __slots__ = ("dim", "in_dtype")
    explain = "grad_self = reversed cumulative sum of grad along dim"
    checks = (check(lambda x: x.cumsum(1), (2, 3)),
              check(lambda x: x.cumsum(0), (4,), label="1-D"),
              check(lambda x: cumsum(x, -1) * x, (2, 3), label="times x"),
              check(lambda x: x.cumsum(0, dtype=_dt.float32).double(), (3, 2), label="dtype", eps=1e-2, atol=1e-3,
                    second_order=False))

    def forward(ctx, a, dim, dtype=None):
        ctx.dim = dim
        ctx.in_dtype = a.dtype
        d = a._data
        out = _scan_dtype(d, dtype)
        if not d.ndim:
            return d.astype(out)
        return np.ascontiguousarray(np.cumsum(d, axis=dim, dtype=out))  # torch: a fresh contiguous output

    def backward(ctx, grad):
        if grad._data.ndim:
            grad = _reverse_cumsum(grad, ctx.dim)
        return grad if grad.dtype == ctx.in_dtype else grad.to(ctx.in_dtype)


class CumprodBackward0(Node):
    __slots__ = ("dim", "in_dtype")
    explain = "grad_self[i] = sum over j >= i of grad[j] * (product of self[:j+1] without self[i])"
    saves_output = True
    checks = (check(lambda x: x.cumprod(1), (2, 3), low=0.5, high=1.5),
              check(lambda x: x.cumprod(0), (4,), label="signs"),
              check(lambda x: cumprod(x.where(x.abs() > 0.7, 0.0), 1), (2, 4), label="zeros", second_order=False),
              check(lambda x: cumprod(x * (x.abs() > 0.5), 0), (5,), label="zeros 1-D"))

    def forward(ctx, a, dim, dtype=None):
        d = a._data
        out = _scan_dtype(d, dtype)
        ctx.save_for_backward(a)
        ctx.dim = dim
        ctx.in_dtype = a.dtype
        if not d.ndim:
            return d.astype(out)
        return np.ascontiguousarray(np.cumprod(d, axis=dim, dtype=out))  # torch: a fresh contiguous output

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        if not a._data.ndim:
            return grad
        if grad.dtype != ctx.in_dtype:
            grad = grad.to(ctx.in_dtype)
        r = ctx.result
        if r.dtype != ctx.in_dtype:
            r = r.to(ctx.in_dtype)
        return _cumprod_grad(grad, a, r, ctx.dim)


def _cumprod_grad(grad, a, result, dim):
    """torch's cumprod_backward, step for step (its nan and inf come out where torch's do)."""
    n = a._data.shape[dim]
    if a._data.size <= 1 or n == 1:
        return grad
    if not (a._data == 0).any():
        return _reverse_cumsum(grad * result, dim) / a
    if not STATE.grad_enabled:
        return Tensor._wrap(_cumprod_grad_zeros(grad._data, a._data, result._data, dim))
    # create_graph=True: torch's differentiable O(n^2) loop: for each k, the products of the inputs
    # up to each j >= k without x_k (prod(x[:k]) times cumprod(x[k+1:j+1])), dotted with grad[k:]
    from .. import cat
    ones = Tensor._wrap(np.ones(a._data.shape[:dim] + (1,) + a._data.shape[dim + 1:], grad._data.dtype))
    grad_input = Tensor._wrap(np.zeros(a._data.shape, grad._data.dtype))
    for k in range(n):
        if k == 0:
            omitted = cat([ones, a.narrow(dim, 1, n - 1).cumprod(dim)], dim)
        elif k == n - 1:
            omitted = a.narrow(dim, 0, k).prod(dim, keepdim=True)
        else:
            until = a.narrow(dim, 0, k).prod(dim, keepdim=True)
            after = a.narrow(dim, k + 1, n - k - 1).cumprod(dim)
            omitted = cat([until, until.expand_as(after) * after], dim)
        grad_input.select(dim, k).copy_((grad.narrow(dim, k, n - k) * omitted).sum(dim))  # CopySlices, as torch
    return grad_input


def _cumprod_grad_zeros(g, x, y, dim):
    """The first derivative of cumprod where the input has zeros, in O(n) (torch's mask formula).

    Along dim, with z1 and z2 the first and second zeros: before z1, grad_k = sum_{k <= i < z1} g_i y_i / x_k;
    at z1, grad_z1 = y_{z1-1} * sum_{z1 <= i < z2} g_i prod_{z1 < j <= i} x_j; elsewhere 0.
    """
    x, g, y = (np.moveaxis(v, dim, -1) for v in (x, g, y))
    n = x.shape[-1]
    k = np.arange(n)
    count = np.cumsum(x == 0, axis=-1)
    before = count == 0
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        w = np.where(before, y * g, 0)
        rev = np.flip(np.cumsum(np.flip(w, -1), -1), -1)
        out = np.where(before, rev / x, 0)
        span = count == 1
        z1 = span.argmax(-1)[..., None]
        first = span & (k == z1)
        c = np.cumprod(np.where(span & ~first, x, 1), -1)
        total = (c * np.where(span, g, 0)).sum(-1, keepdims=True)
        prev = np.where(z1 == 0, 1, np.take_along_axis(y, np.maximum(z1 - 1, 0), -1))
        out = np.where(first, total * prev, out)
    return np.ascontiguousarray(np.moveaxis(out.astype(x.dtype, copy=False), -1, dim))


_NO_DIM = 'missing 1 required positional arguments: "dim"'


def cumsum(input, dim=None, *, dtype=None):
    """Running sums along ``dim``."""
    if dim is None:
        raise TypeError('cumsum() ' + _NO_DIM)
    return CumsumBackward0.apply(input, dim=wrap_dim(dim, input._data.ndim), dtype=dtype)


def cumprod(input, dim=None, *, dtype=None):
    """Running products along ``dim``."""
    if dim is None:
        raise TypeError('cumprod() ' + _NO_DIM)
    if dtype is not None and input._requires_grad and STATE.grad_enabled:
        dt = _dt.as_dtype(dtype)
        if dt.category != _dt._FLOAT:
            raise RuntimeError(f"Autograd not support dtype: {_TYPE_WORDS[dt.name]}")
    return CumprodBackward0.apply(input, dim=wrap_dim(dim, input._data.ndim), dtype=dtype)
