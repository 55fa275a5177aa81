"""``try``/``except`` and ``raise``: matching handlers, raising, and what no handler may catch.

Ctrl-C and gradcalc's own limits are not the program's to handle: a ``Stop``
(timeout, ``session.interrupt()``), ``KeyboardInterrupt``, ``exit()``, and the
memory limits (``MemoryError``, a tensor over ``--max-elements``) pass every
``except`` clause, bare ones included, and every ``finally`` that would return,
so that the limits keep working and the statement is still rolled back.
"""

from __future__ import annotations

import sys

from gradcalc.engine.limits import TensorTooLargeError

from .compile_expr import expr
from .errors import TRACE, located, note
from .runtime import ExitRequested, Stop

uncatchable = (Stop, KeyboardInterrupt, ExitRequested, MemoryError, TensorTooLargeError)

_NOT_AN_EXCEPTION = "catching classes that do not inherit from BaseException is not allowed"


def _is_exception_class(t):
    return isinstance(t, type) and issubclass(t, BaseException)


def handler_matcher(h, cx):
    """``match(f, exc) -> bool`` for one ``except`` clause (bare: everything catchable)."""
    if h.type is None:
        return lambda f, e: True
    kind = expr(h.type, cx)
    loc = (cx.src, h.type)

    def match(f, e):
        try:
            t = kind(f)
        except BaseException as err:
            note(err, loc)
            raise
        if type(t) is tuple:
            for item in t:
                if not _is_exception_class(item):
                    raise located(TypeError(_NOT_AN_EXCEPTION), loc)
        elif not _is_exception_class(t):
            raise located(TypeError(_NOT_AN_EXCEPTION), loc)
        return isinstance(e, t)
    return match


def _instance(value, what):
    if isinstance(value, type) and issubclass(value, BaseException):
        return value()
    if isinstance(value, BaseException):
        return value
    raise TypeError(f"{what} must derive from BaseException")


def make_raise(n, cx):
    loc = (cx.src, n)
    if n.exc is None:
        def reraise(f):
            e = sys.exc_info()[1]
            if e is None:
                raise located(RuntimeError("No active exception to reraise"), loc)
            raise e
        return reraise
    exc = expr(n.exc, cx)
    if n.cause is None:
        def raise_(f):
            try:
                e = _instance(exc(f), "exceptions")
            except BaseException as err:
                note(err, loc)
                raise
            e.__dict__.pop(TRACE, None)  # raised anew: its place is here
            raise located(e, loc)
        return raise_
    cause = expr(n.cause, cx)

    def raise_from(f):
        try:
            e = _instance(exc(f), "exceptions")
            c = cause(f)
            if c is not None:
                c = _instance(c, "exception causes")
        except BaseException as err:
            note(err, loc)
            raise
        e.__dict__.pop(TRACE, None)
        raise located(e, loc) from c
    return raise_from
