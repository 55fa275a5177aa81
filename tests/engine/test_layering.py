"""The engine's core imports nothing above it: no op module, at top level or inside a function.

The core is the data model and autograd machinery that every op is built on (see
docs/engine.md, "Layers"). Where it needs something from above at run time it calls
a slot in ``upcalls.py`` that the module above fills at import; it never names it.
The check reads the sources (AST), so an import hidden in a function counts too.
"""

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "gradcalc" / "engine"

# the core, bottom to top; each may import only modules of this list (and numpy, the stdlib)
CORE = (
    "dtypes", "devices", "grad_mode", "journal", "memory", "limits",
    "printing_options", "printing_numbers", "printing_layout", "printing",
    "upcalls", "tensor", "node", "grad_math", "backward", "anomaly", "graph_walk", "explain",
    "creation", "complex_support", "bf16",
)


def _imports(path):
    """(line, engine module imported or None for outside the engine, top level?) for every import."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []

    def visit(node, in_function):
        for child in ast.iter_child_nodes(node):
            nested = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.ImportFrom):
                if child.level == 1:  # from .x import y / from . import y
                    targets = [child.module] if child.module else [a.name for a in child.names]
                elif child.level > 1:
                    targets = ["..%s" % (child.module or "")]  # above gradcalc.engine
                elif (child.module or "").startswith("gradcalc"):
                    mod = child.module
                    targets = [mod[len("gradcalc.engine."):] if mod.startswith("gradcalc.engine.") else ".." + mod]
                else:
                    targets = [None]
                found.extend((child.lineno, t, not in_function) for t in targets)
            elif isinstance(child, ast.Import):
                for a in child.names:
                    name = a.name
                    t = name[len("gradcalc.engine."):] if name.startswith("gradcalc.engine.") else (
                        ".." + name if name.startswith("gradcalc") else None)
                    found.append((child.lineno, t, not in_function))
            visit(child, nested)

    visit(tree, False)
    return found


@pytest.mark.parametrize("name", CORE)
def test_core_module_imports_only_the_core(name):
    path = ENGINE / f"{name}.py"
    bad = []
    for line, target, top in _imports(path):
        if target is None:
            continue  # numpy or the standard library
        if target.split(".")[0] not in CORE:
            bad.append(f"{path.name}:{line} imports {target} ({'top level' if top else 'inside a function'})")
    assert not bad, "the core must not import from the layers above it (use upcalls.py):\n" + "\n".join(bad)


@pytest.mark.parametrize("name", CORE)
def test_core_module_has_no_dynamic_import(name):
    """No way around the check above: no importlib, no __import__."""
    text = (ENGINE / f"{name}.py").read_text()
    assert "importlib" not in text and "__import__" not in text


def test_the_check_sees_imports_inside_functions(tmp_path):
    p = tmp_path / "m.py"
    p.write_text("import numpy as np\nfrom .tensor import Tensor\n\n"
                 "def f():\n    from .ops.inplace import write\n    from ..interpreter import x\n")
    assert _imports(p) == [(1, None, True), (2, "tensor", True), (5, "ops.inplace", False),
                           (6, "..interpreter", False)]


def test_every_upcall_is_provided():
    import gradcalc.engine  # noqa: F401  (imports every provider)
    from gradcalc.engine import upcalls
    missing = [name for name in upcalls._NAMES if getattr(upcalls, name) is None]
    assert not missing, f"no module above the core provides: {missing}"


def test_no_op_reads_a_nodes_edges_by_index():
    """Ops ask ``ctx.should_compute(i)`` / ``ctx.needs_input_grad`` which gradients are wanted; none
    indexes the node's private edge tuple ``_next`` (only node.py and backward.py own it)."""
    import re
    pattern = re.compile(r"\._next\[")
    bad = []
    for path in sorted((ENGINE / "ops").glob("*.py")):
        for no, line in enumerate(path.read_text().splitlines(), 1):
            if pattern.search(line):
                bad.append(f"{path.name}:{no}: {line.strip()}")
    assert not bad, "use ctx.should_compute(i) instead of reading ctx._next:\n" + "\n".join(bad)
