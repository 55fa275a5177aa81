"""torch's random numbers, bit for bit: every case of tests/golden/random_cases.py run
with gradcalc.engine as ``torch`` against what torch 2.13 drew (random.json, written by
tests/golden/random_generate.py with real torch).

Every tensor must have torch's dtype, shape and bytes (a SHA-1 of them, plus the values
themselves or an evenly spaced sample of large ones). The one allowance: torch's
double-precision kernels call the C library (log1p, sin, cos ...), and so do numpy's
float64 ufuncs on this kind of CPU; where numpy uses its own vector maths instead (CPUs
with AVX-512), a float may differ in its last bit, so there float values are compared to
within one ulp and the hash is not required.
"""

import json
import math
import os
import sys

import numpy as np
import pytest

import gradcalc.engine as torch

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN)

from random_cases import cases  # noqa: E402
from random_runner import run_case  # noqa: E402

with open(os.path.join(GOLDEN, "random.json")) as f:
    FIXTURE = json.load(f)["cases"]

CASES = cases()


def _numpy_uses_libm():
    x = np.linspace(0.001, 6.28, 4001)
    return all((getattr(np, f)(x) == np.array([getattr(math, f)(v) for v in x])).all()
               for f in ("sin", "cos", "log", "log1p", "tan", "exp"))


STRICT = _numpy_uses_libm()


def _within_one_ulp(got, want, dtype):
    got = np.asarray(got, np.float64).astype(dtype)
    want = np.asarray(want, np.float64).astype(dtype)
    same = (got == want) | (np.isnan(got) & np.isnan(want))
    spacing = np.abs(np.spacing(want.astype(dtype)))
    return bool((same | (np.abs(got.astype(np.float64) - want.astype(np.float64)) <= spacing)).all())


def compare(got, want, where):
    if want is None:
        return
    if "error" in want:
        assert got is not None and "error" in got, f"{where}: torch raised {want['error']}: {want['message']}"
        assert (got["error"], got["message"]) == (want["error"], want["message"]), where
        return
    assert got is not None and "error" not in got, f"{where}: {got}"
    if "py" in want:
        assert got["py"] == want["py"], where
        return
    assert (got["dtype"], got["shape"]) == (want["dtype"], want["shape"]), where
    assert got["index"] == want["index"], where
    if want["dtype"].startswith("float") and not STRICT:
        assert _within_one_ulp(got["values"], want["values"], np.dtype(want["dtype"])), where
        return
    assert got["values"] == want["values"] or _nan_equal(got["values"], want["values"]), where
    assert got["sha1"] == want["sha1"], f"{where}: the sampled values agree, other elements differ"


def _nan_equal(a, b):
    return len(a) == len(b) and all(x == y or (x != x and y != y) for x, y in zip(a, b))


@pytest.mark.parametrize("name,snippets", CASES, ids=[c[0] for c in CASES])
def test_random_matches_torch(name, snippets):
    got = run_case(torch, snippets)
    want = FIXTURE[name]
    for src, g, w in zip(snippets, got, want):
        compare(g, w, f"{name}: {src}")


def test_fixture_covers_every_case():
    assert sorted(FIXTURE) == sorted(name for name, _ in CASES)
