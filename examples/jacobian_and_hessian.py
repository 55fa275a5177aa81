"""Jacobians, Hessians and their products with torch.autograd.functional.

    python examples/jacobian_and_hessian.py
"""

import gradcalc.engine as torch
from gradcalc.engine.autograd.functional import hessian, hvp, jacobian, jvp, vjp


def f(x):
    """R³ -> R²."""
    return torch.stack([x[0] * x[1], x[1] ** 2 + torch.sin(x[2])])


x = torch.tensor([1.0, 2.0, 0.0])
J = jacobian(f, x)                       # shape: output shape + input shape
print("J =", J)

v = torch.tensor([1.0, 0.0, 1.0])
u = torch.tensor([1.0, -1.0])
print("J v =", jvp(f, x, v)[1], "  u J =", vjp(f, x, u)[1])


def energy(x):
    """A scalar function: its Hessian is constant."""
    return (x ** 2).sum() + x[0] * x[1]


H = hessian(energy, x)
print("H =", H)
print("H v =", hvp(energy, x, v)[1])

# Several inputs: results are nested per input (and per output for jacobian),
# a tuple exactly where the inputs (outputs) were a tuple.
a, b = torch.tensor([1.0, 2.0]), torch.tensor([0.5, -1.0, 3.0])
H2 = hessian(lambda a, b: (a.sum() * b ** 2).sum(), (a, b))
print("hessian blocks:", [[tuple(block.shape) for block in row] for row in H2])
J2 = jacobian(lambda a, b: (a * 2, a.sum() * b), (a, b))
print("jacobian blocks:", [[tuple(block.shape) for block in row] for row in J2])
