"""Result dtypes (and errors) of binary ops over every dtype/operand-kind pair, against torch."""

import json
import os

import pytest

import gradcalc.engine as torch

HERE = os.path.dirname(__file__)
with open(os.path.join(HERE, "..", "golden", "promotion.json")) as f:
    CASES = json.load(f)

SCALARS = {"py_bool": True, "py_int": 3, "py_float": 2.5}
OPS = {"add": lambda a, b: a + b, "mul": lambda a, b: a * b, "div": lambda a, b: a / b,
       "sub": lambda a, b: a - b, "pow": lambda a, b: a ** b, "lt": lambda a, b: a < b}


def operand(kind, dtype):
    if kind == "dim":
        return torch.ones(2, dtype=getattr(torch, dtype))
    if kind == "zero":
        return torch.ones((), dtype=getattr(torch, dtype))
    return SCALARS[dtype]


@pytest.mark.parametrize("case", CASES, ids=[f"{c['op']}-{'-'.join(c['a'])}-{'-'.join(c['b'])}" for c in CASES])
def test_result_dtype_matches_torch(case):
    a, b = operand(*case["a"]), operand(*case["b"])
    op = OPS[case["op"]]
    if "error" in case:
        with pytest.raises(Exception) as e:
            op(a, b)
        assert type(e.value).__name__ == case["error"]
        assert str(e.value).split("\n")[0] == case["message"]
    else:
        r = op(a, b)
        assert r.dtype.name == case["dtype"]
        assert list(r.shape) == case["shape"]
