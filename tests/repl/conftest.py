"""Fixtures of the REPL tests: the interpreter's API, a recording Output, and Sessions
wired to the magics."""

from __future__ import annotations

import io
import types

import pytest


@pytest.fixture
def interpreter_api():
    """gradcalc.interpreter's Session, UserError and sandbox (docs/interpreter-api.md)."""
    from gradcalc.interpreter import Session, UserError, sandbox

    return types.SimpleNamespace(Session=Session, UserError=UserError, sandbox=sandbox)


class Recorder:
    """A cli.render.Output writing to StringIOs (no colour unless asked)."""

    def __init__(self, color=False):
        from gradcalc.cli.render import Output

        self.out = io.StringIO()
        self.err = io.StringIO()
        self.output = Output(self.out, self.err, color=color, err_color=color)

    @property
    def text(self):
        return self.out.getvalue()

    @property
    def errors(self):
        return self.err.getvalue()


@pytest.fixture
def recorder():
    return Recorder()


@pytest.fixture
def make_session(interpreter_api):
    """A Session wired to a Recorder and the magic registry: (session, recorder)."""
    from gradcalc.cli import magics

    def make(color=False, interactive=False, confirm=None, history=None):
        rec = Recorder(color)
        session = interpreter_api.Session(out=rec.output.write, display=rec.output.display, magic=magics.handle)
        magics.attach(session, rec.output, interactive=interactive, history=history, confirm=confirm)
        return session, rec

    return make
