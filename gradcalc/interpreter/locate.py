"""Where in the user's source the running code is, found from the Python stack.

Compiled closures carry ``loc = (Source, node)``; the innermost closure frame on
the stack is the user's current expression. Nothing is tracked while code runs:
only the (rare) callers below walk the stack — the anomaly-mode locator, when a
node is recorded, and warnings, when one is shown.
"""

from __future__ import annotations

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
_CODE_FILES = frozenset(os.path.join(_HERE, name) for name in
                        ("compile_expr.py", "compile_stmt.py", "targets.py", "functions.py"))


def current():
    """(Source, node) of the innermost user expression being evaluated, or None."""
    frame = sys._getframe(1)
    while frame is not None:
        code = frame.f_code
        if code.co_filename in _CODE_FILES and "loc" in code.co_freevars:
            loc = frame.f_locals.get("loc")
            if type(loc) is tuple and len(loc) == 2:
                return loc
        frame = frame.f_back
    return None


def source_location():
    """The anomaly-mode locator: ``SourceLocation(file, line, column, source_line, end_column)``."""
    loc = current()
    if loc is None:
        return None
    from gradcalc.engine.anomaly import SourceLocation

    src, node = loc
    end = node.end_column if node.end_line == node.line else None
    return SourceLocation(src.filename, node.line, node.column, src.line(node.line), end)
