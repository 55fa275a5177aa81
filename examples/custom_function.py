"""A custom differentiable op with torch.autograd.Function.

    python examples/custom_function.py
"""

import gradcalc.engine as torch


class Exp(torch.autograd.Function):
    """eˣ, with its gradient from the saved result (as the built-in exp does)."""

    @staticmethod
    def forward(ctx, x):                      # runs with grad disabled
        result = x.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad):                  # runs with grad mode = create_graph
        (result,) = ctx.saved_tensors
        return grad * result                  # differentiable ops: double backward works


class RoundSTE(torch.autograd.Function):
    """Round in the forward pass, pass the gradient straight through (scaled by k) in the backward."""

    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k                             # anything can be kept on ctx
        return x.round()

    @staticmethod
    def backward(ctx, grad):
        return grad * ctx.k, None             # one gradient per forward input; None for k


x = torch.tensor([0.0, 0.5, 1.0], dtype=torch.float64, requires_grad=True)
y = Exp.apply(x)
print(y)
print("node:", y.grad_fn.name())
(g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g.sum(), x)
print("d/dx:", g.detach(), "d2/dx2:", g2)
print("gradcheck:", torch.autograd.gradcheck(Exp.apply, (x,)), torch.autograd.gradgradcheck(Exp.apply, (x,)))
print("same as the built-in:", torch.allclose(g2, torch.autograd.grad(torch.exp(x).sum(), x)[0]))

w = torch.tensor([0.2, 1.7, -2.6], requires_grad=True)
q = RoundSTE.apply(w, 0.5)
(q * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print("rounded:", q.detach(), "grad:", w.grad)
