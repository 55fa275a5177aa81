"""``torch.optim.Adam`` and ``AdamW`` (Adam with decoupled weight decay)."""

import numpy as np

from ..tensor import Tensor
from . import kernels as K
from ..ops.inplace import check_writable
from .optimizer import Optimizer, call_closure, grad_array, increment, scalar, step_tensor, updating

__all__ = ["Adam", "AdamW"]


class Adam(Optimizer):
    """Adam: running averages of the gradient and its square, with bias corrections:
    ``p -= lr / (1 - β1^t) · m / (sqrt(v) / sqrt(1 - β2^t) + eps)``."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=None,
                 decoupled_weight_decay=False):
        if isinstance(lr, Tensor):
            if foreach and not capturable:
                raise ValueError("lr as a Tensor is not supported for capturable=False and foreach=True")
            if lr.numel() != 1:
                raise ValueError("Tensor lr must be 1-element")
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not ((isinstance(betas[0], float) and isinstance(betas[1], float))
                or (isinstance(betas[0], Tensor) and isinstance(betas[1], Tensor))):
            raise ValueError("betas must be either both floats or both Tensors")
        for i in (0, 1):
            if isinstance(betas[i], Tensor):
                if not capturable and foreach:
                    raise ValueError(f"betas[{i}] as a Tensor is not supported for capturable=False and "
                                     f"foreach=True")
                if betas[i].numel() != 1:
                    raise ValueError(f"Tensor betas[{i}] must be 1-element")
        betas = tuple(b.squeeze() if isinstance(b, Tensor) and b.dim() != 0 else b for b in betas)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay, "amsgrad": amsgrad,
                    "maximize": maximize, "foreach": foreach, "capturable": capturable,
                    "differentiable": differentiable, "fused": fused,
                    "decoupled_weight_decay": decoupled_weight_decay}
        super().__init__(params, defaults)
        if fused:
            if differentiable:
                raise RuntimeError("`fused` does not support `differentiable`")
            if foreach:
                raise RuntimeError("`fused` and `foreach` cannot be `True` together.")

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault("amsgrad", False)
            group.setdefault("maximize", False)
            group.setdefault("foreach", None)
            group.setdefault("capturable", False)
            group.setdefault("differentiable", False)
            group.setdefault("decoupled_weight_decay", False)
            group.setdefault("fused", None)
            for p in group["params"]:
                p_state = self.state.get(p, [])
                if len(p_state) != 0 and not isinstance(p_state["step"], Tensor):
                    p_state["step"] = step_tensor(float(p_state["step"]))

    def step(self, closure=None):
        """Perform a single optimization step (``closure`` re-evaluates the model and returns the loss)."""
        loss = call_closure(closure)
        for group in self.param_groups:
            beta1, beta2 = (scalar(b) for b in group["betas"])
            lr = scalar(group["lr"])
            weight_decay = scalar(group["weight_decay"])
            eps = group["eps"]
            amsgrad = group["amsgrad"]
            maximize = group["maximize"]
            decoupled = group["decoupled_weight_decay"]
            # per tensor, torch's order of operations; the fused multiply-adds of all the
            # tensors (lerp, addcmul) run as one pass each (kernels.*_each: bit-identical)
            todo = []
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = step_tensor()
                    state["exp_avg"] = Tensor._wrap(np.zeros_like(p._data))
                    state["exp_avg_sq"] = Tensor._wrap(np.zeros_like(p._data))
                    if amsgrad:
                        state["max_exp_avg_sq"] = Tensor._wrap(np.zeros_like(p._data))
                g = grad_array(p, maximize)
                step = increment(state["step"])
                if weight_decay != 0:
                    if decoupled:
                        with updating(p) as P:
                            K.scale(P, 1 - lr * weight_decay, out=P)
                    else:
                        g = K.add_scaled(g, p._data, weight_decay)
                exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                check_writable(exp_avg)
                check_writable(exp_avg_sq)
                todo.append((p, g, step, state, exp_avg, exp_avg_sq))
            K.lerp_each([t[4]._data for t in todo], [t[1] for t in todo], 1 - beta1)
            for t in todo:
                t[4]._bump_version()
                K.scale(t[5]._data, beta2, out=t[5]._data)
            K.addcmul_each([t[5]._data for t in todo], [t[1] for t in todo], [t[1] for t in todo], 1 - beta2)
            for p, g, step, state, exp_avg, exp_avg_sq in todo:
                exp_avg_sq._bump_version()
                bias_correction1 = 1 - beta1 ** step
                bias_correction2 = 1 - beta2 ** step
                step_size = lr / bias_correction1
                bias_correction2_sqrt = bias_correction2 ** 0.5
                if amsgrad:
                    mx = state["max_exp_avg_sq"]
                    with updating(mx) as X:
                        np.maximum(X, exp_avg_sq._data, out=X)
                    v = mx._data
                else:
                    v = exp_avg_sq._data
                denom = K.sqrt(v)
                K.div_scalar(denom, bias_correction2_sqrt, out=denom)
                K.add_scalar(denom, eps, out=denom)
                with updating(p) as P:
                    K.addcdiv(P, exp_avg._data, denom, -step_size, out=P)
        return loss


class AdamW(Adam):
    """Adam with decoupled weight decay: ``p *= 1 - lr · weight_decay`` before the Adam update."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False, differentiable=False, fused=None):
        super().__init__(params, lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                         foreach=foreach, maximize=maximize, capturable=capturable,
                         differentiable=differentiable, fused=fused, decoupled_weight_decay=True)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group["decoupled_weight_decay"] = True
