"""The interactive REPL: ``gradcalc`` with a terminal on stdin.

``main(args)`` is called by cli/main.py with its argparse namespace (``quiet``,
``no_color``, ``max_elements``, ``debug``). It reads inputs with prompt_toolkit
(repl_prompt), runs each one in one Session (the interpreter), shows values and
errors through cli.render, and returns the exit status (0: Ctrl-D, ``exit()``).

Ctrl-C while a statement runs: Python raises KeyboardInterrupt in the interpreter,
the Session rolls the statement back and raises ``UserError(kind="KeyboardInterrupt")``;
we print ``KeyboardInterrupt`` and prompt again.
"""

from __future__ import annotations

import sys
import traceback

EXIT_WORDS = ("exit()", "quit()", "exit", "quit")


def banner() -> str:
    from gradcalc import __version__

    return f"gradcalc {__version__} — PyTorch-style autograd on numpy. %help for help, Ctrl-D to leave."


def main(args, session_factory=None, prompt_input=None, prompt_output=None, stdout=None, stderr=None) -> int:
    """Run the REPL until Ctrl-D or exit(); the keyword arguments are for tests."""
    from gradcalc.cli import magics
    from gradcalc.cli.render import Output, use_color

    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    no_color = bool(getattr(args, "no_color", False))
    output = Output(stdout, stderr, color=use_color(stdout, no_color),
                    err_color=False if no_color else use_color(stderr))
    if session_factory is None:
        from gradcalc.interpreter import Session as session_factory
    session = session_factory(out=output.write, display=output.display, magic=magics.handle,
                              max_elements=getattr(args, "max_elements", None))
    repl = Repl(session, output, debug=bool(getattr(args, "debug", False)),
                prompt_input=prompt_input, prompt_output=prompt_output,
                color=use_color(stdout, no_color) if prompt_output is None else False)
    if not getattr(args, "quiet", False):
        output.write(banner() + "\n")
    return repl.loop()


class Repl:
    """One interactive session: read an input, run it, show what it gives, again."""

    def __init__(self, session, output, debug=False, prompt_input=None, prompt_output=None, color=False,
                 history=None, sandbox=None):
        from gradcalc.cli import magics

        from .repl_prompt import ask_yes_no, make_prompt_session

        self.session = session
        self.output = output
        self.debug = debug
        self.inputs: list[str] = []  # this session's inputs, for %history
        if history is None:
            from .repl_history import open_history

            history = open_history(output.warn)
        self.prompt = make_prompt_session(session, history, color, input=prompt_input, output=prompt_output,
                                          sandbox=sandbox)
        magics.attach(session, output, interactive=True, history=self.inputs,
                      confirm=lambda question: ask_yes_no(self.prompt, question))

    def read(self) -> str | None:
        """The next input; None at Ctrl-D. Ctrl-C while typing gives an empty input."""
        try:
            return self.prompt.prompt()
        except KeyboardInterrupt:
            return ""
        except EOFError:
            return None

    def loop(self) -> int:
        from .repl_continuation import clean_source

        while True:
            text = self.read()
            if text is None:
                return 0
            source = clean_source(text)
            if not source.strip():
                continue
            if self.is_exit(source):
                return 0
            self.inputs.append(source)
            self.execute(source)

    def is_exit(self, source: str) -> bool:
        word = source.strip()
        if word not in EXIT_WORDS:
            return False
        # A user's own variable named exit/quit is echoed, not obeyed.
        return word.endswith("()") or word not in getattr(self.session, "namespace", {})

    def execute(self, source: str) -> None:
        from gradcalc.interpreter import UserError

        try:
            self.session.run(source, filename="<stdin>")
        except UserError as err:
            self.output.error(err)
        except KeyboardInterrupt:
            # Ctrl-C outside the statement itself (while echoing, say): nothing to undo.
            self.output.error(_Interrupted())
        except Exception as exc:  # a bug in gradcalc: say so, keep the session alive
            self.output.error(_InternalError(exc, self.debug))


class _Interrupted:
    kind = "KeyboardInterrupt"

    def render(self) -> str:
        return "KeyboardInterrupt"


class _InternalError:
    """A failure of gradcalc itself, shown without a traceback unless --debug."""

    kind = "InternalError"

    def __init__(self, exc: BaseException, debug: bool):
        self.exc = exc
        self.debug = debug

    def render(self) -> str:
        head = ""
        if self.debug:
            head = "".join(traceback.format_exception(type(self.exc), self.exc, self.exc.__traceback__))
        return (head + f"InternalError: gradcalc failed on this input ({type(self.exc).__name__}: {self.exc}); "
                "please report it" + ("" if self.debug else " (run with --debug for the traceback)"))
