"""The first ``>>> `` comes before prompt_toolkit has loaded (cli/repl_early.py).

Keys typed at it reach the line editor once it runs, Ctrl-C there is a key (an empty input)
rather than a signal, and the terminal is the user's own again when gradcalc leaves. To type
while the editor is surely still loading, prompt_toolkit's import is slowed by a
``sitecustomize`` on the child's path (test-only; the product has no hook for it).
"""

from __future__ import annotations

import os
import shlex

import pytest

from repl_pty import ReplProcess, repl_command

pytestmark = pytest.mark.skipif(not __import__("shutil").which("stty"), reason="needs a Unix pty")

_SLOW_EDITOR = '''
import sys, time

class _SlowPromptToolkit:
    """Delay prompt_toolkit's import: the REPL's line editor starts late."""
    def find_spec(self, name, path=None, target=None):
        if name == "prompt_toolkit":
            time.sleep(1.0)
        return None

sys.meta_path.insert(0, _SlowPromptToolkit())
'''


def _slow_env(tmp_path):
    site = tmp_path / "slow_site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(_SLOW_EDITOR)
    path = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH")) if p)
    return {"PYTHONPATH": path}


def _first_prompt(process):
    process.wait_for(lambda: ">>> " in process.raw, "the first prompt")
    # bracketed paste on is prompt_toolkit's first act on the terminal: not yet there
    assert "\x1b[?2004h" not in process.raw[:process.raw.index(">>> ")]


def test_keys_typed_before_the_line_editor_runs_reach_it(tmp_path):
    process = ReplProcess(tmp_path, env=_slow_env(tmp_path))
    try:
        _first_prompt(process)
        process.send("6 * 7\r")
        process.wait_for(lambda: "42" in process.screen.text(), "the value of the early input")
        process.wait_prompt(after_row=process.screen.text().split("\n").index("42"))
        assert process.screen.text().count("6 * 7") == 1  # drawn once, by the editor (nothing echoed early)
        process.send("\x04")
        assert process.finish() == 0
    finally:
        process.close()


def test_ctrl_c_before_the_line_editor_runs_is_an_empty_input(tmp_path):
    process = ReplProcess(tmp_path, env=_slow_env(tmp_path))
    try:
        _first_prompt(process)
        process.send("abc\x03")  # typed, then Ctrl-C: the line is dropped, no KeyboardInterrupt
        process.send("1 + 2\r")
        process.wait_for(lambda: "\n3" in process.screen.text(), "the value after Ctrl-C")
        assert "Traceback" not in process.screen.text() and "KeyboardInterrupt" not in process.screen.text()
        process.send("\x04")
        assert process.finish() == 0
    finally:
        process.close()


def test_the_terminal_is_the_users_own_after_an_early_exit(tmp_path):
    gradcalc = " ".join(shlex.quote(part) for part in repl_command())
    command = ["bash", "-c", f"{gradcalc}; echo; stty -a"]
    process = ReplProcess(tmp_path, env=_slow_env(tmp_path), command=command)
    try:
        _first_prompt(process)
        process.send("\x04")  # Ctrl-D before the line editor runs: gradcalc leaves
        process.finish()
        settings = process.raw.split("speed", 1)[-1].split()
        for flag in ("echo", "icanon", "isig", "iexten"):
            assert flag in settings and "-" + flag not in settings, flag
    finally:
        process.close()
