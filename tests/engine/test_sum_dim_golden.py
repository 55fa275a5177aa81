"""sum and mean along dims add in torch's order, bit for bit (tests/golden/sum_dim.json, written
by real torch with its AVX2 kernels: tests/golden/sum_dim_generate.py), through the public ops."""

import json
import os
import sys

import gradcalc.engine as torch  # before numpy: its C-library loops, as on the reference machine
import numpy as np
import pytest

GOLDEN = os.path.join(os.path.dirname(__file__), os.pardir, "golden")
sys.path.insert(0, GOLDEN)
from sum_dim_cases import values  # noqa: E402

with open(os.path.join(GOLDEN, "sum_dim.json")) as f:
    DATA = json.load(f)


def _bytes(a):
    return np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<")).tobytes().hex()

@pytest.mark.parametrize("case", DATA["cases"], ids=lambda c: f"{c['op']}-{c['dtype']}-{c['shape']}-{c['dims']}-{c['keepdim']}")
def test_sum_dim_matches_torch(case):
    x = torch.from_numpy(values(tuple(case["shape"]), case["dtype"], case["salt"]))
    dims = case["dims"]
    r = getattr(x, case["op"])(dim=dims[0] if len(dims) == 1 else dims, keepdim=case["keepdim"])
    assert list(r.shape) == case["out_shape"]
    assert _bytes(r.numpy()) == case["bytes"]
