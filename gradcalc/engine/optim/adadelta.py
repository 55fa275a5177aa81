"""``torch.optim.Adadelta``: steps sized by the ratio of running RMS of updates and gradients."""

import numpy as np

from . import kernels as K
from .optimizer import (Optimizer, assign, call_closure, check_lr, check_range, grad_array, increment, scalar,
                        step_tensor, zeros_state)

__all__ = ["Adadelta"]


class Adadelta(Optimizer):
    """``v = ρ·v + (1 − ρ)·g²; Δ = sqrt(u + eps) / sqrt(v + eps) · g; u = ρ·u + (1 − ρ)·Δ²; p −= lr·Δ``."""

    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *, capturable=False,
                 maximize=False, differentiable=False):
        check_lr(lr)
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Invalid rho value: {rho}")
        check_range("epsilon value", eps)
        check_range("weight_decay value", weight_decay)
        defaults = {"lr": lr, "rho": rho, "eps": eps, "weight_decay": weight_decay, "maximize": maximize,
                    "capturable": capturable, "foreach": foreach, "differentiable": differentiable}
        super().__init__(params, defaults)

    def step(self, closure=None):
        """Perform a single optimization step (``closure`` re-evaluates the model and returns the loss)."""
        loss = call_closure(closure)
        for group in self.param_groups:
            lr, rho, eps, weight_decay = scalar(group["lr"]), group["rho"], group["eps"], group["weight_decay"]
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = step_tensor()
                    state["square_avg"] = zeros_state(p)
                    state["acc_delta"] = zeros_state(p)
                increment(state["step"])
                g = grad_array(p, group["maximize"])
                if weight_decay != 0:
                    g = K.add_scaled(g, p._data, weight_decay)
                square_avg, acc_delta = state["square_avg"], state["acc_delta"]
                assign(square_avg, K.addcmul(K.scale(square_avg._data, rho), g, g, 1 - rho))
                std = K.sqrt(K.add_scalar(square_avg._data, eps))
                delta = K.sqrt(K.add_scalar(acc_delta._data, eps)) / std * g
                assign(acc_delta, K.addcmul(K.scale(acc_delta._data, rho), delta, delta, 1 - rho))
                assign(p, K.add_scaled(p._data, delta, -lr))
        return loss
