"""The work behind torch_rnn_spellings.py's public functions (imported on their first call, so
start-up does not compile it): ATen's overload and argument checks for ``torch.lstm`` & co., the
flat-weight adapter over nn/rnn.py's layer code, and ``torch.embedding_bag``'s bookkeeping."""

import numpy as np

from .tensor import Tensor

_NAMES = ("has_biases", "num_layers", "dropout", "train", "bidirectional", "batch_first")


class _FlatRNN:
    """What ``RNNBase._run``/``_run_packed`` read of a module, taken from a flat weight list."""
    __slots__ = ("mode", "params", "stride", "has_biases", "num_layers", "dropout", "training",
                 "bidirectional", "proj_size")

    def __init__(self, mode, params, has_biases, num_layers, dropout, train, bidirectional, proj):
        self.mode, self.params, self.has_biases = mode, list(params), bool(has_biases)
        self.stride = (4 if has_biases else 2) + (1 if proj else 0)
        self.num_layers, self.dropout, self.training = int(num_layers), float(dropout), bool(train)
        self.bidirectional, self.proj_size = bool(bidirectional), 1 if proj else 0

    def _layer_params(self, layer, direction):
        k = (layer * (2 if self.bidirectional else 1) + direction) * self.stride
        p = self.params[k:k + self.stride]
        b_ih, b_hh = (p[2], p[3]) if self.has_biases else (None, None)
        return p[0], p[1], b_ih, b_hh, (p[-1] if self.proj_size else None)


def _borrow():
    from .nn.rnn import RNNBase
    for name in ("_run", "_run_packed", "_fused", "_step"):
        setattr(_FlatRNN, name, getattr(RNNBase, name))


def _check(mode, hx, params, has_biases, num_layers, bidirectional):
    """ATen's checks, in its order: hidden-state count (LSTM), parameter count, then per layer."""
    lstm = mode == "LSTM"
    if lstm:
        if len(hx) != 2:
            raise RuntimeError("lstm expects two hidden states")
        h = hx[0]
        if h.dim() < 3:
            raise IndexError(f"Dimension out of range (expected to be in range of [{-h.dim()}, {h.dim() - 1}], "
                             f"but got 2)")
        proj = h.shape[2] != hx[1].shape[2]
    else:
        h, proj = hx, False
    stride = (4 if has_biases else 2) + (1 if proj else 0)
    if len(params) % stride:
        raise RuntimeError("got an incorrect number of RNN parameters")
    groups, hiddens = len(params) // stride, h.shape[0] if h.dim() else 0
    if bidirectional:
        if groups % 2 or hiddens % 2:
            raise RuntimeError("Odd number of params or hiddens given to a bidirectional RNN")
        groups, hiddens = groups // 2, hiddens // 2
    if hiddens != num_layers:
        raise RuntimeError("Expected more hidden states in stacked_rnn")
    if groups != num_layers:
        raise RuntimeError("Expected more weights in stacked_rnn")
    return proj


def call(mode, fn, args, kwargs):
    """Sort the two overloads apart (the packed one's second argument is a tensor of batch sizes, and
    its third is the hidden state where the padded one's is the weight list) and run."""
    lstm = mode == "LSTM"
    packed = "batch_sizes" in kwargs or (len(args) > 1 and isinstance(args[1], Tensor) and (
        lstm or (len(args) > 2 and isinstance(args[2], Tensor))))
    names = (("data", "batch_sizes", "hx", "params") + _NAMES[:-1]) if packed else (("input", "hx", "params") + _NAMES)
    if len(args) > len(names):
        raise TypeError(f"{fn}() takes {len(names)} positional arguments but {len(args)} were given")
    bound = dict(zip(names, args))
    for k, v in kwargs.items():
        if k not in names:
            raise TypeError(f"{fn}() got an unexpected keyword argument '{k}'")
        if k in bound:
            raise TypeError(f"{fn}() got multiple values for argument '{k}'")
        bound[k] = v
    missing = [n for n in names if n not in bound]
    if missing:
        raise TypeError(f"{fn}() missing required argument '{missing[0]}' (pos {names.index(missing[0]) + 1})")
    x = bound[names[0]]
    seqs = ("hx", "params") if lstm else ("params",)
    if (not isinstance(x, Tensor) or any(not isinstance(bound[n], (list, tuple)) for n in seqs)
            or (not lstm and not isinstance(bound["hx"], Tensor))
            or (packed and not isinstance(bound["batch_sizes"], Tensor))):
        raise TypeError(_invalid_combination(fn, lstm, [bound[n] for n in names]))
    for name in seqs:  # torch names the argument by its 0-based position
        for k, item in enumerate(bound[name]):
            if not isinstance(item, Tensor):
                raise TypeError(f"expected Tensor as element {k} in argument {names.index(name)}, but got "
                                f"{type(item).__name__}")
    hx = tuple(bound["hx"]) if lstm else bound["hx"]
    params = list(bound["params"])
    proj = _check(mode, hx, params, bound["has_biases"], bound["num_layers"], bound["bidirectional"])
    if _FlatRNN.__dict__.get("_run") is None:
        _borrow()
    rnn = _FlatRNN(mode, params, bound["has_biases"], bound["num_layers"], bound["dropout"], bound["train"],
                   bound["bidirectional"], proj)
    if packed:
        sizes = [int(b) for b in np.asarray(bound["batch_sizes"]._data).reshape(-1)]
        output, hidden = rnn._run_packed(x, sizes, hx)
    else:
        batch_first = bound["batch_first"]
        if batch_first:
            x = x.transpose(0, 1)
            if rnn._fused(x):
                x = x.contiguous()  # oneDNN reads time-major memory (torch: CloneBackward0)
        output, hidden = rnn._run(x, hx)
        if batch_first:
            if lstm:  # torch's CPU LSTM (mkldnn) transposes out of place, its GRU/RNN kernel in place
                output = output.transpose(0, 1)
            else:
                output.transpose_(0, 1)
    return (output,) + tuple(hidden) if lstm else (output, hidden)


def _invalid_combination(fn, lstm, values):
    hx = "tuple of Tensors hx" if lstm else "Tensor hx"
    rest = "tuple of Tensors params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional"
    got = ", ".join("Tensor" if isinstance(v, Tensor) else type(v).__name__ for v in values)
    return (f"{fn}() received an invalid combination of arguments - got ({got}), but expected one of:\n"
            f" * (Tensor input, {hx}, {rest}, bool batch_first)\n"
            f" * (Tensor data, Tensor batch_sizes, {hx}, {rest})")


_MODES = {0: "sum", 1: "mean", 2: "max"}
_FAST_DTYPES = (np.float32, np.float16)


def embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode, sparse, per_sample_weights,
                  include_last_offset, padding_idx):
    """torch_rnn_spellings.embedding_bag's work (its docstring says what each output holds)."""
    from .ops.embedding import check_index_range, embedding_bag as _bag
    for name, t, pos in (("weight", weight, 1), ("indices", indices, 2), ("offsets", offsets, 3)):
        if not isinstance(t, Tensor):
            raise TypeError(f"embedding_bag(): argument '{name}' (position {pos}) must be Tensor, not "
                            f"{type(t).__name__}")
    for t, arg in ((indices, 1), (offsets, 1)):
        if t._data.dtype.kind not in "iu" or t._data.dtype.itemsize < 4:
            from .tensor import _MESSAGE_TYPE_NAMES as _TYPE_NAMES, _dt_of
            raise RuntimeError(f"Expected tensor for argument #{arg} 'indices' to have one of the following scalar "
                               f"types: Long, Int; but got {_TYPE_NAMES[_dt_of(t._data)]} instead (while "
                               f"checking arguments for embedding_bag)")
    if mode not in _MODES or isinstance(mode, bool):
        raise RuntimeError("`mode` must be sum, mean, or max.")
    if per_sample_weights is not None and mode != 0:
        raise RuntimeError("embedding_bag: per_sample_weights only supported with mode='sum'")
    if offsets.dim() != 1:
        raise RuntimeError(f"offsets has to be a 1D Tensor, but got Tensor of dimension {offsets.dim()}")
    idx = np.asarray(indices._data).reshape(-1)
    off = np.asarray(offsets._data).astype(np.int64)
    n = weight._data.shape[0]
    if off.size and off[0] != 0:
        from .tensor import _MESSAGE_TYPE_NAMES as _TYPE_NAMES, _dt_of  # torch prints offsets[0] as a tensor: its type on a line of its own
        raise RuntimeError(f"offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from "
                           f"position 0. However, got {off[0]}\n[ {_TYPE_NAMES[_dt_of(offsets._data)]}{{}} ]")
    if off.size and off[-1] > idx.size:
        raise RuntimeError(f"offsets[-1] can not be greater than input's length {idx.size} but got offsets[-1] of "
                           f"{off[-1]}")
    if per_sample_weights is not None and per_sample_weights.numel() != idx.size:
        raise RuntimeError("Expected per_sample_weights.value().numel() == indices.numel() to be true, but got "
                           "false.  (Could this error message be improved?  If so, please report an enhancement "
                           "request to PyTorch.)")
    check_index_range(idx, n)
    pad = None if padding_idx is None else padding_idx + n if padding_idx < 0 else padding_idx  # ATen's wrap
    flat = indices if indices.dim() == 1 else indices.reshape(-1)
    output = _bag(flat, weight, offsets, scale_grad_by_freq=scale_grad_by_freq, mode=_MODES[mode], sparse=sparse,
                  per_sample_weights=per_sample_weights, include_last_offset=include_last_offset, padding_idx=pad)
    kind = idx.dtype
    bags_at = off[:-1] if include_last_offset else off
    n_bags = len(bags_at)
    offset2bag = (np.searchsorted(bags_at, np.arange(idx.size), side="right") - 1).astype(kind)
    keep = np.ones(idx.size, bool) if pad is None else idx != pad
    in_bag = keep & (offset2bag >= 0)
    counts = np.bincount(offset2bag[in_bag].astype(np.int64), minlength=n_bags)[:n_bags].astype(kind)
    fast = (mode == 0 and padding_idx is None and weight._data.dtype.type in _FAST_DTYPES
            and (weight.dim() < 2 or weight.stride(1) == 1))
    if fast:
        offset2bag = np.zeros(0, kind)
    if mode == 0:
        bag_size, max_indices = np.zeros(n_bags, kind), np.zeros(n_bags, kind)
    elif mode == 1:
        bag_size, max_indices = counts, counts.copy()
    else:
        bag_size, max_indices = counts, _max_rows(weight._data, idx, offset2bag, in_bag, n_bags).astype(kind)
    wrap = Tensor._wrap
    return output, wrap(offset2bag), wrap(bag_size), wrap(max_indices)


def _max_rows(w, idx, bag_of, keep, n_bags):
    """For each bag and feature, the weight row holding the maximum (the first such index, as torch's
    strict ``>`` scan keeps it); 0 for a bag with no (non-padding) index."""
    idx, bag_of = idx[keep].astype(np.int64), bag_of[keep].astype(np.int64)
    dim = w.shape[1]
    out = np.zeros((n_bags, dim), np.int64)
    if not idx.size:
        return out
    rows = w[idx]
    best = np.full((n_bags, dim), -np.inf)
    np.maximum.at(best, bag_of, rows.astype(np.float64))
    is_max = rows == best[bag_of]
    pos = np.where(is_max, np.arange(idx.size)[:, None], idx.size)
    first = np.full((n_bags, dim), idx.size)
    np.minimum.at(first, bag_of, pos)
    found = first < idx.size
    out[found] = idx[first[found]]
    return out
