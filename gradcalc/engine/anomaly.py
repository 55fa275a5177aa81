"""Anomaly mode: remember where each node's forward ran, and check backward for nan.

Switched on by ``torch.autograd.detect_anomaly()`` / ``set_detect_anomaly(True)``
(``autograd/anomaly_mode.py``). While it is on:

* every node recorded gets a ``ForwardTrace`` in ``node._extra["anomaly"]``:
  where its forward ran (see *locator* below), and the trace of the node whose
  backward was running when it was recorded (its *parent*, for graphs built by
  ``create_graph=True``);
* backward runs each node through ``call_node_checked``: when the node's rule
  fails, or (with ``check_nan``) returns a gradient containing nan, a warning
  shows where that node's forward ran, as torch does, and the exception carries
  the trace as ``exc.anomaly_trace``. The nan error is torch's:
  ``RuntimeError: Function 'MulBackward0' returned nan values in its 0th output.``

*Where* the forward ran is, by default, the Python stack of the op call without
the engine's own frames. A front end that runs code of its own language (the
gradcalc interpreter) registers a locator instead::

    anomaly.set_source_locator(lambda: SourceLocation(file, line, column, text))

The locator is called with no arguments each time a node is recorded in anomaly
mode; it returns what to remember (``SourceLocation`` or any object whose
``str()`` reads well), or None to fall back to the Python stack. When a backward
fails, ``exc.anomaly_trace.where`` is that object again, so the front end can
show the user's own line with a caret. The cost of all this is paid only while
anomaly mode is on: the engine's hot paths test one slot (``node._ANOMALY[0]``), which
holds, while the mode is on, the two functions the core calls (``_MODE`` below).
This module stands on the core (node, backward); the core never imports it.
"""

import os
import warnings
from typing import NamedTuple, Optional

import types

import numpy as np

from .backward import _call_node
from .node import _ANOMALY

__all__ = ["SourceLocation", "ForwardTrace", "set_enabled", "is_enabled", "is_check_nan_enabled",
           "set_source_locator", "get_source_locator", "record_forward", "forward_trace",
           "call_node_checked"]

_CHECK_NAN = [True]
_LOCATOR = [None]
_RUNNING = [None]  # the node whose backward is running: the parent of nodes recorded meanwhile

_ENGINE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


class SourceLocation(NamedTuple):
    """A place in the user's source: what a source locator returns."""

    file: str
    line: int
    column: Optional[int] = None       # 1-based column where the op's expression starts
    source_line: Optional[str] = None  # the text of that line
    end_column: Optional[int] = None   # 1-based column just past the expression, if known

    def __str__(self):
        where = f'  File "{self.file}", line {self.line}'
        if self.column is not None:
            where += f", column {self.column}"
        lines = [where]
        if self.source_line is not None:
            text = self.source_line.rstrip("\n")
            stripped = text.lstrip()
            indent = len(text) - len(stripped)
            lines.append("    " + stripped)
            if self.column is not None:
                start = max(self.column - 1 - indent, 0)
                end = (self.end_column - 1 - indent) if self.end_column else start + 1
                lines.append("    " + " " * start + "^" * max(end - start, 1))
        return "\n".join(lines) + "\n"


class ForwardTrace(NamedTuple):
    """Where a node's forward ran, and the trace of the node that induced it (or None)."""

    node_name: str
    where: object
    parent: Optional["ForwardTrace"] = None

    def format(self):
        """The text torch shows after "Error detected in ...": this trace and its parents'."""
        text = _format_where(self.where)
        p = self.parent
        while p is not None:
            text += (f"\n\nPrevious calculation was induced by {p.node_name}. Traceback of forward call that "
                     f"induced the previous calculation:\n{_format_where(p.where)}")
            p = p.parent
        return text


# -- switching -----------------------------------------------------------------------------

def set_enabled(mode, check_nan=True):
    """Turn anomaly mode on or off (``torch.set_anomaly_enabled``)."""
    _ANOMALY[0] = _MODE if mode else False
    _CHECK_NAN[0] = bool(check_nan)


def is_enabled():
    return bool(_ANOMALY[0])


def is_check_nan_enabled():
    return _CHECK_NAN[0]


def set_source_locator(fn):
    """Register ``fn() -> location or None``, called for every node recorded in anomaly mode.

    Returns the previous locator (None for the default Python stack), so a front
    end can restore it. ``set_source_locator(None)`` restores the default.
    """
    prev = _LOCATOR[0]
    _LOCATOR[0] = fn
    return prev


def get_source_locator():
    return _LOCATOR[0]


# -- recording (forward) -------------------------------------------------------------------

def record_forward(node):
    """Remember where ``node``'s forward runs (called when a node is recorded in anomaly mode)."""
    where = None
    locator = _LOCATOR[0]
    if locator is not None:
        where = locator()
    if where is None:
        where = _python_stack()
    running = _RUNNING[0]
    parent = forward_trace(running) if running is not None else None
    node._extras()["anomaly"] = ForwardTrace(node.name(), where, parent)


def forward_trace(node):
    """The ForwardTrace recorded for ``node``, or None (recorded outside anomaly mode)."""
    extra = node._extra
    return extra.get("anomaly") if extra else None


def _python_stack():
    """The Python call stack of the op, without the engine's own frames."""
    import traceback  # (only while anomaly mode records: not at start-up)
    frames = [f for f in traceback.extract_stack() if not f.filename.startswith(_ENGINE_DIR)]
    return traceback.StackSummary.from_list(frames)


def _format_where(where):
    import traceback
    if isinstance(where, traceback.StackSummary):
        return "".join(where.format())
    return str(where)


# -- checking (backward) -------------------------------------------------------------------

def call_node_checked(node, grads_out, observer):
    """``backward._call_node`` in anomaly mode: the same, plus the nan check and the forward trace."""
    prev = _RUNNING[0]
    _RUNNING[0] = node
    try:
        r = _call_node(node, grads_out, observer)
        if _CHECK_NAN[0]:
            for i, g in enumerate(r):
                if g is not None and g._data.dtype.kind == "f" and np.isnan(g._data).any():
                    raise RuntimeError(f"Function '{node.name()}' returned nan values in its {i}th output.")
    except Exception as exc:
        _report(node, exc)
        raise
    finally:
        _RUNNING[0] = prev
    return r


def _report(node, exc):
    """Warn with the forward trace of the node whose backward failed; attach it to the exception."""
    trace = forward_trace(node)
    if getattr(exc, "anomaly_trace", None) is None:
        try:
            exc.anomaly_trace = trace
        except AttributeError:
            pass
    if trace is None:
        msg = ("Error detected in %s. No forward pass information available. Enable detect anomaly during "
               "forward pass for more information." % node.name())
    else:
        msg = f"Error detected in {node.name()}. Traceback of forward call that caused the error:\n{trace.format()}"
    warnings.warn(msg, UserWarning, stacklevel=_user_stacklevel())


def _user_stacklevel():
    """The stacklevel of the first frame outside the engine (so the warning points at user code)."""
    import sys
    level = 1
    f = sys._getframe(1)
    while f is not None and f.f_code.co_filename.startswith(_ENGINE_DIR):
        f = f.f_back
        level += 1
    return level


# what the core calls while anomaly mode is on (node._ANOMALY[0])
_MODE = types.SimpleNamespace(record_forward=record_forward, call_node=call_node_checked)
