"""svd_lowrank, pca_lowrank and lobpcg: float64 gradients against finite differences (the random
test matrix is fixed by seeding inside the function), and their properties (torch's values are in
tests/golden/catalogue2.json, replayed by test_catalogue2_golden.py)."""

import numpy as np
import pytest

import gradcalc.engine as torch

_rng = np.random.default_rng(11)
_LOW = torch.tensor((_rng.normal(size=(6, 2)) @ _rng.normal(size=(2, 4))).tolist(), dtype=torch.float64)
_S = _rng.normal(size=(7, 7))
_SPD = torch.tensor((_S @ _S.T + np.diag(np.arange(7.0))).tolist(), dtype=torch.float64)


def _signed(U, V):
    s = U[..., :1, :].sign()
    return U * s, V * s


def _svd_low(A, q=3):
    torch.manual_seed(0)
    U, S, V = torch.svd_lowrank(A, q=q)
    U, V = _signed(U, V)
    return U, S, V


def test_svd_lowrank_gradcheck():
    A = (_LOW + 0.1 * torch.eye(6, 4, dtype=torch.float64)).requires_grad_()
    assert torch.autograd.gradcheck(lambda a: _svd_low(a), (A,))


def test_svd_lowrank_gradgradcheck():
    A = (_LOW + 0.1 * torch.eye(6, 4, dtype=torch.float64)).requires_grad_()
    assert torch.autograd.gradgradcheck(lambda a: _svd_low(a)[1], (A,))


def test_pca_lowrank_gradcheck():
    A = (_LOW + 0.1 * torch.eye(6, 4, dtype=torch.float64)).requires_grad_()

    def f(a):
        torch.manual_seed(0)
        U, S, V = torch.pca_lowrank(a, q=3)
        return S, _signed(U, V)[1]
    assert torch.autograd.gradcheck(f, (A,))


def test_svd_lowrank_reconstructs_a_low_rank_matrix():
    torch.manual_seed(0)
    U, S, V = torch.svd_lowrank(_LOW, q=2)
    assert np.allclose((U * S @ V.mT)._data, _LOW._data)


def test_lobpcg_gradcheck():
    """Eigenvalues and (sign-fixed) eigenvectors; the partial-eigenspace backward (k < m)."""
    A = _SPD[:6, :6].clone().requires_grad_()

    def f(a):
        torch.manual_seed(0)
        E, X = torch.lobpcg(a, k=2, tol=1e-11, niter=100)
        return E, X * X[:1].sign()
    assert torch.autograd.gradcheck(f, (A,), atol=1e-4)


def test_lobpcg_agrees_with_eigh():
    torch.manual_seed(0)
    E, X = torch.lobpcg(_SPD, k=2)
    want = np.linalg.eigvalsh(_SPD._data)[::-1][:2]
    assert np.allclose(E._data, want)
    assert np.allclose((_SPD @ X)._data, (X * E)._data, atol=1e-6)


def test_lobpcg_refuses_a_tracker():
    with pytest.raises(NotImplementedError, match="tracker"):
        torch.lobpcg(_SPD, k=1, tracker=print)
