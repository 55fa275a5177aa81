"""The magic registry: lazy lookup, clear errors for unknown and not-yet-built magics."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from gradcalc.cli import magics


def test_every_magic_has_a_usage_line_and_summary():
    assert set(magics.USAGE) == set(magics.MAGICS)
    assert {"vars", "reset", "help", "time", "history", "save", "load", "graph", "explain"} <= set(magics.MAGICS)


def test_registered_modules_resolve_unless_not_built_yet():
    for name, (where, summary) in magics.MAGICS.items():
        module = where.partition(":")[0]
        assert summary
        if importlib.util.find_spec(module) is not None:
            assert callable(magics.resolve(name))


def test_unknown_magic_suggests(make_session, interpreter_api):
    session, rec = make_session()
    with pytest.raises(interpreter_api.UserError) as info:
        session.run("%varz")
    assert info.value.kind == "UsageError"
    assert "unknown magic '%varz'" in info.value.message
    assert "Did you mean: '%vars'?" in info.value.message


def test_every_registered_magic_resolves():
    for name in magics.MAGICS:
        assert callable(magics.resolve(name))


def test_registry_import_is_light():
    code = "import sys, gradcalc.cli.magics; print(sorted(m for m in sys.modules if m.startswith(('rich', 'prompt_toolkit', 'numpy', 'gradcalc.cli.magics.'))))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
