"""rrelu (randomized leaky ReLU) as torch records it: RreluWithNoiseBackward0.

In training each non-positive element is multiplied by its own slope drawn uniformly from
[lower, upper): one draw per such element, in order, as torch's CPU kernel draws them
(``uniform_real_distribution<double>`` from the generator's 64-bit stream, then rounded to
the input's type); the slopes are the ``noise`` the backward multiplies by. Out of training
the slope is (lower + upper) / 2, as leaky_relu.
"""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check

__all__ = ["rrelu", "rrelu_"]


class RreluWithNoiseBackward0(Node):
    __slots__ = ("noise",)
    explain = "grad_self = grad * noise   (noise: 1 where self > 0, else the slope drawn for that element)"
    checks = (check(lambda x: rrelu(x, 0.2, 0.2, training=True), (2, 3)),
              check(lambda x: rrelu(x, 0.1, 0.3, training=False), (4,), label="eval"))

    def forward(ctx, x, lower, upper, training):
        d = x._data
        if d.dtype.kind != "f":
            raise NotImplementedError(f"\"rrelu_with_noise_out_cpu\" not implemented for "
                                      f"'{'Long' if d.dtype == np.int64 else str(d.dtype).capitalize()}'")
        if training:
            neg = d <= 0
            k = int(np.count_nonzero(neg))
            noise = np.ones(d.shape, d.dtype)
            if k:
                from ..random_mt19937 import default_generator
                from ..random_transforms import uniform
                noise[neg] = uniform(default_generator, k, np.float64, lower, upper).astype(d.dtype)
        else:
            slope = np.asarray((lower + upper) / 2, d.dtype)
            noise = np.where(d > 0, np.ones((), d.dtype), slope)
        ctx.noise = noise
        ctx.save_for_backward(x)
        return d * noise

    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return RreluWithNoiseBackwardBackward0.apply(grad, x, noise=ctx.noise)


class RreluWithNoiseBackwardBackward0(Node):
    """rrelu's backward as an op (torch's rrelu_with_noise_backward): ``grad * noise``. Its
    derivative in ``self`` is zero, but the edge is kept, as torch keeps it."""

    __slots__ = ("noise",)
    explain = "grad_grad = grad * noise;  grad_self = 0"
    checks = (check(lambda g, x: RreluWithNoiseBackwardBackward0.apply(g, x, noise=0.25), (2, 3), (2, 3)),)

    def forward(ctx, grad, x, noise):
        ctx.noise = noise
        ctx.save_for_backward(x)
        return grad._data * noise

    def backward(ctx, gg):
        (x,) = ctx.saved_tensors
        g_grad = RreluWithNoiseBackwardBackward0.apply(gg, x, noise=ctx.noise) if ctx.should_compute(0) else None
        g_self = Tensor._wrap(np.zeros_like(x._data)) if ctx.should_compute(1) else None
        return g_grad, g_self


class RreluWithNoiseBackward1(Node):
    """rrelu_ (in place), as torch records it: the same draws; the backward needs only the slopes."""

    __slots__ = ("noise",)
    explain = "grad_self = grad * noise   (noise: 1 where self > 0, else the slope drawn for that element)"
    checks = (check(lambda x: rrelu_(x * 1, 0.2, 0.2, training=True), (2, 3)),
              check(lambda x: rrelu_(x * 1, 0.1, 0.3, training=False), (4,), label="eval"))

    def forward(ctx, x, lower, upper, training):
        return RreluWithNoiseBackward0.forward(ctx, x, lower, upper, training)

    def backward(ctx, grad):
        return grad * Tensor._wrap(ctx.noise)


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False):
    """rrelu written into ``input`` (RreluWithNoiseBackward1)."""
    from .inplace import inplace
    if not isinstance(input, Tensor):
        raise TypeError(f"rrelu_(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if lower > upper:
        raise RuntimeError(f"Lower bound should be less than or equal to the upper bound")
    return inplace(input, lambda a: RreluWithNoiseBackward1.apply(a, lower=float(lower), upper=float(upper),
                                                                 training=bool(training)))


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False):
    """Randomized leaky ReLU: slopes drawn in [lower, upper) in training, their mean otherwise."""
    if not isinstance(input, Tensor):
        raise TypeError(f"rrelu(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if lower > upper:
        raise RuntimeError(f"Lower bound should be less than or equal to the upper bound")
    return RreluWithNoiseBackward0.apply(input, lower=float(lower), upper=float(upper), training=bool(training))
