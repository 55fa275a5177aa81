"""torch.autograd.Function: user-defined ops on the engine's own node machinery.

torch's behaviour for each case was checked with real torch (the error texts are
also in the golden file tests/golden/autograd.json)."""

import warnings

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.autograd import Function, gradcheck, gradgradcheck, once_differentiable
from gradcalc.engine.node import OPS, Node


class MyExp(Function):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        return grad * y


class Scale(Function):
    """A non-tensor argument: backward returns None for it."""

    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x * k

    @staticmethod
    def backward(ctx, grad):
        return grad * ctx.k, None


def leaf(values, dtype=torch.float32):
    return torch.tensor(values, dtype=dtype, requires_grad=True)


# -- the node -------------------------------------------------------------------------------

def test_node_is_named_after_the_class_and_is_the_ctx():
    x = leaf([1.0, 2.0])
    seen = {}

    class Probe(Function):
        @staticmethod
        def forward(ctx, x):
            seen["ctx"] = ctx
            seen["grad_enabled"] = torch.is_grad_enabled()
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2

    y = Probe.apply(x)
    assert y.grad_fn is seen["ctx"]
    assert y.grad_fn.name() == "ProbeBackward"
    assert type(y.grad_fn).__name__ == "ProbeBackward"
    assert isinstance(y.grad_fn, Node)
    assert Probe._backward_cls is type(y.grad_fn) and y.grad_fn._forward_cls is Probe
    assert repr(y.grad_fn).startswith("<torch.autograd.function.ProbeBackward object at 0x")
    assert repr(y) == "tensor([2., 4.], grad_fn=<ProbeBackward>)"
    assert seen["grad_enabled"] is False            # forward runs with grad disabled
    assert not y.is_leaf and y.requires_grad
    assert y.grad_fn.next_functions == ((x.grad_fn or y.grad_fn.next_functions[0][0], 0),)
    assert y.grad_fn.next_functions[0][0].name() == "torch::autograd::AccumulateGrad"


def test_function_node_classes_are_not_ops_of_the_table():
    assert MyExp._backward_cls not in OPS


def test_exp_gradients_first_second_third_order():
    x = leaf([0.5, -1.0], torch.float64)
    y = MyExp.apply(x)
    (g1,) = torch.autograd.grad(y.sum(), x, create_graph=True)
    (g2,) = torch.autograd.grad(g1.sum(), x, create_graph=True)
    (g3,) = torch.autograd.grad(g2.sum(), x)
    e = np.exp([0.5, -1.0])
    for g in (g1, g2, g3):
        np.testing.assert_allclose(g.detach().numpy(), e)


def test_backward_runs_with_grad_mode_equal_to_create_graph():
    modes = []

    class Probe(Function):
        @staticmethod
        def forward(ctx, x):
            return x * 1

        @staticmethod
        def backward(ctx, g):
            modes.append(torch.is_grad_enabled())
            return g

    x = leaf([1.0])
    Probe.apply(x).sum().backward()
    torch.autograd.grad(Probe.apply(x).sum(), x, create_graph=True)
    assert modes == [False, True]


def test_non_tensor_arguments_and_needs_input_grad():
    x = leaf([1.0, 2.0])
    y = Scale.apply(x, 3)
    assert len(y.grad_fn.next_functions) == 1          # only tensor inputs have edges (torch)
    assert y.grad_fn.needs_input_grad == (True, False)
    y.sum().backward()
    assert x.grad.tolist() == [3.0, 3.0]


def test_needs_input_grad_is_per_argument_and_known_in_forward_even_without_grad_mode():
    seen = []

    class Probe(Function):
        @staticmethod
        def forward(ctx, x, w, k):
            seen.append(ctx.needs_input_grad)
            return x * w * k

        @staticmethod
        def backward(ctx, g):
            return g, None, None

    x = leaf([1.0])
    Probe.apply(x, torch.ones(1), 2.0)
    with torch.no_grad():
        out = Probe.apply(x, torch.ones(1), 2.0)
    assert seen == [(True, False, False), (True, False, False)]
    assert out.grad_fn is None and not out.requires_grad


def test_no_input_requiring_grad_gives_a_plain_result():
    y = MyExp.apply(torch.tensor([0.0]))
    assert y.grad_fn is None and not y.requires_grad and y.tolist() == [1.0]


def test_wrong_number_of_gradients():
    class TooFew(Function):
        @staticmethod
        def forward(ctx, x, k):
            return x * k

        @staticmethod
        def backward(ctx, g):
            return g

    class TooMany(Function):
        @staticmethod
        def forward(ctx, x, k):
            return x * k

        @staticmethod
        def backward(ctx, g):
            return g, None, 1

    x = leaf([1.0, 2.0])
    with pytest.raises(RuntimeError, match=r"^function TooFewBackward returned an incorrect number of gradients "
                                           r"\(expected 2, got 1\)$"):
        TooFew.apply(x, 3).sum().backward()
    with pytest.raises(RuntimeError, match=r"^function TooManyBackward returned an incorrect number of gradients "
                                           r"\(expected 2, got 3\)$"):
        TooMany.apply(x, 3).sum().backward()


def test_extra_none_gradients_are_allowed():
    class Extra(Function):
        @staticmethod
        def forward(ctx, x, k):
            return x * k

        @staticmethod
        def backward(ctx, g):
            return g, None, None

    x = leaf([1.0, 2.0])
    Extra.apply(x, 3).sum().backward()
    assert x.grad.tolist() == [1.0, 1.0]


def test_gradient_for_a_non_tensor_input_is_an_error():
    class Bad(Function):
        @staticmethod
        def forward(ctx, x, k):
            return x * k

        @staticmethod
        def backward(ctx, g):
            return g, g

    with pytest.raises(RuntimeError, match="^function BadBackward returned a gradient different than None at "
                                           "position 2, but the corresponding forward input was not a Variable$"):
        Bad.apply(leaf([1.0]), 3).sum().backward()


def test_gradient_that_is_not_a_tensor():
    class Bad(Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return 3.0

    with pytest.raises(RuntimeError, match=r"^expected Variable or None \(got float\)$"):
        Bad.apply(leaf([1.0])).sum().backward()


def test_gradient_shapes_are_checked_and_broadcast_ones_reduced():
    def returning(shape, dtype=torch.float32):
        class R(Function):
            @staticmethod
            def forward(ctx, x):
                return x * 2

            @staticmethod
            def backward(ctx, g):
                return torch.ones(shape, dtype=dtype)
        return R

    x = leaf([1.0, 2.0])
    with pytest.raises(RuntimeError, match=r"^Function RBackward returned an invalid gradient at index 0 - got \[3\] "
                                           r"but expected shape compatible with \[2\]$"):
        returning((3,)).apply(x).sum().backward()
    returning((3, 2)).apply(x).sum().backward()          # expandable: summed back, as torch does
    assert x.grad.tolist() == [3.0, 3.0]
    x.grad = None
    returning((2,), torch.float64).apply(x).sum().backward()   # cast to the input's dtype
    assert x.grad.dtype == torch.float32


def test_multiple_outputs_non_tensor_outputs_and_materialized_grads():
    got = []

    class Two(Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2, x * 3, "hello", 5

        @staticmethod
        def backward(ctx, g1, g2, g3, g4):
            got.append((g1, g2, g3, g4))
            return g1 * 2 + g2 * 3

    x = leaf([1.0, 2.0])
    a, b, s, n = Two.apply(x)
    assert (a.output_nr, b.output_nr, s, n) == (0, 1, "hello", 5)
    assert a.grad_fn is b.grad_fn
    a.sum().backward()
    g1, g2, g3, g4 = got[0]
    assert g1.tolist() == [1.0, 1.0] and g2.tolist() == [0.0, 0.0] and g3 is None and g4 is None
    assert x.grad.tolist() == [2.0, 2.0]


def test_set_materialize_grads_false_passes_none():
    got = []

    class Two(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.set_materialize_grads(False)
            return x * 2, x * 3

        @staticmethod
        def backward(ctx, g1, g2):
            got.append(g2)
            return g1 * 2 if g2 is None else g1 * 2 + g2 * 3

    x = leaf([1.0, 2.0])
    a, b = Two.apply(x)
    a.sum().backward()
    assert got == [None] and x.grad.tolist() == [2.0, 2.0]


def test_mark_non_differentiable_and_integer_outputs():
    got = []

    class ArgMaxAndMax(Function):
        @staticmethod
        def forward(ctx, x):
            i = x.argmax()
            m = x.max()
            ctx.mark_non_differentiable(i)
            ctx.save_for_backward(x, i)
            return m, i, m * 1

        @staticmethod
        def backward(ctx, gm, gi, gm2):
            got.append(gi)
            x, i = ctx.saved_tensors
            r = torch.zeros_like(x)
            r[i] = gm + gm2
            return r

    x = leaf([3.0, 1.0, 5.0])
    m, i, m2 = ArgMaxAndMax.apply(x)
    assert not i.requires_grad and i.grad_fn is None and i.is_leaf
    assert m.requires_grad and m2.requires_grad
    (m * 2).backward()
    assert got[0].tolist() == 0 and got[0].dtype == torch.int64   # zeros of the output's dtype
    assert x.grad.tolist() == [0.0, 0.0, 2.0]


def test_returning_an_input_gives_a_new_tensor_over_the_same_memory():
    class Identity(Function):
        @staticmethod
        def forward(ctx, x):
            return x

        @staticmethod
        def backward(ctx, g):
            return g * 2

    x = leaf([3.0, 1.0])
    y = Identity.apply(x)
    assert y is not x and y.grad_fn.name() == "IdentityBackward" and x.grad_fn is None
    y.sum().backward()
    assert x.grad.tolist() == [2.0, 2.0]


def test_mark_dirty_rebases_the_history_of_the_modified_input():
    class Double_(Function):
        @staticmethod
        def forward(ctx, x):
            x.mul_(2)
            ctx.mark_dirty(x)
            return x

        @staticmethod
        def backward(ctx, g):
            return g * 2

    x = leaf([3.0, 1.0])
    h = x * 1
    y = Double_.apply(h)
    assert y is h and h.grad_fn.name() == "Double_Backward" and h._version == 2   # as torch
    assert h.tolist() == [6.0, 2.0]
    y.sum().backward()
    assert x.grad.tolist() == [2.0, 2.0]
    with pytest.raises(RuntimeError, match="^a leaf Variable that requires grad has been used in an in-place "
                                           "operation.$"):
        Double_.apply(leaf([1.0]))


def test_mark_dirty_keeps_saved_dirty_tensors_valid():
    class Square_(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x.clone())
            x.mul_(x)
            ctx.mark_dirty(x)
            ctx.save_for_backward(x)
            return x

        @staticmethod
        def backward(ctx, g):
            (y,) = ctx.saved_tensors
            return g * 2 * y.sqrt()

    x = leaf([3.0])
    Square_.apply(x * 1).backward()
    assert x.grad.tolist() == [6.0]


def test_save_for_backward_accepts_tensors_and_none_only():
    class SaveNone(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x, None)
            return x * 2

        @staticmethod
        def backward(ctx, g):
            x, n = ctx.saved_tensors
            assert n is None
            return g * 2

    class SaveInt(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x, 3)
            return x * 2

    x = leaf([1.0])
    SaveNone.apply(x).sum().backward()
    assert x.grad.tolist() == [2.0]
    with pytest.raises(TypeError, match="^save_for_backward can only save variables, but argument 1 is of type "
                                        "int$"):
        SaveInt.apply(x)


def test_saved_tensors_are_version_checked_and_freed_after_backward():
    x = leaf([1.0, 2.0])
    w = leaf([1.0, 2.0])
    h = w * 1
    y = MyExp.apply(x) * 1

    class SaveInput(Function):
        @staticmethod
        def forward(ctx, a):
            ctx.save_for_backward(a)
            return a * 2

        @staticmethod
        def backward(ctx, g):
            (a,) = ctx.saved_tensors
            return g * 2

    z = SaveInput.apply(h)
    with torch.no_grad():
        h.mul_(2)
    with pytest.raises(RuntimeError, match="is at version 1; expected version 0 instead"):
        z.sum().backward()
    y.sum().backward()
    with pytest.raises(RuntimeError, match="^Trying to backward through the graph a second time"):
        y.sum().backward()
    with pytest.raises(RuntimeError, match="^Trying to backward through the graph a second time"):
        y.grad_fn.next_functions[0][0].saved_tensors


def test_a_graph_without_saved_tensors_can_run_twice():
    x = leaf([3.0, 1.0])
    y = Scale.apply(x, 2)
    y.sum().backward()
    y.sum().backward()
    assert x.grad.tolist() == [4.0, 4.0]


def test_retain_graph_keeps_saved_tensors():
    x = leaf([0.0])
    y = MyExp.apply(x)
    y.backward(retain_graph=True)
    y.backward()
    assert x.grad.tolist() == [2.0]


def test_missing_forward_or_backward():
    class NoBackward(Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

    class NoForward(Function):
        @staticmethod
        def backward(ctx, g):
            return g

    x = leaf([1.0])
    y = NoBackward.apply(x)
    with pytest.raises(NotImplementedError, match="^You must implement either the backward or vjp method"):
        y.sum().backward()
    with pytest.raises(NotImplementedError, match="^You must implement the forward function for custom "
                                                  "autograd.Function.$"):
        NoForward.apply(x)


def test_vjp_can_stand_for_backward():
    class ViaVjp(Function):
        @staticmethod
        def forward(ctx, x):
            return x * 3

        @staticmethod
        def vjp(ctx, g):
            return g * 3

    x = leaf([1.0])
    ViaVjp.apply(x).backward()
    assert x.grad.tolist() == [3.0]


def test_instantiating_and_calling_a_function_object():
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        fn = MyExp()
    assert w and issubclass(w[0].category, DeprecationWarning) and "should not be instantiated" in str(w[0].message)
    with pytest.raises(RuntimeError, match="^Legacy autograd function with non-static forward method is "
                                           "deprecated."):
        fn(leaf([1.0]))


def test_keyword_arguments_become_inputs_in_parameter_order():
    seen = []

    class K(Function):
        @staticmethod
        def forward(ctx, x, k=2, w=None):
            seen.append(ctx.needs_input_grad)
            return x * k if w is None else x * k * w

        @staticmethod
        def backward(ctx, g):
            return (g * 2,)

    x, w = leaf([3.0, 1.0]), leaf([1.0, 1.0])
    K.apply(x=x).sum().backward()
    assert x.grad.tolist() == [2.0, 2.0]
    y = K.apply(x, 2, w=w)
    assert seen[-1] == (True, False, True) and len(y.grad_fn.next_functions) == 2
    with pytest.raises(RuntimeError, match=r"expected 3, got 1"):
        y.sum().backward()
    with pytest.raises(TypeError, match=r"^forward\(\) missing required argument: 'k' \(position 1\)$"):
        K.apply(torch.ones(2), w=w)


def test_setup_context_style():
    class Mul(Function):
        @staticmethod
        def forward(x, k):
            return x * k

        @staticmethod
        def setup_context(ctx, inputs, output):
            x, k = inputs
            ctx.k = k
            ctx.save_for_backward(output)

        @staticmethod
        def backward(ctx, g):
            (out,) = ctx.saved_tensors
            assert out.grad_fn is ctx
            return g * ctx.k, None

    x = leaf([3.0, 1.0])
    y = Mul.apply(x, k=3)
    y.sum().backward()
    assert x.grad.tolist() == [3.0, 3.0] and y.grad_fn.name() == "MulBackward"


def test_node_hooks_and_tensor_hooks_work_on_function_nodes():
    calls = []
    x = leaf([3.0, 1.0])
    y = MyExp.apply(x)
    y.grad_fn.register_prehook(lambda go: calls.append(("pre", go[0].tolist())))
    y.grad_fn.register_hook(lambda gi, go: calls.append(("post", len(gi), len(go))))
    y.register_hook(lambda g: g * 10)
    y.retain_grad()
    y.sum().backward()
    assert calls == [("pre", [10.0, 10.0]), ("post", 1, 1)]
    assert y.grad.tolist() == [10.0, 10.0]
    np.testing.assert_allclose(x.grad.numpy(), 10 * np.exp([3.0, 1.0]), rtol=1e-6)


def test_gradcheck_and_gradgradcheck_of_functions():
    x = torch.tensor([0.3, -0.7, 1.1], dtype=torch.float64, requires_grad=True)
    assert gradcheck(MyExp.apply, (x,))
    assert gradgradcheck(MyExp.apply, (x,))
    assert gradcheck(lambda t: Scale.apply(t, 2.5), (x,))


def test_once_differentiable_backward_refuses_double_backward():
    class Cube(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x ** 3

        @staticmethod
        @once_differentiable
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            assert not torch.is_grad_enabled()
            return g * 3 * x ** 2

    x = leaf([2.0])
    # as in torch, the outputs get a grad_fn only when a gradient flowing in requires grad
    (g,) = torch.autograd.grad(Cube.apply(x), x, create_graph=True)
    assert g.tolist() == [12.0] and g.grad_fn is None
    v = torch.ones(1, requires_grad=True)
    (g,) = torch.autograd.grad(Cube.apply(x), x, v, create_graph=True)
    assert g.tolist() == [12.0] and g.grad_fn.name() == "torch::autograd::Error"
    with pytest.raises(RuntimeError, match="^trying to differentiate twice a function that was marked with "
                                           "@once_differentiable$"):
        g.backward()
    (g,) = torch.autograd.grad(Cube.apply(x), x)
    assert g.grad_fn is None


def test_every_node_slot_is_initialised():
    """Function nodes are made outside Op.apply: each slot the engine may read must be set."""
    x = leaf([1.0])
    node = MyExp.apply(x).grad_fn
    for cls in type(node).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if slot not in ("__weakref__", "__dict__"):
                getattr(node, slot)   # raises AttributeError when unset


# -- dogfooding: a built-in op written as a Function behaves as the built-in -------------------

class Exp(Function):
    """torch.exp as a user would write it: the same rule as ops/unary.py's ExpBackward0."""

    @staticmethod
    def forward(ctx, x):
        result = x.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad):
        (result,) = ctx.saved_tensors
        return grad * result


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_exp_as_a_function_behaves_as_the_builtin(dtype):
    values = [[0.5, -1.0, 2.0], [0.0, 1.5, -0.25]]
    runs = []
    for exp in (torch.exp, Exp.apply):
        x = torch.tensor(values, dtype=dtype, requires_grad=True)
        w = torch.tensor([1.0, 2.0, 3.0], dtype=dtype)
        y = exp(x)
        record = {"value": y.detach().numpy().copy(), "dtype": y.dtype, "requires_grad": y.requires_grad,
                  "n_next": len(y.grad_fn.next_functions),
                  "next": y.grad_fn.next_functions[0][0].name()}
        hooked = []
        y.register_hook(lambda g: hooked.append(g.tolist()))
        (g1,) = torch.autograd.grad((y * w).sum(), x, create_graph=True)
        (g2,) = torch.autograd.grad(g1.sum(), x, create_graph=True)
        g2.sum().backward()
        record.update(g1=g1.detach().numpy().copy(), g2=g2.detach().numpy().copy(), g3=x.grad.numpy().copy(),
                      hooked=hooked, g1_dtype=g1.dtype, g1_grad_fn=g1.grad_fn is not None)
        # the graph is freed after a backward without retain_graph: the same error either way
        z = exp(x)
        z.sum().backward()
        with pytest.raises(RuntimeError) as err:
            z.sum().backward()
        record["second_backward"] = str(err.value)
        # in-place change of the saved result: the same version-counter error (names differ)
        u = exp(x * 1)
        with torch.no_grad():
            u.add_(1)
        with pytest.raises(RuntimeError) as err:
            u.sum().backward()
        record["inplace"] = "is at version 1; expected version 0 instead" in str(err.value)
        runs.append(record)
    builtin, custom = runs
    assert custom.keys() == builtin.keys()
    for key in builtin:
        if isinstance(builtin[key], np.ndarray):
            np.testing.assert_allclose(custom[key], builtin[key], rtol=1e-6)
        else:
            assert custom[key] == builtin[key], key
    x = torch.tensor(values, dtype=torch.float64, requires_grad=True)
    assert gradcheck(Exp.apply, (x,)) and gradgradcheck(Exp.apply, (x,))


def test_a_saved_output_modified_in_place_is_named_as_this_functions_output():
    x = leaf([1.0, 2.0])
    y = MyExp.apply(x)
    y.add_(1)                                  # y's grad_fn is now AddBackward0 ...
    with pytest.raises(RuntimeError, match=r"which is output 0 of MyExp, is at version 1; expected version 0"):
        y.sum().backward()                     # ... but the saved tensor was MyExp's output (as torch says)


def test_function_nodes_do_not_keep_their_outputs_alive():
    import gc
    import weakref

    class Double(Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2

    x = leaf([1.0])
    y = Double.apply(x)
    z = y + 3                                  # AddBackward0 keeps no tensor
    ref = weakref.ref(y)
    del y
    gc.collect()
    assert ref() is None
    z.sum().backward()
    assert x.grad.tolist() == [2.0]
