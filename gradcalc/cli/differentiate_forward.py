"""The derivatives ``--grad --forward`` and ``--grad --hvp V`` print, by forward-mode AD.

Forward mode pushes a tangent (a direction in input space) through the expression
alongside its value (``torch.autograd.forward_ad``: each NAME is bound to a dual
tensor ``make_dual(x, t)``), so one evaluation gives one Jacobian-vector product J·t:

* ``--tangent V`` (``--tangent NAME=V`` per name; a name not given moves by zero):
  the JVP J·t, shaped like EXPR, one evaluation;
* ``--forward`` alone: the full Jacobian column by column, one evaluation per input
  element (row by row is reverse mode's way: forward is cheaper when the inputs have
  fewer elements than EXPR);
* ``--hvp V`` (scalar EXPR): the gradient and the Hessian-vector product H·v, forward
  over reverse: the gradient is taken inside the dual level, so it carries H·v as its
  tangent (torch.func's way; no Hessian is formed);
* ``--forward --hessian``: the Hessian column by column, one H·eₖ per input element.

EXPR is re-evaluated for each product with the random number generator put back where
it was, so a random draw in EXPR is the same draw every time. Tangents are taken with
a graph (the inputs require grad) only where a second derivative needs it.
"""

from __future__ import annotations

import numpy as np

import gradcalc.engine as torch
from gradcalc.engine.autograd import forward_ad as fwAD
from gradcalc.engine.autograd import grad as autograd_grad

from .differentiate_compute import Derivatives, as_value_tensor


class TangentError(ValueError):
    """A ``--tangent`` / ``--hvp`` vector that does not fit its input (exit status 1)."""


def tangents_for(option, given, inputs) -> dict:
    """``{name: tensor}`` from the ``--tangent``/``--hvp`` words (``[(name or None, value)]``):
    a name not given moves by zero; an unnamed V needs exactly one NAME."""
    names = list(inputs)
    out = {}
    for name, value in given:
        if name is None:
            if len(names) != 1:
                raise TangentError(f"{option}: with several names, give a vector per name: "
                                   f"{option} NAME=V (names: {', '.join(names)})")
            name = names[0]
        if name not in inputs:
            raise TangentError(f"{option}: {name} is not one of the names given ({', '.join(names)})")
        if name in out:
            raise TangentError(f"{option}: {name} is given twice")
        x = inputs[name]
        try:
            t = torch.tensor(value, dtype=x.dtype)
        except (ValueError, TypeError, RuntimeError) as e:
            raise TangentError(f"{option} {name}: {e}") from None
        if tuple(t.shape) != tuple(x.shape):
            raise TangentError(f"{option} {name}: expected a vector shaped like {name}, {tuple(x.shape)}, "
                               f"got shape {tuple(t.shape)}")
        out[name] = t
    return {n: out.get(n) for n in names}


class _Replay:
    """Evaluates EXPR on given bindings, each time from the same random number generator state."""

    def __init__(self, evaluate):
        from gradcalc.engine.random import get_rng_state
        self._evaluate = evaluate
        self._state = get_rng_state()
        self.count = 0

    def __call__(self, bindings):
        from gradcalc.engine.random import set_rng_state
        if self.count:
            set_rng_state(self._state)
        self.count += 1
        return as_value_tensor(self._evaluate(bindings))


def _duals(inputs, tangents):
    """Each NAME bound to a dual tensor carrying its tangent; a NAME that does not move stays plain."""
    return {n: x if tangents.get(n) is None else fwAD.make_dual(x, tangents[n]) for n, x in inputs.items()}


def _tangent(value):
    t = fwAD.unpack_dual(value).tangent if value.is_floating_point() else None
    return None if t is None else t.detach().numpy().copy()


def _zeros(shape, like):
    return np.zeros(tuple(shape), dtype=like.detach().numpy().dtype)


def jvp(evaluate, inputs, tangents) -> Derivatives:
    """J·t in one evaluation (``tangents``: {name: tensor or None})."""
    run = _Replay(evaluate)
    with fwAD.dual_level():
        value = run(_duals(inputs, tangents))
        t = _tangent(value)
    out = Derivatives(fwAD.unpack_dual(value).primal.detach(), "jvp")
    out.mode = "forward"
    out.jvp = _zeros(value.shape, value) if t is None else t
    out.tangents = {n: (_zeros(x.shape, x) if tangents[n] is None else tangents[n].numpy())
                    for n, x in inputs.items()}
    return out


def jacobian(evaluate, inputs) -> Derivatives:
    """The Jacobian column by column: J·eₖ for each element k of each input."""
    run = _Replay(evaluate)
    names = list(inputs)
    value = None
    cols = {}       # name -> [column per element of that input]
    used = set()
    with fwAD.dual_level():
        for name in names:
            x = inputs[name]
            cols[name] = []
            for k in range(x.numel()):
                basis = np.zeros(x.numel(), dtype=x.detach().numpy().dtype)
                basis[k] = 1
                tangent = torch.tensor(basis.reshape(tuple(x.shape)), dtype=x.dtype)
                y = run(_duals(inputs, {name: tangent}))
                if value is None:
                    value = fwAD.unpack_dual(y).primal.detach()
                t = _tangent(y)
                if t is not None:
                    used.add(name)
                cols[name].append(t)
    if value is None:  # no input has an element: one plain evaluation for the value
        value = run(dict(inputs)).detach()
    kind = "gradient" if value.dim() == 0 else "jacobian"
    out = Derivatives(value, kind)
    out.mode = "forward"
    for name in names:
        x = inputs[name]
        jac = _zeros(tuple(value.shape) + (x.numel(),), x)
        for k, t in enumerate(cols[name]):
            if t is not None:
                jac[..., k] = t
        out.grads[name] = jac.reshape(tuple(value.shape) + tuple(x.shape))
    out.unused = [n for n in names if n not in used]
    return out


def _scalar(value, option):
    if value.numel() != 1:
        raise ValueError(f"{option} needs an expression with a single value, got one of shape {tuple(value.shape)}")


def _grad_and_hvp(run, inputs, tangents, option):
    """(value, {name: gradient array}, {name: H·v array}, used names) for one tangent v."""
    names = list(inputs)
    with fwAD.dual_level():
        value = run(_duals(inputs, tangents))
        _scalar(value, option)
        leaves = [inputs[n] for n in names]
        if value.requires_grad and value.is_floating_point():
            grads = autograd_grad(value.reshape(()), leaves, create_graph=True, allow_unused=True)
        else:
            grads = [None] * len(leaves)
        gradient, hvp, used = {}, {}, set()
        for n, x, g in zip(names, leaves, grads):
            if g is None:
                gradient[n] = _zeros(x.shape, x)
                hvp[n] = _zeros(x.shape, x)
                continue
            used.add(n)
            gradient[n] = g.detach().numpy().copy()
            t = _tangent(g)
            hvp[n] = _zeros(x.shape, x) if t is None else t
        primal = fwAD.unpack_dual(value).primal.detach()
    return primal, gradient, hvp, used


def hvp(evaluate, inputs, tangents) -> Derivatives:
    """The gradient and H·v of a scalar EXPR (forward over reverse), one evaluation."""
    run = _Replay(evaluate)
    value, gradient, products, used = _grad_and_hvp(run, inputs, tangents, "--hvp")
    out = Derivatives(value, "gradient")
    out.mode = "forward-over-reverse"
    out.grads = gradient
    out.hvp = products
    out.tangents = {n: (_zeros(x.shape, x) if tangents[n] is None else tangents[n].numpy())
                    for n, x in inputs.items()}
    out.unused = [n for n in inputs if n not in used]
    return out


def hessian(evaluate, inputs) -> Derivatives:
    """The gradient and every block d²f / dx dy, one H·eₖ per input element (forward over reverse)."""
    run = _Replay(evaluate)
    names = list(inputs)
    out = None
    blocks = {(a, b): _zeros((inputs[a].numel(), inputs[b].numel()), inputs[a]) for a in names for b in names}
    for b in names:
        xb = inputs[b]
        for k in range(xb.numel()):
            basis = np.zeros(xb.numel(), dtype=xb.detach().numpy().dtype)
            basis[k] = 1
            tangent = torch.tensor(basis.reshape(tuple(xb.shape)), dtype=xb.dtype)
            value, gradient, products, used = _grad_and_hvp(run, inputs, {b: tangent}, "--hessian")
            if out is None:
                out = Derivatives(value, "gradient")
                out.mode = "forward-over-reverse"
                out.grads = gradient
                out.unused = [n for n in names if n not in used]
            for a in names:
                blocks[(a, b)][:, k] = products[a].reshape(-1)
    if out is None:  # no input has an element
        value, gradient, _, used = _grad_and_hvp(run, inputs, {}, "--hessian")
        out = Derivatives(value, "gradient")
        out.mode = "forward-over-reverse"
        out.grads = gradient
        out.unused = [n for n in names if n not in used]
    out.hessian = {(a, b): blocks[(a, b)].reshape(tuple(inputs[a].shape) + tuple(inputs[b].shape))
                   for a in names for b in names}
    return out
