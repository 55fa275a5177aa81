"""torch.linalg's differentiable factorizations and matrix functions, each with torch's backward.

Forward passes call numpy's LAPACK routines (the ones torch calls on the CPU), batched over
leading dims; backward formulas are torch's (``FunctionsManual.cpp``), written with engine ops
so ``create_graph=True`` records them. Where a backward needs a forward output it takes it
from the node (``ctx.result`` / ``_output``), which links the second-order graph back here.
"""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from . import linalg_checks as _lc
from .checks import check
from .forward_refusals import no_forward_ad


class _LinAlgError(RuntimeError):
    """torch.linalg.LinAlgError: a matrix the factorization cannot handle (singular, not definite)."""

    kind = "torch._C._LinAlgError"

    def __init__(self, message):
        super().__init__(message)
        self.message = message


LinAlgError = _LinAlgError


def _linalg():
    from .. import linalg
    return linalg


def _engine():
    import gradcalc.engine
    return gradcalc.engine


def _eye_like(t, n):
    from ..creation import eye
    return eye(n, dtype=t.dtype)


def _output(ctx, i):
    """Output ``i`` of a multi-output node, as a tensor of this node (for create_graph)."""
    return Tensor._make(ctx.outs_data[i], ctx, i)


def _spd(a):
    """A symmetric positive definite matrix made from ``a`` (for the generated gradchecks)."""
    from ..creation import eye
    return a @ a.mT + eye(a.shape[-1], dtype=a.dtype)


def _inv_np(A, fn):
    try:
        return np.linalg.inv(A)
    except np.linalg.LinAlgError:
        info = _lc.first_zero_pivot(A)
        b = int(np.argmax(info > 0))
        raise _LinAlgError(f"{fn}: {_lc.batch_prefix(b, A.shape[:-2])}The diagonal element {info[b]} is zero, the "
                           "inversion could not be completed because the input matrix is singular.") from None


# -- determinants -----------------------------------------------------------------------------

class LinalgDetBackward0(Node):
    explain = "grad_A = grad · det(A) · A⁻ᵀ  (the cofactor matrix; through the SVD when A is singular)"
    saves_output = True
    checks = (check(lambda a: a.det(), (3, 3)), check(lambda a: a.det(), (2, 2, 2), label="batched"))

    def forward(ctx, a):
        _lc.square(a, "linalg.det")
        if a._data.dtype == np.float16:
            raise NotImplementedError("\"lu_cpu\" not implemented for 'Half'")
        ctx.save_for_backward(a)
        return np.asarray(np.linalg.det(a._data))

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        det = ctx.result
        d = (grad * det).unsqueeze(-1).unsqueeze(-1)
        if np.all(det._data != 0):
            from .. import linalg
            return d * linalg.inv(a).mT
        # singular: the cofactor matrix through the SVD, A = U S Vh  ->  U diag(prod_{j≠i} s_j) Vh · det(U Vh)
        U, S, Vh = np.linalg.svd(a._data)
        prods = np.stack([np.prod(np.delete(S, i, axis=-1), axis=-1) for i in range(S.shape[-1])], axis=-1)
        sign = np.linalg.det(U) * np.linalg.det(Vh)
        cof = (U * prods[..., None, :]) @ Vh * sign[..., None, None]
        return d * Tensor._wrap(cof.astype(a._data.dtype))


class LinalgSlogdetBackward0(Node):
    __slots__ = ("outs_data",)
    explain = "grad_A = grad_logabsdet · A⁻ᵀ  (the sign has no gradient)"
    n_diff_outputs = 2
    checks = (check(lambda a: a.slogdet()[1], (3, 3)),)

    def forward(ctx, a, fn="linalg.slogdet"):
        _lc.square(a, fn)
        sign, logabs = np.linalg.slogdet(a._data)
        ctx.save_for_backward(a)
        return np.asarray(sign), np.asarray(logabs)

    def backward(ctx, gsign, glogabs):
        (a,) = ctx.saved_tensors
        from .. import linalg
        return glogabs.unsqueeze(-1).unsqueeze(-1) * linalg.inv(a).mT


# -- inverse and solve ------------------------------------------------------------------------

class LinalgInvExBackward0(Node):
    explain = "grad_A = -A⁻ᵀ · grad · A⁻ᵀ"
    saves_output = True
    checks = (check(lambda a: a.inverse(), (3, 3)), check(lambda a: a.inverse(), (2, 2, 2), label="batched"))

    def forward(ctx, a, fn="linalg.inv"):
        _lc.square(a, fn)
        return _inv_np(a._data, fn)

    def backward(ctx, grad):
        inv = ctx.result
        invT = inv.mT
        return -(invT @ grad @ invT)


def _vector_rhs(A, B):
    """torch's rule: B is a (batch of) vector(s) when it is 1-D, or has one dim less than A and A's batch."""
    return B.ndim == 1 or (B.ndim == A.ndim - 1 and B.shape == A.shape[:-1])


class LinalgSolveExBackward0(Node):
    explain = "grad_B = A⁻ᵀ · grad;  grad_A = -grad_B · Xᵀ  (X = A⁻¹B)"
    saves_output = True
    broadcasting = True
    checks = (check(lambda a, b: _linalg().solve(a, b), (3, 3), (3, 2)),
              check(lambda a, b: _linalg().solve(a, b), (3, 3), (3,),
                    label="vector"))

    def forward(ctx, a, b, left=True):
        fn = "linalg.solve"
        _lc.matrix_input(a, fn)
        A, B = a._data, b._data
        if A.shape[-1] != A.shape[-2]:
            raise RuntimeError(f"{fn}: A must be batches of square matrices, but they are {A.shape[-2]} by "
                               f"{A.shape[-1]} matrices")
        _lc.float_input(a, fn)
        if A.dtype != B.dtype:
            from .. import dtypes as _dt
            raise RuntimeError(f"{fn}: Expected A and B to have the same dtype, but found A of type "
                               f"{_dt.SCALAR_NAMES[a.dtype.name]} and B of type {_dt.SCALAR_NAMES[b.dtype.name]} "
                               "instead")
        vec = _vector_rhs(A, B)
        Bm = B[..., None] if vec else B
        if not left:
            A = np.swapaxes(A, -1, -2)
            Bm = np.swapaxes(Bm, -1, -2)
        if Bm.shape[-2] != A.shape[-1]:
            raise RuntimeError(f"{fn}: Incompatible shapes of A and B for the equation "
                               f"{'AX = B' if left else 'XA = B'} ({A.shape[-2]}x{A.shape[-1]} and "
                               f"{Bm.shape[-2]}x{Bm.shape[-1]})")
        try:
            X = np.linalg.solve(A, Bm)
        except np.linalg.LinAlgError:
            raise _LinAlgError("torch.linalg.solve: The solver failed because the input matrix is singular.") \
                from None
        except ValueError:
            raise RuntimeError(f"{fn}: Incompatible shapes of A and B for the equation AX = B") from None
        if not left:
            X = np.swapaxes(X, -1, -2)
        ctx.save_for_backward(a, vec, left)
        return X[..., 0] if vec else X

    def backward(ctx, grad):
        a, vec, left = ctx.saved_tensors
        from .. import linalg
        X = ctx.result
        if vec:
            grad, X = grad.unsqueeze(-1), X.unsqueeze(-1)
        if left:
            gB = linalg.solve(a.mT, grad)
            gA = -(gB @ X.mT)
        else:
            gB = linalg.solve(a.mT, grad, left=False)
            gA = -(X.mT @ gB)
        if vec:
            gB = gB.squeeze(-1)
        return gA, gB


# -- Cholesky ---------------------------------------------------------------------------------

def _cholesky_np(A, fn, upper):
    try:
        L = np.linalg.cholesky(A)
    except np.linalg.LinAlgError:
        info = _lc.first_bad_minor(A)
        b = int(np.argmax(info > 0))
        order = int(info[b]) or A.shape[-1]
        raise _LinAlgError(f"{fn}: {_lc.batch_prefix(b, A.shape[:-2])}The factorization could not be completed "
                           f"because the input is not positive-definite (the leading minor of order {order} is not "
                           "positive-definite).") from None
    return np.swapaxes(L, -1, -2).copy() if upper else L


def _cholesky_backward(gL, L, upper):
    from .. import linalg
    if upper:
        L, gL = L.mT, gL.mT
    Linv = linalg.inv(L)
    phi = (L.mT @ gL).tril()
    phi = phi - 0.5 * phi.diagonal(0, -2, -1).diag_embed()
    gA = Linv.mT @ phi @ Linv
    return 0.5 * (gA + gA.mT)


class LinalgCholeskyExBackward0(Node):
    explain = "grad_A = sym(L⁻ᵀ Φ(Lᵀ grad) L⁻¹), Φ = lower triangle with the diagonal halved"
    saves_output = True
    checks = (check(lambda a: _linalg().cholesky(_spd(a)), (3, 3)),
              check(lambda a: _linalg().cholesky(_spd(a), upper=True),
                    (2, 3, 3), label="upper, batched"))

    def forward(ctx, a, upper=False, fn="linalg.cholesky"):
        _lc.square(a, fn)
        ctx.save_for_backward(upper)
        return _cholesky_np(a._data, fn, upper)

    def backward(ctx, grad):
        (upper,) = ctx.saved_tensors
        return _cholesky_backward(grad, ctx.result, upper)


class CholeskyBackward0(LinalgCholeskyExBackward0):
    """torch.cholesky (deprecated): the same factorization under its own node."""
    jvp = no_forward_ad("cholesky")  # torch has no forward rule
    checks = (check(lambda a: _engine().cholesky(_spd(a)), (3, 3)),)


# -- QR ---------------------------------------------------------------------------------------

def _copyltu(M):
    return M.tril(-1).mT + M.tril()


class LinalgQrBackward0(Node):
    __slots__ = ("outs_data", "mode")
    explain = "grad_A = (grad_Q + Q copyltu(M)) R⁻ᵀ with M = R grad_Rᵀ − grad_Qᵀ Q (m ≥ n; wide A: by blocks)"
    n_diff_outputs = 2
    checks = (check(lambda a: (lambda q, r: q.sum() + (r * r).sum())(*_linalg().qr(a)), (4, 3)),
              check(lambda a: (lambda q, r: q.sum() + 2 * r.sum())(*_linalg().qr(a)), (3, 4), label="wide"))

    def forward(ctx, a, mode="reduced"):
        fn = "linalg.qr"
        if mode not in ("reduced", "r", "complete"):
            raise RuntimeError(f"qr received unrecognized mode '{mode}' but expected one of 'reduced' (default), "
                               "'r', or 'complete'")
        _lc.matrix_input(a, fn)
        _lc.float_input(a, fn)
        Q, R = np.linalg.qr(a._data, mode="complete" if mode == "complete" else "reduced")
        if mode == "r":
            Q = np.empty((0,), dtype=a._data.dtype)
        ctx.outs_data = (Q, R)
        ctx.mode = mode
        return Q, R

    def backward(ctx, gQ, gR):
        n = ctx.outs_data[1].shape[-1]
        if ctx.mode == "r":
            raise RuntimeError("The derivative of linalg.qr depends on Q, which is not computed when mode='r'. "
                               "Please use linalg.qr(A, mode='reduced') if you are going to differentiate through "
                               "linalg.qr.")
        Q, R = _output(ctx, 0), _output(ctx, 1)
        rows = Q.shape[-2]
        if ctx.mode == "complete" and rows > n:
            raise RuntimeError("The QR decomposition is not differentiable when mode='complete' and nrows > ncols.")
        return _qr_backward(gQ, gR, Q, R)


def _qr_backward(gQ, gR, Q, R):
    from .. import linalg
    m, n = Q.shape[-2], R.shape[-1]
    if m >= n:
        M = R @ gR.mT - gQ.mT @ Q
        B = gQ + Q @ _copyltu(M)
        return linalg.solve(R, B.mT).mT  # B R⁻ᵀ
    # wide: A = Q [X | Y] with X square
    X_R, Y_R = R[..., :, :m], R[..., :, m:]
    gX, gY = gR[..., :, :m], gR[..., :, m:]
    A_Y = Q @ Y_R
    gQ2 = gQ + A_Y @ gY.mT
    from .shape import cat
    return cat([_qr_backward(gQ2, gX, Q, X_R), Q @ gY], -1)


# -- symmetric eigenproblem -------------------------------------------------------------------

def _eigh_np(A, uplo):
    return np.linalg.eigh(A, UPLO=uplo)


class LinalgEighBackward0(Node):
    __slots__ = ("outs_data",)
    explain = "grad_A = V (diag(grad_L) + skew(Vᵀ grad_V) / (Lⱼ − Lᵢ)) Vᵀ"
    n_diff_outputs = 2
    checks = (check(lambda a: (lambda L, V: L.sum() + (V.abs() * V.abs()).sum())(
        *_linalg().eigh(a + a.mT)), (3, 3)),)

    def forward(ctx, a, UPLO="L", fn="linalg.eigh"):
        _lc.square(a, fn)
        if UPLO not in ("L", "U"):
            raise RuntimeError(f"Expected UPLO argument to be 'L' or 'U', but got {UPLO}")
        L, V = _eigh_np(a._data, UPLO)
        ctx.outs_data = (L, V)
        return L, V

    def backward(ctx, gL, gV):
        L, V = _output(ctx, 0), _output(ctx, 1)
        VhgV = V.mT @ gV
        VhgV = 0.5 * (VhgV - VhgV.mT)
        E = L.unsqueeze(-2) - L.unsqueeze(-1)
        n = E.shape[-1]
        eye = _eye_like(E, n).bool()
        E = E.masked_fill(eye, 1.0)
        inner = (VhgV / E).masked_fill(eye, 0.0) + gL.diag_embed()
        return V @ inner @ V.mT


# -- SVD --------------------------------------------------------------------------------------

class LinalgSvdBackward0(Node):
    __slots__ = ("outs_data", "full")
    explain = "grad_A = U [(skew(Uᵀ grad_U) S + S skew(Vᵀ grad_V)) / (sⱼ² − sᵢ²) + diag(grad_S)] Vh (+ projections)"
    n_diff_outputs = 3
    checks = (check(lambda a: (lambda U, S, Vh: S.sum() + U.abs().sum() + Vh.abs().sum())(
        *_linalg().svd(a, full_matrices=False)), (4, 3)),
              check(lambda a: _linalg().svdvals(a), (3, 5),
                    label="svdvals"))

    def forward(ctx, a, full_matrices=True, fn="linalg.svd"):
        _lc.matrix_input(a, fn)
        _lc.float_input(a, fn)
        try:
            U, S, Vh = np.linalg.svd(a._data, full_matrices=full_matrices)
        except np.linalg.LinAlgError:
            raise _LinAlgError(f"{fn}: The algorithm failed to converge because the input matrix is "
                               "ill-conditioned or has too many repeated singular values (error code: 1).") from None
        ctx.outs_data = (U, S, Vh)
        ctx.full = full_matrices
        return U, S, Vh

    def backward(ctx, gU, gS, gVh):
        U, S, Vh = _output(ctx, 0), _output(ctx, 1), _output(ctx, 2)
        return _svd_backward(gU, gS, gVh, U, S, Vh)


def _svd_backward(gU, gS, gVh, U, S, Vh):
    m, n = U.shape[-2], Vh.shape[-1]
    k = S.shape[-1]
    if U.shape[-1] > k:  # full_matrices: only the first k singular vectors matter
        U, gU = U[..., :, :k], gU[..., :, :k]
    if Vh.shape[-2] > k:
        Vh, gVh = Vh[..., :k, :], gVh[..., :k, :]
    V, gV = Vh.mT, gVh.mT
    UhgU = U.mT @ gU
    UhgU = UhgU - UhgU.mT
    VhgV = Vh @ gV
    VhgV = VhgV - VhgV.mT
    S2 = S * S
    E = S2.unsqueeze(-2) - S2.unsqueeze(-1)
    eye = _eye_like(E, k).bool()
    E = E.masked_fill(eye, 1.0)
    gA = (UhgU * S.unsqueeze(-2) + S.unsqueeze(-1) * VhgV) / E
    gA = gA + gS.diag_embed()
    if m > k:
        gUSinv = gU / S.unsqueeze(-2)
        gA = U @ gA + gUSinv - U @ (U.mT @ gUSinv)
        return gA @ Vh
    if n > k:
        gVSinv = gV / S.unsqueeze(-2)
        gA = gA @ Vh + (gVSinv - V @ (Vh @ gVSinv)).mT
        return U @ gA
    return U @ gA @ Vh


# -- pseudo-inverse, least squares --------------------------------------------------------------

def _pinv_backward(G, P, A):
    """Adjoint of dP = -P dA P + P Pᵀ dAᵀ (I − A P) + (I − P A) dAᵀ Pᵀ P (constant rank)."""
    from ..creation import eye
    m, n = A.shape[-2], A.shape[-1]
    Im, In = eye(m, dtype=A.dtype), eye(n, dtype=A.dtype)
    Gt = G.mT
    return -(P.mT @ G @ P.mT) + (Im - A @ P) @ Gt @ P @ P.mT + P.mT @ P @ Gt @ (In - P @ A)


class LinalgPinvBackward0(Node):
    explain = "grad_A = −A⁺ᵀ grad A⁺ᵀ + (I − AA⁺) gradᵀ A⁺A⁺ᵀ + A⁺ᵀA⁺ gradᵀ (I − A⁺A)"
    saves_output = True
    checks = (check(lambda a: _linalg().pinv(a), (4, 3)),
              check(lambda a: _linalg().pinv(a), (2, 4),
                    label="wide"))

    def forward(ctx, a, rtol, atol, hermitian):
        A = a._data
        U, S, Vh = np.linalg.svd(A, full_matrices=False)
        smax = S.max(axis=-1, keepdims=True) if S.shape[-1] else np.zeros(S.shape[:-1] + (1,), A.dtype)
        tol = np.maximum(atol, rtol * smax)
        keep = S > tol
        Sinv = np.where(keep, 1.0 / np.where(keep, S, 1.0), 0.0).astype(A.dtype)
        ctx.save_for_backward(a)
        return (np.swapaxes(Vh, -1, -2) * Sinv[..., None, :]) @ np.swapaxes(U, -1, -2)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return _pinv_backward(grad, ctx.result, a)


class LinalgLstsqBackward0(Node):
    explain = "grad_A = pinv_backward(grad_X Bᵀ);  grad_B = A⁺ᵀ grad_X"
    n_diff_outputs = 2
    broadcasting = False
    checks = (check(lambda a, b: _linalg().lstsq(a, b)[0], (4, 3),
                    (4, 2)),)

    def forward(ctx, a, b, rcond, driver):
        fn = "torch.linalg.lstsq"
        A, B = a._data, b._data
        _lc.float_input(a, "torch.linalg.lstsq")
        if A.ndim < 2:
            raise RuntimeError(f"{fn}: input must have at least 2 dimensions.")
        vec = B.ndim == A.ndim - 1
        Bm = B[..., None] if vec else B
        if Bm.shape[-2] != A.shape[-2]:
            raise RuntimeError(f"{fn}: input.size(-2) should match other.size(-2)")
        if A.dtype != B.dtype:
            raise RuntimeError(f"{fn}: Expected input and other to have the same dtype, but got "
                               f"input's dtype {a.dtype} and other's dtype {b.dtype}")
        m, n = A.shape[-2], A.shape[-1]
        U, S, Vh = np.linalg.svd(A, full_matrices=False)
        eps = np.finfo(A.dtype).eps
        rc = eps * max(m, n) if rcond is None else rcond
        smax = S.max(axis=-1, keepdims=True) if S.shape[-1] else np.zeros(S.shape[:-1] + (1,), A.dtype)
        keep = S > rc * smax
        Sinv = np.where(keep, 1.0 / np.where(keep, S, 1.0), 0.0)
        X = (np.swapaxes(Vh, -1, -2) * Sinv[..., None, :]) @ (np.swapaxes(U, -1, -2) @ Bm)
        X = X.astype(A.dtype)
        rank = keep.sum(-1).astype(np.int64)
        driver = driver or "gelsy"
        if driver in ("gelsd", "gelss"):
            sv = S.astype(A.dtype)
        else:
            sv = np.empty((0,), A.dtype)
        if driver != "gelsy" and m > n and np.all(rank == n):
            res = (np.abs(Bm - A @ X) ** 2).sum(-2).astype(A.dtype)
        else:
            res = np.empty((0,), A.dtype)
        ctx.save_for_backward(a, b, vec, res.size > 0)
        return (X[..., 0] if vec else X), res, rank, sv

    def backward(ctx, gX, gres, *_):
        a, b, vec, has_res = ctx.saved_tensors
        from .. import linalg
        P = linalg.pinv(a)
        if vec:
            gX, b = gX.unsqueeze(-1), b.unsqueeze(-1)
        gA = _pinv_backward(gX @ b.mT, P, a) if ctx.should_compute(0) else None
        gB = P.mT @ gX if ctx.should_compute(1) else None
        if has_res:
            # residuals r = ‖A X − B‖² per column; at the optimum only the explicit A and B terms remain
            X = P @ b
            e = (a @ X - b) * gres.unsqueeze(-2)
            if gA is not None:
                gA = gA + 2 * e @ X.mT
            if gB is not None:
                gB = gB - 2 * e
        if vec and gB is not None:
            gB = gB.squeeze(-1)
        return gA, gB


# -- matrix exponential -----------------------------------------------------------------------

_PADE13 = (64764752532480000., 32382376266240000., 7771770303897600., 1187353796428800., 129060195264000.,
           10559470521600., 670442572800., 33522128640., 1323241920., 40840800., 960960., 16380., 182., 1.)


def _expm_np(A):
    """Scaling and squaring with a degree-13 Padé approximant (Higham 2005), batched."""
    A = np.asarray(A)
    dtype = A.dtype
    A = A.astype(np.float64)
    n = A.shape[-1]
    if A.size == 0:
        return A.astype(dtype)
    norm = np.abs(A).sum(-2).max(-1)
    s = np.maximum(0, np.ceil(np.log2(np.maximum(norm, 1e-300) / 5.371920351148152))).astype(np.int64)
    A = A / (2.0 ** s)[..., None, None]
    eye = np.broadcast_to(np.eye(n), A.shape)
    b = _PADE13
    A2 = A @ A
    A4 = A2 @ A2
    A6 = A4 @ A2
    U = A @ (A6 @ (b[13] * A6 + b[11] * A4 + b[9] * A2) + b[7] * A6 + b[5] * A4 + b[3] * A2 + b[1] * eye)
    V = A6 @ (b[12] * A6 + b[10] * A4 + b[8] * A2) + b[6] * A6 + b[4] * A4 + b[2] * A2 + b[0] * eye
    R = np.linalg.solve(V - U, V + U)
    flat = R.reshape((-1, n, n))
    for i, si in enumerate(s.reshape(-1)):
        for _ in range(int(si)):
            flat[i] = flat[i] @ flat[i]
    return flat.reshape(R.shape).astype(dtype)


class LinalgMatrixExpBackward0(Node):
    explain = "grad_A = the upper-right block of exp([[Aᵀ, grad], [0, Aᵀ]])"
    checks = (check(lambda a: a.matrix_exp(), (3, 3), low=-1.0, high=1.0),)

    def forward(ctx, a):
        _lc.square(a, "linalg.matrix_exp")
        ctx.save_for_backward(a)
        return _expm_np(a._data)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        from ..creation import zeros_like
        from .shape import cat
        At = a.mT
        n = a.shape[-1]
        top = cat([At, grad], -1)
        bottom = cat([zeros_like(At), At], -1)
        big = LinalgMatrixExpBackward0.apply(cat([top, bottom], -2))
        return big[..., :n, n:]


# -- vector norm ------------------------------------------------------------------------------

class LinalgVectorNormBackward0(Node):
    __slots__ = ("ord", "dim", "keepdim")
    explain = "grad_x = grad · sign(x)|x|^(p−1) / ‖x‖^(p−1)  (p = 2: grad · x / ‖x‖; ∞: shared among the maxima)"
    saves_output = True
    broadcasting = True  # dtype= computes in another dtype: the gradient is cast back to the input's
    casts_only = True
    checks = (check(lambda x: _linalg().vector_norm(x), (2, 3)),
              check(lambda x: _linalg().vector_norm(x, 3, dim=1),
                    (2, 3), label="p=3"),
              check(lambda x: _linalg().vector_norm(x, 1.5, dim=0),
                    (2, 3), low=0.5, high=2.0, label="p=1.5"),
              check(lambda x: _linalg().vector_norm(x, 0.5), (4,),
                    low=0.5, high=2.0, label="p=0.5"),
              check(lambda x: x.norm(dim=1), (2, 3), label="Tensor.norm dim"),
              check(lambda x: x.norm(p=1), (2, 3), label="Tensor.norm p=1"),
              check(lambda x: x.norm(p=3, dim=0, keepdim=True), (2, 3), label="Tensor.norm p=3 keepdim"))

    def forward(ctx, x, ord, dim, keepdim, out_dtype):
        d = x._data
        if out_dtype is not None:
            d = d.astype(out_dtype)
        axes = tuple(range(d.ndim)) if dim is None else dim
        a = np.abs(d)
        if ord == float("inf"):
            r = a.max(axis=axes, keepdims=keepdim) if d.size else np.zeros(_reduced(d.shape, axes, keepdim), d.dtype)
        elif ord == -float("inf"):
            r = a.min(axis=axes, keepdims=keepdim)
        elif ord == 0:
            r = (a != 0).sum(axis=axes, keepdims=keepdim).astype(d.dtype)
        elif ord == 1:
            r = a.sum(axis=axes, keepdims=keepdim)
        elif ord == 2:
            r = np.sqrt((a * a).sum(axis=axes, keepdims=keepdim))
        else:
            r = (a ** ord).sum(axis=axes, keepdims=keepdim) ** (1.0 / ord)
        ctx.ord, ctx.dim, ctx.keepdim = ord, axes, keepdim
        ctx.save_for_backward(x)
        return np.asarray(r, dtype=d.dtype)

    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        norm = ctx.result
        p, dims, keepdim = ctx.ord, ctx.dim, ctx.keepdim
        if x.dtype != grad.dtype:
            x = x.to(grad.dtype)
        if not keepdim and x.dim() != 0:
            for d in sorted(dd % x.dim() for dd in dims):
                grad = grad.unsqueeze(d)
                norm = norm.unsqueeze(d)
        return norm_backward(grad, x, p, norm, dims)


def norm_backward(grad, x, p, norm, dims):
    """torch's norm_backward with keepdim shapes: d‖x‖_p/dx · grad (None for p = 0); torch's sgn (whose
    derivative is a zero tensor), not sign."""
    if p == 0:
        return None  # torch: the 0-"norm" counts nonzeros and has no gradient
    if p == 1:
        return x.sgn() * grad
    if p == 2:
        return grad * (x / norm).masked_fill(norm == 0, 0)
    if p in (float("inf"), -float("inf")):
        xa = x.abs()
        mask = (xa == norm).logical_or(xa.isnan())
        return x.sgn() * ((grad / mask.sum(dims, True)) * mask)
    if p < 1:
        scaled = x.sgn() * x.abs().pow(p - 1).masked_fill(x == 0, 0)
        return scaled * grad * norm.pow(1 - p)
    if p < 2:
        scaled = x.sgn() * x.abs().pow(p - 1)
    else:
        scaled = x * x.abs().pow(p - 2)
    scale = (grad / norm.pow(p - 1)).masked_fill(norm == 0, 0)
    return scaled * scale


def _reduced(shape, axes, keepdim):
    axes = {a % len(shape) for a in axes} if shape else set()
    return tuple((1 if i in axes else s) for i, s in enumerate(shape) if keepdim or i not in axes)

