"""The declared rows (``ops/table.py``): what the table generates from each row, what a
node keeps, and the forward-mode rule ``row.jvp`` against finite differences."""

import inspect

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.node import OPS
from gradcalc.engine.ops import FUNCTIONS, METHODS
from gradcalc.engine.ops.table import ROWS, row_of

EXPORTED = [r for r in ROWS if r.names]


def test_every_row_node_is_in_the_op_table_with_torchs_kind_of_name():
    for r in ROWS:
        assert r.node in OPS
        assert "Backward" in r.node.__name__
        assert row_of(r.node) is r


def test_a_hand_written_op_has_no_row():
    x = torch.tensor([[1.0]], requires_grad=True)
    assert row_of((x @ x).grad_fn) is None  # (arithmetic became rows; matmul is hand-written)


@pytest.mark.parametrize("r", EXPORTED, ids=[r.names[0] for r in EXPORTED])
def test_a_row_is_a_function_and_a_method_under_each_name(r):
    for name in r.names:
        assert FUNCTIONS[name] is r.function
        if r.method:
            assert METHODS[name] is r.function
    assert r.function.__doc__, "the %help line comes from the docstring"


def _plain(r):
    """Rows whose function is f(input) or f(input, other), one input per rule."""
    params = list(inspect.signature(r.function).parameters)
    return params in (["input"], ["input", "other"]) and len(params) == len(r._rules)


# (an input without a gradient, ldexp's integer exponent, has no tangent to perturb)
JVP_ROWS = [r for r in EXPORTED if _plain(r) and None not in r._rules]


@pytest.mark.parametrize("r", JVP_ROWS, ids=[r.names[0] for r in JVP_ROWS])
def test_jvp_agrees_with_finite_differences(r):
    case = r.node.checks[0]
    rng = np.random.default_rng(0)
    n_in = len(inspect.signature(r.function).parameters)
    shape = case.shapes[0]
    lo, hi = case.low, case.high
    xs = [rng.uniform(lo, hi, shape) for _ in range(n_in)]
    ts = [rng.standard_normal(shape) for _ in range(n_in)]
    prim = [torch.tensor(x, dtype=torch.float64, requires_grad=True) for x in xs]
    out = r.function(*prim)
    assert row_of(out.grad_fn) is r
    tangent = r.jvp(out.grad_fn, *[torch.tensor(t) for t in ts])
    eps = 1e-6
    plus = r.function(*[torch.tensor(x + eps * t) for x, t in zip(xs, ts)]).numpy()
    minus = r.function(*[torch.tensor(x - eps * t) for x, t in zip(xs, ts)]).numpy()
    np.testing.assert_allclose(tangent.detach().numpy(), (plus - minus) / (2 * eps), rtol=1e-4, atol=1e-6)


def test_a_binary_row_keeps_only_what_the_needed_gradients_read():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = torch.tensor([3.0, 4.0])
    # grad_self of hypot reads self and the result: other is not kept
    saved = torch.hypot(x, y).grad_fn._saved
    assert saved[0] is x and saved[1] is None
    # so changing other in place afterwards is no error (as in torch)
    z = torch.hypot(x, y)
    y.add_(1)
    z.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [1 / np.sqrt(10), 2 / np.sqrt(20)])


def test_needs_input_grad_on_a_node():
    x = torch.tensor([1.0], requires_grad=True)
    out = x.atan2(torch.tensor([2.0]))
    assert out.grad_fn.needs_input_grad == (True, False)
    assert out.grad_fn.should_compute(0) and not out.grad_fn.should_compute(1)
