"""The differentiator at its edges: what --grad gives (a derivative's value at a point),
messages pointing to the right form, warnings at kinks and at inf/nan, --precision, flags
in any order."""

import json
import subprocess
import sys

import pytest


def grad(*words):
    return subprocess.run([sys.executable, "-m", "gradcalc", "--grad", *words], capture_output=True, text=True,
                          timeout=120)


def test_leibniz_notation_points_to_the_right_form():
    r = grad("d/dx x**2")
    assert r.returncode == 2
    assert "--grad takes the expression itself, not d/dx: gradcalc --grad 'EXPR' x=VALUE" in r.stderr
    r = grad("d/dx", "x**2")
    assert r.returncode == 2 and "not d/dx" in r.stderr


def test_a_bare_name_needs_a_value():
    r = grad("x**2", "x")
    assert r.returncode == 2 and "x needs a value: write x=VALUE" in r.stderr


def test_a_name_the_command_line_does_not_give():
    r = grad("x*y", "x=2")
    assert r.returncode == 1 and r.stderr.rstrip().endswith("y has no value: add y=VALUE to the command line")


@pytest.mark.parametrize("expr, bindings, what", [
    ("abs(x)", ["x=0"], "abs is not differentiable at 0"),
    ("torch.relu(x)", ["x=0"], "relu is not differentiable at 0"),
    ("torch.relu(x - 1) * 2", ["x=1"], "relu is not differentiable at 0"),  # relu's input is not a leaf
    ("torch.nn.functional.relu(x * y)", ["x=0", "y=3"], "relu is not differentiable at 0"),
    ("torch.maximum(x, y)", ["x=1", "y=1"], "maximum is not differentiable at a tie"),
    ("torch.minimum(x, y)", ["x=1", "y=1"], "minimum is not differentiable at a tie"),
    ("x.clamp(0, 1)", ["x=1"], "clamp is not differentiable at a bound"),
    ("x.clamp(min=0)", ["x=0"], "clamp is not differentiable at a bound"),
])
def test_a_kink_gets_a_warning_naming_torchs_rule(expr, bindings, what):
    r = grad(expr, *bindings)
    assert r.returncode == 0 and what in r.stderr and "torch's rule" in r.stderr
    away = grad(expr, *[b.split("=")[0] + "=0.5" for b in bindings[:1]] + bindings[1:])
    if "tie" not in what:
        assert "not differentiable" not in away.stderr


def test_an_inf_or_nan_derivative_gets_a_warning():
    r = grad("--json", "sqrt(x)", "x=0")
    doc = json.loads(r.stdout)
    assert "d/dx is inf at this point" in doc["warnings"][0]


def test_precision_and_flags_in_any_order():
    r = grad("--precision", "8", "x**2", "x=3.123456789")
    assert "9.75598231" in r.stdout and "6.24691358" in r.stdout
    assert grad("x**2", "x=3", "--precision", "x").returncode == 2
    r = grad("--json", "x**2", "x=3")
    assert json.loads(r.stdout)["gradients"]["x"]["value"] == 6.0


def test_the_help_says_it_is_a_value_at_a_point():
    r = grad("--help")
    assert "at the point" in r.stdout and "not a formula" in r.stdout
