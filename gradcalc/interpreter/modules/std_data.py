"""``copy``, ``collections``, ``itertools``, ``functools``, ``operator`` and ``string``.

Where CPython's version would let user values reach past the sandbox, ours is rebuilt:
* ``copy.copy``/``copy.deepcopy`` never call ``__reduce_ex__``/``__setstate__`` of a class
  (a class could otherwise have any callable called with any state); they copy
  containers, arrays, tensors (torch's semantics) and plain objects' attributes, and
  refuse what they cannot copy that way.
* ``collections.namedtuple`` builds its class without ``exec`` (CPython formats the field
  names into source code).
* ``operator.attrgetter``/``methodcaller`` read attributes by the sandbox's rules;
  ``setitem``/``delitem`` and the in-place operators go through the language's own
  (so a failed statement is undone); ``pow``/``lshift``/``mul`` keep the language's limits.
* ``functools.wraps``/``update_wrapper`` only decorate functions written in the language.
"""

from __future__ import annotations

import collections
import functools
import itertools
import operator
import sys
import types

from . import module_of, register_type

# -- copy -------------------------------------------------------------------------------------------

_ATOMIC = (type(None), int, float, bool, complex, str, bytes, type, range, slice, types.BuiltinFunctionType,
           types.FunctionType, types.MethodType, type(Ellipsis), type(NotImplemented), property)


def _trusted_types():
    """Types whose own copy methods are safe (written in C, numpy or the engine, holding no user values)."""
    import random

    import numpy as np

    from gradcalc.engine.random import Generator

    return (np.random.Generator, np.random.RandomState, random.Random, Generator)


_trusted = []


def _is_trusted(tp):
    if not _trusted:
        _trusted.extend(_trusted_types())
    return issubclass(tp, tuple(_trusted))


def _is_atomic(x, tp):
    if issubclass(tp, _ATOMIC):
        return True
    mod = tp.__module__ or ""
    if mod.startswith("numpy"):
        import numpy as np

        if isinstance(x, (np.generic, np.dtype)):
            return True  # numpy scalars, dtypes
    if mod.startswith("gradcalc.") and not hasattr(x, "__dict__") and callable(x):
        return True  # the sandbox's function wrappers
    from gradcalc.engine import device, dtype

    return isinstance(x, (dtype, device))


def _plain(tp):
    """Whether instances of ``tp`` copy as CPython's default does (their class does not customise it);
    gradcalc's own objects without a ``__dict__`` (modules, graph nodes) are not copied attribute-wise."""
    if (tp.__module__ or "").startswith("gradcalc.") and "__dict__" not in dir(tp):
        return False
    return (getattr(tp, "__reduce_ex__", None) is object.__reduce_ex__
            and getattr(tp, "__reduce__", None) is object.__reduce__
            and _engine_or_none(getattr(tp, "__setstate__", None))
            and getattr(tp, "__getstate__", object.__getstate__) is object.__getstate__
            and tp.__new__ is object.__new__)


def _engine_or_none(method):
    """No such method, or the engine's own (nn.Module's __setstate__ updates __dict__, as copying does)."""
    return method is None or (getattr(method, "__module__", "") or "").startswith("gradcalc.engine")


def _refuse(tp):
    kind = "pickle" if tp.__module__ == "builtins" or tp.__module__.startswith("gradcalc.") else "copy"
    if kind == "pickle":
        return TypeError(f"cannot pickle '{tp.__name__}' object")
    return TypeError(f"cannot copy '{tp.__name__}' object in gradcalc (its class customises copying, "
                     f"which the sandbox does not run)")


def _slots(tp):
    names = []
    for base in tp.__mro__:
        s = base.__dict__.get("__slots__", ())
        names.extend([s] if isinstance(s, str) else s)
    return [n for n in names if n not in ("__dict__", "__weakref__")]


def _copy_object(x, tp, memo, deep):
    y = object.__new__(tp)
    if memo is not None:
        memo[id(x)] = y
    state = getattr(x, "__dict__", None)
    if state is not None:
        y.__dict__.update(deepcopy(state, memo) if deep else state)
    for name in _slots(tp):
        if hasattr(x, name):
            value = getattr(x, name)
            object.__setattr__(y, name, deepcopy(value, memo) if deep else value)
    return y


def copy(x):
    """Shallow copy operation on arbitrary Python objects."""
    tp = type(x)
    if tp in (list, dict, set, bytearray):
        return x.copy()
    if _is_atomic(x, tp) or tp in (tuple, frozenset):
        return x
    from gradcalc.engine import Tensor

    import numpy as np

    if isinstance(x, Tensor):
        return x.__copy__()
    if isinstance(x, np.ndarray):
        return x.copy()
    if isinstance(x, (dict, collections.deque)):  # OrderedDict, defaultdict, Counter, deque
        return x.copy()
    if isinstance(x, tuple) and hasattr(tp, "_fields"):
        return tuple.__new__(tp, x)
    if isinstance(x, functools.partial):
        return functools.partial(x.func, *x.args, **x.keywords)
    if _is_trusted(tp):
        import copy as _copy

        return _copy.copy(x)
    if _plain(tp) and (hasattr(x, "__dict__") or _slots(tp)):
        return _copy_object(x, tp, None, False)
    raise _refuse(tp)


def deepcopy(x, memo=None):
    """Deep copy operation on arbitrary Python objects."""
    if memo is None:
        memo = {}
    found = memo.get(id(x), memo)
    if found is not memo:
        return found
    tp = type(x)
    if _is_atomic(x, tp):
        return x
    y = _deep(x, tp, memo)
    memo[id(x)] = y
    memo.setdefault(id(memo), []).append(x)  # keep x alive (its id must not be reused), as CPython does
    return y


def _deep(x, tp, memo):
    if tp is list:
        y = memo[id(x)] = []
        y.extend(deepcopy(v, memo) for v in x)
        return y
    if tp is tuple:
        y = tuple(deepcopy(v, memo) for v in x)
        found = memo.get(id(x))
        return found if found is not None else y
    if tp is dict:
        y = memo[id(x)] = {}
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
        return y
    if tp in (set, frozenset):
        return tp(deepcopy(v, memo) for v in x)
    from gradcalc.engine import Tensor

    import numpy as np

    if isinstance(x, Tensor):
        return x.__deepcopy__(memo)
    if isinstance(x, np.ndarray):
        return x.copy()
    if isinstance(x, collections.defaultdict):
        y = memo[id(x)] = tp(x.default_factory)
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
        return y
    if isinstance(x, dict):  # OrderedDict, Counter
        y = memo[id(x)] = tp()
        for k, v in x.items():
            dict.__setitem__(y, deepcopy(k, memo), deepcopy(v, memo))
        return y
    if isinstance(x, collections.deque):
        y = memo[id(x)] = tp(maxlen=x.maxlen)
        y.extend(deepcopy(v, memo) for v in x)
        return y
    if isinstance(x, tuple) and hasattr(tp, "_fields"):
        return tuple.__new__(tp, [deepcopy(v, memo) for v in x])
    if isinstance(x, functools.partial):
        return functools.partial(deepcopy(x.func, memo), *deepcopy(x.args, memo), **deepcopy(x.keywords, memo))
    if _is_trusted(tp):
        import copy as _copy

        return _copy.deepcopy(x, memo)
    if _plain(tp) and (hasattr(x, "__dict__") or _slots(tp)):
        return _copy_object(x, tp, memo, True)
    raise _refuse(tp)


def copy_module():
    import copy as _copy

    copy.__module__ = deepcopy.__module__ = "copy"
    return module_of("copy", {"copy": copy, "deepcopy": deepcopy, "Error": _copy.Error})


# -- collections ------------------------------------------------------------------------------------

_DICT_READ = ("keys", "values", "items", "get", "copy", "fromkeys")
_DICT_WRITE = ("pop", "popitem", "setdefault", "update", "clear")
_DEQUE_WRITE = ("append", "appendleft", "clear", "extend", "extendleft", "insert", "pop", "popleft", "remove",
                "reverse", "rotate")


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """Returns a new subclass of tuple with named fields (built without exec: see the module's docstring)."""
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    field_names = list(map(str, field_names))
    typename = sys.intern(str(typename))
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or _iskeyword(name) or name.startswith("_") or name in seen):
                field_names[index] = f"_{index}"
            seen.add(name)
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError("Type names and field names must be strings")
        if not name.isidentifier():
            raise ValueError(f"Type names and field names must be valid identifiers: {name!r}")
        if _iskeyword(name):
            raise ValueError(f"Type names and field names cannot be a keyword: {name!r}")
    seen = set()
    for name in field_names:
        if name.startswith("_") and not rename:
            raise ValueError(f"Field names cannot start with an underscore: {name!r}")
        if name in seen:
            raise ValueError(f"Encountered duplicate field name: {name!r}")
        seen.add(name)
    fields = tuple(field_names)
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(fields):
            raise TypeError("Got more default values than field names")
        field_defaults = dict(reversed(list(zip(reversed(fields), reversed(defaults)))))
    n = len(fields)

    def __new__(cls, *args, **kwargs):
        if len(args) > n:
            raise TypeError(f"{typename}.__new__() takes {n + 1} positional arguments but {len(args) + 1} were given")
        values = list(args)
        for name in fields[len(args):]:
            if name in kwargs:
                values.append(kwargs.pop(name))
            elif name in field_defaults:
                values.append(field_defaults[name])
            else:
                missing = [f for f in fields[len(values):] if f not in kwargs and f not in field_defaults]
                raise TypeError(_missing_message(typename, missing))
        if kwargs:
            name = next(iter(kwargs))
            if name in fields:
                raise TypeError(f"{typename}.__new__() got multiple values for argument '{name}'")
            raise TypeError(f"{typename}.__new__() got an unexpected keyword argument '{name}'")
        return tuple.__new__(cls, values)

    def __repr__(self):
        return self.__class__.__name__ + "(" + ", ".join(f"{f}={v!r}" for f, v in zip(fields, self)) + ")"

    def __getnewargs__(self):
        return tuple(self)

    def _make(cls, iterable):
        result = tuple.__new__(cls, iterable)
        if len(result) != n:
            raise TypeError(f"Expected {n} arguments, got {len(result)}")
        return result

    def _asdict(self):
        return dict(zip(fields, self))

    def _replace(self, **kwds):
        result = self._make([kwds.pop(f, v) for f, v in zip(fields, self)])
        if kwds:
            raise ValueError(f"Got unexpected field names: {list(kwds)!r}")
        return result

    __new__.__qualname__ = f"{typename}.__new__"
    ns = {"__doc__": f"{typename}({', '.join(fields)})", "__slots__": (), "_fields": fields,
          "_field_defaults": field_defaults, "__new__": __new__, "__repr__": __repr__,
          "__getnewargs__": __getnewargs__, "_make": classmethod(_make), "_asdict": _asdict,
          "_replace": _replace, "__match_args__": fields}
    for index, name in enumerate(fields):
        ns[name] = property(operator.itemgetter(index), doc=f"Alias for field number {index}")
    cls = type(typename, (tuple,), ns)
    cls.__module__ = module if module is not None else "__main__"
    register_type(cls, fields + ("index", "count"))
    return cls


def _iskeyword(name):
    import keyword

    return keyword.iskeyword(name)


def _missing_message(typename, missing):
    names = [repr(m) for m in missing]
    if len(names) == 1:
        listed = names[0]
    elif len(names) == 2:
        listed = f"{names[0]} and {names[1]}"
    else:
        listed = ", ".join(names[:-1]) + f", and {names[-1]}"
    s = "" if len(names) == 1 else "s"
    return f"{typename}.__new__() missing {len(names)} required positional argument{s}: {listed}"


def collections_module():
    od, dd, counter, deque = collections.OrderedDict, collections.defaultdict, collections.Counter, collections.deque
    register_type(od, _DICT_READ + _DICT_WRITE + ("move_to_end",), _DICT_WRITE + ("move_to_end",), items=True)
    register_type(dd, _DICT_READ + _DICT_WRITE + ("default_factory",), _DICT_WRITE, items=True)
    counter_write = _DICT_WRITE + ("subtract",)
    register_type(counter, _DICT_READ + counter_write + ("most_common", "elements", "total"), counter_write,
                  items=True)
    register_type(deque, _DEQUE_WRITE + ("copy", "count", "index", "maxlen"), _DEQUE_WRITE, items=True)
    from . import register_class

    register_class(od, lambda cls: ("fromkeys",))
    namedtuple.__module__ = "collections"
    return module_of("collections", {"OrderedDict": od, "defaultdict": dd, "Counter": counter, "deque": deque,
                                     "namedtuple": namedtuple})


# -- itertools, functools ----------------------------------------------------------------------------

def itertools_module():
    from . import register_class

    register_class(itertools.chain, lambda cls: ("from_iterable",))
    return module_of("itertools", {n: getattr(itertools, n) for n in dir(itertools) if not n.startswith("_")})


def _language_function(fn):
    return isinstance(fn, types.FunctionType) and hasattr(fn, "_gradcalc_signature")


def update_wrapper(wrapper, wrapped, assigned=functools.WRAPPER_ASSIGNMENTS, updated=functools.WRAPPER_UPDATES):
    """Update a wrapper function to look like the wrapped function."""
    if not _language_function(wrapper):
        raise TypeError("functools.wraps / update_wrapper in gradcalc decorate functions defined with def or lambda")
    for attr in ("__name__", "__qualname__", "__doc__"):
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            continue
        if attr == "__doc__" or isinstance(value, str):
            setattr(wrapper, attr, value)
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=functools.WRAPPER_ASSIGNMENTS, updated=functools.WRAPPER_UPDATES):
    """Decorator factory to apply update_wrapper() to a wrapper function."""
    return functools.partial(update_wrapper, wrapped=wrapped)


def functools_module():
    register_type(functools.partial, ("func", "args", "keywords"))
    lru_wrapper = type(functools.lru_cache(maxsize=None)(lambda: None))
    register_type(lru_wrapper, ("cache_info", "cache_clear", "cache_parameters"))
    info = functools.lru_cache()(lambda: None).cache_info()
    register_type(type(info), ("hits", "misses", "maxsize", "currsize", "index", "count"))
    update_wrapper.__module__ = wraps.__module__ = "functools"
    members = {n: getattr(functools, n) for n in ("partial", "reduce", "lru_cache", "cache", "cmp_to_key")}
    members["total_ordering"] = user_class_only(functools.total_ordering)
    members["wraps"] = wraps
    members["update_wrapper"] = update_wrapper
    members["WRAPPER_ASSIGNMENTS"] = functools.WRAPPER_ASSIGNMENTS
    members["WRAPPER_UPDATES"] = functools.WRAPPER_UPDATES
    return module_of("functools", members)


def user_class_only(decorator):
    """``decorator`` (total_ordering, dataclass ...) applied only to classes the program defined: it
    changes the class it is given, and the engine's, numpy's or Python's classes are shared."""
    def apply(cls=None, /, **kwargs):
        if cls is None:
            return lambda c: apply(c, **kwargs)
        from ..sandbox import is_user_class

        if not isinstance(cls, type) or not is_user_class(cls):
            name = getattr(cls, "__name__", type(cls).__name__)
            raise TypeError(f"{decorator.__name__}() in gradcalc applies to classes defined in the program, "
                            f"not to {name}")
        return decorator(cls, **kwargs) if kwargs else decorator(cls)

    apply.__name__ = apply.__qualname__ = decorator.__name__
    apply.__doc__ = decorator.__doc__
    apply.__module__ = decorator.__module__
    return apply


# -- operator ---------------------------------------------------------------------------------------

_OPERATOR_PLAIN = """abs add and_ call concat contains countOf eq floordiv ge getitem gt index indexOf inv invert
is_ is_not le length_hint lt matmul mod ne neg not_ or_ pos rshift sub truediv truth xor itemgetter""".split()

_INPLACE = {"iadd": "+", "iand": "&", "iconcat": "+", "ifloordiv": "//", "ilshift": "<<", "imatmul": "@",
            "imod": "%", "imul": "*", "ior": "|", "ipow": "**", "irshift": ">>", "isub": "-", "itruediv": "/",
            "ixor": "^"}


class attrgetter:
    """attrgetter(attr, ...) --> attrgetter object (reads by the sandbox's rules)."""

    __slots__ = ("_paths", "_text")

    def __init__(self, attr, *attrs):
        names = (attr,) + attrs
        for name in names:
            if not isinstance(name, str):
                raise TypeError("attribute name must be a string")
        self._paths = [name.split(".") for name in names]
        self._text = ", ".join(repr(n) for n in names)

    def __call__(self, obj):
        from ..sandbox import get_attribute

        values = []
        for path in self._paths:
            v = obj
            for name in path:
                v = get_attribute(v, name)
            values.append(v)
        return values[0] if len(values) == 1 else tuple(values)

    def __repr__(self):
        return f"operator.attrgetter({self._text})"


class methodcaller:
    """methodcaller(name, /, *args, **kwargs) --> methodcaller object (by the sandbox's rules)."""

    __slots__ = ("_name", "_args", "_kwargs")

    def __init__(self, name, /, *args, **kwargs):
        if not isinstance(name, str):
            raise TypeError("method name must be a string")
        self._name, self._args, self._kwargs = name, args, kwargs

    def __call__(self, obj):
        from ..sandbox import get_attribute

        return get_attribute(obj, self._name)(*self._args, **self._kwargs)

    def __repr__(self):
        args = [repr(self._name)] + [repr(a) for a in self._args] + [f"{k}={v!r}" for k, v in self._kwargs.items()]
        return f"operator.methodcaller({', '.join(args)})"


def operator_module():
    from .. import sandbox
    from ..compile_expr import check_repeat, checked_lshift, checked_pow
    from ..compile_stmt import _augmented

    members = {n: getattr(operator, n) for n in _OPERATOR_PLAIN if hasattr(operator, n)}

    def pow(a, b):
        "Same as a ** b."
        return checked_pow(a, b)

    def lshift(a, b):
        "Same as a << b."
        return checked_lshift(a, b)

    def mul(a, b):
        "Same as a * b."
        check_repeat(a, b)
        return a * b

    def setitem(a, b, c):
        "Same as a[b] = c."
        sandbox.set_item(a, b, c)

    def delitem(a, b):
        "Same as del a[b]."
        sandbox.delete_item(a, b)

    for fn in (pow, lshift, mul, setitem, delitem):
        fn.__module__ = "_operator"
        members[fn.__name__] = fn
    for name, symbol in _INPLACE.items():
        members[name] = _inplace(name, symbol, _augmented(symbol))
    members["attrgetter"] = attrgetter
    members["methodcaller"] = methodcaller
    return module_of("operator", members)


def _inplace(name, symbol, aug):
    def op(a, b):
        return aug(a, b)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"Same as a {symbol}= b."
    return op


# -- string -----------------------------------------------------------------------------------------

def string_module():
    import string

    register_type(string.Template, ("template", "substitute", "safe_substitute", "get_identifiers", "is_valid"))
    members = {n: getattr(string, n) for n in ("ascii_letters", "ascii_lowercase", "ascii_uppercase", "capwords",
                                               "digits", "hexdigits", "octdigits", "printable", "punctuation",
                                               "whitespace", "Template")}
    return module_of("string", members)
