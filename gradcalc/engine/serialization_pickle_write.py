"""The ``data.pkl`` of a torch checkpoint, written opcode by opcode (pickle protocol 2, as torch writes).

Python's ``pickle.Pickler`` names a global only after importing its module to check it,
and torch is not importable here, so the few globals a checkpoint needs
(``torch._utils._rebuild_tensor_v2``, ``torch.FloatStorage``, ``collections.OrderedDict``
...) are written by hand. Only what torch's ``weights_only=True`` loader accepts is ever
written: tensors, parameters, dicts, OrderedDicts (with their ``_metadata``), lists,
tuples, sets, strings, numbers, ``None``, ``torch.Size``, dtypes and devices. Anything
else is refused before a byte is written, so a file gradcalc writes always loads in torch
without ``weights_only=False``.
"""

import struct
from collections import Counter, OrderedDict

import numpy as np

from . import bf16
from . import dtypes as _dt
from .tensor import Size, Tensor
from .devices import device

# The storage class torch names for each dtype (``torch.FloatStorage``).
STORAGE_NAMES = {name: f"{word}Storage" for name, word in _dt.ALL_SCALAR_NAMES.items()}

_PROTO, _STOP = b"\x80\x02", b"."
_MARK, _TUPLE, _EMPTY_TUPLE, _TUPLE1, _TUPLE2, _TUPLE3 = b"(", b"t", b")", b"\x85", b"\x86", b"\x87"
_EMPTY_LIST, _APPENDS, _EMPTY_DICT, _SETITEMS = b"]", b"e", b"}", b"u"
_NONE, _TRUE, _FALSE = b"N", b"\x88", b"\x89"
_GLOBAL, _REDUCE, _BUILD, _BINPERSID = b"c", b"R", b"b", b"Q"
_BINPUT, _LONG_BINPUT, _BINGET, _LONG_BINGET = b"q", b"r", b"h", b"j"


class UnsavableError(TypeError):
    """An object a torch checkpoint loaded with ``weights_only=True`` could not hold."""


def _what(obj):
    return type(obj).__name__


class CheckpointWriter:
    """Writes one object as ``data.pkl``; ``storages`` collects (key, little-endian bytes) in order."""

    def __init__(self):
        self.out = []
        self.memo = {}       # id(obj) -> memo index
        self.keep = []       # objects memoised by id stay alive until the end
        self.globals = {}    # "module name" -> memo index
        self.storages = []

    def dumps(self, obj):
        self.out.append(_PROTO)
        self._save(obj)
        self.out.append(_STOP)
        return b"".join(self.out)

    # -- memo ------------------------------------------------------------------------
    def _put(self, key):
        i = len(self.memo) + len(self.globals)
        w = self.out.append
        w(_BINPUT + bytes([i]) if i < 256 else _LONG_BINPUT + struct.pack("<I", i))
        return i

    def _get(self, i):
        self.out.append(_BINGET + bytes([i]) if i < 256 else _LONG_BINGET + struct.pack("<I", i))

    def _memoize(self, obj):
        self.memo[id(obj)] = self._put(obj)
        self.keep.append(obj)

    def _global(self, module, name):
        key = f"{module} {name}"
        i = self.globals.get(key)
        if i is not None:
            self._get(i)
            return
        self.out.append(_GLOBAL + f"{module}\n{name}\n".encode("ascii"))
        self.globals[key] = self._put(key)

    # -- values ----------------------------------------------------------------------
    def _save(self, obj):
        i = self.memo.get(id(obj))
        if i is not None:
            self._get(i)
            return
        w = self.out.append
        if obj is None:
            w(_NONE)
        elif obj is True or obj is False:
            w(_TRUE if obj else _FALSE)
        elif isinstance(obj, (int, np.integer)) and not isinstance(obj, (bool, np.bool_)):
            self._int(int(obj))
        elif isinstance(obj, (float, np.floating)):
            w(b"G" + struct.pack(">d", float(obj)))
        elif isinstance(obj, np.bool_):
            w(_TRUE if obj else _FALSE)
        elif isinstance(obj, complex):
            self._global("__builtin__", "complex")  # protocol 2 spells builtins so
            self._tuple((obj.real, obj.imag))
            w(_REDUCE)
        elif type(obj) is str:
            data = obj.encode("utf-8", "surrogatepass")
            w(b"X" + struct.pack("<I", len(data)) + data)
            self._memoize(obj)
        elif isinstance(obj, Tensor):
            self._tensor(obj)
        elif isinstance(obj, Size):
            self._global("torch", "Size")
            self._tuple(tuple(obj))
            w(_TUPLE1 + _REDUCE)
        elif isinstance(obj, _dt.dtype):
            self._global("torch", obj.name)
        elif isinstance(obj, device):
            self._global("torch", "device")
            self._tuple((str(obj),))
            w(_REDUCE)
        elif type(obj) is tuple:
            self._tuple(obj)
        elif type(obj) is list:
            w(_EMPTY_LIST)
            self._memoize(obj)
            self._batched(obj, _APPENDS, lambda item: self._save(item))
        elif type(obj) is dict:
            w(_EMPTY_DICT)
            self._memoize(obj)
            self._items(obj)
        elif type(obj) in (OrderedDict, Counter):
            self._global("collections", type(obj).__name__)
            w(_EMPTY_TUPLE + _REDUCE)
            self._memoize(obj)
            self._items(obj)
            metadata = getattr(obj, "_metadata", None)
            if metadata is not None:  # a state_dict's per-module versions (torch keeps them the same way)
                w(_EMPTY_DICT)
                self._save("_metadata")
                self._save(metadata)
                w(b"s" + _BUILD)
        elif type(obj) in (set, frozenset):
            if type(obj) is frozenset:
                raise UnsavableError("torch.save: a frozenset cannot be loaded by torch.load(weights_only=True); "
                                     "save a set or a list instead")
            self._global("__builtin__", "set")
            w(_EMPTY_LIST)
            self._batched(list(obj), _APPENDS, lambda item: self._save(item))
            w(_TUPLE1 + _REDUCE)
        else:
            raise UnsavableError(
                f"torch.save: cannot save an object of type '{_what(obj)}': gradcalc writes only what "
                "torch.load(weights_only=True) reads back (tensors, numbers, strings, None, dtypes, devices, "
                "torch.Size, and dicts, lists, tuples and sets of them); for a model or an optimizer save its "
                "state_dict()")

    def _int(self, n):
        w = self.out.append
        if 0 <= n < 256:
            w(b"K" + bytes([n]))
        elif 0 <= n < 65536:
            w(b"M" + struct.pack("<H", n))
        elif -2 ** 31 <= n < 2 ** 31:
            w(b"J" + struct.pack("<i", n))
        else:
            data = n.to_bytes((n.bit_length() + 8) // 8, "little", signed=True)
            if len(data) >= 256:
                raise UnsavableError("torch.save: an integer this large cannot be saved")
            w(b"\x8a" + bytes([len(data)]) + data)

    def _tuple(self, items):
        w = self.out.append
        n = len(items)
        if n == 0:
            w(_EMPTY_TUPLE)
            return
        if n > 3:
            w(_MARK)
        for item in items:
            self._save(item)
        w({1: _TUPLE1, 2: _TUPLE2, 3: _TUPLE3}.get(n, _TUPLE))

    def _batched(self, items, op, save_one):
        for start in range(0, len(items), 1000):  # pickle's batch size
            self.out.append(_MARK)
            for item in items[start:start + 1000]:
                save_one(item)
            self.out.append(op)

    def _items(self, mapping):
        def pair(kv):
            self._save(kv[0])
            self._save(kv[1])
        self._batched(list(mapping.items()), _SETITEMS, pair)

    def _tensor(self, t):
        from .nn.parameter import Parameter

        w = self.out.append
        is_param = isinstance(t, Parameter)
        if is_param:
            self._global("torch._utils", "_rebuild_parameter")
            w(_MARK)
        arr = t._data if t._data.flags.c_contiguous else t._data.copy(order="C")  # (keeps 0-d as 0-d)
        name = t.dtype.name
        self._global("torch._utils", "_rebuild_tensor_v2")
        w(_MARK)
        key = str(len(self.storages))
        if name == "bfloat16":  # two bytes an element, as torch stores it (bf16.py)
            data = bf16.to_bits(arr).astype("<u2", copy=False).tobytes()
        else:
            data = arr.astype(arr.dtype.newbyteorder("<"), copy=False).tobytes()
        self.storages.append((key, data))
        w(_MARK)
        self._save("storage")
        self._global("torch", STORAGE_NAMES[name])
        self._save(key)
        self._save("cpu")
        self._int(arr.size)
        w(_TUPLE + _BINPERSID)
        self._int(0)
        self._tuple(tuple(int(d) for d in arr.shape))
        strides, step = [], 1
        for d in reversed(arr.shape):
            strides.append(step)
            step *= max(int(d), 1)
        self._tuple(tuple(reversed(strides)))
        # a parameter records requires_grad on itself; the tensor inside it never does (as torch)
        w(_TRUE if t._requires_grad and not is_param else _FALSE)
        self._global("collections", "OrderedDict")
        w(_EMPTY_TUPLE + _REDUCE)
        w(_TUPLE + _REDUCE)
        if is_param:
            w(_TRUE if t._requires_grad else _FALSE)
            self._global("collections", "OrderedDict")
            w(_EMPTY_TUPLE + _REDUCE)
            w(_TUPLE + _REDUCE)
        self._memoize(t)

