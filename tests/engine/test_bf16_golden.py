"""Replay the golden bfloat16 cases (tests/golden/bf16.json, written by real torch through
tests/golden/bf16_generate.py) on gradcalc.engine: the same stdout, warnings, exception and
result, values bit for bit (a bfloat16 value is exact in a float: no tolerance)."""

import json
import math
import os
import sys

import pytest

import gradcalc.engine as torch

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "golden")
sys.path.insert(0, GOLDEN)

from autograd_runner import diff, run_case  # noqa: E402

with open(os.path.join(GOLDEN, "bf16.json")) as f:
    FIXTURES = json.load(f)["cases"]


def _exact(expected, actual, path="result"):
    """The first value that is not the same number (nan matching nan), or None."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{path}: {actual!r}"
        for key in expected:
            d = _exact(expected[key], actual.get(key), f"{path}.{key}")
            if d:
                return d
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return f"{path}: {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            d = _exact(e, a, f"{path}[{i}]")
            if d:
                return d
        return None
    if isinstance(expected, float) and math.isnan(expected):
        return None if isinstance(actual, float) and math.isnan(actual) else f"{path}: expected nan, got {actual!r}"
    if isinstance(expected, (int, float)) and not isinstance(expected, bool):
        ok = isinstance(actual, (int, float)) and actual == expected and \
            math.copysign(1, actual) == math.copysign(1, expected)
        return None if ok else f"{path}: expected {expected!r}, got {actual!r}"
    return None


# Known gaps (docs/engine.md, "bfloat16"): strict, so a case that starts to match says so.
KNOWN_GAPS = {
    "create/ranges": "linspace: torch's bfloat16 steps are not float32's rounded (one value off)",
    "ew/pow": "pow(x, 3): torch multiplies in bfloat16 (x*x rounded, then *x)",
    "reduce/sum-mean": "logsumexp: one ulp",
    "nn/softmax-losses": "log_softmax: one ulp",
    "optim/rmsprop": "RMSprop, RAdam, Adadelta, Rprop refuse bfloat16 parameters (not matched yet)",
    "optim/radam": "RMSprop, RAdam, Adadelta, Rprop refuse bfloat16 parameters (not matched yet)",
    "optim/adadelta": "RMSprop, RAdam, Adadelta, Rprop refuse bfloat16 parameters (not matched yet)",
    "optim/rprop": "RMSprop, RAdam, Adadelta, Rprop refuse bfloat16 parameters (not matched yet)",
    "optim/unmatched-refused": "RMSprop, RAdam, Adadelta, Rprop refuse bfloat16 parameters (not matched yet)",
    "nn/module-bfloat16": "cross_entropy: log_softmax one ulp off, so some gradients too",
}


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.xfail(reason=KNOWN_GAPS[c["id"]], strict=True))
                                  if c["id"] in KNOWN_GAPS else c for c in FIXTURES],
                         ids=[c["id"] for c in FIXTURES])
def test_case_matches_torch(case):
    got = run_case(torch, case["code"])
    problems = []
    for part in ("stdout", "warnings", "error"):
        if got[part] != case[part]:
            problems.append(f"{part}:\n  torch:  {case[part]!r}\n  engine: {got[part]!r}")
    d = diff(case["result"], got["result"]) or _exact(case["result"], got["result"])
    if d:
        problems.append(d)
    assert not problems, f"{case['id']}:\n" + "\n".join(problems) + "\n--- code:\n" + case["code"]
