"""``at::norm(self, p, dim, keepdim)``: the C++ norm that torch's own composites call
(``pairwise_distance``), recorded as ``NormBackward1``. ``torch.norm`` from Python is
``linalg.vector_norm`` in torch 2.x and keeps that node; the rule is the same."""

from .linalg_decompositions import LinalgVectorNormBackward0

__all__ = ["norm_dim"]


class NormBackward1(LinalgVectorNormBackward0):
    __slots__ = ()


def norm_dim(x, p, dim, keepdim=False):
    """``at::norm(x, p, [dim], keepdim)``."""
    d = dim % x.dim() if x.dim() else 0
    return NormBackward1.apply(x, ord=p if p in (1, 2) else float(p), dim=(d,), keepdim=keepdim, out_dtype=None)
