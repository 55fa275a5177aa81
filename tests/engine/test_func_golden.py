"""Replay the golden torch.func cases (tests/golden/func.json, written by real torch through
tests/golden/func_generate.py) on gradcalc.engine: stdout, warnings, the exception and the
result (nesting, shapes, dtypes, requires_grad, values).

``grad_fn`` names are not compared: a transform's result is a create_graph gradient, whose
nodes are the engine's backward rules written in its own ops (docs/engine.md says so for
every double-backward graph); whether it requires grad is compared.
"""

import json
import os
import sys

import pytest

import gradcalc.engine as torch

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "golden")
sys.path.insert(0, GOLDEN)

from autograd_runner import diff, run_case  # noqa: E402

with open(os.path.join(GOLDEN, "func.json")) as f:
    FIXTURES = json.load(f)["cases"]


# id: (reason, parts not compared; they must still differ, so a change shows up here)
KNOWN_DIFFERENCES = {
    "vmap/error/user-error": ("torch's view error inside vmap names the physical batched shape ('[4, 4]' for "
                              "size 12); gradcalc checks the example's view and names it ('[4]' for size 3)",
                              {"error"}),
    "linearize/exp": ("torch's linearize traces f with torch.fx, which warns about its own graph module (an "
                      "internal warning, not behaviour)", {"warnings"}),
}


def _strip_grad_fn(description):
    if isinstance(description, dict):
        if "tensor" in description:
            return {"tensor": {k: v for k, v in description["tensor"].items() if k != "grad_fn"}}
        return {k: _strip_grad_fn(v) for k, v in description.items()}
    if isinstance(description, list):
        return [_strip_grad_fn(v) for v in description]
    return description


def test_fixtures_are_present_and_named_uniquely():
    ids = [c["id"] for c in FIXTURES]
    assert len(ids) >= 100 and len(ids) == len(set(ids))


@pytest.mark.parametrize("case", FIXTURES, ids=[c["id"] for c in FIXTURES])
def test_case_matches_torch(case):
    torch.manual_seed(0)
    got = run_case(torch, case["code"])
    problems = []
    reason, skipped = KNOWN_DIFFERENCES.get(case["id"], (None, set()))
    for part in ("stdout", "warnings", "error"):
        if part in skipped:
            assert got[part] != case[part], f"{case['id']}: {part} now matches torch; remove the known difference"
            continue
        if got[part] != case[part]:
            problems.append(f"{part}:\n  torch:  {case[part]!r}\n  engine: {got[part]!r}")
    d = diff(_strip_grad_fn(case["result"]), _strip_grad_fn(got["result"]))
    if d:
        problems.append(d)
    assert not problems, f"{case['id']}:\n" + "\n".join(problems) + "\n--- code:\n" + case["code"]
