"""Tensor dtypes named as torch names them, and torch's type-promotion rules.

A dtype is a small immutable object wrapping a numpy dtype. Promotion follows
torch's ``result_type``: operands are ranked (tensors with dimensions, then
0-d tensors, then Python scalars) and a lower rank can only raise the *category*
(bool < integer < floating < complex), never the width, of a higher one.
Complex dtypes (complex64 = cfloat, complex128 = cdouble) are the fourth category:
a complex operand of lower rank lifts a floating one to the complex dtype of its width
(torch's ``combine_categories``), and a Python complex takes part as the default
complex dtype (complex128 when the default float dtype is float64, else complex64).
"""

import builtins as _builtins

import numpy as np

from .bf16 import BF16_NP, is_bf16_dtype

# This module defines `float`, `int` and `bool` as torch dtypes (torch.float ...),
# so keep the Python builtins under other names.
_builtin_float, _builtin_int, _builtin_bool = _builtins.float, _builtins.int, _builtins.bool

__all__ = [
    "dtype", "float16", "half", "bfloat16", "float32", "float", "float64", "double",
    "uint8", "int8", "int16", "short", "int32", "int", "int64", "long", "bool",
    "complex64", "cfloat", "complex128", "cdouble",
    "get_default_dtype", "set_default_dtype", "promote_types", "result_type",
    "from_numpy_dtype", "as_dtype",
]

_BOOL, _INT, _FLOAT, _COMPLEX = 0, 1, 2, 3


class dtype:
    """A torch-style dtype: ``torch.float32`` and friends."""

    __slots__ = ("name", "np", "category", "itemsize", "is_signed")

    def __init__(self, name, np_dtype, category, itemsize=None):
        self.name = name
        self.np = np.dtype(np_dtype)
        self.category = category
        self.itemsize = itemsize or self.np.itemsize
        self.is_signed = category >= _FLOAT or (category == _INT and self.np.kind == "i")

    @property
    def is_floating_point(self):
        return self.category == _FLOAT

    @property
    def is_complex(self):
        return self.category == _COMPLEX

    def __repr__(self):
        return "torch." + self.name

    __str__ = __repr__

    def __reduce__(self):
        return (as_dtype, (self.name,))


float16 = half = dtype("float16", np.float16, _FLOAT)
# bfloat16: float32 storage tagged bfloat16 (bfloat16.py), two bytes an element as torch counts
bfloat16 = dtype("bfloat16", BF16_NP, _FLOAT, itemsize=2)
float32 = float = dtype("float32", np.float32, _FLOAT)
float64 = double = dtype("float64", np.float64, _FLOAT)
uint8 = dtype("uint8", np.uint8, _INT)
int8 = dtype("int8", np.int8, _INT)
int16 = short = dtype("int16", np.int16, _INT)
int32 = int = dtype("int32", np.int32, _INT)
int64 = long = dtype("int64", np.int64, _INT)
bool = dtype("bool", np.bool_, _BOOL)
complex64 = cfloat = dtype("complex64", np.complex64, _COMPLEX)
complex128 = cdouble = dtype("complex128", np.complex128, _COMPLEX)

ALL = (bool, uint8, int8, int16, int32, int64, float16, bfloat16, float32, float64, complex64, complex128)
BY_NAME = {d.name: d for d in ALL}
BY_NAME.update(half=float16, float=float32, double=float64, short=int16, int=int32, long=int64,
               cfloat=complex64, cdouble=complex128)
# the complex dtype of each floating width and back (torch's toComplexType / toRealValueType)
TO_COMPLEX = {bfloat16: complex64, float32: complex64, float64: complex128, complex64: complex64, complex128: complex128}
TO_REAL = {complex64: float32, complex128: float64}

# The names torch's messages use for each dtype, in one place: the ScalarType name
# ("Float"), the C++ type name ("float") and the legacy tensor type ("torch.FloatTensor").
SCALAR_NAMES = {"float16": "Half", "bfloat16": "BFloat16", "float32": "Float", "float64": "Double", "int64": "Long", "int32": "Int",
                "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}
C_NAMES = {"float16": "c10::Half", "bfloat16": "c10::BFloat16", "float32": "float", "float64": "double", "int64": "long int", "int32": "int",
           "int16": "short int", "int8": "signed char", "uint8": "unsigned char", "bool": "bool"}
TENSOR_TYPE_NAMES = {name: f"torch.{word}Tensor" for name, word in SCALAR_NAMES.items()}
# complex dtypes have no legacy constructor (torch.ComplexFloatTensor does not exist), so they
# join the names after TENSOR_TYPE_NAMES' constructors are listed from SCALAR_NAMES
COMPLEX_SCALAR_NAMES = {"complex64": "ComplexFloat", "complex128": "ComplexDouble"}
C_NAMES.update(complex64="c10::complex<float>", complex128="c10::complex<double>")
TENSOR_TYPE_NAMES.update({name: f"torch.{word}Tensor" for name, word in COMPLEX_SCALAR_NAMES.items()})
ALL_SCALAR_NAMES = {**SCALAR_NAMES, **COMPLEX_SCALAR_NAMES}

# numpy scalar type -> our dtype; numpy scalar types hash fast, so this is the
# lookup used for every tensor's ``dtype``. bfloat16 shares float32's scalar type: an array is
# bfloat16 when its dtype carries metadata (dtype_of).
_FROM_NP = {d.np.type: d for d in ALL if d is not bfloat16}


def dtype_of(arr):
    """The dtype of a numpy array's values (bfloat16 for a tagged float32)."""
    dt = arr.dtype
    if dt.metadata is None:
        return _FROM_NP[dt.type]
    return bfloat16 if is_bf16_dtype(dt) else _FROM_NP[dt.type]

_default = [float32]


def get_default_dtype():
    return _default[0]


def set_default_dtype(d):
    d = as_dtype(d)
    if d.category != _FLOAT:
        raise TypeError("only floating-point types are supported as the default type")
    _default[0] = d


def default_complex_dtype():
    """complex128 when the default float dtype is float64, else complex64 (as torch)."""
    return complex128 if _default[0] is float64 else complex64


def from_numpy_dtype(np_dtype):
    """Our dtype for a numpy dtype (or None if torch has no such dtype here)."""
    np_dtype = np.dtype(np_dtype)
    if is_bf16_dtype(np_dtype):
        return bfloat16
    return _FROM_NP.get(np_dtype.type)


def as_dtype(d):
    """Accept a dtype, a dtype name or a numpy dtype; raise TypeError otherwise."""
    if isinstance(d, dtype):
        return d
    if isinstance(d, str) and d in BY_NAME:
        return BY_NAME[d]
    if d is _builtin_float:
        return get_default_dtype()
    if d is _builtin_int:
        return int64
    if d is _builtin_bool:
        return bool
    if d is complex:
        return complex128
    try:
        found = from_numpy_dtype(d)
    except TypeError:
        found = None
    if found is None:
        raise TypeError(f"expected a torch dtype, got {d!r}")
    return found


def promote_types(a, b):
    """torch.promote_types for two dtypes."""
    if a is b:
        return a
    if a.category != b.category:
        hi, lo = (a, b) if a.category > b.category else (b, a)
        if hi.category == _COMPLEX:
            return complex128 if lo is float64 else hi  # complex64 with float64: the wider parts
        if hi.category == _FLOAT:
            return hi  # any float beats any int/bool: int64 + float16 -> float16
        return hi  # integer beats bool
    if a.category >= _FLOAT:
        if a.itemsize == b.itemsize == 2 and a.category == b.category:
            return float32  # bfloat16 with float16: neither holds the other (torch gives float32)
        return a if a.itemsize >= b.itemsize else b
    return _FROM_NP[np.promote_types(a.np, b.np).type]


def _combine(higher, lower):
    """torch's combine_categories: a lower-priority operand may only lift the category."""
    if higher is None:
        return lower
    if lower is None:
        return higher
    if higher.category == _COMPLEX:
        return higher
    if lower.category == _COMPLEX:
        if higher.category == _FLOAT:
            return _to_complex(higher)
        return lower
    if higher.category == _FLOAT:
        return higher
    if higher is bool or lower.category == _FLOAT:
        return promote_types(higher, lower)
    return higher


def scalar_dtype(value):
    """The dtype a Python scalar takes part in promotion with (it is a 'wrapped number')."""
    if isinstance(value, _builtin_bool):
        return bool
    if isinstance(value, _builtin_int):
        return int64
    if isinstance(value, complex):
        return default_complex_dtype()
    return get_default_dtype()


def _to_complex(d):
    found = TO_COMPLEX.get(d)
    if found is None:  # float16: torch's complex32, which numpy cannot store
        raise complex32_error()
    return found


def complex32_error():
    return TypeError("torch.complex32 (ComplexHalf) is not supported in gradcalc: numpy has no complex type "
                     "with float16 parts; use torch.complex64 (torch.cfloat)")


def result_type(*operands):
    """torch.result_type over tensors and Python scalars.

    Operands are our Tensors (anything with ``_data``) or Python numbers.
    """
    dim = zero = wrapped = None
    for o in operands:
        data = getattr(o, "_data", None)
        if data is None:
            d = scalar_dtype(o)
            wrapped = d if wrapped is None else promote_types(wrapped, d)
        else:
            d = _FROM_NP[data.dtype.type] if data.dtype.metadata is None else dtype_of(data)
            if data.ndim:
                dim = d if dim is None else promote_types(dim, d)
            else:
                zero = d if zero is None else promote_types(zero, d)
    return _combine(dim, _combine(zero, wrapped))
