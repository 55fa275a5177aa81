"""torch.pdist / F.pdist as torch records it (PdistBackward0): the p-norm distance of every
pair of rows i < j of an (N, M) input, in torch's order (row i's pairs, then row i+1's).

One vectorised pass over the pairs (numpy fancy indexing, no loop over elements). The
backward is torch's ``_pdist_backward`` rule, which torch does not differentiate again
(its double backward is not implemented), so neither does this node.
"""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check


def _pairs(n):
    return np.triu_indices(n, 1)


def _norms(diff, p):
    a = np.abs(diff)
    if p == 0:
        return (a != 0).sum(-1).astype(diff.dtype)
    if p == 1:
        return a.sum(-1)
    if p == 2:
        return np.sqrt((a * a).sum(-1))
    if p == float("inf"):
        return a.max(-1, initial=0)
    return (a ** p).sum(-1) ** (1.0 / p)


class PdistBackward0(Node):
    __slots__ = ("p", "dist")
    explain = ("grad_self = for each pair (i, j): grad · ∂‖xᵢ − xⱼ‖ₚ/∂xᵢ added to row i and subtracted from row j "
               "(zero where the distance is 0)")
    twice_differentiable = False
    checks = (check(lambda x: pdist(x), (4, 3)),
              check(lambda x: pdist(x, 1.5), (3, 5), label="p=1.5"),
              check(lambda x: pdist(x, 3), (5, 2), label="p=3"),
              check(lambda x: pdist(x, float("inf")), (4, 3), label="p=inf"))

    def forward(ctx, x, p):
        d = x._data
        i, j = _pairs(d.shape[0])
        dist = np.asarray(_norms(d[i] - d[j], p), dtype=d.dtype)
        ctx.save_for_backward(x)
        ctx.p, ctx.dist = p, dist
        return dist

    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        d, p, dist, g = x._data, ctx.p, ctx.dist, grad._data
        n = d.shape[0]
        i, j = _pairs(n)
        diff = d[i] - d[j]
        with np.errstate(divide="ignore", invalid="ignore"):
            gd, dd = g[:, None], dist[:, None]
            if p == 0:
                v = np.zeros_like(diff)
            elif p == 1:
                v = gd * np.sign(diff)
            elif p == 2:
                v = gd * diff / dd
            elif p == float("inf"):
                v = gd * np.sign(diff) * (np.abs(diff) == dd)
            elif p < 2:
                v = np.sign(diff) * np.abs(diff) ** (p - 1) * gd / dd ** (p - 1)
                v = np.where(diff == 0, 0, v) if p < 1 else v
            else:
                v = diff * np.abs(diff) ** (p - 2) * gd / dd ** (p - 1)
            v = np.where(dd == 0, 0, v)
        out = np.zeros_like(d)
        np.add.at(out, i, v)
        np.add.at(out, j, -v)
        return Tensor._wrap(out.astype(d.dtype, copy=False))


def pdist(input, p=2):
    """The p-norm distances between the rows of an (N, M) input, pairs i < j, shape (N(N-1)/2,)."""
    if input.dim() != 2:
        raise RuntimeError(f"pdist only supports 2D tensors, got: {input.dim()}D")
    if p < 0:
        raise RuntimeError("pdist only supports non-negative p values")
    if input._data.dtype.kind != "f":
        raise RuntimeError(f"pdist only supports floating-point dtypes")
    return PdistBackward0.apply(input, p=float(p))
