"""torch.special's Bessel, Airy, Hurwitz zeta and orthogonal-polynomial kernels on numpy arrays.

Each function evaluates the approximation torch's CPU kernel evaluates (aten/src/ATen/native/
Math.h, after Cephes), in the same operation order and in the same precision: a float32 array
is computed in float32 arithmetic with the coefficients rounded to float32 (torch's kernels are
templates on the element type), a float64 array in float64. Where torch's kernel mixes in a
double (``std::log(0.5 * x)`` in K₀, zeta's double accumulator) so does the function here.

Branches become masks: every branch is evaluated on the whole array (under ``errstate``) and
the right one chosen per element; a loop whose length depends on the element (Airy's power
series, zeta's sum, the polynomial recurrences) runs while any element is still going, each
element frozen once its own loop would have stopped. No Python loop over elements.
"""

import math

import numpy as np

from . import special_coefficients as C

_cache = {}


def _co(values, dt):
    """A coefficient table in the kernel's element type (float32 tables are torch's ``static const float``)."""
    key = (id(values), dt)
    arr = _cache.get(key)
    if arr is None:
        arr = _cache[key] = tuple(np.asarray(values, np.float64).astype(dt))
    return arr


_SPLIT = 134217729.0  # 2**27 + 1, Veltkamp's splitter for float64


def _fma(a, b, c):
    """a * b + c rounded once, as the fused multiply-add torch's compiled loops use (GCC contracts
    ``a * b + c`` on FMA hardware). float32: the product is exact in float64; float64: the
    product's rounding error from Dekker's two-product, added back with the sum's (TwoSum)."""
    dt = np.result_type(a, b, c)
    if dt == np.float32:
        return (np.asarray(a, np.float64) * np.asarray(b, np.float64) + np.asarray(c, np.float64)).astype(np.float32)
    a = np.asarray(a, np.float64)
    b = np.asarray(b, np.float64)
    p = a * b
    t = a * _SPLIT
    ah = t - (t - a)
    al = a - ah
    t = b * _SPLIT
    bh = t - (t - b)
    bl = b - bh
    err = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    s = p + c
    v = s - p
    e2 = (p - (s - v)) + (c - v)
    out = s + (e2 + err)
    # where the product or the sum is not finite the error terms are nan: the plain result is right
    return np.where(np.isfinite(out), out, s)


def _math(fn):
    """A libm function on the kernel's dtype: float32 through float64 and rounded once (glibc's
    float functions are correctly rounded; numpy's own float32 loops are not always)."""
    def f(x):
        if x.dtype == np.float32:
            return fn(x.astype(np.float64)).astype(np.float32)
        return fn(x)
    return f


_exp, _log, _sin, _cos = (_math(f) for f in (np.exp, np.log, np.sin, np.cos))
_sqrt, _acos = np.sqrt, np.arccos  # numpy's float32 sqrt and arccos are glibc's


def _horner(z, coeffs):
    """``acc = 0; for c: acc = acc * z + c`` (torch's loops start from 0, so 0 * inf is nan as there)."""
    acc = np.zeros_like(z)
    for c in coeffs:
        acc = _fma(acc, z, c)
    return acc


def _clenshaw(y, coeffs):
    """The three-term loop of Math.h's modified Bessel kernels: returns (a, p) with the result 0.5 (a - p)."""
    p = np.zeros_like(y)
    q = np.zeros_like(y)
    a = np.full_like(y, coeffs[0])
    for c in coeffs[1:]:
        p = q
        q = a
        a = _fma(y, q, -p) + c
    return a, p


def _chbevl(y, coeffs):
    """Cephes' chbevl: 0.5 (b0 - b2) of the Chebyshev series at y."""
    b0 = np.full_like(y, coeffs[0])
    b1 = np.zeros_like(y)
    b2 = np.zeros_like(y)
    for c in coeffs[1:]:
        b2 = b1
        b1 = b0
        b0 = _fma(y, b1, -b2) + c
    return y.dtype.type(0.5) * (b0 - b2)


def _float(d):
    d = np.asarray(d)
    return d if d.dtype.kind == "f" else d.astype(np.float64)


# -- Airy ----------------------------------------------------------------------------------

def airy_ai(x):
    T = x.dtype.type
    dt = x.dtype
    with np.errstate(all="ignore"):
        # x < -2.09: the asymptotic form with the phase t
        xn = np.where(x < T(-2.09), x, T(-3.0))
        z = T(1.0) / (T(-2.0) * xn * _sqrt(-xn) / T(3.0))
        zz = z * z
        afn = _horner(zz, _co(C.AIRY_AFN, dt))
        afd = _horner(zz, _co(C.AIRY_AFD, dt))
        agn = _horner(zz, _co(C.AIRY_AGN, dt))
        agd = _horner(zz, _co(C.AIRY_AGD, dt))
        t = T(-2.0) * xn * _sqrt(-xn) / T(3.0) + T(0.25) * T(math.pi)
        neg = (T(5.64189583547756286948e-01) / _sqrt(_sqrt(-xn))
               * _fma(_sin(t), T(1.0) + zz * afn / afd, -(_cos(t) * (z * agn / agd))))
        # x >= 2.09: the rational approximation in 1/zeta
        xp = np.where(x >= T(2.09), x, T(3.0))
        zeta = T(2.0) * xp * _sqrt(xp) / T(3.0)
        inv = T(1.0) / zeta
        an = _horner(inv, _co(C.AIRY_AN, dt))
        ad = _horner(inv, _co(C.AIRY_AD, dt))
        ai = T(5.64189583547756286948e-01) * (an / ad) / (T(2.0) * _sqrt(_sqrt(xp)) * _exp(zeta))
        # |x| < 2.09: the power series, each element until its term drops below epsilon
        xs = np.where((x >= T(-2.09)) & (x < T(2.09)), x, T(0.0))
        f = np.ones_like(xs)
        g = xs.copy()
        k = np.ones_like(xs)
        m = np.ones_like(xs)
        n = xs.copy()
        z3 = xs * xs * xs
        eps = np.finfo(dt).eps
        going = np.ones(xs.shape, bool)
        while going.any():
            m2 = m * z3
            k2 = k + T(1.0)
            m2 = m2 / k2
            n2 = n * z3
            k2 = k2 + T(1.0)
            n2 = n2 / k2
            m2 = m2 / k2
            f2 = f + m2
            k2 = k2 + T(1.0)
            n2 = n2 / k2
            g2 = g + n2
            m = np.where(going, m2, m)
            n = np.where(going, n2, n)
            k = np.where(going, k2, k)
            f = np.where(going, f2, f)
            g = np.where(going, g2, g)
            going = going & (np.abs(m / f) > eps)
        series = _fma(T(0.355028053887817239260), f, -(T(0.258819403792806798405) * g))
    out = np.where(x < T(-2.09), neg, np.where(x >= T(2.09), ai, series))
    out = np.where(x > T(103.892), T(0.0), out)
    out = np.where(np.isnan(x), x, out)
    return np.where(np.isinf(x), T(np.nan), out).astype(dt, copy=False)


# -- Bessel functions of the first and second kind ------------------------------------------

_PIO4 = 0.785398163397448309615660845819875721
_3PIO4 = 2.356194490192344928846982537459627163
_SQ2OPI = 0.797884560802865355879892119868763737
_TWO_OVER_PI = 0.636619772367581343075535053490057448


def _j0_small(x, dt):
    T = dt.type
    rp = _horner(x * x, _co(C.J0_RP, dt))
    rq = _horner(x * x, _co(C.J0_RQ, dt))
    tiny = T(1.0) - x * x / T(4.0)
    return np.where(x < T(0.00001), tiny,
                    (x * x - T(5.78318596294678452118e+00)) * (x * x - T(3.04712623436620863991e+01)) * rp / rq)


def _pq0(x, dt):
    """The P/Q rational functions of J₀ and Y₀ for x > 5 (in 25 / x²)."""
    w = dt.type(25.0) / (x * x)
    return (_horner(w, _co(C.J0_PP, dt)), _horner(w, _co(C.J0_PQ, dt)),
            _horner(w, _co(C.J0_QP, dt)), _horner(w, _co(C.J0_QQ, dt)))


def _pq1(x, dt):
    """The P/Q rational functions of J₁ and Y₁ for x > 5 (in (5/x)(5/x))."""
    T = dt.type
    w = T(5.0) / x * (T(5.0) / x)
    return (_horner(w, _co(C.J1_PP, dt)), _horner(w, _co(C.J1_PQ, dt)),
            _horner(w, _co(C.J1_QP, dt)), _horner(w, _co(C.J1_QQ, dt)))


def _asymptotic(x, dt, pq, phase, second_kind=False):
    """Hankel's large-x form (x > 5) shared by J₀, J₁, Y₀ and Y₁: √(2/(πx))·(P·cos(x−φ) − (5/x)·Q·sin(x−φ))
    for J, with sin and cos exchanged and a plus sign for Y (torch's operation order, fused as compiled)."""
    T = dt.type
    pp, pq_, qp, qq = pq(x, dt)
    c, s = _cos(x - T(phase)), _sin(x - T(phase))
    if second_kind:
        out = _fma(pp / pq_, s, T(5.0) / x * (qp / qq) * c)
    else:
        out = _fma(pp / pq_, c, -(T(5.0) / x * (qp / qq) * s))
    return out * T(_SQ2OPI) / _sqrt(x)


def _second_kind_edges(x, small):
    """Y_n(0) = -inf and Y_n(x < 0) = nan, as torch's kernels return them."""
    T = x.dtype.type
    return np.where(x == 0, T(-np.inf), np.where(x < 0, T(np.nan), small))


def bessel_j0(x):
    dt = x.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        x = np.abs(x)
        big = _asymptotic(x, dt, _pq0, _PIO4)
        return np.where(x <= T(5.0), _j0_small(x, dt), big)


def _j1_pos(x, dt):
    T = dt.type
    rp = _horner(x * x, _co(C.J1_RP, dt))
    rq = _horner(x * x, _co(C.J1_RQ, dt))
    small = rp / rq * x * (x * x - T(1.46819706421238932572e+01)) * (x * x - T(4.92184563216946036703e+01))
    big = _asymptotic(x, dt, _pq1, _3PIO4)
    return np.where(x <= T(5.0), small, big)


def bessel_j1(x):
    dt = x.dtype
    with np.errstate(all="ignore"):
        r = _j1_pos(np.abs(x), dt)
        return np.where(x < 0, -r, r)


def bessel_y0(x):
    dt = x.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        yp = _horner(x * x, _co(C.Y0_YP, dt))
        yq = _horner(x * x, _co(C.Y0_YQ, dt))
        small = _fma(T(_TWO_OVER_PI) * _log(x), _j0_small(np.abs(x), dt), yp / yq)
        small = _second_kind_edges(x, small)
        big = _asymptotic(x, dt, _pq0, _PIO4, second_kind=True)
        return np.where(x <= T(5.0), small, big)


def bessel_y1(x):
    dt = x.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        yp = _horner(x * x, _co(C.Y1_YP, dt))
        yq = _horner(x * x, _co(C.Y1_YQ, dt))
        small = _fma(x, yp / yq, T(_TWO_OVER_PI) * _fma(_j1_pos(x, dt), _log(x), -(T(1.0) / x)))
        small = _second_kind_edges(x, small)
        big = _asymptotic(x, dt, _pq1, _3PIO4, second_kind=True)
        return np.where(x <= T(5.0), small, big)


def spherical_bessel_j0(x):
    dt = x.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        s = x * x
        poly = np.full_like(s, T(1.0) / T(6227020800.0))
        for c in (T(-1.0) / T(39916800.0), T(1.0) / T(362880.0), T(-1.0) / T(5040.0), T(1.0) / T(120.0),
                  T(-1.0) / T(6.0), T(1.0)):
            poly = _fma(s, poly, c)
        out = np.where(np.abs(x) < T(0.5), poly, _sin(x) / x)
        return np.where(np.isinf(x), T(0.0), out)


# -- modified Bessel functions ----------------------------------------------------------------

def modified_bessel_i0(x):
    dt = x.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        ax = np.abs(x)
        a, p = _clenshaw((ax / T(2.0)) - T(2.0), _co(C.I0_A, dt))
        small = _exp(ax) * (T(0.5) * (a - p))
        b, p = _clenshaw(T(32.0) / ax - T(2.0), _co(C.I0_B, dt))
        big = _exp(ax) * (T(0.5) * (b - p)) / _sqrt(ax)
        return np.where(ax <= T(8.0), small, big)


def modified_bessel_i1(x):
    dt = x.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        ax = np.abs(x)
        a, p = _clenshaw((ax / T(2.0)) - T(2.0), _co(C.I1E_A, dt))
        small = T(0.5) * (a - p) * ax * _exp(ax)
        b, p = _clenshaw(T(32.0) / ax - T(2.0), _co(C.I1E_B, dt))
        big = _exp(ax) * (T(0.5) * (b - p)) / _sqrt(ax)
        r = np.where(ax <= T(8.0), small, big)
        return np.where(x < T(0.0), -r, r)


def _k_domain(x, r):
    T = x.dtype.type
    return np.where(x == T(0.0), T(np.inf), np.where(x < T(0.0), T(np.nan), r))


def _k0_small_parts(x, dt):
    T = dt.type
    a, p = _clenshaw(_fma(x, x, -T(2.0)), _co(C.K0_A, dt))
    return a - p


def _k_big(x, table, dt):
    T = dt.type
    b, p = _clenshaw(T(8.0) / x - T(2.0), _co(table, dt))
    return T(0.5) * (b - p)


def modified_bessel_k0(x):
    dt = x.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        a_p = _k0_small_parts(x, dt)
        # torch's kernel takes log(0.5 * x) with a double 0.5: for float32 that product is double
        # (and the fused one); for float64 the first product is fused
        log_half = np.log(0.5 * x.astype(np.float64))
        i0 = modified_bessel_i0(x).astype(np.float64)
        if dt == np.float32:
            small = _fma(-log_half, i0, (T(0.5) * a_p).astype(np.float64)).astype(dt)
        else:
            small = _fma(-log_half, i0, T(0.5) * a_p)
        big = _exp(-x) * _k_big(x, C.K0_B, dt) / _sqrt(x)
        return _k_domain(x, np.where(x <= T(2.0), small, big))


def _k1_small(x, dt):
    T = dt.type
    a, p = _clenshaw(_fma(x, x, -T(2.0)), _co(C.K1_A, dt))
    return _fma(_log(T(0.5) * x), modified_bessel_i1(x), T(0.5) * (a - p) / x)


def modified_bessel_k1(x):
    dt = x.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        big = _exp(-x) * _k_big(x, C.K1_B, dt) / _sqrt(x)
        return _k_domain(x, np.where(x <= T(2.0), _k1_small(x, dt), big))


def scaled_modified_bessel_k0(x):
    dt = x.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        small = _fma(-_log(T(0.5) * x), modified_bessel_i0(x), T(0.5) * _k0_small_parts(x, dt)) * _exp(x)
        big = _k_big(x, C.K0_B, dt) / _sqrt(x)
        return _k_domain(x, np.where(x <= T(2.0), small, big))


def scaled_modified_bessel_k1(x):
    dt = x.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        small = _k1_small(x, dt) * _exp(x)
        big = _k_big(x, C.K1_B, dt) / _sqrt(x)
        return _k_domain(x, np.where(x <= T(2.0), small, big))


# -- I₁ and e^-|x| I₁ (torch.special.i1, i1e: Cephes' chbevl form) ------------------------------

def _i1_tables(dt):
    if dt == np.float32:
        return _co(C.I1E_A_FLOAT32, dt), _co(C.I1E_B_FLOAT32, dt)
    return _co(C.I1E_A, dt), _co(C.I1E_B, dt)


def i1(x):
    dt = x.dtype
    T = dt.type
    A, B = _i1_tables(dt)
    with np.errstate(all="ignore"):
        ax = np.abs(x)
        small = _exp(ax) * ax * _chbevl((ax / T(2.0)) - T(2.0), A)
        big = (_exp(ax) * _chbevl(T(32.0) / ax - T(2.0), B)) / _sqrt(ax)
        r = np.where(ax <= T(8.0), small, big)
        return np.where(x < T(0.0), -r, r)


def i1e(x):
    dt = x.dtype
    T = dt.type
    A, B = _i1_tables(dt)
    with np.errstate(all="ignore"):
        ax = np.abs(x)
        small = _chbevl((ax / T(2.0)) - T(2.0), A) * ax
        big = _chbevl(T(32.0) / ax - T(2.0), B) / _sqrt(ax)
        r = np.where(ax <= T(8.0), small, big)
        return np.where(x < T(0.0), -r, r)


# -- the Hurwitz zeta function ---------------------------------------------------------------------

_MACHEP = 1.11022302462515654042E-16


def zeta(x, q):
    """ζ(x, q) = Σₖ (k + q)^-x, in double whatever the dtype (torch's accumulator type on the CPU)."""
    dt = np.result_type(x, q)
    x, q = np.broadcast_arrays(np.asarray(x, np.float64), np.asarray(q, np.float64))
    with np.errstate(all="ignore"):
        s = np.power(q, -x)
        a = q.copy()
        b = np.zeros_like(s)
        done = np.zeros(s.shape, bool)
        i = 0
        going = ~done
        while True:
            going = ~done & ((i < 9) | (a <= 9.0))
            if not going.any():
                break
            i += 1
            a = np.where(going, a + 1.0, a)
            b = np.where(going, np.power(a, -x), b)
            s = np.where(going, s + b, s)
            done = done | (going & (-_MACHEP * s < b) & (b < _MACHEP * s))
        w = a
        tail = ~done
        s = np.where(tail, s + b * w / (x - 1.0), s)
        s = np.where(tail, s - 0.5 * b, s)
        a = np.ones_like(s)
        k = np.zeros_like(s)
        for A in C.ZETA_A:
            if not tail.any():
                break
            a = a * (x + k)
            b = b / w
            t = a * b / A
            s = np.where(tail, s + t, s)
            tail = tail & ~(np.abs(t / s) < _MACHEP)
            k = k + 1.0
            a = a * (x + k)
            b = b / w
            k = k + 1.0
        out = s
        pole_q = (q <= 0) & (q == np.floor(q))
        bad_q = (q <= 0) & ~pole_q & (x != np.floor(x))
        out = np.where(bad_q, np.nan, np.where(pole_q, np.inf, out))
        out = np.where(x < 1.0, np.nan, out)
        out = np.where(x == 1.0, np.inf, out)
    return out.astype(dt)


# -- the orthogonal polynomials ---------------------------------------------------------------------

def _degree(n):
    """torch's static_cast<int64_t>(n) of a degree given in the kernel's dtype (nan/inf: the
    cast is undefined in C++; x86 gives INT64_MIN, a negative degree)."""
    n = np.asarray(n)
    if n.dtype.kind != "f":
        return n.astype(np.int64)
    with np.errstate(all="ignore"):
        bad = ~np.isfinite(n) | (np.abs(n) >= 9.2e18)
        return np.where(bad, np.iinfo(np.int64).min, np.trunc(np.where(bad, 0, n))).astype(np.int64)


def _recurrence(x, n, p, q, step, first):
    """Run ``r = step(k, p, q); p, q = q, r`` for k = first .. per element while k <= n and q is not
    nan (torch's loop condition); returns q."""
    T = x.dtype.type
    top = int(n.max()) if n.size else 0
    k = first
    going = (n >= k) & ~np.isnan(q)
    while going.any():
        r = step(T(k), p, q)
        p = np.where(going, q, p)
        q = np.where(going, r, q)
        k += 1
        if k > top:
            break
        going = going & (n >= k) & ~np.isnan(q)
    return q


def _poly_out(dt, shape, *cases):
    """Choose per element the first case whose mask holds: cases are (mask, value) in torch's order."""
    out = np.zeros(shape, dt)
    chosen = np.zeros(shape, bool)
    for mask, value in cases:
        mask = np.broadcast_to(mask, shape) & ~chosen
        out = np.where(mask, value, out)
        chosen |= mask
    return out


def _int_as(dt, v):
    return np.asarray(v).astype(dt)


def chebyshev_t(x, n):
    dt = x.dtype
    T = dt.type
    n = _degree(n)
    x, n = np.broadcast_arrays(x, n)
    with np.errstate(all="ignore"):
        rec = _recurrence(x, n, np.ones_like(x), x.copy(), lambda k, p, q: _fma(x + x, q, -p), 2)
        return _poly_out(dt, x.shape,
                         (n < 0, T(0.0)),
                         (np.abs(x) == T(1.0), np.where((x > 0) | (n % 2 == 0), T(1.0), T(-1.0))),
                         ((n > 6) & (np.abs(x) < T(1.0)), _cos(n.astype(dt) * _acos(x))),
                         (n == 0, T(1.0)), (n == 1, x), (True, rec))


def chebyshev_u(x, n):
    dt = x.dtype
    T = dt.type
    n = _degree(n)
    x, n = np.broadcast_arrays(x, n)
    with np.errstate(all="ignore"):
        n1 = _int_as(dt, n + 1)
        ac = _acos(x)
        trig = np.where(_sin(ac) != T(0.0), _sin(n1 * ac) / _sin(ac), n1 * _cos(n1 * ac) / x)
        rec = _recurrence(x, n, np.ones_like(x), x + x, lambda k, p, q: _fma(x + x, q, -p), 2)
        return _poly_out(dt, x.shape,
                         (n < 0, T(0.0)),
                         (np.abs(x) == T(1.0), np.where((x > 0) | (n % 2 == 0), n1, -n1)),
                         ((n > 8) & (np.abs(x) < T(1.0)), trig),
                         (n == 0, T(1.0)), (n == 1, x + x), (True, rec))


def chebyshev_v(x, n):
    dt = x.dtype
    T = dt.type
    n = _degree(n)
    x, n = np.broadcast_arrays(x, n)
    with np.errstate(all="ignore"):
        odd_sign = np.where(n % 2 == 0, _int_as(dt, n + n + 1), -_int_as(dt, n + n + 1))
        ac = _acos(x)
        trig = np.where(_sin(ac / T(2.0)) != T(1.0),
                        _cos((n.astype(dt) + T(0.5)) * ac) / _cos(ac / T(2.0)), odd_sign)
        rec = _recurrence(x, n, np.ones_like(x), x + x - T(1.0), lambda k, p, q: _fma(x + x, q, -p), 2)
        return _poly_out(dt, x.shape,
                         (n < 0, T(0.0)),
                         (np.abs(x) == T(1.0), np.where(x > 0, T(1.0), odd_sign)),
                         ((n > 8) & (np.abs(x) < T(1.0)), trig),
                         (n == 0, T(1.0)), (n == 1, x + x - T(1.0)), (True, rec))


def chebyshev_w(x, n):
    dt = x.dtype
    T = dt.type
    n = _degree(n)
    x, n = np.broadcast_arrays(x, n)
    with np.errstate(all="ignore"):
        at_one = np.where(x > 0, _int_as(dt, n + n + 1), np.where(n % 2 == 0, T(1.0), T(-1.0)))
        ac = _acos(x)
        trig = np.where(_cos(ac / T(2.0)) != T(1.0),
                        _sin((n.astype(dt) + T(0.5)) * ac) / _sin(ac / T(2.0)), at_one)
        rec = _recurrence(x, n, np.ones_like(x), x + x + T(1.0), lambda k, p, q: _fma(x + x, q, -p), 2)
        return _poly_out(dt, x.shape,
                         (n < 0, T(0.0)),
                         (np.abs(x) == T(1.0), at_one),
                         ((n > 8) & (np.abs(x) < T(1.0)), trig),
                         (n == 0, T(1.0)), (n == 1, x + x + T(1.0)), (True, rec))


def _shifted(x):
    return x + x - x.dtype.type(1.0)


def shifted_chebyshev_t(x, n):
    dt = x.dtype
    T = dt.type
    n = _degree(n)
    x, n = np.broadcast_arrays(x, n)
    with np.errstate(all="ignore"):
        y = _shifted(x)
        rec = _recurrence(x, n, np.ones_like(x), y, lambda k, p, q: _fma(y + y, q, -p), 2)
        return _poly_out(dt, x.shape,
                         (n < 0, T(0.0)), (x == T(1.0), T(1.0)),
                         (x == T(0.0), np.where(n % 2 == 0, T(1.0), T(-1.0))),
                         ((n > 6) & (np.abs(y) < T(1.0)), _cos(n.astype(dt) * _acos(y))),
                         (n == 0, T(1.0)), (n == 1, y), (True, rec))


def shifted_chebyshev_u(x, n):
    dt = x.dtype
    T = dt.type
    n = _degree(n)
    x, n = np.broadcast_arrays(x, n)
    with np.errstate(all="ignore"):
        y = _shifted(x)
        n1 = _int_as(dt, n + 1)
        ac = _acos(y)
        trig = np.where(_sin(ac) != T(0.0), _sin(n1 * ac) / _sin(ac), n1 * _cos(n1 * ac) / y)
        rec = _recurrence(x, n, np.ones_like(x), y + y, lambda k, p, q: _fma(y + y, q, -p), 2)
        return _poly_out(dt, x.shape,
                         (n < 0, T(0.0)), (x == T(1.0), n1),
                         (x == T(0.0), np.where(n % 2 == 0, n1, -n1)),
                         ((n > 6) & (np.abs(y) < T(1.0)), trig),
                         (n == 0, T(1.0)), (n == 1, y + y), (True, rec))


def shifted_chebyshev_v(x, n):
    dt = x.dtype
    T = dt.type
    n = _degree(n)
    x, n = np.broadcast_arrays(x, n)
    with np.errstate(all="ignore"):
        y = _shifted(x)
        odd_sign = np.where(n % 2 == 0, _int_as(dt, n + n + 1), -_int_as(dt, n + n + 1))
        ac = _acos(y)
        trig = np.where(_sin(ac / T(2.0)) != T(1.0),
                        _cos((n.astype(dt) + T(0.5)) * ac) / _cos(ac / T(2.0)), odd_sign)
        rec = _recurrence(x, n, np.ones_like(x), y + y - T(1.0), lambda k, p, q: _fma(y + y, q, -p), 2)
        return _poly_out(dt, x.shape,
                         (n < 0, T(0.0)), (x == T(1.0), T(1.0)), (x == T(0.0), odd_sign),
                         ((n > 6) & (np.abs(y) < T(1.0)), trig),
                         (n == 0, T(1.0)), (n == 1, y + y - T(1.0)), (True, rec))


def shifted_chebyshev_w(x, n):
    dt = x.dtype
    T = dt.type
    n = _degree(n)
    x, n = np.broadcast_arrays(x, n)
    with np.errstate(all="ignore"):
        y = _shifted(x)
        parity = np.where(n % 2 == 0, T(1.0), T(-1.0))
        ac = _acos(y)
        trig = np.where(_cos(ac / T(2.0)) != T(1.0),
                        _sin((n.astype(dt) + T(0.5)) * ac) / _sin(ac / T(2.0)), parity)
        rec = _recurrence(x, n, np.ones_like(x), y + y + T(1.0), lambda k, p, q: _fma(y + y, q, -p), 2)
        return _poly_out(dt, x.shape,
                         (n < 0, T(0.0)), (x == T(1.0), _int_as(dt, n + n + 1)), (x == T(0.0), parity),
                         ((n > 4) & (np.abs(y) < T(1.0)), trig),
                         (n == 0, T(1.0)), (n == 1, y + y + T(1.0)), (True, rec))


def _hermite_limit(dt):
    return 128 if dt == np.float32 else 512


def hermite_h(x, n):
    dt = x.dtype
    T = dt.type
    n = _degree(n)
    x, n = np.broadcast_arrays(x, n)
    with np.errstate(all="ignore"):
        # torch's loop runs k = 2, 4, ... < 2n: the k-th step is r = 2x q - k p
        m = np.where(n <= _hermite_limit(dt), n, 0)
        rec = _recurrence(x, m, np.ones_like(x), x + x, lambda j, p, q: _fma(x + x, q, -(T(2 * (int(j) - 1)) * p)), 2)
        return _poly_out(dt, x.shape,
                         (n < 0, T(0.0)), (n == 0, T(1.0)), (n == 1, x + x),
                         (n > _hermite_limit(dt), T(np.nan)), (True, rec))


def hermite_he(x, n):
    dt = x.dtype
    T = dt.type
    n = _degree(n)
    x, n = np.broadcast_arrays(x, n)
    with np.errstate(all="ignore"):
        # k = 1 .. n-1: r = x q - k p  (step j = k + 1 runs while j <= n)
        m = np.where(n <= _hermite_limit(dt), n, 0)
        rec = _recurrence(x, m, np.ones_like(x), x.copy(), lambda j, p, q: _fma(x, q, -(T(int(j) - 1) * p)), 2)
        return _poly_out(dt, x.shape,
                         (n < 0, T(0.0)), (n == 0, T(1.0)), (n == 1, x),
                         (n > _hermite_limit(dt), T(np.nan)), (True, rec))


def laguerre_l(x, n):
    dt = x.dtype
    T = dt.type
    n = _degree(n)
    x, n = np.broadcast_arrays(x, n)
    with np.errstate(all="ignore"):
        def step(j, p, q):
            k = int(j) - 1
            return _fma(T(k + k) + (T(1.0) - x), q, -(T(k) * p)) / T(k + 1)
        rec = _recurrence(x, n, np.ones_like(x), T(1.0) - x, step, 2)
        return _poly_out(dt, x.shape,
                         (n < 0, T(0.0)), (np.abs(x) == T(0.0), T(1.0)), (n == 0, T(1.0)),
                         (n == 1, T(1.0) - x), (True, rec))


def legendre_p(x, n):
    dt = x.dtype
    T = dt.type
    n = _degree(n)
    x, n = np.broadcast_arrays(x, n)
    with np.errstate(all="ignore"):
        def step(j, p, q):
            k = int(j) - 1
            return _fma(T(k + k + 1) * x, q, -(T(k) * p)) / T(k + 1)
        rec = _recurrence(x, n, np.ones_like(x), x.copy(), step, 2)
        return _poly_out(dt, x.shape,
                         (n < 0, T(0.0)),
                         (np.abs(x) == T(1.0), np.where((x > 0) | (n % 2 == 0), T(1.0), T(-1.0))),
                         (n == 0, T(1.0)), (n == 1, x), (True, rec))


def i0(x):
    """torch.i0 (calc_i0): e^|x| times Cephes' Chebyshev series of e^-x I₀(x)."""
    dt = x.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        ax = np.abs(x)
        small = _exp(ax) * _chbevl((ax / T(2.0)) - T(2.0), _co(C.I0_A, dt))
        big = _exp(ax) * _chbevl(T(32.0) / ax - T(2.0), _co(C.I0_B, dt)) / _sqrt(ax)
        return np.where(ax <= T(8.0), small, big)


def i0e(x):
    """torch.special.i0e (calc_i0e): Cephes' Chebyshev series of e^-|x| I₀(x)."""
    dt = x.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        ax = np.abs(x)
        small = _chbevl((ax / T(2.0)) - T(2.0), _co(C.I0_A, dt))
        big = _chbevl(T(32.0) / ax - T(2.0), _co(C.I0_B, dt)) / _sqrt(ax)
        return np.where(ax <= T(8.0), small, big)


# -- erfcx, log_ndtr, ndtri, entr (torch's special_* kernels) -------------------------------------------

def _erfcx_y100(y100):
    """Johnson's erfcx on [0, 1] in y100 = 100 y: a Chebyshev polynomial per hundredth, in double
    (torch's literals are double, so a float kernel evaluates this in double too); 1 at y100 = 100."""
    k = np.floor(y100).astype(np.int64)
    out = np.ones(y100.shape, np.float64)
    t = (2 * y100 - (2 * np.clip(k, 0, 99) + 1)).astype(np.float64)  # in the kernel's dtype, then widened
    for case in np.unique(k[(k >= 0) & (k < 100)]):
        sel = k == case
        c = C.ERFCX_Y100[int(case)]
        ts = t[sel]
        acc = np.full(ts.shape, c[-1])
        for coef in c[-2::-1]:
            acc = _fma(acc, ts, coef)
        out[sel] = acc
    return out


def erfcx(x):
    """e^(x²) erfc(x) (calc_erfcx): Johnson's Chebyshev table, a continued fraction beyond 50."""
    dt = x.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        pos_y = (T(400) / (T(4) + np.abs(x))).astype(dt)  # 400/(4+x) for x >= 0, 400/(4-x) for x < 0
        table = _erfcx_y100(pos_y)
        xd = x.astype(np.float64)
        ispi = 0.56418958354775628694807945156
        xx = xd * xd
        frac = ispi * (xx * (xx + 4.5) + 2) / (xd * (xx * (xx + 5) + 3.75))
        big = np.where(xd > 5e7, ispi / xd, frac)
        pos = np.where(xd > 50, big, table)
        e2 = 2 * _exp((x * x).astype(dt)).astype(np.float64)
        neg = np.where(xd < -26.7, np.inf, np.where(xd < -6.1, e2, e2 - table))
        out = np.where(xd >= 0, pos, neg)
        return np.where(np.isnan(x), x, out.astype(dt))


def log_ndtr(x):
    """log Φ(x) (calc_log_ndtr): through erfcx below −1, log1p(−erfc/2) above."""
    from .special_math import vectorize
    dt = x.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        t = x * T(0.7071067811865475244008443621048490392848359376884740)
        left = _fma(-t, t, _log(erfcx(-t) / T(2)))
        erfc = vectorize(math.erfc)(t.astype(np.float64)).astype(dt)
        right = np.log1p(-erfc / T(2))
        return np.where(x < T(-1.0), left, right)


def ndtri(y0):
    """Φ⁻¹(y) (Cephes ndtri, calc_ndtri)."""
    dt = y0.dtype
    T = dt.type
    with np.errstate(all="ignore"):
        flip = y0 > T(1) - T(0.13533528323661269189)
        y = np.where(flip, T(1) - y0, y0)
        mid = y > T(0.13533528323661269189)
        ym = y - T(0.5)
        y2 = ym * ym
        x_mid = _fma(ym, y2 * _horner(y2, _co(C.NDTRI_P0, dt)) / _horner(y2, _co(C.NDTRI_Q0, dt)), ym)
        x_mid = x_mid * T(2.50662827463100050242E0)
        x = _sqrt(T(-2.0) * _log(y))
        x0 = x - _log(x) / x
        z = T(1) / x
        x1 = np.where(x < T(8.0), z * _horner(z, _co(C.NDTRI_P1, dt)) / _horner(z, _co(C.NDTRI_Q1, dt)),
                      z * _horner(z, _co(C.NDTRI_P2, dt)) / _horner(z, _co(C.NDTRI_Q2, dt)))
        tail = x0 - x1
        tail = np.where(flip, tail, -tail)
        out = np.where(mid, x_mid, tail)
        out = np.where((y0 < 0) | (y0 > 1), T(np.nan), out)
        out = np.where(y0 == 1, T(np.inf), out)
        out = np.where(y0 == 0, T(-np.inf), out)
        return np.where(np.isnan(y0), y0, out).astype(dt)


def entr(x):
    """−x ln x, 0 at 0, −inf below 0 (nan stays nan)."""
    T = x.dtype.type
    with np.errstate(all="ignore"):
        out = np.where(x > 0, -x * _log(x), np.where(x == 0, T(0.0), T(-np.inf)))
        return np.where(np.isnan(x), x, out)
