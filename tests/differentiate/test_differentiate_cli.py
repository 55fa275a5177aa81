"""gradcalc --grad: derivatives checked against finite differences, output, errors, exit status."""

import io
import json

import numpy as np
import pytest

import gradcalc.engine as torch
from differentiate_support import Session, UserError
from gradcalc.cli.differentiate import main
from gradcalc.cli.differentiate_args import parse_literal


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err, session_factory=Session, user_error=UserError)
    return status, out.getvalue(), err.getvalue()


def run_json(*argv):
    status, out, err = run(*argv, "--json")
    assert status == 0, err
    return json.loads(out)


def evaluate(expr, values):
    """EXPR at plain float64 values (no autograd), through the same language."""
    session = Session(out=lambda text: None)
    for name, v in values.items():
        session.set(name, torch.tensor(v, dtype=torch.float64))
    return np.asarray(session.eval(expr).numpy(), dtype=np.float64)


def numeric_jacobian(expr, values, name, h=1e-6):
    base = {n: np.asarray(v, dtype=np.float64) for n, v in values.items()}
    f0 = evaluate(expr, base)
    x = base[name]
    jac = np.zeros(f0.shape + x.shape)
    for i in np.ndindex(x.shape):
        d = np.zeros_like(x)
        d[i] = h
        hi = evaluate(expr, {**base, name: x + d})
        lo = evaluate(expr, {**base, name: x - d})
        jac[(Ellipsis,) + i] = (hi - lo) / (2 * h)
    return jac


def numeric_hessian(expr, values, a, b, h=1e-4):
    base = {n: np.asarray(v, dtype=np.float64) for n, v in values.items()}
    xa, xb = base[a], base[b]
    out = np.zeros(xa.shape + xb.shape)
    for i in np.ndindex(xa.shape):
        for j in np.ndindex(xb.shape):
            total = 0.0
            for si, sj, sign in ((1, 1, 1), (1, -1, -1), (-1, 1, -1), (-1, -1, 1)):
                vals = {n: v.copy() for n, v in base.items()}
                vals[a][i] += si * h
                vals[b][j] += sj * h
                total += sign * float(evaluate(expr, vals))
            out[i + j] = total / (4 * h * h)
    return out


CASES = [
    ("x**2*sin(y)", {"x": "3", "y": "0.5"}),
    ("(x*y).sum()", {"x": "[1, 2, 3]", "y": "[4, 5, 6]"}),
    ("exp(x).mean() + log(y.sum())", {"x": "[0.1, -0.2]", "y": "[[1, 2], [3, 4]]"}),
    ("tanh(x @ w).sum()", {"x": "[[1, -1], [0.5, 2]]", "w": "[[0.3, 0.1, -0.2], [0.7, -0.5, 0.4]]"}),
    ("x / (1 + y**2)", {"x": "[1, 2]", "y": "[0.5, -1.5]"}),
    ("x * y", {"x": "[[1, 2, 3], [4, 5, 6]]", "y": "[10, 20, 30]"}),
    ("torch.softmax(x, 0)", {"x": "[1, 2, 0.5]"}),
    ("sigmoid(x).prod()", {"x": "[0.2, -1, 3]"}),
]


@pytest.mark.parametrize("expr, bindings", CASES, ids=[c[0] for c in CASES])
def test_derivatives_match_finite_differences(expr, bindings):
    doc = run_json("--grad", expr, *[f"{n}={v}" for n, v in bindings.items()])
    values = {n: parse_literal(v) for n, v in bindings.items()}
    np.testing.assert_allclose(doc["value"], evaluate(expr, values), rtol=1e-12)
    for name in bindings:
        g = doc["gradients"][name]
        expected = numeric_jacobian(expr, values, name)
        assert g["shape"] == list(expected.shape) == doc["shape"] + list(np.shape(values[name]))
        np.testing.assert_allclose(g["value"], expected, rtol=1e-6, atol=1e-8)
        assert g["dtype"] == "float64"
    assert doc["kind"] == ("gradient" if doc["shape"] == [] else "jacobian")


@pytest.mark.parametrize("expr, bindings", [CASES[0], CASES[2], CASES[3]], ids=["xy", "mixed", "matmul"])
def test_hessian_matches_finite_differences(expr, bindings):
    doc = run_json(expr, *[f"{n}={v}" for n, v in bindings.items()], "--hessian")
    values = {n: parse_literal(v) for n, v in bindings.items()}
    for a in bindings:
        for b in bindings:
            h = doc["hessian"][a][b]
            expected = numeric_hessian(expr, values, a, b)
            assert h["shape"] == list(expected.shape)
            np.testing.assert_allclose(h["value"], expected, rtol=1e-5, atol=1e-6)


def test_vjp_is_v_times_the_jacobian():
    bindings = {"x": "[[1, 2, 3], [4, 5, 6]]", "y": "[10, 20, 30]"}
    v = [[1.0, 0.5, -1.0], [2.0, 0.0, 0.25]]
    doc = run_json("x * y", *[f"{n}={b}" for n, b in bindings.items()], "--vjp", json.dumps(v))
    values = {n: parse_literal(b) for n, b in bindings.items()}
    assert doc["kind"] == "vjp" and doc["vjp"]["value"] == v
    for name in bindings:
        jac = numeric_jacobian("x * y", values, name)
        expected = np.tensordot(np.asarray(v), jac, axes=2)
        np.testing.assert_allclose(doc["gradients"][name]["value"], expected, rtol=1e-6)


def test_the_example_from_the_issue():
    status, out, err = run("x**2*sin(y)", "x=3", "y=0.5")
    assert status == 0 and err == ""
    assert out == ("x**2*sin(y)\n"
                   "       shape  dtype    value\n"
                   "value  ()     float64  4.3148\n"
                   "d/dx   ()     float64  2.8766\n"
                   "d/dy   ()     float64  7.8982\n")


def test_jacobian_table_keeps_matrix_rows_aligned():
    status, out, _ = run("x*y", "x=[1,2]", "y=[3,4]")
    assert status == 0
    assert out == ("x*y\n"
                   "       shape   dtype    value\n"
                   "value  (2,)    float64  [3., 8.]\n"
                   "d/dx   (2, 2)  float64  [[3., 0.],\n"
                   "                         [0., 4.]]\n"
                   "d/dy   (2, 2)  float64  [[1., 0.],\n"
                   "                         [0., 2.]]\n")


def test_dtype_suffix_picks_the_inputs_dtype():
    doc = run_json("(x*y).sum()", "x=[1,2]:float32", "y=[3,4]")
    assert doc["inputs"]["x"]["dtype"] == "float32" and doc["inputs"]["y"]["dtype"] == "float64"
    assert doc["gradients"]["x"]["dtype"] == "float32"
    assert doc["gradients"]["x"]["value"] == [3.0, 4.0]


def test_json_is_one_object_and_print_goes_to_stderr():
    status, out, err = run("print(x) or x*2", "x=1", "--json")
    assert status == 0
    assert json.loads(out)["gradients"]["x"]["value"] == 2.0
    assert "tensor(1." in err


def test_non_finite_numbers_are_strings_in_json():
    doc = run_json("log(x)", "x=[0, -1]")
    assert doc["value"] == ["-inf", "nan"]


def test_unused_name_warns_and_gets_zeros():
    status, out, err = run("x*2", "x=1", "z=[3,4]")
    assert status == 0
    assert "warning: the expression does not depend on z: its gradient is zero" in err
    assert "d/dz   (2,)   float64  [0., 0.]" in out
    doc = run_json("x*2", "x=1", "z=[3,4]")
    assert doc["gradients"]["z"]["value"] == [0.0, 0.0]
    assert doc["warnings"] == ["the expression does not depend on z: its gradient is zero"]


def test_a_value_that_does_not_depend_on_any_name():
    doc = run_json("torch.ones(2)", "x=1")
    assert doc["value"] == [1.0, 1.0] and doc["gradients"]["x"]["value"] == [0.0, 0.0]


@pytest.mark.parametrize("argv, status, message", [
    (["x*q", "x=1"], 1, "name 'q' is not defined"),
    (["x*2", "x=1", "x=2"], 1, "x is given twice"),
    (["x*2", "x=[1,"], 1, "x: malformed value"),
    (["x*2", "x="], 1, "x: malformed value: the value is empty"),
    (["x*2", "x=[[1,2],[3]]"], 1, "x: malformed value"),
    (["x*2", "x=open('f')"], 1, "is not a number or a list of numbers"),
    (["x*2", "x=1:int64"], 1, "only floating point tensors can require gradients"),
    (["x*2", "x=1:float99"], 1, "unknown dtype 'float99'"),
    (["x*2", "2x=1"], 1, "'2x' is not a valid variable name"),
    (["x", "x=[1,2]", "--hessian"], 1, "--hessian needs an expression with a single value"),
    (["x*2", "x=[1,2]", "--vjp", "[1,2,3]"], 1, "Mismatch in shape"),
    (["'a'", "x=1"], 1, "must give a tensor or a number, not str"),
    (["x*2"], 2, "expected at least one NAME=VALUE"),
    ([], 2, "expected an expression after --grad"),
    (["x*2", "x"], 2, "x needs a value: write x=VALUE"),
    (["x*2", "x=1", "--bogus"], 2, "unknown option --bogus"),
    (["x*2", "x=1", "--vjp"], 2, "--vjp needs a value"),
    (["x*2", "x=1", "--vjp", "1", "--hessian"], 2, "cannot be used together"),
])
def test_errors_and_exit_status(argv, status, message):
    got, out, err = run(*argv)
    assert got == status
    assert out == ""
    assert message in err


def test_expr_may_start_with_a_minus():
    doc = run_json("-x**2", "x=3")
    assert doc["value"] == -9.0 and doc["gradients"]["x"]["value"] == -6.0


def test_args_as_an_argparse_namespace():
    import argparse

    out, err = io.StringIO(), io.StringIO()
    ns = argparse.Namespace(grad=["x**2", "x=3", "--json"], no_color=True, max_elements=None, timeout=None)
    assert main(ns, stdout=out, stderr=err, session_factory=Session, user_error=UserError) == 0
    assert json.loads(out.getvalue())["gradients"]["x"]["value"] == 6.0


def test_rich_table_in_a_terminal_has_the_same_cells(monkeypatch):
    from gradcalc.cli import render

    monkeypatch.setattr(render, "use_color", lambda stream=None, no_color=False: not no_color)
    status, out, _ = run("x*y", "x=[1,2]", "y=[3,4]")
    assert status == 0 and "\x1b[" in out
    from differentiate_support import ANSI

    plain = ANSI.sub("", out)
    for cell in ("x*y", "value", "d/dx", "(2, 2)", "float64", "[[3., 0.],", "[0., 4.]]"):
        assert cell in plain


def test_help():
    status, out, err = run("--help")
    assert status == 0 and err == ""
    assert out.startswith("usage: gradcalc --grad EXPR NAME=VALUE...")
    status, out, _ = run("x*2", "x=1", "-h")
    assert status == 0 and "--hessian" in out
