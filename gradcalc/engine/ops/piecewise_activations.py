"""Piecewise activations with nodes of their own in torch: hardtanh (and relu6), hardsigmoid,
hardswish, threshold, softshrink, hardshrink.

Their gradients are the incoming gradient masked (or scaled) by which piece the input
fell in; the masks are constants, so backward stays differentiable (create_graph).
"""

import numpy as np

from ..node import Node, not_differentiable
from ..tensor import Tensor
from .backward_functions import recorded_as
from .checks import check
from .nn_activations import _float_only, _out, _maybe_inplace
from .masked import where as _where


# torch's hardsigmoid_backward multiplies by opmath_t(1.0f / 6.0f): the float32 sixth, in either dtype
_ONE_SIXTH = float(np.float32(1.0) / np.float32(6.0))


def _pass(grad, x, m):
    """``grad`` where ``m``, else 0 (torch's kernels choose, so an inf or nan gradient is dropped too)."""
    return _where(Tensor._wrap(m), grad, 0.0)


def _shrink_mask(grad, x, lambd):
    """Where torch's shrink_backward kernel passes the gradient: its scalar loop tests
    !(-lambd <= self <= lambd) (a nan passes), its vectorised one (self < -lambd) | (self > lambd)
    (a nan does not); cpu_loops tells which elements each computes."""
    from .cpu_loops import scalar_lanes
    d = x._data
    scalar = ~((d >= -lambd) & (d <= lambd))
    lanes = scalar_lanes(d.shape, [grad._data, d], d.dtype) if d.size else None
    if lanes is None:
        return scalar
    return np.where(lanes, scalar, (d < -lambd) | (d > lambd))


def _mask(x, m):
    """A constant tensor of x's dtype: 1 where ``m``, else 0."""
    return Tensor._wrap(m.astype(x._data.dtype))


class HardtanhBackward0(Node):
    __slots__ = ("min_val", "max_val")
    explain = "grad_self = grad where min_val < self < max_val, else 0"
    checks = (check(lambda x: hardtanh(x * 2, -1.0, 1.0), (2, 3)),
              check(lambda x: hardtanh(x * 4, 0.0, 6.0), (3, 2), label="relu6"))

    def forward(ctx, a, min_val, max_val):
        ctx.save_for_backward(a)
        ctx.min_val, ctx.max_val = min_val, max_val
        d = a._data
        if d.dtype.kind == "b":
            raise RuntimeError("Bool inputs not supported for hardtanh")
        if d.dtype.kind != "f":  # torch clamps an integer tensor into its own dtype
            return np.clip(d, min_val, max_val).astype(d.dtype)
        d = _float_only(a, "hardtanh_cpu")
        r = np.clip(d, min_val, max_val)
        return _out(np.where(r == d, d, r), a)  # self's zero on a tie, as torch (numpy: the bound's)

    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        d = x._data
        # torch's scalar loop: 0 where self <= min_val or self >= max_val (so a nan passes the gradient);
        # its vectorised one: grad where min_val < self < max_val (a nan does not)
        from .cpu_loops import scalar_lanes
        m = ~((d <= ctx.min_val) | (d >= ctx.max_val))
        lanes = scalar_lanes(d.shape, [grad._data, d], d.dtype) if d.size else None
        if lanes is not None:
            m = np.where(lanes, m, (d > ctx.min_val) & (d < ctx.max_val))
        return recorded_as("HardtanhBackwardBackward0", _pass(grad, x, m), x)


class HardsigmoidBackward0(Node):
    explain = "grad_self = grad / 6 where -3 < self < 3, else 0"
    twice_differentiable = False  # torch's hardsigmoid_backward has no derivative
    checks = (check(lambda x: hardsigmoid(x * 3), (2, 3)),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        d = _float_only(a, "hardsigmoid_cpu")
        return _out(np.clip(d + 3, 0, 6) / 6, a)

    @staticmethod
    def jvp(ctx, t):
        """torch's forward rule (auto_element_wise): the backward applied to the tangent."""
        (x,) = ctx.saved_tensors
        d = x._data
        return _pass(t, x, (d > -3) & (d < 3)) * _ONE_SIXTH

    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        d = x._data
        # torch's hardsigmoid_backward has no derivative of its own
        return not_differentiable("hardsigmoid_backward", _pass(grad, x, (d > -3) & (d < 3)) * _ONE_SIXTH, grad, x)


class HardswishBackward0(Node):
    explain = "grad_self = 0 where self ≤ -3, grad * (self / 3 + 1/2) where -3 < self < 3, grad where self ≥ 3"
    checks = (check(lambda x: hardswish(x * 3), (2, 3)),)

    def forward(ctx, a):
        ctx.save_for_backward(a)
        d = _float_only(a, "hardswish_cpu")
        return _out(d * np.clip(d + 3, 0, 6) / 6, a)

    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return HardswishBackwardBackward0.apply(grad, x)


class HardswishBackwardBackward0(Node):
    """hardswish's backward as an op (torch's hardswish_backward), so its own derivative is
    torch's: in ``self``, grad * grad_output / 3 strictly inside (-3, 3) (0 at ±3)."""

    explain = ("grad_grad = hardswish_backward(grad, self);  "
               "grad_self = grad * grad_output / 3 where -3 < self < 3, else 0")
    checks = (check(lambda g, s: HardswishBackwardBackward0.apply(g, s * 3), (2, 3), (2, 3)),)

    def forward(ctx, grad, a):
        ctx.save_for_backward(grad, a)
        g, d = grad._data, a._data
        # torch's scalar loop: 0 where self <= -3, grad * (self / 3 + 1/2) where self < 3, else grad (nan:
        # grad); its vectorised one tests self >= 3 instead (nan: grad * nan)
        from .cpu_loops import scalar_lanes
        with np.errstate(invalid="ignore"):
            r = np.where(d <= -3, 0, np.where(d < 3, g * (d / 3 + 0.5), g))
            lanes = scalar_lanes(np.broadcast_shapes(g.shape, d.shape), [g, d], d.dtype) if d.size else None
            if lanes is not None:
                r = np.where(lanes, r, np.where(d <= -3, 0, np.where(d >= 3, g, g * (d / 3 + 0.5))))
        return np.asarray(r, dtype=g.dtype)

    def backward(ctx, gg):
        grad, x = ctx.saved_tensors
        d = x._data
        g_grad = HardswishBackwardBackward0.apply(gg, x) if ctx.should_compute(0) else None
        g_self = gg * grad * _mask(x, (d > -3) & (d < 3)) / 3 if ctx.should_compute(1) else None
        return g_grad, g_self


class ThresholdBackward0(Node):
    __slots__ = ("threshold",)
    explain = "grad_self = grad where self > threshold, else 0"
    checks = (check(lambda x: threshold(x, 0.1, 20.0), (2, 3)),)

    def forward(ctx, a, threshold, value):
        ctx.save_for_backward(a)
        ctx.threshold = threshold
        d = a._data
        if d.dtype.kind == "b":
            raise NotImplementedError("\"threshold_cpu\" not implemented for 'Bool'")
        return np.asarray(np.where(d <= threshold, value, d), dtype=d.dtype)  # nan stays nan

    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return recorded_as("ThresholdBackwardBackward0", _pass(grad, x, ~(x._data <= ctx.threshold)), x)


class SoftshrinkBackward0(Node):
    __slots__ = ("lambd",)
    explain = "grad_self = grad where |self| > lambd, else 0"
    checks = (check(lambda x: softshrink(x, 0.5), (2, 3)),)

    def forward(ctx, a, lambd):
        ctx.save_for_backward(a)
        ctx.lambd = lambd
        d = _float_only(a, "softshrink_check")
        # torch's scalar loop gives self * 0 between the bounds (-0.0 for a negative self, nan for
        # nan); its vector loop masks to +0.0 there (nan still nan)
        inside = d * 0
        from .cpu_loops import scalar_lanes
        lanes = scalar_lanes(d.shape, [d], d.dtype) if d.size else None
        if lanes is not None:
            inside = np.where(lanes, inside, inside + 0.0)
        return _out(np.where(d > lambd, d - lambd, np.where(d < -lambd, d + lambd, inside)), a)

    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        d = x._data
        return recorded_as("SoftshrinkBackwardBackward0", _pass(grad, x, _shrink_mask(grad, x, ctx.lambd)), x)


class HardshrinkBackward0(Node):
    __slots__ = ("lambd",)
    explain = "grad_self = grad where |self| > lambd, else 0"
    checks = (check(lambda x: hardshrink(x, 0.5) * x, (2, 3)),)

    def forward(ctx, a, lambd):
        ctx.save_for_backward(a)
        ctx.lambd = lambd
        d = _float_only(a, "hardshrink_cpu")
        return _out(np.where((d >= -lambd) & (d <= lambd), 0, d), a)  # nan stays nan

    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        d = x._data
        return recorded_as("HardshrinkBackwardBackward0", _pass(grad, x, _shrink_mask(grad, x, ctx.lambd)), x)


# -- functions (torch.nn.functional signatures) ---------------------------------------

def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    """x clamped to [min_val, max_val]."""
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    return _maybe_inplace(input, inplace, lambda a: HardtanhBackward0.apply(a, min_val=min_val, max_val=max_val))


def relu6(input, inplace=False):
    """min(max(x, 0), 6)."""
    return hardtanh(input, 0.0, 6.0, inplace)


def hardsigmoid(input, inplace=False):
    """relu6(x + 3) / 6."""
    return _maybe_inplace(input, inplace, HardsigmoidBackward0.apply)


def hardswish(input, inplace=False):
    """x relu6(x + 3) / 6."""
    return _maybe_inplace(input, inplace, HardswishBackward0.apply)


class ThresholdBackward1(ThresholdBackward0):
    """threshold_ (in place): torch's own node name, the same rule."""

    __slots__ = ()
    checks = ()


def threshold(input, threshold, value, inplace=False):
    """x where x > threshold, else value."""
    node = ThresholdBackward1 if inplace else ThresholdBackward0
    return _maybe_inplace(input, inplace, lambda a: node.apply(a, threshold=threshold, value=value))


def softshrink(input, lambd=0.5):
    """x - lambd above lambd, x + lambd below -lambd, 0 between."""
    if lambd < 0:
        raise RuntimeError(f"lambda must be greater or equal to 0, but found to be {lambd}.")
    return SoftshrinkBackward0.apply(input, lambd=lambd)


def hardshrink(input, lambd=0.5):
    """x where |x| > lambd, else 0."""
    return HardshrinkBackward0.apply(input, lambd=lambd)
