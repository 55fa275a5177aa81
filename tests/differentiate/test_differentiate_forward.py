"""gradcalc --grad --forward / --tangent V / --hvp V: forward-mode derivatives, checked against
finite differences and against reverse mode; output, errors, exit status; one run as a subprocess."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from test_differentiate_cli import CASES, numeric_hessian, numeric_jacobian, run, run_json
from gradcalc.cli.differentiate_args import parse_literal

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _argv(expr, bindings):
    return [expr] + [f"{n}={v}" for n, v in bindings.items()]


@pytest.mark.parametrize("expr, bindings", CASES, ids=[c[0] for c in CASES])
def test_forward_jacobian_matches_reverse_and_finite_differences(expr, bindings):
    fwd = run_json(*_argv(expr, bindings), "--forward")
    rev = run_json(*_argv(expr, bindings))
    assert fwd["mode"] == "forward" and rev["mode"] == "reverse"
    assert fwd["kind"] == rev["kind"] and fwd["value"] == rev["value"]
    values = {n: parse_literal(v) for n, v in bindings.items()}
    for name in bindings:
        g = fwd["gradients"][name]
        assert g["shape"] == rev["gradients"][name]["shape"]
        np.testing.assert_allclose(g["value"], rev["gradients"][name]["value"], rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(g["value"], numeric_jacobian(expr, values, name), rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("expr, bindings", CASES, ids=[c[0] for c in CASES])
def test_tangent_gives_the_jacobian_times_v(expr, bindings):
    values = {n: parse_literal(v) for n, v in bindings.items()}
    rng = np.random.default_rng(0)
    tangents = {n: rng.standard_normal(np.shape(v)) for n, v in values.items()}
    words = [w for n, t in tangents.items() for w in ("--tangent", f"{n}={json.dumps(t.tolist())}")]
    doc = run_json(*_argv(expr, bindings), *words)
    assert doc["kind"] == "jvp" and doc["mode"] == "forward" and "gradients" not in doc
    expected = 0
    for name, t in tangents.items():
        jac = numeric_jacobian(expr, values, name)
        expected = expected + np.tensordot(jac, t, axes=t.ndim)
        assert np.allclose(doc["tangent"][name]["value"], t)
    assert doc["jvp"]["shape"] == doc["shape"]
    np.testing.assert_allclose(doc["jvp"]["value"], expected, rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("expr, bindings", [CASES[0], CASES[2], CASES[3]], ids=["xy", "mixed", "matmul"])
def test_hvp_is_the_hessian_times_v(expr, bindings):
    values = {n: parse_literal(v) for n, v in bindings.items()}
    rng = np.random.default_rng(1)
    vs = {n: rng.standard_normal(np.shape(v)) for n, v in values.items()}
    words = [w for n, t in vs.items() for w in ("--hvp", f"{n}={json.dumps(t.tolist())}")]
    doc = run_json(*_argv(expr, bindings), *words)
    rev = run_json(*_argv(expr, bindings))
    assert doc["mode"] == "forward-over-reverse" and doc["kind"] == "gradient"
    for a in bindings:
        np.testing.assert_allclose(doc["gradients"][a]["value"], rev["gradients"][a]["value"], rtol=1e-12)
        expected = sum(np.tensordot(numeric_hessian(expr, values, a, b), vs[b], axes=vs[b].ndim) for b in bindings)
        np.testing.assert_allclose(doc["hvp"][a]["value"], expected, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("expr, bindings", [CASES[0], CASES[2], CASES[3]], ids=["xy", "mixed", "matmul"])
def test_forward_hessian_equals_reverse_hessian(expr, bindings):
    fwd = run_json(*_argv(expr, bindings), "--forward", "--hessian")
    rev = run_json(*_argv(expr, bindings), "--hessian")
    assert fwd["mode"] == "forward-over-reverse"
    for a in bindings:
        for b in bindings:
            assert fwd["hessian"][a][b]["shape"] == rev["hessian"][a][b]["shape"]
            np.testing.assert_allclose(fwd["hessian"][a][b]["value"], rev["hessian"][a][b]["value"],
                                       rtol=1e-10, atol=1e-12)


def test_the_table():
    status, out, err = run("x**2*sin(y)", "x=3", "y=0.5", "--tangent", "y=1")
    assert status == 0 and err == ""
    assert out == ("x**2*sin(y)   (forward mode)\n"
                   "           shape  dtype    value\n"
                   "value      ()     float64  4.3148\n"
                   "tangent x  ()     float64  0.\n"
                   "tangent y  ()     float64  1.\n"
                   "jvp        ()     float64  7.8982\n")
    status, out, err = run("x**2*sin(y)", "x=3", "y=0.5", "--hvp", "x=1", "--hvp", "y=0.5")
    assert status == 0 and err == ""
    assert out == ("x**2*sin(y)   (forward-over-reverse mode)\n"
                   "          shape  dtype    value\n"
                   "value     ()     float64  4.3148\n"
                   "d/dx      ()     float64  2.8766\n"
                   "d/dy      ()     float64  7.8982\n"
                   "v x       ()     float64  1.\n"
                   "v y       ()     float64  0.5000\n"
                   "hvp d/dx  ()     float64  3.5916\n"
                   "hvp d/dy  ()     float64  3.1081\n")


def test_one_name_takes_an_unnamed_vector():
    doc = run_json("(x**3).sum()", "x=[1,2]", "--tangent", "[1,0]")
    assert doc["jvp"]["value"] == 3.0
    doc = run_json("(x**3).sum()", "x=[1,2]", "--hvp", "[1,0]")
    assert doc["hvp"]["x"]["value"] == [6.0, 0.0] and doc["v"]["x"]["value"] == [1.0, 0.0]


def test_random_draws_are_the_same_in_every_column():
    doc = run_json("x * torch.randn(3)", "x=[1,1,1]", "--forward")
    jac = np.asarray(doc["gradients"]["x"]["value"])
    np.testing.assert_allclose(np.diag(jac), doc["value"])


def test_unused_name_and_kinks_warn():
    status, out, err = run("x*2", "x=1", "z=[3,4]", "--forward")
    assert status == 0
    assert "warning: the expression does not depend on z: its gradient is zero" in err
    status, out, err = run("abs(x).sum()", "x=[0,2]", "--forward")
    assert status == 0 and "abs is not differentiable at 0" in err


def test_float32_inputs_give_float32_tangents():
    doc = run_json("x*y", "x=[1,2]:float32", "y=3:float32", "--tangent", "x=[1,1]")
    assert doc["jvp"]["dtype"] == "float32" and doc["jvp"]["value"] == [3.0, 3.0]


@pytest.mark.parametrize("argv, status, message", [
    (["x*y", "x=[1,2]", "y=3", "--tangent", "[1,2]"], 1, "with several names, give a vector per name"),
    (["x*y", "x=[1,2]", "y=3", "--tangent", "z=1"], 1, "z is not one of the names given (x, y)"),
    (["x*y", "x=[1,2]", "y=3", "--tangent", "x=[1,2"], 1, "--tangent: malformed value"),
    (["x*y", "x=[1,2]", "y=3", "--tangent", "x=[1,2,3]"], 1,
     "--tangent x: expected a vector shaped like x, (2,), got shape (3,)"),
    (["x*y", "x=[1,2]", "y=3", "--tangent", "y=1", "--tangent", "y=2"], 1, "y is given twice"),
    (["x*y", "x=[1,2]", "y=3", "--hvp", "x=[1,1]"], 1, "--hvp needs an expression with a single value"),
    (["x*y", "x=[1,2]", "y=3", "--forward", "--vjp", "[1,2]"], 2, "--forward and --vjp cannot be used together"),
    (["x*y", "x=[1,2]", "y=3", "--tangent", "x=1", "--hessian"], 2, "--hessian and --tangent cannot be used"),
    (["x*y", "x=[1,2]", "y=3", "--hvp", "x=1", "--vjp", "1"], 2, "--vjp and --hvp cannot be used together"),
    (["x*y", "x=[1,2]", "y=3", "--hvp", "x=1", "--forward"], 2, "--forward and --hvp cannot be used together"),
    (["x*y", "x=[1,2]", "y=3", "--tangent"], 2, "--tangent needs a value"),
    (["x*q", "x=[1,2]", "--forward"], 1, "q has no value: add q=VALUE"),
    (["x*y", "x=[1,2]", "y=3", "--tangent", "x=open('f')"], 1, "is not a number or a list of numbers"),
])
def test_errors_and_exit_status(argv, status, message):
    got, out, err = run(*argv)
    assert got == status, err
    assert out == ""
    assert message in err


def test_the_session_is_left_with_plain_inputs():
    # an error mid-way leaves no dual level open: the next forward run works
    assert run("x*q", "x=[1,2]", "--forward")[0] == 1
    assert run_json("x*2", "x=[1,2]", "--forward")["gradients"]["x"]["value"] == [[2.0, 0.0], [0.0, 2.0]]


def test_help_names_the_forward_options():
    status, out, _ = run("--help")
    assert status == 0
    for word in ("--forward", "--tangent V", "--hvp V"):
        assert word in out


def test_as_a_subprocess():
    env = dict(os.environ, PYTHONPATH=ROOT)
    p = subprocess.run([sys.executable, "-m", "gradcalc", "--grad", "torch.softmax(x*w, 0)", "x=[1,2]", "w=0.5",
                        "--tangent", "w=1", "--no-color"], capture_output=True, text=True, env=env, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[0] == "torch.softmax(x*w, 0)   (forward mode)"
    assert "jvp        (2,)   float64  [-0.2350,  0.2350]" in p.stdout
    p = subprocess.run([sys.executable, "-m", "gradcalc", "--grad", "x*2", "x=1", "--forward", "--vjp", "1"],
                       capture_output=True, text=True, env=env, cwd=ROOT)
    assert p.returncode == 2 and "cannot be used together" in p.stderr
