"""The gradcalc parser: source text -> AST (see docs/language.md for the language).

    from gradcalc.parser import parse, ast, ParseError
    module = parse("y = x ** 2\nprint(y)", filename="script.py")
    for stmt in module.body: ...

Public API:
    parse(source, filename="<input>", max_depth=1000) -> ast.Module
    parse_expression(source, filename="<input>") -> ast.Expression
    input_status(source) -> "complete" | "incomplete" | "invalid"   (for the REPL)
    next_indent(source) -> str        indentation to pre-type on a continuation line
    ParseError                        the one exception (kind, message, line, column, ...)
    ast                               the node classes, dump(), walk()
"""

from . import ast
from .errors import ParseError
from .parsing import parse, parse_expression


def input_status(source: str) -> str:
    """"complete" | "incomplete" | "invalid" (see status.input_status)."""
    from .status import input_status as status

    return status(source)


def next_indent(source: str) -> str:
    """Indentation to pre-type on the next line (see status.next_indent)."""
    from .status import next_indent as indent

    return indent(source)


__all__ = ["ParseError", "ast", "input_status", "next_indent", "parse", "parse_expression"]
