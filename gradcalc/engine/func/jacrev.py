"""torch.func.jacrev and hessian: Jacobians by reverse mode, the vector-Jacobian products of all output
elements in one batched backward pass (one pass per element where that cannot run).

``jac`` of an output ``o`` w.r.t. a primal ``p`` has shape ``o.shape + p.shape``; the
result is nested as the outputs, each holding the argnums' structure (torch's layout).
"""

import weakref

from .. import node as _node
from ..backward import grad as _grad
from ..creation import eye, zeros
from ..grad_mode import STATE
from .batched import LEVELS
from ..ops.shape import stack
from .argnums import slice_argnums
from .autograd_grad import autograd_grad
from .pytree import tree_flatten, tree_unflatten
from .vjp import vjp_parts
from .wrapper import function, name_of

__all__ = ["jacrev", "hessian"]


def _rows(out, flat_primals, create_graph):
    """For each primal, the Jacobian of ``out`` w.r.t. it (shape out.shape + primal.shape)."""
    n = out.numel()
    shapes = [tuple(out.shape) + tuple(p.shape) for p in flat_primals]
    if n == 0:
        return [zeros(s, dtype=p.dtype) for s, p in zip(shapes, flat_primals)]
    basis = eye(n, dtype=out.dtype).view((n,) + tuple(out.shape))
    if n > 1 and not LEVELS and _node.TANGENT_HOOK[0] is None and out._requires_grad:
        jac = _rows_vmapped(out, flat_primals, basis, create_graph)
        if jac is not None:
            return [j.reshape(s) for j, s in zip(jac, shapes)]
    rows = [[] for _ in flat_primals]
    for k in range(n):
        grads = autograd_grad((out,), flat_primals, (basis[k],), retain_graph=True, create_graph=create_graph)
        for r, g in zip(rows, grads):
            r.append(g)
    return [stack(r, 0).view(s) for r, s in zip(rows, shapes)]


def _rows_vmapped(out, flat_primals, basis, create_graph):
    """All the rows at once, as torch (``vmap(vjp_fn)(basis)``): one backward pass whose cotangent is
    the identity's rows batched at a vmap level, every backward rule running over the batch by its
    batching rule (or the per-example loop). None where that pass cannot run (the caller loops)."""
    from .batched import Level, unwrap_all, wrap
    from .vmap import _enter, _exit
    n = basis.shape[0]
    level = Level(len(LEVELS) + 1, n, "error")
    u = wrap(basis.requires_grad_(), level)  # (requiring grad: the backward's own ops record, so all are ops)
    _enter(level)
    try:
        grads = _grad([out], list(flat_primals), [u], retain_graph=True, create_graph=True, allow_unused=True)
    except Exception:  # noqa: BLE001 - a rule or the engine's plumbing could not batch: loop instead
        return None
    finally:
        _exit(level)
    # the basis is a private leaf: a history reaching only it reaches nothing the caller can differentiate
    from .differentiable import FINISHED
    key = id(basis)
    FINISHED[key] = weakref.ref(basis, lambda _, key=key: FINISHED.pop(key, None))
    jac = []
    for g, p in zip(grads, flat_primals):
        if g is None:
            jac.append(zeros((n,) + tuple(p.shape), dtype=p.dtype))
            continue
        plain, levels = unwrap_all(g)
        if levels != [level]:
            if levels:
                return None
            plain = plain.unsqueeze(0).expand((n,) + tuple(plain.shape))
        jac.append(plain if create_graph else plain.detach())
    return jac


def jacrev(func, argnums=0, *, has_aux=False, chunk_size=None, _preallocate_and_copy=False):
    """A function returning the Jacobian of ``func`` w.r.t. its ``argnums`` argument(s), by reverse mode."""
    if not (chunk_size is None or chunk_size > 0):
        raise ValueError("jacrev: `chunk_size` should be greater than 0.")

    def call(*args):
        p = vjp_parts(func, args, argnums, has_aux)
        scope, flat_out, flat_diff, out_spec = p.scope, p.flat_out, p.flat_diff, p.out_spec
        _, primals = slice_argnums(args, argnums)
        _, primals_spec = tree_flatten(primals if isinstance(argnums, tuple) else (primals,))
        create_graph = STATE.grad_enabled
        per_out = []
        for o in flat_out:
            jacs = scope.undo(_rows(o, flat_diff, create_graph))
            nested = tree_unflatten(jacs, primals_spec)
            per_out.append(nested if isinstance(argnums, tuple) else nested[0])
        jac = tree_unflatten(per_out, out_spec)
        if has_aux:
            return jac, p.aux
        return jac

    return function(call, name_of(func))


def hessian(func, argnums=0):
    """The Hessian of ``func`` w.r.t. ``argnums``: forward over reverse, ``jacfwd(jacrev(f))`` (as torch)."""
    from .jvp import jacfwd
    return jacfwd(jacrev(func, argnums), argnums)
