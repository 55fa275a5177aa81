"""Padding layers (``nn.ZeroPad2d``, ``nn.ReflectionPad1d`` ...): ``F.pad`` with a fixed
padding, as torch/nn/modules/padding.py writes them (reprs, tuple forms, input checks)."""

from .module import Module

__all__ = [f"{kind}Pad{n}d" for kind in ("Constant", "Zero", "Reflection", "Replication", "Circular")
           for n in (1, 2, 3)]


def _tuple(value, n):
    if isinstance(value, (list, tuple)):
        return tuple(value)
    return (value,) * n


class _PadNd(Module):
    mode = "constant"
    width = 2   # padding numbers: two per padded dim

    def __init__(self, padding):
        super().__init__()
        self.padding = _tuple(padding, self.width)

    def forward(self, input):
        from . import functional as F
        return F.pad(input, self.padding, self.mode)

    def extra_repr(self):
        return f"{self.padding}"


class _ConstantPadNd(_PadNd):
    def __init__(self, padding, value):
        super().__init__(padding)
        self.value = value

    def forward(self, input):
        from . import functional as F
        return F.pad(input, self.padding, "constant", self.value)

    def extra_repr(self):
        return f"padding={self.padding}, value={self.value}"


class ConstantPad1d(_ConstantPadNd):
    """Pad the last dim with ``value``."""


class ConstantPad2d(_ConstantPadNd):
    """Pad the last two dims with ``value``."""
    width = 4


class ConstantPad3d(_ConstantPadNd):
    """Pad the last three dims with ``value``."""
    width = 6


class ZeroPad1d(ConstantPad1d):
    """Pad the last dim with zeros."""

    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


class ZeroPad2d(ConstantPad2d):
    """Pad the last two dims with zeros."""

    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


class ZeroPad3d(ConstantPad3d):
    """Pad the last three dims with zeros."""

    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


class ReflectionPad1d(_PadNd):
    """Pad the last dim with its reflection (the edge not repeated)."""
    mode = "reflect"


class ReflectionPad2d(ReflectionPad1d):
    width = 4


class ReflectionPad3d(ReflectionPad1d):
    width = 6


class ReplicationPad1d(_PadNd):
    """Pad the last dim by repeating its edge values."""
    mode = "replicate"


class ReplicationPad2d(ReplicationPad1d):
    width = 4


class ReplicationPad3d(ReplicationPad1d):
    width = 6


class _CircularPadNd(_PadNd):
    mode = "circular"
    dims = (2, 3)   # the input ranks accepted (unbatched, batched)

    def forward(self, input):
        if input.dim() not in self.dims:
            raise ValueError(f"expected {self.dims[0]}D or {self.dims[1]}D input (got {input.dim()}D input)")
        return super().forward(input)


class CircularPad1d(_CircularPadNd):
    """Pad the last dim by wrapping around."""


class CircularPad2d(_CircularPadNd):
    width = 4
    dims = (3, 4)


class CircularPad3d(_CircularPadNd):
    width = 6
    dims = (4, 5)
