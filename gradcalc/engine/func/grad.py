"""torch.func.grad and grad_and_value: the gradient of a scalar function, as a function."""

from ..grad_mode import enable_grad
from ..tensor import Tensor
from .argnums import replace_args, slice_argnums
from .autograd_grad import autograd_grad
from .differentiable import Scope
from .pytree import tree_flatten, tree_unflatten
from .wrapper import function, name_of

__all__ = ["grad", "grad_and_value"]

_WHO = "grad_and_value(f)(*args)"


def grad_and_value_impl(func, argnums, has_aux, args, kwargs):
    """(gradient, value) or (gradient, (value, aux))."""
    scope = Scope()
    with enable_grad():
        argnums, diff_args = slice_argnums(args, argnums)
        diff_args = scope.differentiable(diff_args)
        output = func(*replace_args(args, argnums, diff_args), **kwargs)
        aux = None
        if has_aux:
            if not (isinstance(output, tuple) and len(output) == 2):
                raise RuntimeError(f"{_WHO}: output of function f should be a tuple: (output, aux) "
                                   f"if has_aux is True")
            output, aux = output
        if not isinstance(output, Tensor):
            raise RuntimeError(f"{_WHO}: Expected f(*args) to return a Tensor, got {type(output)}")
        if output.dim() != 0:
            raise RuntimeError(f"{_WHO}: Expected f(*args) to return a scalar Tensor, got tensor with "
                               f"{output.dim()} dims. Maybe you wanted to use the vjp or jacrev APIs instead?")
        flat, spec = tree_flatten(diff_args)
        grads = autograd_grad((output,), flat, create_graph=True)
        grad_input = scope.undo(tree_unflatten(list(grads), spec))
        output = scope.undo(output)
        if has_aux:
            aux = scope.undo(aux)
        scope.finish()
        if has_aux:
            return grad_input, (output, aux)
        return grad_input, output


def grad_and_value(func, argnums=0, has_aux=False):
    """A function returning (gradient of ``func`` w.r.t. ``argnums``, ``func``'s value)."""
    def call(*args, **kwargs):
        return grad_and_value_impl(func, argnums, has_aux, args, kwargs)
    return function(call, name_of(func))


def grad(func, argnums=0, has_aux=False):
    """A function returning the gradient of scalar ``func`` w.r.t. its ``argnums`` argument(s)."""
    def call(*args, **kwargs):
        g, value = grad_and_value_impl(func, argnums, has_aux, args, kwargs)
        if has_aux:
            return g, value[1]
        return g
    return function(call, name_of(func))
