"""What one ``optimizer.step()`` would do, without doing it: what ``%explain opt.step()`` shows.

``explain_step(opt)`` runs the optimizer's real ``step`` (no second implementation of the
algorithms) on copies: each parameter that has a gradient is copied with its gradient and
its state, the copies are gathered in a shallow clone of the optimizer whose groups hold
them, and the clone steps without hooks. Nothing of the optimizer, its state, parameters or
gradients changes. The result is a ``StepTrace``: per parameter group, the algorithm's
update rule in torch's order of operations (for the options that group has) with its
hyper-parameters, and per parameter its gradient, its state before and after, and its
value before and after.
"""

import copy
from collections import defaultdict

import numpy as np

from ..grad_mode import STATE
from ..tensor import Tensor

__all__ = ["explain_step", "StepTrace", "GroupStep", "ParamStep", "update_rule"]


class ParamStep:
    """One parameter's update."""

    __slots__ = ("param", "index", "grad", "before", "after", "state_before", "state_after")

    def __init__(self, param, index, grad, before, after, state_before, state_after):
        self.param = param                # the real parameter (for naming it), untouched
        self.index = index                # its number in the optimizer's state_dict
        self.grad = grad                  # Tensor, or None (no gradient: the step skips it)
        self.before = before              # Tensor: the value now
        self.after = after                # Tensor: the value after the step
        self.state_before = state_before  # ((key, value), ...) the state now
        self.state_after = state_after    # ((key, value), ...) the state after the step


class GroupStep:
    """One parameter group: its options, the rule they select, its parameters' updates."""

    __slots__ = ("index", "options", "rule", "params")

    def __init__(self, index, options, rule, params):
        self.index = index
        self.options = options  # ((name, value), ...) as the repr lists them (sorted, without params)
        self.rule = rule        # lines of the update rule, in torch's order
        self.params = params    # ParamStep per parameter of the group


class StepTrace:
    __slots__ = ("name", "groups")

    def __init__(self, name, groups):
        self.name = name      # the optimizer's class name
        self.groups = groups  # GroupStep per group


def _copy_value(v):
    if isinstance(v, Tensor):
        c = Tensor._wrap(np.array(v._data, copy=True))
        return c
    if isinstance(v, list):
        return [_copy_value(x) for x in v]
    if isinstance(v, tuple):
        return tuple(_copy_value(x) for x in v)
    if isinstance(v, dict):
        return {k: _copy_value(x) for k, x in v.items()}
    return v


def _state_items(state):
    return tuple((k, _copy_value(v)) for k, v in state.items())


def explain_step(opt):
    """A dry run of ``opt.step()``: a StepTrace, with nothing changed."""
    from .lbfgs import LBFGS
    if isinstance(opt, LBFGS):
        raise RuntimeError("%explain of an LBFGS step needs its closure (it re-evaluates the model many times); "
                           "explain the loss instead")
    copies = {}
    groups = []
    for group in opt.param_groups:
        params = []
        for p in group["params"]:
            q = Tensor._wrap(np.array(p._data, copy=True))
            q._requires_grad = p._requires_grad
            if p._grad is not None:
                q._grad = Tensor._wrap(np.array(p._grad._data, copy=True))
            copies[p] = q
            params.append(q)
        groups.append(dict(group, params=params))
    state = defaultdict(dict)
    for p, s in opt.state.items():
        state[copies.get(p, p)] = _copy_value(s)
    clone = copy.copy(opt)
    clone.param_groups = groups
    clone.state = state
    if hasattr(opt, "_params"):
        clone._params = [copies[p] for p in opt._params]
    step = getattr(type(opt).step, "unhooked", type(opt).step)
    prev = STATE.grad_enabled
    STATE.grad_enabled = False
    try:
        step(clone)
    finally:
        STATE.grad_enabled = prev
    index = 0
    out = []
    for gi, (group, cgroup) in enumerate(zip(opt.param_groups, groups)):
        steps = []
        for p, q in zip(group["params"], cgroup["params"]):
            has_grad = p._grad is not None
            steps.append(ParamStep(p, index, _copy_value(p._grad) if has_grad else None, _copy_value(p),
                                   q, _state_items(opt.state.get(p, {})), _state_items(state.get(q, {}))))
            index += 1
        options = tuple((k, group[k]) for k in sorted(group) if k not in ("params", "param_names"))
        out.append(GroupStep(gi, options, update_rule(opt, group), steps))
    return StepTrace(type(opt).__name__, out)


# -- the rules, as torch's single-tensor code writes them ---------------------------------------

def update_rule(opt, group):
    """The lines of the update, in torch's order of operations, for this group's options."""
    name = type(opt).__name__
    rule = _RULES.get(name)
    if rule is None:
        for cls in type(opt).__mro__:
            rule = _RULES.get(cls.__name__)
            if rule is not None:
                break
    if rule is None:
        return ["(no rule text for this optimizer)"]
    return rule(group)


def _g(group):
    return ["g = −grad   (maximize)" if group.get("maximize") else "g = grad"]


def _wd(group, decoupled=False):
    wd = group.get("weight_decay", 0)
    if not wd:
        return []
    if decoupled:
        return ["p = p · (1 − lr·weight_decay)   (decoupled weight decay)"]
    return ["g = g + weight_decay·p"]


def _sgd(group):
    lines = _g(group) + _wd(group)
    if group["momentum"]:
        lines.append("buf = g   (first step: a copy)   else   buf = momentum·buf + (1 − dampening)·g")
        lines.append("g = g + momentum·buf   (Nesterov)" if group["nesterov"] else "g = buf")
    lines.append("p = p − lr·g")
    return lines


def _adam(group, decoupled=False):
    lines = _g(group) + ["step = step + 1"] + _wd(group, decoupled)
    lines += ["exp_avg = exp_avg + (1 − beta1)·(g − exp_avg)   (lerp: beta1·exp_avg + (1 − beta1)·g)",
              "exp_avg_sq = beta2·exp_avg_sq + (1 − beta2)·g·g",
              "bias_correction1 = 1 − beta1^step;   bias_correction2 = 1 − beta2^step",
              "step_size = lr / bias_correction1"]
    if group.get("amsgrad"):
        lines += ["max_exp_avg_sq = max(max_exp_avg_sq, exp_avg_sq)",
                  "denom = √max_exp_avg_sq / √bias_correction2 + eps"]
    else:
        lines.append("denom = √exp_avg_sq / √bias_correction2 + eps")
    lines.append("p = p − step_size · exp_avg / denom")
    return lines


def _adamw(group):
    return _adam(group, decoupled=True)


def _adamax(group):
    return _g(group) + ["step = step + 1"] + _wd(group) + [
        "exp_avg = exp_avg + (1 − beta1)·(g − exp_avg)",
        "exp_inf = max(beta2·exp_inf, |g| + eps)",
        "clr = lr / (1 − beta1^step)",
        "p = p − clr · exp_avg / exp_inf"]


def _nadam(group):
    return _g(group) + ["step = step + 1", "bias_correction2 = 1 − beta2^step"] + \
        _wd(group, group.get("decoupled_weight_decay", False)) + [
        "mu = beta1·(1 − ½·0.96^(step·momentum_decay));   mu_next = beta1·(1 − ½·0.96^((step + 1)·momentum_decay))",
        "mu_product = mu_product·mu",
        "exp_avg = exp_avg + (1 − beta1)·(g − exp_avg)",
        "exp_avg_sq = beta2·exp_avg_sq + (1 − beta2)·g·g",
        "denom = √(exp_avg_sq / bias_correction2) + eps",
        "p = p − lr·(1 − mu)/(1 − mu_product) · g / denom",
        "p = p − lr·mu_next/(1 − mu_product·mu_next) · exp_avg / denom"]


def _radam(group):
    return _g(group) + ["step = step + 1"] + _wd(group, group.get("decoupled_weight_decay", False)) + [
        "exp_avg = exp_avg + (1 − beta1)·(g − exp_avg)",
        "exp_avg_sq = beta2·exp_avg_sq + (1 − beta2)·g·g",
        "bias_corrected_exp_avg = exp_avg / (1 − beta1^step)",
        "rho_inf = 2/(1 − beta2) − 1;   rho_t = rho_inf − 2·step·beta2^step / (1 − beta2^step)",
        "rho_t > 5:  rect = √((rho_t − 4)(rho_t − 2)·rho_inf / ((rho_inf − 4)(rho_inf − 2)·rho_t));  "
        "adaptive = √(1 − beta2^step) / (√exp_avg_sq + eps)",
        "            p = p − lr · bias_corrected_exp_avg · adaptive · rect",
        "otherwise:  p = p − lr · bias_corrected_exp_avg"]


def _rmsprop(group):
    lines = _g(group) + ["step = step + 1"] + _wd(group)
    lines.append("square_avg = alpha·square_avg + (1 − alpha)·g·g")
    if group["centered"]:
        lines += ["grad_avg = grad_avg + (1 − alpha)·(g − grad_avg)",
                  "avg = √(square_avg − grad_avg·grad_avg) + eps"]
    else:
        lines.append("avg = √square_avg + eps")
    if group["momentum"] > 0:
        lines += ["buf = momentum·buf + g / avg", "p = p − lr·buf"]
    else:
        lines.append("p = p − lr · g / avg")
    return lines


def _adagrad(group):
    return _g(group) + ["step = step + 1"] + _wd(group) + [
        "clr = lr / (1 + (step − 1)·lr_decay)",
        "state_sum = state_sum + g·g",
        "std = √state_sum + eps",
        "p = p − clr · g / std"]


def _adadelta(group):
    return ["step = step + 1"] + _g(group) + _wd(group) + [
        "square_avg = rho·square_avg + (1 − rho)·g·g",
        "std = √(square_avg + eps)",
        "delta = √(acc_delta + eps) / std · g",
        "acc_delta = rho·acc_delta + (1 − rho)·delta·delta",
        "p = p − lr·delta"]


def _asgd(group):
    return _g(group) + ["step = step + 1"] + _wd(group) + [
        "p = p·(1 − lambd·eta) − eta·g",
        "ax = ax + (p − ax)·mu   (ax = p while mu = 1)",
        "eta = lr / (1 + lambd·lr·step)^alpha;   mu = 1 / max(1, step − t0)"]


def _rprop(group):
    return _g(group) + ["step = step + 1",
                        "sign = sign(g·prev):  factor = etaplus if > 0, etaminus if < 0, 1 if 0",
                        "step_size = clamp(step_size·factor, step_size_min, step_size_max)",
                        "g = 0 where factor = etaminus",
                        "p = p − sign(g)·step_size",
                        "prev = g"]


_RULES = {"SGD": _sgd, "Adam": _adam, "AdamW": _adamw, "Adamax": _adamax, "NAdam": _nadam, "RAdam": _radam,
          "RMSprop": _rmsprop, "Adagrad": _adagrad, "Adadelta": _adadelta, "ASGD": _asgd, "Rprop": _rprop}
