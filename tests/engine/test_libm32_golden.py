"""float32 exp/log/tanh/log10/log2/log1p/expm1/sinh/cosh/atanh round as torch's AVX2
kernels do (ops/libm32.py), against tests/golden/libm32.json, written by real torch:
tests/golden/libm32_generate.py.

Every special value (zeros, subnormals, the largest floats, infinities, nan) must give torch's
bits (a nan only as a nan: its sign bit follows the C library, torch's may not). Among
the random values, torch's kernels are not correctly rounded for a few inputs, where the
float64 route is one last bit away: those stay one unit in the last place off and within the
counts below (numpy's float32 loops, the route before, missed 41 to 436 of these 1,207 values
per function, log2 1)."""

import json
import os
import sys

import gradcalc.engine as torch  # before numpy: its C-library loops, as on the reference machine
import numpy as np
import pytest

GOLDEN = os.path.join(os.path.dirname(__file__), os.pardir, "golden")
sys.path.insert(0, GOLDEN)
from libm32_cases import FUNCS, SPECIALS, base_values, view  # noqa: E402

with open(os.path.join(GOLDEN, "libm32.json")) as f:
    DATA = json.load(f)

# the most elements of a function's five cases allowed one last bit away from torch's
NEAR_MISSES = {"exp": 7, "log": 32, "tanh": 2, "log10": 0, "log2": 0, "log1p": 3, "expm1": 6, "sinh": 4,
               "cosh": 0, "atanh": 6, "sin": 37, "cos": 64}


def _misses(case):
    """(where gradcalc differs from torch, as a mask over the base buffer's order, the ulps apart)"""
    want = np.frombuffer(bytes.fromhex(case["bytes"]), "<f4").reshape(case["shape"])
    base = base_values(case["op"], case["layout"])
    got = getattr(view(torch.from_numpy(base), case["layout"]), case["op"])()
    assert list(got.shape) == case["shape"] and got.dtype == torch.float32
    got = got.numpy()
    nan = np.isnan(want)
    assert (np.isnan(got) == nan).all()
    differ = (want.view(np.int32) != got.view(np.int32)) & ~nan
    ulps = np.abs(want.view(np.int32).astype(np.int64) - got.view(np.int32).astype(np.int64))[differ]
    inputs = view(base, case["layout"]) if case["layout"] != "transposed" else base.T
    return differ, ulps, inputs


@pytest.mark.parametrize("op", list(FUNCS))
def test_libm32_matches_torch(op):
    misses = 0
    for case in [c for c in DATA["cases"] if c["op"] == op]:
        differ, ulps, inputs = _misses(case)
        special = np.isin(inputs, np.array(SPECIALS, np.float32)) | np.isnan(inputs)
        assert not (differ & special).any(), (case["layout"], inputs[differ & special])
        assert (ulps == 1).all(), (case["layout"], ulps)
        misses += int(differ.sum())
    assert misses <= NEAR_MISSES[op]
