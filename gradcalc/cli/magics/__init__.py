"""The magic registry: ``%name args`` lines, in the REPL and in scripts.

The Session calls ``handle(session, name, args, stmt)`` for each magic line
(``Session(magic=magics.handle)``); ``stmt`` is the parser's ``ast.Magic`` node.
Each magic lives in its own module, imported only when first used (start-up
matters), and is declared in ``MAGICS`` as ``name -> "module:function"``.

A magic function is ``run(ctx, args)``:

    ctx.session      the Session (namespace, set, reset, run)
    ctx.output       the cli.render.Output: write / display / error / print / console
    ctx.interactive  True in the REPL (e.g. %reset asks y/N there, nothing in scripts)
    ctx.history      the inputs of this REPL session so far (a list of str; [] in scripts)
    ctx.confirm(q)   asks a yes/no question in the REPL (False when not interactive)
    ctx.stmt         the ast.Magic node being run (line, column, text)
    ctx.error(kind, message)   an error to raise: ``raise ctx.error("ValueError", "...")``

The CLI describes its surroundings once per session with ``attach(session, ...)``;
a session never attached (a script run by someone else's code) gets a plain,
non-interactive context on stdout.
"""

from __future__ import annotations

import weakref
from importlib import import_module

# name -> (where, one-line summary). %help lists these; summaries live here so that
# listing them imports no magic module.
MAGICS = {
    "vars": ("gradcalc.cli.magics.variables:run", "table of the session's variables"),
    "reset": ("gradcalc.cli.magics.reset:run", "forget every variable"),
    "help": ("gradcalc.cli.magics.helptext:run", "what the language offers, or one NAME"),
    "time": ("gradcalc.cli.magics.timing:run", "run a statement and print its wall time"),
    "timeit": ("gradcalc.cli.magics.timing:timeit", "time a statement over many loops, as IPython's %timeit"),
    "history": ("gradcalc.cli.magics.history:run", "the inputs of this session (the last N)"),
    "save": ("gradcalc.cli.magics.npz:save", "save tensors (all, or the NAMEs) to a .npz file"),
    "load": ("gradcalc.cli.magics.npz:load", "load the tensors of a .npz file"),
    "graph": ("gradcalc.cli.magics.graph:run", "the autograd graph behind a tensor, as a tree"),
    "explain": ("gradcalc.cli.magics.explain:run",
                "the backward (or --forward) pass of a tensor, step by step; an optimizer step"),
}

# The usage line of each magic, for %help NAME and for argument errors.
USAGE = {
    "vars": "%vars",
    "reset": "%reset",
    "help": "%help [NAME]",
    "time": "%time STATEMENT",
    "timeit": "%timeit STATEMENT",
    "history": "%history [N]",
    "save": "%save FILE [NAME ...] [--force]",
    "load": "%load FILE",
    "graph": "%graph T [--depth N] [--dot FILE [--force]]",
    "explain": ("%explain T [--gradient V] [--accumulate]  |  %explain T --forward [--tangent V]  |  "
                "%explain OPT.step()"),
}


class MagicError(Exception):
    """An error in how a magic was used (``UsageError``) or in what it was asked to do
    (``FileNotFoundError``, ``NameError`` ...).

    The Session turns it into a UserError located at the magic's line (any exception
    with ``kind`` and ``message`` attributes gets that kind), exactly as for an error
    of the user's code; the last line reads ``kind: message``.
    """

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
        self.message = message


def make_error(kind: str, message: str, stmt=None) -> MagicError:
    return MagicError(kind, message)


class MagicContext:
    """What a magic may use besides its arguments (see the module docstring)."""

    def __init__(self, session, output=None, interactive: bool = False, history=None, confirm=None):
        if output is None:
            from gradcalc.cli.render import Output

            output = Output()
        self.session = session
        self.output = output
        self.interactive = interactive
        self.history = history if history is not None else []
        self._confirm = confirm
        self.stmt = None

    def confirm(self, question: str) -> bool:
        if not self.interactive or self._confirm is None:
            return False
        return bool(self._confirm(question))

    def error(self, kind: str, message: str):
        return make_error(kind, message, self.stmt)


_contexts: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def attach(session, output=None, interactive: bool = False, history=None, confirm=None) -> MagicContext:
    """Tell the magics of ``session`` where to print and whether a person is there."""
    ctx = MagicContext(session, output, interactive, history, confirm)
    try:
        _contexts[session] = ctx
    except TypeError:  # a session that cannot be weakly referenced: keep it on the object
        session._gradcalc_magic_context = ctx
    return ctx


def context_for(session) -> MagicContext:
    ctx = _contexts.get(session) if _is_weakrefable(session) else getattr(session, "_gradcalc_magic_context", None)
    if ctx is None:
        ctx = attach(session)
    return ctx


def _is_weakrefable(obj) -> bool:
    try:
        weakref.ref(obj)
    except TypeError:
        return False
    return True


def resolve(name: str):
    """The function behind ``%name``; raises LookupError (unknown) or ImportError (not built yet)."""
    where, _ = MAGICS[name]
    module_name, _, func_name = where.partition(":")
    return getattr(import_module(module_name), func_name)


def handle(session, name: str, args: str, stmt=None) -> None:
    """Run the magic ``%name args`` (the Session's ``magic`` callback)."""
    ctx = context_for(session)
    ctx.stmt = stmt
    if name not in MAGICS:
        raise ctx.error("UsageError", unknown_magic_message(name))
    resolve(name)(ctx, args)


def unknown_magic_message(name: str) -> str:
    if not name:
        return "a magic needs a name after '%' (try %help)"
    message = f"unknown magic '%{name}' (%help lists them)"
    import difflib  # (only for a misspelt magic: not at start-up)
    close = difflib.get_close_matches(name, MAGICS, n=1)
    if close:
        message += f". Did you mean: '%{close[0]}'?"
    return message
