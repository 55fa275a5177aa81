"""``torch.optim.RAdam``: Adam with a rectified adaptive rate (plain momentum while the variance
estimate is unreliable)."""

import numpy as np

from . import kernels as K
from .optimizer import (Optimizer, assign, call_closure, check_betas, check_lr, check_range, grad_array, increment,
                        scalar, step_tensor, zeros_state)

__all__ = ["RAdam"]


class RAdam(Optimizer):
    """RAdam: when ρ_t > 5, ``p −= lr · m̂ · sqrt(1 − β2^t) / (sqrt(v) + eps) · r_t``; else ``p −= lr · m̂``."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, decoupled_weight_decay=False,
                 *, foreach=None, maximize=False, capturable=False, differentiable=False):
        check_lr(lr)
        check_range("epsilon value", eps)
        check_betas(betas)
        check_range("weight_decay value", weight_decay)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay, "maximize": maximize,
                    "foreach": foreach, "capturable": capturable, "decoupled_weight_decay": decoupled_weight_decay,
                    "differentiable": differentiable}
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
                    state["exp_avg_sq"] = zeros_state(p)
                g = grad_array(p, group["maximize"])
                step = increment(state["step"])
                if weight_decay != 0:
                    if group["decoupled_weight_decay"]:
                        assign(p, K.scale(p._data, 1 - lr * weight_decay))
                    else:
                        g = K.add_scaled(g, p._data, weight_decay)
                exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                assign(exp_avg, K.lerp(exp_avg._data, g, 1 - beta1))
                assign(exp_avg_sq, K.addcmul(K.scale(exp_avg_sq._data, beta2), g, g, 1 - beta2))
                bias_correction1 = 1 - beta1 ** step
                bias_correction2 = 1 - beta2 ** step
                corrected = K.div_scalar(exp_avg._data, bias_correction1)
                rho_inf = 2 / (1 - beta2) - 1
                rho_t = rho_inf - 2 * step * beta2 ** step / bias_correction2
                update = K.scale(corrected, lr)
                if rho_t > 5.0:
                    rect = ((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) ** 0.5
                    root = K.add_scalar(K.sqrt(exp_avg_sq._data), eps)
                    # torch writes `number / tensor` as tensor.reciprocal() * number
                    adaptive = K.scale(np.reciprocal(root), bias_correction2 ** 0.5)
                    update = K.scale(update * adaptive, rect)
                assign(p, p._data - update)
        return loss
