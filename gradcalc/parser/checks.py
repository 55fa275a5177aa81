"""Checks on the finished tree that Python also makes before running anything.

* ``return``/``yield`` outside a function, ``break``/``continue`` outside a loop.
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
        elif kind is A.ClassDef:
            stack.extend((s, False, False) for s in reversed(stmt.body))
        elif kind is A.Try:
            for part in (stmt.finalbody, stmt.orelse, *[h.body for h in reversed(stmt.handlers)], stmt.body):
                stack.extend((s, in_function, in_loop) for s in reversed(part))
        elif kind is A.While or kind is A.For:
            # The else block runs after the loop: break/continue there refer outward.
            stack.extend((s, in_function, in_loop) for s in reversed(stmt.orelse))
            stack.extend((s, in_function, True) for s in reversed(stmt.body))
        elif kind is A.If:
            stack.extend((s, in_function, in_loop) for s in reversed(stmt.orelse))
            stack.extend((s, in_function, in_loop) for s in reversed(stmt.body))
        elif kind is A.With:
            stack.extend((s, in_function, in_loop) for s in reversed(stmt.body))


def check_yields(module: A.Module) -> None:
    """'yield' outside function (a yield in a class body or at the top level); 'yield' inside a
    comprehension."""
    stack = [(module, False)]
    children = A.iter_child_nodes
    while stack:
        node, in_function = stack.pop()
        kind = type(node)
        if kind is A.Yield or kind is A.YieldFrom:
            if not in_function:
                raise _error("'yield' outside function", node)
        if kind is A.FunctionDef or kind is A.Lambda:
            for p in node.params:
                if p.default is not None:
                    stack.append((p.default, in_function))
            for d in getattr(node, "decorator_list", ()):
                stack.append((d, in_function))
            body = node.body if kind is A.FunctionDef else (node.body,)
            stack.extend((s, True) for s in body)
            continue
        if kind is A.ClassDef:
            stack.extend((e, in_function) for e in node.bases + node.decorator_list)
            stack.extend((k.value, in_function) for k in node.keywords)
            stack.extend((s, False) for s in node.body)
            continue
        if kind in (A.ListComp, A.GeneratorExp, A.SetComp, A.DictComp):
            for sub in A.walk(node):
                if type(sub) is A.Yield or type(sub) is A.YieldFrom:
                    raise _error("'yield' inside " + {A.ListComp: "list comprehension",
                                                      A.GeneratorExp: "generator expression",
                                                      A.SetComp: "set comprehension",
                                                      A.DictComp: "dict comprehension"}[kind], sub)
            continue
        for child in children(node):
            stack.append((child, in_function))


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
