"""A row's node class writes its array backward on first use and calls it directly afterwards;
a profile recording meanwhile wraps the class's attribute, and must keep seeing every call."""

import gradcalc.engine as torch


def _count(prof, name):
    return sum(1 for e in prof.function_events if e.name == name)


def test_every_backward_is_recorded_whether_the_array_form_was_written_before_or_during_the_profile():
    x = torch.randn(3, requires_grad=True)
    y = torch.randn(3, requires_grad=True)
    with torch.autograd.profiler.profile() as prof:  # first use of DivBackward0/CosBackward0 here
        for _ in range(3):
            (x.cos() / (y * y + 1.0)).sum().backward()
    assert _count(prof, "DivBackward0") == 3 and _count(prof, "CosBackward0") == 3
    with torch.autograd.profiler.profile() as prof:  # written already
        for _ in range(2):
            (x.cos() / (y * y + 1.0)).sum().backward()
    assert _count(prof, "DivBackward0") == 2 and _count(prof, "CosBackward0") == 2
    g = x.grad.clone()
    x.grad = None
    (x.cos() / (y * y + 1.0)).sum().backward()  # after the profile: the written form, same values
    assert torch.allclose(x.grad * 5, g)
