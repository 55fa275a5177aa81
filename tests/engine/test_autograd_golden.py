"""Replay the golden autograd cases (tests/golden/autograd.json, written by real torch
through tests/golden/autograd_generate.py) on gradcalc.engine: the same stdout,
warnings, exception and result (nesting, shapes, dtypes, grad_fn names, values).

A few known differences are listed below with their reason: for those cases the
named parts are left out of the comparison and must still differ, so a fix shows up
here (then remove the entry).
"""

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

with open(os.path.join(GOLDEN, "autograd.json")) as f:
    FIXTURES = json.load(f)["cases"]

_HESSIAN_FWD = ("torch's forward-mode Hessian (forward AD over the inner reverse-mode Jacobian) carries a graph "
                "(ReshapeAliasBackward0); ours is computed in reverse mode and returned detached; values agree")
KNOWN_DIFFERENCES = {
    # id: (reason, parts left out of the comparison)
    "functional/hessian/cube/forward-mode": (_HESSIAN_FWD, {"requires_grad", "grad_fn"}),
    "functional/hessian/sin-x-y2/forward-mode": (_HESSIAN_FWD, {"requires_grad", "grad_fn"}),
    "functional/hessian/tuple1/forward-mode": (_HESSIAN_FWD, {"requires_grad", "grad_fn"}),
    "functional/hessian/quadratic-form/forward-mode": (_HESSIAN_FWD, {"requires_grad", "grad_fn"}),
}


# torch warns about backward(create_graph=True) once per process: the generator ran every case in
# one process, so only the first case that triggers it shows it. Each replayed case starts in the
# state torch was in at that point, whichever cases are selected.
_CYCLE_WARNING = "UserWarning: " + _backward.CREATE_GRAPH_CYCLE_MSG
_FIRST_CYCLE_WARNING = next((i for i, c in enumerate(FIXTURES) if _CYCLE_WARNING in c["warnings"]), len(FIXTURES))


def _strip(description, fields):
    """The description without the tensor fields named (for known differences)."""
    if isinstance(description, dict):
        if "tensor" in description:
            return {"tensor": {k: v for k, v in description["tensor"].items() if k not in fields}}
        return {k: _strip(v, fields) for k, v in description.items()}
    if isinstance(description, list):
        return [_strip(v, fields) for v in description]
    return description


def test_fixtures_are_present_and_named_uniquely():
    ids = [c["id"] for c in FIXTURES]
    assert len(ids) > 250 and len(ids) == len(set(ids))
    assert set(KNOWN_DIFFERENCES) <= set(ids)


@pytest.mark.parametrize("case", FIXTURES, ids=[c["id"] for c in FIXTURES])
def test_case_matches_torch(case):
    _backward._WARNED_CREATE_GRAPH[0] = FIXTURES.index(case) > _FIRST_CYCLE_WARNING
    got = run_case(torch, case["code"])
    reason, skipped = KNOWN_DIFFERENCES.get(case["id"], (None, set()))
    tensor_fields = skipped - {"stdout", "warnings", "error"}
    problems = []
    for part in ("stdout", "warnings", "error"):
        if part in skipped:
            assert got[part] != case[part], f"{case['id']}: {part} now matches torch; remove it from KNOWN_DIFFERENCES"
        elif got[part] != case[part]:
            problems.append(f"{part}:\n  torch:  {case[part]!r}\n  engine: {got[part]!r}")
    d = diff(_strip(case["result"], tensor_fields), _strip(got["result"], tensor_fields))
    if d:
        problems.append(d)
    if tensor_fields:
        assert diff(case["result"], got["result"]), f"{case['id']}: now matches torch; update KNOWN_DIFFERENCES"
    assert not problems, f"{case['id']} ({reason or 'no known difference'}):\n" + "\n".join(problems) + \
        "\n--- code:\n" + case["code"]
