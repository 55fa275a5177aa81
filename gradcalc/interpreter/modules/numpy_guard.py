"""The wrappers that stand between the language and numpy's callables.

A numpy function handed to the language is a ``NumpyFunction``: calling it calls numpy,
but first
* remembers (for the undo of a failed statement) every array the call is about to
  write: ``out=`` (by keyword or position), the first argument of the functions that
  change it in place (``copyto put place putmask fill_diagonal shuffle ...``);
* refuses object dtypes (``dtype=object``): an array of Python objects would hand
  them to numpy's machinery outside the sandbox's rules;
and afterwards refuses an object array that came out anyway (``np.array([1, None])``),
and arrays beyond the element limit.

``guarded_class`` gives ``np.ndarray`` / ``np.dtype`` to the language as classes that
work with ``isinstance`` but whose construction is checked (no ``buffer=``/``strides=``:
no view of memory an array does not own).
"""

from __future__ import annotations

import inspect

import numpy as np

from gradcalc.engine.limits import check_numel

from ..runtime import touch

_ndarray = np.ndarray
_NO_POSITION = 1 << 30

NO_OBJECT = ("object arrays are not part of gradcalc's language (numpy's dtype=object would hand Python "
             "objects to numpy outside the sandbox)")


def check_dtype(d):
    """Refuse ``dtype=object`` (and structured dtypes holding objects)."""
    if d is object or (type(d) is str and d.lstrip("|<>=").startswith("O")):
        raise TypeError(NO_OBJECT)
    if isinstance(d, np.dtype) and d.hasobject:
        raise TypeError(NO_OBJECT)


def check_result(r):
    """``r`` unless it is (or holds) an object array or an array beyond the element limit."""
    tp = type(r)
    if tp is _ndarray:
        if r.dtype.hasobject:
            raise TypeError(NO_OBJECT)
        check_numel(r.shape)
    elif isinstance(r, (tuple, list)):
        for x in r:
            if type(x) is _ndarray and x.dtype.hasobject:
                raise TypeError(NO_OBJECT)
    elif isinstance(r, _ndarray) and r.dtype.hasobject:  # a subclass
        raise TypeError(NO_OBJECT)
    return r


def touch_out(out):
    """Remember the array(s) a call is about to write, for the undo of a failed statement."""
    if isinstance(out, _ndarray):
        touch(out)
    elif type(out) is tuple:
        for o in out:
            if isinstance(o, _ndarray):
                touch(o)


def _out_position(fn):
    """Index of the positional parameter ``out`` of ``fn`` (a large number if there is none)."""
    if isinstance(fn, np.ufunc):
        return fn.nin
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return _C_OUT_POSITION.get(getattr(fn, "__name__", ""), _NO_POSITION)
    for i, p in enumerate(params):
        if p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            break
        if p.name == "out":
            return i
    return _NO_POSITION


# numpy functions written in C without a signature, and where their out= sits
_C_OUT_POSITION = {"dot": 2, "concatenate": 2, "concat": 2, "reduce": 3, "accumulate": 3, "reduceat": 4}


class NumpyFunction:
    """A numpy callable as the language sees it (see the module's docstring)."""

    __slots__ = ("_fn", "_out_at", "_writes_first")

    # ufunc methods the language may use: np.add.reduce, np.maximum.accumulate, np.add.at ...
    _SANDBOX_UFUNC = frozenset({"reduce", "accumulate", "reduceat", "outer", "at", "nin", "nout", "nargs",
                                "identity", "ntypes", "types"})

    def __init__(self, fn, writes_first=False):
        self._fn = fn
        self._out_at = None
        self._writes_first = writes_first

    def __call__(self, *args, **kwargs):
        if kwargs:
            out = kwargs.get("out")
            if out is not None:
                touch_out(out)
            d = kwargs.get("dtype")
            if d is not None:
                check_dtype(d)
        at = self._out_at
        if at is None:
            at = self._out_at = _out_position(self._fn)
        if len(args) > at:
            for o in args[at:] if isinstance(self._fn, np.ufunc) else (args[at],):
                touch_out(o)
        if self._writes_first and args:
            touch_out(args[0])
        return check_result(self._fn(*args, **kwargs))

    def __repr__(self):
        return repr(self._fn)

    @property
    def __name__(self):
        return getattr(self._fn, "__name__", type(self._fn).__name__)

    @property
    def __doc__(self):
        return getattr(self._fn, "__doc__", None)

    @property
    def __wrapped__(self):  # for inspect.signature in %help (the language never reads '_' names)
        return self._fn

    # -- the sandbox's attribute hook: the methods of a ufunc -----------------------------
    def _sandbox_names(self):
        if isinstance(self._fn, np.ufunc):
            return self._SANDBOX_UFUNC
        return frozenset()

    def _sandbox_get(self, name):
        value = getattr(self._fn, name)
        if callable(value):
            return NumpyFunction(value, writes_first=(name == "at"))
        return value


class NumpyMethod:
    """A bound method of an array or a numpy object: touches what it writes, checks what it returns."""

    __slots__ = ("_obj", "_name", "_out_at", "_mutates")

    def __init__(self, obj, name, out_at, mutates):
        self._obj = obj
        self._name = name
        self._out_at = _NO_POSITION if out_at is None else out_at
        self._mutates = mutates

    def __call__(self, *args, **kwargs):
        if self._mutates:
            touch_out(self._obj)
        if kwargs:
            out = kwargs.get("out")
            if out is not None:
                touch_out(out)
            d = kwargs.get("dtype")
            if d is not None:
                check_dtype(d)
        if len(args) > self._out_at:
            touch_out(args[self._out_at])
        if self._name == "astype" and args:
            check_dtype(args[0])
        return check_result(getattr(self._obj, self._name)(*args, **kwargs))

    def __repr__(self):
        return repr(getattr(self._obj, self._name))

    @property
    def __name__(self):
        return self._name


class _Guarded(type):
    """Metaclass of the stand-ins for numpy classes: ``isinstance`` sees the real class,
    calling goes through a checked constructor."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, cls._real)

    def __subclasscheck__(cls, sub):
        return isinstance(sub, type) and issubclass(sub, cls._real)

    def __call__(cls, *args, **kwargs):
        return cls._make(*args, **kwargs)

    def __repr__(cls):
        return repr(cls._real)


def guarded_class(name, real, make):
    return _Guarded(name, (), {"__slots__": (), "_real": real, "_make": staticmethod(make)})


def _make_ndarray(shape, dtype=float, order="C", **kwargs):
    for key in ("buffer", "offset", "strides"):
        if key in kwargs:
            raise TypeError(f"np.ndarray({key}=...) is not available in gradcalc (it views memory an array "
                            f"does not own); use np.array, np.zeros, np.empty or np.lib.stride_tricks."
                            f"sliding_window_view")
    if kwargs:
        raise TypeError(f"ndarray() got an unexpected keyword argument '{next(iter(kwargs))}'")
    check_dtype(dtype)
    check_numel(tuple(shape) if isinstance(shape, (tuple, list)) else (shape,))
    return check_result(np.ndarray(shape, dtype, order=order))


def _make_dtype(obj, align=False, copy=False, **kwargs):
    check_dtype(obj)
    d = np.dtype(obj, align=align, copy=copy, **kwargs)
    check_dtype(d)
    return d


NDARRAY = guarded_class("ndarray", np.ndarray, _make_ndarray)
DTYPE = guarded_class("dtype", np.dtype, _make_dtype)


def _register_stand_ins():
    from ..sandbox import _STAND_INS

    _STAND_INS[np.ndarray] = NDARRAY


_register_stand_ins()
