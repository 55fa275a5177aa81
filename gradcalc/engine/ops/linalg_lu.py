"""LU with partial pivoting (torch.linalg.lu_factor / lu / lu_solve, torch.lu_unpack), with torch's backward.

numpy has no LU, so the factorization is computed here as LAPACK's getrf defines it
(row pivoting on the largest magnitude, a unit lower L), column by column and vectorized
over the batch. Pivots are 1-based int32 row swaps, as torch returns them.
"""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from . import linalg_checks as _lc
from .checks import check


def lu_np(A):
    """(LU packed, pivots 1-based int32, info) of each matrix of A (..., m, n)."""
    A = np.asarray(A)
    batch = A.shape[:-2]
    m, n = A.shape[-2:]
    a = np.array(A, copy=True).reshape((-1, m, n))
    k = min(m, n)
    piv = np.zeros((a.shape[0], k), dtype=np.int32)
    info = np.zeros(a.shape[0], dtype=np.int32)
    rows = np.arange(a.shape[0])
    for j in range(k):
        p = j + np.argmax(np.abs(a[:, j:, j]), axis=1)
        piv[:, j] = p + 1
        a[rows, j], a[rows, p] = a[rows, p].copy(), a[rows, j].copy()
        pivot = a[:, j, j]
        zero = pivot == 0
        info[(info == 0) & zero] = j + 1
        safe = np.where(zero, 1, pivot)
        a[:, j + 1:, j] = np.where(zero[:, None], a[:, j + 1:, j], a[:, j + 1:, j] / safe[:, None])
        a[:, j + 1:, j + 1:] -= a[:, j + 1:, j, None] * a[:, j, None, j + 1:]
    return a.reshape(A.shape), piv.reshape(batch + (k,)), info.reshape(batch)


def permutation_np(piv, m, dtype):
    """The permutation matrix P (A = P L U) of 1-based row swaps ``piv``."""
    batch = piv.shape[:-1]
    flat = piv.reshape((-1, piv.shape[-1]))
    perm = np.tile(np.arange(m), (flat.shape[0], 1))
    for j in range(flat.shape[1]):
        p = flat[:, j] - 1
        r = np.arange(flat.shape[0])
        perm[r, j], perm[r, p] = perm[r, p].copy(), perm[r, j].copy()
    # row i of P·(LU) is row perm[i]: P has a one at (perm[i], i)
    P = np.zeros((flat.shape[0], m, m), dtype=dtype)
    for b in range(flat.shape[0]):
        P[b, perm[b], np.arange(m)] = 1
    return P.reshape(batch + (m, m))


def unpack_np(LU, piv):
    m, n = LU.shape[-2:]
    k = min(m, n)
    L = np.tril(LU[..., :, :k], -1) + np.eye(m, k, dtype=LU.dtype)
    U = np.triu(LU[..., :k, :])
    return permutation_np(piv, m, LU.dtype), L, U


def _lu_backward(gL, gU, P, L, U):
    """torch's linalg_lu_backward for A = P L U. Square: gA = P L⁻ᵀ [Lᵀ gL ∘ tril₋₁ + gU Uᵀ ∘ triu] U⁻ᵀ;
    a tall or wide A is split into its square part and the rest (whose factor is a solve with L or U)."""
    from .. import linalg
    from .shape import cat
    m, n = L.shape[-2], U.shape[-1]
    if m > n:  # Pᵀ A = [L1; L2] U: L2 = A2 U⁻¹
        L1, L2 = L[..., :n, :], L[..., n:, :]
        gL1, gL2 = gL[..., :n, :], gL[..., n:, :]
        gA2 = linalg.solve_triangular(U.mT, gL2, upper=False, left=False)  # gL2 U⁻ᵀ
        gU = gU - (L2.mT @ gA2).triu()
        return P @ cat([_square(gL1, gU, L1, U), gA2], -2)
    if m < n:  # Pᵀ A = L [U1 U2]: U2 = L⁻¹ A2
        U1, U2 = U[..., :, :m], U[..., :, m:]
        gU1, gU2 = gU[..., :, :m], gU[..., :, m:]
        gA2 = linalg.solve_triangular(L.mT, gU2, upper=True, unitriangular=True)  # L⁻ᵀ gU2
        gL = gL - (gA2 @ U2.mT).tril(-1)
        return P @ cat([_square(gL, gU1, L, U1), gA2], -1)
    return P @ _square(gL, gU, L, U)


def _square(gL, gU, L, U):
    from .. import linalg
    phi = (L.mT @ gL).tril(-1) + (gU @ U.mT).triu()
    X = linalg.solve_triangular(U.mT, phi, upper=False, left=False)
    return linalg.solve_triangular(L.mT, X, upper=True, unitriangular=True)


class LinalgLuFactorExBackward0(Node):
    __slots__ = ("outs_data",)
    explain = "grad_A = P L⁻ᵀ [Lᵀ grad_L ∘ tril₋₁ + grad_U Uᵀ ∘ triu] U⁻ᵀ, with grad_L, grad_U the parts of grad_LU"
    n_diff_outputs = 1
    checks = (check(lambda a: __import__("gradcalc.engine").engine.linalg.lu_factor(a)[0], (3, 3)),)

    def forward(ctx, a, fn="linalg.lu_factor"):
        _lc.matrix_input(a, fn)
        _lc.float_input(a, fn)
        LU, piv, info = lu_np(a._data)
        ctx.outs_data = (LU, piv)
        return LU, piv, info

    def backward(ctx, gLU, *_):
        LU, piv = ctx.outs_data
        P, _, _ = unpack_np(LU, piv)
        LUt = Tensor._make(LU, ctx, 0)
        k = min(LU.shape[-2:])
        L = LUt[..., :, :k].tril(-1) + Tensor._wrap(np.eye(LU.shape[-2], k, dtype=LU.dtype))
        U = LUt[..., :k, :].triu()
        m, n = LU.shape[-2:]
        gL = gLU[..., :, :k].tril(-1) if m < n else gLU.tril(-1)
        gU = gLU[..., :k, :].triu() if m > n else gLU.triu()
        return _lu_backward(gL, gU, Tensor._wrap(P), L, U)


class LinalgLuBackward0(Node):
    __slots__ = ("outs_data",)
    explain = "grad_A = P L⁻ᵀ [Lᵀ grad_L ∘ tril₋₁ + grad_U Uᵀ ∘ triu] U⁻ᵀ"
    n_diff_outputs = 2  # (L, U, P): the permutation has no gradient
    checks = (check(lambda a: (lambda P, L, U: L.sum() + (U * U).sum())(
        *__import__("gradcalc.engine").engine.linalg.lu(a)), (3, 3)),)

    def forward(ctx, a, pivot=True):
        fn = "linalg.lu"
        _lc.matrix_input(a, fn)
        _lc.float_input(a, fn)
        if not pivot:
            raise RuntimeError("linalg.lu_factor: LU without pivoting is not implemented on the CPU")
        LU, piv, _ = lu_np(a._data)
        P, L, U = unpack_np(LU, piv)
        ctx.outs_data = (L, U, P)
        return L, U, P

    def backward(ctx, gL, gU, *_):
        L, U = (Tensor._make(arr, ctx, i) for i, arr in enumerate(ctx.outs_data[:2]))
        return _lu_backward(gL, gU, Tensor._wrap(ctx.outs_data[2]), L, U)


class LuUnpackBackward0(Node):
    explain = "grad_LU = tril₋₁(grad_L) + triu(grad_U)"
    n_diff_outputs = 2  # (L, U, P): the permutation has no gradient
    checks = (check(lambda a: (lambda P, L, U: L.sum() + 2 * U.sum())(
        *__import__("gradcalc.engine").engine.lu_unpack(a, __import__("gradcalc.engine").engine.tensor(
            [3, 3, 3], dtype=__import__("gradcalc.engine").engine.int32))), (3, 3)),)

    def forward(ctx, LU, pivots):
        P, L, U = unpack_np(LU._data, pivots._data)
        ctx.save_for_backward(LU._data.shape)
        return L, U, P

    def backward(ctx, gL, gU, *_):
        (shape,) = ctx.saved_tensors
        m, n = shape[-2:]
        k = min(m, n)
        from .shape import cat
        gL = gL.tril(-1)
        gU = gU.triu()
        if m == n:
            return gL + gU
        if m > n:  # L is m×k, U is k×k
            return gL + cat([gU, gU.new_zeros(tuple(shape[:-2]) + (m - k, n))], -2)
        return cat([gL, gL.new_zeros(tuple(shape[:-2]) + (m, n - k))], -1) + gU


class LinalgLuSolveBackward0(Node):
    explain = "grad_B = A⁻ᵀ grad;  grad_LU = tril₋₁(Pᵀ grad_A Uᵀ) + triu(Lᵀ Pᵀ grad_A), grad_A = −grad_B Xᵀ"
    saves_output = True
    checks = (check(lambda a, b: (lambda lu, piv: __import__("gradcalc.engine").engine.linalg.lu_solve(lu, piv, b))(
        *__import__("gradcalc.engine").engine.linalg.lu_factor(a)), (3, 3), (3, 2)),)

    def forward(ctx, LU, B, pivots, left=True, adjoint=False):
        fn = "linalg.lu_solve"
        P, L, U = unpack_np(LU._data, pivots._data)
        A = P @ L @ U
        if adjoint:
            A = np.swapaxes(A, -1, -2)
        Bm = B._data
        if not left:
            A, Bm = np.swapaxes(A, -1, -2), np.swapaxes(Bm, -1, -2)
        if Bm.shape[-2] != A.shape[-1]:
            raise RuntimeError(f"{fn}: Incompatible shapes of A and B for the equation AX = B "
                               f"({A.shape[-2]}x{A.shape[-1]} and {Bm.shape[-2]}x{Bm.shape[-1]})")
        with np.errstate(all="ignore"):
            try:
                X = np.linalg.solve(A, Bm)
            except np.linalg.LinAlgError:
                X = np.full(np.broadcast_shapes(A.shape[:-2], Bm.shape[:-2]) + Bm.shape[-2:], np.nan, A.dtype)
        if not left:
            X = np.swapaxes(X, -1, -2)
        ctx.save_for_backward(LU, pivots, left, adjoint)
        return X.astype(B._data.dtype)

    def backward(ctx, grad):
        LU, pivots, left, adjoint = ctx.saved_tensors
        if not left or adjoint:
            raise NotImplementedError("the derivative of lu_solve with left=False or adjoint=True is not "
                                      "implemented in gradcalc")
        from .. import linalg
        X = ctx.result
        P, L, U = unpack_np(LU._data, pivots._data)
        Pt = Tensor._wrap(P)
        Lt = LU.tril(-1) + Tensor._wrap(np.eye(L.shape[-1], dtype=L.dtype))
        Ut = LU.triu()
        A = Pt @ Lt @ Ut
        gB = linalg.solve(A.mT, grad)
        gA = -(gB @ X.mT)
        gLU = (Pt.mT @ gA @ Ut.mT).tril(-1) + (Lt.mT @ Pt.mT @ gA).triu()
        return gLU, gB
