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


# torch's average-pool and padding backward-backward nodes keep only the input's sizes
# (their rules are zeros_like(self) and a pool/pad of grad), so a second backward through a
# freed graph runs there; every other such node saves a tensor and refuses it.
_SAVE_NOTHING = ("AvgPool", "AdaptiveAvgPool", "ReflectionPad", "ReplicationPad")


class _BackwardOfInput(Node):
    __slots__ = ("_metas",)
    explain = "grad_grad = grad (the rule of the first backward, linear in it);  grad_self = 0"
    saves_input = True

    def forward(ctx, g, *inputs):
        ctx._metas = tuple((a._data.shape, a._data.dtype) for a in inputs)
        # torch's node saves the input its rule reads (self, the indices, the target): a second
        # backward through a freed graph, or through an input changed in place since, is refused
        if ctx.saves_input:
            ctx.save_for_backward(*inputs)
        return g._data

    def backward(ctx, gg):
        if ctx.saves_input:
            ctx.saved_tensors  # noqa: B018  (the checks torch's SavedVariable makes on unpacking)
        zeros = tuple(Tensor._wrap(np.zeros(shape, dtype)) if ctx.should_compute(i + 1) else None
                      for i, (shape, dtype) in enumerate(ctx._metas))
        return (gg if ctx.should_compute(0) else None,) + zeros


def recorded_as(name, g, *inputs):
    """``g`` recorded by a node called ``name`` reading ``inputs`` (zero derivative in them)."""
    if not STATE.grad_enabled or not any(a._requires_grad for a in inputs):
        return g
    cls = _CLASSES.get(name)
    if cls is None:
        cls = _CLASSES[name] = type(name, (_BackwardOfInput,), {
            "__slots__": (), "__module__": __name__, "__qualname__": name,
            "saves_input": not name.startswith(_SAVE_NOTHING)})
    return cls.apply(g, *inputs)
