"""``torch.optim.NAdam``: Adam with Nesterov momentum (and its momentum-decay schedule)."""

import numpy as np

from . import kernels as K
from .optimizer import (Optimizer, assign, call_closure, check_betas, check_lr, check_range, grad_array, increment,
                        scalar, step_tensor, zeros_state)

__all__ = ["NAdam"]


class NAdam(Optimizer):
    """NAdam: μ_t = β1·(1 − 0.5·0.96^(t·ψ)); the update mixes g and m with μ_t and μ_{t+1}."""

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, momentum_decay=4e-3,
                 decoupled_weight_decay=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False):
        check_lr(lr)
        check_range("epsilon value", eps)
        check_betas(betas)
        check_range("weight_decay value", weight_decay)
        check_range("momentum_decay value", momentum_decay)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "momentum_decay": momentum_decay, "decoupled_weight_decay": decoupled_weight_decay,
                    "maximize": maximize, "foreach": foreach, "capturable": capturable,
                    "differentiable": differentiable}
        super().__init__(params, defaults)

    def step(self, closure=None):
        """Perform a single optimization step (``closure`` re-evaluates the model and returns the loss)."""
        loss = call_closure(closure)
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            lr, eps, weight_decay = scalar(group["lr"]), group["eps"], group["weight_decay"]
            momentum_decay = group["momentum_decay"]
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = step_tensor()
                    state["mu_product"] = step_tensor(1.0)
                    state["exp_avg"] = zeros_state(p)
                    state["exp_avg_sq"] = zeros_state(p)
                g = grad_array(p, group["maximize"])
                step = increment(state["step"])
                bias_correction2 = 1 - beta2 ** step
                if weight_decay != 0:
                    if group["decoupled_weight_decay"]:
                        assign(p, K.scale(p._data, 1 - lr * weight_decay))
                    else:
                        g = K.add_scaled(g, p._data, weight_decay)
                mu = beta1 * (1.0 - 0.5 * 0.96 ** (step * momentum_decay))
                mu_next = beta1 * (1.0 - 0.5 * 0.96 ** ((step + 1) * momentum_decay))
                mu_product = state["mu_product"]
                assign(mu_product, K.scale(mu_product._data, mu))  # a tensor in torch: rounded to its dtype
                exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                assign(exp_avg, K.lerp(exp_avg._data, g, 1 - beta1))
                assign(exp_avg_sq, K.addcmul(K.scale(exp_avg_sq._data, beta2), g, g, 1 - beta2))
                denom = K.add_scalar(K.sqrt(K.div_scalar(exp_avg_sq._data, bias_correction2)), eps)
                mu_product_value = float(mu_product._data)
                mu_product_next = mu_product_value * mu_next
                P = K.addcdiv(p._data, g, denom, -lr * (1.0 - mu) / (1.0 - mu_product_value))
                assign(p, K.addcdiv(P, exp_avg._data, denom, -lr * mu_next / (1.0 - mu_product_next)))
        return loss
