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

from .errors import UserError
from .runtime import ExitRequested
from .session import Session

__all__ = ["ExitRequested", "Session", "UserError"]
