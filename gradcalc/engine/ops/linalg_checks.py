"""The input checks torch.linalg makes before it factors anything, in torch's words."""

import numpy as np

from .. import dtypes as _dt

_SCALAR = _dt.SCALAR_NAMES


def float_input(t, fn, what="input"):
    """torch's linear algebra works on floating tensors only."""
    if t._data.dtype.kind not in "f":
        raise RuntimeError(f"{fn}: Expected a floating point or complex tensor as {what}. "
                           f"Got {_SCALAR[t.dtype.name]}")
    if t._data.dtype == np.float16:
        raise RuntimeError(f"\"{_lapack_name(fn)}\" not implemented for 'Half'")


def _lapack_name(fn):
    return {"linalg.det": "linalg_lu_factor_ex_out_cpu", "linalg.inv": "linalg_inv_ex_out_cpu"}.get(
        fn, fn.replace(".", "_") + "_cpu")


def matrix_input(t, fn, name="A"):
    """At least 2 dims."""
    if t._data.ndim < 2:
        raise RuntimeError(f"{fn}: The input tensor {name} must have at least 2 dimensions.")


def square(t, fn, name="A"):
    """Batches of square matrices, floating."""
    matrix_input(t, fn, name)
    s = t._data.shape
    if s[-1] != s[-2]:
        raise RuntimeError(f"{fn}: {name} must be batches of square matrices, but they are {s[-2]} by {s[-1]} "
                           "matrices")
    float_input(t, fn)


def batch_prefix(index, batch_shape):
    """torch names the failing matrix of a batch: ``(Batch element 3): ``."""
    return f"(Batch element {index}): " if batch_shape else ""


def first_zero_pivot(a):
    """For each matrix of ``a`` (..., n, n): the 1-based index of the first exactly zero pivot of an LU
    factorization with partial pivoting (LAPACK's getrf ``info``), or 0."""
    a = np.array(a, dtype=np.float64, copy=True).reshape((-1,) + a.shape[-2:])
    n = a.shape[-1]
    info = np.zeros(a.shape[0], dtype=np.int64)
    rows = np.arange(a.shape[0])
    for k in range(n):
        p = k + np.argmax(np.abs(a[:, k:, k]), axis=1)
        a[rows, k], a[rows, p] = a[rows, p].copy(), a[rows, k].copy()
        pivot = a[:, k, k]
        zero = pivot == 0
        info[(info == 0) & zero] = k + 1
        safe = np.where(zero, 1.0, pivot)
        factors = a[:, k + 1:, k] / safe[:, None]
        factors[zero] = 0.0
        a[:, k + 1:, k:] -= factors[:, :, None] * a[:, k, None, k:]
    return info


def first_bad_minor(a):
    """For each symmetric matrix of ``a``: the order of the first leading minor that is not positive
    definite (LAPACK's potrf ``info``), or 0."""
    a = np.array(a, dtype=np.float64, copy=True).reshape((-1,) + a.shape[-2:])
    info = np.zeros(a.shape[0], dtype=np.int64)
    for b in range(a.shape[0]):
        m = a[b]
        n = m.shape[-1]
        L = np.zeros_like(m)
        for j in range(n):
            d = m[j, j] - L[j, :j] @ L[j, :j]
            if not d > 0:
                info[b] = j + 1
                break
            L[j, j] = np.sqrt(d)
            L[j + 1:, j] = (m[j + 1:, j] - L[j + 1:, :j] @ L[j, :j]) / L[j, j]
    return info
