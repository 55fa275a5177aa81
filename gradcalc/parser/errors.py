"""The one exception the parser raises for bad input."""

from __future__ import annotations


class ParseError(Exception):
    """A syntax error in the user's source, worded as Python words it.

    Attributes, everything the CLI needs to print Python's format::

        File "script.py", line 3
            x = (1 +
                    ^
        SyntaxError: expected an expression after '+'

    kind         "SyntaxError", "IndentationError" or "TabError" (Python's class name;
                 a TabError is a kind of IndentationError)
    message      the words after "Kind: "
    filename     as given to parse()
    line         1-based line of the culprit
    column       1-based column of its first character
    end_line     where the culprit ends (== line for one-line culprits)
    end_column   1-based column just after its last character (>= column + 1)
    source_line  the text of line ``line`` (no newline), for the caret display
    incomplete   True when the input merely stopped too early (an open bracket, a
                 block header, a trailing backslash, an unterminated triple-quoted
                 string): more lines could fix it. input_status() uses this.
    """

    def __init__(
        self,
        message: str,
        *,
        kind: str = "SyntaxError",
        filename: str = "<input>",
        line: int = 1,
        column: int = 1,
        end_line: int | None = None,
        end_column: int | None = None,
        source_line: str = "",
        incomplete: bool = False,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.filename = filename
        self.line = line
        self.column = max(1, column)
        self.end_line = line if end_line is None else end_line
        if end_column is None or (self.end_line == line and end_column <= self.column):
            end_column = self.column + 1
        self.end_column = end_column
        self.source_line = source_line
        self.incomplete = incomplete

    def __str__(self) -> str:
        return f"{self.kind}: {self.message} ({self.filename}, line {self.line}, column {self.column})"

    def format(self) -> str:
        """The lines Python would print, without a traceback header: file and line,
        the source line, a caret line, then ``Kind: message``."""
        lines = [f'  File "{self.filename}", line {self.line}']
        text = self.source_line.rstrip("\n")
        if text.strip():
            stripped = text.lstrip()
            indent = len(text) - len(stripped)
            lines.append("    " + stripped)
            width = 1
            if self.end_line == self.line:
                width = max(1, self.end_column - self.column)
            start = max(0, self.column - 1 - indent)
            width = max(1, min(width, len(stripped) - start + 1))
            lines.append("    " + " " * start + "^" * width)
        lines.append(f"{self.kind}: {self.message}")
        return "\n".join(lines)
