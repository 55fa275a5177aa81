"""torch.func: function transforms (grad, vjp, jacrev, hessian, functional_call, ...).

Each transform returns a function; transforms compose in any order and depth
(``grad(grad(f))``, ``jacrev(jacrev(f))``). A tensor the function closes over is a
constant for the transform (only the arguments are differentiated), and the
results stay differentiable for the caller's autograd where they depend on its tensors.
"""

from .functional_call import functional_call, stack_module_state
from .grad import grad, grad_and_value
from .jacrev import hessian, jacrev
from .jvp import jacfwd, jvp, linearize
from .vjp import vjp
from .vmap import vmap

__all__ = ["grad", "grad_and_value", "vjp", "jacrev", "hessian", "functional_call", "stack_module_state", "vmap", "jvp",
           "jacfwd", "linearize"]
