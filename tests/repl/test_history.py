"""History on disk under XDG_STATE_HOME, cleaned entries, and the in-memory fallback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gradcalc.cli.repl_history import MemoryHistory, SafeFileHistory, history_path, open_history
from repl_testutil import ENTER, drive


def test_history_path():
    assert history_path({"XDG_STATE_HOME": "/s", "HOME": "/h"}) == Path("/s/gradcalc/history")
    assert history_path({"HOME": "/h"}) == Path("/h/.local/state/gradcalc/history")
    assert history_path({"XDG_STATE_HOME": "relative", "HOME": "/h"}) == Path("/h/.local/state/gradcalc/history")


def test_history_persists_across_sessions(recorder, tmp_path):
    path = tmp_path / "state" / "gradcalc" / "history"
    warnings = []
    drive(recorder, "a = 1" + ENTER + "if a:" + ENTER + "b = 2" + ENTER + ENTER,
          history=open_history(warnings.append, path))
    assert warnings == [] and path.exists()
    again = open_history(warnings.append, path)
    assert isinstance(again, SafeFileHistory)
    # newest first; the block is one entry, without the empty line that closed it
    assert list(again.load_history_strings()) == ["if a:\n    b = 2", "a = 1"]


def test_up_arrow_recalls_the_previous_session(recorder, tmp_path):
    path = tmp_path / "history"
    drive(recorder, "41 + 1" + ENTER, history=open_history(print, path))
    drive(recorder, "\x1b[A" + ENTER, history=open_history(print, path))  # Up, Enter
    assert recorder.text == "42\n42\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_location_falls_back_to_memory_with_one_warning(recorder, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    warnings = []
    history = open_history(warnings.append, locked / "gradcalc" / "history")
    assert isinstance(history, MemoryHistory)
    assert len(warnings) == 1 and "history kept in memory" in warnings[0]
    drive(recorder, "1" + ENTER + "2" + ENTER, history=history)
    assert len(warnings) == 1 and recorder.text == "1\n2\n"


def test_state_home_that_is_a_file_falls_back(recorder, tmp_path):
    (tmp_path / "state").write_text("not a directory")
    warnings = []
    history = open_history(warnings.append, history_path({"XDG_STATE_HOME": str(tmp_path / "state")}))
    assert isinstance(history, MemoryHistory) and len(warnings) == 1
    assert warnings[0].startswith(f"gradcalc: cannot write history to {tmp_path / 'state'}")
    drive(recorder, "1" + ENTER, history=history)
    assert recorder.text == "1\n" and len(warnings) == 1


def test_history_that_is_a_directory(tmp_path):
    (tmp_path / "history").mkdir()
    warnings = []
    assert isinstance(open_history(warnings.append, tmp_path / "history"), MemoryHistory)
    assert len(warnings) == 1


def test_a_write_failing_later_warns_once(tmp_path, monkeypatch):
    from prompt_toolkit.history import FileHistory

    warnings = []
    history = open_history(warnings.append, tmp_path / "history")

    def disk_full(self, string):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(FileHistory, "store_string", disk_full)
    history.append_string("a = 1")
    history.append_string("b = 2")
    assert warnings == ["gradcalc: history not saved (No space left on device); keeping it in memory"]
    assert list(history.get_strings()) == ["a = 1", "b = 2"]
