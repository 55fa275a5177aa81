"""autograd.grad as the transforms call it (torch's ``_autograd_grad``): outputs that do not
require grad are skipped, and an input nothing reached gets zeros, not None.

The graph is kept when a graph is made (``retain_graph`` follows ``create_graph``): torch keeps
each transform's graph at its own level, so an outer transform can still go back through the
forward an inner one differentiated; on one tape, that means not freeing it.
"""

from ..backward import grad as _grad
from ..creation import zeros_like
from .batched import LEVELS, rewrap, unwrap_all

__all__ = ["autograd_grad"]


def autograd_grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=True):
    if LEVELS:
        return _batched(outputs, inputs, grad_outputs, retain_graph, create_graph)
    if grad_outputs is None:
        pairs = [(o, None) for o in outputs if o._requires_grad]
    else:
        pairs = [(o, g) for o, g in zip(outputs, grad_outputs) if o._requires_grad]
    if not pairs:
        return tuple(zeros_like(t) for t in inputs)
    grads = _grad([o for o, _ in pairs], list(inputs), [g for _, g in pairs], retain_graph=retain_graph,
                  create_graph=create_graph, allow_unused=True)
    return tuple(zeros_like(t) if g is None else g for g, t in zip(grads, inputs))


def _batched(outputs, inputs, grad_outputs, retain_graph, create_graph):
    """Inside vmap: the examples are independent, so one backward pass over the whole batch (each
    output's cotangent spread over its batch) gives every example's gradient; they come back batched
    as the inputs are (the transform made the inputs batched at every level)."""
    from ..creation import ones_like
    plain_in = [unwrap_all(t) for t in inputs]
    outs, gos = [], []
    for i, o in enumerate(outputs):
        if not o._requires_grad:
            continue
        po, olevels = unwrap_all(o)
        if grad_outputs is None or grad_outputs[i] is None:
            g = ones_like(po)
        else:
            pg, glevels = unwrap_all(grad_outputs[i])
            if any(level not in olevels for level in glevels):
                raise RuntimeError("vmap: gradcalc cannot vmap over the cotangents of a vjp whose function's "
                                   "output is not batched at that level; call vjp inside the vmapped function")
            g = _align(pg, glevels, olevels)
        outs.append(po)
        gos.append(g)
    if not outs:
        return tuple(zeros_like(t) for t in inputs)
    grads = _grad(outs, [p for p, _ in plain_in], gos, retain_graph=retain_graph, create_graph=create_graph,
                  allow_unused=True)
    return tuple(zeros_like(t) if g is None else rewrap(g, levels)
                 for g, t, (_, levels) in zip(grads, inputs, plain_in))


def _align(plain, have, want):
    """``plain`` (batch dims for ``have``) expanded to the batch dims of ``want`` (a superset)."""
    if have == want:
        return plain
    v = plain
    for pos, level in enumerate(want):
        if level not in have:
            v = v.unsqueeze(pos)
            v = v.expand(tuple(v.shape[:pos]) + (level.size,) + tuple(v.shape[pos + 1:]))
    return v
