"""The regularized incomplete gamma functions P(a, x) (torch.igamma, torch.special.gammainc) and
Q(a, x) = 1 − P (igammac, gammaincc) on numpy arrays.

torch's CPU kernel (aten/src/ATen/native/Math.h, after SciPy's Boost-derived igam) picks per
element one of four methods: the boundary values, the uniform asymptotic expansion for large a
near x (DLMF 8.12.3), the power series (DLMF 8.11.4, 8.7.3) or the continued fraction (8.9.2).
Here every method runs on the whole array (its own iteration count per element, frozen by a
mask once converged) and each element takes the method torch's would, so the float64 values
are torch's. float32 is computed in float64 and rounded (torch's float kernel runs the same
algorithm in float with float-sized tolerances: the two agree to a few ulps).
"""

import math

import numpy as np

from . import special_coefficients as C
from .special_math import lgamma_array, vectorize

_MACHEP = 1.11022302462515654042E-16
_MAXLOG = 7.09782712893383996843E2
_EXP1 = 2.718281828459045
_LANCZOS_G = 6.024680040776729583740234375
_BIG = 4.503599627370496e15
_BIGINV = 2.22044604925031308085e-16
_MAXITER = 2000
_PI_FLOAT = float(np.float32(math.pi))  # torch's asymptotic series divides by sqrt(2 pi<float> a)

_erfc = vectorize(math.erfc)
_D = np.asarray(C.IGAM_D, np.float64).reshape(25, 25)


def _lgamma(v):
    return lgamma_array(np.asarray(v, np.float64))


def _ratevl(x, num, denom):
    """Boost's rational function of degree 12/12, evaluated in 1/x beyond |x| > 1."""
    big = np.abs(x) > 1
    y = np.where(big, 1 / x, x)
    fwd_n, fwd_d = num, denom
    rev_n, rev_d = num[::-1], denom[::-1]
    n_f = np.full_like(x, fwd_n[0])
    d_f = np.full_like(x, fwd_d[0])
    n_r = np.full_like(x, rev_n[0])
    d_r = np.full_like(x, rev_d[0])
    for i in range(1, len(num)):
        n_f = n_f * y + fwd_n[i]
        n_r = n_r * y + rev_n[i]
    for i in range(1, len(denom)):
        d_f = d_f * y + fwd_d[i]
        d_r = d_r * y + rev_d[i]
    return np.where(big, n_r / d_r, n_f / d_f)


def _fac(a, x):
    """x^a e^-x / Γ(a), with the Lanczos form where a and x are close."""
    far = np.abs(a - x) > 0.4 * np.abs(a)
    ax = a * np.log(x) - x - _lgamma(a)
    direct = np.where(ax < -_MAXLOG, 0.0, np.exp(ax))
    fac = a + _LANCZOS_G - 0.5
    res = np.sqrt(fac / _EXP1) / _ratevl(a, C.LANCZOS_NUM, C.LANCZOS_DENOM)
    small = (a < 200) & (x < 200)
    num = x - a - _LANCZOS_G + 0.5
    numfac = num / fac
    res = np.where(small, res * (np.exp(a - x) * np.power(x / fac, a)),
                   res * np.exp(a * (np.log1p(numfac) - numfac) + x * (0.5 - _LANCZOS_G) / fac))
    return np.where(far, direct, res)


def _igam_series(a, x):
    ax = _fac(a, x)
    r = a.copy()
    c = np.ones_like(a)
    ans = np.ones_like(a)
    going = ax != 0.0
    for _ in range(_MAXITER):
        if not going.any():
            break
        r = np.where(going, r + 1.0, r)
        c = np.where(going, c * (x / r), c)
        ans = np.where(going, ans + c, ans)
        going = going & ~(c <= _MACHEP * ans)
    return np.where(ax == 0.0, 0.0, ans * ax / a)


def _igamc_series(a, x):
    fac = np.ones_like(a)
    total = np.zeros_like(a)
    going = np.ones(a.shape, bool)
    for n in range(1, _MAXITER):
        if not going.any():
            break
        fac = np.where(going, fac * (-x / n), fac)
        term = fac / (a + n)
        total = np.where(going, total + term, total)
        going = going & ~(np.abs(term) <= _MACHEP * np.abs(total))
    logx = np.log(x)
    term = -np.expm1(a * logx - _lgamma(1 + a))
    return term - np.exp(a * logx - _lgamma(a)) * total


def _asymptotic(a, x, igam):
    lam = x / a
    sigma = (x - a) / a
    root = np.sqrt(-2 * (np.log1p(sigma) - sigma))
    eta = np.where(lam > 1, root, np.where(lam < 1, -root, 0.0))
    sgn = -1.0 if igam else 1.0
    res = 0.5 * _erfc(sgn * eta * np.sqrt(a / 2))
    etapow = [np.ones_like(eta)]
    for n in range(1, 25):
        etapow.append(eta * etapow[-1])
    total = np.zeros_like(a)
    afac = np.ones_like(a)
    absold = np.full_like(a, np.inf)
    going = np.ones(a.shape, bool)
    for k in range(25):
        if not going.any():
            break
        ck = np.full_like(a, _D[k][0])
        inner = np.ones(a.shape, bool)
        for n in range(1, 25):
            ckterm = _D[k][n] * etapow[n]
            ck = np.where(inner, ck + ckterm, ck)
            inner = inner & ~(np.abs(ckterm) < _MACHEP * np.abs(ck))
            if not inner.any():
                break
        term = ck * afac
        absterm = np.abs(term)
        going = going & ~(absterm > absold)
        total = np.where(going, total + term, total)
        going = going & ~(absterm < _MACHEP * np.abs(total))
        absold = np.where(going, absterm, absold)
        afac = np.where(going, afac / a, afac)
    return res + sgn * np.exp(-0.5 * a * eta * eta) * total / np.sqrt(2 * _PI_FLOAT * a)


def _igamc_fraction(a, x):
    ax = _fac(a, x)
    y = 1.0 - a
    z = x + y + 1.0
    c = np.zeros_like(a)
    pkm2 = np.ones_like(a)
    qkm2 = x.copy()
    pkm1 = x + 1.0
    qkm1 = z * x
    ans = pkm1 / qkm1
    going = ax != 0.0
    for _ in range(_MAXITER):
        if not going.any():
            break
        c = c + 1.0
        y = y + 1.0
        z = z + 2.0
        yc = y * c
        pk = pkm1 * z - pkm2 * yc
        qk = qkm1 * z - qkm2 * yc
        nz = qk != 0
        r = np.where(nz, pk / np.where(nz, qk, 1.0), ans)
        t = np.where(nz, np.abs((ans - r) / r), 1.0)
        ans = np.where(going, r, ans)
        scale = np.where(np.abs(pk) > _BIG, _BIGINV, 1.0)
        pkm2 = np.where(going, pkm1 * scale, pkm2)
        pkm1 = np.where(going, pk * scale, pkm1)
        qkm2 = np.where(going, qkm1 * scale, qkm2)
        qkm1 = np.where(going, qk * scale, qkm1)
        going = going & ~(t <= _MACHEP)
    return np.where(ax == 0.0, 0.0, ans * ax)


def _asymptotic_regime(a, x):
    absxma_a = np.abs(x - a) / a
    return (((a > 20.0) & (a < 200.0) & (absxma_a < 0.3))
            | ((a > 200.0) & (absxma_a < 4.5 / np.sqrt(a))))


def _safe(a, x, ok):
    """Operands for the interior methods: elements settled by a boundary rule get harmless values."""
    return np.where(ok, a, 1.0), np.where(ok, x, 1.0)


def _igammac_interior(a, x):
    asym = _asymptotic_regime(a, x)
    upper = 1.0 - _igam_series(a, x)
    with np.errstate(all="ignore"):
        small_pick = np.where(x <= 0.5, -0.4 / np.log(x) < a, x * 1.1 < a)
    out = np.where(x > 1.1, np.where(x < a, upper, _igamc_fraction(a, x)),
                   np.where(small_pick, upper, _igamc_series(a, x)))
    return np.where(asym, _asymptotic(a, x, False), out)


def _boundaries(a, x, at_a0, at_x0, at_ainf, at_xinf):
    """torch's boundary values, in its order; returns (settled mask, values)."""
    nan = np.nan
    rules = [((x < 0) | (a < 0), nan), (a == 0, np.where(x > 0, at_a0, nan)), (x == 0, at_x0),
             (np.isinf(a), np.where(np.isinf(x), nan, at_ainf)), (np.isinf(x), at_xinf),
             (np.isnan(a) | np.isnan(x), nan)]
    settled = np.zeros(np.shape(a), bool)
    out = np.zeros(np.shape(a))
    for mask, value in rules:
        take = mask & ~settled
        out = np.where(take, value, out)
        settled |= take
    return settled, out


def igammac(a, x):
    dt = np.result_type(a, x)
    a, x = np.broadcast_arrays(np.asarray(a, np.float64), np.asarray(x, np.float64))
    with np.errstate(all="ignore"):
        settled, edge = _boundaries(a, x, 0.0, 1.0, 1.0, 0.0)
        sa, sx = _safe(a, x, ~settled)
        out = np.where(settled, edge, _igammac_interior(sa, sx))
    return out.astype(dt)


def igamma(a, x):
    dt = np.result_type(a, x)
    a, x = np.broadcast_arrays(np.asarray(a, np.float64), np.asarray(x, np.float64))
    with np.errstate(all="ignore"):
        settled, edge = _boundaries(a, x, 1.0, 0.0, 0.0, 1.0)
        sa, sx = _safe(a, x, ~settled)
        asym = _asymptotic_regime(sa, sx)
        out = np.where((sx > 1.0) & (sx > sa), 1.0 - _igammac_interior(sa, sx), _igam_series(sa, sx))
        out = np.where(asym, _asymptotic(sa, sx, True), out)
        out = np.where(settled, edge, out)
    return out.astype(dt)
