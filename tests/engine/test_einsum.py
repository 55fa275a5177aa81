"""einsum has no node of its own (it is composed of diagonal, permute, sum, bmm, view as
torch composes it), so its gradchecks live here: values against numpy.einsum, first
and second derivatives for every operand against finite differences."""

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.autograd import gradcheck, gradgradcheck

CASES = [
    ("ij,jk->ik", [(2, 3), (3, 4)]),
    ("ij,jk", [(2, 3), (3, 2)]),
    ("ii", [(3, 3)]),
    ("ii->i", [(3, 3)]),
    ("ij->", [(2, 3)]),
    ("i,i->", [(4,), (4,)]),
    ("i,j->ij", [(2,), (3,)]),
    ("bij,bjk->bik", [(2, 2, 3), (2, 3, 2)]),
    ("...ij,...jk->...ik", [(2, 2, 3), (3, 2)]),
    ("ijk,ij->k", [(2, 3, 2), (2, 3)]),
    ("ij,jk,kl->il", [(2, 3), (3, 2), (2, 2)]),
    ("ab,cd,bc->ad", [(2, 3), (2, 2), (3, 2)]),
    ("iij->j", [(2, 2, 3)]),
    ("ii,ii->", [(3, 3), (3, 3)]),
    ("ij,->ij", [(2, 3), ()]),
    ("i...->...", [(2, 3, 2)]),
    ("bi,bi->b", [(3, 2), (1, 2)]),
]


@pytest.mark.parametrize("eq, shapes", CASES, ids=[c[0] for c in CASES])
def test_einsum_values_and_derivatives(eq, shapes):
    rng = np.random.default_rng(len(eq))
    arrays = [rng.uniform(-1.5, 1.5, s) for s in shapes]
    xs = [torch.tensor(a, requires_grad=True) for a in arrays]
    out = torch.einsum(eq, *xs)
    np.testing.assert_allclose(out.detach().numpy(), np.einsum(eq, *arrays), rtol=1e-12, atol=1e-12)
    fn = lambda *ts: torch.einsum(eq, *ts)  # noqa: E731
    assert gradcheck(fn, xs, eps=1e-6, atol=1e-6, rtol=1e-4)
    assert gradgradcheck(fn, xs, eps=1e-6, atol=1e-5, rtol=1e-3)


def test_einsum_float32_gradients_keep_dtype():
    a = torch.ones(2, 3, requires_grad=True)
    b = torch.ones(3, 4, requires_grad=True)
    torch.einsum("ij,jk->ik", a, b).sum().backward()
    assert a.grad.dtype == torch.float32 and b.grad.tolist() == [[2.0] * 4] * 3


def test_einsum_sublist_form_matches_the_equation():
    a = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    assert torch.einsum(a, [0, 1], a, [1, 2], [0, 2]).tolist() == torch.einsum("ij,jk->ik", a, a).tolist()
