"""Arithmetic: + - * / // % ** and negation, with torch's promotion and broadcasting.

The ops whose content is a formula are rows of the op table (``table.row``/``binary_row``):
the torch node name, the forward on the operands, each input's rule in engine ops (so it
can itself be differentiated; the table derives the array form a plain backward runs).
``pow`` with a tensor exponent or base and rounded division keep hand-written classes.
Broadcasting is undone by the engine, not per rule.
"""

import math

import numpy as np

from ..grad_mode import STATE
from ..node import IN_PLACE, Node, not_differentiable
from ..tensor import Tensor
from .checks import check
from .forward_refusals import refuse_duals
from .support import binary_arrays, binary_op as _binary, broadcast_error, check_broadcast, operand, zeros_grad
from .table import binary_row, row


def _scaled(B, alpha, A):
    """``alpha * B`` in the dtype ``A op B`` has (numpy would widen a float32 by a bool times an int)."""
    return np.multiply(B, alpha).astype(np.result_type(A, B), copy=False)


def _plus_scaled(A, B, alpha, sign=1):
    """``A + sign * alpha * B`` as torch's CPU kernel computes it: one fused multiply-add for floats."""
    if isinstance(A, np.ndarray) and A.dtype.metadata is not None and not isinstance(alpha, complex):
        from .bf16_kernels import add_scaled_bf16  # bfloat16: torch's generic add kernel
        return add_scaled_bf16(A, B, sign * alpha)
    dt = np.result_type(A, B)
    if dt.kind == "f" and dt.itemsize >= 4 and not isinstance(alpha, complex):
        from .fma import fma
        A, B = np.broadcast_arrays(np.asarray(A, dt), np.asarray(B, dt))  # a Python number takes the dtype
        return fma(B, np.asarray(sign * alpha, dt), A)
    return A + _scaled(B, alpha, A) if sign == 1 else A - _scaled(B, alpha, A)


def _add_forward(a, b, alpha=1):
    if alpha != 1:
        return _binary(lambda A, B: _plus_scaled(A, B, alpha), a, b)
    return _binary(np.add, a, b)


def _sub_forward(a, b, alpha=1):
    _check_bool_sub(a, b)
    if alpha != 1:
        return _binary(lambda A, B: _plus_scaled(A, B, alpha, -1), a, b)
    return _binary(np.subtract, a, b)


def _rsub_forward(a, b, alpha=1):
    _check_bool_sub(a, b)
    return _binary(lambda A, B: B - _scaled(A, alpha, B) if alpha != 1 else B - A, a, b)


def _neg_forward(a):
    if a._data.dtype.kind == "b":
        raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If you are "
                           "trying to invert a mask, use the `~` or `logical_not()` operator instead.")
    return np.negative(a._data)


# One row per op (ops/table.py): the forward on the operands (Tensors or Python numbers, with torch's
# promotion in ``support.binary_op``), each input's rule; what a node saves is what its needed rules read.
# They are exported by the functions below (``add`` checks alpha ...), so the rows carry no names.
AddBackward0 = binary_row(
    (), "AddBackward0", _add_forward, tensor=True, params=("alpha",), defaults={"alpha": 1},
    grads=(lambda grad: grad, lambda grad, alpha: grad if alpha == 1 else grad * alpha),
    explain="grad_self = grad;  grad_other = grad * alpha   (d(a + αb)/da = 1, d/db = α)", doc="",
    checks=(check(lambda x, y: x + y, (2, 3), (2, 3)),
            check(lambda x, y: x + y, (2, 3), (3,), label="broadcast"),
            check(lambda x, y: x + y, (4, 1), (1, 3), label="broadcast both"),
            check(lambda x: x + 1.5, (3,), label="scalar"),
            check(lambda x, y: add(x, y, alpha=2), (3,), (3,), label="alpha"))).node
SubBackward0 = binary_row(
    (), "SubBackward0", _sub_forward, tensor=True, params=("alpha",), defaults={"alpha": 1},
    grads=(lambda grad: grad, lambda grad, alpha: -grad if alpha == 1 else grad * -alpha),
    explain="grad_self = grad;  grad_other = -grad * alpha   (d(a - αb)/da = 1, d/db = -α)", doc="",
    checks=(check(lambda x, y: x - y, (2, 3), (2, 3)),
            check(lambda x, y: x - y, (3,), (2, 3), label="broadcast"),
            check(lambda x: x - 1.5, (3,), label="scalar"))).node
RsubBackward1 = row(
    (), "RsubBackward1", lambda a, other, alpha=1: _rsub_forward(a, other, alpha), tensor=True, params=("other", "alpha"), defaults={"alpha": 1},
    grad=lambda grad, alpha: -grad if alpha == 1 else grad * -alpha,
    explain="grad_self = -grad * alpha   (d(c - αa)/da = -α)", doc="",
    checks=(check(lambda x: 1.5 - x, (2, 3)),)).node
RsubBackward0 = binary_row(
    (), "RsubBackward0", _rsub_forward, tensor=True, params=("alpha",), defaults={"alpha": 1},
    grads=(lambda grad, alpha: -grad if alpha == 1 else grad * -alpha, lambda grad: grad),
    explain="grad_self = -grad * alpha;  grad_other = grad   (rsub(a, b) = b - αa)", doc="",
    checks=(check(lambda x, y: rsub(x, y), (2, 3), (3,)),)).node
MulBackward0 = binary_row(
    (), "MulBackward0", lambda a, b: _binary(np.multiply, a, b), tensor=True,
    grads=(lambda grad, other: grad * other, lambda grad, self: grad * self),
    explain="grad_self = grad * other;  grad_other = grad * self   (product rule)", doc="",
    checks=(check(lambda x, y: x * y, (2, 3), (2, 3)),
            check(lambda x, y: x * y, (2, 3), (3,), label="broadcast"),
            check(lambda x, y: x * y, (2, 1, 3), (4, 1), label="broadcast both"),
            check(lambda x: x * 2.5, (3,), label="scalar"),
            check(lambda x: x * x, (3,), label="same input twice"))).node
DivBackward0 = binary_row(
    (), "DivBackward0", lambda a, b: _binary(np.true_divide, a, b, true_divide=True), tensor=True,
    grads=(lambda grad, other: grad / other, lambda grad, self, other: -grad * ((self / other) / other)),
    # torch's div_tensor_other_backward divides twice rather than by other², which rounds differently
    explain="grad_self = grad / other;  grad_other = -grad * self / other²   (quotient rule)", doc="",
    checks=(check(lambda x, y: x / y, (2, 3), (2, 3), low=0.5, high=2.0),
            check(lambda x, y: x / y, (2, 3), (3,), low=0.5, high=2.0, label="broadcast"),
            check(lambda x: x / 3.0, (3,), label="scalar"))).node
NegBackward0 = row(
    (), "NegBackward0", _neg_forward, tensor=True, grad=lambda grad: -grad,
    explain="grad_self = -grad", doc="", checks=(check(lambda x: -x, (2, 3)),)).node


# -- torch's efficient zero tensors (sgn's gradient, see unary.py) through products and sums ----------
# torch gives mul, div, add and sub kernels of their own for a ZeroTensor operand (BinaryOps.cpp:
# mul_zerotensor, div_zerotensor, add_zerotensor/sub_zerotensor); every other op reads it as zeros.
# Autograd records these ops as usual: only the result's values and its zero-tensor flag change.
# (Views of a zero tensor, which torch keeps zero tensors, are not followed here.)

def _zero(a):
    return a.__class__ is Tensor and a._extra is not None and "zerotensor" in a._extra


def _as_zero_tensor(out):
    out._data = np.zeros_like(out._data)
    out._extras()["zerotensor"] = True


def _mul_of_zero(out, a, b, params):
    """A product with a zero tensor is one (0 · inf too)."""
    _as_zero_tensor(out)


def _div_of_zero(out, a, b, params):
    """0/x is a zero tensor; 0/0 is nan and x/0 is inf everywhere (torch's div_zerotensor: not x's sign)."""
    if not _zero(b):
        _as_zero_tensor(out)
    else:
        out._data = np.full_like(out._data, np.nan if _zero(a) else np.inf)


def _sum_with_zero(sign):
    def rule(out, a, b, params):
        """zero ± zero is a zero tensor; zero + other is a copy of other (times ±alpha), self + zero of self."""
        if _zero(a) and _zero(b):
            _as_zero_tensor(out)
            return
        alpha = params.get("alpha", 1) * sign
        kept = b if _zero(a) else a
        arr = kept._data if isinstance(kept, Tensor) else np.asarray(kept)
        if _zero(a) and alpha != 1:
            arr = arr * alpha
        out._data = np.array(np.broadcast_to(arr, out._data.shape), dtype=out._data.dtype)
    return rule


_ZERO_RULES = {MulBackward0: _mul_of_zero, DivBackward0: _div_of_zero, AddBackward0: _sum_with_zero(1),
               SubBackward0: _sum_with_zero(-1)}


def zero_tensor_rule(op, out, a, b, params=None):
    """``out = op(a, b)`` as torch's ZeroTensor kernel makes it when ``a`` or ``b`` is a zero tensor
    (called by mul/div/add/sub and their operators only when an operand has an ``_extra``, so the
    common path pays two attribute reads). An in-place op writes a regular tensor (zeros read)."""
    if (_zero(a) or _zero(b)) and not IN_PLACE[0]:
        _ZERO_RULES[op](out, a, b, params or {})
    return out


# torch's pow(Tensor, number) kernel for float and double computes these exponents with
# arithmetic, not with pow (PowKernel.cpp): x·x·x for 3, 1/(x·x) for -2, 1/sqrt(x) for -0.5,
# 1/x for -1. numpy's power rounds differently (a quarter of float32 cubes differ in the last
# bit), and the difference grows through a training loop of x ** 3 terms.
_POW_KERNELS = {
    3: lambda A: A * A * A,
    -2: lambda A: 1 / (A * A),
    -0.5: lambda A: 1 / np.sqrt(A),
    -1: lambda A: 1 / A,
}


class PowBackward0(Node):
    __slots__ = ("exponent",)
    explain = "grad_self = grad * exponent * self^(exponent - 1)   (power rule)"
    checks = (check(lambda x: x ** 2, (2, 3)),
              check(lambda x: x ** 3, (3,)),
              check(lambda x: x ** 0.5, (3,), low=0.5, high=2.0, label="sqrt"),
              check(lambda x: x ** -1.5, (3,), low=0.5, high=2.0, label="negative"),
              check(lambda x: x.square(), (3,), label="square"))

    def forward(ctx, a, exponent):
        ctx.save_for_backward(a)
        ctx.exponent = exponent
        A, E = binary_arrays(a, exponent)
        if A.dtype.kind in "iu" and isinstance(exponent, int) and exponent < 0:
            raise RuntimeError("Integers to negative integer powers are not allowed.")
        if A.dtype.kind == "b":
            return np.power(A.astype(np.uint8), E.astype(np.uint8)).astype(bool)
        if exponent == 2:
            return np.multiply(A, A)
        if exponent == 1:
            return A.copy()
        if A.dtype == np.float32 or A.dtype == np.float64:
            special = _POW_KERNELS.get(exponent) if not isinstance(exponent, bool) else None
            if special is not None:
                return special(A)
        return np.power(A, E)

    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        e = ctx.exponent
        if e == 0:
            # constant: zeros with no history, as torch's pow_backward returns
            return Tensor._wrap(np.zeros_like(grad._data))
        if e == 2 and not STATE.grad_enabled:
            return grad * (a * 2.0)  # a plain backward: the same value with one op less
        # torch keeps self in the formula even for e = 1 (self^0), so every higher
        # derivative stays connected to the graph and ends in zeros, not in an error
        return grad * (a ** (e - 1) * e)


class PowBackward1(Node):
    explain = ("grad_self = grad * exponent * self^(exponent - 1);  "
               "grad_exponent = grad * self^exponent * log(self)")
    broadcasting = True
    saves_output = True  # torch saves the result too: writing to it in place makes backward fail
    saved_names = ("self", "exponent")
    checks = (check(lambda x, y: x ** y, (2, 3), (2, 3), low=0.5, high=2.0),
              check(lambda x, y: x ** y, (2, 3), (3,), low=0.5, high=2.0, label="broadcast"))

    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        A, B = binary_arrays(a, b)
        if A.dtype.kind == "b" and B.dtype.kind == "b":
            check_broadcast(np.shape(A), np.shape(B))  # torch broadcasts before it looks for the dtype's kernel
            raise NotImplementedError("\"pow\" not implemented for 'Bool'")
        if A.dtype.kind in "iu" and np.any(B < 0):
            # torch computes integer powers with negative exponents elementwise: 1/aⁿ truncated
            try:
                A, B = np.broadcast_arrays(A, B)
            except ValueError:
                raise broadcast_error(A.shape, B.shape) from None
            pos = np.power(A, np.maximum(B, 0))
            neg = np.where(A == 1, 1, np.where(A == -1, np.where(B % 2 == 0, 1, -1), 0)).astype(A.dtype)
            return np.where(B >= 0, pos, neg)
        try:
            if np.shape(B) != np.shape(A) or not np.ndim(B):
                # numpy's power by a 0-d exponent, or one repeated along its inner loop, takes sqrt/square
                # shortcuts (sqrt(-inf) = nan, sqrt(-0.0) = -0.0); torch's tensor ** tensor is C's pow
                shape = np.broadcast_shapes(np.shape(A), np.shape(B))
                full = np.array(np.broadcast_to(B, shape)).reshape(-1)
                return np.power(np.broadcast_to(A, shape).reshape(-1), full).reshape(shape)
            return np.power(A, B)
        except ValueError:
            raise broadcast_error(np.shape(A), np.shape(B)) from None

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        ga = gb = None
        if ctx.should_compute(0):
            # where the exponent is 0 the derivative is 0 (torch masks the 0 * 0^-1 = nan)
            ga = where(b == 0, 0.0, grad * (b * a ** (b - 1)))  # torch's grouping
        if ctx.should_compute(1):
            # where self == 0 and exponent >= 0 the true derivative is 0, not nan: torch masks
            # result * log(self) there (so a second derivative through it is 0 * -inf = nan, as
            # torch's), log taken in the result's dtype
            result = ctx.result
            a_ = a if a._data.dtype == result._data.dtype else a.to(result.dtype)
            gb = grad * where((a == 0) & (b >= 0), 0.0, result * a_.log())
        return ga, gb


class PowBackward2(Node):
    __slots__ = ("base",)
    explain = "grad_exponent = grad * base^exponent * log(base)"
    saves_output = True
    checks = (check(lambda x: 2.0 ** x, (2, 3)),)

    def forward(ctx, exponent, base):
        ctx.base = base
        if isinstance(base, bool) and exponent._data.dtype.kind == "b":
            raise NotImplementedError("\"pow\" not implemented for 'Bool'")
        if base == 0:
            ctx.save_for_backward(exponent)
        A, E = binary_arrays(exponent, base)
        if A.dtype.kind in "iu" and (A < 0).any():
            # integer base ** negative integer exponent, as torch's powi: 1 stays 1, -1 alternates,
            # every other base gives 0 (0 ** -1 included)
            pos = np.power(E, np.maximum(A, 0)).astype(A.dtype)
            neg = np.where(E == 1, 1, np.where(E == -1, np.where(A % 2 == 0, 1, -1), 0)).astype(A.dtype)
            return np.where(A >= 0, pos, neg)
        return np.power(E, A)

    def backward(ctx, grad):
        base = ctx.base
        if base == 0:
            # torch: 0 where exponent >= 0, else result * log(0) = inf * -inf = -inf
            (exponent,) = ctx.saved_tensors
            return grad * where(exponent >= 0, 0.0, ctx.result * -math.inf)
        # log of a negative base is nan, as torch's gradient is there
        return grad * ctx.result * (math.log(base) if base > 0 else math.nan)


def _remainder(A, B):
    """torch's remainder: numpy's, except that a zero result keeps the sign C's fmod gives it (the
    dividend's), where numpy gives it the divisor's."""
    r = np.remainder(A, B)
    if r.dtype.kind == "f":
        r = np.where(r == 0, np.fmod(A, B), r)
    return r


def divides_by_zero(A, B):
    """Whether an integer kernel divides by zero: some divisor is 0 and the (broadcast) result is not
    empty (torch's kernel runs over the result's elements: an empty one raises nothing)."""
    return bool(np.size(B)) and not np.all(B) and all(np.broadcast_shapes(np.shape(A), np.shape(B)))


def _remainder1_forward(a, b):
    A, B = binary_arrays(a, b)
    try:  # torch broadcasts before it looks at the dtype or the values
        np.broadcast_shapes(np.shape(A), np.shape(B))
    except ValueError:
        raise broadcast_error(np.shape(A), np.shape(B)) from None
    if np.result_type(A, B).kind == "b":
        raise NotImplementedError("\"remainder_cpu\" not implemented for 'Bool'")
    if np.result_type(A, B).kind in "iub" and divides_by_zero(A, B):
        raise RuntimeError("ZeroDivisionError")  # integer modulus by zero, as torch
    try:
        return _remainder(A, B)
    except ValueError:
        raise broadcast_error(np.shape(A), np.shape(B)) from None


RemainderBackward0 = row(
    (), "RemainderBackward0", lambda a, other: _binary(_remainder, a, other), tensor=True, params=("other",),
    grad=lambda grad: grad, explain="grad_self = grad   (a mod c has slope 1 in a)", doc="",
    checks=(check(lambda x: x % 1.5, (2, 3), low=0.1, high=1.4),)).node
RemainderBackward1 = binary_row(
    (), "RemainderBackward1", _remainder1_forward, tensor=True,
    # torch's formula: a rounded division, whose own derivative is 0 (no nan where other is 0)
    grads=(lambda grad: grad, lambda grad, self, other: -grad * div(self, other, rounding_mode="floor")),
    explain="grad_self = grad;  grad_other = -grad * floor(self / other)", doc="",
    checks=(check(lambda x, y: x % y, (2, 3), (2, 3), low=1.0, high=1.9),)).node


def _is_bool(v):
    return isinstance(v, bool) or isinstance(v, Tensor) and v._data.dtype.kind == "b"


def _check_bool_sub(a, b):
    """torch refuses subtraction with bool operands (Python bools count as bool tensors)."""
    if a.__class__ is Tensor and a._data.dtype.kind == "f":
        c = b.__class__
        if c is float or c is int or c is Tensor and b._data.dtype.kind != "b":
            return  # the common case, decided without the general test
    ba, bb = _is_bool(a), _is_bool(b)
    if ba and bb:
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not supported. "
                           "Use the `^` or `logical_xor()` operator instead.")
    if ba or bb:
        raise RuntimeError("Subtraction, the `-` operator, with a bool tensor is not supported. If you are "
                           "trying to invert a mask, use the `~` or `logical_not()` operator instead.")


# -- public functions ---------------------------------------------------------

def _check_alpha(input, other, alpha, sub=False):
    """torch's alpha_check: a bool alpha needs a bool result, an integer result an integer alpha
    (checked after the shapes, and for sub after its bool check, as torch orders them)."""
    if alpha is True or alpha is False or isinstance(alpha, float):
        if sub:
            _check_bool_sub(input, other)  # (torch's sub_check comes before the broadcast)
        if isinstance(input, Tensor) and isinstance(other, Tensor):
            check_broadcast(input._data.shape, other._data.shape)
        kinds = {x._data.dtype.kind if isinstance(x, Tensor) else ("b" if isinstance(x, bool) else
                 "i" if isinstance(x, int) else "f") for x in (input, other)}
        result = "f" if "f" in kinds else ("i" if kinds & {"i", "u"} else "b")
        if isinstance(alpha, bool) and result != "b":
            raise RuntimeError("Boolean alpha only supported for Boolean results.")
        if isinstance(alpha, float) and result != "f":
            raise RuntimeError("For integral input tensors, argument alpha must not be a floating point number.")


def add(input, other, *, alpha=1):
    """``input + alpha * other``, broadcasting."""
    input, other = operand(input), operand(other)
    _check_alpha(input, other, alpha)
    if not isinstance(input, Tensor):
        if alpha != 1:
            return AddBackward0.apply(other * alpha, input)  # scalar + alpha * tensor
        input, other = other, input
    out = AddBackward0.apply(input, other, alpha=alpha)
    if input.__class__ is Tensor and input._extra is not None or other.__class__ is Tensor and other._extra is not None:
        return zero_tensor_rule(AddBackward0, out, input, other, {"alpha": alpha})
    return out


def sub(input, other, *, alpha=1):
    """``input - alpha * other``, broadcasting (``torch.sub(0, x)`` is SubBackward0; ``0 - x`` is rsub)."""
    input, other = operand(input), operand(other)
    _check_alpha(input, other, alpha, sub=True)
    out = SubBackward0.apply(input, other, alpha=alpha)
    if input.__class__ is Tensor and input._extra is not None or other.__class__ is Tensor and other._extra is not None:
        return zero_tensor_rule(SubBackward0, out, input, other, {"alpha": alpha})
    return out


def rsub(input, other, *, alpha=1):
    """``other - alpha * input``."""
    input, other = operand(input), operand(other)
    if isinstance(other, Tensor):
        return RsubBackward0.apply(input, other, alpha=alpha)
    return RsubBackward1.apply(input, other=other, alpha=alpha)


def mul(input, other):
    """Elementwise product, broadcasting."""
    input, other = operand(input), operand(other)
    if not isinstance(input, Tensor):
        input, other = other, input
    out = MulBackward0.apply(input, other)
    if input.__class__ is Tensor and input._extra is not None or other.__class__ is Tensor and other._extra is not None:
        return zero_tensor_rule(MulBackward0, out, input, other)
    return out


def div(input, other, *, rounding_mode=None):
    """Elementwise true division (``rounding_mode`` 'trunc' or 'floor' rounds the result).

    ``torch.div(2, x)`` wraps the number as a tensor (DivBackward0), unlike ``2 / x``
    (``rdiv``: reciprocal then multiply, as torch's ``__rtruediv__``)."""
    input, other = operand(input), operand(other)
    if rounding_mode is None:
        out = DivBackward0.apply(input, other)
        if (input.__class__ is Tensor and input._extra is not None
                or other.__class__ is Tensor and other._extra is not None):
            return zero_tensor_rule(DivBackward0, out, input, other)
        return out
    if rounding_mode not in ("floor", "trunc"):
        raise RuntimeError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
                           f"'{rounding_mode}'")
    return DivBackward2.apply(input, other, rounding_mode=rounding_mode)


def rdiv(self, other):
    """``other / self`` for a number ``other``: torch's ``__rtruediv__`` is ``self.reciprocal() * other``."""
    other = operand(other)
    if isinstance(other, Tensor):
        return DivBackward0.apply(other, self)
    return reciprocal(self) * other


class DivBackward2(Node):
    """Division rounded down or toward zero: piecewise constant, so its derivative is zero."""

    __slots__ = ()
    explain = "grad_self = 0;  grad_other = 0   (a rounded quotient is flat almost everywhere)"
    broadcasting = True
    checks = (check(lambda x, y: div(x, y, rounding_mode="floor") + x * y, (2, 3), (2, 3), low=0.6, high=1.9),)

    def forward(ctx, a, b, rounding_mode):
        A, B = binary_arrays(a, b)
        kind = np.result_type(A, B).kind
        if kind == "b":
            raise NotImplementedError(f"\"div_{rounding_mode}_cpu\" not implemented for 'Bool'")
        try:
            np.broadcast_shapes(np.shape(A), np.shape(B))
        except ValueError:
            raise broadcast_error(np.shape(A), np.shape(B)) from None
        if rounding_mode == "floor":
            if kind in "iu" and divides_by_zero(A, B):
                raise RuntimeError("ZeroDivisionError")
            return np.asarray(np.floor_divide(A, B))
        if kind != "f" and divides_by_zero(A, B):
            raise RuntimeError("ZeroDivisionError")
        return np.asarray(np.trunc(np.true_divide(A, B)) if kind == "f" else _int_trunc_div(A, B))

    def backward(ctx, grad):
        g = Tensor._wrap(np.zeros_like(grad._data))  # torch's zeros_like(grad): no history, no nan from nan * 0
        return (g if ctx.should_compute(0) else None), (g if ctx.should_compute(1) else None)


def _int_trunc_div(A, B):
    """(the caller has refused a division by zero)"""
    with np.errstate(divide="ignore"):
        q = np.abs(A) // np.abs(B)
    return np.where((A < 0) ^ (B < 0), -q, q)


def true_divide(input, other):
    return div(input, other)


def floor_divide(input, other):
    """Elementwise division rounded down (``//``); not differentiable, as in torch."""
    input, other = operand(input), operand(other)
    if not isinstance(input, Tensor):
        from ..creation import tensor
        input = tensor(input)
    A, B = binary_arrays(input, other)
    try:  # torch broadcasts before it looks at the dtype or the values
        np.broadcast_shapes(np.shape(A), np.shape(B))
    except ValueError:
        raise broadcast_error(np.shape(A), np.shape(B)) from None
    if np.result_type(A, B).kind == "b":
        raise NotImplementedError("\"div_floor_cpu\" not implemented for 'Bool'")
    # only an integer result divides by zero with an error (a bool with a float is a float division)
    if np.result_type(A, B).kind in "iub" and divides_by_zero(A, B):
        raise RuntimeError("ZeroDivisionError")
    try:
        r = np.floor_divide(A, B)
    except ValueError:
        raise broadcast_error(np.shape(A), np.shape(B)) from None
    # floor_divide(Tensor, Scalar) is an overload of one input (its NotImplemented node has one edge)
    refuse_duals("aten::floor_divide", input, other)
    return not_differentiable("floor_divide", Tensor._wrap(np.asarray(r)),
                              *((input, other) if isinstance(other, Tensor) else (input,)))


def remainder(input, other):
    """Python-style modulus (the result has the sign of ``other``)."""
    input, other = operand(input), operand(other)
    if not isinstance(input, Tensor):
        # remainder(Scalar, Tensor) has no derivative in torch (NotImplemented)
        from ..creation import tensor
        from ..grad_mode import no_grad
        with no_grad():
            r = RemainderBackward1.apply(tensor(input, dtype=None), other)
        return not_differentiable("remainder", r, other)
    if isinstance(other, Tensor):
        return RemainderBackward1.apply(input, other)
    if input._data.dtype.kind == "b" and isinstance(other, bool):
        raise NotImplementedError("\"remainder_cpu\" not implemented for 'Bool'")
    if input._data.dtype.kind in "iub" and other == 0 and not isinstance(other, float) and input._data.size:
        raise RuntimeError("ZeroDivisionError")
    return RemainderBackward0.apply(input, other=other)


def neg(input):
    """``-input``."""
    return NegBackward0.apply(input)


negative = neg


def pow(input, exponent):
    """``input ** exponent`` (either may be a scalar)."""
    input, exponent = operand(input), operand(exponent)
    if not isinstance(input, Tensor):
        return PowBackward2.apply(exponent, base=input)
    if isinstance(exponent, Tensor):
        return PowBackward1.apply(input, exponent)
    return PowBackward0.apply(input, exponent=exponent)


def square(input):
    """``input ** 2``."""
    return PowBackward0.apply(input, exponent=2)


def reciprocal(input):
    from .unary import reciprocal as _r
    return _r(input)


def where(condition, input, other):
    from .masked import where as _w
    return _w(condition, input, other)
