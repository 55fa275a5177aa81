"""Gradchecks generated from the op table: every op class declares its cases
(``checks``) beside its forward and backward; this file only walks the table.
Adding an op with its checks adds its tests here."""

import re
import zlib

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.autograd import gradcheck, gradgradcheck
from gradcalc.engine.node import OPS, AccumulateGrad

# nodes that only exist inside other ops' mechanics and are checked through them
EXERCISED_ELSEWHERE = {"AsStridedBackward0", "SelectAll", "IndexPutCopy", "NotImplementedNode",
                       # (their one derivative is torch's "not implemented": golden-tested)
                       "SpecialZetaBackward2", "GeqrfBackward0"}

CASES = [(op, c) for op in OPS for c in op.checks]


def _case_id(item):
    op, case = item
    return f"{op.__name__}-{case!r}"


def _inputs(case, dtype=torch.float64, seed_text=""):
    rng = np.random.default_rng(zlib.crc32(seed_text.encode()))
    return [torch.tensor(rng.uniform(case.low, case.high, shape), dtype=dtype, requires_grad=True)
            for shape in case.shapes]


def _graph_nodes(out):
    seen, stack = set(), [o.grad_fn for o in (out if isinstance(out, tuple) else (out,))
                          if isinstance(o, torch.Tensor) and o.grad_fn is not None]
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.add(n)
        stack.extend(f for f, _ in n.next_functions if f is not None)
    return {type(n) for n in seen}


def test_every_op_declares_checks_and_explains_itself():
    missing = [op.__name__ for op in OPS if not op.checks and op.__name__ not in EXERCISED_ELSEWHERE]
    assert not missing, f"ops without gradcheck cases: {missing}"
    unexplained = [op.__name__ for op in OPS if not op.explain.strip()]
    assert not unexplained, f"ops without an explanation: {unexplained}"


def test_every_rule_names_the_input_each_gradient_goes_to():
    """%explain labels what a node sends to input k with the k-th ``grad_<input> = ...`` clause
    of its rule (``grad_self = grad * other;  grad_other = grad * self``), so a rule must
    start with one; ``grad_i = ...`` stands for every input alike (cat, stack)."""
    from gradcalc.engine.explain import input_labels

    unlabelled = [op.__name__ for op in OPS
                  if not input_labels(op) and not re.match(r"\s*grad_i\b", op.explain)]
    assert not unlabelled, f"rules that do not start with 'grad_<input> = ...': {unlabelled}"


@pytest.mark.parametrize("item", CASES, ids=[_case_id(c) for c in CASES])
def test_first_order(item):
    op, case = item
    inputs = _inputs(case, seed_text=_case_id(item))
    out = case.fn(*inputs)
    assert op in _graph_nodes(out), f"the case does not exercise {op.__name__}"
    assert gradcheck(case.fn, inputs, eps=case.eps, atol=case.atol, rtol=1e-4)


SECOND = [item for item in CASES if item[0].twice_differentiable and item[1].second_order]


@pytest.mark.parametrize("item", SECOND, ids=[_case_id(c) for c in SECOND])
def test_second_order(item):
    op, case = item
    inputs = _inputs(case, seed_text=_case_id(item))
    assert gradgradcheck(case.fn, inputs, eps=case.eps, atol=max(case.atol, 1e-5), rtol=1e-3)


@pytest.mark.parametrize("item", CASES, ids=[_case_id(c) for c in CASES])
def test_float32_gradients_keep_dtype_and_agree(item):
    """The same case in float32: gradients are float32 and match the float64 ones."""
    op, case = item
    x64 = _inputs(case, seed_text=_case_id(item))
    x32 = [torch.tensor(x.detach().numpy(), dtype=torch.float32, requires_grad=True) for x in x64]
    outs = []
    for xs in (x64, x32):
        out = case.fn(*xs)
        out = out if isinstance(out, tuple) else (out,)
        total = sum((o.double() * (i + 1)).sum() for i, o in enumerate(out) if o.requires_grad)
        total.backward()
        outs.append([x.grad for x in xs])
    for g64, g32, x in zip(outs[0], outs[1], x32):
        if g64 is None:
            assert g32 is None
            continue
        assert g32.dtype == torch.float32
        np.testing.assert_allclose(g32.numpy(), g64.numpy(), rtol=2e-3, atol=2e-3)


def test_mixed_dtype_gradients_come_back_in_each_inputs_dtype():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([[3.0], [4.0]], dtype=torch.float64, requires_grad=True)
    out = a * b
    assert out.dtype == torch.float64
    out.sum().backward()
    assert a.grad.dtype == torch.float32 and a.grad.shape == (2,)
    assert b.grad.dtype == torch.float64 and b.grad.shape == (2, 1)
    assert a.grad.tolist() == [7.0, 7.0] and b.grad.tolist() == [[3.0], [3.0]]


def test_accumulate_grad_nodes_are_not_ops():
    assert AccumulateGrad not in OPS
