"""torch's backward functions that read the op's input: their gradients require grad.

Many of torch's backward formulas call a backward function of their own that takes the
op's input (``hardtanh_backward(grad, self, ...)``, ``nll_loss_backward(grad, self, ...)``,
``threshold_backward``, ``softshrink_backward``, the padding backwards). Under
``create_graph=True`` that function is recorded as a node (``HardtanhBackwardBackward0``)
with edges to ``grad`` and to ``self``, so the gradient requires grad whenever ``self``
does — even where the engine's rule is a constant mask times ``grad`` — and its derivative
in ``self`` is zero (torch's ``zeros_like(grad)``).

``recorded_as(name, g, *inputs)`` gives a gradient ``g`` (computed by the engine's own
rule, itself recorded where ``grad`` has a history) that node: its edges are ``g``'s own
history and ``inputs``; backward passes the incoming gradient to ``g`` and zeros to the
inputs.
"""

import numpy as np

from ..grad_mode import STATE
from ..node import Node
from ..tensor import Tensor

_CLASSES = {}


class _BackwardOfInput(Node):
    __slots__ = ("_metas",)
    explain = "grad_grad = grad (the rule of the first backward, linear in it);  grad_self = 0"

    def forward(ctx, g, *inputs):
        ctx._metas = tuple((a._data.shape, a._data.dtype) for a in inputs)
        return g._data

    def backward(ctx, gg):
        zeros = tuple(Tensor._wrap(np.zeros(shape, dtype)) if ctx.should_compute(i + 1) else None
                      for i, (shape, dtype) in enumerate(ctx._metas))
        return (gg if ctx.should_compute(0) else None,) + zeros


def recorded_as(name, g, *inputs):
    """``g`` recorded by a node called ``name`` reading ``inputs`` (zero derivative in them)."""
    if not STATE.grad_enabled or not any(a._requires_grad for a in inputs):
        return g
    cls = _CLASSES.get(name)
    if cls is None:
        cls = _CLASSES[name] = type(name, (_BackwardOfInput,), {"__slots__": (), "__module__": __name__,
                                                                  "__qualname__": name})
    return cls.apply(g, *inputs)
