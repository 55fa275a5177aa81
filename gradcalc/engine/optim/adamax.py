"""``torch.optim.Adamax``: Adam with the infinity norm in place of the squared average."""

import numpy as np

from . import kernels as K
from .optimizer import (Optimizer, assign, call_closure, check_betas, check_lr, check_range, grad_array, increment,
                        scalar, step_tensor, zeros_state)

__all__ = ["Adamax"]


class Adamax(Optimizer):
    """``m = lerp(m, g, 1 − β1); u = max(β2·u, |g| + eps); p −= lr / (1 − β1^t) · m / u``."""

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None, *,
                 maximize=False, differentiable=False, capturable=False):
        check_lr(lr)
        check_range("epsilon value", eps)
        check_betas(betas)
        check_range("weight_decay value", weight_decay)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay, "foreach": foreach,
                    "maximize": maximize, "differentiable": differentiable, "capturable": capturable}
        super().__init__(params, defaults)

    def step(self, closure=None):
        """Perform a single optimization step (``closure`` re-evaluates the model and returns the loss)."""
        loss = call_closure(closure)
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            lr, eps, weight_decay = scalar(group["lr"]), group["eps"], group["weight_decay"]
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = step_tensor()
                    state["exp_avg"] = zeros_state(p)
                    state["exp_inf"] = zeros_state(p)
                g = grad_array(p, group["maximize"])
                step = increment(state["step"])
                if weight_decay != 0:
                    g = K.add_scaled(g, p._data, weight_decay)
                exp_avg, exp_inf = state["exp_avg"], state["exp_inf"]
                assign(exp_avg, K.lerp(exp_avg._data, g, 1 - beta1))
                assign(exp_inf, np.maximum(K.scale(exp_inf._data, beta2), K.add_scalar(np.abs(g), eps)))
                clr = lr / (1 - beta1 ** step)
                assign(p, K.addcdiv(p._data, exp_avg._data, exp_inf._data, -clr))
        return loss
