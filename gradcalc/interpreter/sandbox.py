"""The sandbox: everything the language can reach, decided in this one module.

The language sees
* names: the builtins of SPEC §2 (``print range len ...``), ``torch``, and every
  name of the torch namespace bare (``ones``, ``sin``, ``float32``), Python's
  builtins winning where both have one (``float``, ``sum``, ``max``);
* modules: ``torch``, ``torch.nn``, ``torch.nn.functional``, ``torch.autograd``
  (and ``torch.autograd.functional``, ``torch.linalg`` when the engine has them),
  each a ``module`` object of ours holding only the engine's public names — never
  a real Python module;
* attributes: per type, the public API (below). A name that starts with ``_`` is
  never reachable, on anything.

Where the lists come from: the torch namespaces from the engine modules'
``__all__`` / public names (implementation modules, and functions or classes
defined outside the engine, are left out); Tensor's from ``ops.METHODS``,
``ops.PROPERTIES`` and Tensor's own public attributes. So an op the engine adds
is reachable without touching this file; what the engine must not show the
language is listed in ``_WITHHELD`` with the reason the user is told.

Every other type has a short allowlist here (``_TYPE_ATTRS``), and a type not
listed has no attributes at all: a function, a class, a generator, a numpy dtype
are opaque. What makes it safe: no attribute lookup in the language bypasses
``attr_reader``; ``str.format`` is reimplemented on top of it; item assignment
reaches only tensors, lists and dicts; and only the engine's context managers
work in ``with``.
"""

from __future__ import annotations

import operator
import sys
import types

from . import callables as _callables
from .errors import did_you_mean
from .memory_checks import SIZED_STR_METHODS, StrMethod, check_format_spec
from . import runtime
from .runtime import ExitRequested, touch

# The torch modules the language knows, each present when the engine has it.
_TORCH_MODULES = ("torch", "torch.nn", "torch.nn.functional", "torch.autograd", "torch.autograd.functional",
                  "torch.linalg", "torch.special", "torch.fft", "torch.nn.init", "torch.nn.utils",
                  "torch.nn.utils.rnn", "torch.utils", "torch.utils.data", "torch.random",
                  "torch.optim", "torch.optim.lr_scheduler", "torch.func", "torch.cuda", "torch.autograd.forward_ad",
                  "torch.backends", "torch.backends.mps", "torch.backends.cudnn", "torch.accelerator",
                  "torch.optim.swa_utils", "torch.functional", "torch.autograd.profiler", "torch.profiler")

# Engine names the language must not reach, with what the user is told instead.
_WITHHELD = {}

# torch names the language gets in the interpreter's own version: files go through the session's file rules
_INTERPRETER_OWN = {"torch": ("save", "load")}

# torch modules whose objects write files (a profile's export_chrome_trace, tensorboard_trace_handler)
_WRITES_TRACES = ("torch.autograd.profiler", "torch.profiler")

# torch names that are not bound bare: the bare name is a Python builtin the language leaves out
# (``compile``), so it stays unknown rather than meaning something else; ``torch.compile`` works.
_NOT_BARE = frozenset({"compile", "save", "load"})  # save/load: bare names are the %save/%load magics' in help

# Python's builtins the language has (SPEC §2), beside print/exit/quit defined below.
_PY_BUILTINS = ("range", "len", "abs", "min", "max", "sum", "float", "int", "bool", "str", "round", "list",
                "tuple", "zip", "enumerate", "isinstance")

_PRIVATE = ("access to '{name}' is not allowed: gradcalc's language cannot reach Python internals "
            "(names starting with '_')")


# -- the language's own builtins ----------------------------------------------------------

class builtin_function_or_method:  # named so that Python's messages read as for a builtin
    """A builtin of the language implemented here (print, exit, quit)."""

    __slots__ = ("_fn", "_name", "_repr")

    def __init__(self, name, fn, text=None):
        self._fn = fn
        self._name = name
        self._repr = text or f"<built-in function {name}>"

    def __call__(self, *args, **kwargs):
        return self._fn(*args, **kwargs)

    def __repr__(self):
        return self._repr


def make_print(write):
    """``print`` writing through ``write(text)`` (the session's ``out``)."""

    def print_(*values, sep=" ", end="\n", flush=False, **unknown):
        if unknown:
            name = next(iter(unknown))
            if name == "file":
                raise TypeError("print() cannot write to a file in gradcalc (output goes to the screen)")
            raise TypeError(f"print() got an unexpected keyword argument '{name}'")
        if sep is None:
            sep = " "
        if end is None:
            end = "\n"
        if type(sep) is not str:
            raise TypeError(f"sep must be None or a string, not {type(sep).__name__}")
        if type(end) is not str:
            raise TypeError(f"end must be None or a string, not {type(end).__name__}")
        write(sep.join([str(v) for v in values]) + end)
        if flush:
            stream = getattr(write, "__self__", None)  # out=sys.stdout.write: flush that stream
            if hasattr(stream, "flush"):
                stream.flush()

    return builtin_function_or_method("print", print_)


def _exit(code=None):
    raise ExitRequested(code)


_EXIT_TEXT = "Use exit() or Ctrl-D (i.e. EOF) to exit"


# -- modules --------------------------------------------------------------------------------

class module:  # named so that messages read "'module' object is not callable"
    """A torch namespace as the language sees it: a fixed set of names, nothing else."""

    __slots__ = ("_name", "_m", "_withheld", "_loader")

    def __init__(self, name, members, withheld=None, loader=None):
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_m", members)
        object.__setattr__(self, "_withheld", withheld or {})
        object.__setattr__(self, "_loader", loader)

    @property
    def _members(self):
        """{name: value}; a module made with a ``loader`` asks it on first use (torch.optim's
        engine module is imported only when the language first reaches torch.optim)."""
        m = self._m
        if m is None:
            m = self._loader()
            object.__setattr__(self, "_m", m)
        return m

    def __getattr__(self, attr):  # for Python code (completion, %help); the language uses get()
        try:
            return self._members[attr]
        except KeyError:
            raise AttributeError(self._missing(attr)) from None

    def get(self, attr):
        try:
            return (self._m if self._m is not None else self._members)[attr]
        except KeyError:
            raise AttributeError(self._missing(attr)) from None

    def _missing(self, attr):
        why = self._withheld.get(attr)
        if why:
            return f"module '{self._name}' has no attribute '{attr}' ({why})"
        return f"module '{self._name}' has no attribute '{attr}'" + did_you_mean(attr, self._members)

    def __setattr__(self, attr, value):
        raise AttributeError(f"module '{self._name}' is read-only in gradcalc")

    def __dir__(self):
        return sorted(self._members)

    def __repr__(self):
        return f"<module '{self._name}'>"


_modules = None
_globals = None


def _engine():
    import gradcalc.engine

    return gradcalc.engine


def _engine_module(dotted):
    """The engine module standing for torch module ``dotted``, or None (found through attributes,
    so nothing is imported that the engine itself did not import)."""
    mod = _engine()
    for part in dotted.split(".")[1:]:
        mod = getattr(mod, part, None)
        if not isinstance(mod, types.ModuleType):
            return None
    return mod


# torch modules whose engine module is imported on first use (the engine's ``__getattr__``):
# the language's namespace for them is built when first reached, not at start-up
_LAZY_ROOTS = ("torch.optim", "torch.func", "torch.utils", "torch.nn.utils", "torch.autograd.profiler",
               "torch.profiler")


def _is_lazy(dotted):
    return any(dotted == r or dotted.startswith(r + ".") for r in _LAZY_ROOTS)


def _public_names(mod):
    names = getattr(mod, "__all__", None)
    if names is None:
        names = [k for k in vars(mod) if not k.startswith("_")]
    return [n for n in names if not n.startswith("_")]


def _is_engine_object(value):
    """Functions and classes must come from the engine (not typing, functools, numpy ...)."""
    if isinstance(value, (types.FunctionType, type, types.BuiltinFunctionType)):
        return (getattr(value, "__module__", "") or "").startswith("gradcalc.engine") or value in _RENAMED
    return True


def _members_of(dotted, mod, built):
    """The names module ``dotted`` (engine module ``mod``) gives the language; its child
    namespaces are the ``module`` objects of ``built``."""
    withheld = _WITHHELD.get(dotted, {})
    members = {}
    for name in _public_names(mod):
        if name in withheld:
            continue
        value = getattr(mod, name, None)
        if isinstance(value, types.ModuleType):
            child = f"{dotted}.{name}"
            if child in built and (_is_lazy(child) or _engine_module(child) is value):
                members[name] = built[child]
            continue  # implementation modules never reach the language
        if _is_engine_object(value):
            members[name] = _callables.wrap(value, dotted, name) if isinstance(
                value, (types.FunctionType, types.BuiltinFunctionType)) else value
    for child, ns in built.items():  # children not imported yet (torch.optim before first use)
        parent, _, name = child.rpartition(".")
        if parent == dotted and name not in members and name not in withheld and _is_lazy(child):
            members[name] = ns
    for name in _INTERPRETER_OWN.get(dotted, ()):
        from . import files
        members[name] = _callables.function(getattr(files, name), name)
    if dotted in _WRITES_TRACES:
        from . import files
        files.guard_trace_files()  # a profile's trace files follow the session's file rules too
    return members


def _lazy_present(dotted):
    """Whether the engine has the lazily imported module ``dotted``, from its files (importing
    it, or asking importlib about a dotted name, would import its package)."""
    import os

    path = os.path.join(_engine().__path__[0], *dotted.split(".")[1:])
    return os.path.isfile(path + ".py") or os.path.isfile(os.path.join(path, "__init__.py"))


def modules():
    """{"torch": module, "torch.nn.functional": module, ...}: the modules ``import`` can bind.

    Each namespace's names are gathered on first use; torch.optim, torch.func and torch.utils
    import their engine modules only then."""
    global _modules
    if _modules is None:
        engine_mods = {d: (None if _is_lazy(d) else _engine_module(d)) for d in _TORCH_MODULES}
        present = [d for d in _TORCH_MODULES
                   if (_lazy_present(d) if _is_lazy(d) else engine_mods[d] is not None)]
        built = {}

        def loader(dotted):
            def load():
                mod = engine_mods[dotted] or _engine_module(dotted)
                return _members_of(dotted, mod, built)
            return load

        for dotted in present:
            built[dotted] = module(dotted, None, _WITHHELD.get(dotted, {}), loader(dotted))
        _modules = built
        _name_classes_as_torch()
    return _modules


# How torch names its classes (``print(type(x))`` shows ``<class 'torch.Tensor'>``): the
# engine's classes carry torch's module names once the language has started.
_TORCH_CLASS_MODULES = {"Tensor": "torch", "Size": "torch", "dtype": "torch", "device": "torch",
                        "finfo": "torch", "iinfo": "torch",
                        "Generator": "torch._C", "nn.Parameter": "torch.nn.parameter",
                        "nn.UninitializedParameter": "torch.nn.parameter",
                        "nn.UninitializedBuffer": "torch.nn.parameter"}


_RENAMED = set()  # the engine classes named as torch's (still the engine's, for _is_engine_object)


def _name_classes_as_torch():
    engine = _engine()
    for dotted, module_name in _TORCH_CLASS_MODULES.items():
        cls = engine
        for part in dotted.split("."):
            cls = getattr(cls, part, None)
        if isinstance(cls, type) and (cls.__module__ or "").startswith("gradcalc.engine"):
            cls.__module__ = module_name
            _RENAMED.add(cls)


def global_names():
    """{name: object} the language starts with: builtins, ``torch``, the bare torch names."""
    global _globals
    if _globals is None:
        torch = modules()["torch"]
        names = {k: v for k, v in torch._members.items() if not isinstance(v, module) and k not in _NOT_BARE}
        names["torch"] = torch
        py = __builtins__ if isinstance(__builtins__, dict) else vars(__builtins__)
        for name in _PY_BUILTINS:
            names[name] = py[name]
        from . import builtins_lang

        names.update(builtins_lang.names())
        names["print"] = make_print(lambda text: sys.stdout.write(text))
        names["exit"] = builtin_function_or_method("exit", _exit, _EXIT_TEXT)
        names["quit"] = builtin_function_or_method("quit", _exit, _EXIT_TEXT)
        _globals = names
    return _globals


# -- attributes -----------------------------------------------------------------------------

def _tensor_names():
    from gradcalc.engine import Tensor
    from gradcalc.engine.ops import METHODS, PROPERTIES

    names = set(METHODS) | set(PROPERTIES) | {n for n in dir(Tensor) if not n.startswith("_")}
    return frozenset(n for n in names if not n.startswith("_"))


_STR_WITHHELD = {"format_map": "use str.format", "encode": "bytes are not part of gradcalc's language"}
_LIST_MUTATING = frozenset({"append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse"})
_DICT_MUTATING = frozenset({"pop", "popitem", "setdefault", "update", "clear"})
_SET_MUTATING = frozenset({"add", "remove", "discard", "pop", "clear", "update", "intersection_update",
                           "difference_update", "symmetric_difference_update"})
_SET_READING = ("union", "intersection", "difference", "symmetric_difference", "issubset", "issuperset",
                "isdisjoint", "copy")
_NUMBER = ("real", "imag", "conjugate")

# Short allowlists for the other types the language meets (by exact type, or base class
# for the engine's types; see _names_for_type).
_TYPE_ATTRS = {
    "list": ("append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse", "index", "count", "copy"),
    "tuple": ("index", "count"),
    "set": tuple(_SET_MUTATING) + _SET_READING,
    "frozenset": _SET_READING,
    # a generator: advanced by next() and for; send() and close() as in Python (no frame, no code)
    "generator": ("send", "close"),
    # @x.setter in a class body
    "property": ("setter", "getter", "deleter"),
    "dict": ("keys", "values", "items", "get", "copy", "pop", "popitem", "setdefault", "update", "clear"),
    "int": _NUMBER + ("bit_length", "bit_count", "numerator", "denominator", "as_integer_ratio", "is_integer"),
    "float": _NUMBER + ("is_integer", "as_integer_ratio", "hex"),
    "complex": _NUMBER,
    "range": ("start", "stop", "step", "index", "count"),
    "slice": ("start", "stop", "step", "indices"),
    # numpy's types: see modules/numpy_attrs.py
    # the engine's types other than Tensor: torch's public API of each
    "Node": ("name", "next_functions", "register_hook", "register_prehook"),
    "AccumulateGrad": ("name", "next_functions", "register_hook", "register_prehook", "variable"),
    "dtype": ("is_floating_point", "is_complex", "is_signed", "itemsize"),
    "device": ("type", "index"),
    "Size": ("index", "count", "numel"),
    "finfo": ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution", "dtype"),
    "iinfo": ("bits", "max", "min", "dtype"),
    "RemovableHandle": ("remove",),
    "Generator": ("manual_seed", "seed", "initial_seed", "get_state", "set_state", "device"),
    # torch.optim: param_groups (a list of plain dicts) and state are the user's to read and change
    "Optimizer": ("step", "zero_grad", "param_groups", "state", "defaults", "add_param_group", "state_dict",
                  "load_state_dict", "register_step_pre_hook", "register_step_post_hook",
                  "register_state_dict_pre_hook", "register_state_dict_post_hook",
                  "register_load_state_dict_pre_hook", "register_load_state_dict_post_hook"),
    # torch.nn.utils.rnn.PackedSequence (a namedtuple): its fields and torch's methods
    "PackedSequence": ("data", "batch_sizes", "sorted_indices", "unsorted_indices", "to", "cpu", "cuda",
                       "pin_memory", "double", "float", "half", "long", "int", "short", "char", "byte", "is_cuda",
                       "is_pinned", "count", "index"),
    # torch.autograd.profiler / torch.profiler: the profiles, their events and tables
    "autograd.profile": ("key_averages", "table", "function_events", "total_average", "self_cpu_time_total",
                         "export_chrome_trace", "enabled", "record_shapes", "profile_memory", "with_stack",
                         "with_flops", "with_modules", "use_cuda", "use_device", "use_cpu", "acc_events"),
    "profiler.profile": ("start", "stop", "step", "key_averages", "events", "export_chrome_trace", "step_num",
                         "current_action", "profiler", "schedule", "on_trace_ready", "activities",
                         "record_shapes", "profile_memory", "with_stack", "with_flops", "with_modules",
                         "acc_events", "record_steps", "add_metadata", "add_metadata_json", "get_trace_id"),
    "record_function": ("name", "args"),
    "EventList": ("table", "key_averages", "total_average", "self_cpu_time_total", "export_chrome_trace",
                  "supported_export_stacks_metrics", "index", "count", "copy"),
    "FunctionEvent": ("id", "name", "key", "count", "cpu_time", "cpu_time_total", "self_cpu_time_total",
                      "cpu_time_str", "cpu_time_total_str", "self_cpu_time_total_str", "device_time",
                      "device_time_total", "self_device_time_total", "cuda_time", "cuda_time_total",
                      "self_cuda_time_total", "input_shapes", "stack", "cpu_parent", "cpu_children",
                      "cpu_memory_usage", "self_cpu_memory_usage", "device_memory_usage", "self_device_memory_usage",
                      "cuda_memory_usage", "self_cuda_memory_usage", "time_range", "start_us", "end_us",
                      "sequence_nr", "is_user_annotation", "flops", "overload_name", "node_id", "thread",
                      "is_async", "is_remote", "is_legacy", "device_type", "trace_name", "scope"),
    "FunctionEventAvg": ("key", "count", "cpu_time", "cpu_time_total", "self_cpu_time_total", "cpu_time_str",
                         "cpu_time_total_str", "self_cpu_time_total_str", "device_time", "device_time_total",
                         "self_device_time_total", "cuda_time", "cuda_time_total", "self_cuda_time_total",
                         "input_shapes", "stack", "cpu_parent", "cpu_children", "cpu_memory_usage",
                         "self_cpu_memory_usage", "device_memory_usage", "self_device_memory_usage",
                         "cuda_memory_usage", "self_cuda_memory_usage", "is_user_annotation", "flops",
                         "overload_name", "node_id", "is_async", "is_remote", "is_legacy", "device_type", "add"),
    "LRScheduler": ("step", "get_last_lr", "get_lr", "state_dict", "load_state_dict", "last_epoch", "base_lrs",
                    "optimizer", "print_lr", "T_max", "eta_min", "step_size", "gamma", "milestones", "factor",
                    "total_iters", "start_factor", "end_factor", "power", "T_0", "T_i", "T_mult", "T_cur",
                    "mode", "patience", "threshold", "threshold_mode", "cooldown", "min_lrs", "eps", "best",
                    "num_bad_epochs", "cooldown_counter", "total_steps", "max_lrs", "base_lrs", "verbose"),
}

# attributes set on instances (not found on the class): optimizers' and schedulers' state
_INSTANCE_ATTRS = frozenset(_TYPE_ATTRS["Optimizer"] + _TYPE_ATTRS["LRScheduler"] + _TYPE_ATTRS["autograd.profile"]
                            + _TYPE_ATTRS["profiler.profile"] + _TYPE_ATTRS["record_function"])
_PYTHON_TYPES = ("list", "tuple", "dict", "int", "float", "complex", "range", "slice", "set", "frozenset",
                 "generator", "property")
_type_names = {}  # type -> frozenset of attribute names the language may read


def _names_for_type(tp):
    names = _type_names.get(tp)
    if names is None:
        names = frozenset(_compute_names(tp))
        if not (tp.__module__.startswith("numpy") or _module_rules(tp) is not None):
            names = frozenset(n for n in names if hasattr(tp, n) or n in _INSTANCE_ATTRS)  # (those list instance attributes too)
        _type_names[tp] = names
    return names


def _compute_names(tp):
    from gradcalc.engine import Size, Tensor, device, dtype, finfo, iinfo
    from gradcalc.engine.node import AccumulateGrad, Node, RemovableHandle
    from gradcalc.engine.random import Generator

    if issubclass(tp, Tensor):
        return _tensor_names()
    rules = _module_rules(tp)
    if rules is not None:
        return rules[0]
    if issubclass(tp, AccumulateGrad):
        return _TYPE_ATTRS["AccumulateGrad"]
    if issubclass(tp, Node):
        return _TYPE_ATTRS["Node"]
    if tp is str:
        return [n for n in dir(str) if not n.startswith("_") and n not in _STR_WITHHELD]
    if tp is bool:
        return _TYPE_ATTRS["int"]
    kinds = [(dtype, "dtype"), (device, "device"), (Size, "Size"), (RemovableHandle, "RemovableHandle"),
             (Generator, "Generator"), (finfo, "finfo"), (iinfo, "iinfo")]
    if "gradcalc.engine.optim" in sys.modules:  # (no optimizer exists before torch.optim is imported)
        from gradcalc.engine.optim import Optimizer
        from gradcalc.engine.optim.lr_scheduler import LRScheduler, ReduceLROnPlateau
        kinds += [(Optimizer, "Optimizer"), (LRScheduler, "LRScheduler"), (ReduceLROnPlateau, "LRScheduler")]
    if "gradcalc.engine.autograd.profiler_util" in sys.modules:  # (no profile exists before one is imported)
        kinds += _profiler_kinds()
    for cls, key in kinds:
        if issubclass(tp, cls):
            return _TYPE_ATTRS[key]
    if issubclass(tp, BaseException):  # e.args; not __traceback__, __context__, with_traceback
        return [n for c in tp.__mro__ if c.__module__ == "builtins"
                for n in _EXCEPTION_ATTRS.get(c.__name__, ())] + ["args"]
    if tp.__module__ == "gradcalc.engine.nn.utils.rnn" and tp.__name__ == "PackedSequence":
        return _TYPE_ATTRS["PackedSequence"]
    if issubclass(tp, tuple) and hasattr(tp, "_fields") and tp.__module__.startswith("gradcalc.engine"):
        return tuple(tp._fields) + _TYPE_ATTRS["tuple"]  # torch.return_types.*
    if issubclass(tp, dict) and tp.__module__ == "collections":  # a state_dict (OrderedDict): read it
        return ("keys", "values", "items", "get", "copy")
    if tp.__module__ == "builtins" and tp.__name__ in _PYTHON_TYPES:
        return _TYPE_ATTRS[tp.__name__]
    if tp.__module__.startswith("numpy"):
        from .modules.numpy_attrs import names_for

        return names_for(tp)
    return ()


def _profiler_kinds():
    from gradcalc.engine.autograd import profiler as autograd_profiler
    from gradcalc.engine.autograd.profiler_util import EventList, FunctionEvent, FunctionEventAvg

    kinds = [(autograd_profiler.profile, "autograd.profile"), (autograd_profiler.record_function, "record_function"),
             (EventList, "EventList"), (FunctionEvent, "FunctionEvent"), (FunctionEventAvg, "FunctionEventAvg")]
    if "gradcalc.engine.profiler" in sys.modules:
        from gradcalc.engine.profiler import profile
        kinds.append((profile, "profiler.profile"))
    return kinds


# real class -> the class the language gets instead (``type(a)`` for a numpy array is the checked
# ``np.ndarray`` of modules/numpy_guard.py, whose constructor refuses buffer=/strides=/object dtypes)
_STAND_INS = {}


def stand_in(cls):
    return _STAND_INS.get(cls, cls)


def _module_rules(tp):
    """The rules a module of ours (modules/) registered for ``tp``: deque, Counter, partial ..."""
    from .modules import type_rules

    return type_rules(tp)


def _class_names(cls):
    """Attributes the language may read on a class object: Tensor's methods (``torch.Tensor.add``)."""
    from gradcalc.engine import Tensor

    if cls is Tensor:
        return frozenset(n for n in _tensor_names() if isinstance(getattr(Tensor, n, None), types.FunctionType))
    builtin = _BUILTIN_CLASS_ATTRS.get(cls)
    if builtin is not None:
        return builtin
    from .modules import class_names

    names = class_names(cls) if isinstance(cls.__mro__, tuple) else None
    return names if names is not None else frozenset()


# Methods read on Python's own classes: ``sorted(words, key=str.lower)``, ``dict.fromkeys(keys)``.
# Not str.format (it would format past the sandbox's field rules), and no method that changes a
# list, dict or set (called on the class it would skip the undo record).
_BUILTIN_CLASS_ATTRS = {
    str: frozenset(n for n in dir(str) if not n.startswith("_") and n not in ("format", "format_map", "encode",
                                                                              "maketrans")),
    dict: frozenset({"fromkeys", "keys", "values", "items", "get"}),
    list: frozenset({"index", "count", "copy"}),
    tuple: frozenset({"index", "count"}),
    set: frozenset(_SET_READING), frozenset: frozenset(_SET_READING),
}


def members(obj):
    """Sorted names of the attributes the language may read on ``obj`` (for completion, %help)."""
    if type(obj) is module:
        return sorted(obj._members)
    if type(obj) in _USER_CLASSES or isinstance(obj, type) and obj in _USER_CLASSES:
        return _user_names(obj)
    if isinstance(obj, type):
        return sorted(_class_names(obj))
    if hasattr(type(obj), "_sandbox_names"):
        return sorted(obj._sandbox_names())
    return sorted(_names_for_type(type(obj)))


def _type_label(obj):
    return type(obj).__name__


def _no_attribute(obj, name, names):
    if isinstance(obj, type):
        return AttributeError(f"type object '{obj.__name__}' has no attribute '{name}'" + did_you_mean(name, names))
    tp = type(obj)
    if tp is str and name in _STR_WITHHELD:
        return AttributeError(f"'str' object has no attribute '{name}' in gradcalc ({_STR_WITHHELD[name]})")
    return AttributeError(f"'{_type_label(obj)}' object has no attribute '{name}'" + did_you_mean(name, names))


class _MutatingMethod:
    """A list's or dict's mutating method: remembers the container first (atomic statements)."""

    __slots__ = ("_obj", "_name")

    def __init__(self, obj, name):
        self._obj = obj
        self._name = name

    def __call__(self, *args, **kwargs):
        touch(self._obj)
        return getattr(self._obj, self._name)(*args, **kwargs)

    def __repr__(self):
        return f"<built-in method {self._name} of {type(self._obj).__name__} object at {hex(id(self._obj))}>"


class _Format:
    """``str.format``, with every ``{0.attr}`` / ``{0[i]}`` field looked up by the sandbox's rules."""

    __slots__ = ("_s",)

    def __init__(self, s):
        self._s = s

    def __call__(self, *args, **kwargs):
        return _formatter().vformat(self._s, args, kwargs)

    def __repr__(self):
        return f"<built-in method format of str object at {hex(id(self._s))}>"


_the_formatter = None


def _formatter():
    global _the_formatter
    if _the_formatter is None:
        import string
        from _string import formatter_field_name_split

        class SafeFormatter(string.Formatter):
            def get_field(self, field_name, args, kwargs):
                first, rest = formatter_field_name_split(field_name)
                obj = self.get_value(first, args, kwargs)
                for is_attr, key in rest:
                    obj = get_attribute(obj, key) if is_attr else obj[key]
                return obj, first

            def format_field(self, value, format_spec):
                check_format_spec(format_spec)
                return format(value, format_spec)

        _the_formatter = SafeFormatter()
    return _the_formatter


def _accessor(tp, name):
    """How to read attribute ``name`` on objects of type ``tp``: a function obj -> value."""
    if tp is module:
        return lambda obj: obj.get(name)
    info = _USER_CLASSES.get(tp)
    if info is not None:
        return _user_instance_reader(tp, name, info)
    if tp is super:
        return lambda obj: _read_super(obj, name)
    if _is_ctx_type(tp):
        return _ctx_reader(name)
    if tp is types.FunctionType:
        return _function_attribute_reader(name)
    if hasattr(tp, "_sandbox_get"):  # the modules' wrappers (modules/): they list their own attributes
        def read_wrapped(obj):
            names = obj._sandbox_names()
            if name in names:
                return obj._sandbox_get(name)
            raise _no_attribute(obj, name, names)
        return read_wrapped
    if issubclass(tp, type):
        def read_class(obj):
            info = _USER_CLASSES.get(obj)
            if info is not None:
                return _read_user_class(obj, name, info)
            names = _class_names(obj)
            if name in names:
                if _is_tensor_type(obj) and isinstance(getattr(obj, name, None), types.FunctionType):
                    return _callables.method_descriptor(obj, name)  # checks its self, as torch's descriptors
                return getattr(obj, name)
            raise _no_attribute(obj, name, names)
        return read_class
    if _is_nn_module_type(tp) or _is_data_type(tp):
        return operator.attrgetter(name)  # Module.__getattr__: parameters, buffers, sub-modules, torch's error
    names = _names_for_type(tp)
    if name in names:
        if (tp is list and name in _LIST_MUTATING) or (tp is dict and name in _DICT_MUTATING) \
                or (tp is set and name in _SET_MUTATING):
            return lambda obj: _MutatingMethod(obj, name)
        rules = _module_rules(tp)
        if rules is not None and name in rules[1]:
            return lambda obj: _MutatingMethod(obj, name)
        if tp is str and name == "format":
            return _Format
        if tp is str and name in SIZED_STR_METHODS:
            return lambda obj: StrMethod(obj, name)  # 'a'.center(10**10): the size checked first
        if tp.__module__.startswith("numpy"):
            from .modules.numpy_attrs import accessor

            return accessor(tp, name)
        if name in _tensor_names() and isinstance(getattr(tp, name, None), types.FunctionType):
            return lambda obj: _callables.bound(obj, name)  # torch's repr and argument errors
        return operator.attrgetter(name)

    def refuse(obj):
        raise _no_attribute(obj, name, names)
    return refuse


def _is_nn_module_type(tp):
    """An nn.Module (its public attributes are its API and its registered parameters and layers)."""
    nn = sys.modules.get("gradcalc.engine.nn.module")
    return nn is not None and issubclass(tp, nn.Module)


def _is_data_type(tp):
    """The engine's datasets, samplers and DataLoader (``len(loader.dataset)``)."""
    return (tp.__module__ or "").startswith("gradcalc.engine.utils.data")


def _set_module_flag(mod, name, value):
    """``torch.backends.cudnn.deterministic = True``: the flags an engine module lists in its
    ``SETTABLE`` are assigned through its ``set_flag`` (torch's checks); every other module
    attribute is read-only. A failing statement puts the flag back (``_ModuleFlags``)."""
    engine_mod = _engine_module(mod._name)
    if engine_mod is None or name not in getattr(engine_mod, "SETTABLE", ()):
        raise AttributeError(f"module '{mod._name}' is read-only in gradcalc")
    saved = runtime.ACTIVE[0]
    if saved is not None and id(mod) not in saved:
        saved[id(mod)] = (mod, _ModuleFlags(engine_mod))
    engine_mod.set_flag(name, value)
    mod._members[name] = getattr(engine_mod, name)


class _ModuleFlags:
    """A module's settable flags as they were before a statement (restored if it fails)."""

    __slots__ = ("engine_mod", "values")

    def __init__(self, engine_mod):
        self.engine_mod = engine_mod
        self.values = {n: getattr(engine_mod, n) for n in engine_mod.SETTABLE}

    def restore(self, mod):
        for n, v in self.values.items():
            setattr(self.engine_mod, n, v)
            mod._members[n] = v


def _touch_module(obj):
    """Remember a Module's attribute dicts before the language changes them (atomic statements)."""
    d = obj.__dict__
    touch(d)
    for key in ("_parameters", "_modules", "_buffers"):
        if type(d.get(key)) is dict:
            touch(d[key])


def _is_tensor_type(tp):
    from gradcalc.engine import Tensor

    return issubclass(tp, Tensor)


def _private(name):
    def refuse(obj):
        raise AttributeError(_PRIVATE.format(name=name))
    return refuse


def _private_reader(name):
    """``obj._name`` / ``obj.__name__``: refused, but for what user classes allow (see user classes)."""
    def read(obj):
        tp = type(obj)
        info = _USER_CLASSES.get(tp)
        if info is not None:
            return _user_instance_reader(tp, name, info)(obj)
        if tp is super:
            return _read_super(obj, name)
        if isinstance(obj, type):
            info = _USER_CLASSES.get(obj)
            if info is not None:
                return _read_user_class(obj, name, info)
        if tp is module and name == "__version__" and obj._name == "torch":
            return _engine().__version__  # what scripts print or compare first
        raise AttributeError(_PRIVATE.format(name=name))
    return read


_accessors = {}  # (type, name) -> accessor


def attr_reader(name):
    """A function ``obj -> obj.name`` that applies the sandbox's rules (one per attribute node)."""
    if name.startswith("_"):
        return _private_reader(name)
    cache = {}

    def read(obj):
        tp = type(obj)
        acc = cache.get(tp)
        if acc is None:
            acc = _accessors.get((tp, name))
            if acc is None:
                acc = _accessors[(tp, name)] = _accessor(tp, name)
            cache[tp] = acc
        return acc(obj)

    return read


def get_attribute(obj, name):
    """``obj.name`` under the sandbox's rules (str.format fields, getattr, one-off lookups)."""
    if type(name) is not str:
        raise TypeError(f"attribute name must be string, not '{type(name).__name__}'")
    if name.startswith("_"):
        return _private_reader(name)(obj)
    tp = type(obj)
    acc = _accessors.get((tp, name))
    if acc is None:
        acc = _accessors[(tp, name)] = _accessor(tp, name)
    return acc(obj)


_TENSOR_WRITABLE = frozenset({"grad", "requires_grad", "data"})


def set_attribute(obj, name, value):
    """``obj.name = value``: only ``grad``, ``requires_grad`` and ``data`` of a tensor."""
    from gradcalc.engine import Tensor

    if type(obj) is Tensor and name in _TENSOR_WRITABLE:  # ``p.grad = None`` in a training loop
        setattr(obj, name, value)
        return
    info = _USER_CLASSES.get(type(obj))
    if info is not None:
        return _set_user_attribute(obj, name, value, info)
    if isinstance(obj, type) and obj in _USER_CLASSES:
        return _set_class_attribute(obj, name, value, _USER_CLASSES[obj])
    if name.startswith("_"):
        raise AttributeError(_PRIVATE.format(name=name))
    if _is_ctx_type(type(obj)):
        return _set_ctx_attribute(obj, name, value)
    if _is_user_function(obj):
        return _set_function_attribute(obj, name, value)
    if isinstance(obj, Tensor):
        if name in _TENSOR_WRITABLE:
            setattr(obj, name, value)
            return
        names = _names_for_type(type(obj))
        if name in names:
            raise AttributeError(f"attribute '{name}' of 'Tensor' objects is not writable "
                                 f"(only grad, requires_grad and data can be assigned)")
        raise _no_attribute(obj, name, names)
    if type(obj) is module:
        return _set_module_flag(obj, name, value)
    if _is_nn_module_type(type(obj)):
        _touch_module(obj)
        setattr(obj, name, value)  # Module.__setattr__ registers parameters, buffers and sub-modules
        return
    label = obj.__name__ if isinstance(obj, type) else _type_label(obj)
    raise AttributeError(f"'{label}' object attribute '{name}' is read-only"
                         if name in members(obj) else f"'{label}' object has no attribute '{name}'")


def delete_attribute(obj, name):
    """``del obj.name``: ``del x.grad`` (as ``x.grad = None``), and attributes of user objects."""
    from gradcalc.engine import Tensor

    info = _USER_CLASSES.get(type(obj))
    if info is None and isinstance(obj, type):
        info = _USER_CLASSES.get(obj)
    if info is not None:
        return _delete_user_attribute(obj, name, info)
    if name.startswith("_"):
        raise AttributeError(_PRIVATE.format(name=name))
    if isinstance(obj, Tensor) and name == "grad":
        obj.grad = None
        return
    if _is_nn_module_type(type(obj)):
        _touch_module(obj)
        delattr(obj, name)
        return
    raise AttributeError(f"cannot delete attribute '{name}' of '{_type_label(obj)}' object")


# -- user classes ---------------------------------------------------------------------------
# A class statement makes a real Python class (``type(name, bases, namespace)``, or the
# metaclass of an engine base such as autograd.Function's), so that the engine's machinery
# (nn.Module's __setattr__ registration and __call__ -> forward, Function.apply and its ctx)
# works on it exactly as on a Python subclass. What keeps it shut:
# * bases: object, the user's own classes, exception classes, and the engine classes made
#   to be subclassed (``_SUBCLASSABLE``); no ``metaclass=`` or other class keywords;
# * the namespace may define only the special methods of SPEC §2 (``SPECIAL_METHODS``), no
#   other dunder (``__getattr__``, ``__init_subclass__``, ``__set_name__``, ``__slots__``,
#   ``__class_getitem__``, ``__reduce__``, ``__del__`` ... are refused when the class is made);
# * reading: no dunder is ever read (except a special method through ``super()`` or on a user
#   class, to call ``super().__init__()`` / ``Base.__init__(self)``); a name an engine base
#   defines is read only when that base's public API has it; ``_name`` only on instances and
#   classes whose bases are all the user's own (or object/exceptions), never where an engine
#   base keeps its internals under ``_`` names.

SPECIAL_METHODS = frozenset("""
__init__ __call__ __repr__ __str__ __len__ __getitem__ __setitem__ __delitem__ __iter__ __next__
__contains__ __eq__ __ne__ __lt__ __le__ __gt__ __ge__ __hash__ __bool__ __enter__ __exit__
__neg__ __pos__ __abs__ __invert__ __reversed__
__add__ __sub__ __mul__ __matmul__ __truediv__ __floordiv__ __mod__ __pow__ __lshift__ __rshift__
__and__ __xor__ __or__ __divmod__
__radd__ __rsub__ __rmul__ __rmatmul__ __rtruediv__ __rfloordiv__ __rmod__ __rpow__ __rlshift__
__rrshift__ __rand__ __rxor__ __ror__ __rdivmod__
__iadd__ __isub__ __imul__ __imatmul__ __itruediv__ __ifloordiv__ __imod__ __ipow__ __ilshift__
__irshift__ __iand__ __ixor__ __ior__
""".split())
# what the class statement itself puts in the namespace
_CLASS_BOOKKEEPING = frozenset({"__module__", "__qualname__", "__doc__"})

# Engine classes made to be subclassed (found by their torch names; the ones the engine has).
_SUBCLASSABLE_NAMES = (("torch.autograd", "Function"), ("torch.nn", "Module"), ("torch.utils.data", "Dataset"),
                       ("torch.utils.data", "IterableDataset"), ("torch.utils.data", "Sampler"),
                       ("torch.optim", "Optimizer"), ("torch.optim.lr_scheduler", "LRScheduler"))
_subclassable = None
_extra_subclassable = []  # tests register a stand-in engine base here


def _subclassable_roots():
    global _subclassable
    if _subclassable is None:
        found = []
        for dotted, name in _SUBCLASSABLE_NAMES:
            mod = _engine_module("torch." + dotted[6:]) if dotted != "torch" else _engine()
            cls = getattr(mod, name, None) if mod is not None else None
            if isinstance(cls, type):
                found.append(cls)
        _subclassable = tuple(found)
    return _subclassable + tuple(_extra_subclassable)


class _ClassInfo:
    """What the sandbox needs to know of a user class (computed once, when it is made)."""

    __slots__ = ("engine_names", "engine_api", "private_ok", "engine_private")

    def __init__(self, cls):
        outside = [c for c in cls.__mro__[1:] if c not in _USER_CLASSES]
        # names some non-user class of the MRO defines: whose API decides whether they are read
        self.engine_names = frozenset(n for c in outside for n in vars(c))
        api = set()
        for c in outside:
            api.update(_base_api(c))
        self.engine_api = frozenset(api)
        self.private_ok = all(c is object or (c.__module__ == "builtins" and issubclass(c, BaseException))
                              for c in outside)
        self.engine_private = None if self.private_ok else _private_names_of(outside)


_USER_CLASSES = {}  # class -> _ClassInfo, for every class a class statement made


def is_user_class(cls):
    return cls in _USER_CLASSES


def _base_api(c):
    """Public names a non-user base class offers its subclasses' instances."""
    if c is object:
        return ()
    if c.__module__ == "builtins" and issubclass(c, BaseException):
        return _EXCEPTION_ATTRS.get(c.__name__, ()) + ("args",)
    return [n for n in vars(c) if not n.startswith("_")] + list(_names_for_type(c))


_EXCEPTION_ATTRS = {"StopIteration": ("value",), "SystemExit": ("code",), "KeyError": (), "OSError": (
    "errno", "strerror", "filename"), "ImportError": ("name",), "UnicodeError": (), "NameError": ("name",),
    "AttributeError": ("name",)}


def _class_keyword_error(keywords):
    name = next(iter(keywords))
    if name == "metaclass":
        return TypeError("metaclass= is not allowed in gradcalc: classes are made by the class statement only")
    return TypeError(f"class keyword arguments are not supported in gradcalc ('{name}=')")


def _check_base(base):
    if not isinstance(base, type):
        return TypeError(f"bases must be classes, not {type(base).__name__}" if not callable(base) else
                         f"a class can only derive from classes, not from {_type_label(base)!s} objects")
    if base in _USER_CLASSES or base is object or base in MODULE_BASES:
        return None
    if base.__module__ == "builtins" and issubclass(base, BaseException):
        return None
    if issubclass(base, _subclassable_roots()) and ((base.__module__ or "").startswith("gradcalc.engine")
                                                    or issubclass(base, tuple(_extra_subclassable))):
        return None
    return TypeError(f"subclassing '{_torch_name(base)}' is not supported in gradcalc (a class may derive from object, "
                     f"your own classes, exceptions, nn.Module, autograd.Function and Dataset)")


# Bases the modules offer (modules/): enum.Enum and its kin -> their metaclass (EnumType)
MODULE_BASES = {}


def make_class(name, qualname, bases, namespace, keywords, doc):
    """The class a ``class`` statement makes, after the sandbox's checks (TypeError otherwise)."""
    if keywords:
        raise _class_keyword_error(keywords)
    for key in namespace:
        if key.startswith("__") and key.endswith("__") and key not in SPECIAL_METHODS \
                and key not in ("__annotations__", "__post_init__"):  # (`x: T` lines and a hook, for dataclasses)
            raise TypeError(f"a class may not define '{key}' in gradcalc: of the special methods only "
                            f"__init__, __call__, __repr__, __len__, __getitem__, __iter__, __eq__, __add__ ... "
                            f"(SPEC §2) can be defined")
        if key.startswith("_gradcalc"):
            raise TypeError(f"'{key}' is a name gradcalc keeps for itself")
    for base in bases:
        err = _check_base(base)
        if err is not None:
            raise err
    metas = {type(b) for b in bases} or {type}
    meta = type
    for m in metas:  # Python's rule: the most derived metaclass
        if issubclass(m, meta):
            meta = m
        elif not issubclass(meta, m):
            raise TypeError("metaclass conflict: the metaclass of a derived class must be a (non-strict) "
                            "subclass of the metaclasses of all its bases")
    if meta is not type and not (meta.__module__ or "").startswith("gradcalc.engine") \
            and meta not in MODULE_BASES.values():
        raise TypeError("metaclasses are not allowed in gradcalc")
    ns = meta.__prepare__(name, bases) if meta is not type else {}  # an Enum's namespace counts its members
    ns["__module__"] = "__main__"
    ns["__qualname__"] = qualname
    if doc is not None:
        ns["__doc__"] = doc
    for key, value in namespace.items():
        ns[key] = value
    cls = meta(name, bases or (object,), ns)
    _USER_CLASSES[cls] = _ClassInfo(cls)
    return cls


def _torch_name(cls):
    return getattr(cls, "__name__", "?")


def _refused_private(name, info):
    """Whether ``_name`` / ``__name__`` stays out of reach on a user object: dunders always, gradcalc's
    own bookkeeping (``_gradcalc_*``), and on a subclass of an engine class (``nn.Module``) every
    ``_name`` the engine's code for that class uses (``info.engine_private``). A tutorial's own
    helpers (``self._forward_alg(feats)``, ``self._hidden = ...``) are the program's."""
    if not name.startswith("_"):
        return False
    if name.startswith(("__", "_gradcalc")):
        return True
    if info.private_ok:
        return False
    private = info.engine_private
    return private is None or name in info.engine_names or name in private


_scanned = {}  # engine package directory -> the _names its source uses


def _private_names_of(bases):
    """Every ``_name`` the engine code behind ``bases`` defines or touches as an attribute (``def _apply``,
    ``self._parameters``, ``module._forward_hooks``, ``getattr(m, "_version")``), read from the source
    of each base's package (and of torch.func, which reaches into modules): a user subclass may neither
    read nor write them, so an engine object's internals are neither reached nor replaced under a
    name the engine trusts. None (every ``_name`` refused) when a base is not the engine's."""
    import os
    import re

    root = _engine().__path__[0]
    folders = {os.path.join(root, "func")}
    for c in bases:
        if c is object or (c.__module__ == "builtins" and issubclass(c, BaseException)):
            continue
        mod = sys.modules.get(c.__module__)
        path = getattr(mod, "__file__", None)
        if not c.__module__.startswith("gradcalc.engine") or path is None:
            return None
        folder = os.path.dirname(path)
        folders.add(root if folder == root else folder)
    names = set()
    pattern = re.compile(r"(?:\.|\bdef |[\"'])(_[A-Za-z][A-Za-z0-9_]*)")
    for folder in folders:
        found = _scanned.get(folder)
        if found is None:
            found = set()
            for here, _dirs, files in os.walk(folder):
                for f in files:
                    if f.endswith(".py"):
                        with open(os.path.join(here, f), encoding="utf-8") as src:
                            found.update(pattern.findall(src.read()))
            found = _scanned[folder] = frozenset(found)
        names |= found
    return frozenset(names)


def _user_instance_reader(tp, name, info):
    """``obj.name`` on an instance of user class ``tp``."""
    if name in SPECIAL_METHODS:  # self.__add__(o): a special method the user's class defines
        def read_special(obj):
            if any(name in vars(c) for c in tp.__mro__ if c in _USER_CLASSES):
                return getattr(obj, name)
            raise AttributeError(_PRIVATE.format(name=name))
        return read_special
    if _refused_private(name, info):
        return _private(name)
    getter = operator.attrgetter(name)
    if name not in info.engine_names:
        return getter  # the user's own attribute or method (or an engine base's __getattr__: parameters)
    user_mro = [c for c in tp.__mro__ if c in _USER_CLASSES]
    allowed = name in info.engine_api

    def read_shadowed(obj):
        # the user may override an engine name: then it is the user's
        if allowed or any(name in vars(c) for c in user_mro) or name in getattr(obj, "__dict__", ()):
            return getter(obj)
        raise _no_attribute(obj, name, _user_names(obj))
    return read_shadowed


def _user_names(obj):
    tp = obj if isinstance(obj, type) else type(obj)
    info = _USER_CLASSES.get(tp)
    names = set()
    for c in tp.__mro__:
        if c in _USER_CLASSES:
            names.update(n for n in vars(c) if not n.startswith("__"))
    if not isinstance(obj, type):
        names.update(getattr(obj, "__dict__", {}))
    if info is not None:
        names.update(info.engine_api)
    return sorted(n for n in names if not n.startswith("_") or (info is not None and info.private_ok
                                                                 and not n.startswith("__")))


def _read_user_class(cls, name, info):
    """``Cls.name`` on a user class."""
    if name.startswith("__"):
        if name in SPECIAL_METHODS and any(name in vars(c) for c in cls.__mro__ if c in _USER_CLASSES):
            return getattr(cls, name)  # Base.__init__(self, ...)
        raise AttributeError(_PRIVATE.format(name=name))
    if _refused_private(name, info):
        raise AttributeError(_PRIVATE.format(name=name))
    for c in cls.__mro__:
        if name in vars(c):
            if c in _USER_CLASSES or name in _engine_class_api(c):
                return getattr(cls, name)
            break
    else:
        raise AttributeError(f"type object '{cls.__name__}' has no attribute '{name}'"
                             + did_you_mean(name, _user_names(cls)))
    raise AttributeError(f"type object '{cls.__name__}' has no attribute '{name}'")


def _engine_class_api(c):
    """What the language may read on an engine base class through a user subclass (``MyFn.apply``)."""
    if c is object or c.__module__ == "builtins":
        return ()
    return [n for n in vars(c) if not n.startswith("_")]


def _read_super(sup, name):
    """``super().name``: a public name, or a special method (``super().__init__()``)."""
    if name.startswith("_") and name not in SPECIAL_METHODS:
        raise AttributeError(_PRIVATE.format(name=name))
    start = sup.__thisclass__
    owner = sup.__self_class__
    if owner is None:
        raise AttributeError(f"'super' object has no attribute '{name}'")
    mro = owner.__mro__
    for c in mro[mro.index(start) + 1:]:
        if name in vars(c):
            if c in _USER_CLASSES or name in SPECIAL_METHODS or name in _base_api(c):
                return getattr(sup, name)
            break
    raise AttributeError(f"'super' object has no attribute '{name}'")


def _set_user_attribute(obj, name, value, info):
    if _refused_private(name, info):
        raise AttributeError(_PRIVATE.format(name=name))
    if name in info.engine_names and name not in info.engine_api:
        raise AttributeError(f"'{_type_label(obj)}' object attribute '{name}' is read-only")
    touch(obj)
    setattr(obj, name, value)


def _set_class_attribute(cls, name, value, info):
    if _refused_private(name, info):
        raise AttributeError(_PRIVATE.format(name=name))
    if name in info.engine_names:
        raise AttributeError(f"cannot set '{name}' attribute of type '{cls.__name__}'")
    touch(cls)
    setattr(cls, name, value)


def _delete_user_attribute(obj, name, info):
    if _refused_private(name, info):
        raise AttributeError(_PRIVATE.format(name=name))
    if name in info.engine_names and name not in vars(obj if isinstance(obj, type) else type(obj)):
        raise AttributeError(f"cannot delete attribute '{name}' of '{_type_label(obj)}' object")
    touch(obj)
    delattr(obj, name)


# Attributes a program puts on its own functions (``wrapper.calls = 0``): only public names, only
# on functions the language made, read back from what the program stored.
def _is_user_function(fn):
    return type(fn) is types.FunctionType and "_gradcalc_signature" in fn.__dict__


def _function_attribute_reader(name):
    def read_function_attribute(fn):
        d = fn.__dict__
        if "_gradcalc_signature" in d and name in d:
            return d[name]
        raise AttributeError(f"'function' object has no attribute '{name}'")
    return read_function_attribute


def _set_function_attribute(fn, name, value):
    touch(fn)
    fn.__dict__[name] = value


# ctx of a custom autograd.Function: torch's FunctionCtx API, and what the user stores on it
_CTX_API = ("save_for_backward", "save_for_forward", "saved_tensors", "mark_dirty", "mark_non_differentiable", "set_materialize_grads",
            "needs_input_grad", "name", "next_functions", "register_hook", "register_prehook", "saved_variables")


_ctx_base = []  # [BackwardCFunction], found once (an import statement per call cost ~1 µs)


def _is_ctx_type(tp):
    if not _ctx_base:
        from gradcalc.engine.autograd.function import BackwardCFunction

        _ctx_base.append(BackwardCFunction)
    return issubclass(tp, _ctx_base[0])


def _ctx_reader(name):
    def read_ctx(obj):
        d = obj.__dict__
        if name in d:
            return d[name]
        if name in _CTX_API and hasattr(obj, name):
            return getattr(obj, name)
        raise _no_attribute(obj, name, list(_CTX_API) + [k for k in d if not k.startswith("_")])
    return read_ctx


def _set_ctx_attribute(obj, name, value):
    if name in _CTX_API or any(name in vars(c) for c in type(obj).__mro__):
        raise AttributeError(f"attribute '{name}' of ctx is read-only")
    touch(obj)
    obj.__dict__[name] = value


# -- items ----------------------------------------------------------------------------------

def _items_writable(tp):
    rules = _module_rules(tp)
    return rules is not None and rules[2]  # deque, OrderedDict, defaultdict, Counter


def set_item(obj, key, value):
    """``obj[key] = value`` on a tensor, list, dict, numpy array (others refuse, as Python would)."""
    tp = type(obj)
    if tp is list or tp is dict or _items_writable(tp):
        touch(obj)
        obj[key] = value
        return
    if tp in _USER_CLASSES:  # the class's own __setitem__ (or an engine base's: nn.Sequential's)
        touch(obj)
        obj[key] = value
        return
    from gradcalc.engine import Tensor

    if isinstance(obj, Tensor):
        obj[key] = value
        return
    if _is_nn_module_type(tp) and hasattr(tp, "__setitem__"):  # Sequential, ModuleList, ModuleDict ...
        _touch_module(obj)
        obj[key] = value
        return
    if tp.__module__ == "numpy":
        import numpy as np

        if isinstance(obj, np.ndarray):  # remembered first: the undo of a failed statement restores it
            touch(obj)
            obj[key] = value
            return
    raise TypeError(f"'{_type_label(obj)}' object does not support item assignment")


def delete_item(obj, key):
    tp = type(obj)
    if tp is list or tp is dict or _items_writable(tp):
        touch(obj)
        del obj[key]
        return
    if _is_nn_module_type(tp) and hasattr(tp, "__delitem__"):
        _touch_module(obj)
        del obj[key]
        return
    if tp in _USER_CLASSES:
        touch(obj)
        del obj[key]
        return
    raise TypeError(f"'{_type_label(obj)}' object doesn't support item deletion")


# -- with -----------------------------------------------------------------------------------

_context_types = None


def check_context_manager(obj):
    """Only the engine's context managers (no_grad, enable_grad, set_grad_enabled, ...) work in ``with``."""
    global _context_types
    if _context_types is None or not isinstance(obj, _context_types):
        # the classes of the namespaces built so far first; all of them only when that fails
        # (``with torch.no_grad():`` needs no torch.optim imported)
        found = set()
        for everything in (False, True):
            for mod in modules().values():
                if everything or mod._m is not None or mod._name == "torch":
                    for value in mod._members.values():
                        if isinstance(value, type) and hasattr(value, "__enter__") and hasattr(value, "__exit__"):
                            found.add(value)
            _context_types = tuple(found)
            if isinstance(obj, _context_types):
                break
    if not isinstance(obj, _context_types) and type(obj) not in _USER_CLASSES:
        raise TypeError(f"'{_type_label(obj)}' object does not support the context manager protocol")


# -- import ---------------------------------------------------------------------------------

# torch's submodules gradcalc does not have (yet): named in the error, not a bare "No module"
_TORCH_ELSEWHERE = ("torch.optim", "torch.optim.lr_scheduler", "torch.utils", "torch.utils.data", "torch.func",
                    "torch.nn.init", "torch.nn.utils", "torch.cuda", "torch.autograd.forward_ad",
                    "torch.distributions", "torch.jit", "torch.onnx", "torch.testing", "torch.backends",
                    "torch.mps", "torch.amp", "torch.hub", "torch.utils.checkpoint", "torch.nn.parameter",
                    "torch.nn.modules", "torch.multiprocessing", "torch.distributed", "torch.profiler",
                    "torch.autograd.profiler")


def _find_module(dotted):
    mods = modules()
    if dotted in mods:
        return mods[dotted]
    from . import modules as other

    return other.find(dotted)


def _not_found(dotted):
    if dotted in _TORCH_ELSEWHERE or dotted in _TORCH_MODULES:
        have = ", ".join(modules())
        return ModuleNotFoundError(f"No module named '{dotted}'\n(gradcalc does not have {dotted} yet; "
                                   f"it has {have})")
    return ModuleNotFoundError(f"No module named '{dotted}'\n(gradcalc runs in a sandbox: it has torch, numpy "
                               f"and Python's computing modules; %help modules lists them)")


def import_module(dotted):
    """The module ``import dotted`` finds (ModuleNotFoundError as Python words it)."""
    mod = _find_module(dotted)
    if mod is None:
        raise _not_found(dotted)
    return mod


def import_name(dotted, name):
    """``from dotted import name``: a member, or a submodule (``from torch import optim``)."""
    mod = import_module(dotted)
    try:
        return mod._members[name]
    except KeyError:
        pass
    child = _find_module(f"{dotted}.{name}")
    if child is not None:
        return child
    why = mod._withheld.get(name)
    if why is None and (f"{dotted}.{name}" in _TORCH_ELSEWHERE or f"{dotted}.{name}" in _TORCH_MODULES):
        why = f"gradcalc does not have {dotted}.{name} yet"
    extra = f" ({why})" if why else did_you_mean(name, mod._members)
    raise ImportError(f"cannot import name '{name}' from '{dotted}'{extra}") from None


def import_all(dotted):
    """``from dotted import *``: {name: value} (as Python: no submodules that are not members)."""
    members = import_module(dotted)._members
    return {k: members[k] for k in members}  # (numpy's submodules are built as they are read)


def module_names():
    """Every module ``import`` can reach (for %help modules)."""
    from . import modules as other

    return list(modules()) + other.names()


# -- descriptions (completion, %help) -------------------------------------------------------

_BUILTIN_SIGNATURES = {
    "print": ("print(*values, sep=' ', end='\\n')", "write the values, separated by sep, then end"),
    "range": ("range(stop) / range(start, stop[, step])", "the integers from start up to stop"),
    "len": ("len(obj)", "number of items (a tensor's first dimension)"),
    "abs": ("abs(x)", "absolute value"),
    "min": ("min(iterable) / min(a, b, ...)", "the smallest item"),
    "max": ("max(iterable) / max(a, b, ...)", "the largest item"),
    "sum": ("sum(iterable, start=0)", "start plus the items, added in order"),
    "float": ("float(x=0)", "a Python float"),
    "int": ("int(x=0)", "a Python int"),
    "bool": ("bool(x=False)", "True or False"),
    "str": ("str(x='')", "the text of x"),
    "round": ("round(number, ndigits=None)", "number rounded to ndigits decimals"),
    "list": ("list(iterable=())", "a new list"),
    "tuple": ("tuple(iterable=())", "a new tuple"),
    "zip": ("zip(*iterables)", "tuples of the items taken in parallel"),
    "enumerate": ("enumerate(iterable, start=0)", "(index, item) pairs"),
    "isinstance": ("isinstance(obj, class_or_tuple)", "whether obj is an instance of the class(es)"),
    "exit": ("exit(code=None)", "stop the script (leave the REPL)"),
    "quit": ("quit(code=None)", "stop the script (leave the REPL)"),
}


def describe(obj_or_name):
    """(signature, one-line description) of a name of the language or an object it reached."""
    obj = obj_or_name
    if isinstance(obj_or_name, str):
        name = obj_or_name
        if name in _BUILTIN_SIGNATURES:
            return _BUILTIN_SIGNATURES[name]
        if name in modules():
            obj = modules()[name]
        else:
            head, _, rest = name.partition(".")
            obj = global_names().get(head)
            for part in rest.split(".") if rest else ():
                if obj is None or part not in members(obj):
                    return "", ""
                obj = getattr(obj, part, None)
            if obj is None:
                return "", ""
    if type(obj) is module:
        return obj._name, f"module: {len(obj._members)} names"
    if type(obj) is builtin_function_or_method:
        return _BUILTIN_SIGNATURES.get(obj._name, (obj._name + "(...)", ""))
    for name, value in global_names().items():
        if value is obj and name in _BUILTIN_SIGNATURES and name in _PY_BUILTINS:
            return _BUILTIN_SIGNATURES[name]
    doc = _first_line(getattr(getattr(obj, "__wrapped__", obj), "__doc__", None))
    if callable(obj):
        name = getattr(obj, "__name__", type(obj).__name__)
        from .functions import signature

        user = signature(obj)
        try:
            import inspect

            target = obj.__init__ if isinstance(obj, type) else obj
            sig = str(user or inspect.signature(target)).replace("(self, ", "(").replace("(self)", "()")
        except (TypeError, ValueError):
            sig = "(...)"
        return name + sig, doc
    return type(obj).__name__, _first_line(type(obj).__doc__)


def _first_line(doc):
    if not doc:
        return ""
    for line in doc.strip().splitlines():
        if line.strip():
            return line.strip()
    return ""
