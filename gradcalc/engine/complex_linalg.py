"""``torch.linalg.eig`` and ``eigvals``: the eigen-decomposition of a general square matrix.

The values are LAPACK's geev through numpy (the routine torch calls): eigenvalues in its order,
eigenvectors of unit 2-norm with their largest component real, always complex (complex64 for
a float32 input). numpy runs float32 through dgeev, torch through sgeev: an eigenvector may come
out multiplied by -1 (any phase is an eigenvector; losses must not depend on it, torch's rule). The backward is torch's ``linalg_eig_backward``:

    gA = V^{-H} (diag(gL) + (V^H gV - V^H V Re(diag(V^H gV))) / conj(Lⱼ - Lᵢ)) V^H

(real part for a real A; it refuses, as torch, a loss that depends on the eigenvectors'
arbitrary phases). It is computed on arrays, so it is not differentiable twice here.
"""

import numpy as np

from .complex_support import OWN_RULES
from .node import Node
from .ops import linalg_checks as _lc
from .ops.checks import check
from .ops.reduction import return_type as _return_type
from .tensor import Tensor

__all__ = ["eig", "eigvals"]


class LinalgEigBackward0(Node):
    __slots__ = ("outs_data", "a_is_real")
    explain = ("grad_A = V⁻ᴴ (diag(grad_L) + (Vᴴ grad_V − Vᴴ V Re(diag(Vᴴ grad_V))) / conj(Lⱼ − Lᵢ)) Vᴴ   "
               "(its real part for a real A)")
    n_diff_outputs = 2
    twice_differentiable = False
    checks = (check(lambda a: _loss(*eig(a)), (3, 3)),
              check(lambda a: _vr(eigvals(a)), (4, 4), label="eigvals"))

    def forward(ctx, a, fn="linalg.eig"):
        _lc.matrix_input(a, fn)
        d = a._data
        if d.shape[-1] != d.shape[-2]:
            raise RuntimeError(f"{fn}: A must be batches of square matrices, but they are {d.shape[-2]} by "
                               f"{d.shape[-1]} matrices")
        if d.dtype.kind in "iub":
            from .dtypes import ALL_SCALAR_NAMES
            raise RuntimeError(f"Unknown Complex ScalarType for {ALL_SCALAR_NAMES[a.dtype.name]}")
        if d.dtype.kind != "c":
            _lc.float_input(a, fn)
        try:
            L, V = np.linalg.eig(d)
        except np.linalg.LinAlgError:
            raise RuntimeError(f"{fn}: The algorithm failed to converge because the input matrix contained "
                               "non-finite values.") from None
        cdt = np.complex64 if d.dtype in (np.float32, np.complex64) else np.complex128
        L, V = np.asarray(L, cdt), np.asarray(V, cdt)
        ctx.outs_data = (L, V)
        ctx.a_is_real = d.dtype.kind != "c"
        return L, V

    def backward(ctx, gL, gV):
        L, V = ctx.outs_data
        gL = None if gL is None else gL._data
        gV = None if gV is None else gV._data
        Vh = np.conj(np.swapaxes(V, -1, -2))
        n = L.shape[-1]
        if gV is None or not gV.any():
            inner = np.zeros(V.shape, V.dtype)
        else:
            VhgV = Vh @ gV
            diag = np.diagonal(VhgV, 0, -2, -1)
            if not np.allclose(diag.imag, 0, rtol=1e-2, atol=1e-2):
                raise RuntimeError("linalg_eig_backward: The eigenvectors in the complex case are specified up to "
                                   "multiplication by e^{i phi}. The specified loss function depends on this "
                                   "quantity, so it is ill-defined.")
            inner = VhgV - Vh @ (V * diag.real[..., None, :])
            Econj = np.conj(L)[..., None, :] - np.conj(L)[..., :, None]
            idx = np.arange(n)
            Econj[..., idx, idx] = 1
            inner = inner / Econj
        idx = np.arange(n)
        inner[..., idx, idx] = 0 if gL is None else gL
        gA = np.linalg.solve(Vh, inner @ Vh)
        if ctx.a_is_real:
            gA = gA.real
        return Tensor._wrap(np.ascontiguousarray(gA))


OWN_RULES.add(LinalgEigBackward0)


def eig(A, *, out=None):
    """(eigenvalues, eigenvectors) of a square matrix (complex: a real matrix may have complex ones)."""
    if not isinstance(A, Tensor):
        raise TypeError(f"linalg_eig(): argument 'input' (position 1) must be Tensor, not {type(A).__name__}")
    return _return_type("linalg_eig", ("eigenvalues", "eigenvectors"))(*LinalgEigBackward0.apply(A))


def eigvals(A, *, out=None):
    """The eigenvalues of a square matrix (complex)."""
    if not isinstance(A, Tensor):
        raise TypeError(f"linalg_eigvals(): argument 'input' (position 1) must be Tensor, not "
                        f"{type(A).__name__}")
    return LinalgEigBackward0.apply(A, fn="linalg.eigvals")[0]


def _vr(t):
    from .ops.complex_ops import view_as_real
    return view_as_real(t)


def _loss(L, V):
    # depends on the eigenvectors only through |V| (invariant under their arbitrary phases)
    return _vr(L).sum() + V.abs().sum()
