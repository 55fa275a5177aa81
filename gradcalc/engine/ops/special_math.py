"""Special functions on numpy arrays (the forwards of lgamma, digamma, polygamma, erfinv,
mvlgamma, I₁ ...): series and recurrences in float64, returned in the input's dtype.
numpy has no such functions and the engine imports nothing but numpy."""

import math

import numpy as np

_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)


def vectorize(fn):
    """A scalar function of libm's (math.erf ...) on an ndarray, in the array's dtype."""
    f = np.frompyfunc(fn, 1, 1)
    return lambda d: np.asarray(f(d), dtype=np.float64).astype(d.dtype, copy=False)


erf_array = vectorize(math.erf)


def _lgamma_scalar(v):
    try:
        return math.lgamma(v)
    except ValueError:  # the poles 0, -1, -2 ...
        return math.inf


lgamma_array = vectorize(_lgamma_scalar)


def digamma_array(x):
    """ψ(x) by the recurrence up to x ≥ 6 and the asymptotic series there; reflection for x < 0."""
    x = np.asarray(x, dtype=np.float64)
    neg = x < 0
    pole = (x == np.floor(x)) & (x <= 0)
    xr = np.where(neg, 1.0 - x, x)
    acc = np.zeros_like(xr)
    y = xr.copy()
    for _ in range(6):
        small = y < 6
        acc = np.where(small, acc - 1.0 / np.where(small, y, 1.0), acc)
        y = np.where(small, y + 1.0, y)
    inv = 1.0 / y
    inv2 = inv * inv
    series = (np.log(y) - 0.5 * inv
              - inv2 * (1.0 / 12 - inv2 * (1.0 / 120 - inv2 * (1.0 / 252 - inv2 * (1.0 / 240 - inv2 / 132)))))
    out = acc + series
    with np.errstate(all="ignore"):
        out = np.where(neg, out - math.pi / np.tan(math.pi * x), out)
    return np.where(pole, np.where(x == 0, -np.inf, np.nan), out)  # torch: ψ(0) = -inf, ψ(-n) = nan


def polygamma_array(x, n):
    """ψ⁽ⁿ⁾(x) for n ≥ 1: (-1)^(n+1) n! ζ(n+1, x), by the recurrence and the asymptotic series."""
    if n == 0:
        return digamma_array(x).astype(x.dtype)
    d = x
    x = np.asarray(x, dtype=np.float64)
    acc = np.zeros_like(x)
    y = x.copy()
    for _ in range(12):
        small = y < 12
        acc = np.where(small, acc + 1.0 / np.where(small, y, 1.0) ** (n + 1), acc)
        y = np.where(small, y + 1.0, y)
    # Hurwitz zeta tail ζ(s, y) ≈ y^(1-s)/(s-1) + y^(-s)/2 + Σ B2k/(2k)! (s)_(2k-1) y^(-s-2k+1)
    s = n + 1
    tail = y ** (1 - s) / (s - 1) + 0.5 * y ** (-s)
    bern = (1.0 / 6, -1.0 / 30, 1.0 / 42, -1.0 / 30, 5.0 / 66, -691.0 / 2730, 7.0 / 6)
    rising = float(s)
    fact = 2.0
    for k, b in enumerate(bern, start=1):
        tail = tail + b / fact * rising * y ** (-s - 2 * k + 1)
        rising *= (s + 2 * k - 1) * (s + 2 * k)
        fact *= (2 * k + 1) * (2 * k + 2)
    out = (-1.0) ** (n + 1) * math.factorial(n) * (acc + tail)
    pole = (x == np.floor(x)) & (x <= 0)
    return np.where(pole, np.inf if n % 2 else np.nan, out).astype(d.dtype)


def erfinv_array(y):
    """erf⁻¹ by Giles' single-precision start and two Newton steps (accurate to float64)."""
    dtype = y.dtype
    y = np.asarray(y, dtype=np.float64)
    with np.errstate(all="ignore"):
        w = -np.log((1.0 - y) * (1.0 + y))
        small = w < 5.0
        ws = w - 2.5
        p1 = 2.81022636e-08
        for c in (3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503,
                  -0.00417768164, 0.246640727, 1.50140941):
            p1 = c + p1 * ws
        wl = np.sqrt(w) - 3.0
        p2 = -0.000200214257
        for c in (0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613,
                  0.00943887047, 1.00167406, 2.83297682):
            p2 = c + p2 * wl
        x = np.where(small, p1, p2) * y
        for _ in range(2):
            err = erf_array(x) - y
            x = x - err / (_TWO_OVER_SQRT_PI * np.exp(-x * x))
    x = np.where(y == 1, np.inf, np.where(y == -1, -np.inf, x))
    return np.where(np.abs(y) > 1, np.nan, x).astype(dtype)


def mvlgamma_array(d, p):
    offsets = np.arange(p, dtype=np.float64) / 2
    terms = lgamma_array(np.asarray(d, np.float64)[..., None] - offsets)
    return (terms.sum(-1) + p * (p - 1) / 4 * math.log(math.pi)).astype(d.dtype)


def i1_array(d):
    """I₁(x) = Σ (x/2)^(2k+1) / (k! (k+1)!), summed until the terms vanish (|x| modest in practice)."""
    x = np.asarray(d, dtype=np.float64)
    half = x / 2.0
    term = half.copy()
    total = term.copy()
    for k in range(1, 200):
        term = term * half * half / (k * (k + 1))
        total = total + term
        if not np.any(np.abs(term) > 1e-17 * np.abs(total)):
            break
    return total.astype(d.dtype)
