"""The optimizers' several-tensors kernels (kernels.*_each) give, bit for bit, what the
one-tensor kernels give tensor by tensor (the optimizers' goldens rest on the latter)."""

import numpy as np
import pytest

from gradcalc.engine.optim import kernels as K

SHAPES = [(6, 3, 5, 5), (6,), (16, 6), (1,), (40, 7), ()]


def _arrays(rng, dtype, scale=1.0):
    return [np.asarray(rng.standard_normal(s) * scale, dtype) for s in SHAPES]


def _with_midpoints(rng, dtype):
    """Operands where a * k + c lands on float32 midpoints (fma's rare correction path)."""
    cs = _arrays(rng, dtype)
    As = [np.asarray(np.nextafter(c, np.asarray(np.inf, dtype)) - c, dtype) for c in cs]
    return As, cs


def _same(xs, ys):
    for x, y in zip(xs, ys):
        assert x.dtype == y.dtype and x.shape == y.shape
        assert x.tobytes() == y.tobytes()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("alpha", [-0.001, 0.1, 0.5, 1, 2.0 ** -3])
def test_add_scaled_each(dtype, alpha):
    rng = np.random.default_rng(0)
    for As, Bs in ((_arrays(rng, dtype, 10), _arrays(rng, dtype, 1e-3)), _with_midpoints(rng, dtype)[::-1]):
        mine = [a.copy() for a in As]
        K.add_scaled_each(mine, Bs, alpha)
        _same(mine, [K.add_scaled(a, b, alpha) for a, b in zip(As, Bs)])


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("value", [1, 0.001, 1 - 0.999, -1])
def test_addcmul_each(dtype, value):
    rng = np.random.default_rng(1)
    Ss, T1, T2 = _arrays(rng, dtype), _arrays(rng, dtype), _arrays(rng, dtype)
    mine = [s.copy() for s in Ss]
    K.addcmul_each(mine, T1, T2, value)
    _same(mine, [K.addcmul(s, a, b, value) for s, a, b in zip(Ss, T1, T2)])


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("w", [0.1, 0.01, 0.5, 0.7, 1.0])
def test_lerp_each(dtype, w):
    rng = np.random.default_rng(2)
    Ss, Es = _arrays(rng, dtype), _arrays(rng, dtype)
    mine = [s.copy() for s in Ss]
    K.lerp_each(mine, Es, w)
    _same(mine, [K.lerp(s, e, w) for s, e in zip(Ss, Es)])


def test_fma_each_midpoints_are_corrected():
    rng = np.random.default_rng(3)
    As, Cs = _with_midpoints(rng, np.float32)
    for k in (0.5, 0.25, 3.0, [a * np.float32(0.5) for a in As]):
        mine = [c.copy() for c in Cs]
        K.fma_each(As, k, mine, mine)
        ks = k if isinstance(k, list) else [np.asarray(k, np.float32)] * len(As)
        _same(mine, [K.fma(a, b, c) for a, b, c in zip(As, ks, Cs)])
