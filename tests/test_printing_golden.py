"""gradcalc.engine prints what torch printed, for every golden case and the seed tutorial.

The fixtures come from real torch (tests/golden/generate.py). Each case runs with
``torch`` bound to gradcalc.engine; stdout must match exactly, object addresses
normalised. These need the engine core: they skip until ``gradcalc.engine.tensor``
exists. A case that fails here but passes in test_printing_formatter_golden.py
points at the engine (values, grad_fn names, missing functions), not the printer.
"""

import json
import os
import re
import sys

import pytest

import gradcalc.engine as engine

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")
CONFORMANCE = os.path.join(HERE, "..", "..", "shared", "conformance")
sys.path.insert(0, GOLDEN)

from golden_runner import normalise, run_snippet  # noqa: E402

needs_engine = pytest.mark.skipif(not hasattr(engine, "tensor"),
                                  reason="the engine core (gradcalc.engine.tensor) has not landed yet")

with open(os.path.join(GOLDEN, "printing.json")) as _f:
    _CASES = json.load(_f)["cases"]


@needs_engine
@pytest.mark.parametrize("case", _CASES, ids=[c["id"] for c in _CASES])
def test_engine_prints_like_torch(case):
    printed, _ = run_snippet(engine, case["code"])
    assert printed == case["expected"]


@needs_engine
@pytest.mark.skipif(not os.path.exists(os.path.join(CONFORMANCE, "seed_tutorial.py")),
                    reason="shared/conformance is not beside the repository")
def test_seed_tutorial_conformance():
    with open(os.path.join(CONFORMANCE, "seed_tutorial.py")) as f:
        code = f.read()
    with open(os.path.join(CONFORMANCE, "seed_tutorial.expected")) as f:
        expected = f.read()
    # "run as Python with torch = gradcalc.engine": bind the name instead of importing torch.
    code = re.sub(r"^import torch\s*$", "", code, flags=re.M)
    printed, _ = run_snippet(engine, code)
    assert normalise(printed) == normalise(expected)
