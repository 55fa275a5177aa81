"""``torch.optim.ASGD``: averaged stochastic gradient descent."""

import numpy as np

from . import kernels as K
from .optimizer import (Optimizer, assign, call_closure, check_lr, check_range, grad_array, increment, scalar,
                        step_tensor, zeros_state)

__all__ = ["ASGD"]


class ASGD(Optimizer):
    """``p = p·(1 − λη) − η·g``; ``ax`` averages p once ``t > t0``; η = lr / (1 + λ·lr·t)^α."""

    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0, foreach=None,
                 maximize=False, differentiable=False, capturable=False):
        check_lr(lr)
        check_range("weight_decay value", weight_decay)
        defaults = {"lr": lr, "lambd": lambd, "alpha": alpha, "t0": t0, "weight_decay": weight_decay,
                    "foreach": foreach, "maximize": maximize, "differentiable": differentiable,
                    "capturable": capturable}
        super().__init__(params, defaults)

    def step(self, closure=None):
        """Perform a single optimization step (``closure`` re-evaluates the model and returns the loss)."""
        loss = call_closure(closure)
        for group in self.param_groups:
            lr, lambd, alpha, t0 = scalar(group["lr"]), group["lambd"], group["alpha"], group["t0"]
            weight_decay = group["weight_decay"]
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = step_tensor()
                    state["eta"] = step_tensor(lr)
                    state["mu"] = step_tensor(1.0)
                    state["ax"] = zeros_state(p)
                g = grad_array(p, group["maximize"])
                step = increment(state["step"])
                if weight_decay != 0:
                    g = K.add_scaled(g, p._data, weight_decay)
                eta, mu, ax = state["eta"], state["mu"], state["ax"]
                eta_value = float(eta._data)
                assign(p, K.add_scaled(K.scale(p._data, 1 - lambd * eta_value), g, -eta_value))
                if float(mu._data) != 1:
                    assign(ax, ax._data + (p._data - ax._data) * mu._data)
                else:
                    assign(ax, p._data)
                assign(eta, np.asarray(lr / (1 + lambd * lr * step) ** alpha))
                assign(mu, np.asarray(1 / max(1, step - t0)))
        return loss
