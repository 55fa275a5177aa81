"""``Session``: one user's variables, and running source in them (docs/interpreter-api.md)."""

from __future__ import annotations

import sys
import threading

from gradcalc.engine import limits
from gradcalc.engine.node import keep_freed_for_explain
from gradcalc.parser import ParseError, parse, parse_expression
from gradcalc.parser.parsing import normalize

from . import locate, memory_watch, sandbox
from .atomic import Transaction
from .callables import make_help
from .compile_stmt import compile_expression, compile_module
from .errors import UserError, from_exception, from_parse_error
from .runtime import ExitRequested, RUNNING_FLAG, Runtime, Stop, raise_stop

DEFAULT_MAX_DEPTH = 1000
# Python frames the evaluator may use per level of user recursion (call, body, statement,
# expression closures), and a ceiling that keeps C-level recursion (repr or == of a deeply
# nested list) clear of the C stack: measured safe at 20000 on an 8 MB stack.
_FRAMES_PER_CALL = 12
_PYTHON_LIMIT_CEILING = 20000


def python_recursion_limit(max_depth=DEFAULT_MAX_DEPTH):
    """The Python recursion limit a session with user recursion depth ``max_depth`` sets."""
    return min(_PYTHON_LIMIT_CEILING, max_depth * _FRAMES_PER_CALL + 4000)


class Session:
    """A namespace and the means to run code in it. See docs/interpreter-api.md."""

    def __init__(self, out=None, display=None, magic=None, max_elements=None, max_depth=None, timeout=None,
                 warn=None, max_memory=None):
        self.namespace = {}
        keep_freed_for_explain(True)  # %explain can show a backward after it ran
        builtins = dict(sandbox.global_names())
        builtins["print"] = sandbox.make_print(out if out is not None else (lambda text: sys.stdout.write(text)))
        builtins["help"] = make_help(out if out is not None else (lambda text: sys.stdout.write(text)))
        self.max_elements = max_elements
        self.max_memory = max_memory  # bytes; None: the engine's default (a share of the RAM); 0: none
        self.timeout = timeout
        self.warn = warn
        self._rt = Runtime(self.namespace, builtins, max_depth or DEFAULT_MAX_DEPTH, session=self)
        self._rt.display[0] = display
        self._rt.magic[0] = magic
        self._frame = [None]  # the module level's frame (its names live in the namespace)
        self._runs = 0        # nesting of run()/eval() (a magic may run code inside a statement)
        self._armed = [False]  # whether the timeout may raise right now (inside user code)
        self._warned = set()

    # -- the API ------------------------------------------------------------------------------
    @property
    def max_depth(self):
        return self._rt.max_depth[0]

    @max_depth.setter
    def max_depth(self, n):
        self._rt.max_depth[0] = n or DEFAULT_MAX_DEPTH

    def run(self, source, filename="<input>"):
        """Parse ``source`` and run it statement by statement; each statement is atomic."""
        try:
            self._run(source, filename)
        except KeyboardInterrupt:  # Ctrl-C while parsing or between two statements: nothing to undo
            raise UserError("KeyboardInterrupt", "") from None

    def _run(self, source, filename):
        with _Running(self):  # compiling a 1000-deep tree already needs the raised recursion limit
            code = self._compile(source, filename, parse, lambda node, text: compile_module(
                node, self._rt, filename, text, echo=True))
            frame = self._frame
            for ex, _ in code:
                self._atomic(ex, frame)

    def compiled(self, source, filename="<input>", atomic=True):
        """A function running ``source`` (parsed and compiled once, values not echoed), each
        statement atomic: for running the same code many times (%timeit). ``atomic=False``
        when the caller already runs inside a statement's transaction (a magic): a failure
        then undoes the whole statement, and each run does not copy again what it changes
        (a statement like ``n.append(1)`` copies ``n`` for its undo: once per run would make
        a timing loop quadratic)."""
        with _Running(self):
            code = self._compile(source, filename, parse, lambda node, text: compile_module(
                node, self._rt, filename, text, echo=False))

        if not atomic:
            def run_inline():
                for ex, _ in code:
                    ex(self._frame)
            return run_inline

        def run_compiled():
            with _Running(self):
                for ex, _ in code:
                    self._atomic(ex, self._frame)
        return run_compiled

    def eval(self, expression_source, filename="<input>"):
        """The value of one expression (atomic too)."""
        with _Running(self):
            ev = self._compile(expression_source, filename, parse_expression, lambda node, text: compile_expression(
                node, self._rt, filename, text))
            return self._atomic(ev, self._frame)

    def _compile(self, source, filename, parser, compiler):
        """Parse and compile, with syntax and depth errors as UserErrors placed in the source."""
        text = normalize(source)  # the parser's own, so that positions and our line lookups agree
        try:
            return compiler(parser(text, filename), text)
        except ParseError as err:
            raise from_parse_error(_placed(err, filename, text)) from None
        except RecursionError:  # as CPython words it; the parser's depth limit should prevent it
            raise UserError("RecursionError", "maximum recursion depth exceeded during compilation",
                            filename=filename) from None

    def set(self, name, value):
        """Bind variable ``name`` (``--grad`` inputs, ``%load``)."""
        self.namespace[name] = value

    def reset(self):
        """Forget every variable."""
        self.namespace.clear()

    def interrupt(self):
        """Ask the running statement to stop (from another thread; loops and calls check)."""
        self._rt.flag[0] = Stop("KeyboardInterrupt", "")

    # -- one statement -----------------------------------------------------------------------
    def _atomic(self, ev, frame):
        flag = self._rt.flag
        tx = Transaction(self.namespace)
        try:
            with tx:
                self._armed[0] = True
                outer_flag = RUNNING_FLAG[0]
                RUNNING_FLAG[0] = flag  # (for time.sleep, which waits in slices and checks it)
                try:
                    if flag[0] is not None:
                        raise_stop(flag)
                    result = ev(frame)
                finally:
                    self._armed[0] = False
                    RUNNING_FLAG[0] = outer_flag
        except ExitRequested:
            tx.commit()
            raise
        except UserError:  # from a magic, already worded
            tx.rollback()
            raise
        except BaseException as exc:
            err = from_exception(exc)  # worded first: str() of a user's exception reads its attributes
            if tx.rollback() and not isinstance(exc, KeyboardInterrupt):
                err = from_exception(KeyboardInterrupt())  # pressed during the undo, which it waited for
            raise err from exc
        tx.commit()
        return result


class _Running:
    """What holds during run()/eval(): limits, the timer, warnings and the anomaly locator."""

    __slots__ = ("session", "outer", "timer", "old_handler", "old_showwarning", "catcher", "old_locator",
                 "anomaly")

    def __init__(self, session):
        self.session = session

    def __enter__(self):
        s = self.session
        self.outer = s._runs > 0
        s._runs += 1
        if self.outer:
            return self
        needed = python_recursion_limit(s.max_depth)
        if sys.getrecursionlimit() < needed:
            sys.setrecursionlimit(needed)
        limits.set_max_elements(s.max_elements)
        limits.set_max_memory(s.max_memory)
        s._rt.flag[0] = None
        s._rt.depth[0] = 0
        self._start_timer()
        memory_watch.statements_running(True)
        self._catch_warnings()
        self.anomaly = sys.modules.get("gradcalc.engine.anomaly")
        if self.anomaly is not None and hasattr(self.anomaly, "set_source_locator"):
            self.old_locator = self.anomaly.set_source_locator(locate.source_location)
        return self

    def __exit__(self, *exc):
        s = self.session
        s._runs -= 1
        if self.outer:
            return False
        self._stop_timer()
        memory_watch.statements_running(False)
        self.catcher.__exit__(None, None, None)
        if self.anomaly is not None and hasattr(self.anomaly, "set_source_locator"):
            self.anomaly.set_source_locator(self.old_locator)
        s._rt.flag[0] = None
        return False

    # -- --timeout: SIGALRM raises inside the evaluation (a flag the loops check, off the main thread)
    def _start_timer(self):
        self.timer = self.old_handler = None
        timeout = self.session.timeout
        if not timeout:
            return
        stop = Stop("TimeoutError", f"the run took longer than the time limit of {timeout:.3g} s (--timeout)")
        flag, armed = self.session._rt.flag, self.session._armed
        if threading.current_thread() is threading.main_thread():
            import signal

            def on_alarm(signum, frame):
                flag[0] = stop
                if armed[0]:
                    raise_stop(flag)

            self.old_handler = signal.signal(signal.SIGALRM, on_alarm)
            signal.setitimer(signal.ITIMER_REAL, timeout)
            self.timer = "alarm"
        else:
            self.timer = threading.Timer(timeout, lambda: flag.__setitem__(0, stop))
            self.timer.daemon = True
            self.timer.start()

    def _stop_timer(self):
        if self.timer == "alarm":
            import signal

            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old_handler)
        elif self.timer is not None:
            self.timer.cancel()

    # -- warnings from the engine, shown at the user's line
    def _catch_warnings(self):
        import warnings

        self.catcher = warnings.catch_warnings()
        self.catcher.__enter__()
        warnings.simplefilter("always")
        warnings.showwarning = self._show_warning

    def _show_warning(self, message, category, filename, lineno, file=None, line=None):
        import warnings

        s = self.session
        loc = locate.current()
        if loc is None:
            text = warnings.formatwarning(message, category, filename, lineno, line)
            key = (filename, lineno, str(message))
        else:
            src, node = loc
            source_line = (src.line(node.line) or "").strip()
            text = f"{src.filename}:{node.line}: {category.__name__}: {message}\n"
            if source_line:
                text += f"  {source_line}\n"
            key = (id(src), node.line, str(message))
        if key in s._warned:  # Python's "default" action: once per place
            return
        s._warned.add(key)
        if s.warn is not None:
            s.warn(text)
        else:
            sys.stderr.write(text)


def _placed(err, filename, text):
    """A ParseError from the compiler carries no file name or line text yet."""
    err.filename = filename
    if not err.source_line:
        lines = text.split("\n")
        if 1 <= err.line <= len(lines):
            err.source_line = lines[err.line - 1]
    return err
