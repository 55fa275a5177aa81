"""ops/cascade_sum.py computes torch's whole-tensor sum with a few numpy reductions over reshaped
arrays; here it is checked bit for bit against a line-by-line transcription of torch's loops
(ATen's SumKernel.cpp: ``multi_row_sum``, ``row_sum`` and the vectorised outer sum), one
vector addition at a time. The fixtures in tests/golden/kernels.json tie both to real torch."""

import numpy as np
import pytest

from gradcalc.engine.ops.cascade_sum import torch_sum

LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}


def _ceil_log2(n):
    return int(n - 1).bit_length() if n > 1 else 0


def _multi_row_sum(rows):
    """SumKernel.cpp's multi_row_sum over rows (size, 4, width), transcribed."""
    size = rows.shape[0]
    levels = 4
    power = max(4, _ceil_log2(size) // levels)
    step = 1 << power
    mask = step - 1
    acc = [np.zeros(rows.shape[1:], rows.dtype) for _ in range(levels)]
    i = 0
    while i + step <= size:
        for _ in range(step):
            acc[0] = acc[0] + rows[i]
            i += 1
        for j in range(1, levels):
            acc[j] = acc[j] + acc[j - 1]
            acc[j - 1] = np.zeros_like(acc[j - 1])
            if i & (mask << (j * power)):
                break
    while i < size:
        acc[0] = acc[0] + rows[i]
        i += 1
    for j in range(1, levels):
        acc[0] = acc[0] + acc[j]
    return acc[0]


def _row_sum(units):
    n, width = units.shape
    size_ilp = n // 4
    partial = _multi_row_sum(units[: size_ilp * 4].reshape(size_ilp, 4, width))
    total = partial[0]
    for i in range(size_ilp * 4, n):
        total = total + units[i]
    for k in range(1, 4):
        total = total + partial[k]
    return total


def reference_sum(flat):
    lanes = LANES[flat.dtype]
    n = flat.shape[0]
    if n < lanes:
        return _row_sum(flat.reshape(n, 1))[0]
    nvec = n // lanes
    vec = _row_sum(flat[: nvec * lanes].reshape(nvec, lanes))
    total = flat.dtype.type(0)
    for v in flat[nvec * lanes:]:
        total = total + v
    for v in vec:
        total = total + v
    return total


def _same(a, b):
    return np.asarray(a).tobytes() == np.asarray(b).tobytes() or (np.isnan(a) and np.isnan(b))


SIZES = [1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512,
         513, 1000, 1023, 1024, 1025, 2000, 2047, 2048, 2049, 4095, 4096, 4097, 8191, 8192, 8193,
         16383, 16384, 16385, 32767, 32768]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", SIZES)
def test_vectorised_cascade_adds_in_torchs_order(n, dtype):
    rng = np.random.default_rng(n)
    wide = rng.standard_normal(n) * 10.0 ** rng.integers(-12, 12, n)  # rounding shows at every step
    for x in (rng.standard_normal(n).astype(dtype), wide.astype(dtype)):
        with np.errstate(all="ignore"):
            assert _same(torch_sum(x), reference_sum(x))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_random_sizes_and_special_values(dtype):
    rng = np.random.default_rng(20)
    for n in rng.integers(1, 32769, 40):
        x = (rng.standard_normal(n) * 1e4).astype(dtype)
        x[rng.integers(0, n, 2)] = -0.0
        with np.errstate(all="ignore"):
            assert _same(torch_sum(x), reference_sum(x))
            y = x.copy()
            y[rng.integers(0, n)] = np.inf
            assert _same(torch_sum(y), reference_sum(y))
            y[rng.integers(0, n)] = np.nan
            assert _same(torch_sum(y), reference_sum(y))
    for n in (1, 9, 300):
        z = np.full(n, -0.0, dtype)
        assert _same(torch_sum(z), reference_sum(z))


def test_more_rows_than_two_carry_levels():
    """Over 4,096 rows of four vectors the third carry level works (torch splits tensors this
    large among threads, so sum_all does not reach it; the cascade itself must still hold)."""
    rng = np.random.default_rng(3)
    for n in (4096 * 32, 4096 * 32 + 8 * 4 * 16 * 3 + 13):
        x = rng.standard_normal(n).astype(np.float32)
        assert _same(torch_sum(x), reference_sum(x))
