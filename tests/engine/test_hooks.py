"""Tensor and node hooks, retain_grad, requires_grad_, .grad bookkeeping — as torch behaves
(each behaviour checked with real torch; the exact texts are also in tests/golden/autograd.json)."""

import warnings

import pytest

import gradcalc.engine as torch


def leaf(values):
    return torch.tensor(values, requires_grad=True)


# -- tensor hooks ---------------------------------------------------------------------------

def test_hooks_run_in_registration_order_and_may_replace_the_gradient():
    calls = []
    x = leaf([1.0, 2.0])
    y = x * 2
    y.register_hook(lambda g: calls.append(("h1", g.tolist())))
    y.register_hook(lambda g: g * 10)
    y.register_hook(lambda g: calls.append(("h3", g.tolist())))
    y.sum().backward()
    assert calls == [("h1", [1.0, 1.0]), ("h3", [10.0, 10.0])]
    assert x.grad.tolist() == [20.0, 20.0]


def test_retain_grad_sees_the_gradient_after_all_hooks_whenever_registered():
    x = leaf([1.0, 2.0])
    y = x * 2
    y.retain_grad()
    y.register_hook(lambda g: g * 10)      # registered after retain_grad, still runs before it (torch)
    y.sum().backward()
    assert y.grad.tolist() == [10.0, 10.0] and x.grad.tolist() == [20.0, 20.0]


def test_hooks_on_leaves_change_what_is_accumulated():
    x = leaf([1.0, 2.0])
    x.register_hook(lambda g: g * 10)
    (x * 2).sum().backward()
    assert x.grad.tolist() == [20.0, 20.0]
    (x * 2).sum().backward()
    assert x.grad.tolist() == [40.0, 40.0]


def test_removed_hooks_do_not_run_and_remove_twice_is_harmless():
    x = leaf([1.0])
    h = x.register_hook(lambda g: g * 100)
    h.remove()
    h.remove()
    y = x * 2
    hy = y.register_hook(lambda g: g * 100)
    hy.remove()
    y.sum().backward()
    assert x.grad.tolist() == [2.0]


def test_hooks_also_apply_to_autograd_grad():
    x = leaf([1.0, 2.0])
    y = x * 2
    y.register_hook(lambda g: g * 10)
    assert torch.autograd.grad(y.sum(), x)[0].tolist() == [20.0, 20.0]
    x.register_hook(lambda g: g + 1)
    assert torch.autograd.grad((x * 2).sum(), x)[0].tolist() == [3.0, 3.0]
    assert x.grad is None


def test_hook_errors():
    x = leaf([1.0, 2.0])
    with pytest.raises(RuntimeError, match="^cannot register a hook on a tensor that doesn't require gradient$"):
        torch.ones(2).register_hook(lambda g: g)
    y = x * 2
    y.register_hook(lambda g: 3)
    with pytest.raises(TypeError, match="^expected Variable, but hook returned 'int'$"):
        y.sum().backward()

    def resize(g):
        return torch.ones(3)

    y = x * 2
    y.register_hook(resize)
    with pytest.raises(RuntimeError, match="^hook 'resize' has changed the size of value$"):
        y.sum().backward()
    y = x * 2
    y.register_hook(lambda g: g.double())
    with pytest.raises(RuntimeError, match=r"^hook '<lambda>' has changed the type of value \(was torch.FloatTensor "
                                           r"got torch.DoubleTensor\)$"):
        y.sum().backward()


# -- post-accumulate hooks -------------------------------------------------------------------

def test_post_accumulate_grad_hook_runs_after_the_leaf_grad_is_updated():
    calls = []
    x = leaf([1.0, 2.0])
    x.register_post_accumulate_grad_hook(lambda t: calls.append(("post", t is x, t.grad.tolist())))
    x.register_hook(lambda g: calls.append(("pre", g.tolist())))
    (x * 2).sum().backward()
    (x * 3).sum().backward()
    assert calls == [("pre", [2.0, 2.0]), ("post", True, [2.0, 2.0]),
                     ("pre", [3.0, 3.0]), ("post", True, [5.0, 5.0])]
    with pytest.raises(RuntimeError, match="^post accumulate grad hooks cannot be registered on non-leaf tensors$"):
        (x * 2).register_post_accumulate_grad_hook(lambda t: None)


def test_post_accumulate_hook_does_not_run_for_autograd_grad():
    calls = []
    x = leaf([1.0])
    x.register_post_accumulate_grad_hook(lambda t: calls.append(1))
    torch.autograd.grad((x * 2).sum(), x)
    assert calls == []


# -- node hooks ------------------------------------------------------------------------------

def test_node_pre_and_post_hooks():
    calls = []
    x = leaf(1.0)
    y = x * 2
    y.grad_fn.register_prehook(lambda go: calls.append(("pre", [g.item() for g in go])))
    y.grad_fn.register_hook(lambda gi, go: calls.append(("post", [g.item() if g is not None else None for g in gi],
                                                         [g.item() for g in go])))
    y.backward()
    assert calls == [("pre", [1.0]), ("post", [2.0, None], [1.0])]


def test_node_hooks_may_replace_gradients():
    x = leaf(1.0)
    y = x * 2
    y.grad_fn.register_prehook(lambda go: (go[0] * 3,))
    y.grad_fn.register_hook(lambda gi, go: (gi[0] * 5, None))
    y.backward()
    assert x.grad.item() == 30.0


def test_node_hook_errors():
    x = leaf(1.0)
    y = x * 2
    y.grad_fn.register_hook(lambda gi, go: (gi[0],))
    with pytest.raises(RuntimeError, match=r"^hook '<lambda>' has returned an incorrect number of values \(got 1, "
                                           r"but expected 2\)$"):
        y.backward()
    y = x * 2
    y.grad_fn.register_prehook(lambda go: 3)
    with pytest.raises(TypeError, match="^expected tuple, but hook returned 'int'$"):
        y.backward()
    y = x * 2
    y.grad_fn.register_prehook(lambda go: (torch.ones(3),))
    with pytest.raises(RuntimeError, match="^hook '<lambda>' has changed the size of value$"):
        y.backward()


def test_accumulate_grad_node_hooks():
    calls = []
    x = leaf(1.0)
    y = x * 2
    acc = y.grad_fn.next_functions[0][0]
    assert acc.variable is x and acc.next_functions == ()
    acc.register_prehook(lambda go: calls.append(("pre", go[0].item())))
    acc.register_hook(lambda gi, go: calls.append(("post", gi, go[0].item())))
    y.backward()
    assert calls == [("pre", 2.0), ("post", (), 2.0)]


# -- retain_grad -------------------------------------------------------------------------------

def test_retain_grad_accumulates_across_backward_calls():
    x = leaf([1.0, 2.0])
    x.retain_grad()                          # a leaf: no-op
    assert x.retains_grad is False
    y = x * 2
    y.retain_grad()
    y.retain_grad()
    assert y.retains_grad
    (y * y).sum().backward(retain_graph=True)
    assert y.grad.tolist() == [4.0, 8.0]
    (y * y).sum().backward()
    assert y.grad.tolist() == [8.0, 16.0]


def test_retain_grad_errors_and_non_leaf_grad_warning():
    with pytest.raises(RuntimeError, match="^can't retain_grad on Tensor that has requires_grad=False$"):
        torch.ones(2).retain_grad()
    y = leaf([1.0]) * 2
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert y.grad is None
    assert "is not a leaf Tensor is being accessed" in str(w[0].message)
    assert "See github.com/pytorch/pytorch/pull/30531 for more information." in str(w[0].message)


def test_retained_grad_is_not_the_graphs_own_buffer():
    x = leaf([1.0, 2.0])
    y = x * 1
    y.retain_grad()
    z = y * 1
    z.sum().backward(retain_graph=True)
    g = y.grad
    z.sum().backward()
    assert g.tolist() == [1.0, 1.0] and y.grad.tolist() == [2.0, 2.0] and x.grad.tolist() == [2.0, 2.0]


# -- requires_grad_ ------------------------------------------------------------------------------

def test_requires_grad_flag():
    x = torch.tensor([1.0, 2.0])
    assert x.requires_grad_() is x and x.requires_grad
    assert not x.requires_grad_(False).requires_grad
    x.requires_grad = True
    assert x.requires_grad and x.is_leaf
    y = x * 2
    assert y.requires_grad_(True) is y
    with pytest.raises(RuntimeError, match="^you can only change requires_grad flags of leaf variables."):
        y.requires_grad_(False)
    with pytest.raises(RuntimeError, match="can require gradients$"):
        torch.tensor([1, 2]).requires_grad_()


# -- .grad bookkeeping -----------------------------------------------------------------------------

def test_grad_accumulates_and_can_be_reset_or_zeroed():
    x = leaf([1.0, 2.0])
    for _ in range(3):
        (x * x).sum().backward()
    assert x.grad.tolist() == [6.0, 12.0]
    g = x.grad
    x.grad.zero_()
    (x * 2).sum().backward()
    assert x.grad is g and g.tolist() == [2.0, 2.0]     # accumulated in place into the same tensor
    x.grad = None
    (x * 3).sum().backward()
    assert x.grad.tolist() == [3.0, 3.0] and x.grad is not g


def test_assigning_grad():
    x = leaf(1.0)
    x.grad = torch.tensor(2.0)
    (x * 3).backward()
    assert x.grad.item() == 5.0
    with pytest.raises(RuntimeError, match=r"^attempting to assign a gradient of size '\[1\]' to a tensor of size "
                                           r"'\[\]'. Please ensure that the gradient and the tensor are the same "
                                           r"size$"):
        x.grad = torch.tensor([1.0])
    with pytest.raises(RuntimeError, match="^attempting to assign a gradient with dtype 'double' to a tensor with "
                                           "grad_dtype 'Float'."):
        x.grad = torch.tensor(1.0, dtype=torch.float64)
    with pytest.raises(TypeError, match="^assigned grad expected to be a Tensor or None but got grad of type float$"):
        x.grad = 3.0


def test_grad_made_with_create_graph_is_a_copy():
    """torch copies the first gradient a leaf receives under create_graph (CopyBackwards): never an alias."""
    x = leaf([1.0, 2.0])
    v = torch.tensor([1.0, 1.0])
    x.backward(v, create_graph=True)
    assert x.grad is not v
    (x * 1).sum().backward()
    assert v.tolist() == [1.0, 1.0] and x.grad.tolist() == [2.0, 2.0]
    w = leaf(2.0)
    (w * w).backward(create_graph=True)
    assert type(w.grad.grad_fn).__name__ == "CopyBackwards"   # torch's name(): torch::autograd::CopyBackwards


def test_retained_grad_under_create_graph_is_a_clone_and_accumulates():
    x = leaf([1.0, 2.0])
    y = x * 2
    y.retain_grad()
    z = (y * y).sum()
    z.backward(create_graph=True)
    assert y.grad.tolist() == [4.0, 8.0] and type(y.grad.grad_fn).__name__ == "CloneBackward0"
    z.backward(create_graph=True)
    assert y.grad.tolist() == [8.0, 16.0] and x.grad.tolist() == [16.0, 32.0]
