"""The Tensor's everyday API around the ops: ``new_*``, devices and ``.to()``, ``type()``,
memory-layout queries (``stride``, ``storage_offset``, ``data_ptr`` ...), as torch has them.

These are not differentiable ops (those live in ``ops/``): they make tensors, move
them (to the one device there is), or describe them. ``register`` puts them in the
op table's ``METHODS``/``FUNCTIONS``/``PROPERTIES``, so they reach Tensor and the
language the way every op does.
"""

import builtins
import weakref

import numpy as np

from . import dtypes as _dt
from . import upcalls
from .devices import CPU, check_device, device
from .tensor import Tensor, shape_arg

__all__ = ["set_default_device", "get_default_device", "compile", "is_signed", "is_same_size", "is_conj", "is_neg",
           "is_inference", "is_complex", "resolve_conj", "resolve_neg", "positive", "get_device"]


# -- new_* -------------------------------------------------------------------------------

def _size_args(size):
    return shape_arg(size)


def _dtype_of(self, dtype):
    return self.dtype if dtype is None else _dt.as_dtype(dtype)


def new_tensor(self, data, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    """A new tensor holding a copy of ``data``, with this tensor's dtype unless told otherwise."""
    from .creation import tensor
    if isinstance(data, Tensor):
        import warnings
        warnings.warn("To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
                      "sourceTensor.detach().clone().requires_grad_(True), rather than tensor.new_tensor(sourceTensor).",
                      UserWarning, stacklevel=2)
    return tensor(data, dtype=_dtype_of(self, dtype), device=device, requires_grad=requires_grad)


def _new_filled(self, size, value, dtype, device, requires_grad):
    from .creation import _filled
    return _filled(size, value, _dtype_of(self, dtype), requires_grad, {"device": device})


def new_ones(self, *size, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    """Ones of the given size, with this tensor's dtype unless told otherwise."""
    return _new_filled(self, size, 1, dtype, device, requires_grad)


def new_zeros(self, *size, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    """Zeros of the given size, with this tensor's dtype unless told otherwise."""
    return _new_filled(self, size, 0, dtype, device, requires_grad)


def new_empty(self, *size, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    """An uninitialised tensor (here: zeros) of the given size, with this tensor's dtype."""
    return _new_filled(self, size, None, dtype, device, requires_grad)


def new_full(self, size, fill_value, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    """``fill_value`` everywhere, with this tensor's dtype unless told otherwise."""
    if not isinstance(size, (tuple, list)):
        raise TypeError(f"new_full(): argument 'size' (position 1) must be tuple of ints, not {_tname(size)}")
    if isinstance(fill_value, Tensor):
        fill_value = fill_value.item()
    return _new_filled(self, (size,), fill_value, dtype, device, requires_grad)


# -- devices and conversions ---------------------------------------------------------------

def to(self, *args, **kw):
    """Convert dtype and/or device: ``to(dtype)``, ``to(device)``, ``to(device, dtype)``, ``to(other)``."""
    from .ops.shape import to as _to
    rest = []
    for a in args:
        if isinstance(a, (str, device)) or (isinstance(a, int) and not isinstance(a, bool)):
            check_device(a)
        else:
            rest.append(a)
    if "device" in kw:
        check_device(kw.pop("device"))
    return _to(self, *rest, **kw)


def cpu(self, memory_format=None):
    """This tensor (it already lives on the CPU)."""
    return self


def cuda(self, device=None, non_blocking=False, memory_format=None):
    """Move to a CUDA device: gradcalc has none, so this fails with torch's error."""
    if device is not None:  # torch asks its accelerator API first when given an ordinal
        raise RuntimeError("Cannot access accelerator device when none is available.")
    raise AssertionError("Torch not compiled with CUDA enabled")


def _legacy_dtype(spec):
    """The dtype named by a legacy tensor type: ``torch.DoubleTensor``, ``'torch.IntTensor'`` or a dtype."""
    if isinstance(spec, str):
        d = _LEGACY_BY_NAME.get(spec)
        if d is None:
            raise ValueError(f"invalid type: '{spec}'")
        return d
    if isinstance(spec, LegacyTensorType):
        return spec.dtype
    if spec is Tensor:
        return _dt.get_default_dtype()
    return _dt.as_dtype(spec)


def type(self, dtype=None, non_blocking=False, **kwargs):
    """The legacy type name (``'torch.FloatTensor'``), or a copy converted to the type given."""
    if dtype is None:
        return _dt.TENSOR_TYPE_NAMES[self.dtype.name]
    d = _legacy_dtype(dtype)
    return self if d is self.dtype else self.to(d)


def type_as(self, other):
    """This tensor converted to ``other``'s dtype."""
    if not isinstance(other, Tensor):
        raise TypeError(f"type_as(): argument 'other' (position 1) must be Tensor, not {_tname(other)}")
    return self.to(other.dtype)


def get_device(self):
    """-1: the tensor is on the CPU (CUDA tensors report their ordinal)."""
    return -1


# -- memory layout -----------------------------------------------------------------------------

def _root(arr):
    """The array owning the memory ``arr`` looks at (torch's storage)."""
    while isinstance(arr.base, np.ndarray):
        arr = arr.base
    return arr


def _address(arr):
    return arr.__array_interface__["data"][0]


def stride(self, dim=None):
    """Steps in elements between neighbours along each dim (torch's strides)."""
    a = self._data
    size = a.itemsize
    st = tuple(s // size for s in a.strides)
    if a.size <= 1 or 0 in a.shape:
        st = _contiguous_strides(a.shape)  # numpy's strides of a tiny array may be anything; torch's are these
    if dim is None:
        return st
    from .tensor import _wrap_dim
    return st[_wrap_dim(dim, a.ndim)]


def _contiguous_strides(shape):
    out, acc = [], 1
    for n in reversed(shape):
        out.append(acc)
        acc *= max(n, 1)
    return tuple(reversed(out))


def storage_offset(self):
    """How many elements into its storage this tensor's first element is."""
    a = self._data
    if a.size == 0:
        return 0
    return (_address(a) - _address(_root(a))) // a.itemsize


def is_contiguous(self, memory_format=None):
    """Whether the elements lie in memory in row-major order with no gaps."""
    a = self._data
    if a.size <= 1:
        return True
    expected = 1
    for n, s in zip(reversed(a.shape), reversed(a.strides)):
        if n != 1:
            if s != expected * a.itemsize:
                return False
            expected *= n
    return True


# data_ptr is a stable fake: one made-up base address per storage (real addresses are the
# process's business), plus the tensor's offset into it, so sharing memory shows as in torch
_FAKE_BASES = {}
_NEXT_BASE = [0x55D4_0000_0000]


def data_ptr(self):
    """The address of the first element (stable, and equal for tensors that share it)."""
    root = _root(self._data)
    key = id(root)
    entry = _FAKE_BASES.get(key)
    if entry is None or entry[0]() is not root:
        base = _NEXT_BASE[0]
        _NEXT_BASE[0] += ((root.nbytes + 0xFFFF) // 0x10000 + 1) * 0x10000
        entry = _FAKE_BASES[key] = (weakref.ref(root, lambda _, k=key: _FAKE_BASES.pop(k, None)), base)
    return entry[1] + storage_offset(self) * self._data.itemsize


def _nbytes(self):
    return self._data.size * self.element_size()


def _itemsize(self):
    return self.element_size()


def _is_cpu(self):
    return True


# -- small queries, as torch has them both as functions and methods ----------------------------

def is_signed(input):
    """Whether the dtype is signed (every dtype but bool and uint8)."""
    return input.dtype.is_signed


def is_complex(input):
    return input._data.dtype.kind == "c"


def is_conj(input):
    """True for the result of ``conj()`` on a complex tensor: torch's lazily conjugated view (here the
    values are conjugated at once, and the flag says the tensor came from ``conj``)."""
    return bool(input._extra and input._extra.get("conj"))


def is_neg(input):
    return False


def is_inference(input):
    return bool(input._extra and input._extra.get("inference"))


def is_same_size(input, other):
    return input._data.shape == other._data.shape


def resolve_conj(input):
    if is_conj(input):
        return input.clone()
    return input


def resolve_neg(input):
    return input


def positive(input):
    """``input`` itself (unary plus), refused for bool as torch does."""
    if input._data.dtype.kind == "b":
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return input


# -- module-level functions ----------------------------------------------------------------------

def set_default_device(device):
    """Only the CPU exists here: accepted for 'cpu' (and None), torch's error otherwise."""
    check_device(device)


def get_default_device():
    return CPU


def compile(model=None, *, fullgraph=False, dynamic=None, backend="inductor", mode=None, options=None,
            disable=False):
    """``model`` unchanged: gradcalc runs everything eagerly (docs/api_coverage.md), which gives the same results."""
    if model is None:
        return lambda m: m
    return model


# -- legacy tensor types: torch.FloatTensor(...), torch.Tensor(2, 3) ------------------------------

class LegacyTensorType(builtins.type):
    """The metaclass of ``torch.FloatTensor`` & co: calling one makes a tensor of that dtype, and
    ``isinstance(x, torch.FloatTensor)`` asks for x's dtype, as in torch."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, Tensor) and obj._data.dtype == cls.dtype.np

    def __call__(cls, *args, **kw):
        return legacy_new(cls.dtype, args, kw)

    def __repr__(cls):
        return f"<class 'torch.{cls.__name__}'>"


def legacy_new(dtype, args, kw):
    """torch's legacy constructor: sizes make an (uninitialised) tensor, data is copied in."""
    dev = kw.pop("device", None)
    if kw:
        raise TypeError(f"new() got an unexpected keyword argument '{next(iter(kw))}'")
    check_device(dev)
    from .creation import _filled, tensor
    if not args:
        return _filled(((0,),), None, dtype, False, {})
    if all(isinstance(a, int) and not isinstance(a, bool) for a in args) or (
            len(args) == 1 and args[0].__class__.__name__ == "Size"):
        return _filled(args, None, dtype, False, {})
    if len(args) > 1:
        raise TypeError(f"new() received an invalid combination of arguments - got "
                        f"({', '.join(_tname(a) for a in args)})")
    data = args[0]
    if isinstance(data, Tensor):
        if data._data.dtype != dtype.np:
            raise TypeError(f"expected {dtype.name.capitalize()} (got {data.dtype.name})")
        return Tensor._wrap(data._data)
    if isinstance(data, str):
        raise TypeError(f"new(): invalid data type '{_tname(data)}'")
    if not isinstance(data, (list, tuple, np.ndarray)):
        raise TypeError(f"new(): data must be a sequence (got {_tname(data)})")
    return tensor(data, dtype=dtype)


def init_tensor(t, args, kw):
    """``torch.Tensor(...)``: the legacy constructor for the default dtype, on the new object ``t``."""
    from .tensor import _init
    if len(args) == 1 and isinstance(args[0], Tensor) and not kw:
        src = args[0]  # torch.Tensor(t) is an alias of t, whatever its dtype
        _init(t, src._data, None, 0)
        return
    made = legacy_new(_dt.get_default_dtype(), args, kw)
    _init(t, made._data, None, 0)


def _legacy_class(word, dtype):
    cls = LegacyTensorType(f"{word}Tensor", (), {"__slots__": (), "dtype": dtype, "__module__": __name__,
                                                 "__doc__": f"The legacy constructor for {dtype!r} tensors."})
    return cls


LEGACY_TYPES = {f"{word}Tensor": _legacy_class(word, _dt.BY_NAME[name])
                for name, word in _dt.SCALAR_NAMES.items()}
_LEGACY_BY_NAME = {f"torch.{n}": c.dtype for n, c in LEGACY_TYPES.items()}
_LEGACY_BY_NAME["torch.Tensor"] = _dt.float32


def _tname(v):
    return v.__class__.__name__


# -- registration ----------------------------------------------------------------------------------

def register(functions, methods, properties):
    """Add this module's names to the op table (called by ``ops/__init__`` before it installs)."""
    for fn in (new_tensor, new_ones, new_zeros, new_empty, new_full, to, cpu, cuda, type, type_as, get_device,
               stride, storage_offset, is_contiguous, data_ptr, is_signed, is_complex, is_conj, is_neg,
               is_inference, is_same_size, resolve_conj, resolve_neg, positive):
        methods[fn.__name__] = fn
    methods["const_data_ptr"] = data_ptr
    for fn in (is_signed, is_conj, is_neg, is_inference, is_same_size, resolve_conj, resolve_neg, positive,
               get_device, is_complex):
        functions[fn.__name__] = fn
    properties["nbytes"] = property(_nbytes)
    properties["itemsize"] = property(_itemsize)
    properties["is_cpu"] = property(_is_cpu)


# Tensor.__init__ (the core) calls the legacy constructor through upcalls.py
upcalls.provide(legacy_init=init_tensor)
