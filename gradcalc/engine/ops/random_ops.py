"""The graph nodes of the random samplers, named as torch names them.

Drawing never depends on the values it overwrites or on the parameters' values in a
differentiable way, so every rule here is a zero gradient (torch's derivatives.yaml says
the same: ``normal_``, ``uniform_``, ``bernoulli``, ``random_`` ... give zeros). They
matter all the same: ``y.normal_()`` on a tensor with history must cut that history (the
old values no longer reach the output) and put torch's node in the graph, so that
``grad_fn`` prints as in torch and later gradients through ``y`` are zero, not stale.

Each forward returns the values the sampler already drew (``values=``, in the output's
shape): the draws happen in ``random_sampling``, in torch's order, before the node exists.
The checks use a seeded generator of their own, so that a gradcheck's repeated forwards
draw the same numbers; they add the input (``y + x``) rather than multiply by it, since
float32 and float64 draw different numbers and the float32 gradient is compared with the
float64 one. ``torch.normal(mean, std)``'s value does move with its tensor parameters
while torch's rule says zero (the draw is not reparameterised: use ``mean + std * randn``
for that), so its checks feed parameters whose values are held fixed (``m * 0``).
"""

from ..node import Node
from .checks import check
from .support import zeros_grad


def _seeded():
    from ..random_mt19937 import Generator
    return Generator().manual_seed(0)


class _Overwrite(Node):
    """In place: every element of ``self`` replaced by a draw; the gradient to ``self`` is zero."""

    __slots__ = ()
    explain = "grad_self = 0   (every value was replaced by a random draw)"

    def forward(ctx, a, values):
        return values.astype(a._data.dtype, copy=True)

    def backward(ctx, grad):
        return zeros_grad(grad)


def _overwrite_node(name, doc, fn):
    """One in-place sampler's node: ``_Overwrite``'s rule under torch's name, with its check."""
    return type(name, (_Overwrite,), {"__slots__": (), "__doc__": doc, "__module__": __name__,
                                      "forward": _Overwrite.forward, "checks": (check(fn, (2, 3)),)})


NormalBackward0 = _overwrite_node("NormalBackward0", "``normal_``.",
                                  lambda x: (x * 1).normal_(generator=_seeded()) + x)
UniformBackward0 = _overwrite_node("UniformBackward0", "``uniform_``.",
                                   lambda x: (x * 1).uniform_(generator=_seeded()) + x)
BernoulliBackward2 = _overwrite_node("BernoulliBackward2", "``bernoulli_(p)`` with a number ``p``.",
                                     lambda x: (x * 1).bernoulli_(0.5, generator=_seeded()) + x)
RandomBackward0 = _overwrite_node("RandomBackward0", "``random_(from, to)``.",
                                  lambda x: (x * 1).random_(1, 5, generator=_seeded()) + x)
RandomBackward1 = _overwrite_node("RandomBackward1", "``random_(to)``.",
                                  lambda x: (x * 1).random_(5, generator=_seeded()) + x)
RandomBackward2 = _overwrite_node("RandomBackward2", "``random_()``.",
                                  lambda x: (x * 1).random_(generator=_seeded()).remainder(7) + x)
ExponentialBackward0 = _overwrite_node("ExponentialBackward0", "``exponential_``.",
                                       lambda x: (x * 1).exponential_(generator=_seeded()) + x)
GeometricBackward0 = _overwrite_node("GeometricBackward0", "``geometric_``.",
                                     lambda x: (x * 1).geometric_(0.5, generator=_seeded()) + x)
CauchyBackward0 = _overwrite_node("CauchyBackward0", "``cauchy_``.",
                                  lambda x: (x * 1).cauchy_(generator=_seeded()) + x)
LogNormalBackward0 = _overwrite_node("LogNormalBackward0", "``log_normal_``.",
                                     lambda x: (x * 1).log_normal_(generator=_seeded()) + x)


class BernoulliBackward1(Node):
    """``bernoulli_(p)`` with a tensor ``p`` (broadcast to ``self``): zero for both."""

    __slots__ = ()
    explain = "grad_self = 0;  grad_p = 0   (every value was replaced by a draw of probability p)"
    broadcasting = True  # p's zero gradient is summed back to p's shape by the engine
    checks = (check(lambda x, p: (x * 1).bernoulli_(p.sigmoid(), generator=_seeded()) + x, (2, 3), (3,)),)

    def forward(ctx, a, p, values):
        return values.astype(a._data.dtype, copy=True)

    def backward(ctx, grad):
        return zeros_grad(grad), zeros_grad(grad)


class BernoulliBackward0(Node):
    """``torch.bernoulli(p)``: 1 with probability p; zero gradient to ``p``."""

    __slots__ = ()
    explain = "grad_self = 0   (a draw of probability self: no derivative, torch's rule gives zeros)"
    checks = (check(lambda p: torch_bernoulli(p.sigmoid()) + p, (2, 3)),)

    def forward(ctx, p, values):
        return values

    def backward(ctx, grad):
        return zeros_grad(grad)


class NormalBackward1(Node):
    """``torch.normal(mean_tensor, std_number)``: ``std * N(0, 1) + mean``, drawn already."""

    __slots__ = ()
    explain = "grad_mean = 0   (torch's rule for a normal draw: it is not reparameterised)"
    broadcasting = True
    checks = (check(lambda m: torch_normal(m * 0, 2.0) + m, (2, 3)),)

    def forward(ctx, mean, values):
        return values

    def backward(ctx, grad):
        return zeros_grad(grad)


class NormalBackward2(Node):
    """``torch.normal(mean_number, std_tensor)``."""

    __slots__ = ()
    explain = "grad_std = 0   (torch's rule for a normal draw: it is not reparameterised)"
    broadcasting = True
    checks = (check(lambda s: torch_normal(1.0, s * 0 + 1) + s, (2, 3)),)

    def forward(ctx, std, values):
        return values

    def backward(ctx, grad):
        return zeros_grad(grad)


class NormalBackward3(Node):
    """``torch.normal(mean_tensor, std_tensor)`` (broadcast together)."""

    __slots__ = ()
    explain = "grad_mean = 0;  grad_std = 0   (torch's rule for a normal draw: it is not reparameterised)"
    broadcasting = True
    checks = (check(lambda m, s: torch_normal(m * 0, s * 0 + 1) + m * s, (2, 3), (3,)),)

    def forward(ctx, mean, std, values):
        return values

    def backward(ctx, grad):
        return zeros_grad(grad), zeros_grad(grad)


def torch_normal(mean, std):
    from ..random_sampling import normal
    return normal(mean, std, generator=_seeded())


def torch_bernoulli(p):
    from ..random_sampling import bernoulli
    return bernoulli(p, generator=_seeded())



def _poisson(lam):
    from ..random_discrete import poisson
    return poisson(lam, generator=_seeded())


# torch.poisson(rates): the draws do not move with the rates (derivatives.yaml: zeros_like(self))
PoissonBackward0 = type("PoissonBackward0", (_Overwrite,), {
    "__slots__": (), "__doc__": "``torch.poisson``.", "__module__": __name__, "forward": _Overwrite.forward,
    "explain": "grad_self = 0   (the counts drawn do not move with the rates)",
    "checks": (check(lambda x: _poisson(x * 0 + 3.0) + x, (2, 3)),)})
