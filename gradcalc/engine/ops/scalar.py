"""Arithmetic with a C++ ``Scalar`` operand, as torch's composite functions record it.

``x * 2`` typed in Python wraps the 2 as a tensor (``MulBackward0``); torch's own
C++ code (cross_entropy's label smoothing, its probability-target mean) multiplies
by a Scalar, which records ``MulBackward1`` / ``DivBackward1`` / ``AddBackward1``.
The losses composed here use these so their graphs carry torch's names.
"""

import numpy as np

from ..node import Node
from .checks import check
from .support import binary_arrays


class MulBackward1(Node):
    __slots__ = ("other",)
    explain = "grad_self = grad * other   (other is a number)"
    checks = (check(lambda x: mul_scalar(x, 2.5), (2, 3)),)

    def forward(ctx, a, other):
        ctx.other = other
        A, B = binary_arrays(a, other)
        return np.multiply(A, B)

    def backward(ctx, grad):
        return mul_scalar(grad, ctx.other)


class DivBackward1(Node):
    __slots__ = ("other",)
    explain = "grad_self = grad / other   (other is a number)"
    checks = (check(lambda x: div_scalar(x, 4.0), (2, 3)),)

    def forward(ctx, a, other):
        ctx.other = other
        A, B = binary_arrays(a, other, true_divide=True)
        return np.true_divide(A, B)

    def backward(ctx, grad):
        return div_scalar(grad, ctx.other)


class AddBackward1(Node):
    explain = "grad_self = grad   (adding a number)"
    checks = (check(lambda x: add_scalar(x, 0.5) * x, (2, 3)),)

    def forward(ctx, a, other):
        A, B = binary_arrays(a, other)
        return np.add(A, B)

    def backward(ctx, grad):
        return grad


def mul_scalar(input, other):
    """``input * other`` recorded as torch's C++ code records it (MulBackward1)."""
    return MulBackward1.apply(input, other=other)


def div_scalar(input, other):
    """``input / other`` recorded as torch's C++ code records it (DivBackward1)."""
    return DivBackward1.apply(input, other=other)


def add_scalar(input, other):
    """``input + other`` recorded as torch's C++ code records it (AddBackward1)."""
    return AddBackward1.apply(input, other=other)
