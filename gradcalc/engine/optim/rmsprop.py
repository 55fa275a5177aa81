"""``torch.optim.RMSprop``: divide by a running root mean square of the gradient."""

import numpy as np

from . import kernels as K
from ..ops.inplace import check_writable
from .optimizer import (Optimizer, call_closure, check_lr, check_range, grad_array, increment, new_state,
                        scalar, step_tensor, updating, zeros_state)

__all__ = ["RMSprop"]


class RMSprop(Optimizer):
    """``v = α·v + (1 − α)·g²; p −= lr · g / (sqrt(v) + eps)`` (centered: v − mean(g)²; momentum: a buffer)."""

    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                 capturable=False, foreach=None, maximize=False, differentiable=False):
        check_lr(lr)
        check_range("epsilon value", eps)
        check_range("momentum value", momentum)
        check_range("weight_decay value", weight_decay)
        check_range("alpha value", alpha)
        defaults = {"lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps, "centered": centered,
                    "weight_decay": weight_decay, "capturable": capturable, "foreach": foreach, "maximize": maximize,
                    "differentiable": differentiable}
        super().__init__(params, defaults)

    def step(self, closure=None):
        """Perform a single optimization step (``closure`` re-evaluates the model and returns the loss)."""
        loss = call_closure(closure)
        for group in self.param_groups:
            lr, alpha, eps = scalar(group["lr"]), group["alpha"], group["eps"]
            weight_decay, momentum, centered = group["weight_decay"], group["momentum"], group["centered"]
            # per tensor in torch's order; the fused multiply-adds of all the tensors (addcmul,
            # lerp, the momentum update) run as one pass each (kernels.*_each: bit-identical)
            todo = []
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = step_tensor()
                    state["square_avg"] = zeros_state(p)
                    if momentum > 0:
                        state["momentum_buffer"] = zeros_state(p)
                    if centered:
                        state["grad_avg"] = zeros_state(p)
                g = grad_array(p, group["maximize"])
                increment(state["step"])
                if weight_decay != 0:
                    g = K.add_scaled(g, p._data, weight_decay)
                square_avg = state["square_avg"]
                with updating(square_avg) as V:
                    K.scale(V, alpha, out=V)
                todo.append((p, g, state, square_avg))
            K.addcmul_each([t[3]._data for t in todo], [t[1] for t in todo], [t[1] for t in todo], 1 - alpha)
            if centered:
                for t in todo:
                    check_writable(t[2]["grad_avg"])
                K.lerp_each([t[2]["grad_avg"]._data for t in todo], [t[1] for t in todo], 1 - alpha)
            moved, bufs = [], []
            for p, g, state, square_avg in todo:
                square_avg._bump_version()
                if centered:
                    grad_avg = state["grad_avg"]
                    grad_avg._bump_version()
                    avg = K.sqrt(K.addcmul(square_avg._data, grad_avg._data, grad_avg._data, -1))
                else:
                    avg = K.sqrt(square_avg._data)
                K.add_scalar(avg, eps, out=avg)
                if momentum > 0:
                    buf = state["momentum_buffer"]
                    with updating(buf) as B:
                        K.scale(B, momentum, out=B)
                        K.addcdiv(B, g, avg, 1, out=B)
                    check_writable(p)
                    moved.append(p)
                    bufs.append(buf._data)
                else:
                    with updating(p) as P:
                        K.addcdiv(P, g, avg, -lr, out=P)
            K.add_scaled_each([p._data for p in moved], bufs, -lr)
            for p in moved:
                p._bump_version()
        return loss
