"""gradcheck / gradgradcheck semantics (torch's: eps, atol, rtol, raise_exception, the
mismatch report, which inputs and outputs count). Public API only: also runs under torch."""

import re
import warnings

import pytest

import gradcalc.engine as torch
from gradcalc.engine.autograd import gradcheck, gradgradcheck
from gradcalc.engine.autograd.gradcheck import GradcheckError


class BadSquare(torch.autograd.Function):
    """x**2 with a backward that is 1.5 times too large."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 2

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * 3 * x


def t64(values, requires_grad=True):
    return torch.tensor(values, dtype=torch.float64, requires_grad=requires_grad)


def test_passes_for_correct_gradients():
    x, y = t64([0.5, -1.0, 2.0]), t64([1.5, 0.25, -0.75])
    assert gradcheck(torch.sin, (x,))
    assert gradcheck(lambda a, b: (a * b.exp(), (a - b).sum()), (x, y))
    assert gradcheck(lambda a: a @ a.T, (t64([[1.0, 2.0], [0.5, -1.0]]),))
    assert gradgradcheck(lambda a, b: (a.sin() * b ** 2).sum(), (x, y))


def test_mismatch_report():
    x = t64([1.0, 2.0])
    with pytest.raises(GradcheckError) as err:
        gradcheck(BadSquare.apply, (x,))
    assert isinstance(err.value, RuntimeError)
    assert str(err.value) == ("Jacobian mismatch for output 0 with respect to input 0,\n"
                              "numerical:tensor([[2.0000, 0.0000],\n        [0.0000, 4.0000]], dtype=torch.float64)\n"
                              "analytical:tensor([[3., 0.],\n        [0., 6.]], dtype=torch.float64)\n")


def test_raise_exception_false_returns_false():
    assert gradcheck(BadSquare.apply, (t64([1.0, 2.0]),), raise_exception=False) is False
    # its backward (3 g x) is itself differentiated correctly: gradgradcheck passes
    assert gradgradcheck(BadSquare.apply, (t64([1.0, 2.0]),), raise_exception=False) is True


def test_tolerances_and_eps():
    x = t64([1.0, 2.0])
    # |analytical - numerical| <= atol + rtol * |numerical|: differences are 1 and 2 here
    assert gradcheck(BadSquare.apply, (x,), rtol=0.5, atol=0.0, raise_exception=False)
    assert not gradcheck(BadSquare.apply, (x,), rtol=0.49, atol=0.0, raise_exception=False)
    assert gradcheck(BadSquare.apply, (x,), rtol=0.0, atol=2.0, raise_exception=False)
    assert not gradcheck(BadSquare.apply, (x,), rtol=0.0, atol=1.9, raise_exception=False)
    # a large eps makes central differences of x**3 visibly wrong (error eps**2 per element)
    assert not gradcheck(lambda t: t ** 3, (x,), eps=0.1, atol=1e-3, rtol=0.0, raise_exception=False)
    assert gradcheck(lambda t: t ** 3, (x,), eps=0.1, atol=0.011, rtol=0.0)


def test_indices_count_only_differentiable_inputs_and_outputs():
    c = t64([1.0, 2.0], requires_grad=False)
    y = t64([0.5, 1.5])
    with pytest.raises(RuntimeError, match="^Jacobian mismatch for output 0 with respect to input 0,"):
        gradcheck(lambda a, b: a * BadSquare.apply(b), (c, y))
    x = t64([1.0, 2.0])
    with pytest.raises(RuntimeError, match="^Jacobian mismatch for output 0 with respect to input 0,"):
        gradcheck(lambda a: (a.detach(), BadSquare.apply(a)), (x,))
    with pytest.raises(RuntimeError, match="^Jacobian mismatch for output 1 with respect to input 1,"):
        gradcheck(lambda a, b: (a * b, BadSquare.apply(b)), (x, y))


def test_input_checks():
    with pytest.raises(ValueError, match="^gradcheck expects at least one input tensor to require gradient, but "
                                         "none of them have requires_grad=True.$"):
        gradcheck(torch.sin, (t64([1.0], requires_grad=False),))
    x32 = torch.tensor([0.5, 1.0], requires_grad=True)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert gradcheck(lambda t: t * 2, (x32,), eps=1e-3, atol=1e-2)
    assert any(str(m.message).startswith("Input #0 requires gradient and is not a double precision floating point "
                                         "or complex.") for m in w)
    assert gradcheck(lambda a, k, s: a * k, (t64([1.0]), 3.0, "not a tensor"))


def test_functions_without_differentiable_outputs():
    x = t64([1.0, 2.0])
    assert gradcheck(lambda a: torch.ones(2, dtype=torch.float64), (x,))
    with pytest.raises(RuntimeError, match="^Numerical gradient for function expected to be zero$"):
        gradcheck(lambda a: a.detach() * 2, (x,))


def test_backward_must_scale_with_grad_output():
    class Ones(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 1

        @staticmethod
        def backward(ctx, g):
            return torch.ones_like(g)

    with pytest.raises(RuntimeError, match="^backward not multiplied by grad_output$"):
        gradcheck(Ones.apply, (t64([1.0]),))


def test_nan_gradients_never_match():
    class NanGrad(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 1

        @staticmethod
        def backward(ctx, g):
            return g * float("nan")

    assert not gradcheck(NanGrad.apply, (t64([1.0]),), raise_exception=False)


def test_non_reentrant_backward_is_reported():
    calls = [0]

    class Drifting(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 1

        @staticmethod
        def backward(ctx, g):
            calls[0] += 1
            return g * (1 + 1e-9 * calls[0])

    with pytest.raises(RuntimeError, match=re.escape("Backward is not reentrant, i.e., running backward with same "
                                                     "input and grad_output multiple times gives different values")):
        gradcheck(Drifting.apply, (t64([1.0, 2.0]),))
    assert gradcheck(Drifting.apply, (t64([1.0, 2.0]),), nondet_tol=1e-6)


def test_gradgradcheck_catches_a_backward_that_is_not_differentiable():
    class DetachedBackward(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x ** 3

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return g * 3 * x.detach() ** 2

    x = t64([0.5, -1.0])
    assert gradcheck(DetachedBackward.apply, (x,))
    with pytest.raises(RuntimeError, match="^Jacobian mismatch for output 0 with respect to input 0,"):
        gradgradcheck(DetachedBackward.apply, (x,))
    go = t64([1.0, -2.0])
    assert gradgradcheck(lambda a: a.exp() * a, (x,), (go,))
