"""torch.autograd.profiler / torch.profiler against torch 2.13 (tests/golden/profiler.json):
the tables' layout (columns, widths, names, counts, shapes, memory; times masked) and the
schedule's step actions, trace hand-overs and ProfilerStep ranges."""

import json
import os
import sys

import pytest

import gradcalc.engine as torch

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN)

from profiler_cases import PROGRAMS, normal, run  # noqa: E402

with open(os.path.join(GOLDEN, "profiler.json")) as f:
    EXPECTED = json.load(f)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program_as_torch(name):
    torch.manual_seed(0)
    got = normal(run(torch, PROGRAMS[name]))
    assert json.loads(json.dumps(got)) == EXPECTED[name]
