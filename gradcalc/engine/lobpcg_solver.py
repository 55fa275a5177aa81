"""The solver behind ``torch.lobpcg`` (lobpcg.py imports it on its first call): Knyazev's locally
optimal block preconditioned conjugate gradient for the ``k`` largest (or smallest) eigenpairs
of a symmetric ``A`` (generalized: ``A x = λ B x``), with torch's two variants (``method='ortho'``, Stathopoulos and Wu's robust orthogonalization with
SVQB, the default; ``'basic'``, the Rayleigh–Ritz form of Duersch et al.), their parameters,
stopping rule and random start (one ``randn(m, n)`` from the global generator, in torch's order,
so a seeded call gives torch's numbers).

As in torch, the iteration itself is not recorded: when ``A`` requires grad, the result is one
``LOBPCGAutogradFunctionBackward`` node (a custom Function, named as torch's) whose backward is
torch's: the complete-eigenspace formula when all eigenpairs are asked for, otherwise the
partial-eigenspace one (Cayley–Hamilton over the eigenvalues found, with a random basis of the
rest drawn from a fresh default-seeded generator, as torch draws it). The backward is composed
of engine ops, so it is differentiable again.

Dense real tensors only; ``tracker`` (a callback handed the solver object) is not offered.
"""

_FEPS = {"float32": 1.2e-07, "float64": 2.23e-16}


def _torch():
    """The engine's torch namespace (imported by the time a solve runs)."""
    import sys
    return sys.modules[__package__]


def _qform(A, S):
    """Sᵀ A S (A None: the identity)."""
    return S.mT.matmul(S if A is None else A.matmul(S))


def _mm(A, X):
    return X if A is None else A.matmul(X)


def _symeig(A, largest=False):
    t = _torch()
    E, Z = t.linalg.eigh(A, UPLO="U")
    if largest:
        E, Z = t.flip(E, dims=(-1,)), t.flip(Z, dims=(-1,))
    return E, Z


class _Worker:
    """torch's LOBPCG class: the state of one solve and its update steps (``_update_ortho``,
    ``_update_basic``), ported line for line so the arithmetic is torch's."""

    def __init__(self, A, B, X, iK, iparams, fparams, bparams, method):
        t = _torch()
        self.A, self.B, self.iK = A, B, iK
        self.iparams, self.fparams, self.bparams, self.method = iparams, fparams, bparams, method
        m, n = iparams["m"], iparams["n"]
        self.X = X
        self.E = t.zeros((n,), dtype=X.dtype)
        self.R = t.zeros((m, n), dtype=X.dtype)
        self.S = t.zeros((m, 3 * n), dtype=X.dtype)
        self.ivars = {"istep": 0}
        self.fvars = {"_": 0.0}
        self.bvars = {"_": False}

    def update(self):
        t = _torch()
        if self.ivars["istep"] == 0:
            X_norm = float(t.norm(self.X))
            iX_norm = X_norm ** (-1)
            self.fvars["X_norm"] = X_norm
            self.fvars["A_norm"] = float(t.norm(_mm(self.A, self.X))) * iX_norm
            self.fvars["B_norm"] = float(t.norm(_mm(self.B, self.X))) * iX_norm
            self.ivars["iterations_left"] = self.iparams["niter"]
            self.ivars["converged_count"] = 0
            self.ivars["converged_end"] = 0
        if self.method == "ortho":
            self._update_ortho()
        else:
            self._update_basic()
        self.ivars["iterations_left"] -= 1
        self.ivars["istep"] += 1

    def update_residual(self):
        self.R = _mm(self.A, self.X) - _mm(self.B, self.X) * self.E

    def update_converged_count(self):
        t = _torch()
        prev = self.ivars["converged_count"]
        E, X, R = self.E, self.X, self.R
        rerr = t.norm(R, 2, (0,)) / (t.norm(X, 2, (0,)) * (self.fvars["A_norm"] + t.abs(E[:X.shape[-1]])
                                                          * self.fvars["B_norm"]))
        count = 0
        for b in (rerr < self.fparams["tol"]).tolist():
            if not b:
                break
            count += 1
        if count < prev:
            raise AssertionError(f"the number of converged eigenpairs (was {prev}, got {count}) cannot decrease")
        self.ivars["converged_count"] = count
        return count

    def stop_iteration(self):
        return (self.bvars.get("force_stop", False) or self.ivars["iterations_left"] == 0
                or self.ivars["converged_count"] >= self.iparams["k"])

    def run(self):
        self.update()
        while not self.stop_iteration():
            self.update()

    def _update_basic(self):
        ns, nc = self.ivars["converged_end"], self.ivars["converged_count"]
        n, largest = self.iparams["n"], self.bparams["largest"]
        if self.ivars["istep"] == 0:
            Ri = self._rayleigh_ritz_transform(self.X)
            M = _qform(_qform(self.A, self.X), Ri)
            E, Z = _symeig(M, largest)
            self.X[:] = self.X.matmul(Ri.matmul(Z))
            self.E[:] = E
            np_ = 0
            self.update_residual()
            nc = self.update_converged_count()
            self.S[..., :n] = self.X
            W = _mm(self.iK, self.R)
            self.ivars["converged_end"] = ns = n + np_ + W.shape[-1]
            self.S[:, n + np_:ns] = W
        else:
            S_ = self.S[:, nc:ns]
            Ri = self._rayleigh_ritz_transform(S_)
            M = _qform(_qform(self.A, S_), Ri)
            E_, Z = _symeig(M, largest)
            self.X[:, nc:] = S_.matmul(Ri.matmul(Z[:, :n - nc]))
            self.E[nc:] = E_[:n - nc]
            P = S_.matmul(Ri.matmul(Z[:, n:2 * n - nc]))
            np_ = P.shape[-1]
            self.update_residual()
            nc = self.update_converged_count()
            self.S[..., :n] = self.X
            self.S[:, n:n + np_] = P
            W = _mm(self.iK, self.R[:, nc:])
            self.ivars["converged_end"] = ns = n + np_ + W.shape[-1]
            self.S[:, n + np_:ns] = W

    def _update_ortho(self):
        t = _torch()
        ns, nc = self.ivars["converged_end"], self.ivars["converged_count"]
        n, largest = self.iparams["n"], self.bparams["largest"]
        if self.ivars["istep"] == 0:
            Ri = self._rayleigh_ritz_transform(self.X)
            M = _qform(_qform(self.A, self.X), Ri)
            _E, Z = _symeig(M, largest)
            self.X = self.X.matmul(Ri.matmul(Z))
            self.update_residual()
            np_ = 0
            nc = self.update_converged_count()
            self.S[:, :n] = self.X
            W = self._get_ortho(self.R, self.X)
            ns = self.ivars["converged_end"] = n + np_ + W.shape[-1]
            self.S[:, n + np_:ns] = W
        else:
            S_ = self.S[:, nc:ns]
            E_, Z = _symeig(_qform(self.A, S_), largest)
            self.X[:, nc:] = S_.matmul(Z[:, :n - nc])
            self.E[nc:] = E_[:n - nc]
            P = S_.matmul(Z[:, n - nc:].matmul(t.linalg.qr(Z[:n - nc, n - nc:].mT).Q))
            np_ = P.shape[-1]
            self.update_residual()
            nc = self.update_converged_count()
            self.S[:, :n] = self.X
            self.S[:, n:n + np_] = P
            W = self._get_ortho(self.R[:, nc:], self.S[:, :n + np_])
            ns = self.ivars["converged_end"] = n + np_ + W.shape[-1]
            self.S[:, n + np_:ns] = W

    def _rayleigh_ritz_transform(self, S):
        t = _torch()
        SBS = _qform(self.B, S)
        d_row = SBS.diagonal(0, -2, -1) ** (-0.5)
        d_col = d_row.reshape(d_row.shape[0], 1)
        R = t.linalg.cholesky(SBS * d_row * d_col, upper=True)
        return t.linalg.solve_triangular(R, d_row.diag_embed(), upper=True, left=False)

    def _get_svqb(self, U, drop, tau):
        t = _torch()
        if U.numel() == 0:
            return U
        UBU = _qform(self.B, U)
        d = UBU.diagonal(0, -2, -1)
        nz = t.where(abs(d) != 0.0)
        if len(nz[0]) < len(d):
            U = U[:, nz[0]]
            if U.numel() == 0:
                return U
            UBU = _qform(self.B, U)
            d = UBU.diagonal(0, -2, -1)
        d_col = (d ** (-0.5)).reshape(d.shape[0], 1)
        E, Z = _symeig(UBU * d_col * d_col.mT)
        thr = tau * abs(E).max()
        if drop:
            keep = t.where(E > thr)
            E, Z, d_col = E[keep[0]], Z[:, keep[0]], d_col[keep[0]]
        else:
            E[t.where(E < thr)[0]] = thr
        return (U * d_col.mT).matmul(Z * E ** (-0.5))

    def _get_ortho(self, U, V):
        t = _torch()
        m = self.iparams["m"]
        tau_ortho, tau_drop = self.fparams["ortho_tol"], self.fparams["ortho_tol_drop"]
        tau_replace = self.fparams["ortho_tol_replace"]
        i_max, j_max = self.iparams["ortho_i_max"], self.iparams["ortho_j_max"]
        use_drop = self.bparams["ortho_use_drop"]
        BV_norm = t.norm(_mm(self.B, V))
        BU = _mm(self.B, U)
        VBU = V.mT.matmul(BU)
        for _i in range(i_max):
            U = U - V.matmul(VBU)
            drop = False
            tau_svqb = tau_drop
            for _j in range(j_max):
                if use_drop:
                    U = self._get_svqb(U, drop, tau_svqb)
                    drop = True
                    tau_svqb = tau_replace
                else:
                    U = self._get_svqb(U, False, tau_replace)
                if U.numel() == 0:
                    return U
                BU = _mm(self.B, U)
                UBU = U.mT.matmul(BU)
                U_norm = t.norm(U)
                BU_norm = t.norm(BU)
                R = UBU - t.eye(UBU.shape[-1], dtype=UBU.dtype)
                rerr = float(t.norm(R)) * float(BU_norm * U_norm) ** (-1)
                if rerr < tau_ortho:
                    break
            VBU = V.mT.matmul(BU)
            rerr = float(t.norm(VBU)) * float(BV_norm * t.norm(U)) ** (-1)
            if rerr < tau_ortho:
                break
            if m < U.shape[-1] + V.shape[-1]:
                B = self.B
                if B is None:
                    raise AssertionError("B must not be None")
                raise ValueError(f"Overdetermined shape of U: #B-cols(={B.shape[-1]}) >= #U-cols(={U.shape[-1]}) + "
                                 f"#V-cols(={V.shape[-1]}) must hold")
        return U


def _floating_dtype(A):
    from . import dtypes
    return A.dtype if A.dtype in (dtypes.float16, dtypes.float32, dtypes.float64) else dtypes.float32


def solve(A, k, B, X, n, iK, niter, tol, largest, method, ortho_iparams, ortho_fparams, ortho_bparams):
    """torch's ``_lobpcg``: parameters, the random start, one worker per matrix of a batch."""
    t = _torch()
    if A.shape[-2] != A.shape[-1]:
        raise AssertionError(f"A must be square, got shape {A.shape}")
    if B is not None and A.shape != B.shape:
        raise AssertionError(f"A and B must have same shape, got {A.shape} vs {B.shape}")
    dtype = _floating_dtype(A)
    if tol is None:
        tol = _FEPS[str(dtype).split(".")[-1]] ** 0.5
    m = A.shape[-1]
    k = (1 if X is None else X.shape[-1]) if k is None else k
    n = (k if n is None else n) if X is None else X.shape[-1]
    if m < 3 * n:
        raise ValueError(f"LOBPCG algorithm is not applicable when the number of A rows (={m}) is smaller than 3 x "
                         f"the number of requested eigenpairs (={n})")
    method = "ortho" if method is None else method
    iparams = {"m": m, "n": n, "k": k, "niter": 1000 if niter is None else niter}
    fparams = {"tol": tol}
    bparams = {"largest": True if largest is None else largest}
    if method == "ortho":
        iparams.update(ortho_iparams or {})
        fparams.update(ortho_fparams or {})
        bparams.update(ortho_bparams or {})
        iparams.setdefault("ortho_i_max", 3)
        iparams.setdefault("ortho_j_max", 3)
        for key in ("ortho_tol", "ortho_tol_drop", "ortho_tol_replace"):
            fparams.setdefault(key, tol)
        bparams.setdefault("ortho_use_drop", False)

    def start(X_):
        X_ = t.randn((m, n), dtype=dtype) if X_ is None else X_
        if not (len(X_.shape) == 2 and tuple(X_.shape) == (m, n)):
            raise AssertionError(f"X shape mismatch: got {X_.shape}, expected {(m, n)}")
        return X_

    if len(A.shape) > 2:
        lead = tuple(A.shape[:-2])
        N = 1
        for s in lead:
            N *= s
        bA = A.reshape((N,) + tuple(A.shape[-2:]))
        bB = B.reshape((N,) + tuple(A.shape[-2:])) if B is not None else None
        bX = X.reshape((N,) + tuple(X.shape[-2:])) if X is not None else None
        bE = t.empty((N, k), dtype=dtype)
        bXret = t.empty((N, m, k), dtype=dtype)
        for i in range(N):
            iparams["batch_index"] = i
            worker = _Worker(bA[i], None if bB is None else bB[i], start(None if bX is None else bX[i]), iK,
                             iparams, fparams, bparams, method)
            worker.run()
            bE[i] = worker.E[:k]
            bXret[i] = worker.X[:, :k]
        return bE.reshape(lead + (k,)), bXret.reshape(lead + (m, k))
    worker = _Worker(A, B, start(X), iK, iparams, fparams, bparams, method)
    worker.run()
    return worker.E[:k], worker.X[:, :k]


# -- torch's backward ----------------------------------------------------------------------------

def _complete_eigenspace_grad(D_grad, U_grad, A, D, U):
    t = _torch()
    F = D.unsqueeze(-2) - D.unsqueeze(-1)
    eye = t.eye(F.shape[-1], dtype=t.bool)
    F = t.where(eye, t.full_like(F, float("inf")), F).pow(-1)
    Ut = U.mT.contiguous()
    return U.matmul((t.diag_embed(D_grad) + Ut.matmul(U_grad) * F).matmul(Ut))


def _polynomial_coefficients_given_roots(roots):
    """Coefficients (lowest power first) of Π (x − rootᵢ), by torch's recurrence."""
    t = _torch()
    order = roots.shape[-1]
    shape = list(roots.shape)
    shape[-1] += 2
    poly = t.zeros(shape, dtype=roots.dtype)
    poly[..., 0] = 1
    poly[..., -1] = 1
    for i in range(1, order + 1):
        a, b = order - i, order + 1
        new = poly[..., a:b] - roots[..., i - 1:i] * poly[..., a + 1:b + 1]
        poly = t.cat([poly[..., :a], new, poly[..., b:]], -1)
    return poly[..., 1:order + 2]


def _vector_polynomial_value(poly, x):
    res = x.new_ones(1).expand(x.shape)
    for k in range(poly.shape[-1] - 2, -1, -1):
        res = poly[..., k].unsqueeze(-1) + x * res
    return res


def _matrix_polynomial_value(poly, x):
    t = _torch()
    eye = t.eye(x.shape[-1], dtype=x.dtype)
    res = eye.view(*([1] * len(x.shape[:-2])), x.shape[-1], x.shape[-1])
    for k in range(poly.shape[-1] - 2, -1, -1):
        res = x.matmul(res) + eye * poly[..., k].unsqueeze(-1).unsqueeze(-1)
    return res


def _partial_eigenspace_grad(D_grad, U_grad, A, D, U, largest):
    t = _torch()
    Ut = U.mT.contiguous()
    proj_U_ortho = t.eye(U.shape[-2], dtype=U.dtype) - U.matmul(Ut)
    gen = t.Generator()
    U_ortho = proj_U_ortho.matmul(t.randn((*A.shape[:-1], A.shape[-1] - D.shape[-1]), dtype=A.dtype, generator=gen))
    U_ortho_t = U_ortho.mT.contiguous()
    chr_poly_D = _polynomial_coefficients_given_roots(D)
    U_grad_projected = U_grad
    series_acc = U_grad_projected.new_zeros(U_grad_projected.shape)
    k = 0
    for k in range(1, chr_poly_D.shape[-1]):
        poly_D = _vector_polynomial_value(chr_poly_D[..., k:], D)
        series_acc = series_acc + U_grad_projected * poly_D.unsqueeze(-2)
        U_grad_projected = A.matmul(U_grad_projected)
    chr_poly_D_at_A = _matrix_polynomial_value(chr_poly_D, A)
    to_U_ortho = U_ortho_t.matmul(chr_poly_D_at_A.matmul(U_ortho))
    sign = -1 if largest and k % 2 == 1 else +1
    L = t.linalg.cholesky(sign * to_U_ortho)
    res = _complete_eigenspace_grad(D_grad, U_grad, A, D, U)
    return res - U_ortho.matmul(sign * t.cholesky_solve(U_ortho_t.matmul(series_acc), L)).matmul(Ut)


def autograd_function():
    """The custom Function (built on first use: the engine's autograd package loads lazily)."""
    global _LOBPCG
    if _LOBPCG is None:
        t = _torch()

        class LOBPCGAutogradFunction(t.autograd.Function):
            @staticmethod
            def forward(ctx, A, k, B, X, n, iK, niter, tol, largest, method, ortho_iparams, ortho_fparams,
                        ortho_bparams):
                A = A.contiguous()
                if B is not None:
                    B = B.contiguous()
                D, U = solve(A, k, B, X, n, iK, niter, tol, largest, method, ortho_iparams, ortho_fparams,
                              ortho_bparams)
                ctx.save_for_backward(A, B, D, U)
                ctx.largest = largest
                return D, U

            @staticmethod
            def backward(ctx, D_grad, U_grad):
                A, B, D, U = ctx.saved_tensors
                if B is not None:
                    raise ValueError("lobpcg.backward does not support backward with B != I yet.")
                largest = True if ctx.largest is None else ctx.largest
                if D_grad is None:
                    D_grad = t.zeros_like(D)
                if U_grad is None:
                    U_grad = t.zeros_like(U)
                if U.shape[-1] == U.shape[-2]:
                    A_grad = _complete_eigenspace_grad(D_grad, U_grad, A, D, U)
                else:
                    A_grad = _partial_eigenspace_grad(D_grad, U_grad, A, D, U, largest)
                return (A_grad,) + (None,) * 12

        LOBPCGAutogradFunction.__module__ = __name__
        _LOBPCG = LOBPCGAutogradFunction
    return _LOBPCG


_LOBPCG = None
