"""``torch.linalg.ldl_factor``, ``ldl_factor_ex`` and ``ldl_solve``: the Bunch–Kaufman LDLᵀ
factorization of a symmetric matrix as LAPACK's ``sytrf`` returns it to torch, and ``sytrs``'s
solve with it.

For the sizes a learner types, ``dsytrf`` runs its unblocked kernel ``dsytf2`` on the whole
matrix (the blocked ``dlasyf`` only starts above the block size, 64), so this is ``dsytf2``'s
lower-triangle algorithm step for step: at column k the diagonal entry is kept as a 1×1 pivot
when |a_kk| ≥ α·colmax (α = (1 + √17)/8), else row/column ``imax`` is swapped in as a 1×1 pivot,
or rows k+1 and ``imax`` as a 2×2 pivot, by Bunch and Kaufman's tests; the trailing matrix gets
the rank-1 or rank-2 update in LAPACK's own operation order, so the results are torch's to the
last bit or within a few ulps (torch's MKL may fuse multiply-adds). ``LD`` holds L's
multipliers below the diagonal and D's blocks on it (upper triangle zeroed, as torch returns it);
``pivots`` are 1-based int32, negative (twice) for a 2×2 block. Each step is whole-vector numpy
work; the loop is over columns only.

torch records no derivative for either function: a result of an input that requires grad gets
a ``NotImplemented`` node whose backward says so.
"""

import math

import numpy as np

from .node import not_differentiable
from .ops.reduction import return_type as _return_type
from .tensor import Tensor

__all__ = ["ldl_factor", "ldl_factor_ex", "ldl_solve"]

_ALPHA = (1 + math.sqrt(17.0)) / 8


def _sytf2_lower(a):
    """Factor the symmetric ``a`` (its lower triangle read; overwritten) in place: (ipiv, info)."""
    n = a.shape[0]
    ipiv = np.zeros(n, np.int32)
    info = 0
    k = 0
    while k < n:
        kstep = 1
        absakk = abs(a[k, k])
        if k < n - 1:
            imax = k + 1 + int(np.argmax(np.abs(a[k + 1:, k])))
            colmax = abs(a[imax, k])
        else:
            imax, colmax = k, 0.0
        if max(absakk, colmax) == 0 or math.isnan(absakk):
            if info == 0:
                info = k + 1
            kp = k
        else:
            if absakk >= _ALPHA * colmax:
                kp = k
            else:
                # the largest off-diagonal entry of row/column imax (its row left of the diagonal,
                # then its column below)
                jmax = k + int(np.argmax(np.abs(a[imax, k:imax])))
                rowmax = abs(a[imax, jmax])
                if imax < n - 1:
                    jmax = imax + 1 + int(np.argmax(np.abs(a[imax + 1:, imax])))
                    rowmax = max(rowmax, abs(a[jmax, imax]))
                if absakk >= _ALPHA * colmax * (colmax / rowmax):
                    kp = k
                elif abs(a[imax, imax]) >= _ALPHA * rowmax:
                    kp = imax
                else:
                    kp, kstep = imax, 2
            kk = k + kstep - 1
            if kp != kk:
                # swap rows and columns kk and kp of the trailing lower triangle
                if kp < n - 1:
                    a[kp + 1:, kk], a[kp + 1:, kp] = a[kp + 1:, kp].copy(), a[kp + 1:, kk].copy()
                a[kk + 1:kp, kk], a[kp, kk + 1:kp] = a[kp, kk + 1:kp].copy(), a[kk + 1:kp, kk].copy()
                a[kk, kk], a[kp, kp] = a[kp, kp], a[kk, kk]
                if kstep == 2:
                    a[k + 1, k], a[kp, k] = a[kp, k], a[k + 1, k]
            if kstep == 1:
                if k < n - 1:
                    d11 = 1.0 / a[k, k]
                    x = a[k + 1:, k].copy()
                    # dsyr: A(i,j) += x(i) * (alpha * x(j)), lower triangle only
                    upd = a[k + 1:, k + 1:] + x[:, None] * (-d11 * x)[None, :]
                    lower = np.tril(np.ones(upd.shape, bool))
                    a[k + 1:, k + 1:] = np.where(lower, upd, a[k + 1:, k + 1:])
                    a[k + 1:, k] = x * d11
            elif k < n - 2:
                d21 = a[k + 1, k]
                d11 = a[k + 1, k + 1] / d21
                d22 = a[k, k] / d21
                t = 1.0 / (d11 * d22 - 1.0)
                d21 = t / d21
                ck, ck1 = a[k + 2:, k].copy(), a[k + 2:, k + 1].copy()
                wk = d21 * (d11 * ck - ck1)
                wkp1 = d21 * (d22 * ck1 - ck)
                upd = a[k + 2:, k + 2:] - ck[:, None] * wk[None, :] - ck1[:, None] * wkp1[None, :]
                lower = np.tril(np.ones(upd.shape, bool))
                a[k + 2:, k + 2:] = np.where(lower, upd, a[k + 2:, k + 2:])
                a[k + 2:, k] = wk
                a[k + 2:, k + 1] = wkp1
        if kstep == 1:
            ipiv[k] = kp + 1
        else:
            ipiv[k] = ipiv[k + 1] = -(kp + 1)
        k += kstep
    return ipiv, info


def _sytrs_lower(a, ipiv, b):
    """Solve with ``a``, ``ipiv`` from ``_sytf2_lower`` (dsytrs, lower): b overwritten with X."""
    n = a.shape[0]
    k = 0
    while k < n:  # L D X = B
        if ipiv[k] > 0:
            kp = ipiv[k] - 1
            if kp != k:
                b[[k, kp]] = b[[kp, k]]
            if k < n - 1:
                b[k + 1:] -= a[k + 1:, k][:, None] * b[k][None, :]
            b[k] *= 1.0 / a[k, k]
            k += 1
        else:
            kp = -ipiv[k] - 1
            if kp != k + 1:
                b[[k + 1, kp]] = b[[kp, k + 1]]
            if k < n - 2:
                b[k + 2:] -= a[k + 2:, k][:, None] * b[k][None, :]
                b[k + 2:] -= a[k + 2:, k + 1][:, None] * b[k + 1][None, :]
            akm1k = a[k + 1, k]
            akm1 = a[k, k] / akm1k
            ak = a[k + 1, k + 1] / akm1k
            denom = akm1 * ak - 1.0
            bkm1 = b[k] / akm1k
            bk = b[k + 1] / akm1k
            b[k] = (ak * bkm1 - bk) / denom
            b[k + 1] = (akm1 * bk - bkm1) / denom
            k += 2
    k = n - 1
    while k >= 0:  # Lᵀ X = B
        if ipiv[k] > 0:
            if k < n - 1:
                b[k] = b[k] - a[k + 1:, k] @ b[k + 1:]
            kp = ipiv[k] - 1
            if kp != k:
                b[[k, kp]] = b[[kp, k]]
            k -= 1
        else:
            if k < n - 1:
                b[k] = b[k] - a[k + 1:, k] @ b[k + 1:]
                b[k - 1] = b[k - 1] - a[k + 1:, k - 1] @ b[k + 1:]
            kp = -ipiv[k] - 1
            if kp != k:
                b[[k, kp]] = b[[kp, k]]
            k -= 2
    return b


def _check_input(fn, A):
    if not isinstance(A, Tensor):
        raise TypeError(f"linalg_ldl_factor_ex(): argument 'self' (position 1) must be Tensor, not "
                        f"{type(A).__name__}")
    if A.dim() < 2:
        raise RuntimeError(f"{fn}: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"{fn}: A must be batches of square matrices, but they are {A.shape[-2]} by "
                           f"{A.shape[-1]} matrices")
    if A._data.dtype.kind != "f":
        raise RuntimeError(f"{fn}: Expected a floating point or complex tensor as input. Got {_scalar_name(A)}")


def _scalar_name(t):
    from .tensor import _SCALAR_TYPE_NAMES
    return _SCALAR_TYPE_NAMES[t._data.dtype.type]


def ldl_factor_ex(A, *, hermitian=False, check_errors=False, out=None):
    """(LD, pivots, info): the compact LDLᵀ factorization of each symmetric matrix of ``A`` (its lower
    triangle is read), info > 0 where D has an exactly zero 1×1 block (the first such column, 1-based)."""
    fn = "torch.linalg.ldl_factor_ex"
    _check_input(fn, A)
    d = A._data
    n = d.shape[-1]
    lead = d.shape[:-2]
    work = np.array(d, dtype=d.dtype, copy=True).reshape((-1, n, n))
    piv = np.zeros((work.shape[0], n), np.int32)
    info = np.zeros(work.shape[0], np.int32)
    for b in range(work.shape[0]):
        piv[b], info[b] = _sytf2_lower(work[b])
    work = np.tril(work)
    LD = Tensor._wrap(work.reshape(d.shape))
    pivots = Tensor._wrap(piv.reshape(lead + (n,)))
    info_t = Tensor._wrap(info.reshape(lead))
    if check_errors and info.any():
        _raise_info(fn, info)
    not_differentiable("linalg_ldl_factor_ex", LD, A)
    return _return_type("linalg_ldl_factor_ex", ("LD", "pivots", "info"))(LD, pivots, info_t)


def _raise_info(fn, info):
    # torch's ldl_factor reports a positive LAPACK info through an internal assert (its
    # error-code table has no entry for sytrf), with that assert's own wording
    code = int(info.reshape(-1)[np.argmax(info.reshape(-1) != 0)])
    raise RuntimeError('false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/'
                       'BatchLinearAlgebra.cpp":1642, please report a bug to PyTorch. '
                       f"torch.linalg.ldl_factor: Unknown error code: {code}.")


def ldl_factor(A, *, hermitian=False, out=None):
    """(LD, pivots) of ``ldl_factor_ex``, raising torch's error where D is singular."""
    LD, pivots, info = ldl_factor_ex(A, hermitian=hermitian)
    if info._data.any():
        _raise_info("torch.linalg.ldl_factor", info._data)
    return _return_type("linalg_ldl_factor", ("LD", "pivots"))(LD, pivots)


def ldl_solve(LD, pivots, B, *, hermitian=False, out=None):
    """X with A X = B, A given by ``ldl_factor``'s (LD, pivots)."""
    fn = "torch.linalg.ldl_solve"
    for name, t, pos in (("LD", LD, 1), ("pivots", pivots, 2), ("B", B, 3)):
        if not isinstance(t, Tensor):
            raise TypeError(f"linalg_ldl_solve(): argument '{name}' (position {pos}) must be Tensor, not "
                            f"{type(t).__name__}")
    if LD.dim() < 2:
        raise RuntimeError(f"{fn}: The input tensor LD must have at least 2 dimensions.")
    if LD.shape[-1] != LD.shape[-2]:
        raise RuntimeError(f"{fn}: LD must be batches of square matrices, but they are {LD.shape[-2]} by "
                           f"{LD.shape[-1]} matrices")
    if B.dim() < 2:
        raise IndexError(f"Dimension out of range (expected to be in range of [-1, 0], but got -2)")
    if tuple(pivots.shape) != tuple(LD.shape[:-1]):
        raise RuntimeError(f"{fn}: Expected LD.shape[:-1] and pivots.shape to be the same, but got pivots with "
                           f"shape {list(pivots.shape)} instead")
    if pivots._data.dtype.kind not in "iu":
        raise RuntimeError(f"{fn}: Expected pivots to be integers. Got {_scalar_name(pivots)}")
    if LD._data.dtype != B._data.dtype:
        raise RuntimeError(f"Expected b and A to have the same dtype, but found b of type {_scalar_name(B)} and A of "
                           f"type {_scalar_name(LD)} instead.")
    n = LD.shape[-1]
    if B.shape[-2] != n:
        raise RuntimeError(f"Incompatible matrix sizes for {fn}: each A matrix is {n} by {n} but each b matrix "
                           f"is {B.shape[-2]} by {B.shape[-1]}")
    lead = np.broadcast_shapes(tuple(LD.shape[:-2]), tuple(B.shape[:-2]))
    ld = np.broadcast_to(LD._data, lead + (n, n)).reshape((-1, n, n))
    pv = np.broadcast_to(pivots._data.astype(np.int64), lead + (n,)).reshape((-1, n))
    rhs = np.array(np.broadcast_to(B._data, lead + tuple(B.shape[-2:])), copy=True).reshape(
        (-1,) + tuple(B.shape[-2:]))
    for b in range(rhs.shape[0]):
        _sytrs_lower(ld[b], pv[b], rhs[b])
    X = Tensor._wrap(rhs.reshape(lead + tuple(B.shape[-2:])))
    return not_differentiable("linalg_ldl_solve", X, B)  # (torch records only B's edge)
