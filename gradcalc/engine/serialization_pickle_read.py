"""Reading a checkpoint's ``data.pkl`` without ever running code from it.

Python's ``pickle`` calls whatever callable a file names. This is a small interpreter of
pickle opcodes of our own instead (in the spirit of torch's ``weights_only`` unpickler):
a global is looked up in a fixed table of the names torch's ``weights_only=True`` loader
accepts by default, each mapped to a function of ours (``torch._utils._rebuild_tensor_v2``
builds a gradcalc tensor from a storage); any other global is refused before anything
is called. ``REDUCE``/``NEWOBJ`` call only those table entries, ``BUILD`` applies only
to an ``OrderedDict``'s ``_metadata``, and the loop is iterative (no recursion).
"""

import struct
from collections import Counter, OrderedDict
import pickle

import numpy as np

from . import dtypes as _dt
from .devices import device
from .limits import check_numel
from .tensor import Size, Tensor

_REFUSED = ("Weights only load failed: {what}. gradcalc loads only tensors, parameters, numbers, strings, "
            "dtypes, devices, torch.Size and dicts, lists, tuples and sets of them (what "
            "torch.load(weights_only=True) accepts by default), and never runs code from a file.")

# torch's storage classes -> dtype name (``torch.FloatStorage`` holds float32)
_STORAGES = {f"{word}Storage": name for name, word in _dt.ALL_SCALAR_NAMES.items()}
# names torch accepts that gradcalc cannot represent, with the reason
_UNSUPPORTED_STORAGES = {"ComplexHalfStorage": "complex32",
                         "QInt8Storage": "qint8", "QUInt8Storage": "quint8", "QInt32Storage": "qint32",
                         "QUInt4x2Storage": "quint4x2", "QUInt2x4Storage": "quint2x4",
                         "UInt16Storage": "uint16", "UInt32Storage": "uint32", "UInt64Storage": "uint64",
                         "Float8_e4m3fnStorage": "float8_e4m3fn", "Float8_e5m2Storage": "float8_e5m2"}


class UnpicklingError(pickle.UnpicklingError):
    """Python's pickle error, named as Python prints it (``_pickle.UnpicklingError``, as torch raises)."""

    kind = "_pickle.UnpicklingError"

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class _Global:
    """A callable global the table allows: ``fn`` is what REDUCE calls (None: not callable)."""

    __slots__ = ("path", "fn")

    def __init__(self, path, fn=None):
        self.path, self.fn = path, fn

    def __repr__(self):
        return f"<global {self.path}>"


class Storage:
    """A storage of the checkpoint (what a persistent id names): its elements, read once."""

    __slots__ = ("array",)

    def __init__(self, array):
        self.array = array


def _refuse(what):
    return UnpicklingError(_REFUSED.format(what=what))


def _int(x, what):
    if type(x) is not int:
        raise _refuse(f"{what} must be an int, not {type(x).__name__}")
    return x


def _rebuild_tensor(storage, storage_offset, size, stride, requires_grad=False, backward_hooks=None,
                    metadata=None):
    if not isinstance(storage, Storage):
        raise _refuse("_rebuild_tensor_v2 expects a storage")
    if type(size) is not tuple or type(stride) is not tuple or len(size) != len(stride):
        raise _refuse("a tensor's size and stride must be tuples of the same length")
    size = tuple(_int(d, "a size") for d in size)
    stride = tuple(_int(s, "a stride") for s in stride)
    offset = _int(storage_offset, "a storage offset")
    if any(d < 0 for d in size) or any(s < 0 for s in stride) or offset < 0:
        raise _refuse(f"a tensor with size {list(size)}, stride {list(stride)} and offset {offset}")
    check_numel(size)
    arr = storage.array
    n = 1
    for d in size:
        n *= d
    if n:
        last = offset + sum((d - 1) * s for d, s in zip(size, stride))
        if last >= arr.size:
            raise _refuse(f"a tensor of size {list(size)} reads past the end of its storage of {arr.size} "
                          "elements")
        item = arr.itemsize
        view = np.lib.stride_tricks.as_strided(arr[offset:], shape=size, strides=tuple(s * item for s in stride),
                                               writeable=False)
        data = np.array(view, copy=True)
    else:
        data = np.empty(size, dtype=arr.dtype)
    t = Tensor._wrap(data)
    if requires_grad is True:
        t.requires_grad_(True)
    return t


def _rebuild_parameter(data, requires_grad, backward_hooks=None, state=None):
    from .nn.parameter import Parameter

    if not isinstance(data, Tensor):
        raise _refuse("_rebuild_parameter expects a tensor")
    if state:
        raise _refuse("a parameter with extra Python attributes")
    return Parameter(data, bool(requires_grad))


def _rebuild_from_type(func, new_type, args, state):
    if not isinstance(func, _Global) or func.fn is None or not isinstance(new_type, _Global):
        raise _refuse("_rebuild_from_type_v2 expects a rebuild function and a tensor class")
    if type(args) is not tuple:
        raise _refuse("_rebuild_from_type_v2 expects a tuple of arguments")
    t = func.fn(*args)
    if new_type.path == "torch.nn.parameter.Parameter":
        t = _rebuild_parameter(t, t._requires_grad)
    elif new_type.path != "torch.Tensor":
        raise _refuse(f"a tensor of class {new_type.path}")
    if state:
        raise _refuse("a tensor with extra Python attributes")
    return t


def _ordered_dict(*args):
    if args:
        raise _refuse("collections.OrderedDict is rebuilt from no arguments")
    return OrderedDict()


def _counter(*args):
    if args:
        raise _refuse("collections.Counter is rebuilt from no arguments")
    return Counter()


def _set(items=()):
    if type(items) not in (list, tuple):
        raise _refuse("builtins.set expects a list")
    return set(items)


def _complex(real=0.0, imag=0.0):
    if type(real) not in (int, float) or type(imag) not in (int, float):
        raise _refuse("builtins.complex expects two numbers")
    return complex(real, imag)


def _encode(text, encoding="latin1"):  # how protocol 2 pickles bytes
    if type(text) is not str or encoding != "latin1":
        raise _refuse("_codecs.encode is accepted only for bytes (text, 'latin1')")
    return text.encode("latin1")


def _bytearray(data=b""):
    if type(data) is not bytes:
        raise _refuse("builtins.bytearray expects bytes")
    return bytearray(data)


def _size(dims=()):
    if type(dims) not in (tuple, list) or any(type(d) is not int for d in dims):
        raise _refuse("torch.Size expects a tuple of ints")
    return Size(dims)


def _device(type_, index=None):
    if not isinstance(type_, str) or (index is not None and type(index) is not int):
        raise _refuse("torch.device expects a device string")
    return device(type_, index) if index is not None else device(type_)


def _allowed():
    table = {
        "collections.OrderedDict": _ordered_dict, "collections.Counter": _counter,
        "torch._utils._rebuild_tensor_v2": _rebuild_tensor, "torch._utils._rebuild_tensor": _rebuild_tensor,
        "torch._utils._rebuild_parameter": _rebuild_parameter,
        "torch._utils._rebuild_parameter_with_state": _rebuild_parameter,
        "torch._tensor._rebuild_from_type_v2": _rebuild_from_type,
        "torch.Size": _size, "torch.device": _device, "builtins.set": _set, "builtins.complex": _complex,
        "_codecs.encode": _encode, "builtins.bytearray": _bytearray,
        "torch.nn.parameter.Parameter": _rebuild_parameter, "torch.Tensor": None,
    }
    out = {path: _Global(path, fn) for path, fn in table.items()}
    for name in ("float16", "half", "bfloat16", "float32", "float", "float64", "double", "uint8", "int8", "int16",
                 "short", "int32", "int", "int64", "long", "bool", "complex64", "cfloat", "complex128", "cdouble"):
        out[f"torch.{name}"] = _dt.BY_NAME[name]  # a dtype is a value, never called
    for storage, dtype_name in _STORAGES.items():
        out[f"torch.{storage}"] = _dt.BY_NAME[dtype_name]  # only named in a storage's persistent id
    return out


_TABLE = None


def _lookup(module, name):
    global _TABLE
    if _TABLE is None:
        _TABLE = _allowed()
    if module == "__builtin__":  # protocol 2 names Python 3's builtins as Python 2 did
        module = "builtins"
    path = f"{module}.{name}"
    g = _TABLE.get(path)
    if g is not None:
        return g
    if module == "torch" and name in _UNSUPPORTED_STORAGES:
        raise UnpicklingError(f"torch.load: the file holds a {_UNSUPPORTED_STORAGES[name]} tensor, a dtype "
                              "gradcalc does not have")
    if module == "torch" and name in ("complex32", "chalf", "uint16", "uint32", "uint64"):
        raise UnpicklingError(f"torch.load: the file names torch.{name}, a dtype gradcalc does not have")
    if module == "torch._utils" and name.startswith("_rebuild_"):
        raise UnpicklingError(f"torch.load: the file holds a kind of tensor gradcalc cannot load ({name}: "
                              "sparse, quantized, meta or device tensors); only dense CPU tensors load")
    raise _refuse(f"Unsupported global: GLOBAL {path} was not an allowed global by default")


class RestrictedUnpickler:
    """``load()`` the object of ``data`` (bytes); ``persistent_load(pid)`` supplies storages."""

    def __init__(self, data, persistent_load):
        self.data = data
        self.pos = 0
        self.persistent_load = persistent_load

    def _read(self, n):
        p = self.pos
        if p + n > len(self.data):
            raise UnpicklingError("torch.load: the pickle data was truncated")
        self.pos = p + n
        return self.data[p:p + n]

    def _readline(self):
        end = self.data.find(b"\n", self.pos)
        if end < 0:
            raise UnpicklingError("torch.load: the pickle data was truncated")
        line = self.data[self.pos:end]
        self.pos = end + 1
        return line.decode("utf-8", "strict")

    def load(self):  # noqa: C901 - one branch per opcode, as pickle's own loop
        stack, marks, memo = [], [], {}
        read, unpack = self._read, struct.unpack

        def pop_mark():
            nonlocal stack
            items = stack
            if not marks:
                raise UnpicklingError("torch.load: malformed pickle (no MARK)")
            stack = marks.pop()
            return items

        def top(what):
            if not stack:
                raise UnpicklingError(f"torch.load: malformed pickle ({what} on an empty stack)")
            return stack[-1]

        while True:
            op = read(1)
            if op == b"\x80":          # PROTO
                read(1)
            elif op == b"\x95":        # FRAME (protocol 4): the frame's bytes follow in place
                read(8)
            elif op == b".":           # STOP
                return top("STOP")
            elif op == b"c":           # GLOBAL
                module = self._readline()
                name = self._readline()
                stack.append(_lookup(module, name))
            elif op == b"\x93":        # STACK_GLOBAL
                name = stack.pop() if stack else None
                module = stack.pop() if stack else None
                if type(name) is not str or type(module) is not str:
                    raise UnpicklingError("torch.load: malformed pickle (STACK_GLOBAL needs two strings)")
                stack.append(_lookup(module, name))
            elif op == b"R":           # REDUCE
                args = stack.pop() if stack else None
                fn = top("REDUCE")
                if not isinstance(fn, _Global) or fn.fn is None or type(args) is not tuple:
                    raise _refuse(f"cannot call {_describe(fn)}")
                stack[-1] = fn.fn(*args)
            elif op == b"\x81":        # NEWOBJ
                args = stack.pop() if stack else None
                cls = top("NEWOBJ")
                if not isinstance(cls, _Global) or cls.fn is None or type(args) is not tuple:
                    raise _refuse(f"cannot create an object of {_describe(cls)}")
                stack[-1] = cls.fn(*args)
            elif op == b"b":           # BUILD
                state = stack.pop() if stack else None
                inst = top("BUILD")
                if type(inst) is OrderedDict and type(state) is dict:
                    if "_metadata" in state:
                        inst._metadata = state["_metadata"]
                else:
                    raise _refuse(f"cannot set the state of {_describe(inst)}")
            elif op == b"Q":           # BINPERSID
                pid = stack.pop() if stack else None
                stack.append(self.persistent_load(pid))
            elif op == b"(":           # MARK
                marks.append(stack)
                stack = []
            elif op == b"t":           # TUPLE
                items = pop_mark()
                stack.append(tuple(items))
            elif op == b")":
                stack.append(())
            elif op == b"\x85":
                stack[-1:] = [tuple(stack[-1:])] if stack else _underflow()
            elif op == b"\x86":
                stack[-2:] = [tuple(stack[-2:])] if len(stack) >= 2 else _underflow()
            elif op == b"\x87":
                stack[-3:] = [tuple(stack[-3:])] if len(stack) >= 3 else _underflow()
            elif op == b"]":
                stack.append([])
            elif op == b"}":
                stack.append({})
            elif op == b"\x8f":        # EMPTY_SET
                stack.append(set())
            elif op == b"a":           # APPEND
                item = stack.pop() if stack else None
                _as(top("APPEND"), list, "APPEND").append(item)
            elif op == b"e":           # APPENDS
                items = pop_mark()
                _as(top("APPENDS"), list, "APPENDS").extend(items)
            elif op == b"\x90":        # ADDITEMS
                items = pop_mark()
                _as(top("ADDITEMS"), set, "ADDITEMS").update(_hashable(i) for i in items)
            elif op == b"\x91":        # FROZENSET
                items = pop_mark()
                stack.append(frozenset(_hashable(i) for i in items))
            elif op == b"s":           # SETITEM
                if len(stack) < 3:
                    _underflow()
                v = stack.pop()
                k = stack.pop()
                _as_dict(stack[-1], "SETITEM")[_hashable(k)] = v
            elif op == b"u":           # SETITEMS
                items = pop_mark()
                d = _as_dict(top("SETITEMS"), "SETITEMS")
                for i in range(0, len(items) - 1, 2):
                    d[_hashable(items[i])] = items[i + 1]
            elif op == b"N":
                stack.append(None)
            elif op == b"\x88":
                stack.append(True)
            elif op == b"\x89":
                stack.append(False)
            elif op == b"J":
                stack.append(unpack("<i", read(4))[0])
            elif op == b"K":
                stack.append(read(1)[0])
            elif op == b"M":
                stack.append(unpack("<H", read(2))[0])
            elif op == b"\x8a":        # LONG1
                n = read(1)[0]
                stack.append(int.from_bytes(read(n), "little", signed=True))
            elif op == b"G":
                stack.append(unpack(">d", read(8))[0])
            elif op == b"X":           # BINUNICODE
                n = unpack("<I", read(4))[0]
                stack.append(str(read(n), "utf-8", "surrogatepass"))
            elif op == b"\x8c":        # SHORT_BINUNICODE
                n = read(1)[0]
                stack.append(str(read(n), "utf-8", "surrogatepass"))
            elif op == b"C":           # SHORT_BINBYTES
                n = read(1)[0]
                stack.append(bytes(read(n)))
            elif op == b"B":           # BINBYTES
                n = unpack("<I", read(4))[0]
                stack.append(bytes(read(n)))
            elif op == b"U":           # SHORT_BINSTRING (protocol 1 strings, as bytes)
                n = read(1)[0]
                stack.append(bytes(read(n)))
            elif op in (b"q", b"r"):   # BINPUT, LONG_BINPUT
                i = read(1)[0] if op == b"q" else unpack("<I", read(4))[0]
                memo[i] = top("PUT")
            elif op == b"\x94":        # MEMOIZE
                memo[len(memo)] = top("MEMOIZE")
            elif op in (b"h", b"j"):   # BINGET, LONG_BINGET
                i = read(1)[0] if op == b"h" else unpack("<I", read(4))[0]
                if i not in memo:
                    raise UnpicklingError(f"torch.load: malformed pickle (memo entry {i} is not set)")
                stack.append(memo[i])
            elif not op:
                raise UnpicklingError("torch.load: the pickle data ended before STOP")
            else:
                raise _refuse(f"Unsupported operand {op[0]}")


def _underflow():
    raise UnpicklingError("torch.load: malformed pickle (stack underflow)")


def _as(obj, kind, op):
    if type(obj) is not kind:
        raise _refuse(f"{op} applies only to a {kind.__name__}, not {type(obj).__name__}")
    return obj


def _as_dict(obj, op):
    if type(obj) not in (dict, OrderedDict, Counter):
        raise _refuse(f"{op} applies only to a dict, collections.OrderedDict or collections.Counter, "
                      f"not {type(obj).__name__}")
    return obj


def _hashable(key):
    if not isinstance(key, (str, int, float, bool, type(None), tuple, bytes, complex, frozenset, _dt.dtype)):
        raise _refuse(f"a key of type {type(key).__name__}")
    return key


def _describe(obj):
    if isinstance(obj, _Global):
        return obj.path
    return f"an object of type {type(obj).__name__}"


def parse_pid(pid):
    """(dtype, key, location, numel) of a persistent id ``('storage', torch.FloatStorage, key, location,
    numel)``."""
    if type(pid) is not tuple or len(pid) != 5 or pid[0] != "storage":
        raise _refuse("only persistent ids of storages are allowed")
    _, kind, key, location, numel = pid
    if not isinstance(kind, _dt.dtype):
        raise _refuse(f"a storage of type {_describe(kind)}")
    if type(key) is not str or type(numel) is not int or numel < 0 or type(location) is not str:
        raise _refuse("a malformed storage id")
    return kind, key, location, numel
