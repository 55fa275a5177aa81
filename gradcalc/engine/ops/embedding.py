"""embedding (EmbeddingBackward0): rows of a weight matrix picked by integer indices."""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check


class EmbeddingBackward0(Node):
    __slots__ = ("indices", "padding_idx", "num_weights")
    explain = "grad_weight = grad rows added into the rows they were read from (the padding_idx row gets none)"
    # (padding_idx deliberately breaks the finite-difference gradient: it is tested against torch's instead)
    checks = (check(lambda w: embedding(Tensor._wrap(np.array([[0, 2], [2, 4]])), w), (5, 3)),)

    def forward(ctx, w, indices, padding_idx):
        ctx.indices, ctx.padding_idx, ctx.num_weights = indices, padding_idx, w._data.shape[0]
        return w._data[indices._data]

    def backward(ctx, grad):
        from ..creation import zeros
        idx = ctx.indices.reshape(-1)
        dim = grad._data.shape[-1]
        gw = zeros((ctx.num_weights, dim), dtype=grad.dtype).index_add(0, idx, grad.reshape(-1, dim))
        if ctx.padding_idx is not None:
            keep = np.ones((ctx.num_weights, 1), grad._data.dtype)
            keep[ctx.padding_idx] = 0
            gw = gw * Tensor._wrap(keep)
        return gw


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False,
              sparse=False):
    """``weight[input]``: one row of ``weight`` per index."""
    if input._data.dtype.kind not in "iu":
        from ..tensor import _TYPE_NAMES
        raise RuntimeError(f"Expected tensor for argument #1 'indices' to have one of the following scalar types: "
                           f"Long, Int; but got {_TYPE_NAMES[input._data.dtype.type]} instead (while checking "
                           f"arguments for embedding)")
    n = weight._data.shape[0]
    if padding_idx is not None:
        if padding_idx > 0:
            if padding_idx >= n:
                raise AssertionError("Padding_idx must be within num_embeddings")
        elif padding_idx < 0:
            if padding_idx < -n:
                raise AssertionError("Padding_idx must be within num_embeddings")
            padding_idx = n + padding_idx
    idx = input._data
    if idx.size and (idx.min() < -n or idx.max() >= n or idx.min() < 0):
        raise IndexError("index out of range in self")
    if max_norm is not None:
        embedding_renorm_(weight, input, max_norm, norm_type)
    return EmbeddingBackward0.apply(weight, indices=input, padding_idx=padding_idx)


def embedding_renorm_(weight, input, max_norm, norm_type):
    """Rescale (in place, unrecorded) the rows of ``weight`` used by ``input`` whose norm exceeds ``max_norm``."""
    from ..grad_mode import no_grad
    from .inplace import check_writable, write
    rows = np.unique(input._data.reshape(-1))
    w = weight._data
    norms = np.linalg.norm(w[rows].astype(np.float64), ord=norm_type, axis=1)
    scale = np.where(norms > max_norm, max_norm / (norms + 1e-7), 1.0)
    new = w.copy()
    new[rows] = (w[rows] * scale[:, None]).astype(w.dtype)
    with no_grad():
        check_writable(weight)
        write(weight, new)
    return weight
