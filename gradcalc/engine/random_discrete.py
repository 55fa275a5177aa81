"""``torch.poisson`` and ``torch.binomial``: torch's CPU samplers, draw for draw.

torch samples these element by element (``cpu_serial_kernel``, the elements in the output's
memory order), each element drawing as many ``uniform_real_distribution<double>`` numbers (the
low 53 bits of a ``random64()``) as its rejection loop needs: Poisson by Hörmann's transformed
rejection for λ ≥ 10 and by multiplying uniforms (Knuth) below; binomial by BTRS for n·p ≥ 10
and by inversion (summing geometric waiting times) below (Distributions.cpp/.h). Which numbers
an element reads depends on how many the elements before it used, so the loop over elements is
sequential here too: it runs on Python floats over a block of pre-drawn numbers (the
generator is rewound and advanced by exactly the count used, so the stream continues as
torch's). float32 counts and probabilities go through float32 arithmetic where torch's kernel
computes in ``scalar_t`` (binomial's BTRS and inversion).
"""

import math

import numpy as np

from . import random_transforms as _tr
from .random_sampling import _gen, _scalar_name
from . import dtypes as _dt
from .tensor import Tensor

_BLOCK = 64


def _log(x):
    """C's log: -inf at 0 (a uniform draw can be exactly 0), where math.log raises."""
    return math.log(x) if x > 0 else (-math.inf if x == 0 else math.nan)


def _floor(x):
    return math.floor(x) if math.isfinite(x) else x


class _Uniforms:
    """``standard_uniform(generator)`` one at a time, from blocks drawn ahead; ``finish()`` leaves the
    generator exactly as many ``random64()`` draws on as were read."""

    def __init__(self, gen):
        self.gen = gen
        self.start = gen._snapshot()
        self.buf = []
        self.pos = 0
        self.used = 0

    def __call__(self):
        if self.pos == len(self.buf):
            self.buf = _tr.uniform(self.gen, max(_BLOCK, self.used), np.float64, 0.0, 1.0).tolist()
            self.pos = 0
        self.pos += 1
        self.used += 1
        return self.buf[self.pos - 1]

    def finish(self):
        self.gen._restore(self.start)
        if self.used:
            _tr.uniform(self.gen, self.used, np.float64, 0.0, 1.0)


# -- Poisson ------------------------------------------------------------------------------------

def _poisson_one(lam, uniform):
    if lam >= 10:
        slam = math.sqrt(lam)
        loglam = math.log(lam)
        b = 0.931 + 2.53 * slam
        a = -0.059 + 0.02483 * b
        invalpha = 1.1239 + 1.1328 / (b - 3.4)
        vr = 0.9277 - 3.6224 / (b - 2)
        while True:
            u = uniform() - 0.5
            v = uniform()
            us = 0.5 - abs(u)
            if us == 0:  # 2a/us is infinite: k would be -inf, rejected
                continue
            k = math.floor((2 * a / us + b) * u + lam + 0.43)
            if us >= 0.07 and v <= vr:
                return k
            if k < 0 or (us < 0.013 and v > us):
                continue
            if (_log(v) + math.log(invalpha) - math.log(a / (us * us) + b)) <= (
                    -lam + k * loglam - math.lgamma(k + 1.0)):
                return k
    if lam == 0:
        return 0
    enlam = math.exp(-lam)
    x = 0
    prod = 1.0
    while True:
        prod *= uniform()
        if prod > enlam:
            x += 1
        else:
            return x


def poisson(input, generator=None):
    """Draws from Poisson(λ) for each rate λ in ``input`` (torch's sampler, draw for draw)."""
    if not isinstance(input, Tensor):
        raise TypeError(f"poisson(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    d = input._data
    if d.dtype.kind != "f":
        raise NotImplementedError(f"\"poisson_cpu\" not implemented for '{_scalar_name(_dt.from_numpy_dtype(d.dtype))}'")
    rates = np.ascontiguousarray(d, dtype=np.float64).reshape(-1)
    if not np.all(rates >= 0):
        raise RuntimeError("invalid Poisson rate, expected rate to be non-negative")
    gen = _gen(generator, "poisson")
    uniform = _Uniforms(gen)
    try:
        vals = [_poisson_one(lam, uniform) for lam in rates.tolist()]
    finally:
        uniform.finish()
    values = np.asarray(vals, dtype=np.float64).astype(d.dtype).reshape(d.shape)
    from .grad_mode import STATE
    if STATE.grad_enabled and input._requires_grad:
        from .ops.random_ops import PoissonBackward0
        return PoissonBackward0.apply(input, values=values)
    return Tensor._wrap(values)


# -- binomial -------------------------------------------------------------------------------------

_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509, 0.0166446911898211,
         0.0138761288230707, 0.0118967099458917, 0.0104112652619720, 0.00925546218271273, 0.00833056343336287)


def _stirling_tail(k):
    if k < 10:
        return _TAIL[int(k)]
    kp1sq = (k + 1) * (k + 1)
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)


def _inversion(count, prob, uniform, S):
    """Binomial inversion: geometric waiting times until their sum passes ``count``."""
    logprob = float(np.log1p(-S(prob)))  # compat_log1p(-prob) in scalar_t
    geom_sum = 0.0
    num_geom = S(0)
    while True:
        geom = -_log(uniform()) / -logprob
        geom = math.ceil(geom) if math.isfinite(geom) else geom
        geom_sum += geom
        if geom_sum > count:
            break
        num_geom = S(num_geom + 1)
    return num_geom


def _btrs(count, prob, uniform, S):
    """Hörmann's BTRS (TensorFlow's variant, as torch's): ``S`` is scalar_t (float32 arithmetic
    where torch's kernel computes in float)."""
    stddev = float(np.sqrt(S(S(count * prob) * S(1 - prob))))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * float(prob)
    c = float(S(count * prob)) + 0.5
    v_r = 0.92 - 4.2 / b
    r = float(S(prob / S(1 - prob)))
    alpha = (2.83 + 5.1 / b) * stddev
    m = math.floor(float(S(S(count + 1) * prob)))
    while True:
        u = uniform() - 0.5
        v = uniform()
        us = 0.5 - abs(u)
        if us == 0:  # 2a/us is infinite: k would be -inf, rejected
            continue
        k = S(_floor((2 * a / us + b) * u + c))
        if k < 0 or k > count:
            continue
        if us >= 0.07 and v <= v_r:
            return k
        v = _log(v * alpha / (a / (us * us) + b))
        n_k1 = float(S(S(count - k) + 1))
        upperbound = ((m + 0.5) * math.log((m + 1) / (r * (float(count) - m + 1)))
                      + float(S(count + 1)) * math.log((float(count) - m + 1) / n_k1)
                      + (float(k) + 0.5) * math.log(r * n_k1 / float(S(k + 1)))
                      + _stirling_tail(m) + _stirling_tail(float(count) - m)
                      - _stirling_tail(float(k)) - _stirling_tail(float(S(count - k))))
        if v <= upperbound:
            return k


def _binomial_one(count, prob, uniform, S):
    if count != count:  # torch's inversion loop never ends for a nan count; nan is the honest answer
        return S(math.nan)
    if count <= 0.0 or prob <= 0.0:
        return S(0)
    if prob >= 1.0:
        return count
    if prob <= 0.5:
        if S(count * prob) >= 10.0:
            return _btrs(count, prob, uniform, S)
        return _inversion(count, prob, uniform, S)
    if prob > 0.5:
        q = S(1.0 - prob)
        if S(count * q) >= 10.0:
            return S(count - _btrs(count, q, uniform, S))
        return S(count - _inversion(count, q, uniform, S))
    return S(math.nan)


def binomial(count, prob, generator=None):
    """Draws from Binomial(count, prob) for each pair (torch's sampler, draw for draw)."""
    for pos, (arg, v) in enumerate((("count", count), ("prob", prob)), start=1):
        if not isinstance(v, Tensor):
            raise TypeError(f"binomial(): argument '{arg}' (position {pos}) must be Tensor, not {type(v).__name__}")
    c, p = count._data, prob._data
    if c.dtype.kind != "f":
        raise ValueError(f"binomial only supports floating-point dtypes for count, got: "
                         f"{_scalar_name(_dt.from_numpy_dtype(c.dtype))}")
    if p.dtype.kind != "f":
        raise ValueError(f"binomial only supports floating-point dtypes for prob, got: "
                         f"{_scalar_name(_dt.from_numpy_dtype(p.dtype))}")
    if p.dtype != c.dtype:
        raise RuntimeError(f"Found dtype {_scalar_name(_dt.from_numpy_dtype(p.dtype))} but expected "
                           f"{_scalar_name(_dt.from_numpy_dtype(c.dtype))}")
    if c.dtype == np.float16:
        raise NotImplementedError("\"binomial_cpu\" not implemented for 'Half'")
    from .ops.support import broadcast_error
    try:
        shape = np.broadcast_shapes(c.shape, p.shape)
    except ValueError:
        raise broadcast_error(c.shape, p.shape) from None
    cs = np.broadcast_to(c, shape).reshape(-1)
    ps = np.broadcast_to(p, shape).reshape(-1)
    if c.dtype == np.float32:
        S = np.float32
        pairs = zip((np.float32(v) for v in cs), (np.float32(v) for v in ps))
    else:
        S = float
        pairs = zip(cs.tolist(), ps.tolist())
    uniform = _Uniforms(_gen(generator, "binomial"))
    try:
        vals = [float(_binomial_one(n, q, uniform, S)) for n, q in pairs]
    finally:
        uniform.finish()
    result = Tensor._wrap(np.asarray(vals, dtype=np.float64).astype(c.dtype).reshape(shape))
    from .node import not_differentiable
    # torch's NotImplemented node has an edge for each input that requires grad, and no other
    return not_differentiable("binomial", result, *[t for t in (count, prob) if t._requires_grad])
