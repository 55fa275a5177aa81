"""``gradcalc``'s command line: which of the ways in (SPEC §1) to take, and exit statuses.

    gradcalc FILE...          run scripts (``-`` is stdin)
    gradcalc -e CODE          run CODE, echoing the value of each expression statement
    gradcalc --grad EXPR NAME=VALUE... [--json] [--vjp V | --forward [--tangent V] | --hvp V] [--hessian]
    gradcalc                  the REPL when stdin is a terminal, else stdin as a script

Exit status: 0 ok, 1 an error in the user's code, 2 a bad command line or a file
that cannot be read. Each way in is imported only when taken: ``--version`` and
``--help`` load neither numpy nor the engine.
"""

from __future__ import annotations

import os
import sys

EXIT_USAGE = 2


def build_parser():
    import argparse  # (not for the common command lines: see _plain_args)

    from gradcalc import __version__

    parser = argparse.ArgumentParser(
        prog="gradcalc",
        description="PyTorch-style tensor code with autograd, on numpy: scripts, one-shot code, a REPL, "
                    "and a differentiator.",
        epilog="Exit status: 0 ok, 1 an error in the code, 2 a bad command line or unreadable file. "
               "NO_COLOR in the environment turns colour off.")
    parser.add_argument("files", nargs="*", metavar="FILE", help="scripts to run in order ('-' reads stdin)")
    parser.add_argument("-e", "--eval", dest="code", metavar="CODE", action="append",
                        help="run CODE and print the value of each expression statement (several -e "
                             "run one after the other)")
    parser.add_argument("--grad", metavar="EXPR", nargs=argparse.REMAINDER,
                        help="differentiate EXPR: gradcalc --grad EXPR NAME=VALUE... [--json] [--vjp V | "
                             "--forward [--tangent V] | --hvp V] [--hessian]")
    parser.add_argument("--max-elements", type=_positive_int, metavar="N",
                        help="largest number of elements a tensor may have (default 2**28)")
    parser.add_argument("--max-memory", type=_size, metavar="SIZE",
                        help="memory the session may use in all, e.g. 4G or 512M (default: three quarters "
                             "of the RAM; 0 for no limit); past it a statement stops with MemoryError")
    parser.add_argument("--timeout", type=_positive_float, metavar="SECONDS",
                        help="stop a script or -e run that takes longer")
    parser.add_argument("--no-files", action="store_true",
                        help="no file access at all: %%save, %%load and %%graph --dot are refused")
    parser.add_argument("--debug", action="store_true", help="show gradcalc's own traceback with an error")
    parser.add_argument("--no-color", action="store_true", help="plain text output (as NO_COLOR=1)")
    parser.add_argument("--quiet", action="store_true", help="no banner in the REPL, no warnings in scripts")
    parser.add_argument("--version", action="version", version=f"gradcalc {__version__}")
    return parser


def _positive_int(text):
    from argparse import ArgumentTypeError  # (argparse is loaded when these run)

    try:
        n = int(text)
    except ValueError:
        raise ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n <= 0:
        raise ArgumentTypeError(f"must be positive: {text!r}")
    return n


def _size(text):
    from argparse import ArgumentTypeError  # (argparse is loaded when these run)

    from .sizes import parse_size
    try:
        return parse_size(text)
    except ValueError as e:
        raise ArgumentTypeError(str(e)) from None


def _positive_float(text):
    from argparse import ArgumentTypeError  # (argparse is loaded when these run)

    try:
        x = float(text)
    except ValueError:
        raise ArgumentTypeError(f"not a number: {text!r}") from None
    if not x > 0 or x == float("inf"):
        raise ArgumentTypeError(f"must be a positive number of seconds: {text!r}")
    return x


def _split_argv(argv):
    """Take ``-e CODE`` verbatim (CODE may start with '-') and everything after ``--grad``."""
    out = []
    grad = None
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":  # the rest are file names, whatever they look like
            out.extend(argv[i:])
            break
        if word == "--grad":
            grad = argv[i + 1:]
            break
        if word in ("-e", "--eval") and i + 1 < len(argv):
            out.append(f"--eval={argv[i + 1]}")
            i += 2
            continue
        out.append(word)
        i += 1
    return out, grad


def _plain_args(words, grad):
    """The arguments of the common command lines (``-e CODE``..., script names, nothing) read
    without argparse, whose import (with gettext and locale) is ~3 ms of a one-liner's start-up;
    None for anything else (options, a mix argparse refuses), which argparse then reads."""
    if grad is not None:
        return None
    code, files = [], []
    for word in words:
        if word.startswith("--eval="):
            code.append(word[len("--eval="):])
        elif word == "-" or not word.startswith("-"):
            files.append(word)
        else:
            return None
    if code and files:
        return None
    from types import SimpleNamespace

    return SimpleNamespace(files=files, code=code or None, grad=None, max_elements=None, max_memory=None,
                           timeout=None, no_files=False, debug=False, no_color=False, quiet=False)


def main(argv=None):
    """The console script's entry point; returns the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    words, grad = _split_argv(argv)
    parser = None
    args = _plain_args(words, grad)
    if args is None:
        parser = build_parser()
        try:
            args = parser.parse_args(words)
        except SystemExit as e:  # --help, --version, or a usage error (status 2)
            return e.code if isinstance(e.code, int) else EXIT_USAGE
    args.grad = grad
    if os.environ.get("NO_COLOR"):
        args.no_color = True
    try:
        return _dispatch(parser, args)
    except BrokenPipeError:  # `gradcalc x.py | head`: the reader left; so do we, quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as exc:  # a bug in gradcalc: no traceback unless --debug
        return _internal_error(exc, args.debug)


def _dispatch(parser, args):
    from gradcalc.interpreter.files import set_policy

    from .magics.file_access import program_file
    set_policy(program_file)  # a program's torch.save/torch.load follow the magics' file rules
    if args.no_files:
        from .magics.file_access import set_allowed

        set_allowed(False)
    if args.grad is not None:
        if args.code is not None or args.files:
            return _usage(parser, "--grad takes EXPR NAME=VALUE...; it cannot be combined with -e or scripts")
        from gradcalc.cli import differentiate

        return differentiate.main(args) or 0
    if args.code is not None:
        if args.files:
            return _usage(parser, "-e CODE cannot be combined with script files")
        from .script import run_code

        return run_code("\n".join(args.code), args)
    if args.files:
        from .script import run_files

        return run_files(args.files, args)
    if _stdin_is_terminal():
        from gradcalc.cli import repl

        return repl.main(args) or 0
    from .script import run_files

    return run_files(["-"], args)


def _stdin_is_terminal():
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _usage(parser, message):
    (parser or build_parser()).print_usage(sys.stderr)
    sys.stderr.write(f"gradcalc: error: {message}\n")
    return EXIT_USAGE


def _internal_error(exc, debug):
    sys.stdout.flush()
    if debug:
        import traceback

        sys.stderr.write("".join(traceback.format_exception(exc)))
    sys.stderr.write(f"gradcalc: internal error: {type(exc).__name__}: {exc} (please report it"
                     f"{'' if debug else '; --debug shows the traceback'})\n")
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
