"""gradcheck and gradgradcheck: analytical gradients against finite differences.

As torch's (slow mode), step by step:

1. inputs: at least one must require grad; those that are not float64 get torch's
   warning; a differentiable input with a zero stride (expanded) is refused;
2. the numerical Jacobian of every output w.r.t. every differentiable input, by
   central differences (``eps``), perturbing the input's memory in place;
3. for every differentiable output, the analytical Jacobian from one backward pass
   per output element, computed twice (``nondet_tol``: the passes must agree);
4. ``allclose(analytical, numerical, rtol, atol)`` (nan never matches), else
   "Jacobian mismatch for output i with respect to input j" where i and j count
   the differentiable outputs and inputs only, with both matrices printed
   (rows: input elements, columns: output elements);
5. a backward fed zero gradients must return zeros of the inputs' dtype and shape.

With no differentiable output, the numerical Jacobian must be zero. Failures raise
``GradcheckError`` unless ``raise_exception=False`` (then the result is False).
``fast_mode`` runs the same (slow, exact) check; ``check_forward_ad`` compares the
Jacobian forward mode gives (one JVP per input element) with finite differences too. ``check_undefined_grad`` and
``check_batched_grad`` are accepted and hold by construction here: there are no
undefined gradients (a missing one is passed as zeros, which step 5 checks) and
batched gradients (``is_grads_batched``) are computed one entry at a time.
"""

import warnings

import numpy as np

from ..backward import grad as autograd_grad
from ..tensor import Tensor

__all__ = ["gradcheck", "gradgradcheck", "GradcheckError"]


class GradcheckError(RuntimeError):
    """Raised by gradcheck and gradgradcheck when the gradients do not match."""


_NONDET_NOTE = """\n
NOTE: If your op relies on non-deterministic operations i.e., it is listed here:
https://pytorch.org/docs/stable/generated/torch.use_deterministic_algorithms.html
this failure might be expected.

If you are adding a new operator, please file an issue and then use one of the
workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck.
If the test
- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck
  with `nondet_tol=<tol>` as a keyword argument.
- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test
  to have `gradcheck_nondet_tol=<tol>`.
- is a Module test (e.g., in common_nn.py), then modify the corresponding
  module_test entry to have `gradcheck_nondet_tol=<tol>`
"""


def _as_tuple(x):
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


def _tensors(value):
    return [o for o in _as_tuple(value) if isinstance(o, Tensor)]


def _differentiable(value):
    return tuple(o for o in _tensors(value) if o.requires_grad)


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, nondet_tol=0.0,
              check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
              check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True,
              fast_mode=False, masked=None):
    """True if the analytical gradients of ``func`` at ``inputs`` match finite differences."""
    if not (check_forward_ad or check_backward_ad):
        raise AssertionError("Expected at least one of check_forward_ad or check_backward_ad to be True")
    if check_batched_grad and not check_backward_ad:
        raise AssertionError("Setting check_batched_grad=True requires check_backward_ad to be True")
    if check_batched_forward_grad and not check_forward_ad:
        raise AssertionError("Setting check_batched_forward_grad=True requires check_forward_ad to be True")
    try:
        if check_forward_ad:
            _check_forward_ad(func, _as_tuple(inputs), eps, atol, rtol)
        if not check_backward_ad:
            return True
        return _gradcheck(func, _as_tuple(inputs), eps, atol, rtol, nondet_tol, check_grad_dtypes)
    except GradcheckError:
        if raise_exception:
            raise
        return False


def _gradcheck(func, inputs, eps, atol, rtol, nondet_tol, check_grad_dtypes):
    diff_inputs = _check_inputs(inputs)
    func_out = func(*inputs)
    outputs = _differentiable(func_out)
    numerical = [_numerical_jacobian(func, inputs, x, eps) for x in diff_inputs]  # [input][output]
    if not outputs:
        for per_output in numerical:
            for jac in per_output:
                if np.any(jac != 0):
                    raise GradcheckError("Numerical gradient for function expected to be zero")
        return True
    keep = [o.requires_grad for o in _tensors(func_out)]
    numerical = [[jac for jac, k in zip(per_output, keep) if k] for per_output in numerical]
    for i, out in enumerate(outputs):
        analytical = _analytical_jacobian(out, diff_inputs, nondet_tol, check_grad_dtypes)
        for j, a in enumerate(analytical):
            n = numerical[j][i]
            if not _allclose(a, n, rtol, atol):
                raise GradcheckError(f"Jacobian mismatch for output {i} with respect to input {j},\n"
                                     f"numerical:{_show(n)}\nanalytical:{_show(a)}\n")
    _check_backward_multiplies_by_grad_output(outputs, diff_inputs)
    return True


def _check_forward_ad(func, inputs, eps, atol, rtol):
    """The Jacobian from forward mode (one JVP per input element, autograd/forward_ad.py) against
    finite differences: torch's check_forward_ad."""
    from . import forward_ad as fwAD
    diff_inputs = _check_inputs(inputs)
    func_out = func(*inputs)
    keep = [o.requires_grad or o.is_floating_point() for o in _tensors(func_out)]
    for j, x in enumerate(diff_inputs):
        numerical = [jac for jac, k in zip(_numerical_jacobian(func, inputs, x, eps), keep) if k]
        analytical = [np.zeros_like(n) for n in numerical]
        for k in range(x._data.size):
            basis = np.zeros(x._data.shape, x._data.dtype)
            basis.reshape(-1)[k] = 1
            with fwAD.dual_level():
                duals = tuple(fwAD.make_dual(inp, Tensor._wrap(basis)) if inp is x else inp
                              for inp in inputs)
                outs = [o for o, kept in zip(_tensors(func(*duals)), keep) if kept]
                for a, o in zip(analytical, outs):
                    tangent = fwAD.unpack_dual(o).tangent
                    if tangent is not None:
                        a[k] = tangent._data.reshape(-1)
        for i, (a, n) in enumerate(zip(analytical, numerical)):
            if not _allclose(a, n, rtol, atol):
                raise GradcheckError(f"Jacobian computed with forward mode mismatch for output {i} with respect to "
                                     f"input {j},\nnumerical:{_show(n)}\nanalytical:{_show(a)}\n")


def _check_inputs(inputs):
    diff = []
    for idx, x in enumerate(inputs):
        if isinstance(x, Tensor) and x.requires_grad:
            if x._data.dtype != np.float64:
                warnings.warn(f"Input #{idx} requires gradient and is not a double precision floating point or "
                              f"complex. This check will likely fail if all the inputs are not of double precision "
                              f"floating point or complex. ", UserWarning, stacklevel=4)
            arr = x._data
            if not all(st > 0 or sz <= 1 for st, sz in zip(arr.strides, arr.shape)):
                raise RuntimeError(f"The {idx}th input has a dimension with stride 0. gradcheck only supports inputs "
                                   f"that are non-overlapping to be able to compute the numerical gradients "
                                   f"correctly. You should call .contiguous on the input before passing it to "
                                   f"gradcheck.")
            diff.append(x)
    if not diff:
        raise ValueError("gradcheck expects at least one input tensor to require gradient, but none of them have "
                         "requires_grad=True.")
    return diff


def _numerical_jacobian(func, inputs, x, eps):
    """d output / d x by central differences, for every tensor output: arrays (x.numel(), out.numel()).

    The input's own memory is perturbed (as torch does), so functions that close over
    it see the change too; each Jacobian has its output's dtype.
    """
    arr = x._data
    if not arr.flags.writeable:
        arr = x._data = arr.copy()
    outs = _tensors(func(*inputs))
    jacs = [np.zeros((arr.size, o._data.size), dtype=o._data.dtype) for o in outs]
    for k, idx in enumerate(np.ndindex(arr.shape)):
        orig = arr[idx].copy()
        arr[idx] = orig - eps
        minus = [o._data.copy() for o in _tensors(func(*inputs))]
        arr[idx] = orig + eps
        plus = [o._data.copy() for o in _tensors(func(*inputs))]
        arr[idx] = orig
        for jac, a, b in zip(jacs, minus, plus):
            jac[k] = ((b - a) / (2 * eps)).reshape(-1)
    return jacs


def _analytical_jacobian(out, diff_inputs, nondet_tol, check_grad_dtypes):
    """d out / d each input from one backward pass per output element: arrays (input numel, out numel)."""
    first = _jacobian_rows(out, diff_inputs)
    second = _jacobian_rows(out, diff_inputs)
    jacs, sizes_ok, types_ok = first
    for a, b in zip(jacs, second[0]):
        if a.size and np.abs(a.astype(np.float64) - b).max() > nondet_tol:
            raise GradcheckError("Backward is not reentrant, i.e., running backward with same input and grad_output "
                                 "multiple times gives different values, although analytical gradient matches "
                                 "numerical gradient.The tolerance for nondeterminism was "
                                 f"{nondet_tol}." + _NONDET_NOTE)
    if not types_ok and check_grad_dtypes:
        raise GradcheckError("Gradient has dtype mismatch")
    if not sizes_ok:
        raise GradcheckError("Analytical gradient has incorrect size")
    return jacs


def _jacobian_rows(out, diff_inputs):
    n_out = out._data.size
    jacs = [np.zeros((x._data.size, n_out), dtype=x._data.dtype) for x in diff_inputs]
    sizes_ok = types_ok = True
    for k in range(n_out):
        g = np.zeros(n_out, out._data.dtype)
        g[k] = 1
        grads = autograd_grad(out, diff_inputs, Tensor._wrap(g.reshape(out._data.shape)), retain_graph=True,
                              allow_unused=True)
        for jac, x, gx in zip(jacs, diff_inputs, grads):
            if gx is None:
                continue
            if gx._data.shape != x._data.shape:
                sizes_ok = False
                continue
            if gx.dtype is not x.dtype:
                types_ok = False
            jac[:, k] = gx._data.reshape(-1)
    return jacs, sizes_ok, types_ok


def _check_backward_multiplies_by_grad_output(outputs, diff_inputs):
    """A backward fed zero gradients must give zeros (of each input's dtype and size)."""
    zeros = [Tensor._wrap(np.zeros_like(o._data)) for o in outputs]
    grads = autograd_grad(outputs, diff_inputs, zeros, allow_unused=True)
    for g, x in zip(grads, diff_inputs):
        if g is None:
            continue
        if np.any(g._data != 0):
            raise GradcheckError("backward not multiplied by grad_output")
        if g.dtype is not x.dtype:
            raise GradcheckError("grad is incorrect type")
        if g._data.shape != x._data.shape:
            raise GradcheckError("grad is incorrect size")


def _allclose(analytical, numerical, rtol, atol):
    a = analytical.astype(np.result_type(analytical, numerical))
    n = numerical.astype(a.dtype)
    with np.errstate(invalid="ignore"):
        return bool(np.all(np.abs(a - n) <= atol + rtol * np.abs(n)))


def _show(arr):
    return repr(Tensor._wrap(arr))


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  gen_non_contig_grad_outputs=False, raise_exception=True, nondet_tol=0.0,
                  check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
                  check_fwd_over_rev=False, check_rev_over_rev=True, fast_mode=False, masked=False):
    """True if the second-order gradients of ``func`` match finite differences of its first-order ones.

    gradcheck of ``(inputs, grad_outputs) -> autograd.grad(func(inputs), inputs, grad_outputs,
    create_graph=True)``; without ``grad_outputs``, random ones in [-1, 1) (fixed seed) that
    require grad, so the check covers the gradient's dependence on them too.
    """
    if not (check_fwd_over_rev or check_rev_over_rev):
        raise AssertionError("Expected at least one of check_fwd_over_rev or check_rev_over_rev to be True")
    if check_undefined_grad and not check_rev_over_rev:
        raise AssertionError("Setting check_undefined_grad=True requires check_rev_over_rev to be True")
    if check_batched_grad and not check_rev_over_rev:
        raise AssertionError("Setting check_batched_grad=True requires check_rev_over_rev to be True")
    inputs = _as_tuple(inputs)
    if grad_outputs is None:
        rng = np.random.default_rng(0)
        grad_outputs = tuple(
            Tensor._wrap(rng.uniform(-1, 1, o._data.shape).astype(
                o._data.dtype if o._data.dtype.kind == "f" else np.float64)).requires_grad_(True)
            for o in _differentiable(func(*inputs)))
    else:
        grad_outputs = _as_tuple(grad_outputs)
    n_out = len(grad_outputs)
    diff_idx = {i for i, x in enumerate(inputs) if isinstance(x, Tensor) and x.requires_grad}

    def first_order(*args):
        xs = args[:len(args) - n_out]
        gs = args[len(args) - n_out:]
        outputs = _differentiable(func(*xs))
        diff_xs = tuple(x for i, x in enumerate(xs) if i in diff_idx)
        grads = autograd_grad(outputs, diff_xs, gs, create_graph=True, allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(first_order, inputs + grad_outputs, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception, nondet_tol=nondet_tol,
                     check_undefined_grad=check_undefined_grad, check_grad_dtypes=check_grad_dtypes,
                     check_batched_grad=check_batched_grad, fast_mode=fast_mode,
                     check_forward_ad=check_fwd_over_rev, check_backward_ad=check_rev_over_rev, masked=masked)
