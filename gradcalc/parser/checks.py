"""Checks on the finished tree that Python also makes before running anything.

* ``return`` outside a function, ``break``/``continue`` outside a loop.
* Nesting depth: the interpreter walks the tree recursively, so the parser promises
  it is at most ``max_depth`` levels deep and says "too deeply nested" otherwise
  (with the position of the first node past the limit). Everything here is iterative.
"""

from __future__ import annotations

from . import ast as A
from .errors import ParseError

MAX_DEPTH = 1000


def check_statements(module: A.Module) -> None:
    """'return' outside function, 'break' outside loop, 'continue' not properly in loop."""
    stack = [(stmt, False, False) for stmt in reversed(module.body)]
    while stack:
        stmt, in_function, in_loop = stack.pop()
        kind = type(stmt)
        if kind is A.Return and not in_function:
            raise _error("'return' outside function", stmt)
        if kind is A.Break and not in_loop:
            raise _error("'break' outside loop", stmt)
        if kind is A.Continue and not in_loop:
            raise _error("'continue' not properly in loop", stmt)
        if kind is A.FunctionDef:
            stack.extend((s, True, False) for s in reversed(stmt.body))
        elif kind is A.While or kind is A.For:
            # The else block runs after the loop: break/continue there refer outward.
            stack.extend((s, in_function, in_loop) for s in reversed(stmt.orelse))
            stack.extend((s, in_function, True) for s in reversed(stmt.body))
        elif kind is A.If:
            stack.extend((s, in_function, in_loop) for s in reversed(stmt.orelse))
            stack.extend((s, in_function, in_loop) for s in reversed(stmt.body))
        elif kind is A.With:
            stack.extend((s, in_function, in_loop) for s in reversed(stmt.body))


def check_depth(root: A.Node, max_depth: int) -> None:
    """Raise if any node lies more than ``max_depth`` levels below ``root``."""
    stack = [(root, 1)]
    children = A.iter_child_nodes
    while stack:
        node, depth = stack.pop()
        if depth > max_depth:
            raise _error("expression too deeply nested" if isinstance(node, A.Expression)
                         else "too many nested blocks", node,
                         detail=f" (the limit is {max_depth} levels)")
        depth += 1
        for child in children(node):
            stack.append((child, depth))


def _error(message: str, node: A.Node, detail: str = "") -> ParseError:
    return ParseError(message + detail, line=node.line, column=node.column,
                      end_line=node.end_line, end_column=node.end_column)
