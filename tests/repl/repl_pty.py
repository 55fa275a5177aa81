"""Run ``gradcalc`` in a real pseudo-terminal and read its screen like a person would.

prompt_toolkit draws with cursor movements and erasures, not as a stream of lines,
so the bytes are fed to ``Screen``, a minimal terminal (what prompt_toolkit uses
outside full-screen mode: relative cursor moves, erase line/below, carriage
return, autowrap; colours are ignored) with an unbounded scrollback. Tests wait for
screen states ("a new >>> prompt below the input"), never for a fixed time.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pexpect

WIDTH = 200
HEIGHT = 50
_CSI = re.compile(r"\x1b\[([0-?]*)([ -/]*)([@-~])")
_OSC = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
_ESC_OTHER = re.compile(r"\x1b[()][0-9A-Za-z]|\x1b[=>78cDEHMNOZ]")
ANSI_COLOUR = re.compile(r"\x1b\[[0-9;]*m")
ROOT = Path(__file__).resolve().parents[2]


class Screen:
    """The text a terminal would show, every line ever written kept (no scrolling off)."""

    def __init__(self, width: int = WIDTH):
        self.width = width
        self.lines = [[]]
        self.row = 0
        self.col = 0
        self.autowrap = True
        self._pending = ""

    def feed(self, data: str) -> None:
        text = self._pending + data
        self._pending = ""
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "\x1b":
                m = _CSI.match(text, i) or _OSC.match(text, i) or _ESC_OTHER.match(text, i)
                if m is None:
                    if len(text) - i < 32:  # an escape cut in two by the read: finish it next time
                        self._pending = text[i:]
                        return
                    i += 1
                    continue
                if m.re is _CSI:
                    self._csi(m.group(1), m.group(3))
                i = m.end()
                continue
            if ch == "\r":
                self.col = 0
            elif ch == "\n":
                self._move_row(1)
            elif ch == "\b":
                self.col = max(0, self.col - 1)
            elif ch >= " ":
                self._put(ch)
            i += 1

    def _move_row(self, n: int) -> None:
        self.row = max(0, self.row + n)
        while len(self.lines) <= self.row:
            self.lines.append([])

    def _put(self, ch: str) -> None:
        if self.col >= self.width:
            if not self.autowrap:
                return
            self._move_row(1)
            self.col = 0
        line = self.lines[self.row]
        if len(line) < self.col:
            line.extend(" " * (self.col - len(line)))
        if self.col < len(line):
            line[self.col] = ch
        else:
            line.append(ch)
        self.col += 1

    def _csi(self, params: str, final: str) -> None:
        private = params.startswith("?")
        numbers = [int(p) if p.isdigit() else 0 for p in params.lstrip("?").split(";")] if params else []
        n = numbers[0] if numbers and numbers[0] else 1
        if private:
            if params == "?7" and final in "hl":
                self.autowrap = final == "h"
            return
        if final == "A":
            self._move_row(-n)
        elif final == "B":
            self._move_row(n)
        elif final == "C":
            self.col = min(self.width, self.col + n)
        elif final == "D":
            self.col = max(0, self.col - n)
        elif final == "G":
            self.col = n - 1
        elif final == "K":
            mode = numbers[0] if numbers else 0
            line = self.lines[self.row]
            if mode == 0:
                del line[self.col:]
            elif mode == 1:
                line[: self.col] = [" "] * min(self.col, len(line))
            else:
                line.clear()
        elif final == "J":
            mode = numbers[0] if numbers else 0
            if mode == 0:
                del self.lines[self.row][self.col:]
                del self.lines[self.row + 1:]

    # --- reading the screen
    def line(self, row: int | None = None) -> str:
        return "".join(self.lines[self.row if row is None else row])

    def text(self) -> str:
        return "\n".join("".join(line).rstrip() for line in self.lines)


class ReplProcess:
    """``python -m gradcalc`` (or ``command``) on a pty, with a Screen of its output."""

    def __init__(self, home: Path, env=None, args=(), command=None, timeout: float = 60.0):
        base = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES")}
        base.update(HOME=str(home), XDG_STATE_HOME=str(home / "state"), TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1",
                    LC_ALL="C.UTF-8", LANG="C.UTF-8", PYTHONIOENCODING="utf-8")
        base.update(env or {})
        self.timeout = timeout
        command = list(command or repl_command()) + list(args)
        self.child = pexpect.spawn(command[0], command[1:], env=base, encoding="utf-8", cwd=str(home),
                                   dimensions=(HEIGHT, WIDTH), timeout=timeout)
        self.screen = Screen()
        self.raw = ""
        self.exitstatus = None

    # --- reading
    def pump(self, wait: float = 0.05) -> bool:
        """Read what is there (up to ``wait`` seconds); False at end of output."""
        try:
            data = self.child.read_nonblocking(65536, timeout=wait)
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False
        self.raw += data
        self.screen.feed(data)
        return True

    def wait_for(self, predicate, what: str, timeout: float | None = None):
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            result = predicate()
            if result:
                return result
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; screen:\n{self.screen.text()[-3000:]}")
            if not self.pump():
                result = predicate()
                if result:
                    return result
                raise AssertionError(f"gradcalc ended while waiting for {what}; screen:\n"
                                     f"{self.screen.text()[-3000:]}")

    def at_prompt(self, after_row: int = -1):
        """The row of a ``>>> `` or ``... `` prompt the cursor waits at (below ``after_row``), or None."""
        screen = self.screen
        line = screen.line()
        if screen.row <= after_row:
            return None
        if line.startswith(">>>") and screen.col == 4 and not line[4:].strip():
            return ">>> "
        if line.startswith("...") and screen.col >= 4 and not line[3:].strip():
            return "... " + " " * (screen.col - 4)  # with the pre-typed indentation
        return None

    def wait_prompt(self, after_row: int = -1, timeout: float | None = None) -> str:
        return self.wait_for(lambda: self.at_prompt(after_row), "a prompt", timeout)

    # --- typing
    def type_line(self, text: str) -> tuple[str, int]:
        """Type ``text`` and Enter at the current prompt; wait for the next prompt.

        Returns (that prompt, the row where ``text`` was typed)."""
        row = self.screen.row
        self.child.send(text + "\r")
        return self.wait_prompt(after_row=row), row

    def output_between(self, start_row: int, end_row: int) -> str:
        """The lines printed after the input line at ``start_row``, up to ``end_row``."""
        return "\n".join("".join(line).rstrip() for line in self.screen.lines[start_row + 1:end_row])

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def finish(self, timeout: float | None = None) -> int:
        """Read to the end of the output; the exit status."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while self.pump(0.2):
            if time.monotonic() > deadline:
                raise AssertionError(f"gradcalc did not end; screen:\n{self.screen.text()[-3000:]}")
        self.child.close()
        self.exitstatus = self.child.exitstatus
        return self.exitstatus

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


def repl_command():
    """How to start the REPL: as a user would, ``python -m gradcalc``."""
    return [sys.executable, "-m", "gradcalc"]
