"""The last of torch.nn's module classes, written as torch writes them: Container (deprecated),
NLLLoss2d (deprecated), CrossMapLRN2d (the legacy autograd Function, quirks included),
SyncBatchNorm (no process group on CPU: a batch norm, as torch's forward falls back to
F.batch_norm), DataParallel (no accelerator: wraps the module and calls it, as torch does),
AdaptiveLogSoftmaxWithLoss and LinearCrossEntropyLoss (torch's reference path)."""

import dataclasses
import math
import warnings
from collections import namedtuple

import numpy as np

from ..node import Node
from ..ops.checks import check
from ..tensor import Tensor
from .container import ModuleList, Sequential
from .linear import Linear
from .loss import NLLLoss, _WeightedLoss
from .module import Module
from .normalization import _BatchNorm

__all__ = ["Container", "NLLLoss2d", "CrossMapLRN2d", "SyncBatchNorm", "DataParallel", "AdaptiveLogSoftmaxWithLoss",
           "LinearCrossEntropyLoss", "LinearCrossEntropyOptions"]


def _F():
    from . import functional
    return functional


class Container(Module):
    """Deprecated: a Module holding the modules given as keyword arguments."""

    def __init__(self, **kwargs):
        warnings.warn("`nn.Container` is deprecated. All of its functionality is now implemented in `nn.Module`. "
                      "Subclass that instead.", FutureWarning, stacklevel=2)
        super().__init__()
        for key, value in kwargs.items():
            self.add_module(key, value)


class NLLLoss2d(NLLLoss):
    """Deprecated spelling of NLLLoss."""

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
        warnings.warn("`NLLLoss2d` has been deprecated. Please use `NLLLoss` instead as a drop-in replacement and see "
                      "https://pytorch.org/docs/main/nn.html#torch.nn.NLLLoss for more details.", FutureWarning,
                      stacklevel=2)
        super().__init__(weight, size_average, ignore_index, reduce, reduction)


# -- CrossMapLRN2d ------------------------------------------------------------------------------------

def _lrn_scale(d, size, alpha, k):
    """torch's running channel sum of squares (its legacy Function): channel c sums the squares of
    channels 0 .. c + pre_pad - 1 while c <= pre_pad, then of c - pre_pad + 1 .. c + pre_pad - 1
    plus channel 0 (the running sum never takes channel 0 back out), times alpha/size, plus k."""
    sq = d * d
    c = d.shape[1]
    pre_pad = int((size - 1) / 2 + 1)
    csum = np.concatenate([np.zeros_like(sq[:, :1]), np.cumsum(sq, 1)], 1)  # csum[j] = Σ sq[:j]
    ch = np.arange(c)
    hi = np.minimum(ch + pre_pad, c)
    hi[0] = min(pre_pad, c)
    lo = np.where(ch > pre_pad, ch - pre_pad + 1, 0)
    scale = csum[:, hi] - csum[:, lo]
    scale = scale + np.where(ch > pre_pad, 1, 0).reshape(1, -1, 1, 1) * sq[:, :1]
    return scale * (alpha / size) + k


class CrossMapLRN2dBackward(Node):
    """The node of torch's legacy CrossMapLRN2d Function (its backward is torch's formula, which
    assumes centred windows of ``size`` channels)."""

    __slots__ = ("args", "scale", "output")
    explain = ("grad_self = grad·scale^-β − (2αβ/size)·self·Σ over the window of grad·out/scale "
               "(torch's CrossMapLRN2d rule)")
    twice_differentiable = False
    checks = (check(lambda x: CrossMapLRN2dBackward.apply(x, args=(3, 1e-2, 0.75, 1.0)), (2, 2, 3, 3)),)

    def forward(ctx, x, args):
        size, alpha, beta, k = args
        d = x._data
        scale = _lrn_scale(d, size, alpha, k).astype(d.dtype, copy=False)
        out = (scale ** -beta * d).astype(d.dtype, copy=False)
        ctx.args, ctx.scale, ctx.output = args, scale, out
        ctx.save_for_backward(x)
        return out

    def backward(ctx, grad):
        size, alpha, beta, k = ctx.args
        (x,) = ctx.saved_tensors
        d, g, scale, out = x._data, grad._data, ctx.scale, ctx.output
        c = d.shape[1]
        inverse_pre_pad = int(size - (size - 1) / 2)
        if inverse_pre_pad + c > c + size - 1:  # (size 1: torch's buffer is one channel short)
            raise RuntimeError(f"start ({inverse_pre_pad}) + length ({c}) exceeds dimension size ({c + size - 1}).")
        ratio = np.zeros((d.shape[0], c + size - 1) + d.shape[2:], d.dtype)
        ratio[:, inverse_pre_pad:inverse_pre_pad + c] = g * out / scale
        csum = np.concatenate([np.zeros_like(ratio[:, :1]), np.cumsum(ratio, 1)], 1)
        accum = csum[:, size:size + c] - csum[:, :c]  # channel c: Σ ratio[c .. c + size - 1]
        gi = scale ** -beta * g - (2 * alpha * beta / size) * d * accum
        return Tensor._wrap(gi.astype(d.dtype, copy=False))


class CrossMapLRN2d(Module):
    """Local response normalization across channels of (N, C, H, W) inputs (torch's legacy layer)."""

    def __init__(self, size, alpha=1e-4, beta=0.75, k=1):
        super().__init__()
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k

    def forward(self, input):
        if input.dim() != 4:
            raise ValueError(f"CrossMapLRN2d: Expected input to be 4D, got {input.dim()}D instead.")
        return CrossMapLRN2dBackward.apply(input, args=(self.size, self.alpha, self.beta, self.k))

    def extra_repr(self):
        return "{size}, alpha={alpha}, beta={beta}, k={k}".format(**self.__dict__)


# -- SyncBatchNorm, DataParallel ------------------------------------------------------------------------

class SyncBatchNorm(_BatchNorm):
    """Batch normalization synchronised across processes; with no process group (this engine has
    no torch.distributed) every forward is the local batch norm, as torch's is then."""

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
                 process_group=None, device=None, dtype=None, *, bias=True):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype, bias=bias)
        self.process_group = process_group

    def _check_input_dim(self, input):
        if input.dim() < 2:
            raise ValueError(f"expected at least 2D input (got {input.dim()}D input)")

    def _check_non_zero_input_channels(self, input):
        if input.size(1) == 0:
            raise ValueError("SyncBatchNorm number of input channels should be non-zero")

    def forward(self, input):
        self._check_input_dim(input)
        self._check_non_zero_input_channels(input)
        return super().forward(input)

    @classmethod
    def convert_sync_batchnorm(cls, module, process_group=None):
        """``module`` with every BatchNorm*D layer replaced by a SyncBatchNorm sharing its parameters and buffers."""
        from ..grad_mode import no_grad
        module_output = module
        if isinstance(module, _BatchNorm):
            module_output = SyncBatchNorm(module.num_features, module.eps, module.momentum, module.affine,
                                          module.track_running_stats, process_group, bias=module.bias is not None)
            if module.affine:
                with no_grad():
                    module_output.weight = module.weight
                    module_output.bias = module.bias
            module_output.running_mean = module.running_mean
            module_output.running_var = module.running_var
            module_output.num_batches_tracked = module.num_batches_tracked
            module_output.training = module.training
        for name, child in module.named_children():
            module_output.add_module(name, cls.convert_sync_batchnorm(child, process_group))
        return module_output


class DataParallel(Module):
    """Splits a batch across accelerators; with none (a CPU), it holds ``module`` and calls it, as torch's does."""

    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super().__init__()
        self.module = module
        self.device_ids = []

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)


# -- AdaptiveLogSoftmaxWithLoss -----------------------------------------------------------------------

_ASMoutput = namedtuple("_ASMoutput", ["output", "loss"])


class AdaptiveLogSoftmaxWithLoss(Module):
    """Efficient softmax approximation (Grave et al.): frequent classes in the head, the rest in
    clusters of shrinking projection size."""

    def __init__(self, in_features, n_classes, cutoffs, div_value=4.0, head_bias=False, device=None, dtype=None):
        super().__init__()
        cutoffs = list(cutoffs)
        if len(cutoffs) == 0:
            raise ValueError("cutoffs should be a sequence of length larger than 0")
        if ((cutoffs != sorted(cutoffs)) or (min(cutoffs) <= 0) or (max(cutoffs) > (n_classes - 1))
                or (len(set(cutoffs)) != len(cutoffs)) or any(int(c) != c for c in cutoffs)):
            raise ValueError("cutoffs should be a sequence of unique, positive integers sorted in an increasing "
                             "order, where each value is between 1 and n_classes-1")
        self.in_features = in_features
        self.n_classes = n_classes
        self.cutoffs = cutoffs + [n_classes]
        self.div_value = div_value
        self.head_bias = head_bias
        self.shortlist_size = self.cutoffs[0]
        self.n_clusters = len(self.cutoffs) - 1
        self.head_size = self.shortlist_size + self.n_clusters
        kw = {"device": device, "dtype": dtype}
        self.head = Linear(self.in_features, self.head_size, bias=self.head_bias, **kw)
        self.tail = ModuleList()
        for i in range(self.n_clusters):
            hsz = int(self.in_features // (self.div_value ** (i + 1)))
            osz = self.cutoffs[i + 1] - self.cutoffs[i]
            self.tail.append(Sequential(Linear(self.in_features, hsz, bias=False, **kw),
                                        Linear(hsz, osz, bias=False, **kw)))

    def reset_parameters(self):
        self.head.reset_parameters()
        for i2h, h2o in self.tail:
            i2h.reset_parameters()
            h2o.reset_parameters()

    def forward(self, input_, target_):
        F = _F()
        targ_dim = target_.dim()
        if targ_dim == 1:
            if input_.size(0) != target_.size(0):
                raise RuntimeError("Input and target should have the same size in the batch dimension.")
            if input_.dim() != 2:
                raise RuntimeError(f"1D target tensor expects 2D input tensors, but found inputs with size "
                                   f"{input_.size()}")
        elif targ_dim == 0:
            if input_.dim() != 1:
                raise RuntimeError(f"0D target tensor expects 1D input tensors, but found inputs with size "
                                   f"{input_.size()}")
        else:
            raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
        is_batched = targ_dim > 0
        input = input_ if is_batched else input_.unsqueeze(0)
        target = target_ if is_batched else target_.unsqueeze(0)
        used_rows = 0
        batch_size = target.size(0)
        output = input.new_zeros(batch_size)
        gather_inds = target.new_empty(batch_size)
        cutoff_values = [0] + self.cutoffs
        for i in range(len(cutoff_values) - 1):
            low_idx, high_idx = cutoff_values[i], cutoff_values[i + 1]
            target_mask = (target >= low_idx) & (target < high_idx)
            row_indices = target_mask.nonzero().squeeze()
            if row_indices.numel() == 0:
                continue
            if i == 0:
                gather_inds.index_copy_(0, row_indices, target[target_mask])
            else:
                relative_target = target[target_mask] - low_idx
                input_subset = input.index_select(0, row_indices)
                cluster_output = self.tail[i - 1](input_subset)
                cluster_index = self.shortlist_size + i - 1
                gather_inds.index_fill_(0, row_indices, cluster_index)
                cluster_logprob = F.log_softmax(cluster_output, dim=1)
                local_logprob = cluster_logprob.gather(1, relative_target.unsqueeze(1))
                output.index_copy_(0, row_indices, local_logprob.squeeze(1))
            used_rows += row_indices.numel()
        if used_rows != batch_size:
            raise RuntimeError(f"Target values should be in [0, {self.n_classes - 1}], but values in range "
                               f"[{target.min().item()}, {target.max().item()}] were found. ")
        head_output = self.head(input)
        head_logprob = F.log_softmax(head_output, dim=1)
        output += head_logprob.gather(1, gather_inds.unsqueeze(1)).squeeze()
        loss = (-output).mean()
        if not is_batched:
            output = output.squeeze(0)
        return _ASMoutput(output, loss)

    def _get_full_log_prob(self, input, head_output):
        F = _F()
        out = input.new_empty((head_output.size(0), self.n_classes))
        head_logprob = F.log_softmax(head_output, dim=1)
        out[:, :self.shortlist_size] = head_logprob[:, :self.shortlist_size]
        for i, (start_idx, stop_idx) in enumerate(zip(self.cutoffs, self.cutoffs[1:])):
            cluster_output = self.tail[i](input)
            cluster_logprob = F.log_softmax(cluster_output, dim=1)
            output_logprob = cluster_logprob + head_logprob[:, self.shortlist_size + i].unsqueeze(1)
            out[:, start_idx:stop_idx] = output_logprob
        return out

    def log_prob(self, input):
        """The log-probabilities of every class, (N, n_classes)."""
        return self._get_full_log_prob(input, self.head(input))

    def predict(self, input):
        """The most likely class of each row (the full distribution computed only where needed)."""
        from ..ops.compare import argmax
        head_output = self.head(input)
        output = argmax(head_output, dim=1)
        not_in_shortlist = output >= self.shortlist_size
        if not bool(not_in_shortlist.any()):
            return output
        if bool(not_in_shortlist.all()):
            return argmax(self._get_full_log_prob(input, head_output), dim=1)
        log_prob = self._get_full_log_prob(input[not_in_shortlist], head_output[not_in_shortlist])
        output[not_in_shortlist] = argmax(log_prob, dim=1)
        return output


# -- LinearCrossEntropyLoss ---------------------------------------------------------------------------

class LinearCrossEntropyLoss(_WeightedLoss):
    """cross_entropy(linear(input), target) with the linear layer's weight as a parameter of the loss."""

    def __init__(self, in_features, num_classes, *, out_features=(), bias=False, device=None, dtype=None,
                 reduction="mean", weight=None, ignore_index=None, label_smoothing=0.0, options=None):
        if weight is not None and tuple(weight.shape) != (num_classes,):
            raise RuntimeError(f"expected weight shape to be {(num_classes,)}, got {tuple(weight.shape)}")
        if label_smoothing < 0 or label_smoothing > 1.0:
            raise RuntimeError(f"expected label_smoothing to be in range [0, 1], got {label_smoothing}")
        super().__init__(weight, None, None, reduction)
        self.num_classes = num_classes
        self.out_features = out_features
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing
        self.linear = Linear(in_features, math.prod(out_features, start=num_classes), bias=bias, device=device,
                             dtype=dtype)
        self.options = options

    def forward(self, input, target):
        linear_weight = self.linear.weight.reshape((self.num_classes, *self.out_features, self.linear.in_features))
        linear_bias = (self.linear.bias.reshape((self.num_classes, *self.out_features))
                       if self.linear.bias is not None else None)
        return _F().linear_cross_entropy(input, linear_weight, target, linear_bias=linear_bias, weight=self.weight,
                                         reduction=self.reduction, ignore_index=self.ignore_index,
                                         label_smoothing=self.label_smoothing, options=self.options)

    def extra_repr(self):
        return (f"in_features={self.linear.in_features}, num_classes={self.num_classes}, "
                f"out_features={self.out_features}, bias={self.linear.bias is not None}, "
                f"reduction={self.reduction}, ignore_index={self.ignore_index}, "
                f"label_smoothing={self.label_smoothing}, options={self.options}")


@dataclasses.dataclass(slots=True, frozen=True)
class LinearCrossEntropyOptions:
    """How torch's chunked linear_cross_entropy splits its work (batch chunks, accumulation). Accepted
    and validated as torch's; the loss computed is the same (see F.linear_cross_entropy)."""

    allow_retain_graph: bool = False
    batch_chunk_size: "int | None" = None
    chunking_method: "str | None" = "auto"
    acc_policy: str = "auto"
    acc_dtype: object = None

    def __post_init__(self):
        from .. import dtypes
        if self.acc_policy not in {"auto", "accurate", "balanced", "compact"}:
            raise ValueError(f"invalid acc_policy: {self.acc_policy!r}")
        if self.chunking_method is not None and self.chunking_method != "auto":
            name, sep, factor = self.chunking_method.partition(":")
            if not sep:
                factor = "1"
            if not (name == "aspect_ratio" and factor.isdigit() and int(factor) > 0):
                raise ValueError(f"invalid chunking_method: {self.chunking_method!r}")
        if not (self.batch_chunk_size is None
                or (isinstance(self.batch_chunk_size, int) and self.batch_chunk_size > 0)):
            raise ValueError(f"batch_chunk_size must be positive int or None, got {self.batch_chunk_size!r}")
        if self.acc_dtype is not None and self.acc_dtype not in (dtypes.float16, dtypes.float32, dtypes.float64):
            raise ValueError("acc_dtype must be one of {None, torch.float16, torch.bfloat16, torch.float32, "
                             f"torch.float64}}, got {self.acc_dtype!r}. Pass acc_dtype=None to let the op pick "
                             "automatically.")
