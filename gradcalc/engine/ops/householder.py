"""QR in LAPACK's compact form: ``torch.geqrf`` (R above the diagonal, the Householder vectors
below it, and their scalars tau), ``torch.linalg.householder_product`` / ``torch.orgqr`` (Q from
that form) and ``torch.ormqr`` (a matrix multiplied by Q or Qᵀ from either side).

The i-th reflector is H_i = I − τ_i v_i v_iᵀ, v_i = (0 … 0, 1, A[i+1:, i]); Q = H_0 H_1 … H_{k−1}.
Every product here is a sequence of reflector applications X ← X − τ v (vᵀ X), batched over
the leading dims (a loop over the k reflectors, none over elements). The backward runs the same
sequence in reverse with engine ops, so it is differentiable again: for a step Y = X − τ v w,
w = vᵀX, the gradients are dX = G − τ v (vᵀG), dτ = −⟨vᵀG, w⟩, dv = −τ (G wᵀ + X Gᵀ v).
geqrf's forward is numpy's LAPACK geqrf (``qr(mode="raw")``); torch gives it no derivative.
"""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check


# -- forward on arrays -----------------------------------------------------------------------------

def _reflector(a, i):
    """v_i of the compact form ``a`` (..., m, n), as (..., m, 1)."""
    m = a.shape[-2]
    v = np.zeros(a.shape[:-2] + (m, 1), a.dtype)
    v[..., i, 0] = 1
    v[..., i + 1:, 0] = a[..., i + 1:, i]
    return v


def _apply(a, tau, x, order):
    """x after X ← X − τ_i v_i (v_iᵀ X) for i in ``order``."""
    for i in order:
        v = _reflector(a, i)
        t = tau[..., i][..., None, None]
        x = x - t * v * (np.swapaxes(v, -1, -2) @ x)
    return x


def _orders(k, left, transpose):
    """The reflectors in the order they reach ``other`` (as a left product on ``other`` or its transpose)."""
    down, up = range(k - 1, -1, -1), range(k)
    if left:
        return up if transpose else down
    return down if transpose else up  # C Q = (Qᵀ Cᵀ)ᵀ, C Qᵀ = (Q Cᵀ)ᵀ


# -- the backward, in engine ops ---------------------------------------------------------------------

def _reflector_t(a, i):
    from .shape import cat
    m = a.shape[-2]
    lead = tuple(a.shape[:-2])
    parts = []
    if i:
        parts.append(Tensor._wrap(np.zeros(lead + (i,), a._data.dtype)))
    parts.append(Tensor._wrap(np.ones(lead + (1,), a._data.dtype)))
    if i + 1 < m:
        parts.append(a[..., i + 1:, i])
    return cat(parts, -1).unsqueeze(-1)


def _reverse(a, tau, x0, order, grad):
    """Gradients (d a, d tau, d x0) of the sequence ``_apply(a, tau, x0, order)`` given ``grad``."""
    from .shape import stack
    xs = [x0]
    vs = []
    for i in order:
        v = _reflector_t(a, i)
        vs.append(v)
        t = tau[..., i].unsqueeze(-1).unsqueeze(-1)
        xs.append(xs[-1] - t * v * (v.transpose(-1, -2) @ xs[-1]))
    m, n = a.shape[-2], a.shape[-1]
    k = tau.shape[-1]
    g = grad
    dv = {}
    dtau = {}
    for step in range(len(vs) - 1, -1, -1):
        i = order[step]
        v, p = vs[step], xs[step]
        t = tau[..., i].unsqueeze(-1).unsqueeze(-1)
        vt = v.transpose(-1, -2)
        w = vt @ p
        vg = vt @ g
        dtau[i] = -(vg * w).sum((-2, -1))
        dv[i] = -t * (g @ w.transpose(-1, -2) + p @ (g.transpose(-1, -2) @ v))
        g = g - t * v * vg
    zero_col = Tensor._wrap(np.zeros(tuple(a.shape[:-2]) + (m,), a._data.dtype))
    cols = []
    for i in range(n):
        if i < k and i + 1 < m:
            from .masked import where
            cols.append(where(Tensor._wrap(np.arange(m) > i), dv[i].squeeze(-1), 0.0))
        else:
            cols.append(zero_col)
    da = stack(cols, -1)
    dt = stack([dtau[i] for i in range(k)], -1)
    return da, dt, g


# -- the nodes ------------------------------------------------------------------------------------------

class LinalgHouseholderProductBackward0(Node):
    __slots__ = ()
    explain = ("grad_input, grad_tau: the reflector steps Q ← Q − τ v (vᵀQ) run backwards "
               "(dτ = −⟨vᵀG, vᵀQ⟩, dv = −τ (G Qᵀv + Q Gᵀv); only input's entries below the diagonal are read)")
    checks = (check(lambda a, t: householder_product(a, t), (4, 3), (3,)),
              check(lambda a, t: householder_product(a, t), (2, 3, 2), (2, 1), label="batched, k < n"))

    def forward(ctx, a, tau):
        ctx.save_for_backward(a, tau)
        A = a._data
        m, n = A.shape[-2:]
        eye = np.broadcast_to(np.eye(m, n, dtype=A.dtype), A.shape).copy()
        return _apply(A, tau._data, eye, range(tau._data.shape[-1] - 1, -1, -1))

    def backward(ctx, grad):
        a, tau = ctx.saved_tensors
        m, n = a.shape[-2], a.shape[-1]
        eye = Tensor._wrap(np.broadcast_to(np.eye(m, n, dtype=a._data.dtype), tuple(a.shape)).copy())
        da, dt, _ = _reverse(a, tau, eye, list(range(tau.shape[-1] - 1, -1, -1)), grad)
        return da, dt


class OrmqrBackward0(Node):
    __slots__ = ("left", "transpose")
    explain = ("grad_input, grad_tau, grad_other: the reflector steps applied to other run backwards "
               "(grad_other = op(Q)ᵀ-side product of grad)")
    checks = (check(lambda a, t, c: ormqr(a, t, c), (4, 3), (3,), (4, 2)),
              check(lambda a, t, c: ormqr(a, t, c, left=False, transpose=True), (4, 3), (3,), (2, 4),
                    label="right, transposed"))

    def forward(ctx, a, tau, other, left, transpose):
        ctx.save_for_backward(a, tau, other)
        ctx.left, ctx.transpose = left, transpose
        A, C = a._data, other._data
        order = _orders(tau._data.shape[-1], left, transpose)
        if left:
            return _apply(A, tau._data, C, order)
        return np.swapaxes(_apply(A, tau._data, np.swapaxes(C, -1, -2), order), -1, -2)

    def backward(ctx, grad):
        a, tau, other = ctx.saved_tensors
        order = list(_orders(tau.shape[-1], ctx.left, ctx.transpose))
        if ctx.left:
            da, dt, dc = _reverse(a, tau, other, order, grad)
        else:
            da, dt, dc = _reverse(a, tau, other.transpose(-1, -2), order, grad.transpose(-1, -2))
            dc = dc.transpose(-1, -2)
        return da, dt, dc


class GeqrfBackward0(Node):
    __slots__ = ()
    n_diff_outputs = 2
    explain = "grad_input = not implemented (torch gives geqrf no derivative)"
    checks = ()

    def forward(ctx, a):
        h, tau = np.linalg.qr(a._data, mode="raw")
        return np.ascontiguousarray(np.swapaxes(h, -1, -2)), np.ascontiguousarray(tau)

    def backward(ctx, *grads):
        raise NotImplementedError("the derivative for 'geqrf' is not implemented.")


# -- the functions ----------------------------------------------------------------------------------------

def _word(t):
    from .. import dtypes
    return dtypes.SCALAR_NAMES[t.dtype.name]


def _floating(kernel, *ts):
    """torch's LAPACK kernels dispatch on float and double only."""
    for t in ts:
        if t._data.dtype.kind != "f" or t._data.dtype == np.float16:
            raise NotImplementedError(f"\"{kernel}\" not implemented for '{_word(t)}'")


def householder_product(input, tau, *, out=None):
    """Q's first n columns (m × n) from geqrf's compact form: H_0 H_1 … H_{k−1} applied to the identity."""
    name = "torch.linalg.householder_product"
    if input.dim() < 2:
        raise RuntimeError(f"{name}: input must have at least 2 dimensions.")
    m, n = input.shape[-2], input.shape[-1]
    if m < n:
        raise RuntimeError(f"{name}: input.shape[-2] must be greater than or equal to input.shape[-1]")
    if n < tau.shape[-1]:
        raise RuntimeError(f"{name}: input.shape[-1] must be greater than or equal to tau.shape[-1]")
    if input.dim() - tau.dim() != 1:
        raise RuntimeError(f"{name}: Expected tau to have one dimension less than input, but got tau.ndim equal to "
                           f"{tau.dim()} and input.ndim is equal to {input.dim()}")
    if input.dtype != tau.dtype:
        raise RuntimeError(f"{name}: tau dtype {_word(tau)} does not match input dtype {_word(input)}")
    _floating("orgqr_cpu", input)
    return LinalgHouseholderProductBackward0.apply(input, tau)


def orgqr(input, tau):
    """``torch.orgqr``: ``torch.linalg.householder_product``'s older name."""
    return householder_product(input, tau)


def ormqr(input, tau, other, left=True, transpose=False, *, out=None):
    """op(Q)·other (``left``) or other·op(Q), Q from geqrf's compact form (``input``, ``tau``), op(Q) = Qᵀ
    with ``transpose``, without forming Q."""
    if input.dim() < 2:
        raise RuntimeError("torch.ormqr: input must have at least 2 dimensions.")
    if other.dim() < 2:
        raise RuntimeError("torch.ormqr: other must have at least 2 dimensions.")
    m = input.shape[-2]
    side = -2 if left else -1
    if tau.shape[-1] != min(other.shape[side], input.shape[-1]):
        raise RuntimeError(f"torch.ormqr: tau.shape[-1] must be equal to min(other.shape[{side}], input.shape[-1])")
    if other.shape[side] != m:
        raise RuntimeError(f"torch.ormqr: other.shape[{side}] must be equal to input.shape[-2]")
    for what, t in (("tau", tau), ("other", other)):
        if t.dtype != input.dtype:
            raise RuntimeError(f"torch.ormqr: Expected input and {what} to have the same dtype, but input has "
                               f"dtype{_word(input)} and {what} has dtype {_word(t)}")
    _floating("ormqr_cpu", input)
    return OrmqrBackward0.apply(input, tau, other, left=bool(left), transpose=bool(transpose))


def geqrf(input, *, out=None):
    """LAPACK's QR in compact form: ``(a, tau)``, R on and above a's diagonal, the Householder vectors
    below it (their leading 1 implied), tau their scalars."""
    from .reduction import return_type
    if input.dim() < 2:
        raise RuntimeError("torch.geqrf: input must have at least 2 dimensions.")
    _floating("geqrf_cpu", input)
    a, tau = GeqrfBackward0.apply(input)
    return return_type("geqrf", ("a", "tau"))(a, tau)


def register(functions, methods, linalg_namespace=None):
    for name, fn in (("geqrf", geqrf), ("orgqr", orgqr), ("ormqr", ormqr)):
        functions[name] = fn
        methods[name] = fn
