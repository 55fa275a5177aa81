"""torch's SymInt-aware helpers (``torch.sym_int``, ``sym_max``, ``sym_ite`` ...) on plain values.

torch.compile's tracer passes symbolic sizes through these; in eager code (and gradcalc is only
eager) every argument is a plain number, a bool or a tensor, and each helper reduces to the
Python builtin torch's own fallback calls, with torch's type rules and assertion messages:
``sym_max``/``sym_min`` take only numbers and return a float when either is one, ``sym_ite``
wants a bool and two values of one type.
"""

import builtins
import math

import numpy as np

from .tensor import Tensor

__all__ = ["sym_float", "sym_int", "sym_max", "sym_min", "sym_not", "sym_sqrt", "sym_sum", "sym_ite"]

_NUMBERS = (np.integer, np.floating, builtins.int, builtins.float)
_FLOATS = (np.floating, builtins.float)
_NUMBERS_TEXT = "(<class 'numpy.integer'>, <class 'numpy.floating'>, <class 'int'>, <class 'float'>)"


def _class_text(value):
    return "<class 'torch.Tensor'>" if isinstance(value, Tensor) else repr(type(value))


def sym_float(a):
    """SymInt-aware float(): ``float(a)``."""
    return builtins.float(a)


def sym_int(a):
    """SymInt-aware int(): ``int(a)`` (truncates a float)."""
    return builtins.int(a)


def _numbers(a, b):
    for v in (a, b):
        if not isinstance(v, _NUMBERS):
            raise AssertionError(f"expected {_NUMBERS_TEXT}, got {_class_text(v)}")
    return isinstance(a, _FLOATS) or isinstance(b, _FLOATS)


def sym_max(a, b):
    """max of two numbers without branching; a float if either is one (unlike builtins.max)."""
    return builtins.float(builtins.max(a, b)) if _numbers(a, b) else builtins.max(a, b)


def sym_min(a, b):
    """min of two numbers; a float if either is one."""
    return builtins.float(builtins.min(a, b)) if _numbers(a, b) else builtins.min(a, b)


def sym_not(a):
    """Logical negation: ``not a``."""
    return not a


def sym_sqrt(a):
    """``math.sqrt(a)``."""
    return math.sqrt(a)


def sym_sum(*args):
    """N-ary add: ``sum(args)``; takes ``sym_sum([a, b, c])`` or ``sym_sum(a, b, c)``."""
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        args = args[0]
    return builtins.sum(args)


def sym_ite(b, t, f):
    """``t if b else f``, with ``b`` a bool and ``t``, ``f`` of one type."""
    if not isinstance(b, builtins.bool):
        raise AssertionError(f"expected SymBool or bool, got {_class_text(b)}")
    if type(t) is not type(f):
        raise AssertionError(f"type mismatch: {_class_text(t)} vs {_class_text(f)}")
    return t if b else f
