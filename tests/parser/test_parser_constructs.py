"""Every construct of the language parses to the expected AST.

Where the construct is Python's, the expectation is Python's own parser (its ast
converted to our nodes by parser_testutil.conv); a few cases also spell the tree out,
so a reader sees what the nodes look like.
"""

import pytest

from gradcalc.parser import ast, parse, parse_expression
from parser_testutil import body, expr, python_body, python_expr
from parser_testutil import SEED

EXPRESSIONS = [
    # precedence and associativity
    "-2**2", "2**-1", "a ** b ** c", "-a ** -b", "not a == b", "a < b < c", "a < b >= c != d",
    "a is not b", "a not in b", "a in b", "a is None", "not not a", "a and b or c and not d",
    "a or b or c", "a and b and c", "a if c else b", "x if a else y if b else z",
    "~x", "+x", "-x", "- - x", "a @ b", "a // b % c", "a - b - c", "a + b * c", "(a + b) * c",
    "a | b ^ c & d", "a << 1 >> 2", "a * -b", "a ** -b ** c", "not a < b and c",
    "a + b if c or d else e - f", "lambda: 0", "lambda x, y=1, *a, k, **kw: x", "lambda *, k: k",
    "lambda x: lambda y: x + y", "(lambda: 1)()", "[lambda: 1, 2]",
    # calls and attributes
    "f(1, x=2)", "f(*args, **kw)", "f(a, *b, c=1, **d)", "f()", "f(x for x in y)", "f(x,)",
    "f(a)(b)(c)", "x.y.z", "x.grad.zero_()", "torch.nn.functional.relu(x)",
    "x.backward(gradient=torch.ones(3), retain_graph=True)",
    # indexing and slicing of every form
    "x[1]", "x[-1]", "x[1:3]", "x[::2]", "x[:, 0]", "x[..., None]", "x[1:, ::-1]", "x[[0, 2]]",
    "x[mask]", "x[1:, ::2, None, ...]", "x[1,]", "x[:]", "x[a:b:c]", "x[::]", "x[:-1]",
    "x[i][j]", "x[x > 0]", "x[:, None, :]", "x[(1, 2)]",
    # literals
    "1", "0", "00", "0x1F", "0o17", "0b101", "0XFF", "1_000_000", "1.5", "1e-3", "1E+10", ".5", "5.",
    "1_0.0_1", "1e5", "True", "False", "None", "...",
    "'a'", '"b"', "'''tri\nple'''", '"""x"y"""', 'r"\\n"', "'\\t\\x41\\u00e9\\N{BULLET}\\101'",
    "'a' 'b' \"c\"", "''", '""', "'\\\\'", "'it\\'s'", "R'\\d'", "u'x'",
    # f-strings
    'f"{loss.item():.4f}"', 'f"{x!r}"', 'f"{{}}{x}"', 'f"a{x}b{y!s:>{w}}c"', 'f"{x=}"',
    'f"{x = :.2f}"', "'a' f'{b}' 'c'", 'rf"\\n{x}"', 'f"{x!a}"', "f'{\"q\"}'", 'f"{a[1:2]}"',
    'f"{(lambda: 1)()}"', 'f"{x:{w}.{p}f}"', 'f"{x!r:>10}"', "f''", 'f"{f(a, b=1)}"',
    'f"{{x}}"', 'f"\\t{x}\\n"', 'f"{3 != 4}"',
    # displays and comprehensions
    "[]", "[1, 2]", "[1, 2,]", "[*a, *b]", "()", "(1,)", "(1, 2)", "(1)", "((1, 2),)", "(1, 2,)",
    "[f(x) for x in xs if c]", "[x for x in a for y in b if x if y]",
    "[(i, v) for i, v in enumerate(xs)]", "(x for x in y)", "[x for x in range(3) if x if not x]",
    "[[1, 2], [3, 4]]", "[x if x else y for x in z]", "[lambda: x for x in y]",
    "{}", "{1: 2}", "{'a': 1, 'b': [2],}", "{**a, 'b': 1, **c}", "{1, 2}", "{1,}", "{*a, b}",
    "{k: v for k, v in d.items() if v}", "{x for x in y}", "{x: {y} for x in z}",
]


@pytest.mark.parametrize("source", EXPRESSIONS)
def test_expression_matches_python(source):
    assert expr(source) == python_expr(source)


STATEMENTS = [
    "x = 1", "a = b = 1", "a = b = c = f()", "a, b = f()", "(a, b) = 1, 2", "[a, b] = x",
    "a, = x", "a, *b = c", "*a, b = c", "a, (b, c) = x", "x[i] = v", "x[1:2] = y",
    "x.grad = None", "x.requires_grad = True", "x.data = x.data * 2", "x = y = z[0] = 1",
    "x = 1,", "x = 1, 2", "x = *a, *b",
    "x += 1", "x -= 1", "x *= 2", "x /= 2", "x //= 2", "x %= 2", "x **= 2", "x @= y",
    "x &= y", "x |= y", "x ^= y", "x <<= 1", "x >>= 1", "x[0] += 1", "x.a -= 1",
    "del x", "del x, y", "del x[0], y.z", "del x[0:2]",
    "pass", "x; y", "x = 1; y = 2;", "f(x); g(y)",
    "if x:\n    y\n", "if x:\n    y\nelse:\n    z\n", "if a:\n    pass\nelif b:\n    pass\nelif c:\n    pass\nelse:\n    pass\n",
    "if x: y\n", "if x: y; z\n", "if x:\n    if y:\n        z\n    w\nv\n",
    "while x:\n    x -= 1\n", "while x:\n    break\nelse:\n    pass\n", "while True:\n    continue\n",
    "for i in range(3):\n    print(i)\n", "for i, v in enumerate(xs):\n    pass\n",
    "for (i, v) in zip(a, b):\n    pass\nelse:\n    pass\n", "for x in a, b:\n    pass\n",
    "for x[0] in y:\n    pass\n",
    "def f():\n    pass\n", "def f(a, b=2, *args, c, d=1, **kw):\n    return a\n",
    "def f(x):\n    return\n", "def f(x):\n    return x, x\n", "def f(*, k=1):\n    return k\n",
    "def f(x: int, *, y: float = 1.0) -> float:\n    pass\n",
    "def f(a,):\n    def g(b):\n        return a + b\n    return g\n",
    "def f():\n    global g\n    nonlocal_ = 1\n", "def f():\n    def g():\n        nonlocal x\n",
    "assert x", "assert x > 0, 'x must be positive'",
    "with torch.no_grad():\n    y = x * 2\n", "with a as b, c:\n    pass\n",
    "with torch.set_grad_enabled(False) as g:\n    pass\n", "with a as (b, c):\n    pass\n",
    "import torch", "import torch as t", "import torch.nn.functional as F", "import a, b as c",
    "from torch import nn", "from torch.nn import functional as F", "from torch import a, b as c",
    "from torch import (a, b,)", "from torch import *",
    "global a, b",
    "class A:\n    pass\n", "class A(B, C):\n    x = 1\n    def f(self):\n        return super().f()\n",
    "class A(B, metaclass=M):\n    pass\n", "class A():\n    'doc'\n",
    "@d\ndef f():\n    pass\n", "@d(1)\n@e.f\nclass A:\n    @staticmethod\n    def g():\n        pass\n",
    "@torch.no_grad()\ndef f(x):\n    return x\n",
    "try:\n    x\nexcept:\n    pass\n", "try:\n    x\nexcept E as e:\n    raise\nelse:\n    y\nfinally:\n    z\n",
    "try:\n    x\nfinally:\n    y\n", "try:\n    x\nexcept (A, B):\n    pass\nexcept C:\n    pass\n",
    "raise", "raise E", "raise E('x') from e", "raise E from None",
    "def g():\n    yield\n    yield 1\n    yield 1, 2\n    x = yield\n    y = yield from z\n    w = (yield)\n",
    "x: int", "x: int = 1", "x.y: float = 2.0", "x[0]: int = 1",
    "x = 1  # comment\n# another\ny = 2\n", "\n\n# only comments\n\n", "",
    "x = (1 +\n     2)\n", "x = [\n    1,\n    2,\n]\n", "x = 1 + \\\n    2\n", "f(a,\n  b=1)\n",
    "if (a and\n        b):\n    pass\n", "x = '''a\nb'''\ny = 1\n",
]


@pytest.mark.parametrize("source", STATEMENTS)
def test_statement_matches_python(source):
    assert body(source) == python_body(source)


def test_spelled_out_trees():
    assert expr("-2**2") == "UnaryOp('-', BinOp(Constant(2), '**', Constant(2)))"
    assert expr("2**-1") == "BinOp(Constant(2), '**', UnaryOp('-', Constant(1)))"
    assert expr("not a == b") == "UnaryOp('not', Compare(Name('a'), ('==',), (Name('b'),)))"
    assert expr("a < b < c") == "Compare(Name('a'), ('<', '<'), (Name('b'), Name('c')))"
    assert expr("x[1:, ::2, None, ...]") == (
        "Subscript(Name('x'), Tuple((Slice(Constant(1), None, None), "
        "Slice(None, None, Constant(2)), Constant(None), Constant(Ellipsis))))"
    )
    assert body("a = b = 1") == "Assign((Name('a'), Name('b')), Constant(1))"
    assert body("import torch.nn.functional as F") == "Import((Alias('torch.nn.functional', 'F'),))"
    assert body("def f(a, b=2, *c, d, **e):\n    pass\n") == (
        "FunctionDef('f', (Param('a', 'positional', None, None), "
        "Param('b', 'positional', Constant(2), None), Param('c', 'var_positional', None, None), "
        "Param('d', 'keyword_only', None, None), Param('e', 'var_keyword', None, None)), "
        "None, (Pass(),), ())"
    )
    assert expr('f"{loss.item():.4f}"') == (
        "JoinedStr((FormattedValue(Call(Attribute(Name('loss'), 'item'), (), ()), None, "
        "JoinedStr((Constant('.4f'),))),))"
    )


# ------------------------------------------------------------------ not Python's
MAGICS = [
    ("%graph y --depth 3", "Magic('graph', 'y --depth 3', '%graph y --depth 3')"),
    ("%time x = f(y)", "Magic('time', 'x = f(y)', '%time x = f(y)')"),
    ("%vars", "Magic('vars', '', '%vars')"),
    ("%help   tensor  ", "Magic('help', 'tensor', '%help   tensor')"),
    ("%save 'my file.npz'", "Magic('save', \"'my file.npz'\", \"%save 'my file.npz'\")"),
    ("%", "Magic('', '', '%')"),
    ("x = 1\n%explain x\ny = 2", "Assign((Name('x'),), Constant(1)), "
     "Magic('explain', 'x', '%explain x'), Assign((Name('y'),), Constant(2))"),
    ("if x:\n    %time f()\n", "If(Name('x'), (Magic('time', 'f()', '%time f()'),), ())"),
    ("x = 7 % 2\n%reset", "Assign((Name('x'),), BinOp(Constant(7), '%', Constant(2))), "
     "Magic('reset', '', '%reset')"),
    ("%time x = {'a': 1} # not parsed", "Magic('time', \"x = {'a': 1} # not parsed\", "
     "\"%time x = {'a': 1} # not parsed\")"),
]


@pytest.mark.parametrize("source,expected", MAGICS)
def test_magics(source, expected):
    assert body(source) == expected


def test_modulo_is_not_a_magic():
    assert expr("a % b") == "BinOp(Name('a'), '%', Name('b'))"
    assert body("x %= 2") == "AugAssign(Name('x'), '%', Constant(2))"
    assert expr("(a\n% b)") == "BinOp(Name('a'), '%', Name('b'))"


def test_del_flattens_a_bare_tuple():
    assert body("del a, b") == "Delete((Name('a'), Name('b')))"


def test_from_import_star():
    assert body("from torch import *") == "ImportFrom('torch', (Alias('*', None),))"


def test_parse_expression():
    assert ast.dump(parse_expression("x**2*sin(y)")) == (
        "BinOp(BinOp(Name('x'), '**', Constant(2)), '*', Call(Name('sin'), (Name('y'),), ()))"
    )
    assert ast.dump(parse_expression("a +\n b")) == "BinOp(Name('a'), '+', Name('b'))"


# ------------------------------------------------------------------ positions
def positions(source):
    return ast.dump(parse(source), positions=True)


def test_positions_are_one_based_with_exclusive_end():
    (stmt,) = parse("x = foo(1, y)").body
    assert stmt.position == (1, 1, 1, 14)
    call = stmt.value
    assert call.position == (1, 5, 1, 14)
    assert call.args[0].position == (1, 9, 1, 10)
    assert call.args[1].position == (1, 12, 1, 13)


def test_positions_of_compound_statements():
    src = "while x < 3:\n    x = x + 1\nelse:\n    y = 2\n"
    (loop,) = parse(src).body
    assert loop.position == (1, 1, 4, 10)
    assert loop.test.position == (1, 7, 1, 12)
    assert loop.body[0].position == (2, 5, 2, 14)


def test_parenthesised_expression_spans_its_parentheses():
    (stmt,) = parse("(a + b) * c").body
    assert stmt.value.position == (1, 1, 1, 12)
    assert stmt.value.left.position == (1, 1, 1, 8)


def test_positions_inside_fstrings():
    (stmt,) = parse('x = f"ab{yy + 1:>{w}}"').body
    field = stmt.value.values[1]
    assert field.value.position == (1, 10, 1, 16)
    assert field.value.left.position == (1, 10, 1, 12)
    assert field.format_spec.values[1].value.position == (1, 19, 1, 20)


def test_positions_in_multiline_fstring():
    (stmt,) = parse('s = f"""line\n  {value}"""').body
    assert stmt.value.values[1].value.position == (2, 4, 2, 9)


def test_every_node_has_a_position():
    src = open_seed() + "\ndef f(a, *b, c=1, **d):\n    return [x for x in a if x][1:2, ...]\n"
    for node in ast.walk(parse(src)):
        assert node.line >= 1 and node.column >= 1, ast.dump(node)
        assert (node.end_line, node.end_column) > (node.line, node.column), ast.dump(node)


def open_seed():
    with open(SEED, encoding="utf-8") as f:
        return f.read()


# ------------------------------------------------------------------ the AST itself
def test_nodes_are_immutable_and_compare_by_identity():
    a = parse("x").body[0]
    with pytest.raises(AttributeError):
        a.value = None
    assert parse("x").body[0] != a
    assert {a: 1}[a] == 1


def test_node_construction():
    node = ast.BinOp(ast.Constant(1), "+", ast.Name("x"), line=1, column=1, end_line=1, end_column=6)
    assert node._fields == ("left", "op", "right")
    assert ast.dump(node) == "BinOp(Constant(1), '+', Name('x'))"
    assert ast.BinOp(left=1, op="+", right=2).right == 2
    with pytest.raises(TypeError):
        ast.BinOp(1, "+")
    with pytest.raises(TypeError):
        ast.BinOp(1, "+", 2, colour=3)


def test_walk_and_children():
    module = parse("a = b + c")
    names = [n.id for n in ast.walk(module) if isinstance(n, ast.Name)]
    assert names == ["a", "b", "c"]
    (assign,) = module.body
    assert [type(c).__name__ for c in ast.iter_child_nodes(assign)] == ["Name", "BinOp"]


def test_every_statement_and_expression_class_is_reachable():
    src = (
        "import torch\nfrom torch import nn\nx = 1\nx += 1\ndel x\nassert 1, 2\n%vars\n"
        "def f(a=1):\n    global g\n    return lambda b: a\n"
        "def h():\n    x = 1\n    def k():\n        nonlocal x\n    pass\n"
        "for i in []:\n    break\nwhile 0:\n    continue\nif 1:\n    pass\n"
        "with a as b:\n    pass\nprint(x)\n"
        "@d\nclass C(B):\n    z: int = 1\n    def g(self):\n        yield from (yield 1)\n"
        "try:\n    pass\nexcept E as e:\n    raise E from e\n"
        "q = [{1: 2}, {1}, {k: v for k in a}, {k for k in a}]\n"
        "y = [*a, (1,), f'{x!r:>3}', [i for i in a], (i for i in a), x[1:2], x.y, -x, a and b,"
        " a < b, a if b else c, f(*a, k=1), a + b, ...]\n"
    )
    seen = {type(n).__name__ for n in ast.walk(parse(src))}
    classes = {
        name for name, obj in vars(ast).items()
        if isinstance(obj, type) and issubclass(obj, ast.Node)
        and obj not in (ast.Node, ast.Statement, ast.Expression)
    }
    assert classes - seen == set()


def test_seed_tutorial_parses():
    module = parse(open_seed(), filename="seed_tutorial.py")
    kinds = [type(s).__name__ for s in module.body]
    assert kinds[0] == "Import" and kinds.count("While") == 1 and kinds[-1] == "With"
    assert len(module.body) == 28
    loop = next(s for s in module.body if type(s) is ast.While)
    assert ast.dump(loop) == (
        "While(Compare(Call(Attribute(Attribute(Name('y'), 'data'), 'norm'), (), ()), ('<',), "
        "(Constant(1000),)), (Assign((Name('y'),), BinOp(Name('y'), '*', Constant(2))),), ())"
    )
    assert body("v = torch.tensor([0.1,1.0,0.0001],dtype=torch.float)") == (
        "Assign((Name('v'),), Call(Attribute(Name('torch'), 'tensor'), (List((Constant(0.1), "
        "Constant(1.0), Constant(0.0001))),), (Keyword('dtype', Attribute(Name('torch'), "
        "'float')),)))"
    )


def test_pattern_matching_and_replace():
    (stmt,) = parse("1 + x").body
    match stmt.value:
        case ast.BinOp(ast.Constant(1), "+", ast.Name(name)):
            assert name == "x"
        case _:
            raise AssertionError(ast.dump(stmt.value))
    changed = ast.replace(stmt.value, op="-")
    assert ast.dump(changed) == "BinOp(Constant(1), '-', Name('x'))"
    assert changed.position == stmt.value.position and stmt.value.op == "+"
