"""Fixtures of the REPL tests: the interpreter (real, or the stand-in until it lands),
a recording Output, and a Repl driven through prompt_toolkit's pipe input."""

from __future__ import annotations

import io
import os
import types

import pytest

import gradcalc.interpreter as interpreter
import repl_standin as standin

# GRADCALC_TEST_STANDIN=1 runs these tests on the stand-in even when the real one is there.
REAL_INTERPRETER = hasattr(interpreter, "Session") and not os.environ.get("GRADCALC_TEST_STANDIN")


@pytest.fixture(autouse=True)
def interpreter_api(monkeypatch):
    """gradcalc.interpreter's Session/UserError/sandbox: the real ones when present."""
    if REAL_INTERPRETER:
        from gradcalc.interpreter import Session, UserError, sandbox

        return types.SimpleNamespace(Session=Session, UserError=UserError, sandbox=sandbox)
    monkeypatch.setattr(interpreter, "Session", standin.Session, raising=False)
    monkeypatch.setattr(interpreter, "UserError", standin.UserError, raising=False)
    monkeypatch.setattr(interpreter, "sandbox", standin.sandbox, raising=False)
    return types.SimpleNamespace(Session=standin.Session, UserError=standin.UserError, sandbox=standin.sandbox)


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
