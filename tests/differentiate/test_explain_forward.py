"""%explain T --forward [--tangent V]: the forward-mode pass, step by step (engine: explain_forward).

The tangent it shows reaching T is checked against real forward-mode AD (the same program
run on dual tensors), over graphs of many kinds of nodes; the text against a committed
expectation; and it changes nothing (no .grad, the graph kept).
"""

import numpy as np
import pytest

import gradcalc.engine as torch
from differentiate_support import ANSI, CASES, MagicError, expected_path, new_session, render_case, run_magic
from gradcalc.engine.autograd import forward_ad as fwAD
from gradcalc.engine.explain_forward import explain_forward, leaves_of


def test_rendering_matches_the_expected_text():
    with open(expected_path("explain_forward"), encoding="utf-8") as f:
        assert render_case("explain_forward") == f.read()


def test_colour_shows_the_same_characters():
    coloured = render_case("explain_forward", color=True)
    assert "\x1b[" in coloured and ANSI.sub("", coloured) == render_case("explain_forward")


# programs of the leaves a, b (float64): each is run once recorded (for explain_forward)
# and once on dual tensors (forward_ad), and the tangents compared
PROGRAMS = [
    lambda a, b: (a * b).sum(),
    lambda a, b: (a + b * 2 - a / (b * b + 1)).exp().mean(),
    lambda a, b: torch.softmax(a.unsqueeze(0) * b.unsqueeze(1), 1),
    lambda a, b: torch.log_softmax(a @ b.reshape(3, 1).expand(3, 2), 0),
    lambda a, b: torch.cat([a.sin(), b.cos(), (a * b).tanh()]).cumsum(0),
    lambda a, b: torch.stack(a.split(1)).sigmoid() * b.max(),
    lambda a, b: (a.reshape(3, 1) - b).abs().pow(1.5).sum(1).sqrt(),
    lambda a, b: a[1:].relu() + b[:2] ** 3,
    lambda a, b: torch.where(a > 0, a * b, b.exp()).norm(),
    lambda a, b: torch.nn.functional.linear(a, b.reshape(1, 3).expand(2, 3), None).tanh(),
]
A = [0.5, -1.2, 2.0]
B = [1.5, 0.3, -0.7]
TA = [1.0, -0.5, 0.25]
TB = [0.2, 0.0, -1.0]


@pytest.mark.parametrize("k", range(len(PROGRAMS)))
def test_the_tangent_is_forward_modes(k):
    f = PROGRAMS[k]
    a = torch.tensor(A, dtype=torch.float64, requires_grad=True)
    b = torch.tensor(B, dtype=torch.float64, requires_grad=True)
    ta, tb = torch.tensor(TA, dtype=torch.float64), torch.tensor(TB, dtype=torch.float64)
    out = f(a, b)
    trace = explain_forward(out, {id(a): ta, id(b): tb})
    with fwAD.dual_level():
        dual = f(fwAD.make_dual(a.detach(), ta), fwAD.make_dual(b.detach(), tb))
        expected = fwAD.unpack_dual(dual).tangent
    np.testing.assert_allclose(trace.tangent.numpy(), expected.numpy(), rtol=1e-10, atol=1e-12)
    # every step's tangents have its outputs' shapes and dtypes
    for step in trace.steps:
        if step.kind == "node":
            for t, (shape, dtype) in zip(step.tangents, step.outputs):
                assert t is None or (tuple(t.shape), t.dtype.name) == (tuple(shape), dtype)
    assert a.grad is None and b.grad is None
    out.sum().backward()  # the graph was kept
    assert a.grad is not None


def test_a_leaf_not_given_does_not_move():
    a = torch.tensor(A, dtype=torch.float64, requires_grad=True)
    b = torch.tensor(B, dtype=torch.float64, requires_grad=True)
    out = (a * b).sum()
    trace = explain_forward(out, {id(b): torch.ones(3, dtype=torch.float64)})
    assert float(trace.tangent) == pytest.approx(sum(A))
    assert explain_forward(out, {}).tangent is None
    assert leaves_of(out) == [a, b] or leaves_of(out) == [b, a]


def _session(code):
    session = new_session()
    session.run(code)
    return session


def test_default_tangent_is_ones_and_the_header_says_so():
    session = _session(CASES["explain_tutorial"][0])
    text = run_magic(session, "%explain out --forward")
    assert "ones at every leaf (--tangent V picks others)" in text
    assert text.rstrip().endswith("out's tangent (J·t) = tensor(18.)")
    assert session.namespace["x"].grad is None


def test_tangent_for_the_one_leaf_and_by_name():
    session = _session(CASES["explain_tutorial"][0])
    text = run_magic(session, "%explain out --tangent [[1., 0.], [0., 0.]]")
    assert text.rstrip().endswith("out's tangent (J·t) = tensor(4.5000)")
    text = run_magic(session, "%explain out --forward --tangent {'x': torch.ones(2, 2) * 2}")
    assert text.rstrip().endswith("out's tangent (J·t) = tensor(36.)")


def test_works_after_backward_freed_the_graph():
    session = _session(CASES["explain_tutorial"][0] + "out.backward()\n")
    text = run_magic(session, "%explain out --forward")
    assert "tensor(18.)" in text
    with pytest.raises(Exception, match="Trying to backward through the graph a second time"):
        session.run("out.backward()\n")  # freed again afterwards, as backward left it


def test_rules_own_and_derived():
    text = render_case("explain_forward")
    assert "rule       tangent = t_self * (1 - result²)" in text                 # tanh's own (a row's)
    assert "rule       tangent = t_self * cos(self)" in text                      # sin's own
    assert "rule       tangent = t_self @ vec + self @ t_vec" in text             # mv's own (jvp staticmethod)
    # a node without a forward rule of its own: derived from its backward, whose rule is shown
    session = _session("class Twice(torch.autograd.Function):\n"
                       "    @staticmethod\n    def forward(ctx, a):\n        return a * 2\n"
                       "    @staticmethod\n    def backward(ctx, g):\n        return g * 2\n"
                       "a = torch.tensor([1., 2.], requires_grad=True)\nb = Twice.apply(a)\n")
    text = run_magic(session, "%explain b --forward")
    assert "from the backward below (double-vjp" in text and "Twice.backward(ctx, *output grads)" in text
    assert text.rstrip().endswith("b's tangent (J·t) = tensor([2., 2.])")


@pytest.mark.parametrize("line, kind, message", [
    ("%explain out --forward --gradient 1", "UsageError", "--gradient is for the backward pass"),
    ("%explain out --forward --accumulate", "UsageError", "--accumulate is for the backward pass"),
    ("%explain out --forward yes", "UsageError", "--forward takes no value"),
    ("%explain out --tangent", "UsageError", "--tangent needs a value"),
    ("%explain out --tangent [1., 2.]", "RuntimeError", "expected a tangent shaped like x, (2, 2), got (2,)"),
    ("%explain out --tangent {'q': 1.}", "ValueError", "q is not a leaf of the graph (its leaves: x)"),
    ("%explain out --tangent {1: 1.}", "TypeError", "by their variable names"),
    ("%explain s --tangent [1., 2., 3.]", "ValueError", "the graph has 2 leaves"),
    ("%explain torch.ones(2).sum() --forward", "RuntimeError", "does not require grad"),
])
def test_errors(line, kind, message):
    session = _session(CASES["explain_tutorial"][0] + "p = torch.tensor([1., 2., 3.], requires_grad=True)\n"
                       "s = (p * torch.tensor([1., 1., 1.], requires_grad=True)).sum()\n")
    with pytest.raises(MagicError) as info:
        run_magic(session, line)
    assert info.value.kind == kind
    assert message in info.value.message
