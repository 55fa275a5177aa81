"""``torch.linalg.ldl_factor``, ``ldl_factor_ex`` and ``ldl_solve``: the Bunch–Kaufman LDLᵀ
factorization of a symmetric matrix as LAPACK's ``sytrf`` returns it to torch, and ``sytrs``'s
solve with it.

For the sizes a learner types, ``dsytrf`` runs its unblocked kernel ``dsytf2`` on the whole
matrix (the blocked ``dlasyf`` only starts above the block size, 64), so this is ``dsytf2``'s
lower-triangle algorithm step for step: at column k the diagonal entry is kept as a 1×1 pivot
when |a_kk| ≥ α·colmax (α = (1 + √17)/8), else row/column ``imax`` is swapped in as a 1×1 pivot,
or rows k+1 and ``imax`` as a 2×2 pivot, by Bunch and Kaufman's tests; the trailing matrix gets
the rank-1 or rank-2 update in LAPACK's own operation order, so the results are torch's to the
last bit or within a few ulps (torch's MKL may fuse multiply-adds). ``LD`` holds L's
multipliers below the diagonal and D's blocks on it (upper triangle zeroed, as torch returns it);
``pivots`` are 1-based int32, negative (twice) for a 2×2 block. Each step is whole-vector numpy
work; the loop is over columns only.

torch records no derivative for either function: a result of an input that requires grad gets
a ``NotImplemented`` node whose backward says so. The LAPACK ports are in linalg_ldl_kernels.py,
imported on first use.
"""

import numpy as np

from .node import not_differentiable
from .ops.reduction import return_type as _return_type
from .tensor import Tensor

__all__ = ["ldl_factor", "ldl_factor_ex", "ldl_solve"]


def _check_input(fn, A):
    if not isinstance(A, Tensor):
        raise TypeError(f"linalg_ldl_factor_ex(): argument 'self' (position 1) must be Tensor, not "
                        f"{type(A).__name__}")
    if A.dim() < 2:
        raise RuntimeError(f"{fn}: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"{fn}: A must be batches of square matrices, but they are {A.shape[-2]} by "
                           f"{A.shape[-1]} matrices")
    if A._data.dtype.kind != "f":
        raise RuntimeError(f"{fn}: Expected a floating point or complex tensor as input. Got {_scalar_name(A)}")


def _scalar_name(t):
    from .tensor import _SCALAR_TYPE_NAMES, _dt_of
    return _SCALAR_TYPE_NAMES[_dt_of(t._data)]


def _write_out(name, out, results, source, what):
    """torch's linalg out=: a tuple of exactly as many tensors, each of its result's dtype (resized as
    torch resizes); returns the out tensors as torch's ``<name>_out`` return type. ``what``: the
    ATen op named by the NotImplemented node the first out tensor gets when ``source`` requires grad."""
    from .dtypes import C_NAMES
    from .out_arg import _store
    outs = out if isinstance(out, (tuple, list)) else (out,)
    if len(outs) != len(results):
        raise TypeError(f"expected tuple of {len(results)} elements but got {len(outs)}")
    for o, r in zip(outs, results):
        if not isinstance(o, Tensor):
            raise TypeError(f"{name}(): argument 'out' must be tuple of Tensors, not {type(o).__name__}")
        if o.dtype is not r.dtype:
            raise RuntimeError(f"Expected out tensor to have dtype {C_NAMES[r.dtype.name]}, but got "
                               f"{C_NAMES[o.dtype.name]} instead")
    for o, r in zip(outs, results):
        _store(o, r)
    # as torch: no derivative, but the first output is marked as coming from ``source``
    not_differentiable(what, outs[0], source)
    fields = ("LD", "pivots", "info")[:len(outs)]
    return _return_type(f"{name}_out", fields)(*outs)


def ldl_factor_ex(A, *, hermitian=False, check_errors=False, out=None):
    """(LD, pivots, info): the compact LDLᵀ factorization of each symmetric matrix of ``A`` (its lower
    triangle is read), info > 0 where D has an exactly zero 1×1 block (the first such column, 1-based)."""
    if out is not None:
        return _write_out("linalg_ldl_factor_ex", out, ldl_factor_ex(A, hermitian=hermitian,
                                                                     check_errors=check_errors), A,
                          "linalg_ldl_factor_ex")
    fn = "torch.linalg.ldl_factor_ex"
    _check_input(fn, A)
    d = A._data
    n = d.shape[-1]
    lead = d.shape[:-2]
    work = np.array(d, dtype=d.dtype, copy=True).reshape((-1, n, n))
    piv = np.zeros((work.shape[0], n), np.int32)
    info = np.zeros(work.shape[0], np.int32)
    from .linalg_ldl_kernels import sytf2_lower
    for b in range(work.shape[0]):
        piv[b], info[b] = sytf2_lower(work[b])
    work = np.tril(work)
    LD = Tensor._wrap(work.reshape(d.shape))
    pivots = Tensor._wrap(piv.reshape(lead + (n,)))
    info_t = Tensor._wrap(info.reshape(lead))
    if check_errors and info.any():
        _raise_info(fn, info)
    not_differentiable("linalg_ldl_factor_ex", LD, A)
    return _return_type("linalg_ldl_factor_ex", ("LD", "pivots", "info"))(LD, pivots, info_t)


def _raise_info(fn, info):
    # torch's ldl_factor reports a positive LAPACK info through an internal assert (its
    # error-code table has no entry for sytrf), with that assert's own wording
    code = int(info.reshape(-1)[np.argmax(info.reshape(-1) != 0)])
    raise RuntimeError('false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/'
                       'BatchLinearAlgebra.cpp":1642, please report a bug to PyTorch. '
                       f"torch.linalg.ldl_factor: Unknown error code: {code}.")


def ldl_factor(A, *, hermitian=False, out=None):
    """(LD, pivots) of ``ldl_factor_ex``, raising torch's error where D is singular."""
    LD, pivots, info = ldl_factor_ex(A, hermitian=hermitian)
    if info._data.any():
        _raise_info("torch.linalg.ldl_factor", info._data)
    if out is not None:
        return _write_out("linalg_ldl_factor", out, (LD, pivots), A, "linalg_ldl_factor_ex")
    return _return_type("linalg_ldl_factor", ("LD", "pivots"))(LD, pivots)


def ldl_solve(LD, pivots, B, *, hermitian=False, out=None):
    """X with A X = B, A given by ``ldl_factor``'s (LD, pivots)."""
    fn = "torch.linalg.ldl_solve"
    for name, t, pos in (("LD", LD, 1), ("pivots", pivots, 2), ("B", B, 3)):
        if not isinstance(t, Tensor):
            raise TypeError(f"linalg_ldl_solve(): argument '{name}' (position {pos}) must be Tensor, not "
                            f"{type(t).__name__}")
    if LD.dim() < 2:
        raise RuntimeError(f"{fn}: The input tensor LD must have at least 2 dimensions.")
    if LD.shape[-1] != LD.shape[-2]:
        raise RuntimeError(f"{fn}: LD must be batches of square matrices, but they are {LD.shape[-2]} by "
                           f"{LD.shape[-1]} matrices")
    if B.dim() < 2:
        raise IndexError(f"Dimension out of range (expected to be in range of [-1, 0], but got -2)")
    if tuple(pivots.shape) != tuple(LD.shape[:-1]):
        raise RuntimeError(f"{fn}: Expected LD.shape[:-1] and pivots.shape to be the same, but got pivots with "
                           f"shape {list(pivots.shape)} instead")
    if pivots._data.dtype.kind not in "iu":
        raise RuntimeError(f"{fn}: Expected pivots to be integers. Got {_scalar_name(pivots)}")
    if LD._data.dtype != B._data.dtype:
        raise RuntimeError(f"Expected b and A to have the same dtype, but found b of type {_scalar_name(B)} and A of "
                           f"type {_scalar_name(LD)} instead.")
    n = LD.shape[-1]
    if B.shape[-2] != n:
        raise RuntimeError(f"Incompatible matrix sizes for {fn}: each A matrix is {n} by {n} but each b matrix "
                           f"is {B.shape[-2]} by {B.shape[-1]}")
    lead = np.broadcast_shapes(tuple(LD.shape[:-2]), tuple(B.shape[:-2]))
    ld = np.broadcast_to(LD._data, lead + (n, n)).reshape((-1, n, n))
    pv = np.broadcast_to(pivots._data.astype(np.int64), lead + (n,)).reshape((-1, n))
    rhs = np.array(np.broadcast_to(B._data, lead + tuple(B.shape[-2:])), copy=True).reshape(
        (-1,) + tuple(B.shape[-2:]))
    from .linalg_ldl_kernels import sytrs_lower
    for b in range(rhs.shape[0]):
        sytrs_lower(ld[b], pv[b], rhs[b])
    X = Tensor._wrap(rhs.reshape(lead + tuple(B.shape[-2:])))
    if out is not None:
        return _write_out("linalg_ldl_solve", out, (X,), B, "linalg_ldl_solve")[0]
    return not_differentiable("linalg_ldl_solve", X, B)  # (torch records only B's edge)
