"""``torch.device``: any device torch can name, though only the CPU can hold a tensor here.

torch lets a program *name* a device it does not have (``torch.device("cuda")`` is
fine on a CPU-only build); the error comes when a tensor is put there. gradcalc
does the same, so ``device = torch.device("cuda" if torch.cuda.is_available() else
"cpu")`` and friends run unchanged, and ``x.cuda()`` fails with torch's words.
"""

__all__ = ["device", "check_device", "CPU"]

# torch's list, in torch's order (it is quoted in the error for an unknown type)
_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga", "maia", "xla",
          "lazy", "vulkan", "mps", "meta", "hpu", "mtia", "privateuseone")

NO_CUDA = "Torch not compiled with CUDA enabled"


class device:
    """Where a tensor lives: ``device(type='cpu')``, ``device(type='cuda', index=0)``."""

    __slots__ = ("type", "index")

    def __init__(self, type=None, index=None):
        if isinstance(type, device):
            self.type, self.index = type.type, type.index
            return
        if isinstance(type, bool) or type is None:
            raise TypeError("device() received an invalid combination of arguments - got "
                            f"({_type_name(type)}), but expected one of:\n * (torch.device device)\n"
                            " * (str type, int index = -1)")
        if isinstance(type, int):  # a bare ordinal names the accelerator (CUDA in torch)
            type, index = "cuda", type
        if not isinstance(type, str):
            raise TypeError(f"device() received an invalid combination of arguments - got ({_type_name(type)})")
        name, sep, ordinal = type.partition(":")
        if name not in _TYPES:
            raise RuntimeError(f"Expected one of {', '.join(_TYPES)} device type at start of device string: {type}")
        if sep:
            if index is not None:
                raise RuntimeError(f"type (string) must not include an index because index was passed "
                                   f"explicitly: {type}")
            if not ordinal.isdigit():
                raise RuntimeError(f"Invalid device string: '{type}'")
            index = int(ordinal)
        if index is not None:
            if not isinstance(index, int) or isinstance(index, bool):
                raise TypeError(f"device(): argument 'index' must be int, not {_type_name(index)}")
            if index < 0:
                raise RuntimeError("Device index must not be negative")
        self.type = name
        self.index = index

    def __repr__(self):
        if self.index is None:
            return f"device(type='{self.type}')"
        return f"device(type='{self.type}', index={self.index})"

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other):
        return isinstance(other, device) and other.type == self.type and other.index == self.index

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((self.type, self.index))

    def __reduce__(self):
        return (device, (self.type, self.index))


CPU = device("cpu")


def check_device(d):
    """Raise torch's error unless ``d`` (a device, a string, an ordinal or None) is the CPU."""
    if d is None:
        return CPU
    d = d if isinstance(d, device) else device(d)
    if d.type == "cpu":
        return CPU
    if d.type == "cuda":
        raise AssertionError(NO_CUDA)
    raise RuntimeError(f"gradcalc runs on the CPU only: device '{d}' is not available here")


def _type_name(v):
    return type(v).__name__
