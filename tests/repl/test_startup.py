"""The prompt comes before the engine: what the REPL imports up front, and the lazy Session."""

from __future__ import annotations

import subprocess
import sys

from gradcalc.cli.repl_startup import LazySession, preload


def _loaded_after(statements, prefixes):
    """The modules starting with ``prefixes`` that a fresh Python has after ``statements``."""
    code = f"import sys\n{statements}\nprint(sorted(m for m in sys.modules if m.startswith({prefixes!r})))"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def test_the_prompt_needs_neither_numpy_nor_the_engine():
    imports = ("import gradcalc.cli.repl, gradcalc.cli.repl_prompt, gradcalc.cli.repl_history, gradcalc.cli.repl_keys, "
               "gradcalc.cli.render, gradcalc.cli.magics")
    assert _loaded_after(imports, ("numpy", "rich", "gradcalc.engine", "gradcalc.interpreter")) == "[]"


def test_the_cli_installs_its_file_rules_without_the_engine():
    # (main._dispatch does this before the REPL's first prompt)
    statements = ("from gradcalc.interpreter.files import set_policy\n"
                  "from gradcalc.cli.magics.file_access import program_file\nset_policy(program_file)")
    assert _loaded_after(statements, ("numpy", "gradcalc.engine", "gradcalc.interpreter.session")) == "[]"


def test_lazy_session_is_made_once_on_first_use():
    made, seen = [], []

    class Fake:
        namespace = {"a": 1}

    lazy = LazySession(lambda: made.append(1) or Fake(), on_create=seen.append)
    assert made == []
    assert lazy.namespace == {"a": 1} and lazy.namespace == {"a": 1}
    assert made == [1] and len(seen) == 1 and isinstance(seen[0], Fake)


def test_preload_imports_on_a_thread_and_ignores_failures():
    thread = preload(["json", "no_such_module_for_gradcalc"])
    thread.join(10)
    assert not thread.is_alive() and "json" in sys.modules
