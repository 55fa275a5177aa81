"""Higher-order derivatives: differentiate a gradient again with create_graph=True.

    python examples/higher_order_derivatives.py
"""

import gradcalc.engine as torch

# d/dx, d²/dx², d³/dx³ of y = x⁴ at x = 2.
# create_graph=True records the backward pass itself, so its result has a graph too.
x = torch.tensor(2.0, requires_grad=True)
y = x ** 4
(d1,) = torch.autograd.grad(y, x, create_graph=True)    # 4x³  = 32
(d2,) = torch.autograd.grad(d1, x, create_graph=True)   # 12x² = 48
(d3,) = torch.autograd.grad(d2, x)                      # 24x  = 48
print(f"y = x^4 at x = 2: y' = {d1.item():g}, y'' = {d2.item():g}, y''' = {d3.item():g}")
print("y' is differentiable:", d1.grad_fn is not None)

# Mixed partial derivatives of f(a, b) = a² b³ + sin(a b) commute.
a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(0.5, requires_grad=True)
f = a ** 2 * b ** 3 + torch.sin(a * b)
fa, fb = torch.autograd.grad(f, (a, b), create_graph=True)
(fab,) = torch.autograd.grad(fa, b, retain_graph=True)
(fba,) = torch.autograd.grad(fb, a)
print(f"d2f/da db = {fab.item():.6f}, d2f/db da = {fba.item():.6f}")

# Newton's method needs f' and f'': a local minimum of f(x) = x⁴ - 3x² + x.
x = torch.tensor(1.0, dtype=torch.float64, requires_grad=True)
for step in range(6):
    f = x ** 4 - 3 * x ** 2 + x
    (g,) = torch.autograd.grad(f, x, create_graph=True)
    (h,) = torch.autograd.grad(g, x)
    with torch.no_grad():
        x -= g / h
print(f"Newton: x = {x.item():.10f}, f'(x) = {(4 * x ** 3 - 6 * x + 1).item():.1e}")
