"""Strings that would be huge, refused before Python builds them (``--max-memory``).

A padding width or a precision is a number the program computes, so ``'a'.center(10**10)``
or ``f'{1:>{10**10}}'`` asks for 10 GB in one C call, which no loop check can interrupt: the
size is known from the arguments, so it is checked first (``engine.limits.check_memory``).
"""

from __future__ import annotations

import operator
import re

from gradcalc.engine.limits import check_memory

# [[fill]align][sign][z][#][0][width][grouping][.precision][type]
_SPEC = re.compile(r"(?:.?[<>=^])?[+\- ]?z?#?0?(\d*)[,_]?(?:\.(\d+))?")


def check_format_spec(spec):
    """Before ``format(value, spec)``: a width or precision of a million characters or more is checked."""
    if len(spec) < 7 or type(spec) is not str:  # "1000000" is the smallest size worth a look
        return
    m = _SPEC.match(spec)
    if m:
        width, precision = m.group(1), m.group(2)
        check_memory(max(int(width) if width else 0, int(precision) if precision else 0))


def checked_format(value, format_spec=""):
    check_format_spec(format_spec)
    return format(value, format_spec)


class builtin_function_or_method:  # named so that Python's messages read as for a builtin
    """The language's ``format``: Python's, with the size checked first."""

    __slots__ = ()

    def __call__(self, value, format_spec=""):
        return checked_format(value, format_spec)

    def __repr__(self):
        return "<built-in function format>"


FORMAT = builtin_function_or_method()


def _int(n):
    """``n`` as the int Python's str methods would take (an int, a bool, a numpy integer), or None."""
    try:
        return operator.index(n)
    except TypeError:
        return None


def _padded(name):
    def method(s, width, *rest):
        w = _int(width)
        if w is not None and w > len(s):
            check_memory(w)
        return getattr(s, name)(width, *rest)
    return method


def _expandtabs(s, tabsize=8):
    t = _int(tabsize)
    if t is not None and t > 1:
        check_memory(len(s) + s.count("\t") * t)
    return s.expandtabs(tabsize)


def _replace(s, old, new, count=-1):
    if type(old) is str and type(new) is str and len(new) > len(old):
        n = s.count(old) if old else len(s) + 1
        if type(count) is int and count >= 0:
            n = min(n, count)
        check_memory(len(s) + n * (len(new) - len(old)))
    return s.replace(old, new, count)


def _join(s, iterable):
    items = iterable if type(iterable) in (list, tuple) else list(iterable)
    total = len(s) * max(len(items) - 1, 0)
    for x in items:
        if type(x) is str:
            total += len(x)
    check_memory(total)
    return s.join(items)


# str methods whose result can be far larger than their string and arguments
SIZED_STR_METHODS = {"center": _padded("center"), "ljust": _padded("ljust"), "rjust": _padded("rjust"),
                     "zfill": _padded("zfill"), "expandtabs": _expandtabs, "replace": _replace, "join": _join}


class StrMethod:
    """``s.center`` and the like as the language reads them: Python's method, sized first."""

    __slots__ = ("_s", "_name")

    def __init__(self, s, name):
        if type(s) is not str or name not in SIZED_STR_METHODS:  # (type(m)(obj, name) reaches here too)
            raise TypeError("descriptor requires a 'str' object")
        self._s = s
        self._name = name

    def __call__(self, *args, **kwargs):
        return SIZED_STR_METHODS[self._name](self._s, *args, **kwargs)

    def __repr__(self):
        return f"<built-in method {self._name} of str object at {hex(id(self._s))}>"
