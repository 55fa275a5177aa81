"""Identity, Linear and Bilinear, initialised as torch's (kaiming-uniform weight, then the bias)."""

import math

from ..creation import empty
from . import functional as F
from . import init
from .module import Module
from .parameter import Parameter, UninitializedParameter

__all__ = ["Identity", "Linear", "LazyLinear", "Bilinear"]


def _factory(device, dtype):
    if device is not None:
        from ..tensor import device as _device
        _device(device)
    return {} if dtype is None else {"dtype": dtype}


class Identity(Module):
    """Returns its input unchanged (any constructor arguments are ignored)."""

    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    """``y = x Aᵀ + b``: weight (out_features, in_features), bias (out_features)."""

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        kw = _factory(device, dtype)
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(empty((out_features, in_features), **kw))
        if bias:
            self.bias = Parameter(empty(out_features, **kw))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        # kaiming_uniform_ with a=√5 is U(-1/√fan_in, 1/√fan_in); the bias follows with the same bound
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"


class LazyLinear(Linear):
    """A Linear whose ``in_features`` is read from its first input: until then its parameters
    are UninitializedParameter; the first forward gives them their shape, initializes them
    as Linear does (the same random draws) and makes the module a Linear."""

    def __init__(self, out_features, bias=True, device=None, dtype=None):
        super().__init__(0, 0, False)
        kw = _factory(device, dtype)
        self.weight = UninitializedParameter(dtype=kw.get("dtype"))
        self.out_features = out_features
        if bias:
            self.bias = UninitializedParameter(dtype=kw.get("dtype"))

    def reset_parameters(self):
        if self.in_features != 0 and not isinstance(self.weight, UninitializedParameter):
            super().reset_parameters()

    def forward(self, input):
        if isinstance(self.weight, UninitializedParameter):
            from ..grad_mode import no_grad
            with no_grad():
                in_features = input.shape[-1]
                self.weight.materialize((self.out_features, in_features))  # may refuse (size limits): nothing set yet
                if self.bias is not None:
                    self.bias.materialize((self.out_features,))
                self.in_features = in_features
                self.reset_parameters()
            self.__class__ = Linear
        return F.linear(input, self.weight, self.bias)


class Bilinear(Module):
    """``y = x1ᵀ A x2 + b``: weight (out_features, in1_features, in2_features)."""

    def __init__(self, in1_features, in2_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        kw = _factory(device, dtype)
        self.in1_features = in1_features
        self.in2_features = in2_features
        self.out_features = out_features
        self.weight = Parameter(empty((out_features, in1_features, in2_features), **kw))
        if bias:
            self.bias = Parameter(empty(out_features, **kw))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        bound = 1 / math.sqrt(self.weight.size(1))
        init.uniform_(self.weight, -bound, bound)
        if self.bias is not None:
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input1, input2):
        return F.bilinear(input1, input2, self.weight, self.bias)

    def extra_repr(self):
        return (f"in1_features={self.in1_features}, in2_features={self.in2_features}, "
                f"out_features={self.out_features}, bias={self.bias is not None}")
