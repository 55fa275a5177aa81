"""The arithmetic of the optimizers, on numpy arrays, rounded as torch's CPU kernels round it.

Each function is one torch tensor op of the single-tensor (``foreach=False``)
optimizer code, so an update written with them follows torch's order of
floating-point operations: ``add_scaled(A, B, a)`` is ``A.add(B, alpha=a)`` (a fused
multiply-add), ``scale(A, s)`` is ``A.mul(s)``, ``addcmul``/``addcdiv``/``lerp`` are
the engine's ops of those names. A Python number meeting a float32 array is rounded
to float32 first, as torch does with a scalar operand.
"""

import numpy as np

from ..ops.fma import fma
from ..ops.ternary import addcdiv_arrays as addcdiv  # noqa: F401
from ..ops.ternary import addcmul_arrays as addcmul  # noqa: F401
from ..ops.ternary import lerp_arrays as lerp  # noqa: F401


def add_scaled(A, B, alpha, out=None):
    """``A + alpha * B`` (torch's ``A.add(B, alpha=alpha)``), into ``out`` if given."""
    if alpha == 1:
        return np.add(A, B, out=out) if out is not None else A + B
    return fma(B, np.asarray(alpha, A.dtype), A, out=out)


def scale(A, s, out=None):
    """``A * s`` with ``s`` rounded to ``A``'s dtype."""
    return np.multiply(A, A.dtype.type(s), out=out)


def div_scalar(A, s, out=None):
    """``A / s`` with ``s`` rounded to ``A``'s dtype."""
    return np.divide(A, A.dtype.type(s), out=out)


def add_scalar(A, s, out=None):
    """``A + s`` with ``s`` rounded to ``A``'s dtype."""
    return np.add(A, A.dtype.type(s), out=out)


def sqrt(A):
    """Square root, correctly rounded (IEEE).

    torch 2.13's CPU sqrt kernel is not: on the reference machine about 18% of float32
    results (1% of float64) differ from the correctly rounded root by one ulp. That is
    the one operation of the optimizers whose rounding is not reproduced; every other
    step of Adam, RMSprop, Adagrad, ... matches torch bit for bit (the golden generator
    checks this by substituting torch's sqrt here).
    """
    return np.sqrt(A)
