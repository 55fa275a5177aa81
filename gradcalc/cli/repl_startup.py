"""A quick first prompt: show it before the engine is loaded, load the engine meanwhile.

numpy, the engine and the interpreter take about two thirds of the REPL's start-up.
The prompt needs none of them, so the REPL draws it first and imports them on a
background thread while the user reads the banner and types. The Session is made
on the main thread the first time something needs it (the first Enter, the first
Tab); if the imports are not finished by then, Python's import lock simply waits
for them. Nothing else changes: the same modules, the same Session.
"""

from __future__ import annotations

import threading
from importlib import import_module

# What the first statement will need, heaviest first.
PRELOAD = ("gradcalc.interpreter", "gradcalc.interpreter.sandbox", "gradcalc.engine", "gradcalc.parser",
           "gradcalc.cli.magics")
PRELOAD_COLOR = ("rich.console", "rich.text")


def preload(modules) -> threading.Thread:
    """Import ``modules`` on a daemon thread (errors are left for the real import to raise)."""

    def work():
        for name in modules:
            try:
                import_module(name)
            except Exception:  # the main thread's own import will report it
                pass

    thread = threading.Thread(target=work, name="gradcalc-preload", daemon=True)
    thread.start()
    return thread


class LazySession:
    """Stands for the Session until it is first used, then makes it (once) and defers to it."""

    def __init__(self, factory, on_create=None):
        self._factory = factory
        self.on_create = on_create
        self._real = None

    @property
    def real(self):
        if self._real is None:
            self._real = self._factory()
            if self.on_create is not None:
                self.on_create(self._real)
        return self._real

    def __getattr__(self, name):
        return getattr(self.real, name)
