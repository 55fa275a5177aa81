"""``torch.optim.Adagrad``: per-element rates from the running sum of squared gradients."""

import numpy as np

from ..tensor import Tensor
from . import kernels as K
from ..ops.inplace import check_writable
from .optimizer import (Optimizer, call_closure, check_lr, check_range, grad_array, increment, scalar, step_tensor,
                        updating)

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    """``sum += g²; p −= lr / (1 + (t − 1)·lr_decay) · g / (sqrt(sum) + eps)``."""

    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False, differentiable=False, fused=None):
        check_lr(lr)
        check_range("lr_decay value", lr_decay)
        check_range("weight_decay value", weight_decay)
        check_range("initial_accumulator_value value", initial_accumulator_value)
        check_range("epsilon value", eps)
        defaults = {"lr": lr, "lr_decay": lr_decay, "eps": eps, "weight_decay": weight_decay,
                    "initial_accumulator_value": initial_accumulator_value, "foreach": foreach,
                    "maximize": maximize, "differentiable": differentiable, "fused": fused}
        super().__init__(params, defaults)
        if fused:
            if differentiable:
                raise RuntimeError("`fused` does not support `differentiable`")
            if foreach:
                raise RuntimeError("`fused` and `foreach` cannot be `True` together.")
        for group in self.param_groups:  # torch makes Adagrad's state when it is built
            for p in group["params"]:
                self._init_state(p)

    def _init_state(self, p):
        state = self.state[p]
        state["step"] = step_tensor()
        state["sum"] = Tensor._wrap(np.full_like(p._data, self.defaults["initial_accumulator_value"]))

    def step(self, closure=None):
        """Perform a single optimization step (``closure`` re-evaluates the model and returns the loss)."""
        loss = call_closure(closure)
        for group in self.param_groups:
            lr, lr_decay, eps, weight_decay = scalar(group["lr"]), group["lr_decay"], group["eps"], group["weight_decay"]
            todo = []
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    self._init_state(p)
                step = increment(state["step"])
                g = grad_array(p, group["maximize"])
                if weight_decay != 0:
                    g = K.add_scaled(g, p._data, weight_decay)
                check_writable(state["sum"])
                todo.append((p, g, step, state["sum"]))
            # state_sum += g * g for all the tensors in one pass (bit-identical to addcmul's)
            K.addcmul_each([t[3]._data for t in todo], [t[1] for t in todo], [t[1] for t in todo], 1)
            for p, g, step, state_sum in todo:
                state_sum._bump_version()
                clr = lr / (1 + (step - 1) * lr_decay)
                std = K.sqrt(state_sum._data)
                K.add_scalar(std, eps, out=std)
                with updating(p) as P:
                    K.addcdiv(P, g, std, -clr, out=P)
        return loss
