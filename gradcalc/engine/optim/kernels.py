"""The arithmetic of the optimizers, on numpy arrays, rounded as torch's CPU kernels round it.

Each function is one torch tensor op of the single-tensor (``foreach=False``)
optimizer code, so an update written with them follows torch's order of
floating-point operations: ``add_scaled(A, B, a)`` is ``A.add(B, alpha=a)`` (a fused
multiply-add), ``scale(A, s)`` is ``A.mul(s)``, ``addcmul``/``addcdiv``/``lerp`` are
the engine's ops of those names. A Python number meeting a float32 array is rounded
to float32 first, as torch does with a scalar operand.
"""

import numpy as np

from ..bf16 import is_bf16, round_bits, to_bf16
from ..ops.bf16_kernels import add_scaled_bf16
from ..ops.fma import _HALF29, _LOW29, _work, fma
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


# -- several tensors at once (torch's foreach kernels do the same: one pass over many tensors) --
#
# A step updates every parameter with the same formula. Done tensor by tensor, each fused
# multiply-add pays ~10 µs of Python and numpy call overhead; for float32 the exact
# emulation (fma.py: widen to float64, multiply, add, look for float32 midpoints, round)
# can instead run once over all the tensors laid end to end in one float64 work array.
# Every element is computed exactly as ``fma`` computes it, so the results are bit-identical.

_F32 = np.dtype(np.float32)


def _flat64(arrays, slot):
    n = 0
    for a in arrays:
        n += a.size
    w = _work(n, np.float64, slot)
    np.concatenate([a.reshape(-1) for a in arrays], out=w)  # widened exactly
    return w


def fma_each(As, k, Cs, outs):
    """``outs[i] = As[i] * k + Cs[i]`` rounded once, for each i (float arrays of one dtype,
    ``As[i]`` and ``Cs[i]`` of one shape). ``k`` is a number (rounded to their dtype first, as
    torch rounds a scalar operand) or a list of arrays ``k[i]`` shaped as ``As[i]``; an
    ``outs[i]`` may be its ``Cs[i]``."""
    if not As:
        return
    dt = Cs[0].dtype
    per = isinstance(k, list)
    if (dt != _F32 or len(As) == 1 or any(a.dtype != dt or a.shape != c.shape for a, c in zip(As, Cs))
            or any(c.dtype != dt for c in Cs) or (per and any(b.dtype != dt or b.shape != a.shape
                                                              for a, b in zip(As, k)))):
        ks = k if per else [np.asarray(k, dt)] * len(As)
        for a, b, c, o in zip(As, ks, Cs, outs):
            fma(a, b, c, out=o)
        return
    # (work slots of their own: fma's correction below uses slot 0 of the same sizes)
    s = _flat64(As, 2)
    if per:
        np.multiply(s, _flat64(k, 3), out=s)  # exact: 24 + 24 bits fit in 53
    else:
        np.multiply(s, np.float64(np.float32(k)), out=s)
    np.add(s, _flat64(Cs, 3), out=s)
    n = s.size
    bits = _work(n, np.uint64, 2)
    np.bitwise_and(s.view(np.uint64), _LOW29, out=bits)
    tie = _work(n, np.bool_, 2)
    np.equal(bits, _HALF29, out=tie)
    ties = tie.any()
    kk = None if per else np.asarray(k, dt)
    o = 0
    for i, (a, c, out) in enumerate(zip(As, Cs, outs)):
        m = a.size
        if ties and tie[o:o + m].any():  # a float32 midpoint (rare): fma.py's exact correction
            fma(a, k[i] if per else kk, c, out=out)
        else:
            np.copyto(out, s[o:o + m].reshape(out.shape), casting="same_kind")
        o += m


def addcmul_each(Ss, T1s, T2s, value):
    """``Ss[i] += value * T1s[i] * T2s[i]`` in place, as ``addcmul`` rounds it (value·T1 first)."""
    if not Ss:
        return
    dt = Ss[0].dtype
    if dt.kind != "f" or dt.itemsize < 4:
        for S, t1, t2 in zip(Ss, T1s, T2s):
            addcmul(S, t1, t2, value, out=S)
        return
    v = np.asarray(value, dt)
    fma_each([np.multiply(v, t1, dtype=dt) for t1 in T1s], list(T2s), Ss, Ss)


def lerp_each(Ss, Es, w):
    """``Ss[i] += w * (Es[i] - Ss[i])`` in place (a number ``w``), as ``lerp`` rounds it."""
    if not Ss:
        return
    dt = Ss[0].dtype
    if dt != _F32:
        for S, E in zip(Ss, Es):
            lerp(S, E, w, out=S)
        return
    W = np.float32(w)
    Ds = [E - S for S, E in zip(Ss, Es)]
    if abs(W) < 0.5:
        fma_each(Ds, W, Ss, Ss)
    else:
        fma_each(Ds, W - np.float32(1), [np.broadcast_to(E, D.shape) for E, D in zip(Es, Ds)], Ss)


def add_scaled_each(As, Bs, alpha):
    """``As[i] += alpha * Bs[i]`` for each i (torch's ``A.add_(B, alpha=alpha)``), in place."""
    if alpha == 1:
        for a, b in zip(As, Bs):
            np.add(a, b, out=a)
        return
    fma_each(Bs, alpha, As, As)


# -- bfloat16 parameters --------------------------------------------------------------------------
# A bfloat16 array is float32 storage tagged bfloat16 (bf16.py). torch's kernels compute a
# bfloat16 op in float32 ("opmath", scalars read as float32) and round its result once: each
# function above computes the float32 result; these wrappers round what it wrote. Only ``add``
# with a number reads the number as bfloat16 (torch casts it to the tensor's dtype first).

def _round_in_place(arrs):
    for a in arrs:
        if isinstance(a, np.ndarray) and is_bf16(a):
            a[...] = round_bits(a)


def _rounds(fn, outputs):
    def wrapped(*args, **kw):
        r = fn(*args, **kw)
        if r is not None and isinstance(r, np.ndarray) and is_bf16(r):
            r = round_bits(r)
        _round_in_place(outputs(args, kw, r))
        return r
    wrapped.__name__, wrapped.__doc__ = fn.__name__, fn.__doc__
    return wrapped


def _add_scalar_bf16(fn):
    def wrapped(A, s, out=None):
        if is_bf16(A):
            s = float(to_bf16(np.float64(s)))
        return fn(A, s, out=out)
    wrapped.__name__, wrapped.__doc__ = fn.__name__, fn.__doc__
    return wrapped


def _out(args, kw, r):
    return (kw.get("out"),) if kw.get("out") is not None and kw.get("out") is not r else ()


def _add_scaled_dispatch(fn):
    def wrapped(A, B, alpha, out=None):
        if alpha != 1 and is_bf16(np.asarray(A)):
            return add_scaled_bf16(A, B, alpha, out=out)
        return fn(A, B, alpha, out=out)
    wrapped.__name__, wrapped.__doc__ = fn.__name__, fn.__doc__
    return wrapped


def _add_scaled_each_dispatch(fn):
    def wrapped(As, Bs, alpha):
        if As and alpha != 1 and is_bf16(As[0]):
            for a, b in zip(As, Bs):
                add_scaled_bf16(a, b, alpha, out=a)
            return
        return fn(As, Bs, alpha)
    wrapped.__name__, wrapped.__doc__ = fn.__name__, fn.__doc__
    return wrapped


add_scaled = _add_scaled_dispatch(_rounds(add_scaled, _out))
scale = _rounds(scale, _out)
div_scalar = _rounds(div_scalar, _out)
add_scalar = _add_scalar_bf16(_rounds(add_scalar, _out))
sqrt = _rounds(sqrt, _out)
addcmul = _rounds(addcmul, _out)
addcdiv = _rounds(addcdiv, _out)
lerp = _rounds(lerp, _out)
fma_each = _rounds(fma_each, lambda args, kw, r: args[3])
addcmul_each = _rounds(addcmul_each, lambda args, kw, r: args[0])
lerp_each = _rounds(lerp_each, lambda args, kw, r: args[0])
add_scaled_each = _add_scaled_each_dispatch(_rounds(add_scaled_each, lambda args, kw, r: args[0]))
