"""Generated expressions and small programs: gradcalc's result or error is CPython's.

Values stay small (ints in [-20, 20], exponents in [-3, 3], sequences from
literals) and gradcalc runs first with an element limit of 10**5, so a program
that would build a huge list is dropped before CPython runs it.
"""

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from interp_testutil import ours, python

PRELUDE = "a = 3\nb = 2.5\nc = -4\nxs = [1, 2, 3]\ns = 'ab'\nt = (1, 'x')\n"

_ATOMS = st.one_of(
    st.integers(-20, 20).map(str),
    st.sampled_from(["0.5", "1.25", "-3.0", "1e-3", "2.0", "0.0"]),
    st.sampled_from(["True", "False", "None", "'ab'", "''", "'x'", "[]", "[1, 2]", "(1, 2)", "()", "(3,)",
                     "a", "b", "c", "xs", "s", "t"]),
)
_BINARY = ["+", "-", "*", "/", "//", "%", "&", "|", "^", "<<", ">>", "==", "!=", "<", "<=", ">", ">=",
           "in", "not in", "and", "or"]  # not `is`: CPython shares equal literals, an implementation detail
_CALLS = ["len", "abs", "bool", "str", "list", "tuple", "int", "float", "round", "min", "max", "sum", "sorted_"]


def _expressions(children):
    return st.one_of(
        st.tuples(children, st.sampled_from(_BINARY), children).map(lambda p: f"({p[0]} {p[1]} {p[2]})"),
        st.tuples(children, st.integers(-3, 3)).map(lambda p: f"({p[0]} ** {p[1]})"),
        st.tuples(st.sampled_from(["-", "+", "~", "not "]), children).map(lambda p: f"({p[0]}{p[1]})"),
        st.tuples(children, children, children).map(lambda p: f"({p[0]} if {p[1]} else {p[2]})"),
        st.tuples(children, st.sampled_from(["<", "<=", "=="]), children, st.sampled_from(["<", "!="]),
                  children).map(lambda p: f"({p[0]} {p[1]} {p[2]} {p[3]} {p[4]})"),
        st.tuples(st.sampled_from(_CALLS[:-1]), children).map(lambda p: f"{p[0]}({p[1]})"),
        st.tuples(st.sampled_from(["min", "max"]), children, children).map(lambda p: f"{p[0]}({p[1]}, {p[2]})"),
        st.tuples(children, children).map(lambda p: f"{p[0]}[{p[1]}]"),
        st.tuples(children, st.integers(-3, 3), st.integers(-3, 3)).map(lambda p: f"{p[0]}[{p[1]}:{p[2]}]"),
        st.tuples(children, st.sampled_from([-1, 2, -2])).map(lambda p: f"{p[0]}[::{p[1]}]"),
        st.lists(children, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
        st.lists(children, min_size=2, max_size=3).map(lambda xs: "(" + ", ".join(xs) + ")"),
        st.tuples(children.filter(lambda e: "'" not in e and '"' not in e),
                  st.sampled_from(["", "!r", ":>6", ":.2f", ":d", "!s:^5"])).map(
            lambda p: f"f'<{{{p[0]}{p[1]}}}>'"),
        children.map(lambda e: f"[v * 2 for v in [1, 2] if {e}]"),
    )


EXPRESSIONS = st.recursive(_ATOMS, _expressions, max_leaves=8)

_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _compare(source):
    got = ours(PRELUDE + source)
    assume(got[1] is None or got[1][0] not in ("MemoryError", "OverflowError"))
    want = python(PRELUDE + source)
    assert got == want, f"\n--- source\n{source}\n--- gradcalc\n{got}\n--- python\n{want}"


@_SETTINGS
@given(EXPRESSIONS)
def test_expression_matches_python(expression):
    _compare(f"print({expression})")


_NAMES = st.sampled_from(["a", "b", "c", "xs", "s"])


def _statements(depth):
    simple = st.one_of(
        st.tuples(_NAMES, EXPRESSIONS).map(lambda p: f"{p[0]} = {p[1]}"),
        st.tuples(_NAMES, st.sampled_from(["+=", "-=", "*=", "//=", "%="]), EXPRESSIONS).map(
            lambda p: f"{p[0]} {p[1]} {p[2]}"),
        EXPRESSIONS.map(lambda e: f"print({e})"),
        EXPRESSIONS.map(lambda e: f"xs.append({e})"),
        st.just("a, b = b, a"),
        st.just("xs = xs[1:] + xs[:1]"),
    )
    if depth == 0:
        return simple.map(lambda s: [s])
    inner = _statements(depth - 1)
    body = st.lists(inner, min_size=1, max_size=3).map(lambda bs: [line for b in bs for line in b])
    return st.one_of(
        simple.map(lambda s: [s]),
        st.tuples(EXPRESSIONS, body, body).map(
            lambda p: [f"if {p[0]}:"] + ["    " + x for x in p[1]] + ["else:"] + ["    " + x for x in p[2]]),
        st.tuples(st.integers(0, 3), body).map(
            lambda p: [f"for i in range({p[0]}):"] + ["    " + x for x in p[1]]),
        body.map(lambda b: ["def f(x, y=2):"] + ["    " + x for x in b] + ["    return x"] + ["print(f(a))"]),
    )


PROGRAMS = st.lists(_statements(2), min_size=1, max_size=5).map(
    lambda blocks: "\n".join(line for block in blocks for line in block) + "\nprint(a, b, c, xs, s)\n")


@_SETTINGS
@given(PROGRAMS)
def test_program_matches_python(program):
    _compare(program)
