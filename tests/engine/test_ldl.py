"""linalg.ldl_factor / ldl_solve against LAPACK's sytrf/sytrs as torch runs them
(tests/golden/catalogue2_ldl.json, written by catalogue2_generate.py): LD and pivots bit for bit,
the solve within a few ulps of the solution's scale; and what the factorization means."""

import json
import os

import numpy as np
import pytest

import gradcalc.engine as torch

with open(os.path.join(os.path.dirname(__file__), os.pardir, "golden", "catalogue2_ldl.json")) as _f:
    SWEEP = json.load(_f)["cases"]


@pytest.mark.parametrize("k", range(len(SWEEP)))
def test_ldl_matches_lapack_bit_for_bit(k):
    case = SWEEP[k]
    dtype = torch.float32 if case["dtype"] == "torch.float32" else torch.float64
    A = torch.tensor(case["A"], dtype=dtype)
    LD, piv, info = torch.linalg.ldl_factor_ex(A)
    assert piv.tolist() == case["pivots"]
    assert info.item() == case["info"]
    np_dtype = np.float32 if dtype is torch.float32 else np.float64
    assert np.array_equal(LD._data, np.array(case["LD"], np_dtype))
    if case["X"] is not None:
        X = torch.linalg.ldl_solve(LD, piv, torch.tensor(case["b"], dtype=dtype))
        want = np.array(case["X"], np_dtype)
        assert np.allclose(X._data, want, rtol=0, atol=8 * np.finfo(np_dtype).eps * np.abs(want).max())


def _reconstruct(LD, piv):
    """P L D Lᵀ Pᵀ from the compact form, following sytrf's pivot sequence."""
    n = LD.shape[0]
    A = np.eye(n)
    D = np.zeros((n, n))
    k = 0
    steps = []
    while k < n:
        if piv[k] > 0:
            D[k, k] = LD[k, k]
            steps.append((k, piv[k] - 1, 1))
            k += 1
        else:
            D[k:k + 2, k:k + 2] = [[LD[k, k], LD[k + 1, k]], [LD[k + 1, k], LD[k + 1, k + 1]]]
            steps.append((k, -piv[k] - 1, 2))
            k += 2
    # A = (P1 L1 P2 L2 ...) D (...)ᵀ with Lk the unit transform of step k
    M = np.eye(n)
    for k, kp, s in steps:
        P = np.eye(n)
        kk = k + s - 1
        P[[kk, kp]] = P[[kp, kk]]
        L = np.eye(n)
        L[k + s:, k:k + s] = LD[k + s:, k:k + s]
        M = M @ P @ L
    return M @ D @ M.T


@pytest.mark.parametrize("seed", range(6))
def test_ldl_reconstructs_the_matrix(seed):
    rng = np.random.default_rng(seed)
    s = rng.normal(size=(7, 7))
    a = s + s.T
    if seed % 2:
        np.fill_diagonal(a, 0.0)
    LD, piv = torch.linalg.ldl_factor(torch.tensor(a.tolist(), dtype=torch.float64))
    assert np.allclose(_reconstruct(LD._data, piv._data), a)


def test_ldl_has_no_derivative_as_in_torch():
    A = torch.tensor([[2.0, 1.0], [1.0, -3.0]], requires_grad=True)
    LD = torch.linalg.ldl_factor(A).LD
    assert LD.grad_fn.name() == "torch::autograd::NotImplemented"
    with pytest.raises(RuntimeError, match="derivative for aten::linalg_ldl_factor_ex is not implemented"):
        LD.sum().backward()
