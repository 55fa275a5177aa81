"""torch.func.functional_call and stack_module_state: a module run with parameters it is handed.

``functional_call(model, params, args)`` puts the given tensors in the module's
parameter/buffer slots for one call and restores the originals afterwards (also
when the call fails), so ``grad(lambda p: loss(functional_call(model, p, x)))(params)``
differentiates the loss w.r.t. ``params`` without touching the model.
"""

from collections.abc import Sequence

from ..ops.shape import stack
from ..tensor import Tensor

__all__ = ["functional_call", "stack_module_state"]

_MISSING = object()


def functional_call(module, parameter_and_buffer_dicts, args=None, kwargs=None, *, tie_weights=True, strict=False):
    """Call ``module(*args, **kwargs)`` with its parameters and buffers replaced by the given ones."""
    if isinstance(parameter_and_buffer_dicts, dict):
        given = parameter_and_buffer_dicts
    elif isinstance(parameter_and_buffer_dicts, Sequence):
        if not all(isinstance(d, dict) for d in parameter_and_buffer_dicts):
            raise ValueError("Expected all elements of parameter_and_buffer_dicts to be dictionaries")
        counts = {}
        for d in parameter_and_buffer_dicts:
            for k in d:
                counts[k] = counts.get(k, 0) + 1
        repeated = [k for k, n in counts.items() if n > 1]
        if repeated:
            raise ValueError(f"{repeated} appeared in multiple dictionaries; behavior of functional call is "
                             f"ambiguous")
        given = {k: v for d in parameter_and_buffer_dicts for k, v in d.items()}
    else:
        raise ValueError(f"Expected parameter_and_buffer_dicts to be a dict, or a list/tuple of dicts, but got "
                         f"{type(parameter_and_buffer_dicts)}")
    if kwargs is None:
        kwargs = {}
    if args is None:
        args = ()
    elif not isinstance(args, tuple):
        args = (args,)
    values = _untie(module, given) if tie_weights else given
    if strict:
        _check_keys(module, values)
    originals = []
    try:
        for name, value in values.items():
            originals.append((name, _swap(module, name, value)))
        return module(*args, **kwargs)
    finally:
        for name, orig in reversed(originals):
            _swap(module, name, orig)


def _all_named(module):
    named = dict(module.named_parameters(remove_duplicate=False))
    named.update(module.named_buffers(remove_duplicate=False))
    return named


def _untie(module, given):
    """Tied weights (one tensor under several names) all take the value given for any of them."""
    names_of = {}
    for name, t in _all_named(module).items():
        names_of.setdefault(id(t), set()).add(name)
    tied = {}
    for names in names_of.values():
        if len(names) > 1:
            for n in names:
                tied[n] = names
    given_tied = {n for n in given if n in tied}
    for n in given_tied:
        names = tied[n]
        if len(names & given_tied) > 1 and len({id(given[m]) for m in names if m in given}) != 1:
            raise ValueError(f"functional_call got multiple values for keys {sorted(names)}, which are tied. "
                             f"Consider using tie_weights=False")
    out = dict(given)
    for n in given_tied:
        for m in tied[n]:
            out[m] = given[n]
    return out


def _check_keys(module, values):
    valid = set(_all_named(module))
    keys = set(values)
    missing, unexpected = sorted(valid - keys), sorted(keys - valid)
    msgs = []
    if unexpected:
        msgs.append(f"Unexpected key(s): {', '.join(map(repr, unexpected))}.")
    if missing:
        msgs.append(f"Missing key(s): {', '.join(map(repr, missing))}.")
    if msgs:
        raise RuntimeError("Error(s) in reparametrizing for {}:\n\t{}".format(module._get_name(), "\n\t".join(msgs)))


def _swap(module, name, value):
    """Put ``value`` at dotted ``name`` (a parameter, buffer or plain attribute); return what was there."""
    *path, attr = name.split(".")
    owner = module
    for part in path:
        # submodules only (torch's accessor walks attributes, and only modules can hold tensors)
        child = owner._modules.get(part)
        if child is None:
            raise _no_attribute(owner, part)
        owner = child
    if value is not _MISSING and not isinstance(value, Tensor):
        raise TypeError(f"{value} is not an instance of torch.Tensor")
    for slots in (owner._parameters, owner._buffers):
        if attr in slots:
            orig = slots[attr]
            slots[attr] = value
            return orig
    if attr.startswith("_"):
        # a plain attribute is put on the instance for the call; never a private one (the module's
        # own machinery lives there)
        raise _no_attribute(owner, attr)
    d = owner.__dict__
    orig = d.get(attr, _MISSING)
    if value is _MISSING:
        d.pop(attr, None)
    else:
        d[attr] = value
    return orig


def _no_attribute(owner, name):
    # torch's words; a ValueError rather than torch's AttributeError, which the language's view of
    # engine functions reads as the engine reaching into an argument of the wrong type
    return ValueError(f"{owner._get_name()} has no attribute `{name}`")


def stack_module_state(models):
    """(params, buffers): each model's parameters and buffers stacked along a new first dimension."""
    if len(models) == 0:
        raise RuntimeError("stack_module_state: Expected at least one model, got 0.")
    if not (all(m.training for m in models) or all(not m.training for m in models)):
        raise RuntimeError("stack_module_state: Expected all models to have the same training/eval mode.")
    cls = type(models[0])
    if not all(type(m) is cls for m in models):
        raise RuntimeError("stack_module_state: Expected all models to be of the same class.")
    all_params = [dict(m.named_parameters()) for m in models]
    params = {k: _stacked_leaf(tuple(p[k] for p in all_params), k) for k in all_params[0]}
    all_buffers = [dict(m.named_buffers()) for m in models]
    buffers = {k: _stacked_leaf(tuple(b[k] for b in all_buffers), k) for k in all_buffers[0]}
    return params, buffers


def _stacked_leaf(tensors, name):
    all_rg = all(t.requires_grad for t in tensors)
    none_rg = all(not t.requires_grad for t in tensors)
    if not all_rg and not none_rg:
        raise RuntimeError(f"Expected {name} from each model to have the same .requires_grad")
    result = stack(tensors)
    if all_rg:
        result = result.detach().requires_grad_()
    return result
