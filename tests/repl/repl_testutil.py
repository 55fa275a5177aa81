"""Drive a Repl through prompt_toolkit's pipe input (no terminal needed)."""

from __future__ import annotations

from prompt_toolkit.application import create_app_session
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from gradcalc.cli import magics
from gradcalc.cli.repl import Repl

ENTER = "\r"
CTRL_C = "\x03"
CTRL_D = "\x04"
TAB = "\t"
BACKSPACE = "\x7f"


def drive(recorder, keys, session=None, history=None, answers=(), debug=False):
    """Type ``keys`` into a REPL (then Ctrl-D); returns (exit status, session, repl)."""
    from gradcalc.interpreter import Session

    output = recorder.output
    if session is None:
        session = Session(out=output.write, display=output.display, magic=magics.handle)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        repl = Repl(session, output, prompt_input=pipe, prompt_output=DummyOutput(),
                    history=history if history is not None else InMemoryHistory(), debug=debug)
        answers = list(answers)
        if answers:
            magics.attach(session, output, interactive=True, history=repl.inputs,
                          confirm=lambda question: answers.pop(0))
        pipe.send_text(keys + CTRL_D)
        status = repl.loop()
    return status, session, repl


def type_until(recorder, keys, expected_text, session=None, timeout=10.0):
    """Type ``keys`` at a fresh prompt and wait until its buffer reads ``expected_text``
    (completion runs asynchronously, so a key typed at once after Tab would race it);
    then press Enter and return what the prompt returned."""
    import asyncio
    import time

    from gradcalc.interpreter import Session

    output = recorder.output
    if session is None:
        session = Session(out=output.write, display=output.display, magic=magics.handle)

    async def scenario(repl, pipe):
        task = asyncio.ensure_future(repl.prompt.prompt_async())
        pipe.send_text(keys)
        deadline = time.monotonic() + timeout
        while repl.prompt.app.current_buffer.text != expected_text:
            if time.monotonic() > deadline:
                task.cancel()
                raise AssertionError(f"buffer is {repl.prompt.app.current_buffer.text!r}")
            await asyncio.sleep(0.01)
        pipe.send_text(ENTER)
        return await task

    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        repl = Repl(session, output, prompt_input=pipe, prompt_output=DummyOutput(), history=InMemoryHistory())
        return asyncio.run(scenario(repl, pipe))
