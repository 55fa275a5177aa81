"""backward() and its errors, as torch words them (this file runs unchanged under real torch:
only the public API is used)."""

import re

import pytest

import gradcalc.engine as torch

SECOND_TIME = "^Trying to backward through the graph a second time"


def leaf(values):
    return torch.tensor(values, requires_grad=True)


def test_a_graph_is_freed_after_backward():
    x = leaf([1.0, 2.0])
    y = (x * x).sum()                 # MulBackward0 saves its inputs
    y.backward()
    with pytest.raises(RuntimeError, match=SECOND_TIME):
        y.backward()


def test_saved_outputs_are_freed_too():
    x = leaf([1.0, 2.0])
    y = x.exp().sum()                 # ExpBackward0 saves its result
    y.backward()
    with pytest.raises(RuntimeError, match=SECOND_TIME):
        y.backward()


def test_retain_graph_allows_a_second_backward():
    x = leaf([1.0, 2.0])
    y = (x * x).sum()
    y.backward(retain_graph=True)
    y.backward()
    assert x.grad.tolist() == [4.0, 8.0]


def test_a_graph_without_saved_tensors_can_run_twice():
    x = leaf([1.0, 2.0])
    y = (x + 1).sum()                 # AddBackward0 and SumBackward0 keep no tensors
    y.backward()
    y.backward()
    assert x.grad.tolist() == [2.0, 2.0]
    z = (x * 2).sum()                 # but x * 2 keeps the 2 (as a saved scalar): freed
    z.backward()
    with pytest.raises(RuntimeError, match=SECOND_TIME):
        z.backward()


def test_the_freed_message_in_full():
    x = leaf([1.0])
    y = (x * x).sum()
    y.backward()
    with pytest.raises(RuntimeError) as err:
        y.backward()
    assert str(err.value) == (
        "Trying to backward through the graph a second time (or directly access saved tensors after they have "
        "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
        "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or "
        "if you need to access saved tensors after calling backward.")


def test_implicit_gradient_only_for_scalars():
    x = leaf([1.0, 2.0])
    with pytest.raises(RuntimeError, match="^grad can be implicitly created only for scalar outputs$"):
        (x * 2).backward()
    (x * 2).backward(torch.tensor([1.0, 0.5]))
    assert x.grad.tolist() == [2.0, 1.0]
    with pytest.raises(RuntimeError, match=re.escape("Mismatch in shape: grad_output[0] has a shape of "
                                                     "torch.Size([3]) and output[0] has a shape of "
                                                     "torch.Size([2]).")):
        (x * 2).backward(torch.ones(3))
    with pytest.raises(TypeError, match="^gradients can be either Tensors or None, but got float$"):
        (x * 2).backward([1.0, 0.5])


def test_a_one_element_tensor_counts_as_scalar():
    x = leaf([3.0])
    (x * 2).backward()
    assert x.grad.tolist() == [2.0]


def test_outputs_without_grad_fn():
    with pytest.raises(RuntimeError, match="^element 0 of tensors does not require grad and does not have a "
                                           "grad_fn$"):
        (torch.tensor([1.0, 2.0]) * 2).sum().backward()
    x = leaf([1.0])
    with pytest.raises(RuntimeError, match="^element 1 of tensors does not require grad and does not have a "
                                           "grad_fn$"):
        torch.autograd.backward([x.sum(), torch.ones(1).sum()])
    with torch.no_grad():
        y = x * 2
    with pytest.raises(RuntimeError, match="^element 0 of tensors does not require grad"):
        y.sum().backward()


def test_version_counter_error_for_a_saved_input():
    x = leaf([1.0, 2.0])
    h = x * 2
    y = h * h
    h.add_(1)
    with pytest.raises(RuntimeError) as err:
        y.sum().backward()
    assert str(err.value) == (
        "one of the variables needed for gradient computation has been modified by an inplace operation: "
        "[torch.FloatTensor [2]], which is output 0 of Add, is at version 1; expected version 0 "
        "instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, "
        "with torch.autograd.set_detect_anomaly(True, check_nan=False).")   # add_ made h an output of Add


def test_version_counter_error_for_a_saved_output():
    x = leaf([1.0, 2.0])
    y = x.exp()
    y.mul_(2)
    with pytest.raises(RuntimeError, match=re.escape("[torch.FloatTensor [2]], which is output 0 of Exp, "
                                                     "is at version 1; expected version 0 instead.")):
        y.sum().backward()


def test_in_place_on_a_tensor_nobody_saved_is_fine():
    x = leaf([1.0, 2.0])
    h = x * 2
    y = h + 1          # AddBackward0 saves nothing
    h.mul_(3)
    y.sum().backward()
    assert x.grad.tolist() == [2.0, 2.0]


def test_leaf_in_place_errors_unless_no_grad():
    x = leaf([1.0, 2.0])
    with pytest.raises(RuntimeError, match="^a leaf Variable that requires grad is being used in an in-place "
                                           "operation.$"):
        x.add_(1)
    with torch.no_grad():
        x.add_(1)
    assert x.tolist() == [2.0, 3.0] and x.requires_grad and x.is_leaf


def test_backward_inputs_restricts_accumulation():
    x, w = leaf([1.0, 2.0]), leaf([3.0, 4.0])
    (x * w).sum().backward(inputs=[x])
    assert x.grad.tolist() == [3.0, 4.0] and w.grad is None
    h = x * w
    (h * h).sum().backward(inputs=[h, w])
    assert h.grad.tolist() == [6.0, 16.0] and w.grad.tolist() == [6.0, 32.0]
    assert x.grad.tolist() == [3.0, 4.0]   # untouched by the second call
    x.grad = None
    (x * x).sum().backward(inputs=x)
    assert x.grad.tolist() == [2.0, 4.0]


def test_backward_inputs_errors():
    x = leaf([1.0])
    with pytest.raises(RuntimeError, match="^`inputs` argument to `backward\\(\\)` cannot be empty.$"):
        x.sum().backward(inputs=[])
    with pytest.raises(RuntimeError, match="^can't retain_grad on Tensor that has requires_grad=False$"):
        x.sum().backward(inputs=[torch.ones(1)])
    z = leaf([1.0])
    x.sum().backward(inputs=[z])              # unused: nothing happens (torch)
    assert z.grad is None and x.grad is None


def test_autograd_backward_with_several_roots():
    x = leaf([1.0, 2.0])
    torch.autograd.backward([(x * 2).sum(), (x * 3).sum()])
    assert x.grad.tolist() == [5.0, 5.0]
    torch.autograd.backward([x * 2, (x * 3).sum()], [torch.ones(2), None])
    assert x.grad.tolist() == [10.0, 10.0]
    with pytest.raises(RuntimeError, match="^got 2 tensors and 1 gradients$"):
        torch.autograd.backward([x.sum(), x.sum()], [torch.tensor(1.0)])


def test_backward_under_no_grad_still_works():
    x = leaf([1.0, 2.0])
    y = (x * x).sum()
    with torch.no_grad():
        y.backward()
    assert x.grad.tolist() == [2.0, 4.0]


def test_create_graph_warns_once_and_keeps_the_graph():
    x = leaf(2.0)
    y = x ** 3
    y.backward(create_graph=True)
    assert x.grad.requires_grad and x.grad.item() == 12.0
    y.backward(create_graph=True)      # retain_graph defaults to create_graph
    assert x.grad.item() == 24.0


def test_inference_mode():
    x = leaf([1.0, 2.0])
    with torch.inference_mode():
        assert not torch.is_grad_enabled() and torch.is_inference_mode_enabled()
        y = x * 2
    assert not y.requires_grad and y.grad_fn is None
    assert torch.is_grad_enabled() and not torch.is_inference_mode_enabled()
    with torch.inference_mode(False):
        assert torch.is_grad_enabled()
        assert (x * 2).requires_grad

    @torch.inference_mode()
    def f(t):
        return t * 2

    assert not f(x).requires_grad
