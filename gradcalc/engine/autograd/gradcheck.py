"""gradcheck and gradgradcheck: analytical gradients against finite differences.

As torch's: inputs that require grad are perturbed one element at a time
(central differences, step ``eps``) to build the numerical Jacobian; the
analytical one comes from one backward pass per output element. Use float64.
"""

import numpy as np

from ..backward import grad as autograd_grad
from ..grad_mode import enable_grad, no_grad
from ..tensor import Tensor

__all__ = ["gradcheck", "gradgradcheck", "GradcheckError"]


class GradcheckError(RuntimeError):
    """Raised by gradcheck when the gradients do not match."""


def _as_tuple(x):
    if isinstance(x, Tensor):
        return (x,)
    if isinstance(x, (tuple, list)):
        return tuple(x)
    return (x,)


def _outputs(func, inputs):
    out = func(*inputs)
    return tuple(o for o in _as_tuple(out) if isinstance(o, Tensor))


def _numerical(func, inputs, i, eps):
    """Jacobian of every output w.r.t. input ``i`` by central differences: list of (n_in, n_out) arrays."""
    x = inputs[i]
    flat = x._data.reshape(-1)
    base = [o._data.astype(np.float64) for o in _outputs(func, inputs)]
    jac = [np.zeros((flat.size, b.size)) for b in base]
    with no_grad():
        for k in range(flat.size):
            orig = flat[k]
            flat[k] = orig + eps
            plus = [o._data.astype(np.float64).reshape(-1) for o in _outputs(func, inputs)]
            flat[k] = orig - eps
            minus = [o._data.astype(np.float64).reshape(-1) for o in _outputs(func, inputs)]
            flat[k] = orig
            for j, (p, m) in enumerate(zip(plus, minus)):
                jac[j][k] = (p - m) / (2 * eps)
    return jac


def _analytical(outputs, inputs, diff_idx):
    """Jacobians from backward passes: jac[out][in] of shape (n_in, n_out); None where not differentiable."""
    jacs = []
    for o in outputs:
        n_out = o._data.size
        per_input = {i: np.zeros((inputs[i]._data.size, n_out)) for i in diff_idx}
        if o._requires_grad:
            targets = [inputs[i] for i in diff_idx]
            for k in range(n_out):
                g = np.zeros(n_out, o._data.dtype)
                g[k] = 1
                grads = autograd_grad(o, targets, Tensor._wrap(g.reshape(o._data.shape)), retain_graph=True,
                                      allow_unused=True)
                for i, gi in zip(diff_idx, grads):
                    if gi is not None:
                        per_input[i][:, k] = gi._data.astype(np.float64).reshape(-1)
        jacs.append(per_input)
    return jacs


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, nondet_tol=0.0,
              check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
              check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True,
              fast_mode=False, masked=None):
    """True if the analytical gradients of ``func`` at ``inputs`` match finite differences."""
    inputs = _as_tuple(inputs)
    diff_idx = [i for i, x in enumerate(inputs) if isinstance(x, Tensor) and x._requires_grad]
    if not diff_idx:
        raise ValueError("gradcheck expects at least one input tensor to require gradient, but none of the them "
                         "have requires_grad=True.")
    for i in diff_idx:
        if inputs[i]._data.dtype != np.float64:
            import warnings
            warnings.warn(f"Input #{i} requires gradient and is not a double precision floating point. This check "
                          f"will likely fail if all the inputs are not of double precision floating point. ",
                          UserWarning, stacklevel=2)
    outputs = _outputs(func, inputs)
    analytical = _analytical(outputs, inputs, diff_idx)
    for i in diff_idx:
        numerical = _numerical(func, inputs, i, eps)
        for j, num in enumerate(numerical):
            ana = analytical[j][i]
            if not np.allclose(ana, num, rtol=rtol, atol=atol, equal_nan=True):
                msg = (f"Jacobian mismatch for output {j} with respect to input {i},\n"
                       f"numerical:{_fmt(num)}\nanalytical:{_fmt(ana)}\n")
                if raise_exception:
                    raise GradcheckError(msg)
                return False
    return True


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3, gen_non_contig_grad_outputs=False,
                  raise_exception=True, nondet_tol=0.0, check_undefined_grad=True, check_grad_dtypes=False,
                  check_batched_grad=False, check_fwd_over_rev=False, check_rev_over_rev=True,
                  fast_mode=False, masked=False):
    """True if the second-order gradients of ``func`` match finite differences of its first-order ones."""
    inputs = _as_tuple(inputs)
    outputs = _outputs(func, inputs)
    diff_idx = [i for i, x in enumerate(inputs) if isinstance(x, Tensor) and x._requires_grad]
    if grad_outputs is None:
        rng = np.random.default_rng(0)
        grad_outputs = tuple(Tensor._wrap(rng.standard_normal(o._data.shape)).requires_grad_(True)
                             for o in outputs if o._requires_grad)
    grad_outputs = _as_tuple(grad_outputs)
    n_in = len(inputs)

    def first_order(*args):
        xs, gs = args[:n_in], args[n_in:]
        with enable_grad():  # the numerical pass runs this under no_grad; the inner backward needs a graph
            outs = [o for o in _outputs(func, xs) if o._requires_grad]
            targets = [xs[i] for i in diff_idx]
            return autograd_grad(outs, targets, gs, create_graph=True, allow_unused=True, materialize_grads=True)

    return gradcheck(first_order, inputs + tuple(grad_outputs), eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception)


def _fmt(a):
    from ..tensor import Tensor as _T
    return repr(_T._wrap(np.asarray(a)))
