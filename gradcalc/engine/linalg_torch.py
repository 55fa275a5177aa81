"""The matrix functions at torch level (``torch.det``, ``x.inverse()``, ``torch.svd`` ...), as torch
spells them: mostly torch.linalg under another name, with torch's legacy signatures where they differ
(``torch.svd`` returns V, not Vh; ``torch.qr`` takes ``some``; ``torch.cholesky`` is deprecated)."""

import warnings



from .ops.reduction import return_type



def _linalg():
    from . import linalg
    return linalg


def det(input):
    """The determinant of a square matrix (``torch.linalg.det``)."""
    return _linalg().det(input)


def slogdet(input):
    """(sign, log|det|) of a square matrix."""
    r = _linalg().slogdet(input)
    return return_type("slogdet", ("sign", "logabsdet"))(*r)


def logdet(input):
    """log det(A): nan for a negative determinant, -inf for a singular matrix."""
    from .ops.linalg_checks import float_input, square
    square(input, "logdet")
    float_input(input, "logdet")
    sign, logabs = _linalg().slogdet(input)
    from .ops.unary import where
    return where(sign == -1, float("nan"), logabs)


def inverse(input):
    """The inverse of a square matrix (``torch.linalg.inv``)."""
    from .ops import linalg_decompositions as d
    return d.LinalgInvExBackward0.apply(input, fn="linalg.inv")


def cholesky(input, upper=False):
    """Deprecated spelling of ``torch.linalg.cholesky`` (recorded as CholeskyBackward0)."""
    warnings.warn("torch.cholesky is deprecated in favor of torch.linalg.cholesky and will be removed in a future "
                  "PyTorch release.\nL = torch.cholesky(A)\nshould be replaced with\nL = torch.linalg.cholesky(A)\n"
                  "and\nU = torch.cholesky(A, upper=True)\nshould be replaced with\nU = torch.linalg.cholesky(A).mH\n"
                  "This transform will produce equivalent results for all valid (symmetric positive definite) "
                  "inputs.", UserWarning, stacklevel=2)
    from .ops import linalg_decompositions as d
    return d.CholeskyBackward0.apply(input, upper=upper, fn="cholesky")


def qr(input, some=True):
    """(Q, R): the reduced QR decomposition (``some=False``: complete)."""
    r = _linalg().qr(input, "reduced" if some else "complete")
    return return_type("qr", ("Q", "R"))(*r)


def svd(input, some=True, compute_uv=True):
    """(U, S, V) with input = U diag(S) Vᵀ (note: V, not Vh as in torch.linalg.svd)."""
    L = _linalg()
    if not compute_uv:
        S = L.svdvals(input)
        m, n = input.shape[-2], input.shape[-1]
        from .creation import zeros
        U = zeros(tuple(input.shape[:-2]) + (m, m), dtype=input.dtype)
        V = zeros(tuple(input.shape[:-2]) + (n, n), dtype=input.dtype)
        return return_type("svd", ("U", "S", "V"))(U, S, V)
    U, S, Vh = L.svd(input, full_matrices=not some)
    return return_type("svd", ("U", "S", "V"))(U, S, Vh.mT)


def pinverse(input, rcond=1e-15):
    """The pseudo-inverse, dropping singular values below rcond·σ₁."""
    return _linalg().pinv(input, rtol=rcond)


def matrix_power(input, n):
    """input raised to the integer power n."""
    return _linalg().matrix_power(input, n)


def matrix_exp(input):
    """The matrix exponential."""
    return _linalg().matrix_exp(input)


def cholesky_inverse(input, upper=False):
    """The inverse of A from its Cholesky factor (A = L Lᵀ, or Uᵀ U when ``upper``)."""
    L = input.mT if upper else input
    A = L @ L.mT
    return _linalg().inv(A)


def cholesky_solve(input, input2, upper=False):
    """X with A X = input, A given by its Cholesky factor ``input2``."""
    L = input2.mT if upper else input2
    lin = _linalg()
    y = lin.solve_triangular(L, input, upper=False)
    return lin.solve_triangular(L.mT, y, upper=True)


def lu(A, pivot=True, get_infos=False):
    """(LU, pivots[, infos]): torch.lu, the packed LU factorization."""
    LU, piv, info = _linalg().lu_factor_ex(A, pivot=pivot)
    return (LU, piv, info) if get_infos else (LU, piv)


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    """(P, L, U) from lu_factor's packed form."""
    from .ops.linalg_lu import LuUnpackBackward0
    L, U, P = LuUnpackBackward0.apply(LU_data, pivots=LU_pivots)
    return return_type("lu_unpack", ("P", "L", "U"))(P, L, U)


def lu_solve(b, LU_data, LU_pivots):
    """Deprecated spelling of torch.linalg.lu_solve(LU, pivots, B)."""
    warnings.warn("torch.lu_solve is deprecated in favor of torch.linalg.lu_solveand will be removed in a future "
                  "PyTorch release.\nNote that torch.linalg.lu_solve has its arguments reversed.\nX = "
                  "torch.lu_solve(B, LU, pivots)\nshould be replaced with\nX = torch.linalg.lu_solve(LU, pivots, B)",
                  UserWarning, stacklevel=2)
    return _linalg().lu_solve(LU_data, LU_pivots, b)


def triangular_solve(b, A, upper=True, transpose=False, unitriangular=False):
    """(solution, cloned_coefficient): deprecated spelling of torch.linalg.solve_triangular."""
    warnings.warn("torch.triangular_solve is deprecated in favor of torch.linalg.solve_triangularand will be removed "
                  "in a future PyTorch release.\ntorch.linalg.solve_triangular has its arguments reversed and does not "
                  "return a copy of one of the inputs.\nX = torch.triangular_solve(B, A).solution\nshould be replaced "
                  "with\nX = torch.linalg.solve_triangular(A, B).", UserWarning, stacklevel=2)
    M = A.mT if transpose else A
    x = _linalg().solve_triangular(M, b, upper=upper != transpose, unitriangular=unitriangular)
    return return_type("triangular_solve", ("solution", "cloned_coefficient"))(x, A.clone())


def frobenius_norm(input, dim=(), keepdim=False):
    """Deprecated: the 2-norm over ``dim`` (torch.linalg.vector_norm)."""
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    return _linalg().vector_norm(input, 2, dims or None, keepdim)


def nuclear_norm(input, dim=None, keepdim=False):
    """Deprecated: the sum of singular values (torch.linalg.matrix_norm(A, 'nuc'))."""
    if isinstance(dim, bool):
        dim, keepdim = None, dim
    return _linalg().matrix_norm(input, "nuc", tuple(dim) if dim is not None else (-2, -1), keepdim)


_NAMES = ("det slogdet logdet inverse cholesky qr svd pinverse matrix_power matrix_exp cholesky_inverse "
          "cholesky_solve lu lu_solve triangular_solve")
_FUNCTIONS_ONLY = "lu_unpack frobenius_norm nuclear_norm"


def register(functions, methods):
    """Put the torch-level names and the Tensor methods in the op table."""
    g = globals()
    for name in _NAMES.split():
        functions[name] = g[name]
        methods[name] = g[name]
    for name in _FUNCTIONS_ONLY.split():
        functions[name] = g[name]



