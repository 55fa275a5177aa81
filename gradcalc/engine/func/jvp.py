"""torch.func.jvp, jacfwd, linearize: forward mode (dual tensors, autograd/forward_ad.py).

``jvp(f, primals, tangents)`` runs ``f`` once on dual tensors at a level of its own: a jvp
inside another one (``jacfwd(jacfwd(f))``, ``jvp(jvp(f))``) opens the next level, as
torch's functorch levels, so both run in forward mode and an outer tangent never leaks
into an inner one's. Inside vmap the product is computed by reverse mode instead, with
the same values (the double-vjp trick: J·v is the gradient, w.r.t. u, of ⟨Jᵀu, v⟩).
"""

from ..autograd import forward_ad as fwAD
from ..autograd.forward_jvp import _zeros_like
from ..creation import zeros_like
from ..grad_mode import enable_grad
from ..tensor import Tensor
from .argnums import replace_args, slice_argnums
from .autograd_grad import autograd_grad
from .differentiable import Scope
from .pytree import tree_flatten, tree_unflatten
from .wrapper import function, name_of, transformed

__all__ = ["jvp", "jacfwd", "linearize"]

_WHO = "jvp(f, primals, tangents)"


def _check_list(flat, argname):
    if len(flat) == 0:
        raise RuntimeError(f"{_WHO}: Expected {argname} to contain at least one Tensor.")
    for o in flat:
        if not isinstance(o, Tensor):
            raise RuntimeError(f"{_WHO}: Expected {argname} to only contain Tensors, got {type(o)}")


def _check_out(flat):
    if (len(flat) == 1 and flat[0] is None) or len(flat) < 1:
        raise RuntimeError(f"{_WHO}: Expected f to be a function that has non-empty output (got output = {flat})")
    for o in flat:
        if not isinstance(o, Tensor):
            raise RuntimeError(f"{_WHO}: expected f(*primals) to return only tensors, got unsupported type "
                               f"{type(o)}")


def jvp_with_argnums(func, primals, tangents, argnums=None, *, strict=False, has_aux=False):
    if not isinstance(primals, tuple):
        raise RuntimeError(f"{_WHO}: Expected primals to be a tuple. E.g. it should be valid to call f(*primals).")
    if argnums is None:
        diff = primals
    else:
        argnums, diff = slice_argnums(primals, argnums)
    flat_p, p_spec = tree_flatten(diff)
    flat_t, t_spec = tree_flatten(tangents)
    if p_spec != t_spec:
        from .vmap import _treespec
        raise RuntimeError(f"{_WHO}: Expected primals and tangents to have the same python structure. For example, "
                           f"if primals is a tuple of 3 tensors, tangents also must be. Got primals with structure "
                           f"{_treespec(p_spec)} and tangents with structure {_treespec(t_spec)}")
    _check_list(flat_p, "primals")
    _check_list(flat_t, "tangents")
    from .batched import LEVELS
    if LEVELS:
        # (inside vmap, tangents would sit on the batched wrappers while reverse passes run on the
        # values: the reverse-mode product is exact there)
        return _by_reverse(func, primals, flat_p, p_spec, flat_t, argnums, strict, has_aux)
    level = fwAD.enter_transform_level()
    try:
        duals = tree_unflatten([fwAD.make_dual(p, t, level=level) for p, t in zip(flat_p, flat_t)], p_spec)
        args = duals if argnums is None else replace_args(primals, argnums, duals)
        out, aux = _split_aux(transformed(func, *args), has_aux)
        flat_out, out_spec = tree_flatten(out)
        _check_out(flat_out)
        prims, tans = [], []
        for o in flat_out:
            primal, tangent = fwAD.unpack_dual(o, level=level)
            if tangent is None:
                if strict:
                    raise RuntimeError("jvp(f, primals, tangents, strict=True): The output of f is independent of "
                                       "the inputs. This is not allowed with strict=True.")
                tangent = zeros_like(primal)
            prims.append(primal)
            tans.append(tangent)
    finally:
        fwAD.exit_dual_level(level=level)
    # results depending only on transforms' private leaves come back detached
    out_scope = Scope()
    result = (out_scope.undo(tree_unflatten(prims, out_spec)), out_scope.undo(tree_unflatten(tans, out_spec)))
    return result + (aux,) if has_aux else result


def _split_aux(out, has_aux):
    """(output, aux) of a function called with has_aux (aux None without), with torch's error."""
    if not has_aux:
        return out, None
    if not (isinstance(out, tuple) and len(out) == 2):
        raise RuntimeError(f"{_WHO}: output of function f should be a tuple: (output, aux) if has_aux is True")
    return out


def _by_reverse(func, primals, flat_p, p_spec, flat_t, argnums, strict, has_aux):
    """Inside vmap: J·v by the double-vjp trick (reverse mode)."""
    scope = Scope()
    with enable_grad():
        diff = scope.differentiable(tree_unflatten(flat_p, p_spec))
        args = diff if argnums is None else replace_args(primals, argnums, diff)
        out, aux = _split_aux(transformed(func, *args), has_aux)
        flat_out, out_spec = tree_flatten(out)
        _check_out(flat_out)
        flat_diff, _ = tree_flatten(diff)
        us = [_zeros_like(o).requires_grad_() for o in flat_out]  # (batched as the outputs are)
        g = autograd_grad(flat_out, flat_diff, us, create_graph=True)
        s = None
        for gi, ti in zip(g, flat_t):
            term = (gi * ti).sum()
            s = term if s is None else s + term
        tans = autograd_grad((s,), us, create_graph=True)
        result = (scope.undo(out), scope.undo(tree_unflatten(list(tans), out_spec)))
        if has_aux:
            result += (scope.undo(aux),)
        scope.finish()
    return result


def jvp(func, primals, tangents, *, strict=False, has_aux=False):
    """(func(*primals), J·tangents): the Jacobian-vector product, by forward mode."""
    return jvp_with_argnums(func, primals, tangents, None, strict=strict, has_aux=has_aux)


def jacfwd(func, argnums=0, has_aux=False, *, randomness="error"):
    """A function returning the Jacobian of ``func`` w.r.t. ``argnums``, one JVP per input element."""
    from ..creation import eye
    from ..ops.shape import stack

    def call(*args):
        _, primals = slice_argnums(args, argnums)
        flat_p, p_spec = tree_flatten(primals if isinstance(argnums, tuple) else (primals,))
        for p in flat_p:
            if not isinstance(p, Tensor):
                raise ValueError(f"Thing passed to transform API must be Tensor, got {type(p)}")
        sizes = [p.numel() for p in flat_p]
        total = sum(sizes)
        columns = []  # per input element: the flat outputs' tangents
        aux = out_spec = None
        for k in range(max(total, 1) if total else 0):
            tans, offset = [], 0
            for p, n in zip(flat_p, sizes):
                if offset <= k < offset + n:
                    tans.append(eye(n, dtype=p.dtype)[k - offset].view(p.shape))
                else:
                    tans.append(zeros_like(p))
                offset += n
            t_tree = tree_unflatten(tans, p_spec)
            t_arg = t_tree if isinstance(argnums, tuple) else t_tree[0]
            res = jvp_with_argnums(func, args, t_arg, argnums, has_aux=has_aux)
            flat_out, out_spec = tree_flatten(res[0])
            flat_tan, _ = tree_flatten(res[1])
            if has_aux and aux is None:
                aux = res[2]
            columns.append(flat_tan)
        if total == 0:
            res = func(*args)
            out = res[0] if has_aux else res
            flat_out, out_spec = tree_flatten(out)
            aux = res[1] if has_aux else None
            columns = []
        jac_per_out = []
        for i, o in enumerate(flat_out):
            per_in, offset = [], 0
            for p, n in zip(flat_p, sizes):
                shape = tuple(o.shape) + tuple(p.shape)
                if n == 0 or o.numel() == 0:
                    from ..creation import zeros
                    per_in.append(zeros(shape, dtype=o.dtype))
                else:
                    cols = [columns[k][i] for k in range(offset, offset + n)]
                    per_in.append(stack(cols, -1).reshape(shape))
                offset += n
            nested = tree_unflatten(per_in, p_spec)
            jac_per_out.append(nested if isinstance(argnums, tuple) else nested[0])
        jac = tree_unflatten(jac_per_out, out_spec)
        return (jac, aux) if has_aux else jac

    return function(call, name_of(func))


def linearize(func, *primals):
    """(func(*primals), jvp_fn): jvp_fn(*tangents) is the JVP at ``primals`` (f is re-run per call here)."""
    out = func(*primals)

    def jvp_fn(*tangents):
        flat_t, t_spec = tree_flatten(tangents)
        flat_p, p_spec = tree_flatten(primals)
        if t_spec != p_spec:
            raise RuntimeError(f"Expected the tangents {tangents} to have the same argspec as the primals "
                               f"{primals}")
        for p, t in zip(flat_p, flat_t):
            if isinstance(p, Tensor) and (t.shape != p.shape or t.dtype != p.dtype):
                raise RuntimeError(f"Mismatch in tangent shape or dtype: expected {p.shape}/{p.dtype}, got "
                                   f"{t.shape}/{t.dtype}")
        return jvp(func, primals, tangents)[1]

    return out, function(jvp_fn, "linearize.<locals>.jvp_fn")
