"""Pointwise math of two tensors beyond arithmetic, one row each (``table.binary_row``):
atan2 hypot fmod copysign logaddexp logaddexp2 xlogy fmax fmin ldexp, and float_power
heaviside nextafter.

Operands broadcast and promote as in torch (``support.binary_apply``); the functions
that are only defined on floats give the default float dtype for integer operands.
The engine sums each gradient back to its input's shape.
"""

import functools

import numpy as np

from .. import bf16

from .. import dtypes as _dt
from ..node import Node
from ..tensor import Tensor
from . import arithmetic as _arith
from .checks import check
from .forward_refusals import refuse_duals
from .masked import where
from .support import binary_apply, binary_arrays, check_broadcast
from .table import ROWS, ZERO, binary_row, row


def _self_on_tie(result, a):
    """fmax/fmin keep self's zero where the operands are equal (numpy: the other's)."""
    result = np.asarray(result)
    return np.where(result == a, a, result).astype(result.dtype, copy=False)


def _atan2_recip(self, other):
    """1 / (self² + other²), 0 where that is inf (torch's atan2_backward: no nan at the origin)."""
    recip = (self * self + other * other).reciprocal()
    return recip.masked_fill(recip.isinf(), 0.0)


def _xlogy(x, y):
    with np.errstate(all="ignore"):
        out = x * np.log(y)
    return np.where((x == 0) & ~np.isnan(y), 0.0, out).astype(out.dtype)


def _copysign_ratio(self, result):
    """sign(self)·sign(result) as result / self, 0 where self = 0 (torch's copysign_tensor_self_backward:
    the division is taken everywhere, then masked, so a nan or inf quotient elsewhere stays)."""
    return (result / self).masked_fill(self == 0, 0.0)


atan2 = arctan2 = binary_row(
    "atan2 arctan2", "Atan2Backward0", np.arctan2,
    grads=(lambda grad, self, other: grad * other * _atan2_recip(self, other),
           lambda grad, self, other: grad * -self * _atan2_recip(self, other)),
    explain="grad_self = grad · other / (self² + other²);  grad_other = -grad · self / (self² + other²)",
    doc="atan(input / other) in the right quadrant, elementwise.",
    checks=(check(lambda y, x: y.atan2(x), (2, 3), (2, 3), low=0.5, high=2.0),
            check(lambda y, x: atan2(y, x), (2, 3), (3,), low=0.5, high=2.0, label="broadcast"))).function
hypot = binary_row(
    "hypot", "HypotBackward0", np.hypot,
    grads=(lambda grad, self, result: grad * self / result, lambda grad, other, result: grad * other / result),
    explain="grad_self = grad · self / result;  grad_other = grad · other / result",
    doc="√(input² + other²), elementwise.",
    checks=(check(lambda x, y: x.hypot(y), (2, 3), (2, 3), low=0.5, high=2.0),)).function
logaddexp = binary_row(
    "logaddexp", "LogaddexpBackward0", np.logaddexp,
    grads=(lambda grad, self, other: grad / ((other - self).exp() + 1),
           lambda grad, self, other: grad / ((self - other).exp() + 1)),
    explain="grad_self = grad / (1 + e^(other - self));  grad_other = grad / (1 + e^(self - other))",
    doc="log(eˣ + eʸ), computed without overflow.",
    checks=(check(lambda x, y: x.logaddexp(y), (2, 3), (2, 3)),)).function
logaddexp2 = binary_row(
    "logaddexp2", "Logaddexp2Backward0", np.logaddexp2,
    grads=(lambda grad, self, other: grad / ((other - self).exp2() + 1),
           lambda grad, self, other: grad / ((self - other).exp2() + 1)),
    explain="grad_self = grad / (1 + 2^(other - self));  grad_other = grad / (1 + 2^(self - other))",
    doc="log₂(2ˣ + 2ʸ).", checks=(check(lambda x, y: x.logaddexp2(y), (2, 3), (2, 3)),)).function
fmax = binary_row(
    "fmax", "FmaxBackward0", lambda A, B: _self_on_tie(np.fmax(A, B), A), promote=False,
    grads=(lambda grad, self, other: where((self >= other) | other.isnan(), grad, 0.0),
           lambda grad, self, other: where((self >= other) | other.isnan(), 0.0, grad)),
    explain="grad_self = grad where self ≥ other or other is nan;  grad_other = grad elsewhere",
    doc="The elementwise maximum, ignoring nan where the other value is a number.",
    checks=(check(lambda x, y: x.fmax(y), (2, 3), (2, 3)),)).function
fmin = binary_row(
    "fmin", "FminBackward0", lambda A, B: _self_on_tie(np.fmin(A, B), A), promote=False,
    grads=(lambda grad, self, other: where((self <= other) | other.isnan(), grad, 0.0),
           lambda grad, self, other: where((self <= other) | other.isnan(), 0.0, grad)),
    explain="grad_self = grad where self ≤ other or other is nan;  grad_other = grad elsewhere",
    doc="The elementwise minimum, ignoring nan where the other value is a number.",
    checks=(check(lambda x, y: x.fmin(y), (2, 3), (2, 3)),)).function
ldexp = binary_row(
    "ldexp", "LdexpBackward0", lambda A, B: A * np.exp2(B),
    grads=(lambda grad, other: grad * other.exp2(), None),
    explain="grad_self = grad · 2^other   (other is an exponent: no gradient)", doc="input · 2^other.",
    checks=(check(lambda x: ldexp(x, Tensor._wrap(np.asarray([1, -1, 2], np.int64))), (2, 3)),)).function


def _tensor_self(name, input, other):
    """torch has no overload of ``name`` with a number first."""
    if not isinstance(input, Tensor):
        raise TypeError(f"{name}() received an invalid combination of arguments - got ({type(input).__name__}, "
                        f"{type(other).__name__}), but expected one of:\n"
                        f" * (Tensor input, Tensor other, *, Tensor out = None)\n"
                        f" * (Tensor input, Number other, *, Tensor out = None)\n")


def fmod(input, other):
    """The C remainder: the result has the sign of ``input``."""
    _tensor_self("fmod", input, other)
    if input._data.dtype.kind == "b" and (isinstance(other, bool) or
                                          isinstance(other, Tensor) and other._data.dtype.kind == "b"):
        if isinstance(other, Tensor):  # torch broadcasts before it looks for a bool kernel
            check_broadcast(input._data.shape, other._data.shape)
        raise NotImplementedError("\"fmod_cpu\" not implemented for 'Bool'")
    if isinstance(other, Tensor):
        if input._data.dtype.kind in "iub" and other._data.dtype.kind in "iub":
            from .arithmetic import divides_by_zero
            check_broadcast(input._data.shape, other._data.shape)  # torch broadcasts before it divides
            if divides_by_zero(input._data, other._data):
                raise RuntimeError("ZeroDivisionError")
        return _FMOD_TENSOR.node.apply(input, other)
    if input._data.dtype.kind in "iu" and other == 0 and not isinstance(other, float) and input._data.size:
        raise RuntimeError("ZeroDivisionError")
    return _FMOD.node.apply(input, other=other)


_FMOD = row("fmod", "FmodBackward0", lambda a, other: binary_apply(np.fmod, a, other, floating=False), tensor=True,
            params=("other",), function=fmod, grad=lambda grad: grad, doc=fmod.__doc__,
            explain="grad_self = grad   (fmod(x, c) = x - trunc(x/c)·c, flat in c where defined)",
            checks=(check(lambda x: x.fmod(1.5), (2, 3), low=0.1, high=1.4),))
_FMOD_TENSOR = binary_row((), "FmodBackward1", np.fmod, promote=False, doc="",
                          grads=(lambda grad: grad, lambda grad, self, other: -grad * _arith.div(self, other, rounding_mode="trunc")),
                          explain="grad_self = grad;  grad_other = -grad · trunc(self / other)",
                          checks=(check(lambda x, y: x.fmod(y), (2, 3), (2, 3), low=0.5, high=1.9),))


def copysign(input, other):
    """|input| with the sign of ``other``."""
    _tensor_self("copysign", input, other)
    if isinstance(other, Tensor):
        return _COPYSIGN_TENSOR.node.apply(input, other)
    return _COPYSIGN.node.apply(input, other=other)


_COPYSIGN = row("copysign", "CopysignBackward1", lambda a, other: binary_apply(np.copysign, a, other), tensor=True,
                params=("other",), function=copysign, doc=copysign.__doc__,
                grad=lambda grad, self, result: grad * _copysign_ratio(self, result),
                explain="grad_self = grad · sign(self)·sign(result) (0 where self = 0)",
                checks=(check(lambda x: x.copysign(-1.0), (2, 3)),))
_COPYSIGN_TENSOR = binary_row(
    (), "CopysignBackward0", np.copysign, doc="",
    grads=(lambda grad, self, result: grad * _copysign_ratio(self, result), ZERO),
    explain="grad_self = grad · sign(self)·sign(result) (0 where self = 0);  other gets no gradient",
    checks=(check(lambda x, y: x.copysign(y), (2, 3), (2, 3)),))


def xlogy(input, other):
    """input · log(other), 0 where input is 0 (unless other is nan)."""
    if not isinstance(input, Tensor):
        return XlogyBackward1.apply(other, self_value=float(input))
    if not isinstance(other, Tensor):
        return _XLOGY_NUMBER.node.apply(input, other=float(other))
    return _XLOGY.node.apply(input, other)


def _xlogy_number_grad(grad, self, other):
    # torch: at::xlogy(grad, other), so a zero gradient gives 0 even where log(other) is inf or nan
    return where((self == 0) & (other <= 0), 0.0, xlogy(grad, other))


# as torch: grad_self is xlogy(grad, other), zeroed only where self = 0 and other <= 0
_XLOGY = binary_row((), "XlogyBackward0", _xlogy, doc="", function=xlogy,
                    grads=(lambda grad, self, other: where((self == 0) & (other <= 0), 0.0, xlogy(grad, other)),
                           lambda grad, self, other: grad * self / other),
                    explain="grad_self = grad · log(other) (0 where self = 0 and other is not nan);  "
                            "grad_other = grad · self / other",
                    checks=(check(lambda x, y: x.xlogy(y), (2, 3), (2, 3), low=0.3, high=2.0),))
_XLOGY_NUMBER = row((), "XlogyBackward2", lambda a, other: binary_apply(_xlogy, a, other), tensor=True,
                    params=("other",), grad=_xlogy_number_grad, doc="",
                    explain="grad_self = grad · log(other) (0 where self = 0 and other <= 0)",
                    checks=(check(lambda x: xlogy(x, 2.5), (2, 3)),))


class XlogyBackward1(Node):
    """xlogy with a plain number as ``self``: the tensor is ``other``."""
    __slots__ = ("self_value",)
    explain = "grad_other = grad · self / other"
    checks = (check(lambda y: xlogy(2.0, y), (2, 3), low=0.3, high=2.0),)

    def forward(ctx, b, *, self_value):
        ctx.self_value = self_value
        ctx.save_for_backward(b)
        return binary_apply(_xlogy, self_value, b)

    def backward(ctx, grad):
        (b,) = ctx.saved_tensors
        return grad * ctx.self_value / b


# -- without a gradient of their own ----------------------------------------------------------

def float_power(input, exponent):
    """input ** exponent computed in float64."""
    from .arithmetic import pow as _pow
    base = input.to(_dt.float64) if isinstance(input, Tensor) else input
    exp = exponent.to(_dt.float64) if isinstance(exponent, Tensor) else exponent
    return _pow(base, exp)


def heaviside(input, values):
    """0 where input < 0, ``values`` where input == 0, 1 where input > 0 (not differentiable)."""
    refuse_duals("aten::heaviside", input, values)
    if input.dtype is not values.dtype:
        raise RuntimeError("heaviside is not yet implemented for tensors with different dtypes")
    d, v = input._data, values._data
    out = np.where(d == 0, v, (d > 0).astype(d.dtype))
    return Tensor._wrap(np.asarray(out, dtype=np.result_type(d, v)).view(d.dtype))  # (keeps bfloat16's tag)


def nextafter(input, other):
    """The next floating-point value after ``input`` towards ``other``."""
    A, B = binary_arrays(input, other)
    return Tensor._wrap(bf16.nextafter(A, B) if bf16.is_bf16(np.asarray(A)) else np.asarray(np.nextafter(A, B)))


_FLOAT_KERNELS = ("hypot", "logaddexp", "logaddexp2")


def _tensor_only(r):
    """torch has no number overload of these (``torch.fmax(x, 2)`` is a TypeError): the row's function
    refuses a number ``other`` in torch's words."""
    fn = r.function

    @functools.wraps(fn)
    def function(input, other):
        if not isinstance(input, Tensor):
            raise TypeError(f"{r.names[0]}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
        if not isinstance(other, Tensor):
            raise TypeError(f"{r.names[0]}(): argument 'other' (position 2) must be Tensor, not {type(other).__name__}")
        if r.names[0] in _FLOAT_KERNELS:  # no integer or bool kernel (atan2 promotes instead)
            check_broadcast(input._data.shape, other._data.shape)  # torch broadcasts before the dtype's kernel
            dt = _dt.result_type(input, other)
            if dt.category != _dt._FLOAT:
                from .support import type_word
                raise NotImplementedError(f"\"{r.names[0]}_cpu\" not implemented for '{type_word(np.empty(0, dt.np))}'")
        return fn(input, other)
    r.function = function
    return function


for _r in ROWS:
    if _r.names and _r.names[0] in ("atan2", "hypot", "logaddexp", "logaddexp2", "fmax", "fmin", "ldexp"):
        globals()[_r.names[0]] = _tensor_only(_r)

EXPORTS = "xlogy float_power heaviside nextafter".split()
