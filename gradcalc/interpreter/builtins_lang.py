"""The Python builtins of the language that need more than Python's own (SPEC §2).

Most builtins are Python's own objects (``sorted``, ``map``, ``isinstance``, the
exception classes ...): they only call what they are given. The ones here differ
because Python's would reach past the sandbox:

* ``type``: ``type(x)`` is Python's answer (``type(3) is int``), except that a
  metaclass is never handed out (``type(int)`` is this ``type`` again), and the
  three-argument form, which would make a class past the class statement's checks,
  is refused;
* ``getattr setattr hasattr delattr dir``: through the sandbox's attribute rules,
  exactly as ``obj.name`` is;
* ``super``: the one- and two-argument forms (zero-argument ``super()`` inside a
  method is compiled to the two-argument form);
* ``pow``: integer powers are held to the language's size limit.
"""

from __future__ import annotations

import builtins as _py

from . import sandbox

_MISSING = object()


class _TypeMeta(type):
    """The metaclass of the language's ``type``: ``isinstance(int, type)`` is True as in Python."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, _py.type)

    def __subclasscheck__(cls, sub):
        return isinstance(sub, _py.type) and issubclass(sub, _py.type)

    def __call__(cls, *args, **kwargs):
        if kwargs:
            raise TypeError("type() takes no keyword arguments")
        if len(args) == 1:
            result = _py.type(args[0])
            if issubclass(result, _py.type):  # a metaclass: never reachable
                return cls
            return sandbox.stand_in(result)  # numpy's ndarray: the checked class np.ndarray is
        if len(args) == 3:
            raise TypeError("type(name, bases, dict) is not available in gradcalc: define classes with a "
                            "class statement")
        raise TypeError("type() takes 1 or 3 arguments")

    def __repr__(cls):
        return "<class 'type'>"


class type(metaclass=_TypeMeta):  # noqa: A001 - it is the language's `type`
    """type(object) -> the object's type."""


def getattr(obj, name, *default):  # noqa: A001
    if len(default) > 1:
        raise TypeError(f"getattr expected at most 3 arguments, got {2 + len(default)}")
    if _py.type(name) is not str:
        raise TypeError("attribute name must be string, not " + repr(_py.type(name).__name__))
    try:
        return sandbox.get_attribute(obj, name)
    except AttributeError:
        if default:
            return default[0]
        raise


def hasattr(obj, name):  # noqa: A001
    if _py.type(name) is not str:
        raise TypeError("attribute name must be string, not " + repr(_py.type(name).__name__))
    try:
        sandbox.get_attribute(obj, name)
    except AttributeError:
        return False
    return True


def setattr(obj, name, value):  # noqa: A001
    if _py.type(name) is not str:
        raise TypeError("attribute name must be string, not " + repr(_py.type(name).__name__))
    sandbox.set_attribute(obj, name, value)


def delattr(obj, name):  # noqa: A001
    if _py.type(name) is not str:
        raise TypeError("attribute name must be string, not " + repr(_py.type(name).__name__))
    sandbox.delete_attribute(obj, name)


def dir(*args):  # noqa: A001
    if not args:
        raise TypeError("dir() without an argument would list Python's local variables, which gradcalc's "
                        "language does not show: use %vars")
    if len(args) > 1:
        raise TypeError(f"dir expected at most 1 argument, got {len(args)}")
    return sandbox.members(args[0])


def super(*args):  # noqa: A001
    if not args:
        raise RuntimeError("super(): no arguments")
    return _py.super(*args)


def pow(base, exp, mod=None):  # noqa: A001
    if mod is not None:
        return _py.pow(base, exp, mod)
    from .compile_expr import checked_pow

    return checked_pow(base, exp)


# Python names the language leaves out on purpose, with the reason it gives.
REFUSED = {
    "vars": "it would expose an object's internals",
    "globals": "it would expose the interpreter's namespace",
    "locals": "it would expose the interpreter's frames",
    "open": "files are read and written only by %save/%load and torch.save/torch.load",
    "eval": "it runs a string as Python code, outside the sandbox",
    "exec": "it runs a string as Python code, outside the sandbox",
    "compile": "it makes Python code objects, outside the sandbox",
    "__import__": "only the import statement imports, and only the modules of the language",
    "breakpoint": "it would start Python's debugger",
    "input": "programs do not read from the keyboard in gradcalc",
    "memoryview": "it exposes raw memory",
}

# Python's own builtins the language has as they are.
PLAIN = ("staticmethod", "classmethod", "property", "issubclass", "id", "hash", "repr", "sorted",
         "reversed", "map", "filter", "any", "all", "iter", "next", "dict", "set", "frozenset", "callable",
         "divmod", "chr", "ord", "hex", "bin", "oct", "slice", "object", "ascii", "NotImplemented", "Ellipsis",
         "complex")


def names():
    """{name: object} of the builtins defined or chosen here."""
    out = {n: _py.__dict__[n] for n in PLAIN}
    for name, value in vars(_py).items():
        if isinstance(value, _py.type) and issubclass(value, BaseException) and not name.startswith("_"):
            out[name] = value
    out.update({"type": type, "getattr": getattr, "hasattr": hasattr, "setattr": setattr, "delattr": delattr,
                "dir": dir, "super": super, "pow": pow})
    from .memory_checks import FORMAT
    out["format"] = FORMAT  # Python's, with a huge width refused before it is built (--max-memory)
    return out
