"""torch.func.vjp: (func(*primals), vjp_fn[, aux]), where vjp_fn(cotangents) is the vector-Jacobian product."""

from ..grad_mode import STATE, enable_grad
from ..tensor import Tensor
from .argnums import replace_args, slice_argnums
from .autograd_grad import autograd_grad
from .differentiable import Scope
from .pytree import spec_repr, tree_flatten, tree_unflatten
from .wrapper import function, transformed

__all__ = ["vjp", "vjp_with_argnums"]


def _check_outputs(flat, who):
    if (len(flat) == 1 and flat[0] is None) or len(flat) < 1:
        raise RuntimeError(f"{who}: Expected f to be a function that has non-empty output (got output = {flat})")
    for o in flat:
        if not isinstance(o, Tensor):
            raise RuntimeError(f"{who}: expected f(*primals) to return only tensors, got unsupported type {type(o)}")


class VjpParts:
    """What a vjp computed: its scope, the outputs with their history, the differentiated copies."""

    __slots__ = ("scope", "results", "out_spec", "flat_out", "flat_diff", "diff_spec", "aux")


def vjp_parts(func, primals, argnums=None, has_aux=False):
    """Run ``func`` on differentiable copies of ``primals`` (only ``argnums`` when given); errors read
    as vjp's, as torch's do for every transform built on it."""
    scope = Scope()
    with enable_grad():
        if argnums is None:
            diff = scope.differentiable(primals)
            args = diff
        else:
            argnums, diff = slice_argnums(primals, argnums)
            diff = scope.differentiable(diff)
            args = replace_args(primals, argnums, diff)
        out = transformed(func, *args)
        aux = None
        if has_aux:
            if not (isinstance(out, tuple) and len(out) == 2):
                raise RuntimeError("vjp(f, *primals): output of function f should be a tuple: (output, aux) "
                                   "if has_aux is True")
            out, aux = out
            aux = scope.undo(aux)
        flat_out, out_spec = tree_flatten(out)
        _check_outputs(flat_out, "vjp(f, *primals)")
        flat_diff, diff_spec = tree_flatten(diff)
        results = scope.undo(out)
        for o in flat_out:
            if not o.is_floating_point():
                raise RuntimeError(f"vjp(f, ...): All outputs of f must be floating-point or complex Tensors, got "
                                   f"Tensor with dtype {o.dtype}")
    scope.finish()
    parts = VjpParts()
    parts.scope, parts.results, parts.out_spec, parts.aux = scope, results, out_spec, aux
    parts.flat_out, parts.flat_diff, parts.diff_spec = flat_out, flat_diff, diff_spec
    return parts


def vjp_with_argnums(func, primals, argnums=None, has_aux=False):
    """vjp, differentiating only ``argnums`` (all primals when None)."""
    p = vjp_parts(func, primals, argnums, has_aux)
    scope, out_spec, flat_out, flat_diff, diff_spec = p.scope, p.out_spec, p.flat_out, p.flat_diff, p.diff_spec

    def vjp_fn(cotangents, retain_graph=True, create_graph=None):
        if create_graph is None:
            create_graph = STATE.grad_enabled
        flat_cot, cot_spec = tree_flatten(cotangents)
        if cot_spec != out_spec:
            raise RuntimeError(f"Expected pytree structure of cotangents to be the same as pytree structure of "
                               f"outputs to the function. cotangents: {spec_repr(cot_spec)}, primal output: "
                               f"{spec_repr(out_spec)}")
        grads = autograd_grad(flat_out, flat_diff, flat_cot, retain_graph=retain_graph, create_graph=create_graph)
        return scope.undo(tree_unflatten(list(grads), diff_spec))

    fn = function(vjp_fn, "_vjp_with_argnums.<locals>.wrapper")
    if has_aux:
        return p.results, fn, p.aux
    return p.results, fn


def vjp(func, *primals, has_aux=False):
    """(func(*primals), vjp_fn) — and aux with has_aux — where vjp_fn(v) gives vᵀ·J for every primal."""
    return vjp_with_argnums(func, primals, None, has_aux)
