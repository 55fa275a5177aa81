"""Fused multiply-add ``a * b + c`` rounded once, as torch's CPU kernels compute it.

torch's vectorised kernels for ``add(x, y, alpha=)``, ``lerp`` and ``addcmul`` use the
processor's FMA instruction (``vec::fmadd``), which rounds ``a * b + c`` once instead
of twice; an optimizer step made of them differs from the two-rounding result in the
last bit of a good share of the elements, and the difference grows step by step.
numpy has no fused multiply-add, so it is rebuilt here from exact arithmetic:

* float32: the product of two float32 is exact in float64, and so is the final
  rounding to float32 except when the float64 sum lies exactly halfway between two
  float32 (double rounding); those rare elements are corrected with the sum's exact
  error.
* float64: the product is split exactly (Dekker's TwoProduct), the three parts are
  added with TwoSum and a round-to-odd step, which gives the correctly rounded
  result (Boldo & Melquiond, "Emulation of FMA and correctly rounded sums", 2008).

Other dtypes fall back to ``a * b + c`` (torch computes float16 in float32 anyway).
"""

import numpy as np

_SPLIT = 134217729.0  # 2**27 + 1, Veltkamp's constant for float64
_LOW29 = np.uint64(0x1FFFFFFF)  # the float64 mantissa bits below float32's
_HALF29 = np.uint64(0x10000000)


def fma(a, b, c, out=None):
    """``a * b + c`` rounded once (numpy arrays or scalars of one float dtype; broadcasts).

    With ``out`` (an array of the result's shape and dtype) the result is written there;
    ``out`` may be one of the operands.
    """
    if (a.__class__ is np.ndarray and b.__class__ is np.ndarray and c.__class__ is np.ndarray
            and a.dtype == b.dtype == c.dtype):
        dt = a.dtype  # (the optimizers' calls: skip result_type and the conversions)
    else:
        dt = np.result_type(a, b, c)
    # torch converts a Python scalar to the tensor's dtype before the multiply-add
    if a.__class__ is not np.ndarray or a.dtype != dt:
        a = np.asarray(a, dt)
    if b.__class__ is not np.ndarray or b.dtype != dt:
        b = np.asarray(b, dt)
    if c.__class__ is not np.ndarray or c.dtype != dt:
        c = np.asarray(c, dt)
    shape = _shape(a, b, c)
    if dt == np.float32:
        r = _fma32(a, b, c, shape)
    elif dt == np.float64:
        r = _fma64(a, b, c)
    else:
        r = np.asarray(a * b + c, dtype=dt)
    if out is None:
        return r.astype(dt)  # a copy: r may be a reused work array
    np.copyto(out, r, casting="same_kind")
    return out


def _two_sum(x, y):
    s = x + y
    bb = s - x
    return s, (x - (s - bb)) + (y - bb)


_scratch = {}  # (size, dtype) -> a reused work array: large temporaries cost page faults each time


def _work(n, dtype, slot=0):
    key = (n, dtype, slot)
    arr = _scratch.get(key)
    if arr is None:
        if len(_scratch) > 64:
            _scratch.clear()
        arr = _scratch[key] = np.empty(n, dtype)
    return arr


def _shape(a, b, c):
    """The broadcast shape of the three operands (without numpy's general machinery when one
    or two are scalars or all have one shape, the optimizers' cases)."""
    cs = c.shape
    if (a.shape == cs or not a.ndim) and (b.shape == cs or not b.ndim):
        return cs
    return np.broadcast_shapes(a.shape, b.shape, cs)


def _fma32(a, b, c, shape=None):
    """The float64 sum, nudged where rounding it to float32 would round twice (callers round it).

    The result may be a reused work array: round or copy it before the next call.
    The operands are widened to float64 first (``copyto``), then multiplied and added in
    float64: numpy's mixed float32/float64 loops cast through small buffers and take
    four times as long as a plain cast followed by a float64 loop; the values are the same
    (the widening is exact)."""
    if shape is None:
        shape = _shape(a, b, c)
    n = 1
    for d in shape:
        n *= d
    s = _work(n, np.float64).reshape(shape)
    if a.ndim == 0 or b.ndim == 0:  # a scalar factor (the optimizers' alpha, lr, 1 - beta)
        k, v = (a, b) if a.ndim == 0 else (b, a)
        np.copyto(s, v)
        np.multiply(s, np.float64(k[()]), out=s)  # exact: 24 + 24 bits fit in 53
    else:
        np.copyto(s, a)
        t = _work(n, np.float64, 1).reshape(shape)
        np.copyto(t, b)
        np.multiply(s, t, out=s)  # exact
    if c.ndim == 0:
        np.add(s, np.float64(c[()]), out=s)
    else:
        t = _work(n, np.float64, 1).reshape(shape)
        np.copyto(t, c)
        np.add(s, t, out=s)
    flat = s.reshape(-1)
    bits = _work(n, np.uint64)
    np.bitwise_and(flat.view(np.uint64), _LOW29, out=bits)
    tie = _work(n, np.bool_)
    np.equal(bits, _HALF29, out=tie)
    if tie.any():
        # s is a float32 midpoint: if the float64 sum was inexact, nudge it toward the exact value
        # (only at the halfway elements, by flat index: exact sums land there often)
        where = np.flatnonzero(tie)
        at = []

        def pick(v):
            if v.shape == shape and v.flags.c_contiguous:
                return v.reshape(-1)[where].astype(np.float64)
            if not at:
                at.append(np.unravel_index(where, shape) if len(shape) else ())
            return np.broadcast_to(v, shape)[at[0]].astype(np.float64)

        p = pick(a) * pick(b)
        cc = pick(c)
        st, e = _two_sum(p, cc)
        flat[where] = np.where(e != 0, np.nextafter(st, np.where(e > 0, np.inf, -np.inf)), st)
    return s


def _split(x):
    t = x * _SPLIT
    hi = t - (t - x)
    return hi, x - hi


def _fma64(a, b, c):
    uh = a * b
    ah, al = _split(a)
    bh, bl = _split(b)
    ul = ((ah * bh - uh) + ah * bl + al * bh) + al * bl  # a*b == uh + ul exactly
    th, tl = _two_sum(c, uh)
    v, e = _two_sum(tl, ul)
    # round v to odd: when inexact and even, step one ulp toward the exact value
    fix = (e != 0) & ((np.atleast_1d(v).view(np.int64) & 1) == 0).reshape(np.shape(v))
    if fix.any():
        v = np.where(fix, np.nextafter(v, np.where(e > 0, np.inf, -np.inf)), v)
    z = th + v
    bad = ~np.isfinite(z)
    if bad.any():  # infinities and NaNs: the plain expression gives IEEE's answer
        z = np.where(bad, uh + c, z)
    return z
