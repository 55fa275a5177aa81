"""What compiled code shares at run time: sentinels, cells, control signals, limits.

Compiled statements return ``None`` to go on, or one of the signals below to
leave a block (``break``, ``continue``, ``return``: the returned value waits in
slot 0 of the function's frame). Exceptions are only for errors.
"""

from __future__ import annotations

import sys

from numpy import ndarray



class _Sentinel:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


UNBOUND = _Sentinel("<unbound>")  # a local that has no value yet (or was deleted)
BREAK = _Sentinel("<break>")
CONTINUE = _Sentinel("<continue>")
RETURN = _Sentinel("<return>")


class Cell:
    """A variable shared between a function and the functions nested in it."""

    __slots__ = ("v",)

    def __init__(self, v=UNBOUND):
        self.v = v


class Stop(BaseException):
    """Raised inside the evaluation to stop it: ``--timeout`` or ``session.interrupt()``.

    A BaseException, so that no ``except Exception`` in the engine swallows it.
    ``kind`` is what the user sees (``TimeoutError`` or ``KeyboardInterrupt``).
    """

    def __init__(self, kind, message=""):
        super().__init__(message)
        self.kind = kind
        self.message = message


# The flag of the statement running now (a session's ``flag``), for code that waits outside the
# language's loops (time.sleep) and must still stop on Ctrl-C or --timeout.
RUNNING_FLAG = [None]


class ExitRequested(SystemExit):
    """``exit()`` / ``quit()`` in the user's code: the caller should stop (status ``code``)."""


class Runtime:
    """The per-session state compiled closures read: names, limits, hooks.

    ``flag[0]`` is None while running normally; ``session.interrupt()`` or the
    timeout timer put a ``Stop`` there, which loops and calls raise.
    """

    __slots__ = ("ns", "builtins", "flag", "depth", "max_depth", "display", "magic", "session")

    def __init__(self, ns, builtins, max_depth, session=None):
        self.ns = ns
        self.builtins = builtins
        self.flag = [None]
        self.depth = [0]
        self.max_depth = [max_depth]
        self.display = [None]
        self.magic = [None]
        self.session = session


def raise_stop(flag):
    """Raise the Stop waiting in ``flag[0]`` (and clear it)."""
    stop = flag[0]
    flag[0] = None
    raise stop


# -- undo for mutable values other than tensors ------------------------------------------
# While a statement runs, ACTIVE[0] is a dict id -> (object, saved copy) (see atomic.py);
# every change to a list, a dict or a cell made by the language first calls touch(), and so
# does every write to a numpy array through the language (item assignment, ``a += b``, ``out=``,
# ``a.fill(0)``: the sandbox and modules/numpy_guard.py), since an array may share its memory
# with a tensor.

ACTIVE = [None]


def touch(obj):
    """Remember ``obj`` (list, dict, set, Cell, or an object of a user class, or the class) as it is,
    before the language changes it."""
    saved = ACTIVE[0]
    if saved is not None and id(obj) not in saved:
        cls = type(obj)
        if cls is Cell:
            saved[id(obj)] = (obj, obj.v)
        elif cls is dict:
            saved[id(obj)] = (obj, dict(obj))
        elif cls is list:
            saved[id(obj)] = (obj, list(obj))
        elif cls is set:
            saved[id(obj)] = (obj, set(obj))
        elif cls.__module__ == "collections":  # OrderedDict, defaultdict, Counter, deque (modules/std_data)
            saved[id(obj)] = (obj, _CollectionState(obj))
        elif cls is ndarray:  # kept by the journal, in order with the tensors it may share memory with
            from .journal import touch_array

            touch_array(obj)
            return
        elif isinstance(obj, type):
            saved[id(obj)] = (obj, _ClassState(obj))
        else:
            saved[id(obj)] = (obj, _ObjectState(obj))
        if len(saved) % _SWEEP_EVERY == 0:
            _sweep(saved)


_SWEEP_EVERY = 256


def _sweep(saved):
    """Forget the containers only the undo record still holds (a loop's temporaries): restoring
    them could change nothing anyone sees, and keeping them would grow without bound."""
    getrefcount = sys.getrefcount
    for key, (obj, _) in list(saved.items()):
        if getrefcount(obj) <= 3:  # the record, the loop variable, the argument
            del saved[key]


class _ObjectState:
    """An object's attributes (its ``__dict__``), and the dicts among them copied one level down:
    an engine base such as nn.Module keeps its parameters and submodules in such dicts."""

    __slots__ = ("attrs", "inner")

    def __init__(self, obj):
        d = obj.__dict__
        self.attrs = dict(d)
        self.inner = [(v, dict(v)) for v in d.values() if isinstance(v, dict)]

    def restore(self, obj):
        if not self.attrs and not obj.__dict__:
            return
        for v, copy in self.inner:
            v.clear()
            v.update(copy)
        d = obj.__dict__
        d.clear()
        d.update(self.attrs)


class _ClassState:
    """A user class's attributes (``Cls.count += 1``)."""

    __slots__ = ("attrs",)

    def __init__(self, cls):
        self.attrs = dict(vars(cls))

    def restore(self, cls):
        now = vars(cls)
        for name in [n for n in now if n not in self.attrs]:
            delattr(cls, name)
        for name, value in self.attrs.items():
            if now.get(name, _ABSENT) is not value and not name.startswith("__"):
                setattr(cls, name, value)


_ABSENT = _Sentinel("<absent>")


class _CollectionState:
    """The items of a ``collections`` container (its class's own update() may not simply set them)."""

    __slots__ = ("items",)

    def __init__(self, obj):
        self.items = dict(obj) if isinstance(obj, dict) else list(obj)

    def restore(self, obj):
        if isinstance(obj, dict):
            dict.clear(obj)
            dict.update(obj, self.items)
        else:
            obj.clear()
            obj.extend(self.items)


def restore(saved):
    """Put every remembered list, dict, set, cell and object back."""
    for obj, copy in saved.values():
        cls = type(obj)
        if cls is Cell:
            obj.v = copy
        elif cls is dict or cls is set:
            obj.clear()
            obj.update(copy)
        elif cls is list:
            obj[:] = copy
        else:
            copy.restore(obj)
