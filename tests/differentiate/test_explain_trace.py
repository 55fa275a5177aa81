"""gradcalc.engine.explain: the recorded backward pass is the engine's own, step for step."""

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.explain import explain_backward, input_labels
from gradcalc.engine.node import OPS


def tutorial():
    x = torch.ones(2, 2, requires_grad=True)
    y = x + 2
    z = y * y * 3
    return x, y, z, z.mean()


def test_tutorial_steps_in_engine_order_and_why_the_gradient_is_4_5():
    x, y, z, out = tutorial()
    trace = explain_backward(out)
    names = [s.name if s.kind == "node" else "leaf" for s in trace.steps]
    assert names == ["MeanBackward0", "MulBackward0", "MulBackward0", "AddBackward0", "leaf"]
    mean, mul3, mulyy, add, leaf = trace.steps
    assert mean.incoming[0].item() == 1.0
    np.testing.assert_allclose(mean.inputs[0].grad.numpy(), 0.25)          # 1 / N, N = 4
    np.testing.assert_allclose(mul3.inputs[0].grad.numpy(), 0.75)          # × 3
    assert [f.label for f in mulyy.inputs] == ["self", "other"]
    for flow in mulyy.inputs:                                              # × y = 3, twice
        np.testing.assert_allclose(flow.grad.numpy(), 2.25)
        assert flow.node is y.grad_fn
    np.testing.assert_allclose(add.incoming[0].numpy(), 4.5)               # 2.25 + 2.25
    assert leaf.tensor is x and leaf.stored and leaf.previous is None
    np.testing.assert_allclose(leaf.result.numpy(), 4.5)
    np.testing.assert_allclose(x.grad.numpy(), 4.5)
    # the rule text is the op class's declaration
    assert mul3.rule == type(z.grad_fn).explain
    assert dict(mean.params)["shape"] == (2, 2)
    assert dict(mul3.saved)["other"] == 3


def test_trace_has_exactly_the_effect_of_backward():
    x, _, _, out = tutorial()
    explain_backward(out)
    x2, _, _, out2 = tutorial()
    out2.backward()
    np.testing.assert_array_equal(x.grad.numpy(), x2.grad.numpy())
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        out.backward()  # freed, as after out.backward()


def test_accumulates_into_an_existing_grad_and_says_what_it_was():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    q = (x * x).sum()
    q.backward(retain_graph=True)
    trace = explain_backward(q)
    (leaf,) = trace.leaves
    assert leaf.previous.tolist() == [2.0, 4.0]
    assert leaf.grad.tolist() == [2.0, 4.0]
    assert leaf.result.tolist() == [4.0, 8.0] == x.grad.tolist()


def test_dry_run_leaves_every_grad_and_the_graph_as_they_were():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    w = torch.tensor([3.0, 4.0], requires_grad=True)
    w.grad = torch.tensor([100.0, 100.0])
    h = x * w
    h.retain_grad()
    q = (h * h).sum()
    before = w.grad
    trace = explain_backward(q, dry=True)
    assert x.grad is None and h.grad is None and w.grad is before
    assert w.grad.tolist() == [100.0, 100.0]
    by_leaf = {id(s.tensor): s for s in trace.leaves}
    assert not by_leaf[id(x)].stored
    np.testing.assert_allclose(by_leaf[id(x)].result.numpy(), [2 * 3 * 3 * 1, 2 * 4 * 4 * 2])
    np.testing.assert_allclose(by_leaf[id(w)].result.numpy(), [100 + 2 * 1 * 1 * 3, 100 + 2 * 2 * 2 * 4])
    # the dry gradients are autograd.grad's, and the graph is still there
    gx, gw = torch.autograd.grad(q, [x, w], retain_graph=True)
    np.testing.assert_allclose(by_leaf[id(x)].grad.numpy(), gx.numpy())
    np.testing.assert_allclose(by_leaf[id(w)].grad.numpy(), gw.numpy())
    q.backward()
    np.testing.assert_allclose(x.grad.numpy(), gx.numpy())


def test_broadcast_reduction_is_called_out():
    a = torch.ones(2, 3, requires_grad=True)
    b = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    trace = explain_backward((a * b).sum())
    mul = trace.steps[1]
    flows = {f.label: f for f in mul.inputs}
    assert flows["self"].reduced_from is None
    assert flows["other"].reduced_from == (2, 3)
    assert tuple(flows["other"].grad.shape) == (3,)
    assert flows["other"].grad.tolist() == [2.0, 2.0, 2.0]


def test_non_scalar_root_needs_a_gradient_as_torch_says():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 3
    with pytest.raises(RuntimeError, match="grad can be implicitly created only for scalar outputs"):
        explain_backward(y)
    trace = explain_backward(y, gradient=torch.tensor([1.0, 0.5]))
    assert trace.gradient.tolist() == [1.0, 0.5]
    assert x.grad.tolist() == [3.0, 1.5]


def test_a_leaf_root_only_accumulates():
    x = torch.tensor(2.0, requires_grad=True)
    trace = explain_backward(x)
    assert [s.kind for s in trace.steps] == ["leaf"]
    assert x.grad.item() == 1.0


def test_leaf_gradients_match_finite_differences():
    rng = np.random.default_rng(0)
    a0, b0 = rng.normal(size=(3, 4)), rng.normal(size=(4,))

    def f(a, b):
        return (torch.tanh(a @ b) * a.sum(1)).sum()

    a = torch.tensor(a0, requires_grad=True)
    b = torch.tensor(b0, requires_grad=True)
    trace = explain_backward(f(a, b), dry=True)
    got = {id(s.tensor): s.result.numpy() for s in trace.leaves}
    for t, base in ((a, a0), (b, b0)):
        num = np.zeros_like(base)
        for i in np.ndindex(base.shape):
            d = np.zeros_like(base)
            d[i] = 1e-6
            args = [torch.tensor(a0), torch.tensor(b0)]
            k = 0 if t is a else 1
            args[k] = torch.tensor(base + d)
            hi = f(*args).item()
            args[k] = torch.tensor(base - d)
            lo = f(*args).item()
            num[i] = (hi - lo) / 2e-6
        np.testing.assert_allclose(got[id(t)], num, rtol=1e-6, atol=1e-8)


def test_max_steps_records_a_prefix_and_counts_the_rest():
    x = torch.tensor([1.0], requires_grad=True)
    t = x
    for _ in range(50):
        t = t * 1.5
    trace = explain_backward(t.sum(), max_steps=10)
    assert sum(s.kind == "node" for s in trace.steps) == 10
    assert trace.unrecorded == 41
    assert [s.kind for s in trace.steps[9:]] == ["node", "elided", "leaf"]  # where they were left out
    (leaf,) = trace.leaves
    np.testing.assert_allclose(leaf.result.numpy(), [1.5 ** 50])


def test_input_labels_come_from_the_rule_text():
    assert input_labels(torch.ones(1, requires_grad=True).mul(2).grad_fn) == ["self", "other"]
    cat = next(op for op in OPS if op.__name__ == "CatBackward0")
    assert input_labels(cat) == []  # grad_i: one rule for every input
