"""The formatter alone against real torch: every golden "array case" re-printed from its values.

Each array case stored the values torch printed (tests/golden/printing_arrays.npz)
and the tensor's dtype, requires_grad and grad_fn name; we hand those to
``printing.tensor_repr`` on a stand-in object, under the same print options.
This needs no engine, so it pins the text layer down on its own: a failure here
is the formatter's, a failure only in test_printing_golden.py is the engine's.
"""

import json
import os

import numpy as np
import pytest

from gradcalc.engine import printing

GOLDEN = os.path.join(os.path.dirname(__file__), "golden")

with open(os.path.join(GOLDEN, "printing.json")) as _f:
    _CASES = [c for c in json.load(_f)["cases"] if "opts" in c]
_ARRAYS = np.load(os.path.join(GOLDEN, "printing_arrays.npz"))


class _Dtype:
    def __init__(self, name):
        self.name = name


def _Node(name):
    """A stand-in grad_fn: printing shows the node's class name, as torch's does."""
    return type(name, (), {"name": lambda self: name})()


class StandIn:
    """Just the attributes tensor_repr reads."""

    def __init__(self, data, dtype, requires_grad=False, grad_fn=None):
        self._data = data
        self.dtype = _Dtype(dtype)
        self.requires_grad = requires_grad
        self.grad_fn = None if grad_fn is None else _Node(grad_fn)


@pytest.fixture(autouse=True)
def _reset_printoptions():
    yield
    printing.set_printoptions(profile="default")


@pytest.mark.parametrize("case", _CASES, ids=[c["id"] for c in _CASES])
def test_formatter_matches_torch(case):
    data = _ARRAYS[case["id"]]
    assert data.dtype.name == case["dtype"]
    printing.set_printoptions(**case["opts"])
    t = StandIn(data, case["dtype"], case["requires_grad"], case["grad_fn"])
    assert printing.tensor_repr(t) + "\n" == case["expected"]
