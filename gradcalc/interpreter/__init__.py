"""The gradcalc language's interpreter: runs parsed code against the engine, in a sandbox.

    from gradcalc.interpreter import Session, UserError
    session = Session(out=sys.stdout.write, display=print_repr)
    session.run("x = ones(2, requires_grad=True)\\nprint(x * 2)")

See docs/interpreter-api.md (the contract with the CLI) and docs/language.md.
Layout: ``scope`` (which name is which variable), ``compile_expr`` /
``compile_stmt`` / ``targets`` / ``functions`` (AST -> closures), ``sandbox``
(what the language can reach), ``atomic`` (undo of a failed statement),
``errors`` (UserError and where), ``session`` (the API), ``locate`` (the user's
current line, for anomaly mode and warnings), ``runtime`` (shared sentinels).
"""

__all__ = ["ExitRequested", "Session", "UserError"]

# Loaded on first use (PEP 562), so that importing one light submodule (``files``, whose file
# rules the CLI installs before anything runs) does not bring numpy and the engine with it: the
# REPL draws its first prompt before them (cli/repl_startup.py, cli/repl_early.py).
_HOMES = {"UserError": "errors", "ExitRequested": "runtime", "Session": "session"}


def __getattr__(name):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
