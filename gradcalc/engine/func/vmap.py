"""torch.func.vmap: a function of one example, run over a batch.

The mapped inputs become BatchedTensors at a new level (batch dim moved first);
``func`` runs once, every op it calls running over the whole batch through its
batching rule (batching_rules.py) or the per-example loop; the outputs come back
with the batch dim at ``out_dims``. Levels nest (vmap of vmap); transforms inside
(``vmap(grad(f))``) see the batched tensors and differentiate per example.

``randomness``: 'error' refuses random ops inside; 'same' draws one example's worth,
shared by the batch (as torch); 'different' runs the function once per example
(independent draws, in example order: torch draws the whole batch in one call, so
the numbers are not torch's).
"""

from .. import node as _node
from .. import random_sampling as _random
from ..tensor import Tensor
from ..ops import inplace
from .batched import LEVELS, Level, batched_at, batched_inplace, wrap
from .batching_rules import dispatch
from .pytree import LEAF, Spec, tree_flatten, tree_unflatten
from .wrapper import function, name_of

__all__ = ["vmap"]


class _Different(Exception):
    """A random op ran under randomness='different': the call is redone example by example."""


def _get_name(func):
    name = getattr(func, "__name__", None)
    if isinstance(func, function):
        return func._name.rpartition(".")[2]
    if isinstance(name, str):
        return name
    return repr(func)


def _treespec(spec):
    """torch's TreeSpec repr (in its error messages)."""
    if spec is LEAF:
        return "*"
    kind = {"tuple": "tuple", "list": "list", "dict": "dict", "namedtuple": "namedtuple"}[spec.kind]
    ctx = None if spec.keys is None else list(spec.keys)
    return f"TreeSpec({kind}, {ctx}, [" + ",\n  ".join(_treespec(c) for c in spec.children) + "])"


def _broadcast_flatten(dims, spec):
    """``dims`` (an int/None, or a tree prefix of ``spec``) given to every leaf; None if incompatible."""
    if dims is None or isinstance(dims, int) or spec is LEAF:
        if spec is LEAF:
            return [dims] if dims is None or isinstance(dims, int) else None
        return [dims] * _count(spec)
    kind = {tuple: "tuple", list: "list", dict: "dict"}.get(type(dims))
    if kind is None or kind != spec.kind or len(dims) != len(spec.children):
        return None
    values = [dims[k] for k in spec.keys] if kind == "dict" else list(dims)
    out = []
    for d, child in zip(values, spec.children):
        r = _broadcast_flatten(d, child)
        if r is None:
            return None
        out.extend(r)
    return out


def _count(spec):
    if spec is LEAF:
        return 1
    return sum(_count(c) for c in spec.children)


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    """``func`` mapped over dim ``in_dims`` of its inputs; results stacked along ``out_dims``."""
    if randomness not in ("error", "different", "same"):
        raise RuntimeError(f"Only allowed values for randomness are 'error', 'different', or 'same'. "
                           f"Got {randomness}")
    if chunk_size is not None and chunk_size < 1:
        raise ValueError(f"vmap: chunk_size should be None or greater than 0. (got {chunk_size})")

    name = _get_name(func)

    def call(*args, **kwargs):
        batch, flat_dims, flat_args, spec = _inputs(name, in_dims, args)
        chunks = [(0, batch)] if chunk_size is None or chunk_size >= batch else \
            [(s, min(s + chunk_size, batch)) for s in range(0, batch, chunk_size)]
        results = [_run(func, name, flat_dims, flat_args, spec, kwargs, lo, hi, out_dims, randomness)
                   for lo, hi in chunks]
        if len(results) == 1:
            return results[0]
        return _concat(results, out_dims)

    return function(call, name_of(func))


def _inputs(name, in_dims, args):
    if not isinstance(in_dims, (int, tuple)):
        raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): expected `in_dims` to be int or a "
                         f"(potentially nested) tuple matching the structure of inputs, got: {type(in_dims)}.")
    if len(args) == 0:
        raise ValueError(f"vmap({name})(<inputs>): got no inputs. Maybe you forgot to add inputs, or you are "
                         f"trying to vmap over a function with no inputs. The latter is unsupported.")
    flat_args, spec = tree_flatten(args)
    flat_dims = _broadcast_flatten(in_dims, spec)
    if flat_dims is None:
        raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): in_dims is not compatible with the "
                         f"structure of `inputs`. in_dims has structure {_treespec(tree_flatten(in_dims)[1])} "
                         f"but inputs has structure {_treespec(spec)}.")
    for i, (arg, d) in enumerate(zip(flat_args, flat_dims)):
        if d is not None and not isinstance(d, int):
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} for an input but "
                             f"in_dim must be either an integer dimension or None.")
        if isinstance(d, int) and not isinstance(arg, Tensor):
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} for an input but "
                             f"the input is of type {type(arg)}. We cannot vmap over non-Tensor arguments, please "
                             f"use None as the respective in_dim")
        if d is not None:
            n = arg.dim()
            if d < -n or d >= n:
                raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} for some input, "
                                 f"but that input is a Tensor of dimensionality {n} so expected in_dim to satisfy "
                                 f"-{n} <= in_dim < {n}.")
            flat_dims[i] = d % n
    sizes = [a.size(d) for a, d in zip(flat_args, flat_dims) if d is not None]
    if not sizes:
        raise ValueError("vmap: Expected at least one Tensor to vmap over")
    if any(s != sizes[0] for s in sizes):
        raise ValueError(f"vmap: Expected all tensors to have the same size in the mapped dimension, got sizes "
                         f"{sizes} for the mapped dimension")
    return sizes[0], flat_dims, flat_args, spec


def _run(func, name, flat_dims, flat_args, spec, kwargs, lo, hi, out_dims, randomness):
    level = Level(len(LEVELS) + 1, hi - lo, randomness)  # (torch numbers levels by nesting depth)
    batched = []
    for a, d in zip(flat_args, flat_dims):
        if d is None:
            batched.append(a)
            continue
        v = a.movedim(d, 0) if d else a
        if lo != 0 or hi != v.size(0):
            v = v[lo:hi]
        batched.append(v)
    _enter(level)
    try:
        try:
            wrapped = [wrap(v, level) if d is not None else v for v, d in zip(batched, flat_dims)]
            out = func(*tree_unflatten(wrapped, spec), **kwargs)
            return _outputs(name, out, out_dims, level)
        except _Different:
            pass
    finally:
        _exit(level)
    return _per_example(func, name, flat_dims, batched, spec, kwargs, out_dims, level.size)


def _per_example(func, name, flat_dims, batched, spec, kwargs, out_dims, size):
    """randomness='different': one call per example (each draws its own numbers), stacked."""
    from ..ops.shape import stack
    outs = []
    for b in range(size):
        args = [v[b] if d is not None else v for v, d in zip(batched, flat_dims)]
        outs.append(func(*tree_unflatten(args, spec), **kwargs))
    flat0, out_spec = tree_flatten(outs[0])
    flat_out_dims = _out_dims_for(name, outs[0], out_dims, out_spec)
    columns = [tree_flatten(o)[0] for o in outs]
    result = []
    for i, d in enumerate(flat_out_dims):
        if d is None:
            result.append(flat0[i])
        else:
            result.append(stack([c[i] for c in columns], d))
    return tree_unflatten(result, out_spec)


def _out_dims_for(name, out, out_dims, out_spec):
    def incompatible():
        return ValueError(f"vmap({name}, ..., out_dims={out_dims})(<inputs>): out_dims is not compatible with the "
                          f"structure of `outputs`. out_dims has structure {_treespec(tree_flatten(out_dims)[1])} "
                          f"but outputs has structure {_treespec(out_spec)}.")
    if isinstance(out, Tensor):
        if isinstance(out_dims, int) or out_dims is None:
            return [out_dims]
        if isinstance(out_dims, tuple) and len(out_dims) == 1:
            return list(out_dims)
        raise incompatible()
    dims = _broadcast_flatten(out_dims, out_spec)
    if dims is None:
        raise incompatible()
    return dims


def _outputs(name, out, out_dims, level):
    flat, out_spec = tree_flatten(out)
    flat_dims = _out_dims_for(name, out, out_dims, out_spec)
    result = []
    for o, d in zip(flat, flat_dims):
        if d is None:
            if batched_at(o, level):
                raise ValueError(f"vmap({name}, ...): `{name}` can not return a BatchedTensor when out_dim is None")
            result.append(o)
            continue
        if not isinstance(o, Tensor):
            raise ValueError(f"vmap({name}, ...): `{name}` must only return Tensors, got type {type(o)}. Did you "
                             f"mean to set out_dims= to None for output?")
        if batched_at(o, level):
            v = o._value
        else:  # not batched at this level: the same value for every example
            v = o.unsqueeze(0).expand((level.size,) + tuple(o.shape))
        n = v.dim()
        if d < -n or d >= n:
            raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {d})")
        result.append(v.movedim(0, d) if d % n else v)
    return tree_unflatten(result, out_spec)


def _concat(results, out_dims):
    from ..ops.shape import cat
    flats = [tree_flatten(r)[0] for r in results]
    _, spec = tree_flatten(results[0])
    dims = _broadcast_flatten(out_dims, spec) if spec is not LEAF else [
        out_dims[0] if isinstance(out_dims, tuple) else out_dims]
    out = []
    for i, d in enumerate(dims):
        if d is None:
            out.append(flats[0][i])
        else:
            out.append(cat([f[i] for f in flats], d))
    return tree_unflatten(out, spec)


# -- levels ---------------------------------------------------------------------------------------

def _enter(level):
    LEVELS.append(level)
    _node.BATCH_HOOK[0] = dispatch
    _random.RANDOM_HOOK[0] = _random_op
    inplace.INPLACE_HOOK[0] = batched_inplace


def _exit(level):
    LEVELS.remove(level)
    if not LEVELS:
        _node.BATCH_HOOK[0] = None
        _random.RANDOM_HOOK[0] = None
        inplace.INPLACE_HOOK[0] = None


def _random_op(fname):
    """Called by every random sampler while a vmap is active (the innermost level decides)."""
    mode = LEVELS[-1].randomness
    if mode == "error":
        raise RuntimeError("vmap: called random operation while in randomness error mode. Please either use the "
                           "'same' or 'different' randomness flags on vmap or perform the randomness operation "
                           "out of vmap")
    if mode == "different":
        raise _Different()
