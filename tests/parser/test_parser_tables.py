"""The generated tables match grammar.lark, and our runtime parses as Lark itself does."""

import hashlib
import pathlib

import pytest

from gradcalc.parser import _tables, ast, parse
from gradcalc.parser.builder import Builder
from gradcalc.parser.indenter import LineState, indent_tokens
from gradcalc.parser.parsing import normalize
from gradcalc.parser.tables import load
from parser_testutil import SEED

PARSER_DIR = pathlib.Path(__file__).resolve().parents[2] / "gradcalc" / "parser"
SEED = pathlib.Path(SEED)


def test_tables_are_not_stale():
    """Fails when grammar.lark changed without `python -m gradcalc.parser.generate`."""
    grammar = (PARSER_DIR / "grammar.lark").read_text(encoding="utf-8")
    assert _tables.GRAMMAR_SHA256 == hashlib.sha256(grammar.encode("utf-8")).hexdigest(), (
        "gradcalc/parser/_tables.py is stale: run python -m gradcalc.parser.generate"
    )


def test_regenerating_gives_the_committed_file():
    lark = pytest.importorskip("lark")
    if lark.__version__ != _tables.LARK_VERSION:
        pytest.skip(f"tables made with lark {_tables.LARK_VERSION}, this is {lark.__version__}")
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "gradcalc.parser.generate", "--stdout"],
                         cwd=str(PARSER_DIR.parents[1]), capture_output=True, text=True, check=True)
    assert out.stdout == (PARSER_DIR / "_tables.py").read_text(encoding="utf-8")


def test_every_rule_has_a_callback():
    """A rule without a callback would leave a raw list in the tree."""
    builder = Builder()
    missing = set()
    for origin, size, include, trailing, expand1, callback, plain, unit in load().rules:
        if callback.startswith("_"):
            continue
        always_one_child = expand1 and len(include) + sum(n for _, _, n in include) + trailing == 1 \
            and not any(splice for _, splice, _ in include)
        if not always_one_child and not hasattr(builder, callback):
            missing.add(callback)
    assert missing == set()


CORPUS = [
    SEED.read_text(encoding="utf-8"),
    "a = b = [x for x in range(3) if x]\nx[1:, ::2, None, ...] += f(*a, k=1, **kw)\n",
    "def f(a, b=2, *c, d, **e) -> int:\n    global g\n    return lambda x, y=1: (x, y)\n",
    "if a:\n    pass\nelif b:\n    while c:\n        break\n    else:\n        pass\nelse:\n    del x, y[0]\n",
    "import torch.nn.functional as F\nfrom torch import nn, optim as o\nfrom torch import (a, b,)\n",
    "with torch.no_grad(), a as (b, c):\n    assert x, 'msg'\n%graph y --depth 3\ns = f'{x!r:>{w}} {y=}' 'z'\n",
    "x = (1,)\ny = ()\nz = -2**-1 if not a < b <= c else ~d @ e // f % g | h ^ i & j << k >> l\n",
    "for i, (j, *k) in enumerate(zip(a, b)):\n    print(i, j, sep='')\n",
]


@pytest.mark.parametrize("source", CORPUS, ids=[f"corpus{i}" for i in range(len(CORPUS))])
def test_runtime_matches_lark(source):
    """Lark's own LALR parser, given our post-lexer and callbacks, builds the very
    same tree (positions included) as our table-driven runtime."""
    lark = pytest.importorskip("lark")

    class PostLex(lark.lark.PostLex):
        always_accept = ("_NEWLINE",)

        def process(self, stream):
            return indent_tokens(stream, LineState(), False)

    reference = lark.Lark(
        (PARSER_DIR / "grammar.lark").read_text(encoding="utf-8"),
        parser="lalr", lexer="contextual", start=["file_input", "eval_input"],
        maybe_placeholders=True, postlex=PostLex(), transformer=Builder(),
    )
    theirs = reference.parse(normalize(source), start="file_input")
    assert ast.dump(theirs, positions=True) == ast.dump(parse(source), positions=True)


def test_trees_hold_only_nodes_and_plain_values():
    allowed = (str, int, float, bool, type(None), type(Ellipsis), ast.Node)
    for node in ast.walk(parse("\n".join(CORPUS))):
        for name in node._fields:
            value = getattr(node, name)
            items = value if isinstance(value, tuple) else (value,)
            for item in items:
                assert isinstance(item, allowed), (type(node).__name__, name, type(item))
