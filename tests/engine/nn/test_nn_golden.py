"""Replay the golden nn cases (tests/golden/nn.json, written by real torch) on gradcalc.engine:
module reprs, output values, dtypes, shapes and grad_fn names, gradients w.r.t. inputs and
parameters, state_dict keys, buffers, and error types and messages (exactly)."""

import json
import os
import sys
import warnings

import numpy as np
import pytest

import gradcalc.engine as torch
import gradcalc.engine.nn as nn
import gradcalc.engine.nn.functional as F

GOLDEN = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "golden")
sys.path.insert(0, os.path.abspath(GOLDEN))

from nn_runner import run_case  # noqa: E402

with open(os.path.join(GOLDEN, "nn.json")) as _f:
    CASES = json.load(_f)["cases"]

# known differences with torch, and why (the test passes again, unchanged, once they match)
KNOWN = {}
# cases whose output node differs from torch's (values and gradients are still checked)
KNOWN_GRAPH = {}


def _close(got, expected, rtol, atol, name):
    if isinstance(expected, dict):  # a large tensor's fingerprint
        assert isinstance(got, dict) and got["n"] == expected["n"], name
        np.testing.assert_allclose(got["head"], expected["head"], rtol=rtol, atol=atol, err_msg=name)
        scale = max(expected["abs"], 1.0)
        for key in ("sum", "abs", "wsum"):
            assert abs(got[key] - expected[key]) <= rtol * scale + atol, (name, key)
        return
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=atol, err_msg=name)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden(case):
    if case["id"] in KNOWN:
        pytest.xfail(KNOWN[case["id"]])
    expected = case["record"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.manual_seed(0)
        got = run_case(torch, nn, F, case)
    assert got["error"] == expected["error"]
    for name, values in expected.get("params", {}).items():  # seeded initial weights: torch's draws
        _close(got["params"][name], values, 1e-6, 1e-7, name)
    for key in ("repr", "state_keys"):
        assert got.get(key) == expected.get(key), key
    for name, values in expected.get("buffers", {}).items():
        _close(got["buffers"][name], values, 1e-5, 1e-6, name)
    assert len(got.get("out", ())) == len(expected.get("out", ()))
    for g, e in zip(got.get("out", ()), expected.get("out", ())):
        assert (g["shape"], g["dtype"]) == (e["shape"], e["dtype"])
        if case["id"] not in KNOWN_GRAPH:
            assert g["grad_fn"] == e["grad_fn"]
        _close(g["values"], e["values"], 1e-5, 1e-6, "out")
    assert sorted(got.get("grads", {})) == sorted(expected.get("grads", {}))
    for name, values in expected.get("grads", {}).items():
        _close(got["grads"][name], values, 1e-4, 1e-5, name)
