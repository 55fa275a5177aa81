"""``.grad`` never shares memory with a tensor the user holds (ownership tracked explicitly,
not by reference counts): later accumulation adds into ``.grad`` in place, which must not
change the user's tensor, nor another leaf's ``.grad``."""

import numpy as np

import gradcalc.engine as torch


def _shares(a, b):
    return np.shares_memory(a.detach().numpy(), b.detach().numpy())


def test_the_gradient_argument_is_copied():
    x = torch.ones(3, requires_grad=True)
    v = torch.tensor([1.0, 2.0, 3.0])
    (x * 1).backward(v)
    (x * 1).backward(v)
    assert not _shares(x.grad, v) and v.tolist() == [1.0, 2.0, 3.0] and x.grad.tolist() == [2.0, 4.0, 6.0]
    y = torch.ones(3, requires_grad=True)
    y.backward(v)  # a leaf's own root gradient
    y.backward(v)
    assert v.tolist() == [1.0, 2.0, 3.0] and y.grad.tolist() == [2.0, 4.0, 6.0]


def test_what_a_hook_returns_or_keeps_is_copied():
    x = torch.ones(3, requires_grad=True)
    mine = torch.tensor([5.0, 5.0, 5.0])
    h = x.register_hook(lambda g: mine)
    (x * 2).sum().backward()
    h.remove()
    (x * 2).sum().backward()
    assert not _shares(x.grad, mine) and mine.tolist() == [5.0, 5.0, 5.0] and x.grad.tolist() == [7.0, 7.0, 7.0]

    seen = []
    w = torch.ones(2, requires_grad=True)
    y = w * 3
    y.register_hook(lambda g: seen.append(g))
    y.sum().backward()
    (w * 1).sum().backward()
    assert seen[0].tolist() == [1.0, 1.0] and w.grad.tolist() == [4.0, 4.0]


def test_one_gradient_passed_to_two_leaves_is_taken_once():
    a = torch.ones(3, requires_grad=True)
    b = torch.ones(3, requires_grad=True)
    (a + b).sum().backward()
    assert not _shares(a.grad, b.grad)
    (a * 2).sum().backward()
    assert a.grad.tolist() == [3.0, 3.0, 3.0] and b.grad.tolist() == [1.0, 1.0, 1.0]


def test_autograd_grad_outputs_and_custom_backwards_are_not_shared():
    x = torch.ones(3, requires_grad=True)
    (g,) = torch.autograd.grad((x * 2).sum(), x)
    (x * 2).sum().backward()
    (x * 2).sum().backward()
    assert g.tolist() == [2.0, 2.0, 2.0] and not _shares(g, x.grad)

    kept = []

    class Keep(torch.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            return t * 1

        @staticmethod
        def backward(ctx, grad):
            out = grad * 2
            kept.append(out)
            return out

    z = torch.ones(2, requires_grad=True)
    Keep.apply(z).sum().backward()
    Keep.apply(z).sum().backward()
    assert kept[0].tolist() == [2.0, 2.0] and z.grad.tolist() == [4.0, 4.0]


def test_a_fresh_gradient_is_still_taken_without_a_copy():
    """The fast path stays: what the engine made and nobody saw becomes .grad as it is."""
    from gradcalc.engine import backward
    x = torch.ones(1000, requires_grad=True)
    made = []
    real = backward._accumulate

    def spy(acc, g, create_graph, observer, owned=False):
        made.append(owned)
        return real(acc, g, create_graph, observer, owned)

    backward._accumulate = spy
    try:
        (x * 3).sum().backward()
    finally:
        backward._accumulate = real
    assert made == [True]
