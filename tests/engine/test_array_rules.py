"""The array form of each row's rules (``ops/table.py``): a backward that records nothing runs
a row's rules on numpy values instead of engine ops. Both come from one declaration; here
every row's array form is run against its engine-op form on the row's own cases (float64,
float32, float16, 0-d), and the two must give the same gradients, bit for bit."""

import zlib

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.backward import _reduce
from gradcalc.engine.ops.table import ROWS, _array_form
from gradcalc.engine.tensor import Tensor

# the rows of pointwise ops (table.row / binary_row), whose nodes the table gives an array form
POINTWISE = [r for r in ROWS if r.node.array_backward is not None]
CASES = [(r, c) for r in POINTWISE for c in r.node.checks]


def _has_array_form(r):
    return all(g is None or g == "zero" or _array_form(g[0]) is not None for g in r._rules)


def _nodes_of(out, cls):
    seen, stack, found = set(), [out.grad_fn], []
    while stack:
        n = stack.pop()
        if n is None or n in seen:
            continue
        seen.add(n)
        if type(n) is cls:
            found.append(n)
        stack.extend(f for f, _ in n.next_functions)
    return found


def _compare(r, case, dtype, zero_d=False, needs=None, broadcast_grad=False):
    rng = np.random.default_rng(zlib.crc32(repr(case).encode()))
    shapes = [() for _ in case.shapes] if zero_d else case.shapes
    xs = [torch.tensor(rng.uniform(case.low, case.high, s), dtype=dtype,
                       requires_grad=needs is None or needs[i]) for i, s in enumerate(shapes)]
    if not any(x.requires_grad for x in xs):
        return 0
    try:
        out = case.fn(*xs)
    except (RuntimeError, IndexError, TypeError, NotImplementedError):
        if zero_d or dtype is not torch.float64:
            return 0  # a case written for its shapes (a dim argument) or a dtype torch refuses
        raise
    nodes = _nodes_of(out, r.node)
    for node in nodes:
        shape, npdt = node._outs[0]
        g = rng.standard_normal(shape).astype(npdt)
        if broadcast_grad:  # one value broadcast, as sum()'s backward hands on
            g = np.broadcast_to(g.reshape(-1)[:1].reshape(()), shape)
        got = node.array_backward(g)
        with torch.no_grad():
            want = node.backward(Tensor._wrap(g if broadcast_grad else g.copy()))
            want = want if isinstance(want, tuple) else (want,)
            if node.broadcasting and node._in_meta is not None:
                want = _reduce(want, node, None)
        if got is NotImplemented:  # only where a rule reads an integer tensor (ldexp's exponent)
            assert any(isinstance(v, Tensor) and v._data.dtype.kind != "f" for v in node._saved or ()), \
                f"{r.node.__name__}: no array form on {dtype}"
            continue
        assert len(got) == len(want)
        for j, (a, b) in enumerate(zip(got, want)):
            if not node.should_compute(j):
                assert a is None
                continue
            assert (a is None) == (b is None)
            if a is None:
                continue
            assert a._data.dtype == b._data.dtype and a._data.shape == b._data.shape, (j, a, b)
            np.testing.assert_array_equal(a._data, b._data, err_msg=f"{r.node.__name__} input {j}")
    return len(nodes)


ARRAY_CASES = [(r, c) for r, c in CASES if _has_array_form(r)]


@pytest.mark.parametrize("item", ARRAY_CASES, ids=[f"{r.node.__name__}-{c!r}" for r, c in ARRAY_CASES])
@pytest.mark.parametrize("dtype", [torch.float64, torch.float32, torch.float16])
def test_array_form_equals_engine_form(item, dtype):
    r, case = item
    with np.errstate(all="ignore"):
        n = _compare(r, case, dtype)
        n += _compare(r, case, dtype, zero_d=True)
        n += _compare(r, case, dtype, broadcast_grad=True)
        if len(case.shapes) == 2:  # only one of the two gradients needed
            n += _compare(r, case, dtype, needs=(True, False))
            n += _compare(r, case, dtype, needs=(False, True))
    assert n, f"the case of {r.node.__name__} does not reach its node"


def test_the_hot_rows_have_an_array_form():
    names = {r.node.__name__ for r in POINTWISE if _has_array_form(r)}
    for name in ("AddBackward0", "SubBackward0", "MulBackward0", "DivBackward0", "NegBackward0", "RsubBackward0",
                 "RsubBackward1", "SinBackward0", "CosBackward0", "ExpBackward0", "LogBackward0", "TanhBackward0",
                 "SigmoidBackward0", "SqrtBackward0"):
        assert name in names, name


def test_a_rule_reading_a_global_function_keeps_only_its_engine_form():
    from gradcalc.engine.ops.arithmetic import RemainderBackward1
    r = RemainderBackward1._row
    assert not _has_array_form(r)
    x = torch.tensor([2.5, 3.5], requires_grad=True)
    y = torch.tensor([1.5, 2.0], requires_grad=True)
    assert (x % y).grad_fn.array_backward(np.ones(2)) is NotImplemented


def test_an_integer_operand_falls_back_to_the_engine_form():
    # numpy would promote float32 * int64 to float64; torch keeps float32: the engine form runs
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    k = torch.tensor([3, 4])
    out = x * k
    assert out.grad_fn.array_backward(np.ones(2, np.float32)) is NotImplemented
    out.sum().backward()
    assert x.grad.dtype == torch.float32 and x.grad.tolist() == [3.0, 4.0]


def test_a_saved_parameter_is_read_as_a_tensor():
    w = torch.nn.Parameter(torch.tensor([2.0, 3.0]))
    x = torch.tensor([1.0, 4.0], requires_grad=True)
    (x * w).sum().backward()
    assert x.grad.tolist() == [2.0, 3.0] and w.grad.tolist() == [1.0, 4.0]
