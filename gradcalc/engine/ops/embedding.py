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
        from ..tensor import _MESSAGE_TYPE_NAMES as _TYPE_NAMES, _dt_of
        raise RuntimeError(f"Expected tensor for argument #1 'indices' to have one of the following scalar types: "
                           f"Long, Int; but got {_TYPE_NAMES[_dt_of(input._data)]} instead (while checking "
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
    __slots__ = ("indices", "bags", "scale", "num_weights", "mode", "argmax", "positions", "n_positions")
    # (scale: per index, 1/bag size for mean times 1/frequency for scale_grad_by_freq)
    explain = ("grad_weight = each bag's gradient added into the rows of its indices (divided by the bag size "
               "for 'mean'; only the maximal row for 'max');  grad_per_sample_weights = each index's row "
               "dotted with its bag's gradient")
    jvp = no_forward_ad("_embedding_bag")  # torch has no forward rule
    checks = (check(lambda w: embedding_bag(Tensor._wrap(np.array([0, 2, 1, 4, 2])), w,
                                            Tensor._wrap(np.array([0, 2])), mode="sum"), (5, 3)),
              check(lambda w: embedding_bag(Tensor._wrap(np.array([[0, 2], [3, 3]])), w, mode="mean"), (4, 2),
                    label="mean 2d"),
              check(lambda w, p: embedding_bag(Tensor._wrap(np.array([0, 2, 1, 4, 2])), w,
                                               Tensor._wrap(np.array([0, 2])), mode="sum", per_sample_weights=p),
                    (5, 3), (5,), label="per_sample_weights"))

    def forward(ctx, w, psw, indices, bags, n_bags, mode, positions, counts, freq=None):
        """``positions``: which entries of the (flat) input the kept ``indices`` are (padding and,
        for sum/mean, torch's include_last_offset tail left out); ``counts``: the bag sizes a mean
        divides by."""
        wd = w._data
        idx = indices
        rows = wd[idx]
        ctx.positions, ctx.n_positions = positions, None if psw is None else psw._data.shape[0]
        if psw is not None:
            rows = rows * psw._data[positions][:, None]
        ctx.indices, ctx.bags, ctx.num_weights, ctx.mode = idx, bags, wd.shape[0], mode
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
            ctx.save_for_backward(w, psw)
            return out.astype(wd.dtype)
        np.add.at(out, bags, rows)
        scale = None if freq is None else freq.astype(wd.dtype)
        if mode == "mean":
            div = np.maximum(counts, 1).astype(wd.dtype)
            out = out / div[:, None]
            scale = (1 / div[bags]).astype(wd.dtype) * (1 if scale is None else scale)
        ctx.scale = scale
        ctx.save_for_backward(w, psw)
        return np.asarray(out, dtype=wd.dtype)

    def backward(ctx, grad):
        from ..creation import zeros
        w, psw = ctx.saved_tensors
        dim = grad._data.shape[1]
        gw = zeros((ctx.num_weights, dim), dtype=grad.dtype)
        if ctx.mode == "max":
            first = ctx.argmax
            valid = first < len(ctx.indices)
            rows = np.where(valid, ctx.indices[np.minimum(first, len(ctx.indices) - 1)], 0)
            g = grad * Tensor._wrap(valid.astype(grad._data.dtype))
            flat_rows = Tensor._wrap((rows * dim + np.arange(dim)).reshape(-1))
            return gw.reshape(-1).index_add(0, flat_rows, g.reshape(-1)).view(ctx.num_weights, dim), None
        per_index = grad.index_select(0, Tensor._wrap(ctx.bags))
        if ctx.scale is not None:
            per_index = per_index * Tensor._wrap(ctx.scale[:, None])
        index = Tensor._wrap(ctx.indices)
        d_psw = None
        if psw is not None:
            at = Tensor._wrap(ctx.positions)
            if ctx.should_compute(1):
                kept = (per_index * w.index_select(0, index)).sum(1)
                d_psw = zeros((ctx.n_positions,), dtype=grad.dtype).index_add(0, at, kept)
            per_index = per_index * psw.index_select(0, at).unsqueeze(1)
        return gw.index_add(0, index, per_index), d_psw


def _torch_frequencies(idx, n):
    """The count torch's CPU backward divides each row's gradient by under scale_grad_by_freq. Its
    loop over the sorted input's runs of equal indices reads the count of ``sorted[k]`` for the
    k-th run (the run's number where the run's start was meant), so a row whose run follows a
    repeated row is divided by that row's count; gradcalc gives torch's numbers."""
    srt = np.sort(idx)
    uniq = np.unique(idx)
    freq = np.ones(n)
    freq[uniq] = np.bincount(idx, minlength=n)[srt[:len(uniq)]]
    return freq


def check_index_range(flat, n):
    bad = np.nonzero((flat < 0) | (flat >= n))[0]
    if bad.size:
        raise RuntimeError(f"Index {bad[0]} of input takes value {flat[bad[0]]} which is not in the valid range "
                           f"[0, {n})")


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
    psw = per_sample_weights
    limit = None
    if d.ndim == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated is a mini-batch of "
                             "fixed length sequences. However, found offsets of type Tensor")
        n_bags = d.shape[0]
        bags = np.repeat(np.arange(n_bags), d.shape[1])
        idx = d.reshape(-1)
        psw = None if psw is None else psw.reshape(-1)
    elif d.ndim == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        off = offsets._data.astype(np.int64)
        if include_last_offset:
            # torch's kernel sums (sum, mean) only up to the last offset, but counts a bag's size (the
            # mean's divisor) and takes maxima up to the input's end
            limit = int(off[-1]) if off.size else 0
            off = off[:-1]
        n_bags = len(off)
        bags = np.searchsorted(off, np.arange(len(d)), side="right") - 1
        idx = d
    else:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension {d.ndim}")
    idx = idx.astype(np.int64)
    check_index_range(idx, weight._data.shape[0])
    positions = np.arange(len(idx))
    keep = bags >= 0
    if padding_idx is not None:
        keep &= idx != (padding_idx % weight._data.shape[0])
    counts = np.bincount(bags[keep], minlength=n_bags)[:n_bags]
    fast = (padding_idx is None and weight._data.dtype.type in (np.float32, np.float16)
            and (weight.dim() < 2 or weight.stride(1) == 1))
    if limit is not None and mode != "max" and fast:
        keep &= positions < limit  # torch's fast sum path (its kernel reads the offsets as bag ends)
    freq = None
    if scale_grad_by_freq and mode != "max":
        freq = 1 / _torch_frequencies(idx, weight._data.shape[0])[idx[keep]]
    idx, bags, positions = idx[keep], bags[keep], positions[keep]
    if max_norm is not None:
        embedding_renorm_(weight, Tensor._wrap(idx), max_norm, norm_type)
    return EmbeddingBagBackward0.apply(weight, psw, indices=idx, bags=bags, n_bags=n_bags, mode=mode,
                                       positions=positions, counts=counts, freq=freq)
