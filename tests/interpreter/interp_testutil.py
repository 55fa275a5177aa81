"""Running code in a Session and in real Python, for the interpreter tests."""

from __future__ import annotations

import contextlib
import io
import re
import warnings

from gradcalc.interpreter import Session, UserError


class Run:
    """One session that collects what print() and the echo wrote."""

    def __init__(self, echo=False, **kwargs):
        self.out = []
        self.session = Session(out=self.out.append, display=(lambda v: self.out.append(repr(v) + "\n")) if echo
                               else None, **kwargs)

    def __call__(self, source):
        self.session.run(source, filename="<test>")
        return self.text()

    def text(self):
        text = "".join(self.out)
        self.out.clear()
        return text

    def error(self, source) -> UserError:
        try:
            self.session.run(source, filename="<test>")
        except UserError as err:
            self.out.clear()
            return err
        raise AssertionError(f"no error from {source[:200]!r}")

    @property
    def ns(self):
        return self.session.namespace


def run(source, **kwargs):
    """What ``source`` prints (raises UserError)."""
    return Run(**kwargs)(source)


def error(source, **kwargs) -> UserError:
    return Run(**kwargs).error(source)


_SUGGESTION = re.compile(r"\. Did you mean: '[^']*'\?$")


def ours(source, max_elements=10 ** 5):
    """(printed text, (kind, message) or None) from gradcalc."""
    r = Run(max_elements=max_elements)
    try:
        r.session.run(source, filename="<test>")
        return r.text(), None
    except UserError as err:
        return r.text(), (err.kind, _SUGGESTION.sub("", err.message))


def python(source, prelude=""):
    """(printed text, (kind, message) or None) from CPython running the same source."""
    buf = io.StringIO()
    env = {}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)  # "'int' object is not subscriptable; perhaps..."
            code = compile(prelude + source, "<test>", "exec")
        with contextlib.redirect_stdout(buf):
            exec(code, env)
        return buf.getvalue(), None
    except Exception as e:  # noqa: BLE001 - any error is part of the comparison
        return buf.getvalue(), (type(e).__name__, str(e) if not isinstance(e, KeyError) else repr(e.args[0]))


def same_as_python(source):
    """Assert gradcalc prints and fails exactly as CPython does for a pure-Python program."""
    got = ours(source)
    want = python(source)
    assert got == want, f"\n--- source\n{source}\n--- gradcalc\n{got}\n--- python\n{want}"
