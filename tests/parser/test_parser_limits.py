"""Bad and extreme input: a clear ParseError or a correct tree, never a crash."""

import sys

import pytest

from gradcalc.parser import ParseError, ast, parse, parse_expression
from gradcalc.parser.checks import MAX_DEPTH


def _with_recursion_limit(extra, fn):
    """Run fn with only ``extra`` frames of head-room: proves the parser never recurses."""
    depth = 0
    frame = sys._getframe()
    while frame is not None:
        depth += 1
        frame = frame.f_back
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + extra)
    try:
        return fn()
    finally:
        sys.setrecursionlimit(old)


def test_ten_thousand_nested_parentheses_parse():
    source = "(" * 10000 + "1" + ")" * 10000
    module = _with_recursion_limit(60, lambda: parse(source))
    assert ast.dump(module) == "Module((Expr(Constant(1)),))"


DEEP = {
    "negated-parens": "-(" * 10000 + "1" + ")" * 10000,
    "minus": "-" * 10000 + "1",
    "not": "not " * 10000 + "x",
    "lists": "[" * 10000 + "]" * 10000,
    "calls": "f(" * 10000 + ")" * 10000,
    "attributes": "x" + ".a" * 10000,
    "subscripts": "x" + "[0]" * 10000,
    "powers": "**".join(["2"] * 10000),
    "conditionals": " if c else ".join(["a"] * 10000),
    "lambdas": "lambda: " * 10000 + "1",
    "sum-of-100000": "+".join(["1"] * 100000),
}


@pytest.mark.parametrize("source", DEEP.values(), ids=DEEP.keys())
def test_too_deep_expressions_fail_clearly(source):
    with pytest.raises(ParseError) as info:
        _with_recursion_limit(60, lambda: parse(source))
    err = info.value
    assert err.kind == "SyntaxError"
    assert err.message == f"expression too deeply nested (the limit is {MAX_DEPTH} levels)"
    assert err.line == 1 and err.column > 0


def test_depth_limit_is_exact_and_adjustable():
    deep = "-" * 990 + "1"
    parse(deep)  # Module > Expr > 991 levels of expression: within 1000
    with pytest.raises(ParseError):
        parse("-" * 1000 + "1")
    parse("-" * 1000 + "1", max_depth=2000)
    with pytest.raises(ParseError):
        parse("-" * 20 + "1", max_depth=10)
    with pytest.raises(ParseError):
        parse_expression("-" * 20 + "1", max_depth=10)


def test_long_left_associative_chain_within_the_limit():
    module = parse("+".join(["1"] * 900))
    depth = 0
    node = module.body[0].value
    while isinstance(node, ast.BinOp):
        node, depth = node.left, depth + 1
    assert depth == 899


def test_long_elif_chain_is_counted():
    source = "if a:\n    pass\n" + "elif b:\n    pass\n" * 1200
    with pytest.raises(ParseError) as info:
        parse(source)
    assert "too many nested blocks" in info.value.message


def test_too_many_indentation_levels():
    source = "".join("    " * i + "if x:\n" for i in range(120)) + "    " * 120 + "pass\n"
    with pytest.raises(ParseError) as info:
        parse(source)
    assert (info.value.kind, info.value.message) == ("IndentationError", "too many levels of indentation")


def test_hundred_thousand_line_script():
    source = "".join(f"x{i} = y[{i}] + {i} * 2\n" for i in range(100000))
    module = parse(source)
    assert len(module.body) == 100000
    assert module.body[-1].line == 100000


def test_crlf_and_lone_cr_and_missing_final_newline():
    expected = "Module((If(Name('x'), (Assign((Name('y'),), Constant(1)),), (Expr(Name('z')),)),))"
    assert ast.dump(parse("if x:\r\n    y = 1\r\nelse:\r\n    z")) == expected
    assert ast.dump(parse("if x:\r    y = 1\relse:\r    z\r")) == expected
    assert ast.dump(parse("if x:\n    y = 1\nelse:\n    z")) == expected


def test_crlf_inside_a_triple_quoted_string_is_a_newline():
    (stmt,) = parse("s = '''a\r\nb'''\r\n").body
    assert stmt.value.value == "a\nb"


def test_bom_blank_and_comment_only_inputs():
    assert parse("\ufeffx = 1\n").body[0].targets[0].id == "x"
    for source in ["", "\n", "   \n\n", "# c", "# c\n   # d\n", "\t\n", "\\\n"]:
        assert parse(source).body == (), repr(source)


def test_trailing_whitespace_and_comment_at_end_of_file():
    assert len(parse("x = 1   ").body) == 1
    assert len(parse("x = 1  # done").body) == 1
    assert len(parse("if x:\n    y = 1\n    # trailing comment").body) == 1


@pytest.mark.parametrize("char,message", [
    ("\x00", "source code cannot contain null bytes"),
    ("\x01", "invalid non-printable character U+0001"),
    ("\x1b", "invalid non-printable character U+001B"),
    ("\x7f", "invalid non-printable character U+007F"),
    ("\u200b", "invalid non-printable character U+200B"),
    ("\u00a0", "invalid non-printable character U+00A0"),
])
def test_control_characters(char, message):
    with pytest.raises(ParseError) as info:
        parse(f"x = 1 +{char} 2\n")
    err = info.value
    assert (err.message, err.line, err.column) == (message, 1, 8)


def test_binary_garbage_decoded_by_the_cli():
    data = bytes(range(256)).decode("latin-1")
    with pytest.raises(ParseError):
        parse(data)


def test_tabs_consistently_used_are_fine():
    assert len(parse("if x:\n\ty = 1\n\tif y:\n\t\tz = 2\n").body) == 1
    # a tab counts to the next multiple of 8, like Python
    assert len(parse("if x:\n        y = 1\n        z = 2\n").body) == 1


def test_tabs_mixed_with_spaces():
    with pytest.raises(ParseError) as info:
        parse("if x:\n\ty = 1\n        z = 2\n")
    assert (info.value.kind, info.value.message) == ("TabError", "inconsistent use of tabs and spaces in indentation")


def test_form_feed_resets_indentation():
    assert len(parse("x = 1\n\x0cy = 2\n").body) == 2


def test_very_long_line():
    source = "x = [" + ", ".join(str(i) for i in range(50000)) + "]\n"
    (stmt,) = parse(source).body
    assert len(stmt.value.elts) == 50000


def test_many_adjacent_strings_and_fstrings():
    source = "s = " + " ".join(f"f'{{x{i}}}'" for i in range(2000)) + "\n"
    (stmt,) = parse(source).body
    assert len(stmt.value.values) == 2000


def test_unicode_identifiers_and_strings():
    (stmt,) = parse("café = 'naïve ☃'\n").body
    assert stmt.targets[0].id == "café" and stmt.value.value == "naïve ☃"
