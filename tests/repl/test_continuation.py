"""What Enter does: the parser decides between running the input and continuing it."""

from __future__ import annotations

import pytest

from gradcalc.cli.repl_continuation import EnterAction, clean_source, dedent_width, on_enter


@pytest.mark.parametrize("text, action", [
    ("x = 1", EnterAction(True)),
    ("", EnterAction(True)),
    ("print(x)", EnterAction(True)),
    ("x = (1,", EnterAction(False, "")),
    ("x = [1,\n     2,", EnterAction(False, "     ")),
    ("y = x + \\", EnterAction(False, "")),
    ('s = """abc', EnterAction(False, "")),
    ("while y.data.norm() < 1000:", EnterAction(False, "    ")),
    ("with torch.no_grad():", EnterAction(False, "    ")),
    ("with torch.no_grad():\n    print((x ** 2).requires_grad)", EnterAction(False, "    ")),
    # the pre-typed indentation alone on the last line is an empty line: the block ends
    ("with torch.no_grad():\n    print((x ** 2).requires_grad)\n    ", EnterAction(True)),
    ("for i in range(3):\n    if i:\n        print(i)\n        ", EnterAction(True)),
    ("def f(x):\n    return x", EnterAction(False, "")),
    # a block header inside a block waits for its body
    ("for i in range(3):\n    if i:", EnterAction(False, "        ")),
    ("if a:\n    while b:\n        with c:", EnterAction(False, "            ")),
    ("for i in range(3):\n    if i:\n        ", EnterAction(True)),  # no body: an error
    ("if x:\n    y = 1\nelse:", EnterAction(False, "    ")),
    # else/elif typed at the body's pre-typed indentation moves back to its if
    ("if x:\n    y = 1\n    else:", EnterAction(False, "    ", "if x:\n    y = 1\nelse:")),
    ("if x:\n    y = 1\n    elif z:", EnterAction(False, "    ", "if x:\n    y = 1\nelif z:")),
    # nothing is pre-typed into a string, and a '#' inside quotes is no comment
    ('s = """key:', EnterAction(False, "")),
    ("if s == '#':", EnterAction(False, "    ")),
    ("if 1:  # it's", EnterAction(False, "    ")),
    # a syntax error is submitted: the Session reports it
    ("x = )", EnterAction(True)),
    ("if x:\n    ", EnterAction(True)),  # empty body: IndentationError, not an endless wait
    ("%vars", EnterAction(True)),
    ("%time x = 1", EnterAction(True)),
])
def test_on_enter(text, action):
    assert on_enter(text) == action


def test_clean_source_drops_trailing_empty_lines_only():
    assert clean_source("if x:\n    y = 1\n    ") == "if x:\n    y = 1"
    assert clean_source("x = 1\n\n\n") == "x = 1"
    assert clean_source("  \n") == ""
    assert clean_source("s = '''a\n\nb'''") == "s = '''a\n\nb'''"


@pytest.mark.parametrize("line, width", [("", 1), ("    ", 4), ("        ", 4), ("      ", 2), ("  x", 1), ("x", 1)])
def test_dedent_width(line, width):
    assert dedent_width(line) == width
