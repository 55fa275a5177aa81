"""Elementwise ops that choose between values by a mask: clamp, clamp_min/clamp_max, where,
maximum, minimum (the gradient goes where the value came from)."""

import numpy as np

from .. import dtypes as _dt
from ..node import Node
from ..tensor import Tensor
from .checks import check
from .cpu_loops import scalar_lanes, self_on_ties
from .support import as_tensor, binary_arrays, binary_op, broadcast_error, operand
from .table import binary_row, row


class ClampBackward1(Node):
    __slots__ = ("lo", "hi")
    explain = "grad_self = grad * (min <= self <= max)   (zero where the value was clamped)"
    checks = (check(lambda x: x.clamp(-0.5, 0.5), (2, 3)),
              check(lambda x: x.clamp(min=0.3), (2, 3), label="min only"),
              check(lambda x: x.clamp(max=0.3), (2, 3), label="max only"))

    def forward(ctx, a, lo=None, hi=None):
        if lo is None and hi is None:
            raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
        _refuse_bool(a, lo, hi)
        ctx.save_for_backward(a)
        ctx.lo = lo
        ctx.hi = hi
        d = a._data
        r = d
        if lo is not None:
            r = np.maximum(r, binary_arrays(a, lo)[1])
        if hi is not None:
            r = np.minimum(r, binary_arrays(a, hi)[1])
        if r is d:
            r = d.copy()
        dt = _dt.result_type(a, *(v for v in (lo, hi) if v is not None)).np
        return _self_where_equal(r, d).astype(dt, copy=False)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        mask = None
        if ctx.lo is not None:
            mask = a >= ctx.lo
        if ctx.hi is not None:
            m = a <= ctx.hi
            mask = m if mask is None else mask & m
        return grad * mask


class ClampBackward0(Node):
    explain = ("grad_self = grad * (min <= self <= max);  grad_min = grad * (self < min);  "
               "grad_max = grad * (self > max)")
    broadcasting = True
    checks = (check(lambda x, lo, hi: clamp(x, lo - 1.0, hi + 1.0), (2, 3), (2, 3), (3,)),)

    def forward(ctx, a, lo, hi):
        ctx.save_for_backward(a, lo, hi)
        d = r = a._data
        shape = d.shape  # torch's TensorIterator broadcasts self, min, max in turn
        for v in (lo, hi):
            if v is not None:
                try:
                    shape = np.broadcast_shapes(shape, v._data.shape)
                except ValueError:
                    raise broadcast_error(shape, v._data.shape) from None
        if lo is not None and hi is not None and _dt.result_type(a, lo, hi).np == np.bool_:
            raise NotImplementedError("\"clamp_cpu\" not implemented for 'Bool'")
        vector = scalar = None
        try:
            if lo is not None:
                r = np.maximum(r, lo._data)
                scalar = _self_where_equal(r, d)
            if hi is not None:
                vector = np.minimum(r, hi._data)  # the vectorised loop returns the bound on a tie
                if scalar is not None:
                    scalar = _self_where_equal(np.minimum(scalar, hi._data), scalar)
                else:
                    scalar = _self_where_equal(vector, d)
                r = vector
        except ValueError:
            raise broadcast_error(a._data.shape, (lo if lo is not None else hi)._data.shape) from None
        dt = _dt.result_type(*(v for v in (a, lo, hi) if v is not None)).np
        r = np.asarray(r)
        if r.dtype.kind == "f" and r.size and scalar is not None:
            # std::min(std::max(a, min), max) in the scalar loop keeps self on a tie
            lanes = scalar_lanes(r.shape, [v._data for v in (a, lo, hi) if v is not None], r.dtype)
            r = np.asarray(scalar) if lanes is None else np.where(lanes, scalar, r)
        return np.array(r, dtype=dt)

    def backward(ctx, grad):
        a, lo, hi = ctx.saved_tensors
        inside = None
        g_lo = g_hi = None
        if lo is not None:
            inside = a >= lo
            below = a < lo
            g_lo = grad * (below & (lo < hi) if hi is not None else below)
        if hi is not None:
            m = a <= hi
            inside = m if inside is None else inside & m
            above = a > hi
            g_hi = grad * (above | (hi < lo) if lo is not None else above)  # max wins where min > max
        return grad * inside, g_lo, g_hi


class WhereBackward0(Node):
    explain = "grad_input = where(condition, grad, 0);  grad_other = where(condition, 0, grad)"
    broadcasting = True
    checks = (check(lambda x, y: where(x > 0, x, y), (2, 3), (2, 3)),
              check(lambda x, y: where(y > 0, x, y), (2, 3), (3,), label="broadcast"),
              check(lambda x: where(x > 0, x, 0.0), (2, 3), label="scalar other"))

    def forward(ctx, a, b, *, condition):
        ctx.save_for_backward(condition)
        return binary_op(lambda A, B: np.where(condition._data, A, B), a, b)

    def backward(ctx, grad):
        (cond,) = ctx.saved_tensors
        return split_by_mask(ctx, cond, grad)


def split_by_mask(ctx, mask, grad):
    """The gradient to the first input where ``mask`` holds and to the second elsewhere
    (where, clamp_min/clamp_max with a tensor bound), each only if that input needs it."""
    first = where(mask, grad, 0.0) if ctx.should_compute(0) else None
    second = where(mask, 0.0, grad) if ctx.should_compute(1) else None
    return first, second


def _self_where_equal(result, a):
    """``result`` with self's value where they compare equal: torch's scalar clamp keeps self's
    zero on a tie (``clamp_max(-0.0, 0)`` is -0.0; numpy returns the bound's)."""
    result = np.asarray(result)
    return np.where(result == a, a, result).astype(result.dtype, copy=False)


def _refuse_bool(a, lo, hi):
    """torch's clamp kernels with number bounds have no bool version (a bool result)."""
    if a._data.dtype.kind == "b" and all(isinstance(v, bool) for v in (lo, hi) if v is not None):
        which = "clamp" if lo is not None and hi is not None else "clamp_min" if lo is not None else "clamp_max"
        raise NotImplementedError(f"\"{which}_scalar_cpu\" not implemented for 'Bool'")


def _clamp_scalar(fn, a, bound):
    _refuse_bool(a, bound if fn is np.maximum else None, bound if fn is np.minimum else None)
    A, B = binary_arrays(a, bound)
    return _self_where_equal(fn(A, B), A)


def _torch_maximum(A, B):
    return self_on_ties(np.maximum(A, B), A, B)


def _torch_minimum(A, B):
    return self_on_ties(np.minimum(A, B), A, B)


def _keep(grad, mask):
    return where(mask, grad, 0.0)


def _drop(grad, mask):
    return where(mask, 0.0, grad)


# the gradient goes to the larger (smaller) input; ties share it equally; where either is nan
# it goes to both (torch's rule: only a strict comparison removes it)
_MAXIMUM = binary_row(
    (), "MaximumBackward0", _torch_maximum, promote=False, doc="",
    grads=(lambda grad, self, other: _drop(where(self == other, grad / 2, grad), self < other),
           lambda grad, self, other: _drop(where(self == other, grad / 2, grad), self > other)),
    explain="grad_self = grad * (self > other) + grad/2 * (self == other);  grad_other likewise",
    checks=(check(lambda x, y: maximum(x, y), (2, 3), (2, 3)),
            check(lambda x, y: maximum(x, y), (2, 3), (3,), label="broadcast")))
_MINIMUM = binary_row(
    (), "MinimumBackward0", _torch_minimum, promote=False, doc="",
    grads=(lambda grad, self, other: _drop(where(self == other, grad / 2, grad), self > other),
           lambda grad, self, other: _drop(where(self == other, grad / 2, grad), self < other)),
    explain="grad_self = grad * (self < other) + grad/2 * (self == other);  grad_other likewise",
    checks=(check(lambda x, y: minimum(x, y), (2, 3), (2, 3)),))
_CLAMP_MIN = row((), "ClampMinBackward0", lambda a, lo: _clamp_scalar(np.maximum, a, lo), tensor=True,
                 params=("lo",), grad=lambda grad, self, lo: _keep(grad, self >= lo), doc="",
                 explain="grad_self = grad where self >= min, else 0",
                 checks=(check(lambda x: x.clamp_min(0.2), (2, 3)),
                         check(lambda x: clamp_min(x, -0.5).sum(1), (3, 2), label="summed")))
_CLAMP_MAX = row((), "ClampMaxBackward0", lambda a, hi: _clamp_scalar(np.minimum, a, hi), tensor=True,
                 params=("hi",), grad=lambda grad, self, hi: _keep(grad, self <= hi), doc="",
                 explain="grad_self = grad where self <= max, else 0",
                 checks=(check(lambda x: x.clamp_max(0.2), (2, 3)),
                         check(lambda x: clamp_max(x, 1.0) * x, (4,), label="times x")))
_CLAMP_MIN_TENSOR = binary_row(
    (), "ClampMinBackward1", _torch_maximum, promote=False, doc="",
    grads=(lambda grad, self, other: _keep(grad, self >= other), lambda grad, self, other: _keep(grad, self < other)),
    explain="grad_self = grad where self >= min;  grad_min = grad where self < min",
    checks=(check(lambda x, m: clamp_min(x, m), (2, 3), (2, 3)),
            check(lambda x, m: clamp_min(x, m), (2, 3), (3,), label="broadcast")))
_CLAMP_MAX_TENSOR = binary_row(
    (), "ClampMaxBackward1", _torch_minimum, promote=False, doc="",
    grads=(lambda grad, self, other: _keep(grad, self <= other), lambda grad, self, other: _keep(grad, self > other)),
    explain="grad_self = grad where self <= max;  grad_max = grad where self > max",
    checks=(check(lambda x, m: clamp_max(x, m), (2, 3), (2, 3)),
            check(lambda x, m: clamp_max(x, m), (2, 3), (2, 1), label="broadcast")))


# -- public functions ---------------------------------------------------------

def clamp(input, min=None, max=None):
    """Limit every element to [min, max] (either bound may be omitted, or a tensor)."""
    min, max = clamp_bounds(min, max)
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        lo = min if min is None or isinstance(min, Tensor) else as_tensor(min, dtype=input.dtype)
        hi = max if max is None or isinstance(max, Tensor) else as_tensor(max, dtype=input.dtype)
        return ClampBackward0.apply(input, lo, hi)
    return ClampBackward1.apply(input, lo=min, hi=max)


clip = clamp


def clamp_bounds(min, max, name="clamp"):
    """torch's overloads of clamp: two tensors, or two numbers (a 0-d tensor that does not require
    grad is taken as a number); anything else is refused before the op runs."""
    if isinstance(min, Tensor) != isinstance(max, Tensor) and min is not None and max is not None:
        min, max = (_as_number(v) for v in (min, max))
    if (isinstance(min, Tensor) and max is not None and not isinstance(max, Tensor)) or (
            isinstance(max, Tensor) and min is not None and not isinstance(min, Tensor)):
        kinds = ["Tensor" if isinstance(v, Tensor) else type(v).__name__ for v in (min, max)]
        got = ", ".join(kinds)
        bad = ", ".join(f"!{k}!" for k in kinds)
        raise TypeError(f"{name}() received an invalid combination of arguments - got ({got}), but expected one of:\n"
                        f" * (Tensor min = None, Tensor max = None)\n"
                        f"      didn't match because some of the arguments have invalid types: ({bad})\n"
                        f" * (Number min = None, Number max = None)\n"
                        f"      didn't match because some of the arguments have invalid types: ({bad})\n")
    return min, max


def _as_number(v):
    if isinstance(v, Tensor) and v._data.ndim == 0 and not v._requires_grad:
        return v._data.item()
    return v


def clamp_min(input, min):
    """max(input, min) elementwise (``min`` a number or a tensor)."""
    if isinstance(min, Tensor):
        return _CLAMP_MIN_TENSOR.node.apply(input, min)
    if isinstance(min, (list, tuple)):
        return _CLAMP_MIN_TENSOR.node.apply(input, as_tensor(min))
    return _CLAMP_MIN.node.apply(input, lo=min)


def clamp_max(input, max):
    """min(input, max) elementwise (``max`` a number or a tensor)."""
    if isinstance(max, Tensor):
        return _CLAMP_MAX_TENSOR.node.apply(input, max)
    if isinstance(max, (list, tuple)):
        return _CLAMP_MAX_TENSOR.node.apply(input, as_tensor(max))
    return _CLAMP_MAX.node.apply(input, hi=max)


def where(condition, input=None, other=None):
    """Elementwise ``input if condition else other`` (either may be a scalar)."""
    condition = as_tensor(condition)
    if input is None and other is None:
        from .indexing import nonzero
        return nonzero(condition, as_tuple=True)
    if condition._data.dtype.kind != "b":
        if condition._data.dtype == np.uint8:
            condition = Tensor._wrap(condition._data.astype(bool))
        else:
            raise RuntimeError(f"where expected condition to be a boolean tensor, but got a tensor with "
                               f"dtype {condition.dtype.name.capitalize()}")
    input, other = operand(input), operand(other)
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        input = as_tensor(input)
    return WhereBackward0.apply(input, other, condition=condition)


def maximum(input, other):
    """Elementwise maximum of two tensors."""
    return _MAXIMUM.node.apply(input, as_tensor(other))


def minimum(input, other):
    """Elementwise minimum of two tensors."""
    return _MINIMUM.node.apply(input, as_tensor(other))
