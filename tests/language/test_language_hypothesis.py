"""Generated programs of the new language features, run under gradcalc and CPython (exec, in this
process: the programs are pure Python), outputs and errors compared. Hypothesis shrinks a
difference to a small program."""

from __future__ import annotations

import contextlib
import io
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gradcalc.interpreter import Session, UserError

_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_SUGGESTION = re.compile(r"\. Did you mean: '[^']*'\?$")


def ours(source):
    out = []
    try:
        Session(out=out.append).run(source, filename="<gen>")
        return "".join(out), None
    except UserError as err:
        return "".join(out), (err.kind, _SUGGESTION.sub("", err.message))


def python(source):
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            exec(compile(source, "<gen>", "exec"), {"__name__": "__main__"})
        return buf.getvalue(), None
    except Exception as e:  # noqa: BLE001
        return buf.getvalue(), (type(e).__qualname__, str(e) if not isinstance(e, KeyError) else repr(e.args[0]))


def same(source):
    assert ours(source) == python(source), source


# -- try/except/else/finally: random actions in each block -------------------------------------
EXCEPTIONS = ["ValueError", "KeyError", "ZeroDivisionError", "MyError", "SubError"]
ACTIONS = st.sampled_from(["log.append('{w}')", "raise {e}('{w}')", "return '{w}'", "pass", "1 / 0",
                           "{{}}['{w}']", "raise"])


@st.composite
def blocks(draw, where, depth=0):
    n = draw(st.integers(1, 3))
    lines = []
    for i in range(n):
        a = draw(ACTIONS).format(w=f"{where}{i}", e=draw(st.sampled_from(EXCEPTIONS)))
        if a == "raise" and not where.startswith("h"):
            a = "pass"
        lines.append(a)
    if depth < 1 and draw(st.booleans()):
        lines.append(draw(try_statements(where + "n", depth + 1)))
    return lines


def indent(lines, by="    "):
    return "\n".join(by + line.replace("\n", "\n" + by) for line in lines)


@st.composite
def try_statements(draw, where="t", depth=0):
    body = draw(blocks(where + "b", depth))
    handlers = []
    for k in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(EXCEPTIONS + ["(KeyError, ValueError)", "Exception", "AppError"]))
        name = draw(st.sampled_from(["", " as e"]))
        hbody = draw(blocks(f"h{where}{k}", depth))
        if name:
            hbody = ["log.append(str(e))"] + hbody
        handlers.append(f"except {kind}{name}:\n" + indent(hbody))
    if draw(st.booleans()):
        handlers.append("except:\n" + indent(draw(blocks(f"h{where}x", depth))))
    orelse = draw(blocks(where + "e", depth)) if handlers and draw(st.booleans()) else None
    final = draw(blocks(where + "f", depth)) if not handlers or draw(st.booleans()) else None
    text = "try:\n" + indent(body) + "\n" + "\n".join(handlers)
    if orelse:
        text += "\nelse:\n" + indent(orelse)
    if final:
        text += "\nfinally:\n" + indent(final)
    return text.replace("\n\n", "\n")


PRELUDE = ("class AppError(Exception):\n    pass\nclass MyError(AppError):\n    pass\n"
           "class SubError(MyError):\n    def __init__(self, msg):\n        super().__init__('sub:' + msg)\n")


@_SETTINGS
@given(try_statements())
def test_try_statements_match_python(stmt):
    source = PRELUDE + "log = []\ndef f():\n" + indent(stmt.split("\n")) + "\n    return 'end'\n" + \
        "try:\n    r = f()\nexcept Exception as e:\n    r = 'raised ' + repr(e)\nprint(log, r)\n"
    same(source)


# -- dicts and sets: random operation sequences ---------------------------------------------------
DICT_OPS = ["d[{k}] = {v}", "d.pop({k}, None)", "d.setdefault({k}, {v})", "d.update({{{k}: {v}}})",
            "del d[{k}]", "d = {{**d, {k}: {v}}}", "print(d.get({k}), {k} in d, len(d))", "d.popitem()",
            "s.add({k})", "s.discard({k})", "s |= {{{k}, {v}}}", "s &= {{0, 1, 2, {k}}}", "s -= {{{k}}}",
            "s = s ^ {{{v}}}", "print(sorted(s), {k} in s)", "s.remove({k})",
            "print({{x: y for x, y in d.items() if x != {k}}})", "print(sorted({{x % 3 for x in s}}))"]


@_SETTINGS
@given(st.lists(st.tuples(st.sampled_from(DICT_OPS), st.integers(0, 4), st.integers(0, 9)), min_size=1,
                max_size=12))
def test_dict_and_set_operations_match_python(ops):
    lines = ["d = {}", "s = set()"]
    for op, k, v in ops:
        lines.append("try:\n    " + op.format(k=k, v=v) + "\nexcept KeyError as e:\n    print('KeyError', e)")
    lines.append("print(d, sorted(s), list(d.items()))")
    same("\n".join(lines) + "\n")


# -- classes: random hierarchies calling super() ----------------------------------------------------
@st.composite
def hierarchies(draw):
    n = draw(st.integers(1, 5))
    lines = []
    for i in range(n):
        bases = sorted(set(draw(st.lists(st.integers(0, i - 1), max_size=2)))) if i else []
        bases = [f"C{b}" for b in reversed(bases)]
        head = f"class C{i}({', '.join(bases)}):" if bases else f"class C{i}:"
        body = [f"tag = {i}"]
        if draw(st.booleans()):
            call = " + super().who()" if bases else ""
            body.append(f"def who(self):\n    return 'C{i}'{call}")
        if draw(st.booleans()):
            body.append(f"def __repr__(self):\n    return 'C{i}()'")
        if draw(st.booleans()):
            body.append(f"@classmethod\ndef kind(cls):\n    return cls.tag * 10 + {i}")
        lines.append(head + "\n" + indent([b for part in body for b in [part]]))
    lines.append("for c in [" + ", ".join(f"C{i}" for i in range(n)) + "]:\n"
                 "    o = c()\n"
                 "    print(repr(o)[:2], o.tag, getattr(o, 'who', lambda: '-')(), hasattr(c, 'kind') and c.kind(),\n"
                 "          [isinstance(o, k) for k in [" + ", ".join(f"C{i}" for i in range(n)) + "]])")
    return "\n".join(lines) + "\n"


@_SETTINGS
@given(hierarchies())
def test_class_hierarchies_match_python(source):
    same(source)


# -- generators: random pipelines --------------------------------------------------------------------
STAGES = ["def s{i}(it):\n    for x in it:\n        yield x + {k}",
          "def s{i}(it):\n    for x in it:\n        if x % {m} == 0:\n            yield x",
          "def s{i}(it):\n    yield from it\n    yield {k}",
          "def s{i}(it):\n    total = 0\n    for x in it:\n        total += x\n        yield total",
          "def s{i}(it):\n    it = iter(it)\n    while True:\n        try:\n            a = next(it)\n        except StopIteration:\n            return\n        yield a * {k}"]


@_SETTINGS
@given(st.lists(st.tuples(st.sampled_from(STAGES), st.integers(0, 5), st.integers(1, 4)), min_size=1, max_size=4),
       st.integers(0, 8))
def test_generator_pipelines_match_python(stages, n):
    lines = []
    expr = f"range({n})"
    for i, (stage, k, m) in enumerate(stages):
        lines.append(stage.format(i=i, k=k, m=m))
        expr = f"s{i}({expr})"
    lines.append(f"g = {expr}\nprint(list(g), list(g), sum(x for x in {expr}))")
    same("\n".join(lines) + "\n")


@_SETTINGS
@given(try_statements())
def test_try_statements_in_generators_match_python(stmt):
    stmt = stmt.replace("log.append(", "yield (")  # the log is what the generator yields
    source = PRELUDE + "def f():\n    yield 'start'\n" + indent(stmt.split("\n")) + "\n    yield 'end'\n" + \
        "out = []\ntry:\n    for v in f():\n        out.append(v)\n    r = 'done'\n" + \
        "except Exception as e:\n    r = 'raised ' + repr(e)\nprint(out, r)\n"
    same(source)
