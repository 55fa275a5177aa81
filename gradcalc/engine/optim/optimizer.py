"""``torch.optim.Optimizer``: parameter groups, per-parameter state, hooks, state dicts.

Laid out as torch 2.13's base class, so what a learner reads and changes is what
torch has: ``param_groups`` is a list of plain dicts (``group['lr'] = 0.01`` works),
``state`` a ``defaultdict(dict)`` keyed by the parameter tensors, ``state_dict()``
the same with parameters numbered in group order. Subclasses implement ``step``;
the base class wraps every ``step`` so the step hooks run around it and the update
runs without recording a graph.
"""

import warnings
from collections import defaultdict
from copy import deepcopy
from itertools import chain

import numpy as np

from ..grad_mode import STATE
from ..journal import observing, touch_container
from ..node import RemovableHandle
from ..ops.inplace import check_writable, write
from ..nn.module import typename
from ..tensor import Tensor

__all__ = ["Optimizer", "register_optimizer_step_pre_hook", "register_optimizer_step_post_hook", "required"]


class _RequiredParameter:
    """The default of an option every parameter group must give (``lr`` of a bare ``Optimizer``)."""

    def __repr__(self):
        return "<required parameter>"


required = _RequiredParameter()


class _Handle(RemovableHandle):
    """``handle.remove()`` for a hook kept in one of the optimizer's lists."""

    __slots__ = ()

    def __init__(self, hooks, fn):
        super().__init__(hooks, fn, None)

    def remove(self):
        hooks = self._hooks
        for i, h in enumerate(hooks):
            if h is self._fn:
                touch_container(hooks)  # a statement that fails after this puts the hook back
                del hooks[i]
                break


def _register(hooks, hook, prepend=False):
    """Put ``hook`` in one of the hook lists (the undo journal sees the list first)."""
    touch_container(hooks)
    if prepend:
        hooks.insert(0, hook)
    else:
        hooks.append(hook)
    return _Handle(hooks, hook)

_global_pre_hooks = []
_global_post_hooks = []


def register_optimizer_step_pre_hook(hook):
    """Call ``hook(optimizer, args, kwargs)`` before every optimizer's ``step``."""
    return _register(_global_pre_hooks, hook)


def register_optimizer_step_post_hook(hook):
    """Call ``hook(optimizer, args, kwargs)`` after every optimizer's ``step``."""
    return _register(_global_post_hooks, hook)


def _hooked(step):
    """``step`` with the pre/post hooks around it, run with grad mode off (torch's
    ``_use_grad_for_differentiable`` with ``differentiable=False``)."""

    def wrapper(self, *args, **kwargs):
        if observing():
            _note_state(self.state)
        for pre_hook in list(chain(_global_pre_hooks, self._optimizer_step_pre_hooks)):
            result = pre_hook(self, args, kwargs)
            if result is not None:
                if isinstance(result, tuple) and len(result) == 2:
                    args, kwargs = result
                else:
                    raise RuntimeError(f"{step} must return None or a tuple of (new_args, new_kwargs), but got "
                                       f"{result}.")
        prev = STATE.grad_enabled
        STATE.grad_enabled = False
        try:
            out = step(self, *args, **kwargs)
        finally:
            STATE.grad_enabled = prev
        self._opt_called = True  # read by lr_scheduler's "step() before optimizer.step()" warning
        for post_hook in list(chain(self._optimizer_step_post_hooks, _global_post_hooks)):
            post_hook(self, args, kwargs)
        return out

    wrapper.__name__ = step.__name__
    wrapper.__qualname__ = step.__qualname__
    wrapper.__doc__ = step.__doc__
    wrapper.hooked = True
    wrapper.unhooked = step  # the bare update, for %explain's dry run on copies (no hooks, no flags)
    return wrapper


def _note_state(state):
    """Tell the undo observer that a step may add entries to ``state`` and change the items of each
    parameter's dict (and of lists kept there, LBFGS's history); tensors in them are changed through
    the in-place machinery, which tells it itself."""
    touch_container(state)
    for entry in state.values():
        if type(entry) is dict:
            touch_container(entry)
            for value in entry.values():
                if type(value) is list:
                    touch_container(value)


# The optimizers whose steps on bfloat16 parameters match torch's bit for bit (kernels.py rounds
# each op as torch's bfloat16 kernels do; tests/golden/bf16_cases.py): the others refuse them.
_BF16_MATCHED = ("SGD", "Adam", "AdamW", "Adagrad", "Adamax", "NAdam", "ASGD")


class Optimizer:
    """Base class for all optimizers: ``Optimizer(params, defaults)``."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        step = cls.__dict__.get("step")
        if step is not None and not getattr(step, "hooked", False):
            cls.step = _hooked(step)

    def __init__(self, params, defaults):
        self.defaults = defaults
        self._optimizer_step_pre_hooks = []
        self._optimizer_step_post_hooks = []
        self._optimizer_state_dict_pre_hooks = []
        self._optimizer_state_dict_post_hooks = []
        self._optimizer_load_state_dict_pre_hooks = []
        self._optimizer_load_state_dict_post_hooks = []
        if isinstance(params, Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of Tensors or dicts, "
                            "but got " + typename(params))
        self.state = defaultdict(dict)
        self.param_groups = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{"params": param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)

    def __getstate__(self):
        return {"defaults": self.defaults, "state": self.state, "param_groups": self.param_groups}

    def __setstate__(self, state):
        self.__dict__.update(state)
        for name in ("_optimizer_step_pre_hooks", "_optimizer_step_post_hooks", "_optimizer_state_dict_pre_hooks",
                     "_optimizer_state_dict_post_hooks", "_optimizer_load_state_dict_pre_hooks",
                     "_optimizer_load_state_dict_post_hooks"):
            if name not in self.__dict__:
                self.__dict__[name] = []
        self.defaults.setdefault("differentiable", False)

    def __repr__(self):
        text = self.__class__.__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += "\n"
            text += f"Parameter Group {i}\n"
            for key in sorted(group.keys()):
                if key != "params":
                    text += f"    {key}: {group[key]}\n"
        text += ")"
        return text

    # -- hooks ------------------------------------------------------------------------------

    def register_step_pre_hook(self, hook):
        """Call ``hook(optimizer, args, kwargs)`` before each ``step``; it may return new (args, kwargs)."""
        return _register(self._optimizer_step_pre_hooks, hook)

    def register_step_post_hook(self, hook):
        """Call ``hook(optimizer, args, kwargs)`` after each ``step``."""
        return _register(self._optimizer_step_post_hooks, hook)

    def register_state_dict_pre_hook(self, hook, prepend=False):
        """Call ``hook(optimizer)`` before ``state_dict()`` builds the dict."""
        return _register(self._optimizer_state_dict_pre_hooks, hook, prepend)

    def register_state_dict_post_hook(self, hook, prepend=False):
        """Call ``hook(optimizer, state_dict)`` on the built dict; it may return a replacement."""
        return _register(self._optimizer_state_dict_post_hooks, hook, prepend)

    def register_load_state_dict_pre_hook(self, hook, prepend=False):
        """Call ``hook(optimizer, state_dict)`` before loading; it may return a replacement."""
        return _register(self._optimizer_load_state_dict_pre_hooks, hook, prepend)

    def register_load_state_dict_post_hook(self, hook, prepend=False):
        """Call ``hook(optimizer)`` after loading."""
        return _register(self._optimizer_load_state_dict_post_hooks, hook, prepend)

    # -- state dicts --------------------------------------------------------------------------

    def state_dict(self):
        """``{'state': {param index: {...}}, 'param_groups': [{..., 'params': [indices]}]}`` (torch's layout)."""
        for pre_hook in list(self._optimizer_state_dict_pre_hooks):
            pre_hook(self)
        param_mappings = {}
        start_index = 0

        def pack_group(group):
            nonlocal start_index
            packed = {k: v for k, v in group.items() if k != "params"}
            param_mappings.update({id(p): i for i, p in enumerate(group["params"], start_index)
                                   if id(p) not in param_mappings})
            packed["params"] = [param_mappings[id(p)] for p in group["params"]]
            start_index += len(packed["params"])
            return packed

        param_groups = [pack_group(g) for g in self.param_groups]
        packed_state = {(param_mappings[id(k)] if isinstance(k, Tensor) else k): v for k, v in self.state.items()}
        state_dict = {"state": packed_state, "param_groups": param_groups}
        for post_hook in list(self._optimizer_state_dict_post_hooks):
            result = post_hook(self, state_dict)
            if result is not None:
                state_dict = result
        return state_dict

    def load_state_dict(self, state_dict):
        """Load a dict made by ``state_dict()``: state tensors are cast to their parameter's dtype."""
        state_dict = state_dict.copy()
        for pre_hook in list(self._optimizer_load_state_dict_pre_hooks):
            result = pre_hook(self, state_dict)
            if result is not None:
                state_dict = result
        groups = self.param_groups
        saved_groups = deepcopy(state_dict["param_groups"])
        if len(groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        if any(len(g["params"]) != len(s["params"]) for g, s in zip(groups, saved_groups)):
            raise ValueError("loaded state dict contains a parameter group that doesn't match the size of "
                             "optimizer's group")
        id_map = dict(zip(chain.from_iterable(g["params"] for g in saved_groups),
                          chain.from_iterable(g["params"] for g in groups)))

        def cast(param, value, param_id=None, key=None):
            if isinstance(value, Tensor):
                return _cast_state_value(param, value, param_id, state_dict["param_groups"], key)
            if isinstance(value, dict):
                return {k: cast(param, v, param_id, k) for k, v in value.items()}
            if isinstance(value, (list, tuple)):
                return type(value)(cast(param, v, param_id) for v in value)
            return value

        state = defaultdict(dict)
        for k, v in state_dict["state"].items():
            if k in id_map:
                param = id_map[k]
                state[param] = cast(param, v, param_id=k)
            else:
                state[k] = v

        def update_group(group, new_group):
            new_group["params"] = group["params"]
            if "param_names" in group and "param_names" not in new_group:
                new_group["param_names"] = group["param_names"]
            return new_group

        param_groups = [update_group(g, ng) for g, ng in zip(groups, saved_groups)]
        self.__setstate__({"state": state, "param_groups": param_groups})
        for post_hook in list(self._optimizer_load_state_dict_post_hooks):
            post_hook(self)

    # -- the rest of the API --------------------------------------------------------------------

    def zero_grad(self, set_to_none=True):
        """Reset the gradients of the parameters: to None (default), or to zeros in place."""
        for group in self.param_groups:
            for p in group["params"]:
                g = p._grad
                if g is not None:
                    if set_to_none:
                        p.grad = None
                    else:
                        if g._grad_fn is not None:
                            g.detach_()
                        else:
                            g.requires_grad_(False)
                        prev = STATE.grad_enabled
                        STATE.grad_enabled = False
                        try:
                            g.zero_()
                        finally:
                            STATE.grad_enabled = prev

    def step(self, closure=None):
        """Perform one optimization step (implemented by each algorithm)."""
        raise NotImplementedError

    def add_param_group(self, param_group):
        """Add a dict ``{'params': [...], option: value, ...}`` to ``param_groups`` (options default
        to the optimizer's)."""
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got {type(param_group)}")
        params = param_group["params"]
        if isinstance(params, Tensor):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError("optimizer parameters need to be organized in ordered collections, but the ordering "
                            "of tensors in sets will change between runs. Please use a list instead.")
        else:
            param_group["params"] = list(params)
        tensors, names = [], []
        for param in param_group["params"]:
            if isinstance(param, tuple):
                names.append(param[0])
                tensors.append(param[1])
            else:
                tensors.append(param)
        param_group["params"] = tensors
        if names:
            if len(names) == len(tensors):
                param_group["param_names"] = names
            else:
                raise ValueError("all optimizer params should be with/without names. Some param names are missing")
        for param in param_group["params"]:
            if not isinstance(param, Tensor):
                raise TypeError("optimizer can only optimize Tensors, but one of the params is " + typename(param))
            if not self.defaults.get("differentiable", None) and not (param.is_leaf or param.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
            if param._data.dtype.metadata is not None and type(self).__name__ not in _BF16_MATCHED:
                raise NotImplementedError(f"gradcalc does not support bfloat16 parameters in {type(self).__name__} "
                                          f"yet")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError(f"parameter group didn't specify a value of required optimization parameter "
                                 f"{name}")
            param_group.setdefault(name, default)
        params = param_group["params"]
        if len(params) != len(set(params)):
            warnings.warn("optimizer contains a parameter group with duplicate parameters; in future, this will "
                          "cause an error; see github.com/pytorch/pytorch/issues/40967 for more information",
                          UserWarning, stacklevel=3)
        param_set = set()
        for group in self.param_groups:
            param_set.update(set(group["params"]))
            if ("param_names" in param_group) != ("param_names" in group):
                current = "with names" if "param_names" in param_group else "without names"
                raise ValueError(f"all optimizer param groups should be with/without names. cannot add param "
                                 f"group {current} to the optimizer")
        if not param_set.isdisjoint(set(param_group["params"])):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)


def _cast_state_value(param, value, param_id, param_groups, key):
    """torch's ``_process_value_according_to_param_policy``: ``step`` kept as saved (float32 when
    fused or capturable), other floating state cast to the parameter's dtype."""
    fused = capturable = False
    for pg in param_groups:
        if param_id in pg["params"]:
            fused = pg.get("fused", False)
            capturable = pg.get("capturable", False)
            break
    if key == "step":
        if capturable or fused:
            from ..dtypes import float32
            return value.to(dtype=float32)
        return value
    if param.is_floating_point():
        return value.to(dtype=param.dtype)
    return value


# -- what the algorithms share ---------------------------------------------------------------

def assign(t, arr):
    """Write ``arr`` into tensor ``t``'s memory as an in-place op does: the undo journal and the
    version counter see it."""
    check_writable(t)
    write(t, arr)


class updating:
    """``with updating(t) as A:`` change tensor ``t``'s values in place through array ``A`` (the
    undo journal sees ``t`` first, the version counter moves after): torch's ``t.mul_(...)``."""

    __slots__ = ("t",)

    def __init__(self, t):
        self.t = t

    def __enter__(self):
        check_writable(self.t)
        return self.t._data

    def __exit__(self, *exc):
        self.t._bump_version()
        return False


def new_state(arr):
    """A fresh state tensor holding ``arr`` (a buffer the optimizer owns)."""
    return Tensor._wrap(np.array(arr, copy=True))


def step_tensor(value=0.0):
    """``state['step']``: a 0-dim tensor in the scalar dtype torch uses (float64 only when that
    is the default dtype)."""
    from ..dtypes import get_default_dtype, float64
    dt = np.float64 if get_default_dtype() is float64 else np.float32
    return Tensor._wrap(np.array(value, dtype=dt))


def zeros_state(p):
    """A state buffer of zeros shaped and typed like parameter ``p``."""
    return Tensor._wrap(np.zeros_like(p._data))


def check_range(name, value, low=0.0):
    """torch's constructor check ``low <= value`` with its message."""
    if not low <= value:
        raise ValueError(f"Invalid {name}: {value}")


def check_lr(lr):
    if isinstance(lr, Tensor) and lr.numel() != 1:
        raise ValueError("Tensor lr must be 1-element")
    if not 0.0 <= lr:
        raise ValueError(f"Invalid learning rate: {lr}")


def check_betas(betas):
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")


def increment(step_t):
    """``step_t += 1`` on the state's step tensor; returns the new count as a Python float."""
    assign(step_t, step_t._data + step_t._data.dtype.type(1))
    return float(step_t._data)


def grad_array(p, maximize):
    """The gradient's values (negated when maximizing; a new array then, as torch's ``-grad``)."""
    g = p._grad._data
    return np.negative(g) if maximize else g


def scalar(x):
    """A hyper-parameter as a Python number (a one-element tensor is read once)."""
    if isinstance(x, Tensor):
        return x.item()
    return x


def call_closure(closure):
    """Run the closure with grad mode on (torch's ``with torch.enable_grad(): loss = closure()``)."""
    if closure is None:
        return None
    prev = STATE.grad_enabled
    STATE.grad_enabled = True
    try:
        return closure()
    finally:
        STATE.grad_enabled = prev
