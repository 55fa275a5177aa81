"""``torch.finfo`` and ``torch.iinfo``: the numerical limits of a dtype, as torch reports them.

The figures come from numpy's own finfo/iinfo for the types numpy has; bfloat16 (stored as
float32 in the engine) has its own: 8 significant bits, float32's exponent range. A complex
dtype reports its parts' float type, as torch's does.
"""

import math

import numpy as np

from . import dtypes as _dt

_BF16_EPS = 2.0 ** -7
_BF16_MAX = (2.0 - 2.0 ** -7) * 2.0 ** 127
_BF16_TINY = 2.0 ** -126


def _as_dtype(type, who):
    if type is None:
        return _dt.get_default_dtype()
    if not isinstance(type, _dt.dtype):
        raise TypeError(f"{who}(): argument 'type' (position 1) must be torch.dtype, not {_type_name(type)}")
    return type


def _type_name(value):
    return "NoneType" if value is None else value.__class__.__name__


def _g(x):
    """torch's repr of a limit: six significant digits, %g style."""
    return "%g" % x


class _Limits:
    """What finfo and iinfo share: read-only figures, equal when every figure is."""

    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError(f"attribute '{name}' of 'torch.{type(self).__name__}' objects is not writable")

    def __eq__(self, other):
        return type(other) is type(self) and all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    def __hash__(self):
        return hash(tuple(getattr(self, k) for k in self.__slots__))


class finfo(_Limits):
    """The limits of a floating-point (or complex) dtype: ``torch.finfo(torch.float32).eps``."""

    __slots__ = ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution", "dtype")

    def __init__(self, type=None):
        d = _as_dtype(type, "finfo")
        if d.is_complex:
            d = _dt.TO_REAL[d]
        if not d.is_floating_point:
            raise TypeError("torch.finfo() requires a floating point input type. Use torch.iinfo to handle "
                            "'torch.finfo'")
        if d.name == "bfloat16":
            bits, eps, big, tiny = 16, _BF16_EPS, _BF16_MAX, _BF16_TINY
        else:
            info = np.finfo(d.np)
            bits, eps, big, tiny = info.bits, float(info.eps), float(info.max), float(info.smallest_normal)
        set_ = object.__setattr__
        set_(self, "bits", bits)
        set_(self, "eps", eps)
        set_(self, "max", big)
        set_(self, "min", -big)
        set_(self, "tiny", tiny)
        set_(self, "smallest_normal", tiny)
        # torch's resolution: 10 ** -(the decimal digits eps resolves), as numpy's
        set_(self, "resolution", 10.0 ** -int(-math.log10(eps)))
        set_(self, "dtype", d.name)

    def __repr__(self):
        return (f"finfo(resolution={_g(self.resolution)}, min={_g(self.min)}, max={_g(self.max)}, "
                f"eps={_g(self.eps)}, smallest_normal={_g(self.smallest_normal)}, tiny={_g(self.tiny)}, "
                f"dtype={self.dtype})")

    __str__ = __repr__


class iinfo(_Limits):
    """The limits of an integer dtype: ``torch.iinfo(torch.int64).max``."""

    __slots__ = ("bits", "max", "min", "dtype")

    def __init__(self, type):
        d = _as_dtype(type, "iinfo") if type is not None else None
        if d is None:
            raise TypeError("iinfo(): argument 'type' (position 1) must be torch.dtype, not NoneType")
        if d is _dt.bool:
            raise TypeError("torch.bool is not supported by torch.iinfo")
        if d.is_floating_point or d.is_complex:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to handle "
                            "'torch.iinfo'")
        info = np.iinfo(d.np)
        set_ = object.__setattr__
        set_(self, "bits", info.bits)
        set_(self, "max", int(info.max))
        set_(self, "min", int(info.min))
        set_(self, "dtype", d.name)

    def __repr__(self):
        return f"iinfo(min={_g(self.min)}, max={_g(self.max)}, dtype={self.dtype})"

    __str__ = __repr__
