"""autograd.grad as the transforms call it (torch's ``_autograd_grad``): outputs that do not
require grad are skipped, and an input nothing reached gets zeros, not None.

The graph is kept when a graph is made (``retain_graph`` follows ``create_graph``): torch keeps
each transform's graph at its own level, so an outer transform can still go back through the
forward an inner one differentiated; on one tape, that means not freeing it.
"""

from ..backward import grad as _grad
from ..creation import zeros_like

__all__ = ["autograd_grad"]


def autograd_grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=True):
    if grad_outputs is None:
        pairs = [(o, None) for o in outputs if o._requires_grad]
    else:
        pairs = [(o, g) for o, g in zip(outputs, grad_outputs) if o._requires_grad]
    if not pairs:
        return tuple(zeros_like(t) for t in inputs)
    grads = _grad([o for o, _ in pairs], list(inputs), [g for _, g in pairs], retain_graph=retain_graph,
                  create_graph=create_graph, allow_unused=True)
    return tuple(zeros_like(t) if g is None else g for g, t in zip(grads, inputs))
