"""``torch.svd_lowrank`` and ``torch.pca_lowrank``: Halko, Martinsson and Tropp's randomized
range finder (their algorithm 4.4, ``niter`` subspace iterations) followed by an SVD of the small
projected matrix, as torch's ``_lowrank.py`` composes them. Every step is an engine op
(``randn``, ``matmul``, ``linalg.qr``, ``linalg.svd``), so the results are differentiable as
torch's are, and the random test matrix is drawn from the global generator in torch's order
(one ``randn(n, q)`` per call): after ``manual_seed`` the results are torch's.

Real (dense) tensors only: gradcalc has no complex or sparse layouts.
"""

from .tensor import Tensor

__all__ = ["svd_lowrank", "pca_lowrank"]


def _floating_dtype(A):
    """torch's _linalg_utils.get_floating_dtype: integer inputs draw float32 test matrices."""
    from . import dtypes
    return A.dtype if A.dtype in (dtypes.float16, dtypes.float32, dtypes.float64) else dtypes.float32


def _approximate_basis(A, q, niter=2, M=None):
    """An orthonormal (m, q) Q whose range approximates A's (of A − M when M is given)."""
    from . import linalg
    from .random_sampling import randn
    niter = 2 if niter is None else niter
    R = randn(A.shape[-1], q, dtype=_floating_dtype(A))
    X = A.matmul(R)
    if M is not None:
        X = X - M.matmul(R)
    Q = linalg.qr(X).Q
    for _ in range(niter):
        X = A.mT.matmul(Q)
        if M is not None:
            X = X - M.mT.matmul(Q)
        Q = linalg.qr(X).Q
        X = A.matmul(Q)
        if M is not None:
            X = X - M.matmul(Q)
        Q = linalg.qr(X).Q
    return Q


def _check(fn, A):
    if not isinstance(A, Tensor):
        raise TypeError(f"{fn}(): argument 'A' must be Tensor, not {type(A).__name__}")
    if A.dim() < 2:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-max(A.dim(), 1)}, "
                         f"{max(A.dim(), 1) - 1}], but got -2)")


def _svd_lowrank(A, q=6, niter=2, M=None):
    from . import linalg
    q = 6 if q is None else q
    m, n = A.shape[-2:]
    if M is not None:
        M = M.broadcast_to(A.size())
    if m < n:
        A = A.mT
        if M is not None:
            M = M.mT
    Q = _approximate_basis(A, q, niter=niter, M=M)
    B = Q.mT.matmul(A)
    if M is not None:
        B = B - Q.mT.matmul(M)
    U, S, Vh = linalg.svd(B, full_matrices=False)
    V = Vh.mT
    U = Q.matmul(U)
    if m < n:
        U, V = V, U
    return U, S, V


def svd_lowrank(A, q=6, niter=2, M=None):
    """(U, S, V) of a rank-``q`` approximation of ``A`` (or of ``A − M``): A ≈ U diag(S) Vᵀ."""
    _check("svd_lowrank", A)
    return _svd_lowrank(A, q=q, niter=niter, M=M)


def pca_lowrank(A, q=None, center=True, niter=2):
    """(U, S, V) of the principal components of ``A``'s rows (centred by the column means when
    ``center``), ``q`` of them (default min(6, m, n))."""
    _check("pca_lowrank", A)
    m, n = A.shape[-2:]
    if q is None:
        q = min(6, m, n)
    elif not (q >= 0 and q <= min(m, n)):
        raise ValueError(f"q(={q}) must be non-negative integer and not greater than min(m, n)={min(m, n)}")
    if not niter >= 0:
        raise ValueError(f"niter(={niter}) must be non-negative integer")
    if not center:
        return _svd_lowrank(A, q, niter=niter, M=None)
    C = A.mean(dim=(-2,), keepdim=True)
    return _svd_lowrank(A - C, q, niter=niter, M=None)
