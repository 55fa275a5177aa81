"""input_status(): does the REPL run what was typed, wait for more, or show an error?"""

import pytest

from gradcalc.parser import input_status, next_indent, parse
from parser_testutil import SEED

STATUS = [
    ('', 'complete'),
    ('   ', 'complete'),
    ('x = 1', 'complete'),
    ('x = 1\n', 'complete'),
    ('1 + 1', 'complete'),
    ('x = (1 +', 'incomplete'),
    ('for i in range(3):\n    if i:\n', 'incomplete'),   # a header nested in a block
    ('def f():\n    for i in x:', 'incomplete'),
    ('for i in x:\n    if i:\n\n', 'invalid'),
    ('for i in x:\n    if i:\ny = 1\n', 'invalid'),
    ('x = (1 +\n', 'incomplete'),
    ('print(', 'incomplete'),
    ('x = [1, 2', 'incomplete'),
    ('x = [1,\n\n', 'incomplete'),
    ('f(a,\n  b', 'incomplete'),
    ('x = 1 + \\', 'incomplete'),
    ('x = 1 + \\\n', 'incomplete'),
    ("s = '''abc", 'incomplete'),
    ("s = '''abc\n\ndef", 'incomplete'),
    ('s = """a"""', 'complete'),
    ('if x:', 'incomplete'),
    ('if x:\n', 'incomplete'),
    ('if x:\n    y = 1', 'incomplete'),
    ('if x:\n    y = 1\n', 'incomplete'),
    ('if x:\n    y = 1\n\n', 'complete'),
    ('if x:\n    y = 1\n    \n', 'complete'),
    ('if x:\n\n', 'invalid'),
    ('if x: y = 1', 'incomplete'),
    ('if x: y = 1\n\n', 'complete'),
    ('if x:\n    y = 1\nelse:', 'incomplete'),
    ('if x:\n    y = 1\nelse:\n    z = 2\n\n', 'complete'),
    ('def f(x):\n    return x\n', 'incomplete'),
    ('def f(x):\n    return x\n\n', 'complete'),
    ('for i in range(3):\n    print(i)\n\n', 'complete'),
    ('while True:\n    if x:\n        break\n', 'incomplete'),
    ('while True:\n    if x:\n        break\n\n', 'complete'),
    ('with torch.no_grad():\n    y = x * 2\n\n', 'complete'),
    ('x = 1 +', 'invalid'),
    ('1 +', 'invalid'),
    ('x = )', 'invalid'),
    ('x = 1)', 'invalid'),
    ('(]', 'invalid'),
    ('else:', 'invalid'),
    ('  x = 1', 'invalid'),
    ("'abc", 'invalid'),
    ('x = $', 'invalid'),
    ("f'{x'", 'invalid'),
    ('return 1', 'invalid'),
    ('if x:\n    y = 1\n  z = 2\n', 'invalid'),
    ('%time x = 1', 'complete'),
    ('%graph y', 'complete'),
    ('if x:\n    %time f()\n', 'incomplete'),
    ('x = 1; ', 'complete'),
    ('x = 1;;', 'invalid'),
    ('lambda x:', 'invalid'),
    ('class A:', 'incomplete'),
    ('class A(', 'incomplete'),
    ('x = {1:', 'incomplete'),
    ('x = (1,\n]', 'invalid'),
    ('if x:\n    y = (1,\n', 'incomplete'),
    ("def f():\n    '''doc", 'incomplete'),
    ('x = 1\ny = (', 'incomplete'),
    ('import torch', 'complete'),
    ('x = 1 if y', 'invalid'),
    ('@dec', 'incomplete'),
    ('x = 1\n\n\n', 'complete'),
    ('x = 1\r\n', 'complete'),
    ('if x:\r\n    y = 1\r\n\r\n', 'complete'),
    ('if x:\r\n', 'incomplete'),
]


@pytest.mark.parametrize("source,expected", STATUS)
def test_input_status(source, expected):
    assert input_status(source) == expected


def test_invalid_means_parse_reports_an_error():
    from gradcalc.parser import ParseError

    for source, expected in STATUS:
        if expected == "invalid":
            with pytest.raises(ParseError):
                parse(source)


def test_status_never_guesses_from_the_last_character():
    # Ends with ':' but is complete (a slice, a lambda in brackets, a string).
    assert input_status("x[1:]") == "complete"
    assert input_status("s = 'a:'") == "complete"
    assert input_status("d = '('") == "complete"
    assert input_status("x = 1  # (") == "complete"
    # Ends with a harmless character but is incomplete.
    assert input_status("f(x,\n  y)[0\n") == "incomplete"


def test_pasted_tutorial_is_complete_after_a_blank_line():
    with open(SEED, encoding="utf-8") as f:
        text = f.read()
    assert input_status(text) == "incomplete"  # ends inside the `with` block
    assert input_status(text + "\n") == "complete"


NEXT_INDENT = [
    ("if x:", "    "),
    ("if x:\n", "    "),
    ("    y = 1", "    "),
    ("if x:\n    y = 1", "    "),
    ("def f():\n    if x:", "        "),
    ("def f():\n    if x:\n        return 1", "    "),
    ("x = 1", ""),
    ("", ""),
    ("    return x", ""),
    ("for i in y:  # loop", "    "),
    ("if x:\n    y = 1\n\n", ""),
    ("\tif x:", "\t    "),
]


@pytest.mark.parametrize("source,expected", NEXT_INDENT)
def test_next_indent(source, expected):
    assert next_indent(source) == expected
