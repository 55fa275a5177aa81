"""cli.render: the same characters plain and coloured; Rich never reinterprets a value."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

import gradcalc.engine as torch
from gradcalc.cli.render import Output, error_text, highlight_error, use_color

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _values():
    x = torch.ones(2, 2, requires_grad=True)
    return [
        x,
        x * 3,
        (x * 3).grad_fn,
        torch.tensor([1e10, 2e-5], dtype=torch.float64),
        torch.arange(2000.0),  # summarised by torch's printer, not by Rich
        torch.zeros(0, 3),
        torch.tensor([True, False]),
        "[red]not markup[/red] :smile: [x, y]",
        [1, 2.5, None, "a"],
        list(range(200)),  # one long line: never wrapped
        12345678901234567890,
        -0.0,
        float("inf"),
    ]


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__name__)
def test_coloured_echo_is_the_plain_text(value):
    plain, coloured = io.StringIO(), io.StringIO()
    Output(plain, plain, color=False).display(value)
    Output(coloured, coloured, color=True).display(value)
    assert plain.getvalue() == repr(value) + "\n"
    assert ANSI.sub("", coloured.getvalue()) == plain.getvalue()


def test_colour_marks_numbers_and_autograd_suffixes():
    out = io.StringIO()
    x = torch.ones(2, requires_grad=True)
    Output(out, out, color=True).display(x * 2)
    text = out.getvalue()
    assert "\x1b[" in text
    # every number, and the grad_fn suffix, is inside a styled span
    assert re.search(r"\x1b\[[0-9;]+m2\.\x1b\[0m", text)
    assert re.search(r"\x1b\[[0-9;]+mgrad_fn=<MulBackward0>\x1b\[0m", text)
    out = io.StringIO()
    Output(out, out, color=True).display(x)
    assert "\x1b[1;33mrequires_grad=" in out.getvalue()


def test_plain_path_does_not_import_rich():
    code = ("import sys, io; from gradcalc.cli.render import Output; import gradcalc.engine as t;"
            "o = Output(io.StringIO(), io.StringIO(), color=False); o.display(t.ones(2)); o.write('x');"
            "o.error(type('E', (), {'kind': 'NameError', 'render': lambda self: 'NameError: y'})());"
            "print('rich' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


class _Err:
    kind = "NameError"

    def render(self):
        return '  File "<stdin>", line 1\n    y + 1\n    ^\nNameError: name \'y\' is not defined'


def test_error_plain_and_coloured():
    out, err = io.StringIO(), io.StringIO()
    Output(out, err, color=False).error(_Err())
    assert err.getvalue() == _Err().render() + "\n"
    assert out.getvalue() == ""
    err = io.StringIO()
    Output(io.StringIO(), err, color=True, err_color=True).error(_Err())
    text = err.getvalue()
    assert ANSI.sub("", text) == _Err().render() + "\n"
    assert "\x1b[1;31mNameError\x1b[0m" in text
    assert "\x1b[1;31m    ^\x1b[0m" in text


def test_interrupt_is_one_word():
    class Interrupted:
        kind = "KeyboardInterrupt"

        def render(self):
            return "KeyboardInterrupt: "

    assert error_text(Interrupted()) == "KeyboardInterrupt"
    assert highlight_error("KeyboardInterrupt").plain == "KeyboardInterrupt"


def test_write_is_verbatim_even_coloured():
    out = io.StringIO()
    text = "[bold]x[/bold] :smile:\r\t\x1b[31m\n"
    Output(out, out, color=True).write(text)
    assert out.getvalue() == text


def test_use_color(monkeypatch):
    class Tty(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert use_color(Tty())
    assert not use_color(io.StringIO())
    assert not use_color(Tty(), no_color=True)
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color(Tty())
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not use_color(Tty())


def test_tables_are_not_squeezed_in_a_pipe():
    from rich.table import Table

    out = io.StringIO()
    table = Table()
    table.add_column("a" * 150)
    table.add_row("b" * 150)
    Output(out, out, color=False).print(table)
    assert "a" * 150 in out.getvalue() and "\x1b[" not in out.getvalue()
