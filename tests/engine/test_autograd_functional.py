"""torch.autograd.functional: values against closed forms and finite differences, and the
nesting rules (tuple vs tensor). Exact torch results and errors: tests/golden/autograd.json.
Only the public API is used: this file also runs under real torch."""

import numpy as np
import pytest

import gradcalc.engine as torch

F = torch.autograd.functional


def t64(values, requires_grad=False):
    return torch.tensor(values, dtype=torch.float64, requires_grad=requires_grad)


def numerical_jacobian(fn, x, eps=1e-6):
    """d fn(x) / d x by central differences: shape fn(x).shape + x.shape."""
    x0 = x.detach().numpy().astype(np.float64)
    out = fn(torch.tensor(x0)).detach().numpy()
    jac = np.zeros(out.shape + x0.shape)
    for idx in np.ndindex(x0.shape):
        d = np.zeros_like(x0)
        d[idx] = eps
        plus = fn(torch.tensor(x0 + d)).detach().numpy()
        minus = fn(torch.tensor(x0 - d)).detach().numpy()
        jac[(Ellipsis,) + idx] = (plus - minus) / (2 * eps)
    return jac


def f_vec(x):
    return torch.stack([x[0] * x[1], torch.sin(x[2]) + x[0] ** 2, (x * x).sum().sqrt()])


def f_scalar(x):
    return (torch.exp(x[0]) * x[1] ** 3 + torch.tanh(x[2] * x[0])).sum()


X = [0.3, -1.2, 0.8]


def test_jacobian_against_finite_differences():
    x = t64(X)
    jac = F.jacobian(f_vec, x)
    assert isinstance(jac, torch.Tensor) and jac.shape == (3, 3)
    np.testing.assert_allclose(jac.numpy(), numerical_jacobian(f_vec, x), rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(F.jacobian(f_vec, x, vectorize=True).numpy(), jac.numpy())
    np.testing.assert_allclose(F.jacobian(f_vec, x, vectorize=True, strategy="forward-mode").numpy(), jac.numpy())


def test_jacobian_of_matrix_function_has_output_then_input_dims():
    a = t64([[1.0, 2.0], [3.0, 4.0]])
    jac = F.jacobian(lambda m: m @ m, a)
    assert jac.shape == (2, 2, 2, 2)
    np.testing.assert_allclose(jac.numpy(), numerical_jacobian(lambda m: m @ m, a), atol=1e-7)


def test_nesting_rules():
    x, y = t64([1.0, 2.0]), t64([3.0, 4.0, 5.0])
    assert isinstance(F.jacobian(lambda a: a * 2, x), torch.Tensor)
    j = F.jacobian(lambda a: a * 2, (x,))
    assert isinstance(j, tuple) and len(j) == 1 and j[0].shape == (2, 2)
    j = F.jacobian(lambda a: (a * 2, a.sum()), x)
    assert isinstance(j, tuple) and [t.shape for t in j] == [(2, 2), (2,)]
    j = F.jacobian(lambda a, b: (a.sum() * b, a * b.sum()), (x, y))
    assert [[t.shape for t in row] for row in j] == [[(3, 2), (3, 3)], [(2, 2), (2, 3)]]
    h = F.hessian(lambda a, b: (a.sum() * b ** 2).sum(), (x, y))
    assert [[t.shape for t in row] for row in h] == [[(2, 2), (2, 3)], [(3, 2), (3, 3)]]
    out, v = F.vjp(lambda a: (a * 2, a.sum()), x, (torch.ones(2, dtype=torch.float64), t64(1.0)))
    assert isinstance(out, tuple) and isinstance(v, torch.Tensor)
    out, v = F.jvp(lambda a, b: a.sum() * b, (x, y), (torch.ones(2, dtype=torch.float64), torch.zeros(3, dtype=torch.float64)))
    assert isinstance(out, torch.Tensor) and isinstance(v, torch.Tensor) and v.shape == (3,)


def test_hessian_against_finite_differences_and_symmetric():
    x = t64(X)
    h = F.hessian(f_scalar, x)

    def grad_fn(t):
        t = t.detach().requires_grad_(True)
        return torch.autograd.grad(f_scalar(t), t)[0]

    np.testing.assert_allclose(h.numpy(), numerical_jacobian(grad_fn, x), rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(h.numpy(), h.numpy().T, rtol=1e-12)


def test_vjp_jvp_hvp_vhp_agree_with_the_matrices():
    x = t64(X)
    v = t64([1.0, -2.0, 0.5])
    jac = F.jacobian(f_vec, x).numpy()
    hess = F.hessian(f_scalar, x).numpy()
    out, vjp = F.vjp(f_vec, x, v)
    np.testing.assert_allclose(out.numpy(), f_vec(x).numpy())
    np.testing.assert_allclose(vjp.numpy(), v.numpy() @ jac)
    out, jvp = F.jvp(f_vec, x, v)
    np.testing.assert_allclose(jvp.numpy(), jac @ v.numpy())
    out, hvp = F.hvp(f_scalar, x, v)
    np.testing.assert_allclose(out.item(), f_scalar(x).item())
    np.testing.assert_allclose(hvp.numpy(), hess @ v.numpy())
    out, vhp = F.vhp(f_scalar, x, v)
    np.testing.assert_allclose(vhp.numpy(), v.numpy() @ hess)


def test_results_are_detached_unless_create_graph():
    x = t64(X, requires_grad=True)
    v = t64([1.0, 0.0, 0.0])
    for fn in (lambda: F.jacobian(f_vec, x), lambda: F.hessian(f_scalar, x), lambda: F.vjp(f_vec, x, v)[1],
               lambda: F.jvp(f_vec, x, v)[1], lambda: F.hvp(f_scalar, x, v)[1], lambda: F.vhp(f_scalar, x, v)[1]):
        assert not fn().requires_grad
    h = F.hessian(f_scalar, x, create_graph=True)
    assert h.requires_grad
    # differentiable: d/dx of a Hessian entry (a third derivative) against finite differences
    (g,) = torch.autograd.grad(h[0, 0], x)

    def h00(t):
        return F.hessian(f_scalar, t)[0, 0].reshape(1)

    np.testing.assert_allclose(g.numpy(), numerical_jacobian(h00, x)[0], rtol=1e-4, atol=1e-6)
    assert x.grad is None


def test_inputs_that_do_not_matter_give_zeros_or_strict_errors():
    x, y = t64([1.0, 2.0]), t64([3.0])
    j = F.jacobian(lambda a, b: a * 2, (x, y))
    assert j[1].tolist() == [[0.0], [0.0]]
    with pytest.raises(RuntimeError, match="^Output 0 of the user-provided function is independent of input 1. "
                                           "This is not allowed in strict mode.$"):
        F.jacobian(lambda a, b: a * 2, (x, y), strict=True)
    assert F.hessian(lambda a: (a * 2).sum(), x).tolist() == [[0.0, 0.0], [0.0, 0.0]]
    with pytest.raises(RuntimeError, match="^While computing the hessian, found that the jacobian of the "
                                           "user-provided function with respect to input 0 is independent"):
        F.hessian(lambda a: (a * 2).sum(), x, strict=True)


def test_argument_errors():
    x = t64([1.0, 2.0])
    with pytest.raises(TypeError, match="^The inputs given to jacobian must be either a Tensor or a tuple of "
                                        "Tensors but the given inputs has type <class 'list'>.$"):
        F.jacobian(lambda a: a, [1.0, 2.0])
    with pytest.raises(RuntimeError, match="^The vector v can only be None if the user-provided function returns "
                                           "a single Tensor with a single element.$"):
        F.vjp(lambda a: a * 2, x)
    with pytest.raises(RuntimeError, match=r"^v has invalid size: should be torch.Size\(\[2\]\) but got "
                                           r"torch.Size\(\[3\]\).$"):
        F.jvp(lambda a: a * 2, x, t64([1.0, 2.0, 3.0]))
    with pytest.raises(RuntimeError, match="^The Tensor returned by the function given to hessian should contain a "
                                           "single element$"):
        F.hessian(lambda a: a * 2, x)
    with pytest.raises(RuntimeError, match="^The function given to hvp should return a single Tensor$"):
        F.hvp(lambda a: (a.sum(),), x, x)


def test_the_callers_tensors_are_left_alone():
    x = t64([1.0, 2.0], requires_grad=True)
    seen = []
    F.jacobian(lambda a: seen.append(a is x) or a ** 2, x)
    F.hessian(lambda a: (a ** 3).sum(), x)
    assert seen == [False] and x.grad is None and x.requires_grad and x.is_leaf
