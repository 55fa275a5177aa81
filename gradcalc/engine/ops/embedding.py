"""embedding (EmbeddingBackward0): rows of a weight matrix picked by integer indices."""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check
from .forward_refusals import no_forward_ad


class EmbeddingBackward0(Node):
    __slots__ = ("indices", "padding_idx", "num_weights")
    explain = "grad_weight = grad rows added into the rows they were read from (the padding_idx row gets none)"
    # (padding_idx deliberately breaks the finite-difference gradient: it is tested against torch's instead)
    checks = (check(lambda w: embedding(Tensor._wrap(np.array([[0, 2], [2, 4]])), w), (5, 3)),)

    def forward(ctx, w, indices, padding_idx):
        ctx.indices, ctx.padding_idx, ctx.num_weights = indices, padding_idx, w._data.shape[0]
        return w._data[indices._data]

    @staticmethod
    def jvp(ctx, t):
        """torch's forward rule: embedding(weight_t, indices), the padding row's tangent read like any other
        (only the backward leaves that row out)."""
        return EmbeddingBackward0.apply(t, indices=ctx.indices, padding_idx=ctx.padding_idx)

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


class EmbeddingBagBackward0(Node):
    __slots__ = ("indices", "bags", "scale", "num_weights", "mode", "argmax")
    explain = ("grad_weight = each bag's gradient added into the rows of its indices (divided by the bag size "
               "for 'mean'; only the maximal row for 'max')")
    jvp = no_forward_ad("_embedding_bag")  # torch has no forward rule
    checks = (check(lambda w: embedding_bag(Tensor._wrap(np.array([0, 2, 1, 4, 2])), w,
                                            Tensor._wrap(np.array([0, 2])), mode="sum"), (5, 3)),
              check(lambda w: embedding_bag(Tensor._wrap(np.array([[0, 2], [3, 3]])), w, mode="mean"), (4, 2),
                    label="mean 2d"))

    def forward(ctx, w, indices, bags, n_bags, mode, psw):
        wd = w._data
        idx = indices
        rows = wd[idx]
        if psw is not None:
            rows = rows * psw[:, None]
        ctx.indices, ctx.bags, ctx.num_weights, ctx.mode = idx, bags, wd.shape[0], mode
        counts = np.bincount(bags, minlength=n_bags)
        out = np.zeros((n_bags, wd.shape[1]), wd.dtype)
        if mode == "max":
            out[:] = -np.inf
            np.maximum.at(out, bags, rows)
            out[counts == 0] = 0
            # for each bag and feature, the first index holding the maximum
            is_max = rows == out[bags]
            order = np.where(is_max, np.arange(len(idx))[:, None], len(idx))
            first = np.full(out.shape, len(idx))
            np.minimum.at(first, bags, order)
            ctx.argmax = first
            return out.astype(wd.dtype)
        np.add.at(out, bags, rows)
        scale = np.ones(len(idx), wd.dtype) if psw is None else psw.astype(wd.dtype)
        if mode == "mean":
            div = np.maximum(counts, 1).astype(wd.dtype)
            out = out / div[:, None]
            scale = scale / div[bags]
        ctx.scale = scale
        return np.asarray(out, dtype=wd.dtype)

    def backward(ctx, grad):
        from ..creation import zeros
        dim = grad._data.shape[1]
        gw = zeros((ctx.num_weights, dim), dtype=grad.dtype)
        if ctx.mode == "max":
            first = ctx.argmax
            valid = first < len(ctx.indices)
            rows = np.where(valid, ctx.indices[np.minimum(first, len(ctx.indices) - 1)], 0)
            g = grad * Tensor._wrap(valid.astype(grad._data.dtype))
            flat_rows = Tensor._wrap((rows * dim + np.arange(dim)).reshape(-1))
            return gw.reshape(-1).index_add(0, flat_rows, g.reshape(-1)).view(ctx.num_weights, dim)
        per_index = grad.index_select(0, Tensor._wrap(ctx.bags)) * Tensor._wrap(ctx.scale[:, None])
        return gw.index_add(0, Tensor._wrap(ctx.indices), per_index)


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode="mean",
                  sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None):
    """Sums, means or maxima of bags of embedding rows (bags: rows of a 2-d input, or offsets into a 1-d one)."""
    if mode not in ("sum", "mean", "max"):
        raise ValueError(f"mode has to be one of sum, mean or max")
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError(f"embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                                  f"supported for mode='sum' (got mode='{mode}'). Please open a feature request on "
                                  f"GitHub.")
    d = input._data
    if d.ndim == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated is a mini-batch of "
                             "fixed length sequences. However, found offsets of type Tensor")
        n_bags = d.shape[0]
        bags = np.repeat(np.arange(n_bags), d.shape[1])
        idx = d.reshape(-1)
        psw = None if per_sample_weights is None else per_sample_weights._data.reshape(-1)
    elif d.ndim == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        off = offsets._data.astype(np.int64)
        if include_last_offset:
            off = off[:-1]
        n_bags = len(off)
        bags = np.searchsorted(off, np.arange(len(d)), side="right") - 1
        idx = d
        psw = None if per_sample_weights is None else per_sample_weights._data
    else:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension {d.ndim}")
    idx = idx.astype(np.int64)
    if idx.size and (idx.min() < 0 or idx.max() >= weight._data.shape[0]):
        raise IndexError("index out of range in self")
    if padding_idx is not None:
        keep = idx != (padding_idx % weight._data.shape[0])
        idx, bags = idx[keep], bags[keep]
        psw = None if psw is None else psw[keep]
    if max_norm is not None:
        embedding_renorm_(weight, Tensor._wrap(idx), max_norm, norm_type)
    return EmbeddingBagBackward0.apply(weight, indices=idx, bags=bags, n_bags=n_bags, mode=mode, psw=psw)
