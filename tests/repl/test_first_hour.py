"""What a new user meets in the first hour, outside the terminal itself."""

import subprocess
import sys

from gradcalc.cli.render import error_text
from gradcalc.interpreter import Session, UserError


def _gradcalc(*args):
    return subprocess.run([sys.executable, "-m", "gradcalc", *args], capture_output=True, text=True, timeout=60)


def test_a_magic_usage_error_is_one_line_as_ipython():
    out = _gradcalc("-e", "%graph")
    assert out.stderr == "UsageError: expected an expression; usage: %graph T [--depth N] [--dot FILE [--force]]\n"


def test_a_magic_after_a_semicolon_says_a_magic_starts_its_own_line():
    out = _gradcalc("-e", "x = 1; %time x")
    assert out.stderr.splitlines()[-1] == "SyntaxError: a magic (%name) must start its own line, not follow ';'"


def test_the_history_suggestion_is_hidden_while_the_menu_is_open():
    from prompt_toolkit.auto_suggest import ConditionalAutoSuggest
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from gradcalc.cli.repl_prompt import make_prompt_session
    with create_pipe_input() as pipe:
        prompt = make_prompt_session(Session(), None, color=True, input=pipe, output=DummyOutput())
    assert isinstance(prompt.auto_suggest, ConditionalAutoSuggest)
    assert "has_completions" in repr(prompt.auto_suggest.filter)


def test_timeit_runs_without_echo_and_each_run_is_atomic():
    printed = []
    session = Session(out=printed.append, display=lambda v: printed.append(repr(v)))
    from gradcalc.cli import magics
    from gradcalc.cli.render import Output

    class Sink:
        def __init__(self):
            self.parts = []

        def write(self, text):
            self.parts.append(text)

        def flush(self):
            pass

    sink = Sink()
    session.magic = None
    magics.attach(session, Output(sink, sink), interactive=True)
    session._rt.magic[0] = magics.handle
    session.run("n = [0]\n%timeit n.append(1)")
    text = "".join(sink.parts)
    assert " per loop (mean ± std. dev. of 7 runs, " in text and printed == []
    try:
        session.run("%timeit")
    except UserError as err:
        assert error_text(err) == "UsageError: usage: %timeit STATEMENT"
