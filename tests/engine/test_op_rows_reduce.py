"""Reductions declared as rows (``ops/table_reduce.py``): what each row generates, what a
node keeps (only the shape where the rule reads only the shape), the forward-mode rule of
the linear ones against finite differences, and a reduction declared from scratch."""

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.autograd import gradcheck, gradgradcheck
from gradcalc.engine.node import OPS
from gradcalc.engine.ops.checks import check
from gradcalc.engine.ops.table import ROWS, row_of
from gradcalc.engine.ops.table_reduce import LINEAR, ReductionRow, reduction

REDUCTIONS = [r for r in ROWS if isinstance(r, ReductionRow)]


def test_the_reductions_are_rows():
    names = {c.__name__ for r in REDUCTIONS for c in (r.node, r.whole) if c is not None}
    assert {"SumBackward0", "SumBackward1", "MeanBackward0", "MeanBackward1", "ProdBackward0", "ProdBackward1",
            "MaxBackward1", "MinBackward1", "AmaxBackward0", "AminBackward0", "LogsumexpBackward0",
            "NansumBackward0"} <= names


@pytest.mark.parametrize("r", REDUCTIONS, ids=[r.node.__name__ for r in REDUCTIONS])
def test_each_generated_node_is_in_the_op_table(r):
    for cls in (r.node, r.whole):
        if cls is not None:
            assert cls in OPS and row_of(cls) is r and cls.checks and cls.explain


@pytest.mark.parametrize("expr", ["x.sum()", "x.sum(1)", "x.mean()", "x.mean((0, 1), keepdim=True)",
                                  "x.sum(dtype=torch.float64)"])
def test_sum_and_mean_keep_the_shape_not_the_input(expr):
    x = torch.ones(2, 3, requires_grad=True)
    y = eval(expr)
    assert y.grad_fn._saved is None  # nothing saved: the rule reads only the shape
    assert y.grad_fn.shape == (2, 3)
    with torch.no_grad():
        x.mul_(2)  # so an in-place change of the input afterwards is no error (as in torch)
    y.sum().backward()
    assert x.grad.shape == (2, 3)


def test_prod_keeps_its_input_and_result():
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x.prod()
    assert y.grad_fn._saved[0] is x and type(y.grad_fn).saves_output


@pytest.mark.parametrize("expr", ["x.sum()", "x.sum(1)", "x.sum((0, 1), keepdim=True)", "x.mean()", "x.mean(0)",
                                  "x.sum(0, dtype=torch.float64)"])
def test_linear_reductions_forward_mode_is_the_reduction_of_the_tangent(expr):
    rng = np.random.default_rng(0)
    xv, tv = rng.standard_normal((2, 3)), rng.standard_normal((2, 3))
    x = torch.tensor(xv, requires_grad=True)
    y = eval(expr)
    tangent = row_of(y.grad_fn).jvp(y.grad_fn, torch.tensor(tv))
    f = lambda v: eval(expr, {"x": torch.tensor(v), "torch": torch}).numpy()  # noqa: E731
    eps = 1e-6
    np.testing.assert_allclose(tangent.detach().numpy(), (f(xv + eps * tv) - f(xv - eps * tv)) / (2 * eps), atol=1e-7)


@pytest.mark.parametrize("expr", ["x.prod()", "x.prod(1)", "x.amax(1)", "x.logsumexp(1)", "x.max()",
                                  "x.nansum(0)"])
def test_other_reductions_forward_mode_comes_from_the_backward(expr):
    rng = np.random.default_rng(1)
    xv, tv = rng.uniform(0.5, 1.5, (2, 3)), rng.standard_normal((2, 3))
    x = torch.tensor(xv, requires_grad=True)
    y = eval(expr)
    tangent = row_of(y.grad_fn).jvp(y.grad_fn, torch.tensor(tv))
    f = lambda v: eval(expr, {"x": torch.tensor(v)}).numpy()  # noqa: E731
    eps = 1e-6
    np.testing.assert_allclose(tangent.detach().numpy(), (f(xv + eps * tv) - f(xv - eps * tv)) / (2 * eps), atol=1e-6)


def test_a_rule_reading_an_unknown_name_is_refused_at_declaration():
    with pytest.raises(TypeError, match="reads 'other'"):
        reduction((), "BadBackward0", lambda d, dims, keepdim: d, grad=lambda grad, other: grad,
                  explain="grad_self = grad", doc="", checks=())


def test_declaring_a_reduction_is_one_row():
    """The worked example of docs/engine.md: the sum of squares, along dims or of everything."""
    def _sumsq(d, dims, keepdim):
        return np.asarray((d * d).sum(axis=dims, keepdims=keepdim))

    row = reduction((), "SumsqBackward1", _sumsq, whole="SumsqBackward0",
                    grad=lambda grad, self: grad * 2 * self,
                    explain="grad_self = 2 * grad * self", doc="The sum of squares.",
                    checks=(check(lambda x: row.node.apply(x, dims=(1,), keepdim=False), (2, 3)),),
                    whole_checks=(check(lambda x: row.whole.apply(x), (2, 3)),))
    try:
        x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], dtype=torch.float64, requires_grad=True)
        y = row.node.apply(x, dims=(1,), keepdim=False)
        assert y.tolist() == [14.0, 77.0] and type(y.grad_fn).__name__ == "SumsqBackward1"
        y.sum().backward()
        assert x.grad.tolist() == [[2.0, 4.0, 6.0], [8.0, 10.0, 12.0]]
        assert type(row.whole.apply(x).grad_fn).__name__ == "SumsqBackward0"
        for cls, case in ((row.node, row.node.checks[0]), (row.whole, row.whole.checks[0])):
            inp = [torch.tensor(np.random.default_rng(1).uniform(-2, 2, (2, 3)), requires_grad=True)]
            assert gradcheck(case.fn, inp) and gradgradcheck(case.fn, inp)
    finally:
        ROWS.remove(row)
        OPS.remove(row.node)
        OPS.remove(row.whole)


def test_reverse_over_forward_through_a_reduction_row():
    """The tangent a reduction's forward rule gives stays differentiable (a Hessian-vector product)."""
    from gradcalc.engine.func import grad, jvp
    x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
    t = torch.tensor([1.0, 0.0, 0.0], dtype=torch.float64)
    hvp = grad(lambda v: jvp(lambda w: w.prod(), (v,), (t,))[1])(x)
    assert hvp.tolist() == [0.0, 3.0, 2.0]  # the Hessian of x0·x1·x2 times e0


def test_zero_d_and_empty_inputs_follow_torch():
    s = torch.tensor(2.0, requires_grad=True)
    for y in (s.sum(0), s.prod(0), s.mean(0), s.amax(0), s.logsumexp(0)):
        assert y.shape == ()
    (s.prod(0) * 3).backward()
    assert s.grad.item() == 3.0
    e = torch.zeros(0, 3)
    assert e.sum().item() == 0.0 and np.isnan(e.mean().item()) and e.prod().item() == 1.0
    assert e.sum(0).tolist() == [0.0, 0.0, 0.0]
    with pytest.raises(RuntimeError, match=r"max\(\): Expected reduction dim to be specified"):
        e.max()
    with pytest.raises(IndexError, match=r"amax\(\): Expected reduction dim 0 to have non-zero size"):
        e.amax(0)
