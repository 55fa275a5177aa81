"""The modules ``import`` can reach besides torch: Python's pure-computation modules and numpy.

Each module is a ``sandbox.module`` (a fixed dict of allowlisted names), built the first
time a program imports it (nothing here runs at start-up). One small file per family
says what the language gets and how the dangerous parts are replaced or withheld:

    numpy_api      numpy, numpy.linalg, numpy.random, numpy.fft, numpy.lib.stride_tricks
    numpy_guard    the wrappers around numpy's callables (out=, object arrays, undo)
    numpy_attrs    what the language may read on arrays, scalars, dtypes, generators
    std_math       math, cmath, statistics, __future__
    std_random     random, time
    std_data       copy, collections, itertools, functools, operator, string
    std_types      typing, dataclasses, enum
    std_io         io (BytesIO only, for torch.save/torch.load)
"""

from __future__ import annotations

import importlib

# dotted name -> (file in this package, function building the module)
_BUILDERS = {
    "numpy": ("numpy_api", "numpy_module"),
    "numpy.linalg": ("numpy_api", "linalg_module"),
    "numpy.random": ("numpy_api", "random_module"),
    "numpy.fft": ("numpy_api", "fft_module"),
    "numpy.lib": ("numpy_api", "lib_module"),
    "numpy.lib.stride_tricks": ("numpy_api", "stride_tricks_module"),
    "math": ("std_math", "math_module"),
    "cmath": ("std_math", "cmath_module"),
    "statistics": ("std_math", "statistics_module"),
    "__future__": ("std_math", "future_module"),
    "random": ("std_random", "random_module"),
    "time": ("std_random", "time_module"),
    "copy": ("std_data", "copy_module"),
    "collections": ("std_data", "collections_module"),
    "itertools": ("std_data", "itertools_module"),
    "functools": ("std_data", "functools_module"),
    "operator": ("std_data", "operator_module"),
    "string": ("std_data", "string_module"),
    "typing": ("std_types", "typing_module"),
    "dataclasses": ("std_types", "dataclasses_module"),
    "enum": ("std_types", "enum_module"),
    "io": ("std_io", "io_module"),
}

_built = {}


def names():
    """The modules this package offers (for %help modules and the sandbox message)."""
    return sorted(_BUILDERS)


def find(dotted):
    """The language's module named ``dotted``, built on first use; None if there is none."""
    mod = _built.get(dotted)
    if mod is None:
        where = _BUILDERS.get(dotted)
        if where is None:
            return None
        file, builder = where
        mod = _built[dotted] = getattr(importlib.import_module(f"{__name__}.{file}"), builder)()
    return mod


def module_of(members_name, members):
    """A module object of the sandbox holding ``members``."""
    from ..sandbox import module

    return module(members_name, members)


# -- attributes of the objects these modules hand out ----------------------------------------
# type -> (names the language may read, the mutating methods among them, whether ``obj[k] = v``
# and ``del obj[k]`` are allowed); a subclass has its registered base's rules.
_TYPES = {}


def register_type(tp, names, mutating=(), items=False):
    _TYPES[tp] = (frozenset(names), frozenset(mutating), items)


# Python modules whose types have rules here, and the language's module whose builder registers
# them. A value of such a type can reach a program before it imports the module (an optimizer's
# ``state`` is a defaultdict, a ``state_dict()`` an OrderedDict); the rules are registered on
# first sight of the type, so what may be read never depends on what was imported before.
_RULES_FROM = {"collections": "collections", "functools": "functools", "itertools": "itertools",
               "string": "string", "statistics": "statistics", "random": "random", "time": "time",
               "dataclasses": "dataclasses", "enum": "enum"}


_SEEN = set()  # types already looked at by _register_rules_for


def _register_rules_for(tp):
    """Build the modules whose builders register rules for ``tp`` or its bases (once each)."""
    if tp in _SEEN:
        return
    _SEEN.add(tp)
    for base in tp.__mro__:
        name = _RULES_FROM.get(base.__module__)
        if name is not None and name not in _built:
            find(name)


def type_rules(tp):
    """(names, mutating names, items allowed) for ``tp``, or None if no module registered it.

    A class the program derived from a registered one (an Enum, a namedtuple's subclass) adds
    the public names its own class bodies define."""
    _register_rules_for(tp)
    if not _TYPES:
        return None
    own = set()
    for base in tp.__mro__:
        rules = _TYPES.get(base)
        if rules is not None:
            if own:
                return (rules[0] | own, rules[1], rules[2])
            return rules
        own.update(n for n in vars(base) if not n.startswith("_"))
    return None


# class -> function cls -> names the language may read on the class object itself
# (``Color.RED`` of an Enum, ``itertools.chain.from_iterable``); a subclass has its base's.
_CLASSES = {}


def register_class(tp, names_of):
    _CLASSES[tp] = names_of


def class_names(cls):
    """Names the language may read on class ``cls`` (frozenset), or None."""
    _register_rules_for(cls)
    if not _CLASSES:
        return None
    for base in cls.__mro__:
        names_of = _CLASSES.get(base)
        if names_of is not None:
            return frozenset(names_of(cls))
    return None
