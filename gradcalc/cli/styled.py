"""Text with styles, shown plain or coloured: one builder, so both show the same characters.

%graph, %explain and --grad build their output once as ``Styled`` (lines of
(text, style) pieces); ``plain()`` is what a pipe or NO_COLOR gets, ``rich()`` is the
same characters as a Rich ``Text`` for a terminal. Rich is imported only for colour.
A style ``"value"`` marks a tensor's text: it gets the REPL's value highlighting.
"""

from __future__ import annotations


class Styled:
    """Lines of styled pieces."""

    __slots__ = ("lines",)

    def __init__(self):
        self.lines = [[]]

    def add(self, text: str, style: str | None = None) -> "Styled":
        """Append ``text`` to the current line (``text`` may hold newlines: each starts a new line)."""
        parts = text.split("\n")
        for i, part in enumerate(parts):
            if i:
                self.lines.append([])
            if part:
                self.lines[-1].append((part, style))
        return self

    def newline(self) -> "Styled":
        self.lines.append([])
        return self

    def add_block(self, text: str, indent: int, style: str | None = None) -> "Styled":
        """Append a multi-line ``text`` whose later lines are indented ``indent`` columns."""
        return self.add(text.replace("\n", "\n" + " " * indent), style)

    def column(self) -> int:
        """The width of the current line so far (where the next piece starts)."""
        return sum(len(t) for t, _ in self.lines[-1])

    def extend(self, other: "Styled") -> "Styled":
        if other.lines and other.lines[0]:
            self.lines[-1].extend(other.lines[0])
        self.lines.extend(list(line) for line in other.lines[1:])
        return self

    def _trimmed(self):
        lines = self.lines
        return lines[:-1] if lines and not lines[-1] and len(lines) > 1 else lines

    def plain(self) -> str:
        """The text, lines joined by newlines, no trailing newline, trailing spaces removed."""
        return "\n".join("".join(t for t, _ in line).rstrip() for line in self._trimmed())

    def rich(self):
        """The same characters as a Rich Text, styled."""
        from rich.text import Text

        from gradcalc.cli.render import highlight_value

        out = Text(end="")
        lines = self._trimmed()
        for n, line in enumerate(lines):
            # trailing spaces dropped as in plain()
            while line and not line[-1][0].rstrip():
                line = line[:-1]
            for i, (text, style) in enumerate(line):
                if i == len(line) - 1:
                    text = text.rstrip()
                if style == "value":
                    out.append_text(highlight_value(text))
                else:
                    out.append(text, style)
            if n < len(lines) - 1:
                out.append("\n")
        return out


def show(output, styled: Styled) -> None:
    """Print on a cli.render.Output: Rich in a terminal, the plain text otherwise."""
    if getattr(output, "color", False):
        output.print(styled.rich())
    else:
        output.write(styled.plain() + "\n")
