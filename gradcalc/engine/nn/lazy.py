"""Lazy modules, as torch's: LazyConv1d/2d/3d, LazyConvTranspose1d/2d/3d, LazyBatchNorm1d/2d/3d,
LazyInstanceNorm1d/2d/3d. Their parameters (and running statistics) are uninitialized until
the first call: it reads the channels from the input, gives each its shape, initializes
them as the full module does (the same random draws, in torch's order) and the module
becomes that module (``cls_to_become``), as torch's ``_infer_parameters`` pre-hook does.
"""

import itertools

from .conv import Conv1d, Conv2d, Conv3d, ConvTranspose1d, ConvTranspose2d, ConvTranspose3d
from .layers_more import BatchNorm3d, InstanceNorm1d, InstanceNorm2d, InstanceNorm3d
from .linear import _factory
from .normalization import BatchNorm1d, BatchNorm2d
from .parameter import UninitializedBuffer, UninitializedParameter

__all__ = ["LazyConv1d", "LazyConv2d", "LazyConv3d", "LazyConvTranspose1d", "LazyConvTranspose2d",
           "LazyConvTranspose3d", "LazyBatchNorm1d", "LazyBatchNorm2d", "LazyBatchNorm3d", "LazyInstanceNorm1d",
           "LazyInstanceNorm2d", "LazyInstanceNorm3d"]


def _is_lazy(t):
    return isinstance(t, (UninitializedParameter, UninitializedBuffer))


class LazyModuleMixin:
    """The first call initializes the parameters from the input, then the module becomes ``cls_to_become``."""

    cls_to_become = None

    def has_uninitialized_params(self):
        """Whether any parameter or buffer still waits for its shape."""
        return any(_is_lazy(t) for t in itertools.chain(self._parameters.values(), self._buffers.values()))

    def initialize_parameters(self, *args, **kwargs):
        raise NotImplementedError(f"initialize_parameters is not implemented for {self.__class__.__name__}")

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        """As Module's, but an uninitialized parameter or buffer is saved as itself (torch's lazy mixin)."""
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if (_is_lazy(param) or keep_vars) else param.detach()
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buf if (_is_lazy(buf) or keep_vars) else buf.detach()

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs, assign=False):
        # torch's _lazy_load_hook: an uninitialized parameter takes the shape of an initialized one loaded into
        # it (the module stays lazy, as torch's does, until its first call)
        from ..grad_mode import no_grad
        for name, param in itertools.chain(self._parameters.items(), self._buffers.items()):
            key = prefix + name
            if key in state_dict and param is not None and _is_lazy(param) and not _is_lazy(state_dict[key]):
                with no_grad():
                    param.materialize(tuple(state_dict[key].shape))
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                                      error_msgs, assign)

    def forward(self, *args, **kwargs):
        if self.has_uninitialized_params():
            self.initialize_parameters(*args, **kwargs)
            if self.has_uninitialized_params():
                raise RuntimeError(f"module {self._get_name()} has not been fully initialized")
        if self.cls_to_become is not None:
            self.__class__ = self.cls_to_become
        return type(self).forward(self, *args, **kwargs)


# -- convolutions -----------------------------------------------------------------------------------

class _LazyConvXdMixin(LazyModuleMixin):
    _spatial = 2

    def reset_parameters(self):
        if not self.has_uninitialized_params() and self.in_channels != 0:
            super().reset_parameters()

    def _get_in_channels(self, input):
        num_dims_no_batch = self._spatial + 1
        num_dims_batch = num_dims_no_batch + 1
        if input.dim() not in (num_dims_no_batch, num_dims_batch):
            raise RuntimeError(f"Expected {num_dims_no_batch}D (unbatched) or {num_dims_batch}D (batched) input to "
                               f"{self.__class__.__name__}, but got input of size: {input.shape}")
        return input.shape[1] if input.dim() == num_dims_batch else input.shape[0]

    def initialize_parameters(self, input, *args, **kwargs):
        if self.has_uninitialized_params():
            in_channels = self._get_in_channels(input)
            if in_channels % self.groups != 0:
                raise ValueError("in_channels must be divisible by groups")
            # materialized before in_channels is set: a size the limits refuse leaves the module as it was
            if self.transposed:
                self.weight.materialize((in_channels, self.out_channels // self.groups, *self.kernel_size))
            else:
                self.weight.materialize((self.out_channels, in_channels // self.groups, *self.kernel_size))
            if self.bias is not None:
                self.bias.materialize((self.out_channels,))
            self.in_channels = in_channels
            self.reset_parameters()


def _lazy_conv_init(self, out_channels, bias, device, dtype):
    kw = _factory(device, dtype)
    self.weight = UninitializedParameter(dtype=kw.get("dtype"))
    self.out_channels = out_channels
    if bias:
        self.bias = UninitializedParameter(dtype=kw.get("dtype"))


def _lazy_conv(name, base, spatial):
    def __init__(self, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode="zeros", device=None, dtype=None):
        base.__init__(self, 0, 0, kernel_size, stride, padding, dilation, groups, False, padding_mode, device, dtype)
        _lazy_conv_init(self, out_channels, bias, device, dtype)

    doc = f"A {base.__name__} whose in_channels is read from its first input."
    return type(name, (_LazyConvXdMixin, base), {"__init__": __init__, "cls_to_become": base, "_spatial": spatial,
                                                 "__doc__": doc, "__module__": __name__})


def _lazy_conv_transpose(name, base, spatial):
    def __init__(self, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1, bias=True,
                 dilation=1, padding_mode="zeros", device=None, dtype=None):
        base.__init__(self, 0, 0, kernel_size, stride, padding, output_padding, groups, False, dilation, padding_mode,
                      device, dtype)
        _lazy_conv_init(self, out_channels, bias, device, dtype)

    doc = f"A {base.__name__} whose in_channels is read from its first input."
    return type(name, (_LazyConvXdMixin, base), {"__init__": __init__, "cls_to_become": base, "_spatial": spatial,
                                                 "__doc__": doc, "__module__": __name__})


LazyConv1d = _lazy_conv("LazyConv1d", Conv1d, 1)
LazyConv2d = _lazy_conv("LazyConv2d", Conv2d, 2)
LazyConv3d = _lazy_conv("LazyConv3d", Conv3d, 3)
LazyConvTranspose1d = _lazy_conv_transpose("LazyConvTranspose1d", ConvTranspose1d, 1)
LazyConvTranspose2d = _lazy_conv_transpose("LazyConvTranspose2d", ConvTranspose2d, 2)
LazyConvTranspose3d = _lazy_conv_transpose("LazyConvTranspose3d", ConvTranspose3d, 3)


# -- normalization ----------------------------------------------------------------------------------

class _LazyNormBase(LazyModuleMixin):
    def _lazy_init(self, eps, momentum, affine, track_running_stats, device, dtype):
        from .. import dtypes
        from ..creation import tensor
        kw = _factory(device, dtype)
        self.affine = affine
        self.track_running_stats = track_running_stats
        if self.affine:
            self.weight = UninitializedParameter(dtype=kw.get("dtype"))
            self.bias = UninitializedParameter(dtype=kw.get("dtype"))
        if self.track_running_stats:
            self.running_mean = UninitializedBuffer(dtype=kw.get("dtype"))
            self.running_var = UninitializedBuffer(dtype=kw.get("dtype"))
            self.num_batches_tracked = tensor(0, dtype=dtypes.long)

    def reset_parameters(self):
        if not self.has_uninitialized_params() and self.num_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input):
        if self.has_uninitialized_params():
            num_features = input.shape[1]
            if self.affine:
                self.weight.materialize((num_features,))
                self.bias.materialize((num_features,))
            if self.track_running_stats:
                self.running_mean.materialize((num_features,))
                self.running_var.materialize((num_features,))
            self.num_features = num_features
            self.reset_parameters()


def _lazy_norm(name, base):
    def __init__(self, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None):
        base.__init__(self, 0, eps, momentum, False, False, device, dtype)
        self._lazy_init(eps, momentum, affine, track_running_stats, device, dtype)

    # (the instance norms too: torch's lazy forms default to affine=True, track_running_stats=True)
    doc = f"A {base.__name__} whose num_features is read from its first input."
    return type(name, (_LazyNormBase, base), {"__init__": __init__, "cls_to_become": base, "__doc__": doc,
                                              "__module__": __name__})


LazyBatchNorm1d = _lazy_norm("LazyBatchNorm1d", BatchNorm1d)
LazyBatchNorm2d = _lazy_norm("LazyBatchNorm2d", BatchNorm2d)
LazyBatchNorm3d = _lazy_norm("LazyBatchNorm3d", BatchNorm3d)
LazyInstanceNorm1d = _lazy_norm("LazyInstanceNorm1d", InstanceNorm1d)
LazyInstanceNorm2d = _lazy_norm("LazyInstanceNorm2d", InstanceNorm2d)
LazyInstanceNorm3d = _lazy_norm("LazyInstanceNorm3d", InstanceNorm3d)
