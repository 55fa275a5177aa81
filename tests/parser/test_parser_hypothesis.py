"""Random expressions: we accept exactly what Python accepts, with the same tree.

hypothesis writes arithmetic (and boolean, comparison, conditional, call,
subscript) expressions with random parentheses and spacing; Python's own parser is
the reference, its ast converted to our nodes by parser_testutil.conv.
"""

import ast as pyast

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gradcalc.parser import ParseError, ast, parse, parse_expression
from parser_testutil import conv

BINARY = ["+", "-", "*", "/", "//", "%", "**", "@", "&", "|", "^", "<<", ">>",
          "<", ">", "==", "!=", "<=", ">=", "in", "not in", "is", "is not", "and", "or"]
UNARY = ["-", "+", "~", "not "]
SPACE = st.sampled_from(["", " ", "  "])

atoms = st.one_of(
    st.integers(0, 10**6).map(str),
    st.floats(0, 1e6, allow_nan=False, allow_infinity=False).map(repr),
    st.sampled_from(["x", "y", "z", "t", "True", "False", "None", "...", "'s'", "1_000", "0x1f",
                     "1e-3", ".5"]),
)


def _binary(children):
    # Keywords always get spaces: Python reads `1if` but we (rightly) do not.
    return st.builds(
        lambda a, op, b, s1, s2: f"{a}{s1 or ' '}{op}{s2 or ' '}{b}" if op[0].isalpha()
        else f"{a}{s1}{op}{s2}{b}",
        children, st.sampled_from(BINARY), children, SPACE, SPACE,
    )


def _extend(children):
    return st.one_of(
        _binary(children),
        st.builds(lambda op, a: f"{op}{a}", st.sampled_from(UNARY), children),
        children.map(lambda a: f"({a})"),
        st.builds(lambda a, b, c: f"{a} if {b} else {c}", children, children, children),
        st.builds(lambda f, args: f"{f}({', '.join(args)})", st.sampled_from(["f", "g.h"]),
                  st.lists(children, max_size=3)),
        st.builds(lambda a, i: f"({a})[{i}]", children, children),
        st.builds(lambda a, b: f"x[{a}:{b}]", children, children),
        st.builds(lambda a, b: f"({a}, {b})", children, children),
        st.builds(lambda a: f"[{a}]", children),
        st.builds(lambda a: f"lambda: {a}", children),
    )


expressions = st.recursive(atoms, _extend, max_leaves=12)


def python_tree(source):
    try:
        return ast.dump(conv(pyast.parse(source, mode="eval")))
    except SyntaxError:
        return None


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(expressions)
def test_expressions_agree_with_python(source):
    expected = python_tree(source)
    try:
        ours = ast.dump(parse_expression(source))
    except ParseError:
        ours = None
    assert ours == expected, source


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(expressions, min_size=1, max_size=4), st.sampled_from(["\n", "\r\n", "; "]))
def test_assignment_scripts_agree_with_python(values, separator):
    source = separator.join(f"v{i} = {v}" for i, v in enumerate(values))
    try:
        expected = ", ".join(ast.dump(conv(s)) for s in pyast.parse(source).body)
    except SyntaxError:
        expected = None
    try:
        ours = ", ".join(ast.dump(s) for s in parse(source).body)
    except ParseError:
        ours = None
    assert ours == expected, source


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="()[]+-*/ x1:,.=\n'\"\\#%\t", max_size=30))
def test_any_text_parses_or_fails_cleanly(source):
    """Never an exception other than ParseError, whatever the input."""
    try:
        parse(source)
    except ParseError as err:
        assert err.message and err.line >= 1 and err.column >= 1


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=20))
def test_any_unicode_parses_or_fails_cleanly(source):
    try:
        parse(source)
    except ParseError as err:
        assert err.message
