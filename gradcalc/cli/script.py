"""Running scripts (``gradcalc FILE...``, ``gradcalc -``) and one-shot code (``gradcalc -e CODE``).

Scripts behave like Python scripts: only ``print`` prints, the first uncaught
error stops the run (its text on stderr, exit status 1). All files run in one
session, in order, so a later file sees what an earlier one defined; all are
read before any runs, so a missing file stops everything with status 2. ``-e``
also echoes the value of each expression statement, as the REPL does.
``--timeout`` bounds the whole run.
"""

from __future__ import annotations

import gc
import os
import sys
import time

from .sources import Unreadable, decode, read_script

EXIT_OK, EXIT_USER_ERROR, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def run_files(paths, args):
    """Run the scripts ``paths`` (``-`` is stdin); returns the exit status."""
    scripts = []
    for path in paths:
        try:
            scripts.append(read_script(path))
        except Unreadable as e:
            sys.stderr.write(f"gradcalc: {e}\n")
            return EXIT_USAGE
    return _run(scripts, args, echo=False)


def run_code(code, args):
    """``-e CODE``: run it, echoing expression values; returns the exit status."""
    return _run([("<string>", code)], args, echo=True)


def relax_gc():
    """This process is ours: collect cycles less often. Graphs are freed by reference
    counting; the collector's frequent passes over millions of live nodes and tensors
    cost a third of a graph-heavy script's time (docs/performance.md)."""
    gc.set_threshold(100_000, 50, 1000)


def _run(scripts, args, echo):
    if args.timeout:
        _supervise(args.timeout)  # before numpy and its threads are loaded
    relax_gc()  # first: importing numpy and the engine allocates ~50,000 objects (a dozen collections)
    from gradcalc.interpreter import ExitRequested, Session, UserError

    gc.freeze()  # what the imports made lives as long as the process: later collections skip it

    from .render import Output, use_color

    output = Output(sys.stdout, sys.stderr, color=use_color(sys.stdout, args.no_color),
                    err_color=False if args.no_color else None)
    quiet = getattr(args, "quiet", False)
    session = Session(out=sys.stdout.write, display=output.display if echo else None,
                      magic=_MagicHandler(output), max_elements=args.max_elements,
                      max_memory=getattr(args, "max_memory", None),
                      warn=(lambda text: None) if quiet else None)
    from . import module_names
    module_names.install()  # %graph names the module that made each node
    deadline = time.monotonic() + args.timeout if args.timeout else None
    try:
        for filename, data in scripts:
            if deadline is not None:
                session.timeout = max(deadline - time.monotonic(), 1e-3)
            text = data if isinstance(data, str) else decode(filename, data)
            session.run(text, filename=filename)
    except UserError as err:
        if isinstance(err.__cause__, BrokenPipeError):  # print() to a reader that left: main() ends quietly
            raise err.__cause__ from None
        _show(output, err, args)
        return EXIT_INTERRUPTED if err.kind == "KeyboardInterrupt" else EXIT_USER_ERROR
    except KeyboardInterrupt:  # outside any statement (while parsing, say)
        sys.stdout.flush()
        sys.stderr.write("KeyboardInterrupt\n")
        return EXIT_INTERRUPTED
    except ExitRequested as e:
        sys.stdout.flush()
        return _exit_status(e.code)
    sys.stdout.flush()
    return EXIT_OK


# The time limit is first a flag the evaluation checks between statements and loop turns (the
# statement is undone and reported as usual). A single long call into C (sum(range(10**12)))
# never looks at it, and holds the interpreter lock so no thread can either: so the run goes on
# in a forked child, and this process ends it after a grace period.
_GRACE = 3.0


def _supervise(timeout):
    """Return in a child process that runs the program; the parent waits, stops an overrun child,
    and exits with the child's status. Where there is no fork, only the soft limit applies."""
    if not hasattr(os, "fork"):
        return
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        return
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the child, which reports it
    deadline = time.monotonic() + timeout + _GRACE
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            os._exit(128 - code if code < 0 else code)
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            sys.stderr.write(f"TimeoutError: the run took longer than the time limit of {timeout:.3g} s "
                             f"(--timeout); stopped during a long operation\n")
            sys.stderr.flush()
            os._exit(EXIT_USER_ERROR)
        time.sleep(0.01)


def _show(output, err, args):
    if args.debug and err.__cause__ is not None:
        import traceback

        sys.stdout.flush()
        sys.stderr.write("".join(traceback.format_exception(err.__cause__)))
        sys.stderr.write("-- the error as the user sees it:\n")
    if err.kind == "KeyboardInterrupt":  # a script stopped by Ctrl-C: show where it was
        sys.stdout.flush()
        sys.stderr.write(err.render() + "\n")
        return
    output.error(err)


def exit_status(code):
    """Python's rule for ``exit(code)``: (status, text to print or None). None is 0; an int
    (a bool too) is itself; anything else is printed and the status is 1."""
    if code is None:
        return EXIT_OK, None
    if isinstance(code, int):
        return code & 0xFF, None
    return EXIT_USER_ERROR, str(code)


def _exit_status(code):
    status, text = exit_status(code)
    if text is not None:
        sys.stdout.flush()
        sys.stderr.write(text + "\n")
    return status


class _MagicHandler:
    """``%name args`` lines: to ``gradcalc.cli.magics.handle``, imported on the first magic."""

    def __init__(self, output):
        self.output = output
        self.handle = None

    def __call__(self, session, name, args, stmt):
        if self.handle is None:
            from gradcalc.cli import magics

            magics.attach(session, self.output, interactive=False)
            self.handle = magics.handle
        return self.handle(session, name, args, stmt)
