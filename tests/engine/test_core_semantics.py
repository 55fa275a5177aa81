"""The engine core behaves as torch: creation, graph bookkeeping, in-place writes and views,
indexing, errors in torch's words, and a backward pass that never recurses."""

import numpy as np
import pytest

import gradcalc.engine as torch


# -- creation ------------------------------------------------------------------------------

def test_tensor_infers_dtypes_as_torch():
    assert torch.tensor([1, 2]).dtype is torch.int64
    assert torch.tensor([1.0, 2]).dtype is torch.float32
    assert torch.tensor([True, False]).dtype is torch.bool
    assert torch.tensor(np.array([1.0])).dtype is torch.float64  # numpy keeps its dtype
    assert torch.tensor(3.5).shape == ()
    assert torch.tensor([[1, 2], [3, 4]], dtype=torch.float64).dtype is torch.float64


@pytest.mark.parametrize("data, err, msg", [
    ([[1, 2], [3]], ValueError, "expected sequence of length 2 at dim 1 (got 1)"),
    ([[1, 2], 3], TypeError, "not a sequence"),
    ("ab", TypeError, "new(): invalid data type 'str'"),
    ([None], RuntimeError, "Could not infer dtype of NoneType"),
])
def test_tensor_rejects_bad_data_with_torchs_message(data, err, msg):
    with pytest.raises(err, match=msg.replace("(", r"\(").replace(")", r"\)")):
        torch.tensor(data)


def test_requires_grad_only_for_floats():
    with pytest.raises(RuntimeError, match="Only Tensors of floating point and complex dtype can require gradients"):
        torch.tensor([1, 2], requires_grad=True)
    with pytest.raises(RuntimeError, match="only Tensors of floating point dtype can require gradients"):
        torch.tensor([1, 2]).requires_grad_()


def test_creation_functions():
    assert torch.zeros(2, 3).tolist() == [[0.0] * 3] * 2
    assert torch.ones((2,)).dtype is torch.float32
    assert torch.full((2,), 7).dtype is torch.int64
    assert torch.full((2,), 7.0).dtype is torch.float32
    assert torch.arange(5).tolist() == [0, 1, 2, 3, 4]
    assert torch.arange(0, 1, 0.25).tolist() == [0.0, 0.25, 0.5, 0.75]
    assert torch.arange(1, 2.5, 0.5).dtype is torch.float32
    assert torch.linspace(0, 1, 5).tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert torch.eye(2).tolist() == [[1.0, 0.0], [0.0, 1.0]]
    assert torch.zeros_like(torch.ones(2, dtype=torch.int32)).dtype is torch.int32
    assert torch.empty(2, 2).shape == (2, 2)


def test_random_is_reproducible_after_manual_seed():
    torch.manual_seed(0)
    a = torch.randn(3)
    torch.manual_seed(0)
    assert torch.equal(a, torch.randn(3))
    assert torch.rand(2, 2).dtype is torch.float32
    r = torch.randint(0, 5, (100,))
    assert r.dtype is torch.int64 and 0 <= r.min().item() and r.max().item() < 5


def test_element_limit_is_a_clear_error():
    from gradcalc.engine.limits import TensorTooLargeError
    with pytest.raises(TensorTooLargeError, match="more than the limit"):
        torch.ones(100000, 100000)
    with pytest.raises(TensorTooLargeError):
        torch.ones(100000, 1).expand(100000, 100000)


# -- graph bookkeeping -------------------------------------------------------------------------

def test_leaves_and_grad_fn():
    x = torch.ones(2, requires_grad=True)
    y = x * 2
    assert x.is_leaf and not y.is_leaf
    assert x.grad_fn is None and y.grad_fn.name() == "MulBackward0"
    (acc, nr), (none, zero) = y.grad_fn.next_functions
    assert type(acc).__name__ == "AccumulateGrad" and acc.variable is x and nr == 0
    assert none is None and zero == 0
    # the same leaf always has the same AccumulateGrad node
    assert (x + 1).grad_fn.next_functions[0][0] is acc


def test_no_grad_and_decorators():
    x = torch.ones(2, requires_grad=True)
    with torch.no_grad():
        assert not (x * 2).requires_grad
        with torch.enable_grad():
            assert (x * 2).requires_grad
    assert torch.is_grad_enabled()

    @torch.no_grad()
    def f(t):
        return t * 2

    assert not f(x).requires_grad
    with torch.set_grad_enabled(False):
        assert not torch.is_grad_enabled()
    assert torch.is_grad_enabled()


def test_detach_and_data_share_memory():
    x = torch.ones(3, requires_grad=True)
    d = x.detach()
    assert not d.requires_grad
    d[0] = 5
    assert x[0].item() == 5
    x.data.mul_(2)
    assert x.tolist() == [10.0, 2.0, 2.0]


def test_requires_grad_on_non_leaf():
    y = torch.ones(2, requires_grad=True) * 2
    with pytest.raises(RuntimeError, match="you can only change requires_grad flags of leaf variables"):
        y.requires_grad_(False)


def test_gradients_accumulate_and_reset():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (x * x).sum().backward()
    (x * x).sum().backward()
    assert x.grad.tolist() == [4.0, 8.0]
    x.grad.zero_()
    assert x.grad.tolist() == [0.0, 0.0]
    x.grad = None
    (x * 3).sum().backward()
    assert x.grad.tolist() == [3.0, 3.0]


def test_leaf_grad_is_not_shared_with_other_leaves():
    a = torch.ones(2, requires_grad=True)
    b = torch.ones(2, requires_grad=True)
    (a + b).sum().backward()
    a.grad.add_(1)
    assert b.grad.tolist() == [1.0, 1.0]


def test_user_gradient_is_copied_not_aliased():
    x = torch.ones(3, requires_grad=True)
    v = torch.tensor([1.0, 2.0, 3.0])
    (x + 0).backward(v)
    v.add_(10)
    assert x.grad.tolist() == [1.0, 2.0, 3.0]


def test_backward_through_a_million_op_chain_does_not_recurse():
    x = torch.tensor(1.0, requires_grad=True)
    y = x
    n = 1_000_000
    for _ in range(n):
        y = y + 1.0
    y.backward()
    assert x.grad.item() == 1.0
    assert y.item() == n + 1


# -- errors in torch's words ---------------------------------------------------------------------

@pytest.mark.parametrize("fn, msg", [
    (lambda: torch.ones(2, 3) + torch.ones(4, 3),
     "The size of tensor a (2) must match the size of tensor b (4) at non-singleton dimension 0"),
    (lambda: torch.ones(2, 3) @ torch.ones(4, 5), "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"),
    (lambda: torch.ones(3).item(), "a Tensor with 3 elements cannot be converted to Scalar"),
    (lambda: torch.ones(3)[5], "index 5 is out of bounds for dimension 0 with size 3"),
    (lambda: torch.ones(2, 3).view(4), "shape '[4]' is invalid for input of size 6"),
    (lambda: (torch.ones(2, requires_grad=True) * 2).backward(),
     "grad can be implicitly created only for scalar outputs"),
    (lambda: torch.ones(2).sum().backward(),
     "element 0 of tensors does not require grad and does not have a grad_fn"),
    (lambda: torch.ones(3) @ torch.ones(4),
     "inconsistent tensor size, expected tensor [3] and src [4] to have the same number of elements, "
     "but got 3 and 4 elements respectively"),
])
def test_errors_use_torchs_wording(fn, msg):
    with pytest.raises((RuntimeError, IndexError)) as e:
        fn()
    assert str(e.value) == msg


def test_backward_twice_needs_retain_graph():
    x = torch.ones(2, requires_grad=True)
    y = (x * x).sum()
    y.backward(retain_graph=True)
    y.backward()
    assert x.grad.tolist() == [4.0, 4.0]
    with pytest.raises(RuntimeError, match="Trying to backward through the graph a second time"):
        y.backward()
    z = (x + 1).sum()  # nothing saved: a second backward is fine, as in torch
    z.backward()
    z.backward()


# -- in-place writes and views ----------------------------------------------------------------------

def test_inplace_on_leaf_that_requires_grad():
    x = torch.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad is being used in an in-place"):
        x.add_(1)
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad"):
        x[0] = 3
    with torch.no_grad():
        x -= 0.5  # the SGD step
    assert x.tolist() == [0.5, 0.5]


def test_modified_saved_tensor_is_detected():
    x = torch.ones(2, requires_grad=True)
    y = x.exp()
    z = y * y
    y.add_(1)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        z.sum().backward()


def test_inplace_ops_record_the_graph():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 1
    y.mul_(3)
    assert y.grad_fn.name() == "MulBackward0"
    y.sum().backward()
    assert x.grad.tolist() == [3.0, 3.0]


def test_setitem_writes_into_the_graph():
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    w = torch.tensor(5.0, requires_grad=True)
    y = x * 1
    y[1] = w * 2
    assert y.grad_fn.name() == "torch::autograd::CopySlices"
    (y * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
    assert x.grad.tolist() == [1.0, 0.0, 100.0]
    assert w.grad.item() == 20.0
    z = x * 1
    z[torch.tensor([0, 2])] = 0.0
    assert z.grad_fn.name() == "IndexPutBackward0"


def test_inplace_on_a_view_rewrites_the_base():
    x = torch.ones(2, 3, requires_grad=True)
    b = x.clone()
    v = b[0]
    v.mul_(2)
    assert b.grad_fn.name() == "torch::autograd::CopySlices"
    assert b.tolist() == [[2.0, 2.0, 2.0], [1.0, 1.0, 1.0]]
    b.sum().backward()
    assert x.grad.tolist() == [[2.0, 2.0, 2.0], [1.0, 1.0, 1.0]]


def test_views_share_memory_and_version():
    x = torch.zeros(2, 3)
    v = x[1]
    v.fill_(7)
    assert x.tolist()[1] == [7.0, 7.0, 7.0]
    assert x._version == v._version == 1
    t = x.t()
    t[0, 1] = 4
    assert x[1, 0].item() == 4


def test_inplace_dtype_rule():
    with pytest.raises(RuntimeError, match="result type Float can't be cast to the desired output type Long"):
        torch.ones(3, dtype=torch.long).add_(1.5)
    a = torch.ones(2)
    a.add_(torch.ones(2, dtype=torch.float64))  # narrowing within floats is allowed
    assert a.dtype is torch.float32


# -- indexing ------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", [
    0, -1, slice(1, None), (slice(None), 1), (Ellipsis, 0), (None, 1), [0, 2], (slice(None, None, 2), [1, 0]),
    (1, slice(None), None),
])
def test_indexing_matches_numpy(key):
    arr = np.arange(24, dtype=np.float32).reshape(3, 4, 2)
    t = torch.tensor(arr)
    assert t[key].tolist() == arr[key].tolist()


def test_bool_mask_indexing_and_grad():
    x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    y = x[x > 0]
    assert y.tolist() == [1.0, 3.0] and y.grad_fn.name() == "IndexBackward0"
    y.sum().backward()
    assert x.grad.tolist() == [1.0, 0.0, 1.0]


def test_basic_indexing_names_follow_torch():
    x = torch.ones(2, 3, requires_grad=True)
    assert x[0, 1].grad_fn.name() == "SelectBackward0"
    assert x[0, 1].grad_fn.next_functions[0][0].name() == "SelectBackward0"
    assert x[:, None].grad_fn.name() == "UnsqueezeBackward0"
    assert x[0:1].grad_fn.name() == "SliceBackward0"


def test_repeated_index_gradients_add_up():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    x[[0, 0, 1]].sum().backward()
    assert x.grad.tolist() == [2.0, 1.0]


# -- matmul composition ----------------------------------------------------------------------------

@pytest.mark.parametrize("sa, sb, name", [
    ((3,), (3,), "DotBackward0"), ((2, 3), (3,), "MvBackward0"), ((3,), (3, 2), "SqueezeBackward4"),
    ((2, 3), (3, 4), "MmBackward0"), ((5, 2, 3), (3, 4), "UnsafeViewBackward0"),
    ((5, 2, 3), (5, 3, 4), "UnsafeViewBackward0"), ((2, 3), (5, 3, 4), "CloneBackward0"),
    ((3,), (5, 3, 4), "UnsafeViewBackward0"), ((5, 2, 3), (3,), "UnsafeViewBackward0"),
    ((2, 1, 2, 3), (4, 3, 2), "UnsafeViewBackward0"), ((4, 2, 3), (3, 1), "UnsafeViewBackward0"),
])
def test_matmul_shapes_values_and_grads(sa, sb, name):
    rng = np.random.default_rng(0)
    a_np, b_np = rng.standard_normal(sa), rng.standard_normal(sb)
    a = torch.tensor(a_np, requires_grad=True)
    b = torch.tensor(b_np, requires_grad=True)
    out = a @ b
    assert out.grad_fn.name() == name
    np.testing.assert_allclose(out.detach().numpy(), a_np @ b_np)
    assert torch.autograd.gradcheck(lambda p, q: p @ q, (a, b))


def test_gradients_summed_for_one_input_never_corrupt_shared_ones():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 1
    y.retain_grad()
    z = (y + y) + y * 3 + x.sin()
    z.sum().backward()
    assert y.grad.tolist() == [5.0, 5.0]
    np.testing.assert_allclose(x.grad.numpy(), 5.0 + np.cos([1.0, 2.0]), rtol=1e-6)
    a = torch.ones(3, requires_grad=True)
    b = a + 0  # AddBackward0 sends one gradient object to both edges
    (b + b + b).sum().backward()
    assert a.grad.tolist() == [3.0, 3.0, 3.0]


# -- found in review: each compared with torch 2.13 --------------------------------------------

def test_review_fixes_match_torch():
    lo, hi = torch.full((3,), 2.0, requires_grad=True), torch.zeros(3, requires_grad=True)
    torch.clamp(torch.ones(3), lo, hi).sum().backward()
    assert lo.grad.tolist() == [0.0] * 3 and hi.grad.tolist() == [1.0] * 3  # max wins where min > max
    assert torch.add(2, torch.tensor([1.0, 2.0]), alpha=3).tolist() == [5.0, 8.0]
    x, y = torch.tensor([0.0, 1.0], requires_grad=True), torch.tensor([0.0, 2.0], requires_grad=True)
    (x ** y).sum().backward()
    assert x.grad.tolist() == [0.0, 2.0]  # no nan where the exponent is 0
    z = torch.tensor([1.5], requires_grad=True)
    (z.floor() * float("inf")).sum().backward()
    assert z.grad.tolist() == [0.0]  # a zero derivative is zero, even for an infinite gradient
    assert (2 ** torch.tensor([-1, 2])).tolist() == [0, 4]

    @torch.set_grad_enabled(False)
    def f():
        return torch.is_grad_enabled()

    assert torch.is_grad_enabled() and not f() and torch.is_grad_enabled()
    t = torch.tensor([1.0, 2.0])
    a = np.array(t)
    a[0] = 5
    assert t.tolist() == [1.0, 2.0]
    with pytest.raises(ValueError, match="Overflow when unpacking long long"):
        torch.tensor(2 ** 63)
    with pytest.raises(RuntimeError, match="result type Float can't be cast"):
        torch.ones(3, dtype=torch.long).__itruediv__(2)
    with pytest.raises(RuntimeError, match="doesn't match the broadcast shape"):
        (torch.ones(2, 3, requires_grad=True) * 1)[0].add_(torch.ones(2, 3))
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        torch.tensor([1, 2]) % torch.tensor([0, 1])
    with pytest.raises(IndexError, match="Dimension out of range"):
        torch.tensor(1.0).sum(5)


def test_an_index_changed_after_use_does_not_misplace_the_gradient():
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    i = torch.tensor([0, 1])
    y = x[i]
    i[0] = 2
    (y * torch.tensor([1.0, 10.0])).sum().backward()
    assert x.grad.tolist() == [1.0, 10.0, 0.0]


def test_grad_accumulated_in_place_bumps_its_version():
    x = torch.ones(3, requires_grad=True)
    w = torch.ones(3, requires_grad=True)
    (x * 1).sum().backward()
    y = (x.grad * w).sum()
    (x * 2).sum().backward()
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.backward()


def test_views_read_the_new_history_after_an_in_place_write_elsewhere():
    """Every case agrees with torch 2.13."""
    x = torch.ones(2, 3, requires_grad=True)
    h = x * 1
    v = h[0]
    h.mul_(2)  # through the base
    (v * 1).sum().backward()
    assert x.grad.tolist() == [[2.0] * 3, [0.0] * 3]
    x = torch.ones(2, 3, requires_grad=True)
    h = x * 1
    v1, v2 = h[0], h[0]
    v2.mul_(2)  # through a sibling view
    assert type(v1.grad_fn).__name__ == "AsStridedBackward0"
    (v1 * 1).sum().backward()
    assert x.grad.tolist() == [[2.0] * 3, [0.0] * 3]
    x = torch.ones(2, 3, requires_grad=True)
    a = (x * 1)[0]
    a[1:].add_(1)  # through a view of a view
    (a * 2).sum().backward()
    assert x.grad.tolist() == [[2.0] * 3, [0.0] * 3]


def test_retain_grad_follows_an_in_place_op():
    x = torch.ones(3, requires_grad=True)
    m = x * 1
    m.retain_grad()
    m.mul_(2)
    (m * 3).sum().backward()
    assert m.grad.tolist() == [3.0] * 3 and x.grad.tolist() == [6.0] * 3
