"""set_printoptions checks as torch 2.13 does: nothing when set (torch takes linewidth=print or
precision=10**8 too), torch's own error when a tensor is printed with a value it cannot use."""

import pytest

import gradcalc.engine as torch


@pytest.fixture(autouse=True)
def _default_options():
    yield
    torch.set_printoptions(profile="default")
    torch.set_printoptions(sci_mode=None)


@pytest.mark.parametrize("precision, message", [
    ("a", "Format specifier missing precision"),
    (2.5, "Invalid format specifier '.2.5f' for object of type 'float'"),
    (-1, "Format specifier missing precision"),
])
def test_a_precision_torch_cannot_format_fails_when_printing(precision, message):
    torch.set_printoptions(precision=precision)  # accepted, as torch does
    with pytest.raises(ValueError) as info:
        repr(torch.tensor([1.123456789, 2.0]))
    assert str(info.value) == message


def test_an_unknown_option_is_refused_when_set():
    with pytest.raises(TypeError, match="unexpected keyword argument 'foo'"):
        torch.set_printoptions(foo=1)
