"""``torch.lobpcg``: the public function (argument checks, the custom Function when ``A``
requires grad); the solver and torch's backward are in lobpcg_solver.py, imported on the first
call so that start-up does not compile it."""

from .tensor import Tensor

__all__ = ["lobpcg"]


def lobpcg(A, k=None, B=None, X=None, n=None, iK=None, niter=None, tol=None, largest=None, method=None,
           tracker=None, ortho_iparams=None, ortho_fparams=None, ortho_bparams=None):
    """(E, X): the ``k`` largest (``largest=False``: smallest) eigenvalues of the symmetric ``A``
    (of ``A x = λ B x``) and their eigenvectors, by LOBPCG."""
    from . import lobpcg_solver as _s
    for name, v in (("A", A), ("B", B), ("X", X), ("iK", iK)):
        if v is not None and not isinstance(v, Tensor):
            raise TypeError(f"lobpcg(): argument '{name}' must be Tensor, not {type(v).__name__}")
    if tracker is not None:
        raise NotImplementedError("lobpcg(): gradcalc does not call a tracker (it would be handed the solver's "
                                  "internal state)")
    if A.requires_grad or (B is not None and B.requires_grad):
        A_sym = (A + A.mT) / 2
        B_sym = (B + B.mT) / 2 if B is not None else None
        return _s.autograd_function().apply(A_sym, k, B_sym, X, n, iK, niter, tol, largest, method,
                                            ortho_iparams, ortho_fparams, ortho_bparams)
    return _s.solve(A, k, B, X, n, iK, niter, tol, largest, method, ortho_iparams, ortho_fparams, ortho_bparams)
