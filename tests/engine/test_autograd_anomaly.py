"""Anomaly mode: detect_anomaly / set_detect_anomaly, the nan check, forward traces, source locators."""

import traceback
import warnings

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine import anomaly
from gradcalc.engine.anomaly import SourceLocation
from gradcalc.engine.autograd import Function

NAN_MUL = r"^Function 'MulBackward0' returned nan values in its 0th output\.$"


@pytest.fixture(autouse=True)
def _anomaly_off_afterwards():
    yield
    torch.set_anomaly_enabled(False)
    anomaly.set_source_locator(None)


def _caught(fn):
    """Run fn; return (exception, [warning messages])."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            fn()
        except Exception as e:  # noqa: BLE001
            return e, [str(m.message) for m in w]
    return None, [str(m.message) for m in w]


def test_switches_and_their_scopes():
    assert not torch.is_anomaly_enabled()
    with pytest.warns(UserWarning, match="^Anomaly Detection has been enabled. This mode will increase the "
                                         "runtime and should only be enabled for debugging.$"):
        ctx = torch.autograd.detect_anomaly(check_nan=False)
    with ctx:
        assert torch.is_anomaly_enabled() and not torch.is_anomaly_check_nan_enabled()
    assert not torch.is_anomaly_enabled() and torch.is_anomaly_check_nan_enabled()
    mode = torch.autograd.set_detect_anomaly(True)     # takes effect at once ...
    assert torch.is_anomaly_enabled()
    with mode:
        pass
    assert not torch.is_anomaly_enabled()               # ... and, as a context manager, is undone on exit
    torch.autograd.set_detect_anomaly(True, check_nan=False)
    assert torch.is_anomaly_enabled() and not torch.is_anomaly_check_nan_enabled()
    torch.autograd.set_detect_anomaly(False)
    assert not torch.is_anomaly_enabled()


def test_nan_in_a_backward_rule_names_the_node_and_where_its_forward_ran():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with torch.autograd.detect_anomaly():
            y = (x * 0).sqrt()   # FORWARD-LINE
            err, messages = _caught(lambda: y.sum().backward())
    assert isinstance(err, RuntimeError)
    assert str(err) == "Function 'MulBackward0' returned nan values in its 0th output."
    (msg,) = messages
    head, trace = msg.split("\n", 1)
    assert head == "Error detected in MulBackward0. Traceback of forward call that caused the error:"
    assert __file__ in trace and "y = (x * 0).sqrt()   # FORWARD-LINE" in trace
    assert "gradcalc/engine" not in trace            # the engine's own frames are left out
    # the exception carries the trace: the front end can show it its own way
    info = err.anomaly_trace
    assert info.node_name == "MulBackward0" and info.parent is None
    assert isinstance(info.where, traceback.StackSummary)
    assert info.where[-1].line == "y = (x * 0).sqrt()   # FORWARD-LINE"


def test_the_nan_check_can_be_off_and_is_off_by_default():
    x = torch.tensor([1.0], requires_grad=True)
    (x * 0).sqrt().sum().backward()
    assert np.isnan(x.grad.item())
    x.grad = None
    torch.autograd.set_detect_anomaly(True, check_nan=False)
    (x * 0).sqrt().sum().backward()
    assert np.isnan(x.grad.item())


def test_nodes_recorded_outside_anomaly_mode_have_no_trace():
    x = torch.tensor([1.0], requires_grad=True)
    y = (x * 0).sqrt()
    assert y.grad_fn._extra is None                   # nothing recorded: the hot path is untouched
    torch.autograd.set_detect_anomaly(True)
    err, messages = _caught(lambda: y.backward())
    assert str(err) == "Function 'MulBackward0' returned nan values in its 0th output."
    assert messages == ["Error detected in MulBackward0. No forward pass information available. Enable detect "
                        "anomaly during forward pass for more information."]
    assert err.anomaly_trace is None


def test_other_backward_errors_also_show_the_forward_trace():
    torch.autograd.set_detect_anomaly(True)
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 2
    y = h * h
    with torch.no_grad():
        h.add_(1)
    err, messages = _caught(lambda: y.sum().backward())
    assert "modified by an inplace operation" in str(err)
    assert messages[0].startswith("Error detected in MulBackward0. Traceback of forward call that caused the "
                                  "error:\n")
    assert "y = h * h" in messages[0]


def test_custom_function_nodes_are_checked_too():
    class Bad(Function):
        @staticmethod
        def forward(ctx, x):
            return x.clone()

        @staticmethod
        def backward(ctx, g):
            return g * float("nan")

    torch.autograd.set_detect_anomaly(True)
    x = torch.tensor([1.0], requires_grad=True)
    y = Bad.apply(x)   # BAD-APPLY
    err, messages = _caught(lambda: (y * 2).sum().backward())
    assert str(err) == "Function 'BadBackward' returned nan values in its 0th output."
    assert "y = Bad.apply(x)   # BAD-APPLY" in messages[0]


def test_nodes_made_by_a_backward_remember_the_node_that_made_them():
    class HalfSqrtTimesZero(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * 0

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return g * (x.sqrt() * 0)   # differentiable: its double backward gives 0/0 at x = 0

    torch.autograd.set_detect_anomaly(True)
    x = torch.tensor([0.0], requires_grad=True)
    y = HalfSqrtTimesZero.apply(x)   # OUTER
    (g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
    err, messages = _caught(lambda: g.sum().backward())
    assert str(err) == "Function 'SqrtBackward0' returned nan values in its 0th output."
    msg = messages[0]
    assert msg.startswith("Error detected in SqrtBackward0. Traceback of forward call that caused the error:\n")
    assert "return g * (x.sqrt() * 0)" in msg
    assert ("\n\nPrevious calculation was induced by HalfSqrtTimesZeroBackward. Traceback of forward call that "
            "induced the previous calculation:\n") in msg
    assert msg.rstrip().endswith("y = HalfSqrtTimesZero.apply(x)   # OUTER")
    assert err.anomaly_trace.parent.node_name == "HalfSqrtTimesZeroBackward"


def test_a_source_locator_replaces_the_python_stack():
    calls = []

    def locator():
        calls.append(1)
        return SourceLocation("script.gc", 3, 6, "y = (x * 0).sqrt()\n", 11)

    assert anomaly.set_source_locator(locator) is None
    torch.autograd.set_detect_anomaly(True)
    x = torch.tensor([1.0], requires_grad=True)
    y = (x * 0).sqrt()
    assert len(calls) == 2                      # once per recorded node
    err, messages = _caught(lambda: y.backward())
    assert err.anomaly_trace.where == SourceLocation("script.gc", 3, 6, "y = (x * 0).sqrt()\n", 11)
    assert messages[0] == ("Error detected in MulBackward0. Traceback of forward call that caused the error:\n"
                           '  File "script.gc", line 3, column 6\n'
                           "    y = (x * 0).sqrt()\n"
                           "         ^^^^^\n")
    assert anomaly.set_source_locator(None) is locator


def test_a_locator_may_decline_and_fall_back_to_the_python_stack():
    anomaly.set_source_locator(lambda: None)
    torch.autograd.set_detect_anomaly(True)
    x = torch.tensor([1.0], requires_grad=True)
    y = (x * 0).sqrt()   # FALLBACK
    err, messages = _caught(lambda: y.backward())
    assert "y = (x * 0).sqrt()   # FALLBACK" in messages[0]


def test_source_location_without_column_or_text():
    assert str(SourceLocation("<stdin>", 1)) == '  File "<stdin>", line 1\n'
    assert str(SourceLocation("f", 2, 1, "  z = w\n")) == '  File "f", line 2, column 1\n    z = w\n    ^\n'


def test_anomaly_mode_does_not_change_results():
    def run():
        x = torch.tensor([0.5, 1.5], dtype=torch.float64, requires_grad=True)
        y = (x.exp() * x.sin()).sum()
        (g,) = torch.autograd.grad(y, x, create_graph=True)
        g.sum().backward()
        return g.detach().numpy().copy(), x.grad.numpy().copy()

    plain = run()
    torch.autograd.set_detect_anomaly(True)
    checked = run()
    for a, b in zip(plain, checked):
        np.testing.assert_array_equal(a, b)
