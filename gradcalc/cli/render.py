"""How values, errors and tables reach the user: plain text, or coloured with Rich.

One ``Output`` per run of the CLI (REPL, script, ``-e``), handed to the Session
(``out=output.write``, ``display=output.display``) and to the magics::

    output = Output(sys.stdout, sys.stderr, color=use_color(sys.stdout, args.no_color))
    output.write(text)        # print()'s channel: the user's text, byte for byte
    output.display(value)     # echo of an expression statement: repr(value), coloured in a terminal
    output.error(err)         # a UserError: err.render(), caret line and last line in red
    output.console            # a Rich Console for tables and trees (%vars, %graph, --grad)
    output.print(renderable)  # print a Rich renderable (or a str) on that console

The plain path (``color=False``) never imports Rich, so ``-e`` and scripts that
print no table start fast. The coloured path prints the *same characters*: Rich's
markup, emoji codes, automatic highlighting and wrapping are all off (a value such
as ``[x, y]`` or ``:smile:`` is text, never markup, and a long line is never
re-wrapped); colour comes from our own small regex highlighter over torch's text.
"""

from __future__ import annotations

import os
import re
import sys

# Styles of the highlighter, applied in this order (a later match restyles an earlier one).
_VALUE_STYLES = (
    (r"(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?(?![\w])", "cyan"),
    (r"(?<![\w.])[-+]?(?:inf|nan)(?![\w])", "cyan"),
    (r"\b(?:True|False|None)\b", "magenta"),
    (r"'(?:[^'\\\n]|\\.)*'", "green"),
    (r"\bdtype=torch\.\w+|\btorch\.(?:float|double|half|int|long|short|uint|bool|bfloat|complex)\w*", "blue"),
    (r"\bsize=\([\d, ]*\)", "blue"),
    (r"\brequires_grad=True\b", "bold yellow"),
    (r"\bgrad_fn=<\w+>", "green"),
    (r"<\w+ object at 0x[0-9a-fA-F]+>", "green"),
)
_ERROR_KIND = re.compile(r"^(\w+)(:.*)?$")
_CARET = re.compile(r"^\s*[\^~]+\s*$")


def use_color(stream=None, no_color: bool = False) -> bool:
    """Colour only for a terminal, and never with ``--no-color``, ``NO_COLOR`` or TERM=dumb."""
    if no_color or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    stream = sys.stdout if stream is None else stream
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # closed or not a real file
        return False


def value_text(value) -> str:
    """The echo of an expression statement, as Python's REPL shows it: ``repr``."""
    return repr(value)


def error_text(err) -> str:
    """The plain text of a user error; an interrupted statement is just ``KeyboardInterrupt``."""
    if getattr(err, "kind", None) == "KeyboardInterrupt":
        return "KeyboardInterrupt"
    if getattr(err, "kind", None) == "UsageError":  # how a magic was typed: one line, as IPython's
        return "UsageError: " + "; ".join(part.strip() for part in str(err.message).split("\n") if part.strip())
    render = getattr(err, "render", None)
    return render() if render is not None else f"{type(err).__name__}: {err}"


def highlight_value(text: str):
    """A Rich ``Text`` of ``text`` with our styles (the characters are unchanged)."""
    from rich.text import Text

    styled = Text(text, end="")
    for pattern, style in _VALUE_STYLES:
        styled.highlight_regex(pattern, style)
    return styled


def highlight_error(text: str):
    """A Rich ``Text`` of an error: caret line and ``Kind: message`` in red."""
    from rich.text import Text

    styled = Text(end="")
    lines = text.split("\n")
    for i, line in enumerate(lines):
        last = i == len(lines) - 1
        if last and _ERROR_KIND.match(line):
            kind, _, rest = line.partition(":")
            styled.append(kind, "bold red")
            styled.append(":" + rest if rest or ":" in line else "", "red")
        elif _CARET.match(line):
            styled.append(line, "bold red")
        elif line.lstrip().startswith("File "):
            styled.append(line, "dim")
        else:
            styled.append(line)
        if not last:
            styled.append("\n")
    return styled


def make_console(file, color: bool):
    """A Rich Console that prints what it is given and nothing else.

    Markup, emoji and highlighting off; soft wrap on (no re-wrapping, no cropping).
    Without colour: no styles at all, and a wide page when the output is not a
    terminal, so tables are not squeezed to 80 columns in a pipe.
    """
    from rich.console import Console

    is_tty = False
    try:
        is_tty = file.isatty()
    except (AttributeError, ValueError):
        pass
    return Console(
        file=file,
        force_terminal=color,
        no_color=not color,
        color_system="auto" if color else None,
        markup=False,
        emoji=False,
        highlight=False,
        soft_wrap=True,
        width=None if is_tty else 200,
        legacy_windows=False,
        force_jupyter=False,
    )


class Message:
    """An error that is just a line of text, shown where a UserError would be."""

    kind = "Message"

    def __init__(self, text: str):
        self.text = text

    def render(self) -> str:
        return self.text


class Output:
    """Where the CLI writes: ``stream`` for values and prints, ``err_stream`` for errors."""

    def __init__(self, stream=None, err_stream=None, color: bool | None = None,
                 err_color: bool | None = None):
        self.stream = sys.stdout if stream is None else stream
        self.err_stream = sys.stderr if err_stream is None else err_stream
        self.color = use_color(self.stream) if color is None else color
        # Errors follow stderr's own terminal-ness, unless the caller turned colour off.
        if err_color is None:
            err_color = False if color is False else use_color(self.err_stream)
        self.err_color = err_color
        self._console = None
        self._err_console = None

    # --- the three channels of a Session
    def write(self, text: str) -> None:
        """print()'s output: the user's text as it is."""
        self.stream.write(text)
        self.stream.flush()

    def display(self, value) -> None:
        """Echo a value (the Session never passes None)."""
        text = value_text(value)
        if self.color:
            self.console.print(highlight_value(text))
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def note(self, text: str) -> None:
        """A line of gradcalc's own under a value (dim in a terminal), on the value's stream."""
        if self.color:
            from rich.text import Text

            self.console.print(Text(text, style="dim"))
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def error(self, err) -> None:
        """Show a UserError (or anything with ``render()``) on the error stream."""
        self.stream.flush()
        text = error_text(err)
        if self.err_color:
            self.err_console.print(highlight_error(text))
        else:
            self.err_stream.write(text + "\n")
        self.err_stream.flush()

    def warn(self, message: str) -> None:
        """One line for the user that is not a result (e.g. history not saved)."""
        self.stream.flush()
        if self.err_color:
            from rich.text import Text

            self.err_console.print(Text(message, style="yellow"))
        else:
            self.err_stream.write(message + "\n")
        self.err_stream.flush()

    # --- Rich, for tables and trees
    @property
    def console(self):
        if self._console is None:
            self._console = make_console(self.stream, self.color)
        return self._console

    @property
    def err_console(self):
        if self._err_console is None:
            self._err_console = make_console(self.err_stream, self.err_color)
        return self._err_console

    def print(self, renderable="", style=None) -> None:
        """Print a Rich renderable (table, tree, Text) or a plain str, never as markup.

        Without colour the lines lose the trailing blanks Rich pads tables with, so a
        pipe gets clean text.
        """
        if self.color:
            self.console.print(renderable, style=style)
        else:
            with self.console.capture() as captured:
                self.console.print(renderable)
            lines = captured.get().split("\n")
            self.stream.write("\n".join(line.rstrip() for line in lines))
        self.stream.flush()
