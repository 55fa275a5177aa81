"""Where torch refuses bfloat16 on the CPU (its LAPACK-backed linear algebra, a few kernels),
gradcalc refuses with torch's words; the wrappers go round the functions and methods once
every op is installed (``install``), so the ops themselves need not know about bfloat16.

Each entry: the name in ``torch`` (``linalg.`` for ``torch.linalg``) and a function of the call's
arguments giving the exception torch raises, or None where torch computes that call (the
refusal depends on an argument: ``cond``'s norm, ``matrix_power``'s sign). Messages read from
torch 2.13 (CPU); tests/golden/bf16_cases.py keeps some of them.
"""

import functools

from .bf16 import is_bf16
from .grad_mode import no_grad


def _kernel(name):
    return lambda *a, **k: NotImplementedError(f"\"{name}\" not implemented for 'BFloat16'")


def _low(name):
    return lambda *a, **k: RuntimeError(f"{name}: Low precision dtypes not supported. Got BFloat16")


def _only_float_double(*a, **k):
    return RuntimeError("This function doesn't handle types other than float and double")


def _pinv(A, *a, **k):
    return RuntimeError(f"linalg.pinv(BFloat16{{{list(A.shape)}}}): expected a tensor with 2 or more dimensions "
                        f"of float, double, cfloat or cdouble types")


def _cond(A, p=None, **k):
    return _kernel("linalg_svd_cpu")() if p in (None, 2, -2) else _low("linalg.inv")()


def _matrix_norm(A, ord="fro", *a, **k):
    return _low("linalg.matrix_norm")() if ord in (2, -2, "nuc") else None


def _matrix_power(A, n, **k):
    return _low("linalg.inv")() if n < 0 else None


def _halves(*a, **k):
    return RuntimeError("Expected both inputs to be Half, Float or Double tensors but got BFloat16 and BFloat16")


def _view_as_complex(*a, **k):
    return RuntimeError("view_as_complex is only supported for half, float and double tensors, but got a tensor "
                        "of scalar type: BFloat16")


_LU, _SVD, _INV = _kernel("lu_cpu"), _kernel("linalg_svd_cpu"), _low("linalg.inv")

REFUSALS = {
    "linalg.cholesky": _kernel("cholesky_cpu"), "linalg.cholesky_ex": _kernel("cholesky_cpu"),
    "linalg.cond": _cond, "linalg.det": _LU, "linalg.lu": _LU, "linalg.lu_factor": _LU, "linalg.lu_factor_ex": _LU,
    "linalg.solve": _LU, "linalg.solve_ex": _LU, "linalg.tensorsolve": _LU,
    "linalg.eig": _kernel("linalg_eig_out_cpu"), "linalg.eigvals": _kernel("linalg_eig_out_cpu"),
    "linalg.eigh": _kernel("linalg_eigh_cpu"), "linalg.eigvalsh": _kernel("linalg_eigh_cpu"),
    "linalg.inv": _INV, "linalg.inv_ex": _INV, "linalg.tensorinv": _INV,
    "linalg.ldl_factor": _kernel("ldl_factor_kernel_cpu"), "linalg.ldl_factor_ex": _kernel("ldl_factor_kernel_cpu"),
    "linalg.ldl_solve": _kernel("ldl_solve_kernel_cpu"), "linalg.lu_solve": _kernel("linalg.lu_solve_cpu"),
    "linalg.lstsq": _only_float_double, "linalg.matrix_rank": _only_float_double, "linalg.pinv": _pinv,
    "linalg.qr": _kernel("geqrf_cpu"), "linalg.slogdet": _low("linalg.slogdet"),
    "linalg.svd": _SVD, "linalg.svdvals": _SVD,
    "linalg.solve_triangular": _kernel("triangular_solve_cpu"),
    "linalg.householder_product": _kernel("orgqr_cpu"),
    "linalg.vander": lambda *a, **k: RuntimeError(
        "linalg.vander supports floating point, complex, and integer tensors, but got BFloat16"),
    "linalg.matrix_norm": _matrix_norm, "linalg.matrix_power": _matrix_power,
    "det": _LU, "logdet": _low("logdet"), "slogdet": _low("linalg.slogdet"), "inverse": _INV,
    "cholesky": _kernel("cholesky_cpu"), "cholesky_inverse": _kernel("cholesky_inverse_out_cpu"),
    "cholesky_solve": _kernel("cholesky_solve_cpu"), "svd": _SVD, "qr": _kernel("geqrf_cpu"), "pinverse": _pinv,
    "lu": _LU, "geqrf": _kernel("geqrf_cpu"), "triangular_solve": _kernel("triangular_solve_cpu"),
    "orgqr": _kernel("orgqr_cpu"), "cdist": _kernel("cdist"),
    "complex": _halves, "polar": _halves, "view_as_complex": _view_as_complex, "view_as_complex_copy": _view_as_complex,
    "histogram": _kernel("histogramdd"), "histogramdd": _kernel("histogramdd"),
    "pdist": _kernel("pdist"), "nn.functional.pdist": _kernel("pdist"),
}

# where torch's dtype check comes before any other (elsewhere the shapes are checked first)
DTYPE_FIRST = ("complex", "polar", "view_as_complex", "view_as_complex_copy", "histogram", "histogramdd", "cdist",
               "linalg.vander")

# the Tensor methods of the same names (x.det(), x.inverse() ...)
METHODS = ("det", "logdet", "slogdet", "inverse", "cholesky", "cholesky_inverse", "cholesky_solve", "svd", "qr",
           "pinverse", "lu", "geqrf", "triangular_solve", "orgqr", "histogram")


def _any_bf16(values):
    for v in values:
        d = getattr(v, "_data", None)
        if d is not None:
            if is_bf16(d):
                return True
        elif isinstance(v, (list, tuple)) and _any_bf16(v):
            return True
    return False


def _as_float(v):
    d = getattr(v, "_data", None)
    if d is not None and is_bf16(d):
        return v.detach().float()
    if isinstance(v, (list, tuple)):
        return type(v)(_as_float(x) for x in v)
    return v


def _guard(fn, refusal, shapes_first):
    @functools.wraps(fn)
    def guarded(*args, **kw):
        if _any_bf16(args) or _any_bf16(kw.values()):
            err = refusal(*args, **kw)
            if err is not None:
                if shapes_first:
                    # torch's linear algebra checks shapes and arguments before the dtype: the call
                    # on float32 copies raises what torch raises first, if anything
                    with no_grad():
                        fn(*[_as_float(a) for a in args], **{k: _as_float(v) for k, v in kw.items()})
                raise err
        return fn(*args, **kw)
    guarded.__wrapped_bf16__ = fn
    return guarded


def install(torch_module, tensor_cls):
    """Wrap torch's refusing functions in ``torch_module`` (and its ``linalg``) and the methods."""
    for name, refusal in REFUSALS.items():
        owner, attr = torch_module, name
        if "." in name:
            path, attr = name.rsplit(".", 1)
            for part in path.split("."):
                owner = getattr(owner, part)
        fn = getattr(owner, attr, None)
        if fn is not None and not hasattr(fn, "__wrapped_bf16__"):
            setattr(owner, attr, _guard(fn, refusal, name not in DTYPE_FIRST))
    for name in METHODS:
        fn = getattr(tensor_cls, name, None)
        if fn is not None and not hasattr(fn, "__wrapped_bf16__"):
            setattr(tensor_cls, name, _guard(fn, REFUSALS[name], name not in DTYPE_FIRST))
