"""The derivatives ``--grad`` prints, computed with the engine's ``autograd.grad``.

* a scalar value: the gradient d f / d x for each input x (shape x.shape);
* a non-scalar value: the full Jacobian, shape f.shape + x.shape, one backward pass per
  element of f (row by row, as torch.autograd.functional.jacobian does);
* with ``v`` (``--vjp V``): the vector-Jacobian product vᵀJ, one backward pass;
* ``hessian=True`` (scalar f): every block d²f / dx dy, shape x.shape + y.shape, from
  the gradient taken with ``create_graph=True``, one more pass per gradient element.

An input the value does not depend on gets zeros and is named in ``unused``.
"""

from __future__ import annotations

import numpy as np

import gradcalc.engine as torch
from gradcalc.engine.autograd import grad as autograd_grad


class Derivatives:
    """What was computed, as numpy arrays keyed by input name."""

    def __init__(self, value, kind):
        self.value = value        # the expression's value (a Tensor, detached)
        self.kind = kind          # "gradient" | "jacobian" | "vjp" | "jvp"
        self.mode = "reverse"     # or "forward", "forward-over-reverse" (differentiate_forward)
        self.grads = {}           # name -> ndarray
        self.hessian = None       # {(name_a, name_b): ndarray} with --hessian
        self.jvp = None           # the Jacobian-vector product J·t (ndarray) with --tangent
        self.hvp = None           # name -> the Hessian-vector product's part (ndarray) with --hvp
        self.tangents = None      # name -> the tangent / vector taken (ndarray) with --tangent, --hvp
        self.unused = []          # names the value does not depend on


def as_value_tensor(value):
    """The expression's value as a tensor (a Python number becomes a float64 0-d tensor)."""
    if isinstance(value, torch.Tensor):
        return value
    if isinstance(value, (bool, int, float)):
        return torch.tensor(float(value), dtype=torch.float64)
    raise TypeError(f"the expression must give a tensor or a number, not {type(value).__name__}")


def differentiate(value, inputs: dict, v=None, hessian=False) -> Derivatives:
    """Derivatives of ``value`` (a Tensor) with respect to ``inputs`` ({name: leaf Tensor})."""
    names = list(inputs)
    leaves = [inputs[n] for n in names]
    scalar = value.dim() == 0
    kind = "vjp" if v is not None else ("gradient" if scalar else "jacobian")
    out = Derivatives(value.detach(), kind)
    differentiable = value.requires_grad and value.is_floating_point()
    used = set()

    if v is not None:
        if differentiable:
            if not isinstance(v, torch.Tensor):
                v = torch.tensor(v, dtype=value.dtype)
            grads = autograd_grad(value, leaves, grad_outputs=v, retain_graph=hessian, allow_unused=True)
        else:
            grads = [None] * len(leaves)
        for n, x, g in zip(names, leaves, grads):
            out.grads[n] = _array(g, x.shape, x)
            if g is not None:
                used.add(n)
    else:
        flat = value.reshape(-1) if differentiable else None
        rows = {n: np.zeros((value.numel(),) + tuple(x.shape), dtype=x.detach().numpy().dtype)
                for n, x in zip(names, leaves)}
        if differentiable:
            for k in range(value.numel()):
                target = value if scalar else flat[k]
                grads = autograd_grad(target, leaves, retain_graph=True, allow_unused=True,
                                      create_graph=hessian)
                if hessian:
                    first = grads
                for n, g in zip(names, grads):
                    if g is not None:
                        used.add(n)
                        rows[n][k] = g.detach().numpy()
        for n, x in zip(names, leaves):
            out.grads[n] = rows[n].reshape(tuple(value.shape) + tuple(x.shape))
        if hessian:
            out.hessian = _hessian(names, leaves, first if differentiable else [None] * len(leaves))

    out.unused = [n for n in names if n not in used]
    return out


def _array(g, shape, x):
    if g is None:
        return np.zeros(tuple(shape), dtype=x.detach().numpy().dtype)
    return g.detach().numpy()


def _hessian(names, leaves, first):
    """Blocks d²f / dx dy from the first derivatives (taken with create_graph=True)."""
    blocks = {}
    for a, xa, ga in zip(names, leaves, first):
        cols = {b: np.zeros((xa.numel(),) + tuple(xb.shape), dtype=xb.detach().numpy().dtype)
                for b, xb in zip(names, leaves)}
        if ga is not None and ga.requires_grad:
            flat = ga.reshape(-1)
            for k in range(xa.numel()):
                second = autograd_grad(flat[k], leaves, retain_graph=True, allow_unused=True)
                for b, g in zip(names, second):
                    if g is not None:
                        cols[b][k] = g.detach().numpy()
        for b, xb in zip(names, leaves):
            blocks[(a, b)] = cols[b].reshape(tuple(xa.shape) + tuple(xb.shape))
    return blocks
