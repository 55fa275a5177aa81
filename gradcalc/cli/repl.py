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

import re
import sys
import traceback

from .render import Message

EXIT_WORDS = ("exit()", "quit()", "exit", "quit")


_HELP_QUERY = re.compile(r"\?([A-Za-z_][\w.]*)|([A-Za-z_][\w.]*)\?")


def banner() -> str:
    from gradcalc import __version__

    return f"gradcalc {__version__} — PyTorch-style autograd on numpy. %help for help, Ctrl-D exits."


def main(args, session_factory=None, prompt_input=None, prompt_output=None, stdout=None, stderr=None) -> int:
    """Run the REPL until Ctrl-D or exit(); the keyword arguments are for tests."""
    from gradcalc.cli import magics
    from gradcalc.cli.render import Output, use_color

    from .repl_startup import PRELOAD, PRELOAD_COLOR, LazySession

    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    no_color = bool(getattr(args, "no_color", False))
    color = use_color(stdout, no_color)
    output = Output(stdout, stderr, color=color, err_color=False if no_color else use_color(stderr))

    made = []

    def display(value):
        output.display(value)
        if made:
            made[0].namespace["_"] = value  # the last echoed value, as in Python's REPL and IPython
        from gradcalc.engine.node import Node
        from . import module_names
        if module_names.is_module(value):
            # Beyond torch: what the network amounts to, under torch's repr
            line = module_names.summary(value)
            if line:
                output.note(line)
        if isinstance(value, Node) and made:
            # a grad_fn echoes as torch's repr, then the graph behind it, a few levels deep
            from gradcalc.cli.magics.graph import grad_fn_tree
            output.print(grad_fn_tree(value, made[0].namespace, max_depth=6, color=output.color))

    def make_session():
        factory = session_factory
        if factory is None:
            from gradcalc.interpreter import Session as factory
        session = factory(out=output.write, display=display, magic=magics.handle,
                          max_elements=getattr(args, "max_elements", None),
                          max_memory=getattr(args, "max_memory", None),
                          warn=lambda text: output.warn(text.rstrip("\n")))  # engine warnings, in order
        made.append(session)
        from . import module_names
        from .script import relax_gc
        relax_gc()
        module_names.install()  # %graph names the module that made each node
        return session

    if not getattr(args, "quiet", False):
        # On stderr, as Python's: it belongs with the prompt, not with the values
        # (`gradcalc | tee log` keeps only results).
        output.stream.flush()
        output.err_stream.write(banner() + "\n")
        output.err_stream.flush()
    undo_early = None
    if prompt_input is None and prompt_output is None:
        # ">>> " now, while the line editor loads; what is typed meanwhile reaches it (repl_early)
        from . import repl_early
        undo_early = repl_early.show(">>> ", color)
    try:
        repl = Repl(LazySession(make_session), output, debug=bool(getattr(args, "debug", False)),
                    prompt_input=prompt_input, prompt_output=prompt_output,
                    color=color if prompt_output is None else False,
                    preload=PRELOAD + (PRELOAD_COLOR if color else ()))
    finally:
        if undo_early is not None:
            undo_early()
    return repl.loop()


class Repl:
    """One interactive session: read an input, run it, show what it gives, again."""

    def __init__(self, session, output, debug=False, prompt_input=None, prompt_output=None, color=False,
                 history=None, sandbox=None, preload=()):
        from .repl_prompt import make_prompt_session
        from .repl_startup import LazySession

        self.session = session
        self.output = output
        self.debug = debug
        self.inputs: list[str] = []  # this session's inputs, for %history
        if history is None:
            from .repl_history import open_history

            history = open_history(output.warn)
        self.prompt = make_prompt_session(session, history, color, input=prompt_input, output=prompt_output,
                                          sandbox=sandbox)
        if preload:
            self._start_preload_after_first_render(preload)
        # The magics learn they run in a REPL once the Session exists (it may be made late).
        if isinstance(session, LazySession):
            session.on_create = self.attach_magics
        else:
            self.attach_magics(session)

    def _start_preload_after_first_render(self, modules) -> None:
        # Importing on a thread while the prompt is being built only slows the prompt
        # (one GIL); once ">>> " is on the screen the user reads and types, and the
        # engine can load meanwhile.
        app = self.prompt.app

        def first_render(_app):
            app.after_render -= first_render
            from .repl_startup import preload

            preload(modules)

        app.after_render += first_render

    def attach_magics(self, session) -> None:
        from gradcalc.cli import magics

        from .repl_prompt import ask_yes_no

        magics.attach(session, self.output, interactive=True, history=self.inputs,
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
            status = self.execute(source)
            if status is not None:
                return status

    def is_exit(self, source: str) -> bool:
        word = source.strip()
        if word not in EXIT_WORDS:
            return False
        # A user's own variable named exit/quit is echoed, not obeyed.
        return word.endswith("()") or word not in getattr(self.session, "namespace", {})

    def execute(self, source: str) -> int | None:
        """Run one input and show what it gives; an exit status when it asks to leave."""
        try:
            run = self.session.run  # makes the Session on first use (and imports the interpreter)
        except KeyboardInterrupt:  # Ctrl-C while the engine was still loading
            self.after_ctrl_c()
            self.output.error(_Interrupted())
            return None
        import gradcalc.interpreter as interpreter
        from gradcalc.interpreter import UserError

        exit_requested = getattr(interpreter, "ExitRequested", SystemExit)
        query = _HELP_QUERY.fullmatch(source.strip())
        if query:  # `torch.ones?` or `?torch.ones`, as IPython: what %help NAME shows
            source = f"%help {query.group(1) or query.group(2)}"
        try:
            run(source, filename="<stdin>")
        except exit_requested as request:  # exit(n) in the user's code, e.g. inside an if
            return self.exit_status(request.code)
        except UserError as err:
            if err.kind == "KeyboardInterrupt":
                self.after_ctrl_c()
            elif self.debug and err.__cause__ is not None:  # --debug: where in gradcalc it came from
                self.output.error(Message("".join(traceback.format_exception(err.__cause__)).rstrip("\n")))
            self.output.error(err)
        except KeyboardInterrupt:
            # Ctrl-C outside the statement itself (while echoing, say): nothing to undo.
            self.after_ctrl_c()
            self.output.error(_Interrupted())
        except Exception as exc:  # a bug in gradcalc: say so, keep the session alive
            self.output.error(_InternalError(exc, self.debug))


    def exit_status(self, code) -> int:
        """As Python: exit() is 0, exit(n) is n, exit("why") prints why and is 1."""
        from .script import exit_status
        status, text = exit_status(code)
        if text is not None:
            self.output.error(Message(text))
        return status

    def after_ctrl_c(self) -> None:
        # The terminal echoed "^C" where the cursor was: start the message on its own line.
        try:
            if self.output.stream.isatty():
                self.output.write("\n")
        except (AttributeError, ValueError):
            pass


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
