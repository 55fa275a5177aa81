"""Errors the user sees: ``UserError``, and how a Python exception becomes one.

Where an error happened is recorded on the exception itself while it unwinds
through the compiled closures (``note``): the innermost closure that sees it
writes its node's position, and each user-function boundary (``boundary``)
starts a new frame whose position the caller's call node writes. Nothing is
tracked while code runs normally; only a failing evaluation pays.
"""

from __future__ import annotations

import builtins as _builtins

TRACE = "_gradcalc_trace"  # attribute on an exception: [[loc, function_name], ...], innermost first
ERROR_KINDS_WITHOUT_TRACEBACK = ("SyntaxError", "IndentationError", "TabError")


class Source:
    """One compiled input: its file name and text (lines are split on first need)."""

    __slots__ = ("filename", "text", "_lines")

    def __init__(self, filename, text):
        self.filename = filename
        self.text = text
        self._lines = None

    def line(self, n):
        if self._lines is None:
            self._lines = self.text.split("\n")
        if n is not None and 1 <= n <= len(self._lines):
            return self._lines[n - 1]
        return None


# -- recording where (called from compiled code, only when an exception passes) -----------

def note(exc, loc):
    """Record ``loc`` = (Source, node) as where ``exc`` happened, unless a deeper closure did."""
    d = exc.__dict__
    trace = d.get(TRACE)
    if trace is None:
        d[TRACE] = [[loc, None]]
    elif trace[-1][0] is None:
        trace[-1][0] = loc


def located(exc, loc):
    """``exc`` with ``loc`` recorded: ``raise located(NameError(...), loc)``."""
    note(exc, loc)
    return exc


def boundary(exc, function_name):
    """``exc`` leaves a user function: close its frame and open the caller's."""
    d = exc.__dict__
    trace = d.get(TRACE)
    if trace is None:
        trace = d[TRACE] = [[None, None]]
    trace[-1][1] = function_name
    trace.append([None, None])


# -- the error the user sees -----------------------------------------------------------------

class UserError(Exception):
    """An error in the user's code (syntax, runtime, limit, timeout, interrupt).

    kind, message        ``Kind: message`` as torch / Python word it
    filename, line, column, end_column, source_line    where (None when unknown); columns
                         are 1-based, ``end_column`` just past the culprit
    frames               the user-level call stack, outermost first:
                         [(filename, line, function_name, source_line), ...]
    render()             the text to show (see below)
    """

    def __init__(self, kind="Error", message="", *, filename=None, line=None, column=None, end_column=None,
                 source_line=None, frames=None):
        super().__init__(f"{kind}: {message}" if message else kind)
        self.kind = kind
        self.message = message
        self.filename = filename
        self.line = line
        self.column = column
        self.end_column = end_column
        self.source_line = source_line
        self.frames = frames or []
        self._spans = None  # (column, end_column) per frame, for the caret lines of outer frames

    def __str__(self):
        return self.last_line()

    def last_line(self):
        return f"{self.kind}: {self.message}" if self.message else self.kind

    def render(self):
        """Plain text, Python's layout with the column added::

            Traceback (most recent call last):
              File "x.py", line 3, column 5, in <module>
                y = x + 'a'
                    ^^^^^^^
            TypeError: unsupported operand type(s) for +: 'Tensor' and 'str'

        Syntax errors have no "Traceback" line and no "in <function>"; an error
        without a position is the last line alone.
        """
        lines = []
        if self.frames:
            lines.append("Traceback (most recent call last):")
            spans = self._spans or [(None, None)] * len(self.frames)
            for (filename, line, name, text), (column, end) in _collapse(self.frames, spans):
                if filename is None:  # the "[Previous line repeated N more times]" marker
                    lines.append(text)
                    continue
                lines.append(_where(filename, line, column, name))
                lines.extend(_quote(text, column, end))
        elif self.line is not None:
            lines.append(_where(self.filename, self.line, self.column, None))
            lines.extend(_quote(self.source_line, self.column, self.end_column))
        lines.append(self.last_line())
        return "\n".join(lines)


def _where(filename, line, column, function_name):
    text = f'  File "{filename}", line {line}'
    if column is not None:
        text += f", column {column}"
    if function_name is not None:
        text += f", in {function_name}"
    return text


def _quote(source_line, column, end_column):
    """The source line (indentation removed) and a caret line under columns [column, end_column)."""
    if not source_line or not source_line.strip():
        return []
    text = source_line.rstrip()
    stripped = text.lstrip()
    indent = len(text) - len(stripped)
    out = ["    " + stripped]
    if column is not None:
        start = max(0, column - 1 - indent)
        end = start + 1 if end_column is None or end_column <= column else end_column - 1 - indent
        end = min(end, len(stripped))
        out.append("    " + " " * start + "^" * max(1, end - start))
    return out


def _collapse(frames, spans):
    """Frames with runs of the same line shown three times, then Python's "repeated" note."""
    out = []
    i = 0
    n = len(frames)
    while i < n:
        j = i
        while j + 1 < n and frames[j + 1][:3] == frames[i][:3]:
            j += 1
        run = j - i + 1
        for k in range(i, i + min(run, 3)):
            out.append((frames[k], spans[k]))
        if run > 3:
            more = run - 3
            out.append(((None, None, None, f"  [Previous line repeated {more} more time{'s' if more > 1 else ''}]"),
                        (None, None)))
        i = j + 1
    return out


# -- from a Python exception ------------------------------------------------------------------

def kind_and_message(exc):
    """``(kind, message)`` of an exception, in Python's words (engine subclasses by their builtin base)."""
    user = type(exc).__module__ == "__main__"  # a class of the user's program
    if not user:
        kind = exc.__dict__.get("kind") or getattr(type(exc), "kind", None)
        if isinstance(kind, str) and hasattr(exc, "message"):  # Stop, ParseError
            return kind, exc.message
    if isinstance(exc, KeyboardInterrupt):
        return "KeyboardInterrupt", ""
    if type(exc) is MemoryError and not exc.args:  # Python's own, from an allocation that failed
        return "MemoryError", ("out of memory: the machine could not give the statement the memory it asked "
                               "for; the statement was stopped and undone")
    if user:
        kind = type(exc).__qualname__  # as Python's traceback names a class of __main__
    else:
        for cls in type(exc).__mro__:
            if cls.__module__ == "builtins":
                kind = cls.__name__
                break
        else:  # pragma: no cover - every exception derives from a builtin one
            kind = type(exc).__name__
    try:
        if isinstance(exc, KeyError) and len(exc.args) == 1:
            return kind, repr(exc.args[0])
        if type(exc) is AttributeError and getattr(exc, "obj", None) is not None and "Did you mean" not in str(exc):
            return kind, str(exc) + _attribute_hint(exc)
        return kind, str(exc)
    except BaseException:  # a user's __str__ that fails (Python prints the same)
        return kind, "<exception str() failed>"


def _attribute_hint(exc):
    """Python's near miss for an uncaught ``obj.nmae`` on the program's own objects."""
    from . import sandbox

    try:
        return did_you_mean(exc.name, sandbox.members(exc.obj))
    except Exception:  # noqa: BLE001 - a hint is never worth an error
        return ""


def from_exception(exc):
    """The UserError for ``exc`` raised by the user's code, with where and the call stack."""
    kind, message = kind_and_message(exc)
    trace = exc.__dict__.pop(TRACE, None) or []
    frames = []
    spans = []
    for loc, name in reversed(trace):
        if loc is None:
            continue
        src, node = loc
        text = src.line(node.line)
        frames.append((src.filename, node.line, name or "<module>", text))
        # a node over several lines: the caret runs to the end of its first line
        end = node.end_column if node.end_line == node.line else len((text or "").rstrip()) + 1
        spans.append((node.column, end))
    err = UserError(kind, message, frames=frames)
    err._spans = spans
    if frames:
        err.filename, err.line, _, err.source_line = frames[-1]
        err.column, err.end_column = spans[-1]
    err.__cause__ = exc
    return err


def from_parse_error(perr):
    """The UserError for a parser's ParseError (or a compile-time SyntaxError of ours)."""
    err = UserError(perr.kind, perr.message, filename=perr.filename, line=perr.line, column=perr.column,
                    end_column=perr.end_column if perr.end_line == perr.line else None,
                    source_line=perr.source_line)
    err.__cause__ = perr
    return err


# -- "Did you mean" -------------------------------------------------------------------------

def suggestion(name, candidates):
    """The candidate closest to ``name``, or None.

    difflib proposes near misses; a candidate is kept when the edits to reach it
    stay within Python's own bound for its suggestions (a swap of two letters
    counting as one edit), and the fewest edits win, then a common name over a rare
    one (``sinn`` -> ``sin`` rather than ``sinh``), then the closest length
    (``rands`` -> ``randn`` rather than ``rand``).
    """
    import difflib

    close = difflib.get_close_matches(name, [c for c in candidates if c != name], n=8, cutoff=0.6)
    ranked = []
    for i, c in enumerate(close):
        edits = _edits(name, c)
        if edits <= (len(name) + len(c) + 3) * 2 // 6:
            ranked.append((edits, c not in _COMMON, abs(len(c) - len(name)), i, c))
    return min(ranked)[-1] if ranked else None


# The names beginners' PyTorch code uses most (the tutorials' functions, methods and
# builtins): between equally close candidates, the one a user more likely meant.
_COMMON = frozenset("""
    tensor ones zeros full empty arange linspace eye rand randn randint manual_seed ones_like zeros_like
    add sub mul div pow neg abs exp log sqrt sin cos tan tanh sigmoid relu softmax log_softmax clamp
    sum mean max min prod std var norm argmax argmin matmul mm dot bmm cat stack reshape view flatten
    squeeze unsqueeze transpose permute expand item tolist numpy backward detach grad requires_grad
    zero_ no_grad float long int size shape dtype print range len list dict str round zip enumerate
    Linear ReLU Sequential Module Parameter MSELoss CrossEntropyLoss SGD Adam step zero_grad parameters
""".split())


def did_you_mean(name, candidates):
    """``". Did you mean: 'randn'?"`` or ``""``."""
    best = suggestion(name, candidates)
    return f". Did you mean: '{best}'?" if best else ""


def _edits(a, b):
    """Edit distance in Python's units (2 per edit, 1 for a change of case), swaps counting one edit."""
    rows = [[j * 2 for j in range(len(b) + 1)]]
    for i, ca in enumerate(a, 1):
        row = [i * 2]
        for j, cb in enumerate(b, 1):
            sub = 0 if ca == cb else (1 if ca.lower() == cb.lower() else 2)
            best = min(rows[-1][j] + 2, row[j - 1] + 2, rows[-1][j - 1] + sub)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                best = min(best, rows[-2][j - 2] + 2)
            row.append(best)
        rows.append(row)
    return rows[-1][-1]


# the names PyTorch code conventionally imports torch's modules as
_CONVENTIONAL_IMPORTS = {
    "torch": "import torch",
    "F": "import torch.nn.functional as F",
    "nn": "import torch.nn as nn",
    "autograd": "from torch import autograd",
}


def name_error_message(name, candidates):
    """``name 'y' is not defined``, with a near miss or a word on Python builtins we leave out."""
    message = f"name '{name}' is not defined"
    conventional = _CONVENTIONAL_IMPORTS.get(name)
    if conventional:
        return message + f". Did you forget to import it? ({conventional})"
    from .builtins_lang import REFUSED

    if name in REFUSED:
        return message + f" ('{name}' is left out of gradcalc's language: {REFUSED[name]})"
    hint = did_you_mean(name, candidates)
    if hint:
        return message + hint
    if hasattr(_builtins, name) and not name.startswith("_"):
        return message + f" ('{name}' is a Python builtin that gradcalc's language does not provide)"
    return message
