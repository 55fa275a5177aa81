"""``torch.optim.Rprop``: resilient backpropagation (per-element step sizes from gradient signs)."""

import numpy as np

from ..tensor import Tensor
from .optimizer import Optimizer, assign, call_closure, check_lr, grad_array, increment, scalar, step_tensor, zeros_state

__all__ = ["Rprop"]


class Rprop(Optimizer):
    """Each element's step grows by ``etas[1]`` while its gradient keeps its sign, shrinks by ``etas[0]``
    when it flips (and that step is skipped); ``p −= sign(g) · step``."""

    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, capturable=False, foreach=None,
                 maximize=False, differentiable=False):
        check_lr(lr)
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f"Invalid eta values: {etas[0]}, {etas[1]}")
        defaults = {"lr": lr, "etas": etas, "step_sizes": step_sizes, "foreach": foreach, "maximize": maximize,
                    "differentiable": differentiable, "capturable": capturable}
        super().__init__(params, defaults)

    def step(self, closure=None):
        """Perform a single optimization step (``closure`` re-evaluates the model and returns the loss)."""
        loss = call_closure(closure)
        for group in self.param_groups:
            etaminus, etaplus = group["etas"]
            step_size_min, step_size_max = group["step_sizes"]
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = step_tensor()
                    state["prev"] = zeros_state(p)
                    state["step_size"] = Tensor._wrap(np.full_like(p._grad._data, scalar(group["lr"])))
                g = grad_array(p, group["maximize"])
                increment(state["step"])
                prev, step_size = state["prev"], state["step_size"]
                dt = g.dtype.type
                sign = np.sign(g * prev._data)
                factor = np.where(sign > 0, dt(etaplus), np.where(sign < 0, dt(etaminus), np.where(sign == 0, dt(1), sign)))
                s = step_size._data * factor
                assign(step_size, np.minimum(np.maximum(s, dt(step_size_min)), dt(step_size_max)))
                g = np.where(factor == dt(etaminus), dt(0), g)
                assign(p, p._data - np.sign(g) * step_size._data)
                assign(prev, g)
        return loss
