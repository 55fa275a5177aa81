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


def on_enter(text: str) -> EnterAction:
    """Decide what Enter does with ``text`` (the whole input so far, cursor at its end)."""
    from gradcalc.parser import input_status, next_indent

    # The text as it will be once this Enter is pressed: it ends with a newline, so
    # a trailing whitespace-only line is an empty line that closes open blocks.
    status = input_status(text + "\n")
    if status == "invalid" and _block_header_at_end(text):
        status = "incomplete"
    if status != "incomplete":
        # "invalid" is submitted too: the Session reports the syntax error.
        return EnterAction(True)
    return EnterAction(False, next_indent(text))


def _block_header_at_end(text: str) -> bool:
    """A nested block header on the last line (``for ...:`` / ``    if i:``) waiting for its body.

    input_status calls this "invalid" (an IndentationError found *after* the end of
    the input, where the body is still to come), though more lines fix it; the
    top-level case it already calls "incomplete". An empty last line means the user
    ended the block without a body: that stays an error.
    """
    from gradcalc.parser import ParseError, parse

    if not text.strip() or not text.rstrip("\n").split("\n")[-1].strip():
        return False
    try:
        parse(text + "\n")
    except ParseError as err:
        return err.kind == "IndentationError" and err.line > text.count("\n") + 1
    return False


def clean_source(text: str) -> str:
    """The text to run and to keep in history: without the trailing empty lines."""
    lines = text.replace("\r\n", "\n").split("\n")
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
