"""%graph and %explain: the rendered text against committed expectations.

The expected files are written by regenerate_expected.py, never by hand: after a
deliberate change to the output, run it and review the diff.
"""

import os

import pytest

import gradcalc.engine as torch
from differentiate_support import (ANSI, CASES, MagicError, expected_path, new_session, render_case,
                                   run_magic)


@pytest.mark.parametrize("name", sorted(CASES))
def test_rendered_text_matches_expectation(name):
    with open(expected_path(name), encoding="utf-8") as f:
        expected = f.read()
    assert render_case(name) == expected


@pytest.mark.parametrize("name", ["graph_tutorial", "graph_shared", "explain_tutorial", "explain_broadcast"])
def test_colour_shows_the_same_characters(name):
    coloured = render_case(name, color=True)
    assert "\x1b[" in coloured
    assert ANSI.sub("", coloured) == render_case(name)


def test_explain_tutorial_says_why_every_entry_is_4_5():
    text = render_case("explain_tutorial")
    # 1 → /4 → ×3 → ×y (=3) along both inputs of y*y → 2.25 + 2.25 = 4.5
    assert "[1] MeanBackward0 (out)" in text and "(N = number of elements)" in text
    assert "other = 3" in text
    assert "= the sum of 2 gradients: [3] grad_self + [3] grad_other" in text
    assert text.rstrip().endswith("x.grad = tensor([[4.5000, 4.5000],\n                 [4.5000, 4.5000]])")


def test_explain_one_line_tutorial_shows_each_factor():
    text = render_case("explain_tutorial_one_line")
    # 1 → ÷4 (mean) → ×3 → ×2·3 (power rule at x+2 = 3) → ×1 (add) = 4.5
    for piece in ("(N = number of elements)", "other = 3", "exponent = 2", "self = tensor([[3., 3.],",
                  "grad_self = grad * exponent * self^(exponent - 1)", "x.grad is now     tensor([[4.5000"):
        assert piece in text


def test_explain_stores_nothing_and_keeps_the_graph_unless_accumulate():
    session = new_session()
    session.run(CASES["explain_tutorial"][0])
    run_magic(session, "%explain out")
    run_magic(session, "%explain out --dry")
    assert session.namespace["x"].grad is None
    session.run("out.backward()")  # the graph is still there, and .grad is backward's alone
    assert session.namespace["x"].grad.tolist() == [[4.5, 4.5], [4.5, 4.5]]
    session.run("x.grad = None\nout = (3 * (x + 2) ** 2).mean()")
    run_magic(session, "%explain out --accumulate")
    assert session.namespace["x"].grad.tolist() == [[4.5, 4.5], [4.5, 4.5]]
    session.run("out.backward()")  # --accumulate keeps the graph too
    assert session.namespace["x"].grad.tolist() == [[9.0, 9.0], [9.0, 9.0]]


def test_explain_works_after_backward_and_backward_still_frees_the_graph():
    session = new_session()
    session.run(CASES["explain_tutorial"][0] + "out.backward()\n")
    text = run_magic(session, "%explain out")
    assert "[1] MeanBackward0 (out)" in text and "x.grad was        tensor([[4.5000" in text
    assert session.namespace["x"].grad.tolist() == [[4.5, 4.5], [4.5, 4.5]]
    with pytest.raises(Exception, match="backward through the graph a second time"):
        session.run("out.backward()")


def test_graph_dot_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # files only under the working directory
    session = new_session()
    session.run(CASES["graph_tutorial"][0])
    path = tmp_path / "g.dot"
    printed = run_magic(session, "%graph out --dot g.dot")
    assert printed == "wrote g.dot\n"
    with open(os.path.join(os.path.dirname(__file__), "expected", "graph_tutorial.dot"), encoding="utf-8") as f:
        assert path.read_text(encoding="utf-8") == f.read()


@pytest.mark.parametrize("line, kind, message", [
    ("%graph", "UsageError", "expected an expression"),
    ("%graph out --depth", "UsageError", "--depth needs a value"),
    ("%graph out --depth x", "UsageError", "--depth needs a whole number"),
    ("%graph out --depht 3", "UsageError", "unknown option --depht"),
    ("%graph 3", "TypeError", "%graph needs a tensor or a grad_fn, got int"),
    ("%explain out --dry yes", "UsageError", "--dry takes no value"),
    ("%explain z", "RuntimeError", "grad can be implicitly created only for scalar outputs"),
    ("%explain z --gradient [1, 2]", "RuntimeError", "Mismatch in shape"),
    ("%explain 2", "TypeError", "%explain needs a tensor, got int"),
    ("%explain torch.ones(2).sum()", "RuntimeError", "does not require grad"),
])
def test_magic_errors(line, kind, message):
    session = new_session()
    session.run(CASES["explain_tutorial"][0])
    with pytest.raises(MagicError) as info:
        run_magic(session, line)
    assert info.value.kind == kind
    assert message in info.value.message


def test_explain_gradient_from_a_literal_list_takes_the_tensors_dtype():
    session = new_session()
    session.run("x = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)\ny = x * 3\n")
    text = run_magic(session, "%explain y --gradient [1, 0.5] --accumulate")
    assert session.namespace["x"].grad.tolist() == [3.0, 1.5]
    assert "dtype=torch.float64" in text


def test_grad_fn_tree_for_the_repl():
    from gradcalc.cli.magics.graph import grad_fn_tree

    x = torch.ones(2, requires_grad=True)
    y = x * 2
    text = grad_fn_tree(y.grad_fn, {"x": x, "y": y})
    assert text == ("MulBackward0 (y)  (2,) float32\n"
                    "└── AccumulateGrad (x)  (2,) float32  requires_grad=True")
    coloured = grad_fn_tree(y.grad_fn, {"x": x, "y": y}, color=True)
    assert coloured.plain == text


def test_a_long_pass_shows_where_steps_were_left_out():
    from gradcalc.cli.magics.explain_render import render_trace
    from gradcalc.engine.explain import explain_backward

    x = torch.ones(3, requires_grad=True)
    t = x
    for _ in range(1000):
        t = t * 1.0001
    s = t.sum()
    text = render_trace(explain_backward(s, dry=True, max_steps=2), {"x": x, "s": s}).plain()
    assert "\n… steps [3] to [1001] ran but are not shown (the first 2 are)\n\n[1002] AccumulateGrad (x)" in text
