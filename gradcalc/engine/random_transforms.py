"""torch's CPU transforms from raw mt19937 words to samples, vectorised in numpy.

Each function draws from a ``random_mt19937.Generator`` exactly the words torch's
kernel draws, in the same order, and turns them into values with torch's
arithmetic (aten/src/ATen/core/TransformationHelper.h, DistributionsHelper.h,
native/cpu/DistributionTemplates.h). They return flat numpy arrays in the order
torch's serial kernel writes the elements; the callers place them in tensors.

Where torch computes in double with the C library (the scalar normal path,
exponential, cauchy ...) numpy's float64 functions give the same bits. The one
place torch uses its own vector maths is the 16-wide normal fill for float32 on
AVX2 CPUs (Cephes' logf/sincosf in avx_mathfun.h); ``_log_ps`` and ``_sincos_ps``
repeat those float32 operations one by one, so that path is bit-exact as well.
"""

import numpy as np

from .journal import touch_generator

_F = np.float32
_U32 = np.uint32
_I32 = np.int32
_TWO_PI = 2.0 * np.pi


# -- uniform ------------------------------------------------------------------------

def unit_float(gen, n):
    """``uniform_real_distribution<float>(0, 1)``: the low 24 bits of ``random()`` times 2**-24."""
    bits = gen.random32(n).view(_I32)
    bits &= _I32(0xFFFFFF)
    x = bits.astype(_F)
    x *= _F(2.0 ** -24)
    return x


def unit_double(gen, n):
    """``uniform_real_distribution<double>(0, 1)``: the low 53 bits of ``random64()`` times
    2**-53, computed as (high word's low 21 bits) * 2**-21 + (low word) * 2**-53, exact."""
    pairs = gen.random32(2 * n).view(np.uint64)  # little-endian: first word in the low half
    x = (pairs & np.uint64(0x1FFFFF)).astype(np.float64)
    x *= 2.0 ** -21
    pairs >>= np.uint64(32)
    lo = pairs.astype(np.float64)
    lo *= 2.0 ** -53
    x += lo
    return x


def uniform(gen, n, np_dtype, low, high):
    """``uniform_(low, high)`` (uniform_kernel): float32/16 from 24 bits, float64 from 53,
    ``x * (high - low) + low`` in the kernel's type, and a value rounded up to ``high``
    replaced by ``low``."""
    if np_dtype == np.float64:
        lo, hi = float(low), float(high)
        x = fma_double(unit_double(gen, n), hi - lo, lo)
        to, frm = hi, lo
    else:
        lo, hi = _F(low), _F(high)
        x = fma_float(unit_float(gen, n), hi - lo, lo)
        to, frm = np_dtype(high), np_dtype(low)
        x = x.astype(np_dtype, copy=False)
    if np.any(x == to):
        x[x == to] = frm
    return x


def fma_float(a, b, c):
    """float32 ``a * b + c`` as GCC compiles it in torch's AVX2 kernels (one fused
    multiply-add): the product is exact in double, so one rounding from double."""
    if b == 1 and c == 0:
        return a
    r = a.astype(np.float64)
    r *= float(b)
    r += float(c)
    return r.astype(_F)


def fma_double(a, b, c):
    """double ``fma(a, b, c)`` for an array ``a`` and scalars: exact product (Dekker's
    split) and a compensated sum, so the result is the correctly rounded one (except
    in the rarest ties). GCC fuses ``a * b + c`` in torch's kernels."""
    if b == 1:
        return a + c
    if c == 0:
        return a * b
    p = a * b
    split = 134217729.0  # 2**27 + 1
    ah = a * split
    ah = ah - (ah - a)
    al = a - ah
    bh = b * split
    bh = bh - (bh - b)
    bl = b - bh
    err = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    s = p + c
    bb = s - p
    t = (p - (s - bb)) + (c - bb)
    return s + (t + err)


# -- normal -------------------------------------------------------------------------

def normal_scalar(gen, n, mean, std):
    """``normal_distribution<double>`` drawn ``n`` times (the path for fewer than 16
    elements and for non-contiguous outputs): Box–Muller on two 53-bit uniforms, the
    second sample cached in the generator for the next call."""
    out = np.empty(n, np.float64)
    start = 0
    cached = gen._next_double
    if n and cached is not None:
        touch_generator(gen)  # (random32 tells of the draws; taking the cached sample is a change too)
        out[0] = cached
        gen._next_double = None
        start = 1
    m = n - start
    if m > 0:
        pairs = (m + 1) // 2
        u = unit_double(gen, 2 * pairs)
        u1, u2 = u[0::2], u[1::2]
        r = np.sqrt(-2.0 * np.log1p(-u2))
        theta = 2.0 * np.pi * u1
        both = np.empty(2 * pairs, np.float64)
        both[0::2] = r * np.cos(theta)
        both[1::2] = r * np.sin(theta)
        out[start:] = both[:m]
        if m % 2:
            gen._next_double = float(both[-1])
    if std != 1.0 or mean != 0.0:
        out = fma_double(out, std, mean)  # val * std + mean, fused by GCC
    return out


def normal_fill(gen, n, np_dtype, mean, std, reduced=False):
    """torch's ``normal_fill`` for 16 or more contiguous elements: uniforms for every
    element, Box–Muller on each block of 16 (first 8 with the last 8), and when ``n`` is
    not a multiple of 16 the last 16 elements drawn again and transformed once more."""
    if np_dtype == np.float64:
        data = unit_double(gen, n)
        fill16 = _fill16_double
    elif np_dtype == np.float32 and not reduced:
        data = unit_float(gen, n)
        fill16 = _fill16_float
    else:  # half (and bfloat16, ``reduced``: float32 values the caller rounds): torch draws block by block into a float buffer, then the tail's 16
        data = unit_float(gen, n - n % 16) if n % 16 else unit_float(gen, n)
        data = np.concatenate([data, np.zeros(n % 16, _F)]) if n % 16 else data
        fill16 = _fill16_float
    full = n - n % 16
    # in chunks that stay in the cache: the float path makes some thirty passes over them
    for start in range(0, full, _CHUNK):
        fill16(data[start:min(start + _CHUNK, full)].reshape(-1, 16), mean, std)
    if n % 16:
        tail = (unit_double(gen, 16) if np_dtype == np.float64 else unit_float(gen, 16)).reshape(1, 16)
        fill16(tail, mean, std)
        data[n - 16:] = tail.reshape(16)
    return data if reduced else data.astype(np_dtype, copy=False)


_CHUNK = 16 * 4096


def _fill16_double(blocks, mean, std):
    """NormalFill16<double>: glibc's log/cos/sin in double and a fused multiply-add."""
    u1 = 1.0 - blocks[:, :8]
    radius = np.sqrt(-2.0 * np.log(u1))
    theta = _TWO_PI * blocks[:, 8:]
    blocks[:, :8] = fma_double(radius * np.cos(theta), std, mean)
    blocks[:, 8:] = fma_double(radius * np.sin(theta), std, mean)


def _fill16_float(blocks, mean, std):
    """NormalFill16<float> on AVX2: log256_ps and sincos256_ps in float32, then fmadd."""
    u1 = _F(1.0) - blocks[:, :8]  # contiguous copies of the two halves
    theta = blocks[:, 8:] * _F(_TWO_PI)
    work = np.empty(u1.shape, np.float64)  # one double buffer for every fused step
    radius = _log_ps(u1, work)
    radius *= _F(-2.0)
    np.sqrt(radius, out=radius)
    s, c = _sincos_ps(theta, work)
    c *= radius
    s *= radius
    blocks[:, :8] = fma_float(c, _F(std), _F(mean))
    blocks[:, 8:] = fma_float(s, _F(std), _F(mean))


# Cephes single-precision constants exactly as avx_mathfun.h stores them (as floats).
_SQRTHF = _F(0.707106781186547524)
_LOG_P = [_F(v) for v in (7.0376836292E-2, -1.1514610310E-1, 1.1676998740E-1, -1.2420140846E-1,
                          1.4249322787E-1, -1.6668057665E-1, 2.0000714765E-1, -2.4999993993E-1,
                          3.3333331174E-1)]
_LOG_Q1, _LOG_Q2 = _F(-2.12194440e-4), _F(0.693359375)
_DP1, _DP2, _DP3 = _F(-0.78515625), _F(-2.4187564849853515625e-4), _F(-3.77489497744594108e-8)
_SINCOF = [_F(v) for v in (-1.9515295891E-4, 8.3321608736E-3, -1.6666654611E-1)]
_COSCOF = [_F(v) for v in (2.443315711809948E-005, -1.388731625493765E-003, 4.166664568298827E-002)]
_FOPI = _F(1.27323954473516)
_HALF, _ONE = _F(0.5), _F(1.0)


def _fma_into(y, b64, c, work):
    """``y = fmaf(y, b, c)`` in place for a float32 array ``y``, with ``b`` and ``c`` given
    as doubles (arrays or numbers holding float values): the product of two floats is
    exact in double and the sum rounds to double, then to float (a double rounding can
    differ from one rounding only on an exact tie of the dropped bits). Every step is a
    plain same-type loop: numpy's casting ufunc loops are several times slower."""
    np.copyto(work, y)
    work *= b64
    work += c
    np.copyto(y, work, casting="unsafe")
    return y


def _log_ps(x, work):
    """log256_ps (avx_mathfun.h) for positive float32 ``x``, operation by operation, with
    the multiply-adds GCC fuses when it compiles torch's AVX2 kernels (-mfma).
    ``x`` is overwritten (it is the result)."""
    np.maximum(x, np.array(0x00800000, _U32).view(_F), out=x)  # cut off denormals
    bits = x.view(_U32)
    e = (bits >> _U32(23)).view(_I32)
    e -= _I32(0x7F)
    e = e.astype(_F)
    e += _ONE
    bits &= _U32(~0x7F800000 & 0xFFFFFFFF)
    bits |= _HALF.view(_U32)
    mask = x < _SQRTHF
    tmp = x * mask  # x where x < sqrt(1/2), else 0
    x -= _ONE
    e -= mask
    x += tmp
    z = x * x
    x64 = x.astype(np.float64)
    np.multiply(x64, float(_LOG_P[0]), out=work)  # fma(p0, x, p1): the first step
    work += float(_LOG_P[1])
    y = work.astype(_F)
    for p in _LOG_P[2:]:
        _fma_into(y, x64, float(p), work)
    y *= x
    np.multiply(e, _LOG_Q1, out=tmp)
    z64 = z.astype(np.float64)
    _fma_into(y, z64, tmp.astype(np.float64), work)  # of y*z + e*q1 GCC fuses the first product
    z *= _HALF
    y -= z  # fma(z, -0.5, y) with z * 0.5 exact: the same single rounding
    x += y
    np.copyto(x64, x)
    np.copyto(work, e)
    work *= float(_LOG_Q2)
    work += x64
    np.copyto(x, work, casting="unsafe")
    return x


def _sincos_ps(x, work):
    """sincos256_ps (avx_mathfun.h) for non-negative float32 ``x``: (sin, cos).
    ``x`` is overwritten."""
    y = x * _FOPI
    j = y.astype(_I32)  # cvttps: truncation
    j += _I32(1)
    j &= _I32(~1)
    y = j.astype(_F)
    sin_sign = ((j & _I32(4)) << _I32(29)).view(_U32)
    poly = (j & _I32(2)) == 0
    j -= _I32(2)
    np.invert(j, out=j)
    j &= _I32(4)
    j <<= _I32(29)
    cos_sign = j.view(_U32)
    # x = ((x + y*DP1) + y*DP2) + y*DP3, each a fused multiply-add. y is a small integer
    # (at most 8) and DP1, DP2 have 8 and 11 significant bits: those products are exact
    # in float, so plain float steps round the same. y*DP3 is not: a double step.
    x += y * _DP1
    x += y * _DP2
    y64 = y.astype(np.float64)
    y64 *= float(_DP3)
    x64 = x.astype(np.float64)
    y64 += x64
    np.copyto(x, y64, casting="unsafe")
    np.copyto(x64, x)
    z = x * x
    z64 = z.astype(np.float64)
    np.multiply(z64, float(_COSCOF[0]), out=work)
    work += float(_COSCOF[1])
    yc = work.astype(_F)
    _fma_into(yc, z64, float(_COSCOF[2]), work)
    yc *= z
    np.multiply(z64, -0.5, out=y64)
    _fma_into(yc, z64, y64, work)  # y*z - z*0.5: again the first product fused
    yc += _ONE
    np.multiply(z64, float(_SINCOF[0]), out=work)
    work += float(_SINCOF[1])
    ys = work.astype(_F)
    _fma_into(ys, z64, float(_SINCOF[2]), work)
    ys *= z
    _fma_into(ys, x64, x64, work)
    sin = np.where(poly, ys, yc)
    cos = np.where(poly, yc, ys)
    sin.view(_U32)[...] ^= sin_sign
    cos.view(_U32)[...] ^= cos_sign
    return sin, cos


# -- integers -----------------------------------------------------------------------

def from_to(gen, n, span, base):
    """``uniform_int_from_to_distribution``: ``word % span + base``, one 32-bit word for
    spans below 2**28, a 64-bit ``random64()`` otherwise. int64 results (wrapping)."""
    span = int(span)
    if span >= 1 << 28:
        vals = gen.random64(n) % np.uint64(span)
        vals += np.uint64(base & 0xFFFFFFFFFFFFFFFF)
        return vals.view(np.int64)
    vals = (gen.random32(n) % np.uint32(span)).astype(np.int64)
    vals += base
    return vals


def full_range(gen, n):
    """``uniform_int_full_range_distribution``: a whole ``random64()`` as int64."""
    return gen.random64(n).view(np.int64)


# random_() without bounds: word % (max + 1) per dtype (uniform_int_distribution).
_RANDOM_MOD = {"int64": 2 ** 63, "int32": 2 ** 31, "int16": 2 ** 15, "int8": 2 ** 7, "uint8": 2 ** 8,
               "float64": 2 ** 53 + 1, "float32": 2 ** 24 + 1, "float16": 2 ** 11 + 1}


def random_default(gen, n, dtype_name):
    """``random_()``: 64-bit words for int64/float64, 32-bit for the others; bool is bit 0."""
    words = gen.random64(n) if dtype_name in ("int64", "float64") else gen.random32(n)
    if dtype_name == "bool":
        return (words & np.uint64(1)).astype(np.int64)
    return (words % np.uint64(_RANDOM_MOD[dtype_name])).astype(np.int64)


# -- the other distributions (each a double-precision kernel) ---------------------------

def exponential(gen, n, lambd):
    u = unit_double(gen, n)
    return (-1.0 / lambd) * np.log1p(-u)


def geometric(gen, n, p):
    u = unit_double(gen, n)
    return np.ceil(np.log(u) / np.log1p(-p))


def cauchy(gen, n, median, sigma):
    u = unit_double(gen, n)
    return fma_double(np.tan(np.pi * (u - 0.5)), sigma, median)  # median + sigma * tan(...), fused


def log_normal(gen, n, mean, std):
    return np.exp(normal_scalar(gen, n, mean, std))


def bernoulli_scalar(gen, n, p):
    """``bernoulli_(p)`` with a number p: a 53-bit uniform below p."""
    return unit_double(gen, n) < p


def bernoulli_tensor(gen, probs):
    """``bernoulli_(p_tensor)``: one uniform per element, double when p is float64,
    float (24 bits) otherwise, compared with that element's p."""
    if probs.dtype == np.float64:
        return unit_double(gen, probs.size) < probs
    return unit_float(gen, probs.size) < probs.astype(_F, copy=False)
