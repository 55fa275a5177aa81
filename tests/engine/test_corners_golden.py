"""Replay the golden corner cases (tests/golden/corners.json, written by real torch
through tests/golden/corners_generate.py) on gradcalc.engine: the same stdout,
warnings, exception and result."""

import json
import os
import sys

import pytest

import gradcalc.engine as torch
from gradcalc.engine import backward as _backward

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "golden")
sys.path.insert(0, GOLDEN)

from autograd_runner import diff, run_case  # noqa: E402

with open(os.path.join(GOLDEN, "corners.json")) as f:
    FIXTURES = json.load(f)["cases"]

# torch warns about backward(create_graph=True) once per process: only the first case of the
# generator's run that triggers it shows it; each replayed case starts in torch's state there.
_CYCLE_WARNING = "UserWarning: " + _backward.CREATE_GRAPH_CYCLE_MSG
_FIRST_CYCLE_WARNING = next((i for i, c in enumerate(FIXTURES) if _CYCLE_WARNING in c["warnings"]), len(FIXTURES))


@pytest.mark.parametrize("case", FIXTURES, ids=[c["id"] for c in FIXTURES])
def test_case_matches_torch(case):
    _backward._WARNED_CREATE_GRAPH[0] = FIXTURES.index(case) > _FIRST_CYCLE_WARNING
    got = run_case(torch, case["code"])
    problems = []
    for part in ("stdout", "warnings", "error"):
        if got[part] != case[part]:
            problems.append(f"{part}:\n  torch:  {case[part]!r}\n  engine: {got[part]!r}")
    d = diff(case["result"], got["result"])
    if d:
        problems.append(d)
    assert not problems, f"{case['id']}:\n" + "\n".join(problems) + "\n--- code:\n" + case["code"]
