"""Replay tests/golden/nn_gaps_last.json (written by real torch from nn_gaps_cases.py) on
gradcalc.engine: 3-d pooling, unpooling, fractional pooling, transposed 1-d/3-d convolution, lazy modules and the other last torch.nn classes — outputs, grad_fn
names, gradients, reprs, error messages, as test_nn_golden.py does for the first cases."""

import json
import os
import sys
import warnings

import pytest

import gradcalc.engine as torch
import gradcalc.engine.nn as nn
import gradcalc.engine.nn.functional as F

from test_nn_golden import _close

GOLDEN = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "golden")
sys.path.insert(0, os.path.abspath(GOLDEN))

from nn_runner import run_case  # noqa: E402

with open(os.path.join(GOLDEN, "nn_gaps_last.json")) as _f:
    CASES = json.load(_f)["cases"]


# cases whose output node differs from torch's (values and gradients are still checked), and why
KNOWN_GRAPH = {"convtranspose3d-create-graph": "the gradient of the composed transposed 3-d convolution is its "
                                                "composition's (torch: one ConvolutionBackwardBackward0 node)"}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden(case):
    expected = case["record"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.manual_seed(0)
        got = run_case(torch, nn, F, case)
    assert got["error"] == expected["error"]
    for key in ("repr", "state_keys", "text"):
        assert got.get(key) == expected.get(key), key
    for name, values in expected.get("params", {}).items():  # seeded initial weights: torch's draws
        _close(got["params"][name], values, 1e-6, 1e-7, name)
    assert len(got.get("out", ())) == len(expected.get("out", ()))
    for g, e in zip(got.get("out", ()), expected.get("out", ())):
        assert (g["shape"], g["dtype"]) == (e["shape"], e["dtype"])
        if case["id"] not in KNOWN_GRAPH:
            assert g["grad_fn"] == e["grad_fn"]
        _close(g["values"], e["values"], 1e-5, 1e-6, "out")
    assert sorted(got.get("grads", {})) == sorted(expected.get("grads", {}))
    for name, values in expected.get("grads", {}).items():
        _close(got["grads"][name], values, 1e-4, 1e-5, name)
