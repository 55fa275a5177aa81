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


_NAMES = ("det slogdet logdet inverse cholesky qr svd pinverse matrix_power matrix_exp cholesky_inverse "
          "cholesky_solve")


def register(functions, methods):
    """Put the torch-level names and the Tensor methods in the op table."""
    g = globals()
    for name in _NAMES.split():
        functions[name] = g[name]
        methods[name] = g[name]



