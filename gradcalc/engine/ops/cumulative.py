"""Running reductions along a dim: cummax cummin logcumsumexp, and diff and
cumulative_trapezoid (compositions of engine ops, as torch's are).

cumsum and cumprod live in statistics.py.
"""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check
from .reduction import return_type
from .support import wrap_dim


def _contiguous(*arrays):
    """torch's scans write fresh contiguous outputs whatever the input's strides (numpy's keep them)."""
    return tuple(np.ascontiguousarray(a) for a in arrays)


def _running_arg(d, axis, better):
    """Indices of the running max/min along ``axis``; ties and NaN take the latest position, as torch."""
    moved = np.moveaxis(d, axis, -1)
    n = moved.shape[-1]
    vals = np.empty_like(moved)
    idx = np.empty(moved.shape, np.int64)
    if n:
        vals[..., 0] = moved[..., 0]
        idx[..., 0] = 0
    for j in range(1, n):  # one step per position along the dim, each over all rows at once
        cur = moved[..., j]
        prev = vals[..., j - 1]
        take = better(cur, prev) | (cur == prev)
        if moved.dtype.kind == "f":
            take = take | np.isnan(cur)
            take = take & ~(np.isnan(prev) & ~np.isnan(cur))
        vals[..., j] = np.where(take, cur, prev)
        idx[..., j] = np.where(take, j, idx[..., j - 1])
    return np.moveaxis(vals, -1, axis), np.moveaxis(idx, -1, axis)


class CummaxBackward0(Node):
    __slots__ = ("dim",)
    explain = "grad_self = grad added at the index each running maximum came from"
    n_diff_outputs = 1
    checks = (check(lambda x: x.cummax(1)[0], (2, 4)),)

    def forward(ctx, a, *, dim):
        ctx.dim = dim
        if a._data.ndim == 0:
            idx = np.zeros((), np.int64)
            ctx.save_for_backward(Tensor._wrap(idx))
            return a._data.copy(), idx
        vals, idx = _contiguous(*_running_arg(a._data, dim, np.greater))
        ctx.save_for_backward(Tensor._wrap(idx))
        return vals, idx

    def backward(ctx, grad, _gi=None):
        (idx,) = ctx.saved_tensors
        if grad._data.ndim == 0:
            return grad
        zeros = Tensor._wrap(np.zeros(grad._data.shape, grad._data.dtype))
        return zeros.scatter_add(ctx.dim, idx, grad)


class CumminBackward0(CummaxBackward0):
    __slots__ = ()
    explain = "grad_self = grad added at the index each running minimum came from"
    checks = (check(lambda x: x.cummin(0)[0], (4, 2)),)

    def forward(ctx, a, *, dim):
        ctx.dim = dim
        if a._data.ndim == 0:
            idx = np.zeros((), np.int64)
            ctx.save_for_backward(Tensor._wrap(idx))
            return a._data.copy(), idx
        vals, idx = _contiguous(*_running_arg(a._data, dim, np.less))
        ctx.save_for_backward(Tensor._wrap(idx))
        return vals, idx


class LogcumsumexpBackward0(Node):
    __slots__ = ("dim",)
    explain = "grad_self_i = Σ_{j ≥ i} grad_j · e^(self_i - result_j)"
    saves_output = True
    checks = (check(lambda x: x.logcumsumexp(1), (2, 4)),)

    def forward(ctx, a, *, dim):
        ctx.dim = dim
        ctx.save_for_backward(a)
        d = a._data
        if d.dtype.kind != "f":
            from .. import dtypes as _dt
            raise NotImplementedError(f'"logcumsumexp_out_cpu" not implemented for '
                                      f"'{_dt.SCALAR_NAMES[a.dtype.name]}'")
        if d.ndim == 0:
            return d.copy()
        return np.ascontiguousarray(np.logaddexp.accumulate(d, axis=dim))

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        r = ctx.result
        if a._data.ndim == 0:
            return grad
        dim = ctx.dim
        # Σ_{j ≥ i} grad_j e^(x_i - r_j), in log space (positive and negative parts apart) so it never overflows
        from .masked import where
        lowest = float(np.finfo(grad._data.dtype).min)  # finite: log 0 would make the second derivative nan
        log_abs = grad.abs().log()
        pos = (where(grad > 0, log_abs, lowest) - r).flip(dim).logcumsumexp(dim).flip(dim)
        neg = (where(grad < 0, log_abs, lowest) - r).flip(dim).logcumsumexp(dim).flip(dim)
        return (a + pos).exp() - (a + neg).exp()


# -- public functions -------------------------------------------------------------------------

def _scalar_dim(name, input, dim):
    if input._data.ndim == 0 and dim not in (-1, 0):
        raise IndexError(f"{name}(): Expected reduction dim -1 or 0 for scalar but got {dim}")


def _dim_unless_empty(dim, input):
    """torch wraps cummax's/cummin's dim only when there is something to scan (an empty tensor
    takes any dim)."""
    if not input._data.size and input._data.ndim:
        try:
            return wrap_dim(dim, input._data.ndim)
        except IndexError:
            return 0
    return wrap_dim(dim, input._data.ndim)


def cummax(input, dim):
    """(values, indices) of the running maximum along ``dim``."""
    _scalar_dim("cummax", input, dim)
    values, indices = CummaxBackward0.apply(input, dim=_dim_unless_empty(dim, input))
    return return_type("cummax")(values, indices)


def cummin(input, dim):
    """(values, indices) of the running minimum along ``dim``."""
    _scalar_dim("cummin", input, dim)
    values, indices = CumminBackward0.apply(input, dim=_dim_unless_empty(dim, input))
    return return_type("cummin")(values, indices)


def logcumsumexp(input, dim):
    """log Σ_{j ≤ i} e^(x_j) along ``dim``, without overflow."""
    return LogcumsumexpBackward0.apply(input, dim=wrap_dim(dim, input._data.ndim))


def diff(input, n=1, dim=-1, prepend=None, append=None):
    """The n-th forward difference along ``dim`` (``prepend``/``append`` joined first)."""
    from .shape import cat
    if input._data.ndim == 0:
        raise RuntimeError("diff expects input to be at least one-dimensional")
    d = wrap_dim(dim, input._data.ndim)
    if n < 0:
        raise RuntimeError(f"order must be non-negative but got {n}")
    x = input
    parts = []
    if prepend is not None:
        parts.append(prepend if prepend._data.ndim else prepend.expand(*_with(x, d, 1)))
    parts.append(x)
    if append is not None:
        parts.append(append if append._data.ndim else append.expand(*_with(x, d, 1)))
    if len(parts) > 1:
        x = cat(parts, d)
    for _ in range(n):
        length = x._data.shape[d]
        if length == 0:
            break
        hi, lo = x.narrow(d, 1, length - 1), x.narrow(d, 0, length - 1)
        x = hi.logical_xor(lo) if x._data.dtype.kind == "b" else hi - lo
    return x


def _with(x, d, size):
    shape = list(x._data.shape)
    shape[d] = size
    return shape


def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    """The running trapezoid-rule integral of ``y`` along ``dim``."""
    d = wrap_dim(dim, y._data.ndim)
    n = y._data.shape[d]
    avg = (y.narrow(d, 1, n - 1) + y.narrow(d, 0, n - 1)) if n else y
    if x is not None:
        steps = diff(x, dim=-1 if x._data.ndim == 1 else d)
        if x._data.ndim == 1 and y._data.ndim > 1:
            steps = steps.reshape(_with(y, d, n - 1) if False else [n - 1 if k == d else 1
                                                                   for k in range(y._data.ndim)])
        return (avg * steps / 2).cumsum(d)
    from .scalar import mul_scalar
    return mul_scalar(avg, (1.0 if dx is None else dx) / 2).cumsum(d)


EXPORTS = "cummax cummin logcumsumexp diff".split()
FUNCTION_ONLY = {"cumulative_trapezoid": cumulative_trapezoid}
