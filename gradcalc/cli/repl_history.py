"""Where the REPL keeps its history, and what happens when it cannot.

``$XDG_STATE_HOME/gradcalc/history`` (default ``~/.local/state/gradcalc/history``),
in prompt_toolkit's file format (a multi-line input stays one entry). If that file
cannot be created or written, history lives in memory for this session and the
user is told once.
"""

from __future__ import annotations

import os
from pathlib import Path

from prompt_toolkit.history import FileHistory, InMemoryHistory

from .repl_continuation import clean_source


def history_path(environ=None) -> Path:
    environ = os.environ if environ is None else environ
    base = environ.get("XDG_STATE_HOME") or ""
    # The XDG spec: a relative path is invalid and must be ignored.
    state = Path(base) if os.path.isabs(base) else Path(environ.get("HOME") or Path.home()) / ".local" / "state"
    return state / "gradcalc" / "history"


class _CleanEntries:
    """Keep each input as it runs: without the empty line that closed its block."""

    def append_string(self, string: str) -> None:
        string = clean_source(string)
        if string.strip():
            super().append_string(string)


class MemoryHistory(_CleanEntries, InMemoryHistory):
    pass


class SafeFileHistory(_CleanEntries, FileHistory):
    """A FileHistory that turns into a memory-only one if a later write fails
    (disk full, file removed read-only ...), with one warning."""

    def __init__(self, filename, warn):
        super().__init__(filename)
        self._warn = warn
        self._broken = False

    def store_string(self, string: str) -> None:
        if self._broken:
            return
        try:
            super().store_string(string)
        except OSError as exc:
            self._broken = True
            self._warn(f"gradcalc: history not saved ({_reason(exc)}); keeping it in memory")

    def load_history_strings(self):
        try:
            yield from super().load_history_strings()
        except OSError:
            return


def open_history(warn, path: Path | None = None):
    """The REPL's history: on disk if the file can be written, else in memory (one warning)."""
    path = history_path() if path is None else path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "ab"):
            pass
    except OSError as exc:
        warn(f"gradcalc: cannot write history to {path} ({_reason(exc)}); history kept in memory only")
        return MemoryHistory()
    return SafeFileHistory(str(path), warn)


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__
