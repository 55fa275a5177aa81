"""``torch.linalg``: factorizations, solves, norms and matrix functions, named and computed as torch's.

The differentiable nodes are in ``ops/linalg_decompositions.py``; this module is the public
namespace (argument handling, torch's return types and errors) and the compositions torch
itself composes (``matrix_power`` from matmuls, ``matrix_norm`` from ``vector_norm``,
``svdvals`` and reductions, ``multi_dot`` in the cheapest order).
"""

import math as _math

import numpy as _np

from .ops import linalg_checks as _lc
from .ops import linalg_decompositions as _d
from .ops.reduction import return_type as _return_type
from .creation import eye as _eye
from .tensor import Tensor

__all__ = ["det", "slogdet", "inv", "inv_ex", "solve", "solve_ex", "cholesky", "cholesky_ex", "qr", "eigh",
           "eigvalsh", "svd", "svdvals", "pinv", "lstsq", "matrix_rank", "matrix_power", "matrix_exp", "cross",
           "multi_dot", "norm", "vector_norm", "matrix_norm", "matmul", "diagonal", "vecdot", "cond",
           "solve_triangular", "tensorinv", "tensorsolve", "vander", "LinAlgError", "lu_factor", "lu_factor_ex", "lu",
           "lu_solve", "householder_product", "ldl_factor", "ldl_factor_ex", "ldl_solve"]

LinAlgError = _d.LinAlgError
from .ops.householder import householder_product  # noqa: E402  (geqrf's Q; ops/householder.py)
from .linalg_ldl import ldl_factor, ldl_factor_ex, ldl_solve  # noqa: E402  (sytrf/sytrs; linalg_ldl.py)
_INF = float("inf")


def _need_tensor(fn, x, name="A"):
    if not isinstance(x, Tensor):
        raise TypeError(f"{fn}(): argument '{name}' (position 1) must be Tensor, not {type(x).__name__}")


def det(A, *, out=None):
    """The determinant of a square matrix (or of each matrix of a batch)."""
    _need_tensor("linalg_det", A)
    return _d.LinalgDetBackward0.apply(A)


def slogdet(A, *, out=None):
    """(sign, log|det|) of a square matrix: the determinant without overflow."""
    _need_tensor("linalg_slogdet", A)
    return _return_type("linalg_slogdet", ("sign", "logabsdet"))(*_d.LinalgSlogdetBackward0.apply(A))


def inv(A, *, out=None):
    """The inverse of a square matrix; a singular matrix is an error."""
    _need_tensor("linalg_inv", A)
    return _d.LinalgInvExBackward0.apply(A)


def inv_ex(A, *, check_errors=False, out=None):
    """(inverse, info): info is 0, or the index of the zero pivot that makes A singular."""
    _need_tensor("linalg_inv_ex", A)
    _lc.square(A, "linalg.inv_ex")
    info = _lc.first_zero_pivot(A._data).reshape(A._data.shape[:-2]) if A._data.size else _np.zeros(
        A._data.shape[:-2], _np.int64)
    if check_errors or not info.any():
        result = inv(A)
    else:  # what LAPACK leaves for a singular matrix: no error, values from a division by a zero pivot
        with _np.errstate(all="ignore"):
            result = Tensor._wrap((_np.linalg.pinv(A._data) * _np.inf).astype(A._data.dtype))
    return _return_type("linalg_inv_ex", ("inverse", "info"))(result, Tensor._wrap(_np.asarray(info, _np.int32)))


def solve(A, B, *, left=True, out=None):
    """X with A X = B (``left=False``: X A = B)."""
    _need_tensor("linalg_solve", A)
    _need_tensor("linalg_solve", B, "B")
    return _d.LinalgSolveExBackward0.apply(A, B, left=left)


def solve_ex(A, B, *, left=True, check_errors=False, out=None):
    """(result, info) of solve."""
    res = solve(A, B, left=left)
    info = Tensor._wrap(_np.zeros(A._data.shape[:-2], _np.int32))
    return _return_type("linalg_solve_ex", ("result", "info"))(res, info)


def cholesky(A, *, upper=False, out=None):
    """L with A = L Lᵀ (``upper=True``: U with A = Uᵀ U) of a symmetric positive-definite matrix."""
    _need_tensor("linalg_cholesky", A)
    return _d.LinalgCholeskyExBackward0.apply(A, upper=upper)


def cholesky_ex(A, *, upper=False, check_errors=False, out=None):
    """(L, info): info is 0, or the order of the leading minor that is not positive-definite."""
    _need_tensor("linalg_cholesky_ex", A)
    _lc.square(A, "linalg.cholesky_ex")
    info = _lc.first_bad_minor(A._data).reshape(A._data.shape[:-2]) if A._data.size else _np.zeros(
        A._data.shape[:-2], _np.int64)
    if check_errors or not info.any():
        L = cholesky(A, upper=upper)
    else:
        from .creation import zeros_like
        L = zeros_like(A)
    return _return_type("linalg_cholesky_ex", ("L", "info"))(L, Tensor._wrap(_np.asarray(info, _np.int32)))


def qr(A, mode="reduced", *, out=None):
    """(Q, R) with A = Q R, Q orthonormal columns, R upper triangular."""
    _need_tensor("linalg_qr", A)
    return _return_type("linalg_qr", ("Q", "R"))(*_d.LinalgQrBackward0.apply(A, mode=mode))


def eigh(A, UPLO="L", *, out=None):
    """(eigenvalues ascending, eigenvectors) of a symmetric matrix (only its ``UPLO`` triangle is read)."""
    _need_tensor("linalg_eigh", A)
    return _return_type("linalg_eigh", ("eigenvalues", "eigenvectors"))(*_d.LinalgEighBackward0.apply(A, UPLO=UPLO))


def eigvalsh(A, UPLO="L", *, out=None):
    """The eigenvalues (ascending) of a symmetric matrix."""
    _need_tensor("linalg_eigvalsh", A)
    return _d.LinalgEighBackward0.apply(A, UPLO=UPLO, fn="linalg.eigvalsh")[0]


def svd(A, full_matrices=True, *, driver=None, out=None):
    """(U, S, Vh) with A = U diag(S) Vh, S descending."""
    _need_tensor("linalg_svd", A)
    return _return_type("linalg_svd", ("U", "S", "Vh"))(*_d.LinalgSvdBackward0.apply(A, full_matrices=full_matrices))


def svdvals(A, *, driver=None, out=None):
    """The singular values of A, descending."""
    _need_tensor("linalg_svdvals", A)
    return _d.LinalgSvdBackward0.apply(A, full_matrices=False, fn="linalg.svdvals")[1]


def pinv(A, *, atol=None, rtol=None, hermitian=False, out=None, rcond=None):
    """The Moore-Penrose pseudo-inverse (singular values below max(atol, rtol·σ₁) are dropped)."""
    _need_tensor("linalg_pinv", A)
    if A._data.ndim < 2 or A._data.dtype.kind != "f" or A._data.dtype == _np.float16:
        raise RuntimeError(f"linalg.pinv({_lc._SCALAR[A.dtype.name]}{{{list(A.shape)}}}): expected a tensor with 2 or "
                           "more dimensions of float, double, cfloat or cdouble types")
    if rcond is not None:
        rtol = rcond
    m, n = A._data.shape[-2:]
    if rtol is None:
        rtol = 0.0 if (atol is not None and atol > 0) else _np.finfo(A._data.dtype).eps * max(m, n)
    return _d.LinalgPinvBackward0.apply(A, rtol=float(rtol), atol=float(atol or 0.0), hermitian=hermitian)


def lstsq(A, B, rcond=None, *, driver=None):
    """(solution, residuals, rank, singular_values) of the least-squares problem min ‖A X − B‖."""
    _need_tensor("linalg_lstsq", A)
    _need_tensor("linalg_lstsq", B, "B")
    if driver not in (None, "gelsy", "gelsd", "gelss", "gels"):
        raise RuntimeError(f"torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)")
    out = _d.LinalgLstsqBackward0.apply(A, B, rcond=rcond, driver=driver)
    return _return_type("linalg_lstsq", ("solution", "residuals", "rank", "singular_values"))(*out)


def matrix_rank(A, *, atol=None, rtol=None, hermitian=False, tol=None, out=None):
    """The number of singular values above max(atol, rtol·σ₁)."""
    _need_tensor("linalg_matrix_rank", A)
    _lc.matrix_input(A, "linalg.matrix_rank")
    _lc.float_input(A, "linalg.matrix_rank")
    S = _np.linalg.svd(A._data, compute_uv=False)
    m, n = A._data.shape[-2:]
    if tol is not None:
        atol, rtol = tol, 0.0
    if rtol is None:
        rtol = 0.0 if (atol is not None and atol > 0) else _np.finfo(A._data.dtype).eps * max(m, n)
    smax = S.max(axis=-1) if S.shape[-1] else _np.zeros(S.shape[:-1])
    thresh = _np.maximum(atol or 0.0, rtol * smax)
    return Tensor._wrap(_np.asarray((S > thresh[..., None]).sum(-1), dtype=_np.int64))


def matrix_power(A, n, *, out=None):
    """A raised to the integer power n (n < 0: of the inverse), by repeated squaring as torch does."""
    _need_tensor("linalg_matrix_power", A)
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"linalg_matrix_power(): argument 'n' (position 2) must be int, not {type(n).__name__}")
    _lc.matrix_input(A, "linalg.matrix_power")
    s = A._data.shape
    if s[-1] != s[-2]:
        raise RuntimeError(f"linalg.matrix_power: A must be batches of square matrices, but they are {s[-2]} by "
                           f"{s[-1]} matrices")
    if n == 0:
        from .creation import eye
        out = A.clone()
        return out.copy_(eye(s[-1], dtype=A.dtype).expand(s))
    if n == 1:
        return A.clone()
    if n == -1:
        return inv(A)
    a = inv(A) if n < 0 else A
    n = abs(n)
    if n == 2:
        return a @ a
    if n == 3:
        return (a @ a) @ a
    z = result = None
    while n > 0:
        bit = n % 2
        n //= 2
        z = a if z is None else z @ z
        if bit == 1:
            result = z if result is None else result @ z
    return result


def matrix_exp(A):
    """The matrix exponential e^A."""
    _need_tensor("linalg_matrix_exp", A)
    return _d.LinalgMatrixExpBackward0.apply(A)


def cross(input, other, *, dim=-1, out=None):
    """The cross product of 3-vectors along ``dim`` (broadcast)."""
    _need_tensor("linalg_cross", input, "input")
    _need_tensor("linalg_cross", other, "other")
    a, b = input._data, other._data
    if a.ndim != b.ndim:
        raise RuntimeError(f"linalg.cross: inputs must have the same number of dimensions.")
    if a.shape[dim] != 3 or b.shape[dim] != 3:
        raise RuntimeError(f"linalg.cross: inputs dimension {dim} must have length 3. Got {a.shape[dim]} and "
                           f"{b.shape[dim]}")
    if a.dtype != b.dtype:
        from . import dtypes as _dt
        common = _dt.promote_types(input.dtype, other.dtype)
        input, other = input.to(common), other.to(common)
    from .ops.aliases import LinalgCrossBackward0
    return LinalgCrossBackward0.apply(input, other, dim=dim)


def multi_dot(tensors, *, out=None):
    """The product of a chain of matrices, multiplied in the cheapest order (first/last may be vectors)."""
    tensors = list(tensors)
    n = len(tensors)
    if n < 2:
        raise RuntimeError(f"multi_dot(): expected at least 2 tensors but got {n}")
    dims = [t._data.ndim for t in tensors]
    if dims[0] not in (1, 2):
        raise RuntimeError(f"multi_dot(): the first tensor must be 1D or 2D but got {dims[0]}D")
    if dims[-1] not in (1, 2):
        raise RuntimeError(f"multi_dot(): the last tensor must be 1D or 2D but got {dims[-1]}D")
    for i in range(1, n - 1):
        if dims[i] != 2:
            raise RuntimeError(f"multi_dot(): tensor {i} must be 2D but got {dims[i]}D")
    from . import dtypes as _dt
    for i, t in enumerate(tensors[1:], 1):
        if t.dtype != tensors[0].dtype:
            raise RuntimeError(f"multi_dot(): all tensors must have be the same dtype but tensor 0 is "
                               f"{_dt.C_NAMES[tensors[0].dtype.name]} and tensor {i} "
                               f"{_dt.C_NAMES[t.dtype.name]}")
    first_vec, last_vec = dims[0] == 1, dims[-1] == 1
    mats = list(tensors)
    if first_vec:
        mats[0] = mats[0].unsqueeze(0)
    if last_vec:
        mats[-1] = mats[-1].unsqueeze(-1)
    for i in range(n - 1):
        if mats[i].shape[-1] != mats[i + 1].shape[0]:
            raise RuntimeError(f"multi_dot(): tensors {i} and {i + 1} with shapes {list(tensors[i].shape)} and "
                               f"{list(tensors[i + 1].shape)} cannot be multiplied")
    out_shape = ([] if first_vec else [mats[0].shape[0]]) + ([] if last_vec else [mats[-1].shape[1]])
    if n == 2:
        result = mats[0].mm(mats[1])
    elif n == 3:
        a, b, c = mats[0].shape[0], mats[1].shape[0], mats[2].shape[0]
        d = mats[2].shape[1]
        cost1 = a * c * (b + d)  # (AB)C
        cost2 = b * d * (a + c)  # A(BC)
        result = mats[0].mm(mats[1]).mm(mats[2]) if cost1 < cost2 else mats[0].mm(mats[1].mm(mats[2]))
    else:
        result = _chain(mats)
    return result.view(out_shape)


def _chain(mats):
    """Matrix-chain order by dynamic programming (as torch's multi_dot), then the products."""
    n = len(mats)
    p = [m.shape[0] for m in mats] + [mats[-1].shape[1]]
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = None
            for k in range(i, j):
                q = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if cost[i][j] is None or q < cost[i][j]:
                    cost[i][j], split[i][j] = q, k
    # evaluate without recursion: a stack of (i, j) intervals
    results = {}
    stack = [(0, n - 1, False)]
    while stack:
        i, j, ready = stack.pop()
        if i == j:
            results[(i, j)] = mats[i]
            continue
        k = split[i][j]
        if ready:
            results[(i, j)] = results.pop((i, k)).mm(results.pop((k + 1, j)))
        else:
            stack.extend([(i, j, True), (k + 1, j, False), (i, k, False)])
    return results[(0, n - 1)]


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None, out=None):
    """‖x‖_ord over ``dim`` (all elements when None): (Σ|x|^ord)^(1/ord), max|x| for inf, nonzeros for 0."""
    _need_tensor("linalg_vector_norm", x, "input")
    if x._data.dtype.kind != "f":
        raise RuntimeError(f"linalg.vector_norm: Expected a floating point or complex tensor as input. Got "
                           f"{_lc._SCALAR[x.dtype.name]}")
    if isinstance(dim, int):
        dim = (dim,)
    elif dim is not None:
        dim = tuple(dim)
        if len(dim) == 0:
            dim = None
    nd = x._data.ndim
    if dim is not None:
        for d in dim:
            if not -max(nd, 1) <= d < max(nd, 1):
                raise IndexError(f"Dimension out of range (expected to be in range of [{-max(nd, 1)}, "
                                 f"{max(nd, 1) - 1}], but got {d})")
        dim = tuple(d % max(nd, 1) for d in dim) if nd else None
    if ord in (_INF, -_INF) and x._data.size == 0:
        raise RuntimeError(f"linalg.vector_norm cannot compute the {ord} norm on an empty tensor because the "
                           "operation does not have an identity")
    out_dtype = dtype.np if dtype is not None else None
    return _d.LinalgVectorNormBackward0.apply(x, ord=float(ord), dim=dim, keepdim=keepdim, out_dtype=out_dtype)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None, out=None):
    """The matrix norm: 'fro', 'nuc', ±1 (max/min column sum), ±inf (row sum), ±2 (largest/smallest σ)."""
    _need_tensor("linalg_matrix_norm", A)
    _lc.matrix_input(A, "linalg.matrix_norm")
    if A._data.dtype.kind != "f":
        raise RuntimeError(f"linalg.matrix_norm: Expected a floating point or complex tensor as input. Got "
                           f"{_lc._SCALAR[A.dtype.name]}")
    nd = A._data.ndim
    d0, d1 = (d % nd for d in dim)
    if ord == "fro":
        return vector_norm(A, 2, (d0, d1), keepdim, dtype=dtype)
    if ord == "nuc" or ord in (2, -2):
        x = A if dtype is None else A.to(dtype)
        s = svdvals(x.movedim((d0, d1), (-2, -1)))
        if ord == "nuc":
            r = s.sum(-1, keepdim=keepdim)
        else:
            r = s.amax(-1, keepdim=keepdim) if ord == 2 else s.amin(-1, keepdim=keepdim)
        if keepdim:
            r = r.unsqueeze(-1).movedim((-2, -1), (d0, d1))
        return r
    if ord in (1, -1, _INF, -_INF):
        if ord in (_INF, -_INF):
            d0, d1 = d1, d0
        r = vector_norm(A, 1, (d0,), keepdim, dtype=dtype)
        if not keepdim and d0 < d1:
            d1 -= 1
        return r.amax(d1, keepdim=keepdim) if ord > 0 else r.amin(d1, keepdim=keepdim)
    raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None, out=None):
    """A vector norm (1 dim) or a matrix norm (2 dims); with neither ord nor dim, the 2-norm of all elements."""
    _need_tensor("linalg_norm", A)
    if dim is not None:
        dims = (dim,) if isinstance(dim, int) else tuple(dim)
        if len(dims) == 1:
            return vector_norm(A, 2 if ord is None else ord, dims, keepdim, dtype=dtype)
        if len(dims) == 2:
            return matrix_norm(A, "fro" if ord is None else ord, dims, keepdim, dtype=dtype)
        raise RuntimeError(f"linalg.norm: If dim is specified, it must be of length 1 or 2. Got {list(dims)}")
    if ord is None:
        return vector_norm(A, 2, None, keepdim, dtype=dtype)
    nd = A._data.ndim
    if nd not in (1, 2):
        raise RuntimeError(f"linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got {nd}D.")
    if nd == 1:
        return vector_norm(A, ord, None, keepdim, dtype=dtype)
    return matrix_norm(A, ord, (-2, -1), keepdim, dtype=dtype)


def matmul(input, other, *, out=None):
    """The matrix product (as ``torch.matmul``)."""
    from .ops.linalg import matmul as _matmul
    return _matmul(input, other)


def diagonal(A, *, offset=0, dim1=-2, dim2=-1):
    """The diagonal of each matrix (as ``torch.diagonal`` with dim1=-2, dim2=-1)."""
    return A.diagonal(offset, dim1, dim2)


def vecdot(x, y, *, dim=-1, out=None):
    """The dot product of vectors along ``dim`` (broadcast)."""
    return (x * y).sum(dim)


def cond(A, p=None, *, out=None):
    """The condition number ‖A‖‖A⁻¹‖ (p=None or 2: σ₁/σₙ)."""
    _need_tensor("linalg_cond", A)
    _lc.matrix_input(A, "linalg.cond")
    if p in (None, 2, -2):
        s = svdvals(A)
        r = s[..., :1] / s[..., -1:] if p != -2 else s[..., -1:] / s[..., :1]
        return r.squeeze(-1)
    inverse, info = inv_ex(A)
    inverse = inverse.masked_fill((info > 0).unsqueeze(-1).unsqueeze(-1), _INF)
    return (matrix_norm(A, p) * matrix_norm(inverse, p)).nan_to_num()


def solve_triangular(A, B, *, upper, left=True, unitriangular=False, out=None):
    """X with A X = B for triangular A (only its ``upper`` or lower triangle is read)."""
    _need_tensor("linalg_solve_triangular", A)
    _need_tensor("linalg_solve_triangular", B, "B")
    return _d_solve_triangular.apply(A, B, upper=upper, left=left, unitriangular=unitriangular)


def tensorinv(A, ind=2, *, out=None):
    """The tensor inverse with respect to ``tensordot`` over the first ``ind`` dims."""
    if ind <= 0:
        raise RuntimeError(f"Expected a strictly positive integer for 'ind', but got {ind}")
    shape = tuple(A.shape)
    rows = _math.prod(shape[:ind])
    cols = _math.prod(shape[ind:])
    if rows != cols:
        raise RuntimeError(f"Expected self to satisfy the requirement prod(self.shape[ind:]) == "
                           f"prod(self.shape[:ind]), but got {cols} != {rows}")
    return inv(A.reshape(rows, cols)).reshape(shape[ind:] + shape[:ind])


def tensorsolve(A, B, dims=None, *, out=None):
    """X with tensordot(A, X, X.ndim) = B."""
    if dims is not None:
        nd = A.dim()
        dims = [d % nd for d in dims]
        rest = [d for d in range(nd) if d not in dims]
        A = A.permute(rest + dims)
    rows = _math.prod(tuple(B.shape))
    xshape = tuple(A.shape)[B.dim():]
    A2 = A.reshape(rows, rows)
    b = B if B.dim() == 1 else B.reshape(rows)
    return solve(A2, b).view(xshape)


def vander(x, *, N=None):
    """The Vandermonde matrix of x: columns x⁰, x¹, ..., x^(N−1)."""
    from .ops.shape import cat
    from .ops.statistics import cumprod
    n = x.shape[-1] if N is None else N
    if n < 0:
        raise RuntimeError(f"N must be non-negative.")
    if n == 0:
        from .creation import empty
        return empty(tuple(x.shape) + (0,), dtype=x.dtype)
    ones = x.unsqueeze(-1).new_ones(tuple(x.shape) + (1,))
    if n == 1:
        return ones
    powers = cumprod(x.unsqueeze(-1).expand(tuple(x.shape) + (n - 1,)), -1)
    return cat([ones, powers], -1)


def lu_factor(A, *, pivot=True, out=None):
    """(LU, pivots): L (unit lower, below the diagonal) and U packed in one matrix, 1-based row swaps."""
    LU, piv, info = lu_factor_ex(A, pivot=pivot)
    if info._data.any():
        b = int(_np.argmax(info._data.reshape(-1) > 0))
        k = info._data.reshape(-1)[b]
        raise RuntimeError(f"torch.linalg.lu_factor: {_lc.batch_prefix(b, A._data.shape[:-2])}U[{k},{k}] is zero and "
                           "using it on lu_solve would result in a division by zero. If you still want to perform the "
                           "factorization, consider calling linalg.lu(A, pivot) or linalg.lu_factor_ex(A, pivot)")
    return _return_type("linalg_lu_factor", ("LU", "pivots"))(LU, piv)


def lu_factor_ex(A, *, pivot=True, check_errors=False, out=None):
    """(LU, pivots, info) of lu_factor, with info instead of an error for a singular matrix."""
    from .ops.linalg_lu import LinalgLuFactorExBackward0
    _need_tensor("linalg_lu_factor_ex", A)
    if not pivot:
        raise RuntimeError("linalg.lu_factor: LU without pivoting is not implemented on the CPU")
    LU, piv, info = LinalgLuFactorExBackward0.apply(A)
    return _return_type("linalg_lu_factor_ex", ("LU", "pivots", "info"))(LU, piv, info)


def lu(A, *, pivot=True, out=None):
    """(P, L, U) with A = P L U."""
    from .ops.linalg_lu import LinalgLuBackward0
    _need_tensor("linalg_lu", A)
    L, U, P = LinalgLuBackward0.apply(A, pivot=pivot)
    return _return_type("linalg_lu", ("P", "L", "U"))(P, L, U)


def lu_solve(LU, pivots, B, *, left=True, adjoint=False, out=None):
    """X with A X = B, A given by its LU factorization (lu_factor)."""
    from .ops.linalg_lu import LinalgLuSolveBackward0
    return LinalgLuSolveBackward0.apply(LU, B, pivots=pivots, left=left, adjoint=adjoint)


# -- torch.linalg.solve_triangular's node -----------------------------------------------------

class LinalgSolveTriangularBackward0(_d.Node):
    __slots__ = ("upper", "left", "unit")
    explain = "grad_B = A⁻ᵀ grad;  grad_A = −(grad_B Xᵀ) on A's triangle"
    saves_output = True
    checks = (_d.check(lambda a, b: solve_triangular(a + 3 * _eye(3, dtype=a.dtype), b, upper=True), (3, 3), (3, 2)),
              _d.check(lambda a, b: solve_triangular(a + 3 * _eye(3, dtype=a.dtype), b, upper=False, left=False),
                       (3, 3), (2, 3), label="lower, right"))

    def forward(ctx, a, b, upper, left, unitriangular):
        fn = "linalg.solve_triangular"
        _lc.square(a, fn)
        A = _np.triu(a._data) if upper else _np.tril(a._data)
        if unitriangular:
            A = A.copy()
            idx = _np.arange(A.shape[-1])
            A[..., idx, idx] = 1
        B = b._data
        if not left:
            A, B = _np.swapaxes(A, -1, -2), _np.swapaxes(B, -1, -2)
        if B.shape[-2] != A.shape[-1]:
            raise RuntimeError(f"{fn}: Incompatible shapes of A and B for the equation "
                               f"{'AX = B' if left else 'XA = B'} ({A.shape[-2]}x{A.shape[-1]} and "
                               f"{B.shape[-2]}x{B.shape[-1]})")
        with _np.errstate(all="ignore"):
            X = _np.linalg.solve(A, B) if _np.all(_np.diagonal(A, 0, -2, -1) != 0) else _np.full(
                _np.broadcast_shapes(A.shape[:-2], B.shape[:-2]) + B.shape[-2:], _np.nan, A.dtype)
        if not left:
            X = _np.swapaxes(X, -1, -2)
        ctx.upper, ctx.left, ctx.unit = upper, left, unitriangular
        ctx.save_for_backward(a)
        return X

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        X = ctx.result
        upper, left, unit = ctx.upper, ctx.left, ctx.unit
        gB = solve_triangular(a.mT, grad, upper=not upper, left=left, unitriangular=unit)
        gA = -(gB @ X.mT) if left else -(X.mT @ gB)
        gA = gA.triu(int(unit)) if upper else gA.tril(-int(unit))
        return gA, gB


_d_solve_triangular = LinalgSolveTriangularBackward0



from .complex_linalg import eig, eigvals  # noqa: E402,F401  (complex results: complex_linalg.py)
__all__ += ["eig", "eigvals"]
