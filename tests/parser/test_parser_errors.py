"""Broken inputs give Python's kind of error, in words, at the right place.

Each row: source, kind, message, line, column (1-based, where the caret goes).
"""

import pytest

from gradcalc.parser import ParseError, parse
from parser_testutil import SEED

BROKEN = [
    ("x = '\\U00110000'", 'SyntaxError', "(unicode error) 'unicodeescape' codec can't decode bytes: illegal "
     "Unicode character", 1, 6),
    ('x = (1 +', 'SyntaxError', "'(' was never closed", 1, 5),
    ('x = 1 +\n', 'SyntaxError', "expected an expression after '+'", 1, 8),
    ('1 +', 'SyntaxError', "expected an expression after '+'", 1, 4),
    ('x = ', 'SyntaxError', "expected an expression after '='", 1, 5),
    ('print(x', 'SyntaxError', "'(' was never closed", 1, 6),
    ('x = [1, 2\n\ny = 3\n', 'SyntaxError', "'[' was never closed", 1, 5),
    ('foo(1, 2]', 'SyntaxError', "closing parenthesis ']' does not match opening parenthesis '('", 1, 9),
    ('(]', 'SyntaxError', "closing parenthesis ']' does not match opening parenthesis '('", 1, 2),
    ('x = (1,\n]', 'SyntaxError', "closing parenthesis ']' does not match opening parenthesis '(' on line 1", 2, 1),
    ('x = 1)', 'SyntaxError', "unmatched ')'", 1, 6),
    (']', 'SyntaxError', "unmatched ']'", 1, 1),
    ('while x\n    pass\n', 'SyntaxError', "expected ':'", 1, 8),
    ('if x == 1\n', 'SyntaxError', "expected ':'", 1, 10),
    ('def f(x)\n', 'SyntaxError', "expected ':'", 1, 9),
    ('for i in range(3)\n', 'SyntaxError', "expected ':'", 1, 18),
    ('if x:\n    pass\nelse\n    pass\n', 'SyntaxError', "expected ':'", 3, 5),
    ('x = = 1', 'SyntaxError', "invalid syntax. Maybe you meant '==' instead of '='?", 1, 5),
    ('x = 1 2', 'SyntaxError', 'invalid syntax', 1, 7),
    ('f(a b)', 'SyntaxError', 'invalid syntax. Perhaps you forgot a comma?', 1, 5),
    ('[1 2]', 'SyntaxError', 'invalid syntax. Perhaps you forgot a comma?', 1, 4),
    ('x = f(a,\n      b c)\n', 'SyntaxError', 'invalid syntax. Perhaps you forgot a comma?', 2, 9),
    ('x = 1 }', 'SyntaxError', "unmatched '}'", 1, 7),
    ("x = 'abc", 'SyntaxError', 'unterminated string literal (detected at line 1)', 1, 5),
    ('x = "abc\ny = 1', 'SyntaxError', 'unterminated string literal (detected at line 1)', 1, 5),
    ("x = '''abc\n\ndef", 'SyntaxError', 'unterminated triple-quoted string literal (detected at line 3)', 1, 5),
    ("s = f'{x!z}'", 'SyntaxError', "f-string: invalid conversion character: expected 's', 'r', or 'a'", 1, 10),
    ("s = f'{}'", 'SyntaxError', 'f-string: empty expression not allowed', 1, 8),
    ("s = f'{x'", 'SyntaxError', "f-string: expecting '}'", 1, 9),
    ("s = f'}'", 'SyntaxError', "f-string: single '}' is not allowed", 1, 7),
    ("s = f'{x:{y:{z}}}'", 'SyntaxError', 'f-string: expressions nested too deeply', 1, 14),
    ("s = f'{a\\n}'", 'SyntaxError', 'f-string expression part cannot include a backslash', 1, 9),
    ("s = f'{#}'", 'SyntaxError', "f-string expression part cannot include '#'", 1, 8),
    ("s = f'{x y}'", 'SyntaxError', 'invalid syntax', 1, 10),
    ("s = f'{x +}'", 'SyntaxError', "expected an expression after '+'", 1, 11),
    ("x = b'bytes'", 'SyntaxError', 'bytes literals are not supported in gradcalc', 1, 5),
    ('x = 1__0', 'SyntaxError', 'invalid decimal literal', 1, 5),
    ('x = 0x', 'SyntaxError', 'invalid hexadecimal literal', 1, 6),
    ('x = 09', 'SyntaxError', 'leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers', 1, 5),
    ('x = 1abc', 'SyntaxError', 'invalid decimal literal', 1, 5),
    ('x = 1_', 'SyntaxError', 'invalid decimal literal', 1, 5),
    ('x = 1.2.3', 'SyntaxError', 'invalid syntax', 1, 8),
    ('x = \x00', 'SyntaxError', 'source code cannot contain null bytes', 1, 5),
    ('x = 1\x07', 'SyntaxError', 'invalid non-printable character U+0007', 1, 6),
    ('x = a € b', 'SyntaxError', "invalid character '€' (U+20AC)", 1, 7),
    ('x = $', 'SyntaxError', 'invalid syntax', 1, 5),
    ('x = a ? b : c', 'SyntaxError', 'invalid syntax', 1, 7),
    ('x = `a`', 'SyntaxError', 'invalid syntax', 1, 5),
    ('x = 1 \\ 2', 'SyntaxError', 'unexpected character after line continuation character', 1, 8),
    ('x = 1 \\', 'SyntaxError', 'unexpected EOF while parsing', 1, 6),
    ('async def f(): pass', 'SyntaxError', "'async' is not supported in gradcalc", 1, 1),
    ('x = await y', 'SyntaxError', "'await' is not supported in gradcalc", 1, 5),
    ('  x = 1', 'IndentationError', 'unexpected indent', 1, 3),
    ('if x:\ny = 1\n', 'IndentationError', "expected an indented block after 'if' statement on line 1", 2, 1),
    ('if x:\n', 'IndentationError', "expected an indented block after 'if' statement on line 1", 1, 6),
    ('for i in y:\n', 'IndentationError', "expected an indented block after 'for' statement on line 1", 1, 12),
    ('while x:\n    pass\nelse:\nfoo()\n', 'IndentationError', "expected an indented block after 'else' statement on line 3", 4, 1),
    ('def f():\nreturn 1\n', 'IndentationError', 'expected an indented block after function definition on line 1', 2, 1),
    ('with a:\nb\n', 'IndentationError', "expected an indented block after 'with' statement on line 1", 2, 1),
    ('if a:\n    pass\nelif b:\nc\n', 'IndentationError', "expected an indented block after 'elif' statement on line 3", 4, 1),
    ('if x:\n    y = 1\n   z = 2\n', 'IndentationError', 'unindent does not match any outer indentation level', 3, 4),
    ('if x:\n\ty = 1\n        z = 2\n', 'TabError', 'inconsistent use of tabs and spaces in indentation', 3, 1),
    ('if x:\n        y = 1\n\tz = 2\n', 'TabError', 'inconsistent use of tabs and spaces in indentation', 3, 1),
    ('x = 1\n    y = 2\n', 'IndentationError', 'unexpected indent', 2, 5),
    ('while True:\n    pass\n  else:\n    pass\n', 'IndentationError', 'unindent does not match any outer indentation level', 3, 3),
    ('with a:\n\nx\n', 'IndentationError', "expected an indented block after 'with' statement on line 1", 3, 1),
    ('def f():\n# only a comment\nx = 1\n', 'IndentationError', 'expected an indented block after function definition on line 1', 3, 1),
    ('return', 'SyntaxError', "'return' outside function", 1, 1),
    ('def f():\n    pass\nreturn 1\n', 'SyntaxError', "'return' outside function", 3, 1),
    ('break', 'SyntaxError', "'break' outside loop", 1, 1),
    ('continue', 'SyntaxError', "'continue' not properly in loop", 1, 1),
    ('for i in x:\n    def f():\n        continue\n', 'SyntaxError', "'continue' not properly in loop", 3, 9),
    ('while x:\n    pass\nelse:\n    break\n', 'SyntaxError', "'break' outside loop", 4, 5),
    ('f() = 1', 'SyntaxError', "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1, 1),
    ('1 = x', 'SyntaxError', "cannot assign to literal here. Maybe you meant '==' instead of '='?", 1, 1),
    ('x + 1 = 2', 'SyntaxError', "cannot assign to expression here. Maybe you meant '==' instead of '='?", 1, 1),
    ('(a, f()) = 1, 2', 'SyntaxError', 'cannot assign to function call', 1, 5),
    ('a, *b, *c = d', 'SyntaxError', 'multiple starred expressions in assignment', 1, 8),
    ('*a = b', 'SyntaxError', 'starred assignment target must be in a list or tuple', 1, 1),
    ('del f()', 'SyntaxError', 'cannot delete function call', 1, 5),
    ('del 1', 'SyntaxError', 'cannot delete literal', 1, 5),
    ('del (a, *b)', 'SyntaxError', 'cannot delete starred', 1, 9),
    ('for f() in x:\n    pass\n', 'SyntaxError', 'cannot assign to function call', 1, 5),
    ('with a as f():\n    pass\n', 'SyntaxError', 'cannot assign to function call', 1, 11),
    ('[x for f() in y]', 'SyntaxError', 'cannot assign to function call', 1, 8),
    ('x() += 1', 'SyntaxError', "'function call' is an illegal expression for augmented assignment", 1, 1),
    ('[a, b] += 1', 'SyntaxError', "'list' is an illegal expression for augmented assignment", 1, 1),
    ('a, b += 1', 'SyntaxError', "'tuple' is an illegal expression for augmented assignment", 1, 1),
    ('None = 1', 'SyntaxError', "cannot assign to None here. Maybe you meant '==' instead of '='?", 1, 1),
    ('f(x=1, y)', 'SyntaxError', 'positional argument follows keyword argument', 1, 8),
    ('f(x=1, x=2)', 'SyntaxError', 'keyword argument repeated: x', 1, 8),
    ('f(a.b=1)', 'SyntaxError', 'expression cannot contain assignment, perhaps you meant "=="?', 1, 3),
    ('f(**k, *a)', 'SyntaxError', 'iterable argument unpacking follows keyword argument unpacking', 1, 8),
    ('f(**k, a)', 'SyntaxError', 'positional argument follows keyword argument unpacking', 1, 8),
    ('f(x for x in y, 1)', 'SyntaxError', 'Generator expression must be parenthesized', 1, 15),
    ('def f(a=1, b):\n    pass\n', 'SyntaxError', 'non-default argument follows default argument', 1, 12),
    ('def f(a, a):\n    pass\n', 'SyntaxError', "duplicate argument 'a' in function definition", 1, 10),
    ('def f(*):\n    pass\n', 'SyntaxError', 'named arguments must follow bare *', 1, 7),
    ('def f(*a, *b):\n    pass\n', 'SyntaxError', '* argument may appear only once', 1, 11),
    ('def f(**a, b):\n    pass\n', 'SyntaxError', 'arguments cannot follow var-keyword argument', 1, 12),
    ('lambda a, a: 1', 'SyntaxError', "duplicate argument 'a' in function definition", 1, 11),
    ('x = *a', 'SyntaxError', "can't use starred expression here", 1, 5),
    ('def f():\n    return *a\n', 'SyntaxError', "can't use starred expression here", 2, 12),
    ('(*a)', 'SyntaxError', 'cannot use starred expression here', 1, 2),
    ('[*a for a in b]', 'SyntaxError', 'iterable unpacking cannot be used in comprehension', 1, 2),
    ('import', 'SyntaxError', "expected a name after 'import'", 1, 7),
    ('import torch.', 'SyntaxError', "expected a name after '.'", 1, 14),
    ('from torch import', 'SyntaxError', "expected a name after 'import'", 1, 18),
    ('from . import x', 'SyntaxError', 'relative imports are not supported in gradcalc', 1, 6),
    ('import torch as', 'SyntaxError', "expected a name after 'as'", 1, 16),
    ('def f():\n    return 1\nyield 2\n', 'SyntaxError', "'yield' outside function", 3, 1),
    ('class A:\n    yield 1\n', 'SyntaxError', "'yield' outside function", 2, 5),
    ('class A:\n    return 1\n', 'SyntaxError', "'return' outside function", 2, 5),
    ('def f():\n    return [(yield x) for x in y]\n', 'SyntaxError', "'yield' inside list comprehension", 2, 14),
    ('try:\n    x\nexcept:\n    pass\nexcept E:\n    pass\n', 'SyntaxError', "default 'except:' must be last", 3, 1),
    ('x := 1', 'SyntaxError', "the ':=' operator is not supported in gradcalc", 1, 3),
    ('x = 1;;', 'SyntaxError', 'invalid syntax', 1, 7),
    ('; x', 'SyntaxError', 'invalid syntax', 1, 1),
    ('else:\n    pass\n', 'SyntaxError', 'invalid syntax', 1, 1),
    ('elif x:\n    pass\n', 'SyntaxError', 'invalid syntax', 1, 1),
    ("print 'hi'", 'SyntaxError', "Missing parentheses in call to 'print'. Did you mean print(...)?", 1, 1),
    ('x = a if b', 'SyntaxError', "expected 'else' after 'if' expression", 1, 11),
    ('x = a if b else', 'SyntaxError', "expected an expression after 'else'", 1, 16),
    ('x = not', 'SyntaxError', "expected an expression after 'not'", 1, 8),
    ('x = lambda: ', 'SyntaxError', "expected an expression after ':'", 1, 13),
    ('x.', 'SyntaxError', "expected a name after '.'", 1, 3),
    ('x[', 'SyntaxError', "'[' was never closed", 1, 2),
    ('x[]', 'SyntaxError', "expected an expression after '['", 1, 3),
    ('x[1:2:3:4]', 'SyntaxError', 'invalid syntax', 1, 8),
    ('f(,)', 'SyntaxError', "expected an expression after '('", 1, 3),
    ('x ++', 'SyntaxError', "expected an expression after '+'", 1, 5),
]


@pytest.mark.parametrize("source,kind,message,line,column", BROKEN)
def test_broken_input(source, kind, message, line, column):
    with pytest.raises(ParseError) as info:
        parse(source, filename="t.py")
    err = info.value
    assert (err.kind, err.message, err.line, err.column) == (kind, message, line, column)
    assert err.filename == "t.py"
    assert err.end_line > err.line or err.end_column > err.column
    assert "Error" in err.kind and isinstance(err, Exception)


def test_an_integer_literal_too_long_to_convert_is_a_syntax_error():
    with pytest.raises(ParseError) as e:
        parse("x = " + "9" * 5000)
    assert e.value.kind == "SyntaxError" and e.value.message.startswith("Exceeds the limit (4300 digits)")
    assert (e.value.line, e.value.column) == (1, 5)


def test_no_lark_token_names_in_messages():
    for source, kind, message, line, column in BROKEN:
        for name in ("NAME", "_NEWLINE", "$END", "LPAR", "RSQB", "_INDENT", "__ANON", "Token("):
            assert name not in message, (source, message)


def test_source_line_and_format_for_the_cli():
    with pytest.raises(ParseError) as info:
        parse("x = 1\ny = (2 +\n", filename="s.py")
    err = info.value
    assert err.source_line == "y = (2 +"
    assert err.format() == (
        '  File "s.py", line 2\n'
        "    y = (2 +\n"
        "        ^\n"
        "SyntaxError: '(' was never closed"
    )


def test_format_caret_spans_the_culprit():
    with pytest.raises(ParseError) as info:
        parse("    x = 1\nf() = 2\n".lstrip())
    assert info.value.format().splitlines()[-2:] == ["    ^^^", "SyntaxError: cannot assign to function call here. Maybe you meant '==' instead of '='?"]


def test_crlf_positions_are_the_same():
    with pytest.raises(ParseError) as info:
        parse("x = 1\r\nif x:\r\ny = 2\r\n")
    err = info.value
    assert (err.kind, err.line, err.column) == ("IndentationError", 3, 1)
    assert err.message == "expected an indented block after 'if' statement on line 2"


def test_seed_tutorial_without_its_indentation():
    """The tutorial text lost the indentation of its two block bodies: Python's error."""
    with open(SEED, encoding="utf-8") as f:
        lines = f.read().splitlines()
    flat = [line.lstrip() for line in lines]
    while_line = next(i for i, line in enumerate(flat, 1) if line.startswith("while "))
    with pytest.raises(ParseError) as info:
        parse("\n".join(flat) + "\n")
    err = info.value
    assert err.kind == "IndentationError"
    assert err.message == f"expected an indented block after 'while' statement on line {while_line}"
    assert (err.line, err.column) == (while_line + 1, 1)
