"""The function object a transform returns: ``grad(f)`` shows as ``<function f at 0x…>``, as torch's.

torch wraps with ``functools.wraps``; a plain class with ``__slots__`` shows the same
repr and carries nothing else (no ``__wrapped__``, ``__closure__``, ``__globals__``
leading back to the engine or to the user's function).
"""

from ..autograd.function import TRANSFORMS

__all__ = ["function", "name_of", "transformed"]


def transformed(fn, *args):
    """``fn(*args)`` counted as running inside a transform (autograd.Function checks it, as torch's)."""
    TRANSFORMS[0] += 1
    try:
        return fn(*args)
    finally:
        TRANSFORMS[0] -= 1


class function:  # named (and placed in builtins) so that it reads as a Python function
    """A transformed function: calling it runs the transform on the arguments."""

    __slots__ = ("_call", "_name")
    __module__ = "builtins"  # type(grad(f)) shows as <class 'function'>

    def __init__(self, call, name):
        self._call = call
        self._name = name

    def __call__(self, *args, **kwargs):
        TRANSFORMS[0] += 1
        try:
            return self._call(*args, **kwargs)
        finally:
            TRANSFORMS[0] -= 1

    def __repr__(self):
        return f"<function {self._name} at {hex(id(self))}>"


def name_of(fn):
    """The name torch's wrapper would show for ``fn`` (functools.wraps copies __qualname__)."""
    if isinstance(fn, function):
        return fn._name
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None)
    if not isinstance(name, str):
        return type(fn).__name__
    return name
