"""Errors as the user sees them: where, a caret under the culprit, ``Kind: message``."""

import pytest

from gradcalc.interpreter import UserError
from interp_testutil import Run, error


def test_name_error_rendered():
    err = error("x = 1\ny = x + zz * 2")
    assert err.render() == (
        "Traceback (most recent call last):\n"
        '  File "<test>", line 2, column 9, in <module>\n'
        "    y = x + zz * 2\n"
        "            ^^\n"
        "NameError: name 'zz' is not defined")
    assert (err.kind, err.filename, err.line, err.column, err.end_column) == ("NameError", "<test>", 2, 9, 11)
    assert err.source_line == "y = x + zz * 2"
    assert err.frames == [("<test>", 2, "<module>", "y = x + zz * 2")]


def test_caret_spans_the_failing_node_and_drops_indentation():
    err = error("if True:\n    z = [1, 2][1] + (3 / (2 - 2))")
    assert err.render().splitlines()[-3:] == [
        "    z = [1, 2][1] + (3 / (2 - 2))",
        "                    ^^^^^^^^^^^^^",
        "ZeroDivisionError: division by zero"]


def test_user_level_traceback_of_nested_calls():
    err = error("def inner(v):\n    return v.sumn()\n\ndef outer(v):\n    w = v * 2\n    return inner(w)\n\n"
                "outer(ones(2))")
    assert err.render() == (
        "Traceback (most recent call last):\n"
        '  File "<test>", line 8, column 1, in <module>\n'
        "    outer(ones(2))\n"
        "    ^^^^^^^^^^^^^^\n"
        '  File "<test>", line 6, column 12, in outer\n'
        "    return inner(w)\n"
        "           ^^^^^^^^\n"
        '  File "<test>", line 2, column 12, in inner\n'
        "    return v.sumn()\n"
        "           ^^^^^^\n"
        "AttributeError: 'Tensor' object has no attribute 'sumn'. Did you mean: 'sum'?")
    assert [f[2] for f in err.frames] == ["<module>", "outer", "inner"]


def test_frames_are_named_by_function_name_as_python_does():
    err = error("def make():\n    def g():\n        return 1 / 0\n    return g\nmake()()")
    assert err.frames[-1][2] == "g"
    err = error("class Net:\n    def forward(self, x):\n        return x.sumn()\nNet().forward(ones(1))")
    assert [f[2] for f in err.frames] == ["<module>", "forward"]


@pytest.mark.parametrize("source,message", [
    ("torch.rands(3)", "module 'torch' has no attribute 'rands'. Did you mean: 'randn'?"),
    ("x = ones(2)\nx.sumn()", "'Tensor' object has no attribute 'sumn'. Did you mean: 'sum'?"),
    ("import torch.nn.functional as F\nF.rleu(ones(1))",
     "module 'torch.nn.functional' has no attribute 'rleu'. Did you mean: 'relu'?"),
    ("torch.Tensor.sumn", "type object 'Tensor' has no attribute 'sumn'. Did you mean: 'sum'?"),
    ("'abc'.uper()", "'str' object has no attribute 'uper'. Did you mean: 'upper'?"),
    ("[].apend(1)", "'list' object has no attribute 'apend'. Did you mean: 'append'?"),
    ("x = ones(2)\nx.grad_fn.nme", "'NoneType' object has no attribute 'nme'"),
])
def test_attribute_errors_suggest_near_misses(source, message):
    err = error(source)
    assert (err.kind, err.message) == ("AttributeError", message)


@pytest.mark.parametrize("source,message", [
    ("learning_rate = 0.1\nprint(learning_rat)", "name 'learning_rat' is not defined. Did you mean: 'learning_rate'?"),
    ("tensr([1])", "name 'tensr' is not defined. Did you mean: 'tensor'?"),
    ("def f(alpha):\n    return alpah\nf(1)", "name 'alpah' is not defined. Did you mean: 'alpha'?"),
    ("frobnicate", "name 'frobnicate' is not defined"),
    ("F.relu(ones(2))", "name 'F' is not defined. Did you forget to import it? (import torch.nn.functional as F)"),
])
def test_name_errors_suggest_near_misses(source, message):
    err = error(source)
    assert (err.kind, err.message) == ("NameError", message)


@pytest.mark.parametrize("source,kind,message", [
    ("ones(2, 3) @ ones(2, 3)", "RuntimeError", "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)"),
    ("x = ones(2, requires_grad=True)\n(x * 2).backward()", "RuntimeError",
     "grad can be implicitly created only for scalar outputs"),
    ("x = ones(2, requires_grad=True)\nx += 1", "RuntimeError",
     "a leaf Variable that requires grad is being used in an in-place operation."),
    ("ones(3)[5]", "IndexError", "index 5 is out of bounds for dimension 0 with size 3"),
    ("ones(2) + ones(3)", "RuntimeError",
     "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"),
])
def test_engine_errors_keep_torch_wording(source, kind, message):
    err = error(source)
    assert (err.kind, err.message) == (kind, message)


def test_error_inside_fstring_points_into_it():
    err = error("v = 1\ns = f'value: {v + undefined_name}'")
    assert err.kind == "NameError"
    assert err.source_line[err.column - 1:err.end_column - 1] == "undefined_name"


def test_multiline_statement_caret_on_first_line():
    err = error("x = [1,\n     2][5]")
    assert err.line == 1 and err.render().splitlines()[-2].strip().startswith("^")


def test_syntax_error_has_no_traceback_header():
    err = error("x = 1\ny = (x +\n")
    assert err.kind == "SyntaxError"
    text = err.render()
    assert not text.startswith("Traceback")
    assert text.startswith('  File "<test>", line 2')
    assert err.frames == []


def test_indentation_error():
    err = error("x = 3\nwhile x > 0:\nx -= 1\n")
    assert (err.kind, err.message) == ("IndentationError", "expected an indented block after 'while' statement on line 2")


@pytest.mark.parametrize("source,message", [
    ("nonlocal x", "nonlocal declaration not allowed at module level"),
    ("def f():\n    nonlocal q\n    q = 1", "no binding for nonlocal 'q' found"),
    ("def f():\n    x = 1\n    global x", "name 'x' is assigned to before global declaration"),
    ("def f():\n    print(x)\n    global x", "name 'x' is used prior to global declaration"),
    ("def f(a):\n    global a", "name 'a' is parameter and global"),
    ("def f():\n    from torch import *", "import * only allowed at module level"),
])
def test_scope_errors_are_syntax_errors_before_anything_runs(source, message):
    r = Run()
    err = r.error("print('ran')\n" + source)
    assert (err.kind, err.message) == ("SyntaxError", message)
    assert r.text() == ""  # nothing ran
    assert err.filename == "<test>" and err.source_line


def test_assertion_messages():
    assert error("assert 1 > 2").render().splitlines()[-1] == "AssertionError"
    assert error("assert 1 > 2, 'nope'").render().splitlines()[-1] == "AssertionError: nope"


def test_key_error_shows_the_key():
    err = error("def f(**kw):\n    return kw['missing']\nf(a=1)")
    assert err.render().splitlines()[-1] == "KeyError: 'missing'"


def test_user_error_made_by_hand_renders_its_last_line():
    err = UserError(kind="UsageError", message="%graph needs a tensor")
    assert err.render() == "UsageError: %graph needs a tensor"
    err.line, err.source_line, err.filename, err.column = 3, "%graph", "s.py", 1
    assert err.render() == '  File "s.py", line 3, column 1\n    %graph\n    ^\nUsageError: %graph needs a tensor'


def test_keyboard_interrupt_last_line_has_no_colon():
    assert UserError("KeyboardInterrupt", "").render() == "KeyboardInterrupt"


def test_no_magic_handler_is_a_usage_error():
    err = error("%graph y")
    assert (err.kind, err.message) == ("UsageError", "%graph: magics are not available here")


def test_error_in_echo_of_value_is_located():
    r = Run(echo=True)
    r.session._rt.display[0] = lambda v: 1 / 0
    assert r.error("1 + 1").line == 1


def test_internal_trace_attribute_is_removed():
    r = Run()
    err = r.error("1 / 0")
    assert not hasattr(err.__cause__, "_gradcalc_trace")
