"""A statement in which ``opt.step()`` runs and then fails leaves no trace: ``opt.state`` (new
entries, step counters, buffers, LBFGS's history lists) and the parameters are as before it."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "interpreter"))
from interp_testutil import Run  # noqa: E402

SETUP = """
import torch
w = torch.tensor([1.0, -2.0], requires_grad=True)
b = torch.tensor([0.5], requires_grad=True)
opt = torch.optim.{ctor}
def closure():
    opt.zero_grad()
    loss = (w * w).sum() + (b * b).sum()
    loss.backward()
    return loss
"""

SHOW = "print(w, b, len(opt.state), sorted((k, repr(v)) for s in opt.state.values() for k, v in s.items()))"

CTORS = ["SGD([w, b], lr=0.1, momentum=0.9)", "Adam([w, b], lr=0.1)", "Adam([w, b], lr=0.1, amsgrad=True)",
         "RMSprop([w, b], lr=0.01, centered=True, momentum=0.5)", "Adagrad([w, b])", "Rprop([w, b])",
         "ASGD([w, b])", "LBFGS([w, b], history_size=3)", "NAdam([w, b])", "RAdam([w, b])", "Adamax([w, b])",
         "Adadelta([w, b])", "AdamW([w, b])"]


@pytest.mark.parametrize("ctor", CTORS)
@pytest.mark.parametrize("steps_before", [0, 2])
def test_failed_step_statement_leaves_state_and_parameters(ctor, steps_before):
    r = Run()
    r(SETUP.format(ctor=ctor))
    for _ in range(steps_before):
        r("opt.step(closure)")
    before = r(SHOW)
    err = r.error("for i in range(2):\n    opt.step(closure)\n    if i == 1:\n        1 / 0\n")
    assert err.kind == "ZeroDivisionError"
    assert r(SHOW) == before
    # and the optimizer carries on as if the failed statement never ran
    r("opt.step(closure)")
    fresh = Run()
    fresh(SETUP.format(ctor=ctor))
    for _ in range(steps_before + 1):
        fresh("opt.step(closure)")
    assert r(SHOW) == fresh(SHOW)


def test_step_failing_inside_the_closure_after_state_was_made():
    r = Run()
    r(SETUP.format(ctor="SGD([w, b], lr=0.1, momentum=0.9)"))
    r("opt.step(closure)")
    before = r(SHOW)
    r("n = [0]\ndef bad():\n    n[0] += 1\n    if n[0] > 1:\n        raise ValueError('boom')\n    return closure()\n")
    err = r.error("for i in range(2):\n    opt.step(bad)\n")
    assert err.kind == "ValueError"
    assert r(SHOW) == before


def test_reading_opt_state_before_collections_is_imported_leaves_defaultdict_readable():
    """``opt.state`` is a defaultdict: reading it before any program imported collections must
    not freeze what the language may read on defaultdicts (default_factory) afterwards."""
    r = Run()
    r(SETUP.format(ctor="SGD([w], lr=0.1, momentum=0.9)") + "opt.step(closure)\nprint(len(list(opt.state.items())))")
    assert Run()("import collections\nd = collections.defaultdict(int)\nprint(d.default_factory)") == \
        "<class 'int'>\n"
