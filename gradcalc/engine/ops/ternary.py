"""Elementwise ops of three tensors that optimizers are written in: addcmul, addcdiv, lerp.

Each computes in the order (and with the fused multiply-adds) of torch's CPU kernel,
so an optimizer step built from them matches torch's to the last bit:
``addcmul``: fma(value·t1, t2, self); ``addcdiv``: self + (value·t1) / t2 (two
roundings); ``lerp``: fma(w, end − self, self) when |w| < 0.5, else
fma(w − 1, end − self, end). A Python scalar is first rounded to the tensors' dtype,
as torch does. The ``*_arrays`` functions are the same arithmetic on numpy arrays.
"""

import numpy as np

from .. import dtypes as _dt
from ..node import Node
from ..tensor import Tensor
from .checks import check
from .fma import fma
from .support import as_tensor, broadcast_error


def _dtype(*arrays):
    return np.result_type(*arrays)


def addcmul_arrays(S, T1, T2, value=1, out=None):
    """``S + value * T1 * T2`` as torch's kernel rounds it (into ``out`` if given)."""
    dt = _dtype(S, T1, T2)
    if dt.kind == "f" and dt.itemsize >= 4:
        return fma(np.multiply(np.asarray(value, dt), T1, dtype=dt), T2, S, out=out)
    if dt.kind == "f":  # float16: torch computes in float32 and rounds once
        return addcmul_arrays(S.astype(np.float32), T1.astype(np.float32), T2.astype(np.float32), value).astype(dt)
    return (S + np.asarray(value).astype(dt) * T1 * T2).astype(dt, copy=False)


def addcdiv_arrays(S, T1, T2, value=1, out=None):
    """``S + value * T1 / T2`` as torch's kernel rounds it (into ``out`` if given)."""
    dt = _dtype(S, T1, T2)
    if dt.kind == "f" and dt.itemsize >= 4:
        q = np.multiply(np.asarray(value, dt), T1, dtype=dt)
        np.divide(q, T2, out=q)
        return np.add(S, q, out=out) if out is not None else S + q
    return (S.astype(np.float32) + np.float32(value) * T1.astype(np.float32) / T2.astype(np.float32)).astype(dt)


def lerp_arrays(S, E, W, out=None):
    """``S + W * (E - S)`` as torch's kernel rounds it (W a number or an array; into ``out`` if given)."""
    dt = _dtype(S, E)
    if dt.itemsize < 4:
        return lerp_arrays(S.astype(np.float32), E.astype(np.float32),
                           W.astype(np.float32) if isinstance(W, np.ndarray) else W).astype(dt)
    W = np.asarray(W, dt)
    D = E - S
    if W.ndim == 0:
        w = W[()]
        if abs(w) < 0.5:
            return fma(W, D, S, out=out)
        return fma(W - dt.type(1), D, np.broadcast_to(E, D.shape), out=out)
    small = np.abs(W) < 0.5
    coeff = np.where(small, W, W - dt.type(1))
    base = np.where(small, S, E)
    return fma(coeff, D, base, out=out)


def _check_float(name, *tensors):
    """torch refuses addcdiv when both tensor1 and tensor2 are integral (bool included)."""
    if name == "addcdiv" and all(t._data.dtype.kind in "iub" for t in tensors):
        raise RuntimeError(
            "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will "
            "perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be "
            "implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer "
            "inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv "
            "behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all "
            "dtypes.")


def _arrays(*tensors):
    arrays = [t._data for t in tensors]
    dt = _dt.result_type(tensors[0], tensors[1])
    for t in tensors[2:]:
        dt = _dt.promote_types(dt, t.dtype)
    npdt = dt.np
    arrays = [a.astype(npdt, copy=False) for a in arrays]
    try:
        shape = np.broadcast_shapes(*[a.shape for a in arrays])
    except ValueError:
        raise broadcast_error(arrays[0].shape, arrays[1].shape) from None
    return [np.broadcast_to(a, shape) for a in arrays]


class AddcmulBackward0(Node):
    __slots__ = ("value",)
    explain = "grad_self = grad;  grad_tensor1 = grad * tensor2 * value;  grad_tensor2 = grad * tensor1 * value"
    broadcasting = True
    checks = (check(lambda s, a, b: addcmul(s, a, b, value=0.5), (2, 3), (2, 3), (2, 3)),
              check(lambda s, a, b: addcmul(s, a, b), (2, 3), (3,), (2, 1), label="broadcast"))

    def forward(ctx, s, t1, t2, *, value=1):
        ctx.value = value
        ctx.save_for_backward(t1, t2)
        S, A, B = _arrays(s, t1, t2)
        return addcmul_arrays(S, A, B, value)

    def backward(ctx, grad):
        t1, t2 = ctx.saved_tensors
        g1 = grad * t2 * ctx.value if ctx.should_compute(1) else None
        g2 = grad * t1 * ctx.value if ctx.should_compute(2) else None
        return grad, g1, g2


class AddcdivBackward0(Node):
    __slots__ = ("value",)
    explain = ("grad_self = grad;  grad_tensor1 = grad * value / tensor2;  "
               "grad_tensor2 = -grad * value * tensor1 / tensor2²")
    broadcasting = True
    checks = (check(lambda s, a, b: addcdiv(s, a, b.abs() + 0.5, value=0.5), (2, 3), (2, 3), (2, 3)),
              check(lambda s, a, b: addcdiv(s, a, b * b + 1.0), (2, 3), (3,), (2, 1), label="broadcast"))

    def forward(ctx, s, t1, t2, *, value=1):
        ctx.value = value
        ctx.save_for_backward(t1, t2)
        S, A, B = _arrays(s, t1, t2)
        return addcdiv_arrays(S, A, B, value)

    def backward(ctx, grad):
        t1, t2 = ctx.saved_tensors
        g1 = grad * ctx.value / t2 if ctx.should_compute(1) else None
        g2 = -grad * ctx.value * t1 / (t2 * t2) if ctx.should_compute(2) else None
        return grad, g1, g2


class LerpBackward0(Node):
    __slots__ = ("weight",)
    explain = "grad_self = grad * (1 - weight);  grad_end = grad * weight"
    broadcasting = True
    checks = (check(lambda s, e: lerp(s, e, 0.25), (2, 3), (2, 3)),
              check(lambda s, e: lerp(s, e, 0.75), (2, 3), (3,), label="large weight, broadcast"))

    def forward(ctx, s, end, *, weight):
        ctx.weight = weight
        S, E = _arrays(s, end)
        return lerp_arrays(S, E, weight)

    def backward(ctx, grad):
        w = ctx.weight
        return grad * (1 - w), grad * w


class LerpBackward1(Node):
    explain = "grad_self = grad * (1 - weight);  grad_end = grad * weight;  grad_weight = grad * (end - self)"
    broadcasting = True
    checks = (check(lambda s, e, w: lerp(s, e, w), (2, 3), (2, 3), (2, 3)),
              check(lambda s, e, w: lerp(s, e, w), (2, 3), (3,), (2, 1), label="broadcast"))

    def forward(ctx, s, end, weight):
        ctx.save_for_backward(s, end, weight)
        S, E, W = _arrays(s, end, weight)
        return lerp_arrays(S, E, W)

    def backward(ctx, grad):
        s, end, w = ctx.saved_tensors
        gs = grad * (1 - w) if ctx.should_compute(0) else None
        ge = grad * w if ctx.should_compute(1) else None
        gw = grad * (end - s) if ctx.should_compute(2) else None
        return gs, ge, gw


def addcmul(input, tensor1, tensor2, *, value=1):
    """``input + value * tensor1 * tensor2``, elementwise."""
    return AddcmulBackward0.apply(as_tensor(input), as_tensor(tensor1), as_tensor(tensor2), value=value)


def addcdiv(input, tensor1, tensor2, *, value=1):
    """``input + value * tensor1 / tensor2``, elementwise."""
    input, tensor1, tensor2 = as_tensor(input), as_tensor(tensor1), as_tensor(tensor2)
    _check_float("addcdiv", tensor1, tensor2)
    return AddcdivBackward0.apply(input, tensor1, tensor2, value=value)


def lerp(input, end, weight):
    """Linear interpolation ``input + weight * (end - input)``."""
    input, end = as_tensor(input), as_tensor(end)
    if input.dtype is not end.dtype:
        raise RuntimeError(f"expected dtype {input.dtype} for `end` but got dtype {end.dtype}")
    if isinstance(weight, Tensor):
        return LerpBackward1.apply(input, end, weight)
    return LerpBackward0.apply(input, end, weight=weight)
