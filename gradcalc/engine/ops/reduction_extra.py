"""More reductions and products: nansum nanmean aminmax quantile nanquantile histc bincount
cov corrcoef dist cdist, and the fused products addmv addr baddbmm addbmm vdot inner
tensordot kron chain_matmul.

Where torch composes (nanmean, cov, corrcoef, tensordot, quantile) this module does too;
the rest are nodes whose backward is written in engine ops.
"""

import functools
import warnings

import numpy as np

from .. import dtypes as _dt
from ..node import Node
from ..tensor import Tensor
from .checks import check
from .forward_refusals import no_forward_ad
from .linalg import DotBackward0
from .masked import where
from .reduction import return_type
from .support import dims_arg, expand_reduced, wrap_dim
from .table_reduce import reduction


# -- fused products ----------------------------------------------------------------------------


def _beta_self_plus(s, prod, beta):
    """The add-and-multiply ops' ``beta * self + prod`` (prod already scaled by alpha): with
    ``beta == 0`` self is ignored, nan and inf included, as torch's."""
    if beta == 0:
        return np.broadcast_to(prod, np.broadcast_shapes(s._data.shape, prod.shape)).astype(prod.dtype)
    return np.asarray(beta * s._data + prod).astype(np.result_type(s._data, prod), copy=False)

class AddmvBackward0(Node):
    __slots__ = ("beta", "alpha")
    explain = "grad_self = beta · grad;  grad_mat = alpha · grad ⊗ vec;  grad_vec = alpha · matᵀ grad"
    broadcasting = True
    checks = (check(lambda x, m, v: x.addmv(m, v, beta=0.5, alpha=2.0), (2,), (2, 3), (3,)),)

    def forward(ctx, s, mat, vec, *, beta, alpha):
        ctx.beta, ctx.alpha = beta, alpha
        ctx.save_for_backward(mat, vec)
        prod = alpha * (mat._data @ vec._data)
        return _beta_self_plus(s, prod, beta)

    def backward(ctx, grad):
        mat, vec = ctx.saved_tensors
        return (grad * ctx.beta if ctx.should_compute(0) else None,
                grad.outer(vec) * ctx.alpha if ctx.should_compute(1) else None,
                mat.t().mv(grad) * ctx.alpha if ctx.should_compute(2) else None)


class AddrBackward0(Node):
    __slots__ = ("beta", "alpha")
    explain = "grad_self = beta · grad;  grad_vec1 = alpha · grad vec2;  grad_vec2 = alpha · gradᵀ vec1"
    broadcasting = True
    checks = (check(lambda x, a, b: x.addr(a, b, beta=0.5, alpha=2.0), (2, 3), (2,), (3,)),)

    def forward(ctx, s, v1, v2, *, beta, alpha):
        ctx.beta, ctx.alpha = beta, alpha
        ctx.save_for_backward(v1, v2)
        prod = alpha * np.outer(v1._data, v2._data)
        return _beta_self_plus(s, prod, beta)

    def backward(ctx, grad):
        v1, v2 = ctx.saved_tensors
        return (grad * ctx.beta if ctx.should_compute(0) else None,
                grad.mv(v2) * ctx.alpha if ctx.should_compute(1) else None,
                grad.t().mv(v1) * ctx.alpha if ctx.should_compute(2) else None)


class BaddbmmBackward0(Node):
    __slots__ = ("beta", "alpha")
    explain = "grad_self = beta · grad;  grad_batch1 = alpha · grad batch2ᵀ;  grad_batch2 = alpha · batch1ᵀ grad"
    broadcasting = True
    checks = (check(lambda x, a, b: x.baddbmm(a, b, beta=0.5, alpha=2.0), (2, 2, 4), (2, 2, 3), (2, 3, 4)),)

    def forward(ctx, s, b1, b2, *, beta, alpha):
        ctx.beta, ctx.alpha = beta, alpha
        ctx.save_for_backward(b1, b2)
        prod = alpha * np.matmul(b1._data, b2._data)
        return _beta_self_plus(s, prod, beta)

    def backward(ctx, grad):
        b1, b2 = ctx.saved_tensors
        return (grad * ctx.beta if ctx.should_compute(0) else None,
                grad.bmm(b2.transpose(1, 2)) * ctx.alpha if ctx.should_compute(1) else None,
                b1.transpose(1, 2).bmm(grad) * ctx.alpha if ctx.should_compute(2) else None)


class AddbmmBackward0(Node):
    __slots__ = ("beta", "alpha", "batch")
    explain = "grad_self = beta · grad;  grad_batch1[i] = alpha · grad batch2[i]ᵀ;  grad_batch2[i] = alpha · batch1[i]ᵀ grad"
    broadcasting = True
    checks = (check(lambda x, a, b: x.addbmm(a, b, beta=0.5, alpha=2.0), (2, 4), (3, 2, 3), (3, 3, 4)),)

    def forward(ctx, s, b1, b2, *, beta, alpha):
        ctx.beta, ctx.alpha = beta, alpha
        ctx.batch = b1._data.shape[0]
        ctx.save_for_backward(b1, b2)
        prod = alpha * np.matmul(b1._data, b2._data).sum(0)
        return _beta_self_plus(s, prod, beta)

    def backward(ctx, grad):
        b1, b2 = ctx.saved_tensors
        g = grad.unsqueeze(0).expand(ctx.batch, *grad._data.shape)
        return (grad * ctx.beta if ctx.should_compute(0) else None,
                g.bmm(b2.transpose(1, 2)) * ctx.alpha if ctx.should_compute(1) else None,
                b1.transpose(1, 2).bmm(g) * ctx.alpha if ctx.should_compute(2) else None)


def addmv(input, mat, vec, *, beta=1, alpha=1):
    """beta · input + alpha · (mat @ vec)."""
    return AddmvBackward0.apply(input, mat, vec, beta=beta, alpha=alpha)


def addr(input, vec1, vec2, *, beta=1, alpha=1):
    """beta · input + alpha · outer(vec1, vec2)."""
    return AddrBackward0.apply(input, vec1, vec2, beta=beta, alpha=alpha)


def baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """beta · input + alpha · (batch1 @ batch2), batch by batch."""
    return BaddbmmBackward0.apply(input, batch1, batch2, beta=beta, alpha=alpha)


def addbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """beta · input + alpha · Σᵢ batch1[i] @ batch2[i]."""
    return AddbmmBackward0.apply(input, batch1, batch2, beta=beta, alpha=alpha)


class VdotBackward0(DotBackward0):
    __slots__ = ()
    explain = "grad_self = grad · other;  grad_other = grad · self   (real tensors: as dot)"
    checks = (check(lambda a, b: a.vdot(b), (3,), (3,)),)


def vdot(input, other):
    """The dot product of two 1-D tensors (conjugating the first, which for real tensors is a no-op)."""
    return VdotBackward0.apply(input, other)


def tensordot(a, b, dims=2):
    """Contract ``dims`` (a count of trailing/leading dims, or two lists) of ``a`` and ``b``."""
    na, nb = a._data.ndim, b._data.ndim
    if isinstance(dims, Tensor):
        dims = dims.tolist()
    if isinstance(dims, int):
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        da, db = list(range(-dims, 0)), list(range(dims))  # negative, as torch names them in errors
    else:
        da, db = dims
        da = [da] if isinstance(da, int) else list(da)
        db = [db] if isinstance(db, int) else list(db)
    for x, y in zip(da, db):
        if a._data.shape[x] != b._data.shape[y]:
            raise RuntimeError(f"contracted dimensions need to match, but first has size {a._data.shape[x]} in dim "
                               f"{x} and second has size {b._data.shape[y]} in dim {y}")
    da = [wrap_dim(d, na) for d in da]
    db = [wrap_dim(d, nb) for d in db]
    fa = [d for d in range(na) if d not in da]
    fb = [d for d in range(nb) if d not in db]
    k = int(np.prod([a._data.shape[d] for d in da]))
    A = a.permute(*(fa + da)).reshape(-1, k)
    B = b.permute(*(db + fb)).reshape(k, -1)
    return A.mm(B).reshape(*[a._data.shape[d] for d in fa], *[b._data.shape[d] for d in fb])


def inner(input, other):
    """Σ over the last dims of input and other (for scalars, the product)."""
    if input._data.ndim == 0 or other._data.ndim == 0:
        return input * other
    return tensordot(input, other, ([-1], [-1]))


def kron(input, other):
    """The Kronecker product."""
    from .linalg import _unsafe_view
    n = max(input._data.ndim, other._data.ndim)
    sa = (1,) * (n - input._data.ndim) + input._data.shape
    sb = (1,) * (n - other._data.ndim) + other._data.shape
    ai = _unsafe_view(input, [v for s in sa for v in (s, 1)])  # interleaved, as torch's kron
    bi = _unsafe_view(other, [v for s in sb for v in (1, s)])
    return _unsafe_view(ai * bi, [x * y for x, y in zip(sa, sb)])


def chain_matmul(*matrices, out=None):
    """The product of the matrices, left to right (deprecated in torch for linalg.multi_dot)."""
    warnings.warn("torch.chain_matmul is deprecated and will be removed in a future PyTorch release. Use "
                  "torch.linalg.multi_dot instead, which accepts a list of two or more tensors rather than multiple "
                  "parameters.", UserWarning, stacklevel=2)
    if len(matrices) == 1:
        return matrices[0].clone()
    return functools.reduce(lambda x, y: x.mm(y), matrices)


# -- reductions -------------------------------------------------------------------------------

def _nansum(d, dims, keepdim, dtype):
    if dtype is not None:
        d = d.astype(dtype.np)
    if d.dtype.kind in "ub":
        d = d.astype(np.int64)
    return np.asarray(np.nansum(d, axis=dims, keepdims=keepdim)).astype(d.dtype, copy=False)


NANSUM = reduction((), "NansumBackward0", _nansum, params={"dtype": None}, doc="",
                   grad=lambda grad, self, shape: where(self.isnan(), 0.0, grad.expand(*shape)),
                   explain="grad_self = grad where self is not nan, 0 where it is",
                   checks=(check(lambda x: x.nansum(), (2, 3)),
                           check(lambda x: x.nansum(1, keepdim=True), (2, 3), label="dim")))


def nansum(input, dim=None, keepdim=False, *, dtype=None):
    """The sum treating nan as zero."""
    dims = dims_arg(dim, input._data.ndim)
    if dims == ():
        dims = None if input._data.ndim == 0 else dims
    return NANSUM.node.apply(input, dims=dims, keepdim=keepdim, dtype=None if dtype is None else
                                 _dt.as_dtype(dtype))


def nanmean(input, dim=None, keepdim=False, *, dtype=None):
    """The mean of the values that are not nan."""
    if not input.is_floating_point():
        raise RuntimeError(f"nanmean(): expected input to have floating point or complex dtype but got "
                           f"{_dt.SCALAR_NAMES[input.dtype.name]}")
    count = (~input.isnan()).sum(dim=dim, keepdim=keepdim) if dim is not None else (~input.isnan()).sum()
    return nansum(input, dim, keepdim, dtype=dtype) / count


class AminmaxBackward0(Node):
    __slots__ = ("dim", "keepdim")
    explain = "grad_self = grad_min shared among the minima + grad_max shared among the maxima"
    n_diff_outputs = 2
    checks = (check(lambda x: x.aminmax()[1] * 2 + x.aminmax()[0], (2, 3)),
              check(lambda x: x.aminmax(dim=1).max, (2, 3), label="dim"))

    def forward(ctx, a, *, dim, keepdim):
        ctx.dim, ctx.keepdim = dim, keepdim
        d = a._data
        if d.size == 0:
            raise RuntimeError("aminmax(): cannot compute aminmax over an empty dimension as the operation has no "
                               "identity.")
        ctx.save_for_backward(a)
        if dim is None:
            lo, hi = np.asarray(d.min()), np.asarray(d.max())
            if keepdim:
                lo, hi = lo.reshape((1,) * d.ndim), hi.reshape((1,) * d.ndim)
            return lo, hi
        return d.min(axis=dim, keepdims=keepdim), d.max(axis=dim, keepdims=keepdim)

    def backward(ctx, gmin, gmax):
        (a,) = ctx.saved_tensors
        dims = None if ctx.dim is None else (ctx.dim,)
        keep = ctx.keepdim
        out = None
        for g, fn in ((gmin, "amin"), (gmax, "amax")):
            if g is None:
                continue
            r = getattr(a, fn)() if dims is None else getattr(a, fn)(ctx.dim, keepdim=True)
            mask = a == (r if dims is not None or a._data.ndim == 0 else r)
            n = mask.sum() if dims is None else mask.sum(ctx.dim, keepdim=True)
            gg = expand_reduced(g, a._data.shape, dims if dims is not None else None, keep) if dims else g
            term = gg * mask / n
            out = term if out is None else out + term
        return out


def aminmax(input, *, dim=None, keepdim=False):
    """(min, max) of all elements or along ``dim``."""
    d = None if dim is None else wrap_dim(dim, input._data.ndim)
    lo, hi = AminmaxBackward0.apply(input, dim=d, keepdim=keepdim)
    return return_type("aminmax", ("min", "max"))(lo, hi)


def _quantile(input, q, dim, keepdim, interpolation, ignore_nan, name):
    from .sorting import sort
    qs = q if isinstance(q, Tensor) else Tensor._wrap(np.asarray(q, dtype=input._data.dtype))
    if not input.is_floating_point():
        raise RuntimeError(f"{name}() input tensor must be either float or double dtype")
    if qs._data.ndim > 1:
        raise RuntimeError(f"{name}() q must be a scalar or 1D tensor")
    if ((qs._data < 0) | (qs._data > 1)).any():
        if qs._data.ndim:
            raise RuntimeError(f"{name}() q values must be in the range [0, 1]")
        raise RuntimeError(f"{name}() q must be in the range [0, 1] but got {float(qs._data):g}")
    if interpolation not in ("linear", "lower", "higher", "midpoint", "nearest"):
        raise RuntimeError(f"{name}() interpolation must be one of linear, lower, higher, midpoint or nearest. "
                           f"Got {interpolation}")
    if dim is None:
        x = input.reshape(-1)
        d = 0
    else:
        d = wrap_dim(dim, input._data.ndim)
        x = input
    x = x.movedim(d, -1)
    n = x._data.shape[-1]
    srt = sort(x, -1).values
    isnan = srt.isnan()
    if ignore_nan:
        count = (~isnan).sum(-1, keepdim=True)
    else:
        count = Tensor._wrap(np.full(srt._data.shape[:-1] + (1,), n, np.int64))
    qv = qs._data.reshape(-1).astype(np.float64)
    last = np.maximum(count._data - 1, 0).astype(np.float64)
    rank = last[..., None, 0] * qv if last.ndim else last * qv  # (..., nq)
    rank = np.asarray(rank)
    if interpolation == "lower":
        rank = np.floor(rank)
    elif interpolation == "higher":
        rank = np.ceil(rank)
    elif interpolation == "nearest":
        rank = np.round(rank)
    lo = np.floor(rank).astype(np.int64)
    hi = np.ceil(rank).astype(np.int64)
    v_lo = srt.gather(-1, Tensor._wrap(lo))
    v_hi = srt.gather(-1, Tensor._wrap(hi))
    if interpolation == "midpoint":
        w = Tensor._wrap(np.where(hi > lo, 0.5, 0.0).astype(input._data.dtype))
    else:
        w = Tensor._wrap((rank - lo).astype(input._data.dtype))
    out = v_lo.lerp(v_hi, w)
    if not ignore_nan:
        from .masked import where
        anynan = isnan.any(-1, keepdim=True)
        out = where(anynan, float("nan"), out)
    else:
        from .masked import where
        out = where(count == 0, float("nan"), out)
    out = out.movedim(-1, 0)  # q first, as torch
    if keepdim:
        if dim is None:
            out = out.reshape(out._data.shape[:1] + (1,) * input._data.ndim)
        else:
            out = out.unsqueeze(d + 1)
    if qs._data.ndim == 0:
        out = out.squeeze(0)
    return out


def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    """The q-th quantiles (linear interpolation between the sorted values by default)."""
    return _quantile(input, q, dim, keepdim, interpolation, False, "quantile")


def nanquantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    """The q-th quantiles of the values that are not nan."""
    return _quantile(input, q, dim, keepdim, interpolation, True, "nanquantile")


def histc(input, bins=100, min=0, max=0):
    """A histogram of ``bins`` equal bins over [min, max] (the data's range when both are 0)."""
    d = input._data
    if d.dtype.kind != "f":
        raise NotImplementedError(f"\"histogram_cpu\" not implemented for '{_dt.SCALAR_NAMES[input.dtype.name]}'")
    if bins <= 0:
        raise RuntimeError("torch.histc(): bins must be > 0")
    lo, hi = float(min), float(max)
    if lo == hi and d.size:
        lo, hi = float(d.min()), float(d.max())
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    if lo > hi:
        raise RuntimeError("torch.histc(): max must be larger than min")
    kept = d[(d >= lo) & (d <= hi)].astype(np.float64)
    counts, _ = np.histogram(kept, bins=bins, range=(lo, hi))
    return Tensor._wrap(counts.astype(d.dtype))


def bincount(input, weights=None, minlength=0):
    """How many times each non-negative integer occurs (or the sum of its ``weights``)."""
    d = input._data
    if d.ndim != 1 or d.dtype.kind not in "iu":
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    if d.size and d.min() < 0:
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    if weights is None:
        return Tensor._wrap(np.bincount(d, minlength=minlength).astype(np.int64))
    w = weights._data
    out = np.bincount(d, weights=w.astype(np.float64), minlength=minlength)
    return Tensor._wrap(out.astype(np.float32 if w.dtype == np.float32 else np.float64))


def cov(input, *, correction=1, fweights=None, aweights=None):
    """The covariance matrix of the variables in the rows of ``input``."""
    if input._data.ndim > 2:
        raise RuntimeError(f"cov(): expected input to have two or fewer dimensions but got an input with "
                           f"{input._data.ndim} dimensions")
    x = input if input._data.ndim == 2 else input.reshape(1, -1)
    if not x.is_floating_point():
        x = x.to(_dt.get_default_dtype())
    n = x._data.shape[1]
    w = None
    if fweights is not None:
        w = fweights
    if aweights is not None:
        w = aweights if w is None else w * aweights
    if w is None:
        avg = x.mean(1)
        norm = n - correction
        xm = x - avg.unsqueeze(1)
        c = xm.mm(xm.t().conj() if False else xm.t()) / max(norm, 0)
    else:
        wsum = w.sum()
        avg = (x * w).sum(1) / wsum
        if correction == 0:
            norm = wsum
        elif aweights is None:
            norm = wsum - correction
        else:
            norm = wsum - correction * (w * aweights).sum() / wsum
        xm = x - avg.unsqueeze(1)
        c = xm.mm((xm * w).t()) / norm.clamp_min(0)
    return c.squeeze()


def corrcoef(input):
    """Pearson correlation coefficients of the rows of ``input``."""
    c = cov(input)
    if c._data.ndim == 0:
        return c / c
    d = c.diagonal()
    stddev = d.sqrt()
    c = c / stddev.unsqueeze(1)
    c = c / stddev.unsqueeze(0)
    return c.clamp(-1, 1)


class DistBackward0(Node):
    __slots__ = ("p",)
    explain = "grad_self = grad · sign(d)|d|^(p-1) / dist^(p-1) with d = self - other;  grad_other = -that"
    broadcasting = True
    saves_output = True
    checks = (check(lambda x, y: x.dist(y), (2, 3), (2, 3)),
              check(lambda x, y: x.dist(y, 3), (2, 3), (3,), label="p=3"))

    def forward(ctx, a, b, *, p):
        ctx.p = p
        ctx.save_for_backward(a, b)
        diff = np.abs(a._data - b._data)
        if p == 0:
            r = (diff != 0).sum()
        elif p == float("inf"):
            r = diff.max() if diff.size else 0.0
        elif p == -float("inf"):
            r = diff.min() if diff.size else 0.0
        else:
            r = (diff ** p).sum() ** (1.0 / p)
        return np.asarray(r, dtype=np.result_type(a._data, b._data))

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        from .masked import where
        d = a - b
        p = ctx.p
        r = ctx.result
        if p == 0:
            g = d * 0.0
        elif p in (float("inf"), -float("inf")):
            m = d.abs() == r
            g = d.sign() * m / m.sum()
        elif p == 2:
            g = where(r == 0, 0.0, d / where(r == 0, 1.0, r))
        else:
            g = where(r == 0, 0.0, d.sign() * d.abs() ** (p - 1) / where(r == 0, 1.0, r) ** (p - 1))
        g = g * grad
        return (g if ctx.should_compute(0) else None, -g if ctx.should_compute(1) else None)


def dist(input, other, p=2):
    """The p-norm of input - other."""
    return DistBackward0.apply(input, other, p=float(p))


class CdistBackward0(Node):
    __slots__ = ("p",)
    jvp = no_forward_ad("_cdist_forward")  # torch has no forward rule
    explain = "grad_x1_i = Σⱼ grad_ij · sign(d)|d|^(p-1) / dist_ij^(p-1), d = x1_i - x2_j;  grad_x2 likewise, negated"
    saves_output = True
    checks = (check(lambda a, b: cdist(a, b), (3, 2), (4, 2)),
              check(lambda a, b: cdist(a, b, 1.5), (2, 3, 2), (2, 2, 2), label="batched p=1.5"))

    def forward(ctx, a, b, *, p):
        ctx.p = p
        ctx.save_for_backward(a, b)
        diff = np.abs(a._data[..., :, None, :] - b._data[..., None, :, :])
        if p == 0:
            r = (diff != 0).sum(-1).astype(diff.dtype)
        elif p == float("inf"):
            r = diff.max(-1) if diff.shape[-1] else np.zeros(diff.shape[:-1], diff.dtype)
        else:
            r = (diff ** p).sum(-1) ** (1.0 / p)
        return np.asarray(r, dtype=np.result_type(a._data, b._data))

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        from .masked import where
        d = a.unsqueeze(-2) - b.unsqueeze(-3)
        r = ctx.result.unsqueeze(-1)
        p = ctx.p
        if p == 0:
            g = d * 0.0
        elif p == float("inf"):
            m = (d.abs() == r)
            g = d.sign() * m / m.sum(-1, keepdim=True)
        elif p == 2:
            g = where(r == 0, 0.0, d / where(r == 0, 1.0, r))
        else:
            g = where(r == 0, 0.0, d.sign() * d.abs() ** (p - 1) / where(r == 0, 1.0, r) ** (p - 1))
        g = g * grad.unsqueeze(-1)
        return (g.sum(-2) if ctx.should_compute(0) else None, -g.sum(-3) if ctx.should_compute(1) else None)


def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    """The p-norm distance between each row of x1 and each row of x2 (batched)."""
    if x1._data.ndim < 2 or x2._data.ndim < 2:
        raise RuntimeError(f"cdist only supports at least 2D tensors, X1 got: {x1._data.ndim}D")
    if x1._data.shape[-1] != x2._data.shape[-1]:
        raise RuntimeError(f"X1 and X2 must have the same number of columns. X1: {x1._data.shape[-1]} X2: "
                           f"{x2._data.shape[-1]}")
    if p < 0:
        raise RuntimeError(f"cdist only supports non-negative p values")
    return CdistBackward0.apply(x1, x2, p=float(p))


EXPORTS = ("addmv addr baddbmm addbmm vdot inner kron nansum nanmean aminmax quantile nanquantile histc bincount "
           "dist").split()
FUNCTION_ONLY = {"tensordot": tensordot, "chain_matmul": chain_matmul, "cov": cov, "corrcoef": corrcoef,
                 "cdist": cdist}
METHOD_ONLY = {"cov": cov, "corrcoef": corrcoef}
