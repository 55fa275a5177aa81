"""Forward mode, table-driven: every op's JVP (derived from its backward, autograd/forward_jvp.py)
against central finite differences and against its own VJP (⟨u, J v⟩ = ⟨Jᵀu, v⟩), on the gradcheck
cases each op declares (float64)."""

import re
import zlib

import numpy as np
import pytest

import gradcalc.engine as torch
import gradcalc.engine.autograd.forward_ad as fwAD
from gradcalc.engine.node import OPS
from gradcalc.engine.ops.forward_refusals import no_forward_ad

# In-place ops carry the result's tangent to the written tensor (ops/inplace.py, random_sampling.py),
# setitem, zero_ and copy_ included; no op is a known gap (the set stays for one that would be).
INPLACE_GAP = set()
_INPLACE_CASES = set()


def _marks(op, case):
    if op.__name__ in INPLACE_GAP or (op.__name__, case.label) in _INPLACE_CASES:
        return [pytest.mark.xfail(reason="forward AD through in-place ops: tangent not carried", strict=True)]
    return []


CASES = [pytest.param((op, c), marks=_marks(op, c), id=f"{op.__name__}-{c!r}")
         for op in OPS for c in op.checks if op.twice_differentiable]


def _case_id(item):
    op, case = item
    return f"{op.__name__}-{case!r}"


def _flat(out):
    outs = out if isinstance(out, (tuple, list)) else (out,)
    return [o for o in outs if isinstance(o, torch.Tensor) and o.is_floating_point()]


@pytest.mark.parametrize("item", CASES)
def test_jvp_matches_finite_differences_and_the_vjp(item):
    op, case = item
    rng = np.random.default_rng(zlib.crc32(_case_id(item).encode()))
    xs = [torch.tensor(rng.uniform(case.low, case.high, s), dtype=torch.float64) for s in case.shapes]
    vs = [torch.tensor(rng.standard_normal(s), dtype=torch.float64) for s in case.shapes]
    refusal = getattr(op, "jvp", None)
    if type(refusal) is no_forward_ad:  # torch has no forward rule for it: its error
        with fwAD.dual_level(), pytest.raises(refusal.error, match="^" + re.escape(refusal.message) + "$"):
            case.fn(*[fwAD.make_dual(x, v) for x, v in zip(xs, vs)])
        return
    with fwAD.dual_level():
        out = case.fn(*[fwAD.make_dual(x, v) for x, v in zip(xs, vs)])
        pairs = [fwAD.unpack_dual(o) for o in _flat(out)]
    primals = [p for p, _ in pairs]
    tangents = [t if t is not None else torch.zeros_like(p) for p, t in pairs]
    eps = max(case.eps, 1e-6)
    plus = _flat(case.fn(*[x + eps * v for x, v in zip(xs, vs)]))
    minus = _flat(case.fn(*[x - eps * v for x, v in zip(xs, vs)]))
    for t, p, m, prim in zip(tangents, plus, minus, primals):
        fd = (p - m) / (2 * eps)
        np.testing.assert_allclose(t.numpy(), fd.numpy(), rtol=1e-4, atol=max(case.atol, 1e-5) * 10)
    # ⟨u, J v⟩ = ⟨Jᵀu, v⟩
    leaves = [x.clone().requires_grad_() for x in xs]
    outs = _flat(case.fn(*leaves))
    us = [torch.tensor(rng.standard_normal(tuple(o.shape)), dtype=torch.float64) for o in outs]
    live = [(o, u) for o, u in zip(outs, us) if o.requires_grad]
    if not live:
        return
    vjps = torch.autograd.grad([o for o, _ in live], leaves, [u for _, u in live], allow_unused=True)
    lhs = sum(float((u * t).sum()) for (o, u), t in zip(zip(outs, us), tangents) if o.requires_grad)
    rhs = sum(float((g * v).sum()) for g, v in zip(vjps, vs) if g is not None)
    single = any(o.dtype == torch.float32 for o in outs) or case.atol > 1e-6  # (computed in float32 inside)
    assert abs(lhs - rhs) <= (1e-5 if single else 1e-8) * (1 + abs(lhs))


def test_dual_level_errors_and_cleanup():
    x = torch.tensor([1.0, 2.0])
    with pytest.raises(RuntimeError, match="no level exists"):
        fwAD.make_dual(x, x)
    with fwAD.dual_level():
        d = fwAD.make_dual(x, torch.ones(2))
        y = d * d
        assert fwAD.unpack_dual(y).tangent.tolist() == [2.0, 4.0]
        with pytest.raises(RuntimeError, match="Nested forward mode AD"):
            fwAD.enter_dual_level()
        with pytest.raises(RuntimeError, match="different size"):
            fwAD.make_dual(x, torch.ones(3))
        with pytest.raises(ValueError, match="floating point"):
            fwAD.make_dual(torch.tensor([1, 2]), torch.ones(2))
    assert fwAD.unpack_dual(y).tangent is None
    assert type(fwAD.unpack_dual(y)).__name__ == "UnpackedDualTensor"
    from gradcalc.engine import node
    assert node.TANGENT_HOOK[0] is None


def test_gradcheck_checks_forward_mode():
    from gradcalc.engine.autograd import GradcheckError, gradcheck, gradgradcheck
    x = torch.tensor([0.3, -1.2, 2.0], dtype=torch.float64, requires_grad=True)
    w = torch.tensor([[1.0, 2.0], [0.5, -1.0], [0.0, 3.0]], dtype=torch.float64, requires_grad=True)
    assert gradcheck(lambda a, b: (a.sin() @ b).tanh(), (x, w), check_forward_ad=True)
    assert gradcheck(lambda a: a.exp().sum(), (x,), check_forward_ad=True, check_backward_ad=False)
    assert gradgradcheck(lambda a: (a ** 3).sum(), (x,), check_fwd_over_rev=True)
    with pytest.raises(AssertionError, match="at least one of check_forward_ad or check_backward_ad"):
        gradcheck(lambda a: a, (x,), check_forward_ad=False, check_backward_ad=False)
    import gradcalc.engine.autograd.forward_jvp as fj
    real, real_row = fj._jvp, fj._by_rule

    def wrong(cls, args, params, tangents, diff, *level):
        return [2 * t for t in real(cls, args, params, tangents, diff, *level)]

    def wrong_row(cls, row, args, params, tangents, *level):
        out, dys = real_row(cls, row, args, params, tangents, *level)
        return out, [2 * t for t in dys]
    fj._jvp, fj._by_rule = wrong, wrong_row
    try:
        with pytest.raises(GradcheckError, match="Jacobian computed with forward mode mismatch for output 0"):
            gradcheck(lambda a: a.sin(), (x,), check_forward_ad=True, check_backward_ad=False)
        with pytest.raises(GradcheckError, match="Jacobian computed with forward mode mismatch for output 0"):
            gradcheck(lambda a: a.sum(0), (x,), check_forward_ad=True, check_backward_ad=False)
    finally:
        fj._jvp, fj._by_rule = real, real_row


def test_functional_jacobian_forward_mode_runs_forward_ad():
    """jacobian(strategy='forward-mode', vectorize=True): the function sees dual tensors (one
    one-hot tangent per input element), and the result equals reverse mode's."""
    F = torch.autograd.functional
    x = torch.tensor([0.3, -1.2, 2.0], dtype=torch.float64)
    w = torch.tensor([[1.0, 2.0], [0.5, -1.0], [0.0, 3.0]], dtype=torch.float64)
    seen = []

    def f(a, b):
        seen.append(fwAD.unpack_dual(a).tangent is not None or fwAD.unpack_dual(b).tangent is not None)
        return (a.sin() @ b).tanh(), a.exp().sum()

    fwd = F.jacobian(f, (x, w), vectorize=True, strategy="forward-mode")
    assert seen == [True] * (x.numel() + w.numel())
    rev = F.jacobian(f, (x, w))
    for i in range(2):
        for j in range(2):
            assert tuple(fwd[i][j].shape) == tuple(rev[i][j].shape)
            np.testing.assert_allclose(fwd[i][j].numpy(), rev[i][j].numpy(), rtol=1e-12, atol=1e-14)
            assert not fwd[i][j].requires_grad
    # inside a dual level already (one level at a time): the same values, by reverse mode
    with fwAD.dual_level():
        inner = F.jacobian(lambda a: a.sin(), x, vectorize=True, strategy="forward-mode")
    np.testing.assert_allclose(inner.numpy(), np.diag(np.cos(x.numpy())))
