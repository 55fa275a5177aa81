"""Is what the user typed so far a whole statement? (for the REPL's continuation prompt)"""

from __future__ import annotations

from . import ast as A
from .errors import ParseError
from .parsing import parse, unix_newlines

_COMPOUND = (A.If, A.While, A.For, A.With, A.FunctionDef)


def _ends_with_blank_line(source: str) -> bool:
    text = unix_newlines(source)
    if not text.endswith("\n"):
        return False
    lines = text.split("\n")
    # lines[-1] is "" (after the final newline); the line before it must be blank.
    return len(lines) >= 2 and lines[-2].strip() == "" and len(lines) > 2


def input_status(source: str) -> str:
    """"complete", "incomplete" or "invalid", as Python's REPL decides it.

    Incomplete: the parser ran out of input inside a bracket, after a trailing
    backslash, inside a triple-quoted string, or where a block must follow (``if x:``);
    and a compound statement stays incomplete until an empty line ends it, so that
    ``if x:\\n    y = 1\\n`` waits for more and ``if x:\\n    y = 1\\n\\n`` is complete.
    Invalid: any other syntax error (calling parse() gives its message).
    """
    if not source.strip():
        return "complete"
    try:
        module = parse(source)
    except ParseError as err:
        if not err.incomplete:
            return "invalid"
        if err.kind == "IndentationError" and _ends_with_blank_line(source):
            return "invalid"  # the empty line ended the block before it had a body
        return "incomplete"
    if module.body and isinstance(module.body[-1], _COMPOUND) and not _ends_with_blank_line(source):
        return "incomplete"
    return "complete"


def _without_comment(line: str) -> str:
    """``line`` up to a ``#`` that is not inside a string literal."""
    quote = None
    i = 0
    while i < len(line):
        ch = line[i]
        if quote is not None:
            if ch == "\\":
                i += 1
            elif line.startswith(quote, i):
                i += len(quote) - 1
                quote = None
        elif ch == "#":
            return line[:i]
        elif ch in "'\"":
            quote = ch * 3 if line.startswith(ch * 3, i) else ch
            i += len(quote) - 1
        i += 1
    return line


def _inside_triple_quotes(text: str) -> bool:
    """Whether ``text`` ends inside an unterminated triple-quoted string (the parser says)."""
    if '"""' not in text and "'''" not in text:
        return False
    try:
        parse(text + "\n")
    except ParseError as err:
        return err.incomplete and "triple-quoted" in err.message
    return False


def next_indent(source: str) -> str:
    """The indentation to pre-type on the next line of ``source``.

    After a line ending with ``:`` one level (4 spaces) more than that line; inside an
    indented block the block's indentation; at top level (or inside brackets, where
    indentation does not matter) nothing. An empty last line ends the block.
    """
    text = unix_newlines(source)
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    if not lines:
        return ""
    last = lines[-1]
    if not last.strip():
        return ""
    if _inside_triple_quotes(text):
        return ""  # the next line belongs to a string: type nothing into it
    indent = last[: len(last) - len(last.lstrip())]
    code = _without_comment(last).rstrip()
    if code.endswith(":"):
        return indent + "    "
    if indent and code.split()[:1] in (["return"], ["pass"], ["break"], ["continue"]):
        return indent[:-4] if indent.endswith("    ") else ""
    return indent
