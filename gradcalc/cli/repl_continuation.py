"""What Enter does at the REPL prompt: run the input, or continue it on a new line.

The parser decides, not a guess from the last character: ``input_status`` says
whether the text is a whole statement, and ``next_indent`` what to pre-type on the
continuation line. As in Python's REPL, a block (``while``, ``with``, ``def`` ...)
stays open until an empty line; a line holding only the pre-typed indentation
counts as empty.
"""

from __future__ import annotations

from typing import NamedTuple


class EnterAction(NamedTuple):
    submit: bool      # True: run the text; False: insert a newline and ``indent``
    indent: str = ""
    text: str | None = None  # the input rewritten first (an ``else:`` moved back to its ``if``), or None


_CLAUSES = ("else", "elif")


def on_enter(text: str) -> EnterAction:
    """Decide what Enter does with ``text`` (the whole input so far, cursor at its end)."""
    from gradcalc.parser import input_status, next_indent

    # The text as it will be once this Enter is pressed: it ends with a newline, so
    # a trailing whitespace-only line is an empty line that closes open blocks.
    status = input_status(text + "\n")
    rewritten = None
    if status == "invalid":
        rewritten = _dedent_clause(text, input_status)
        if rewritten is not None:
            text, status = rewritten, "incomplete"
    if status != "incomplete":
        # "invalid" is submitted too: the Session reports the syntax error.
        return EnterAction(True)
    return EnterAction(False, next_indent(text), rewritten)


def _dedent_clause(text: str, input_status) -> str | None:
    """``else:``/``elif ...:`` typed at the body's pre-typed indentation belongs one level out,
    to its ``if``: the text with that line moved back, when that makes the input whole again."""
    lines = text.split("\n")
    last = lines[-1]
    word = last.strip().split(" ", 1)[0].rstrip(":")
    indent = len(last) - len(last.lstrip(" "))
    if word not in _CLAUSES or indent < 4 or not last.rstrip().endswith(":"):
        return None
    lines[-1] = last[4:]
    candidate = "\n".join(lines)
    return candidate if input_status(candidate + "\n") == "incomplete" else None


def clean_source(text: str) -> str:
    """The text to run and to keep in history: without the trailing empty lines."""
    from gradcalc.parser.parsing import unix_newlines

    lines = unix_newlines(text).split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines)


def dedent_width(line_before_cursor: str) -> int:
    """How many spaces Backspace removes in leading indentation: back to the previous
    multiple of 4 (one level), or 1 when the cursor is not in leading blanks."""
    if not line_before_cursor or line_before_cursor.strip(" "):
        return 1
    width = len(line_before_cursor) % 4
    return width or 4
