"""``torch.optim.SGD``: stochastic gradient descent with momentum, dampening, Nesterov."""

from ..tensor import Tensor
from . import kernels as K
from ..ops.inplace import check_writable
from .optimizer import Optimizer, call_closure, grad_array, new_state, scalar, updating

__all__ = ["SGD"]


class SGD(Optimizer):
    """``p -= lr * g``, where g is the gradient (plus ``weight_decay * p``), or its momentum
    buffer ``buf = momentum * buf + (1 - dampening) * g`` (Nesterov: ``g + momentum * buf``)."""

    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False, foreach=None, differentiable=False, fused=None):
        if isinstance(lr, Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening, "weight_decay": weight_decay,
                    "nesterov": nesterov, "maximize": maximize, "foreach": foreach,
                    "differentiable": differentiable, "fused": fused}
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)
        if fused:
            if differentiable:
                raise RuntimeError("`fused` does not support `differentiable`")
            if foreach:
                raise RuntimeError("`fused` and `foreach` cannot be `True` together.")

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault("nesterov", False)
            group.setdefault("maximize", False)
            group.setdefault("foreach", None)
            group.setdefault("differentiable", False)
            group.setdefault("fused", False)

    def step(self, closure=None):
        """Perform a single optimization step (``closure`` re-evaluates the model and returns the loss)."""
        loss = call_closure(closure)
        for group in self.param_groups:
            lr = scalar(group["lr"])
            weight_decay = scalar(group["weight_decay"])
            momentum = group["momentum"]
            dampening = group["dampening"]
            nesterov = group["nesterov"]
            maximize = group["maximize"]
            updated, steps = [], []
            for p in group["params"]:
                if p._grad is None:
                    continue
                g = grad_array(p, maximize)
                P = p._data
                if weight_decay != 0:
                    g = K.add_scaled(g, P, weight_decay)
                if momentum != 0:
                    state = self.state[p]
                    buf = state.get("momentum_buffer")
                    if buf is None:
                        buf = new_state(g)
                    else:
                        with updating(buf) as B:
                            K.scale(B, momentum, out=B)
                            K.add_scaled(B, g, 1 - dampening, out=B)
                    state["momentum_buffer"] = buf
                    g = K.add_scaled(g, buf._data, momentum) if nesterov else buf._data
                check_writable(p)
                updated.append(p)
                steps.append(g)
            # p += -lr * step for all of them at once (each element as torch's add_(alpha=) rounds it)
            K.add_scaled_each([p._data for p in updated], steps, -lr)
            for p in updated:
                p._bump_version()
        return loss
