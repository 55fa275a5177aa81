"""``gradcalc``'s REPL on the stand-in Session, for the pty tests until cli/main.py lands."""

import sys
import types
from pathlib import Path

from gradcalc.cli.repl import main


def factory(**kwargs):
    sys.path.insert(0, str(Path(__file__).parent))
    import gradcalc.interpreter as interpreter

    if not hasattr(interpreter, "Session"):
        import repl_standin as standin

        interpreter.Session, interpreter.UserError, interpreter.sandbox = (
            standin.Session, standin.UserError, standin.sandbox)
    return interpreter.Session(**kwargs)


args = types.SimpleNamespace(quiet="--quiet" in sys.argv, no_color="--no-color" in sys.argv, max_elements=None,
                             debug=False)
sys.exit(main(args, session_factory=factory))
