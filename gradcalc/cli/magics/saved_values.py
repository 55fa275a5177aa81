"""What %save keeps besides bare tensors, and how %load reads it back.

A variable is saved when it is a tensor, a number (bool, int, float, complex), a string,
None, a numpy array, or a list, tuple, dict, set of those (nested to any depth). Its
description goes into the archive's JSON entry; the tensors' values go in as arrays:

- a tensor keeps its dtype, shape, values, ``requires_grad`` and ``.grad`` (an nn.Parameter
  comes back a Parameter); a tensor reached twice (``x`` and ``[x]``) is saved once and
  comes back as one object;
- a tensor with a graph (``grad_fn``) comes back a leaf with the same values: a graph is
  Python code's history, not data, and cannot be saved;
- anything else (functions, nn.Modules, optimizers, objects of the program's classes ...)
  is skipped, with the reason, in one line; imported modules are left out silently (an
  ``import`` brings them back).

The file is untrusted on the way back: the JSON is read with a depth limit, every
reference is checked, and nothing is bound unless all of it is valid.
"""

from __future__ import annotations

import warnings

MAX_DEPTH = 100  # nesting of lists/dicts, both ways


class Skip(Exception):
    """A value %save cannot keep; the message says what it is."""


def is_module(value) -> bool:
    """An imported module (``torch``, ``np``): not state, left out without a word."""
    return type(value).__name__ == "module" and hasattr(value, "_members")


class Damaged(Exception):
    """The file's description of its values is not one %save writes."""


def describe(value) -> str:
    """What a value %save skips is, for the one line that says so."""
    import types

    from gradcalc.engine.nn import Module
    from gradcalc.engine.optim import Optimizer
    from gradcalc.engine.random_mt19937 import Generator

    if isinstance(value, Module):
        return "an nn.Module: save its state_dict()"
    if isinstance(value, Optimizer):
        return "an optimizer: save its state_dict()"
    if isinstance(value, Generator):
        return "a random generator: save its get_state()"
    if isinstance(value, (types.FunctionType, types.BuiltinFunctionType, types.MethodType)) or callable(value) \
            and not isinstance(value, type):
        return "a function"
    if isinstance(value, type):
        return "a class"
    if type(value).__name__ == "module":
        return "a module"
    if type(value).__name__ == "generator":
        return "a generator"
    return f"a {type(value).__name__} object"


class Encoder:
    """Turns variables into JSON-able descriptions and a dict of arrays."""

    def __init__(self):
        self.arrays = {}   # archive key -> ndarray
        self.tensors = {}  # archive key -> {"requires_grad", "grad", "parameter"}
        self._keys = {}    # id(tensor or ndarray) -> archive key
        self._keep = []    # the objects whose ids are keys above (ids stay unique while held)
        self.graphs = []   # names of variables holding a tensor with a graph
        self._open = set()  # ids of the containers being encoded (a list holding itself)

    def variable(self, name, value):
        """The description of variable ``name``; raises Skip (nothing of it is kept then)."""
        arrays, tensors, keys, keep = dict(self.arrays), dict(self.tensors), dict(self._keys), list(self._keep)
        graphs = len(self.graphs)
        try:
            return self._value(value, name, name, 0)
        except Skip:
            self.arrays, self.tensors, self._keys, self._keep = arrays, tensors, keys, keep
            del self.graphs[graphs:]
            raise

    def _key(self, obj, top_name):
        key = self._keys.get(id(obj))
        if key is not None:
            return key, False
        key = top_name if top_name is not None and top_name not in self.arrays else f"~{len(self.arrays)}"
        while key in self.arrays:
            key = f"~{len(self.arrays) + 1}_{key}"
        self._keys[id(obj)] = key
        self._keep.append(obj)
        return key, True

    def _value(self, v, name, top_name, depth):
        import numpy as np

        from gradcalc.engine.tensor import is_tensor

        t = type(v)
        if v is None:
            return {"none": True}
        if t is bool:
            return {"bool": v}
        if t is int:
            return {"int": hex(v)}  # no digit limit either way (str(10**5000) would refuse)
        if t is float:
            return {"float": repr(v)}
        if t is complex:
            return {"complex": [repr(v.real), repr(v.imag)]}
        if t is str:
            return {"str": v}
        if is_tensor(v):
            return self._tensor(v, name, top_name)
        if t is np.ndarray:
            if v.dtype.hasobject:
                raise Skip("a numpy array of Python objects")
            key, new = self._key(v, None)
            if new:
                self.arrays[key] = np.array(v, copy=True)
            return {"ndarray": key}
        if t in (list, tuple, set, frozenset, dict) or _is_ordered_dict(v):
            if depth >= MAX_DEPTH:
                raise Skip(f"nested more than {MAX_DEPTH} deep")
            if id(v) in self._open:
                raise Skip("a container that holds itself")
            self._open.add(id(v))
            try:
                if t is dict or _is_ordered_dict(v):
                    items = [[self._value(k, name, None, depth + 1), self._value(x, name, None, depth + 1)]
                             for k, x in v.items()]
                    return {"dict" if t is dict else "odict": items}
                return {t.__name__: [self._value(x, name, None, depth + 1) for x in v]}
            finally:
                self._open.discard(id(v))
        raise Skip(describe(v) if depth == 0 else f"holds {describe(v)}")

    def _tensor(self, t, name, top_name):
        import numpy as np

        from gradcalc.engine.nn import Parameter

        key, new = self._key(t, top_name)
        if new:
            self.arrays[key] = np.array(t.detach().numpy(), copy=True)
            info = {"requires_grad": bool(t.requires_grad)}
            with warnings.catch_warnings():  # .grad of a non-leaf warns; here it is only looked at
                warnings.simplefilter("ignore")
                grad = t.grad
            if grad is not None:
                gkey = f"~{len(self.arrays)}"
                while gkey in self.arrays:
                    gkey += "g"
                self.arrays[gkey] = np.array(grad.detach().numpy(), copy=True)
                info["grad"] = gkey
            if isinstance(t, Parameter):
                info["parameter"] = True
            self.tensors[key] = info
            if t.grad_fn is not None and name not in self.graphs:
                self.graphs.append(name)
        return {"tensor": key}


def _is_ordered_dict(v) -> bool:
    import collections
    return type(v) is collections.OrderedDict


class Decoder:
    """Rebuilds the saved variables from the descriptions and the arrays (raises Damaged)."""

    def __init__(self, arrays, tensors, make_tensor):
        self.arrays = arrays
        self.tensors = tensors
        self.make_tensor = make_tensor  # (key, array, info, grad array) -> tensor, or raises
        self._made = {}

    def value(self, d, depth=0):
        import numpy as np

        if depth > MAX_DEPTH or type(d) is not dict or len(d) != 1:
            raise Damaged("a value description is malformed")
        (kind, x), = d.items()
        if kind == "none" and x is True:
            return None
        if kind == "bool" and type(x) is bool:
            return x
        if kind == "int" and type(x) is str:
            try:
                return int(x, 16)
            except ValueError:
                raise Damaged("a malformed integer") from None
        if kind == "float" and type(x) is str:
            return _float(x)
        if kind == "complex" and type(x) is list and len(x) == 2 and all(type(p) is str for p in x):
            return complex(_float(x[0]), _float(x[1]))
        if kind == "str" and type(x) is str:
            return x
        if kind == "tensor" and type(x) is str:
            return self._tensor(x)
        if kind == "ndarray" and type(x) is str:
            if x not in self.arrays:
                raise Damaged(f"it refers to a missing array {x!r}")
            return np.array(self.arrays[x], copy=True)
        if kind in ("list", "tuple", "set", "frozenset") and type(x) is list:
            items = [self.value(e, depth + 1) for e in x]
            try:
                return {"list": list, "tuple": tuple, "set": set, "frozenset": frozenset}[kind](items)
            except TypeError:
                raise Damaged("a set holds an unhashable value") from None
        if kind in ("dict", "odict") and type(x) is list:
            import collections
            out = {} if kind == "dict" else collections.OrderedDict()
            for pair in x:
                if type(pair) is not list or len(pair) != 2:
                    raise Damaged("a dict entry is malformed")
                key = self.value(pair[0], depth + 1)
                try:
                    out[key] = self.value(pair[1], depth + 1)
                except TypeError:
                    raise Damaged("a dict key is unhashable") from None
            return out
        raise Damaged(f"a value of unknown kind {kind!r}")

    def _tensor(self, key):
        t = self._made.get(key)
        if t is None:
            info = self.tensors.get(key)
            if key not in self.arrays or type(info) is not dict:
                raise Damaged(f"it refers to a missing tensor {key!r}")
            gkey = info.get("grad")
            if gkey is not None and (type(gkey) is not str or gkey not in self.arrays):
                raise Damaged(f"tensor {key!r} refers to a missing gradient")
            t = self._made[key] = self.make_tensor(key, self.arrays[key], info,
                                                   None if gkey is None else self.arrays[gkey])
        return t


def _float(text):
    try:
        return float(text)
    except ValueError:
        raise Damaged("a malformed number") from None
