"""A stand-in for gradcalc.interpreter.Session, used only until the real one lands.

It evaluates with Python's ``eval`` over the engine's names (tests only: never
user input), and has the parts of the Session API the differentiator and the
magics use: ``set``, ``eval``, ``namespace``, and errors as ``UserError``.
"""

import gradcalc.engine as torch


class UserError(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind
        self.message = message

    def render(self):
        return f"{self.kind}: {self.message}"


class StandinSession:
    def __init__(self, out=None, display=None, magic=None, max_elements=None, timeout=None):
        self.out = out
        self.namespace = {}

        def _print(*values):
            out(" ".join(str(v) for v in values) + "\n")

        self._globals = {"__builtins__": {"range": range, "len": len, "print": _print}, "torch": torch}
        self._globals.update({k: getattr(torch, k) for k in dir(torch) if not k.startswith("_")})

    def set(self, name, value):
        self.namespace[name] = value

    def run(self, source, filename="<input>"):
        try:
            exec(source, self._globals, self.namespace)
        except Exception as e:
            raise UserError(type(e).__name__, str(e)) from None

    def eval(self, source, filename="<input>"):
        try:
            return eval(source, self._globals, self.namespace)
        except Exception as e:
            raise UserError(type(e).__name__, str(e)) from None
