"""The ATen-level recurrent functions and ``torch.embedding_bag``: ``torch.lstm``, ``torch.gru``,
``torch.rnn_tanh``, ``torch.rnn_relu`` take the weights as one flat list (per layer and direction
``w_ih, w_hh[, b_ih, b_hh][, w_hr]``, as ``nn.LSTM._flat_weights`` holds them) and come in two
overloads, a padded ``(input, hx, params, has_biases, num_layers, dropout, train, bidirectional,
batch_first)`` and a packed ``(data, batch_sizes, hx, params, ...)``. ``nn.LSTM`` calls exactly
these in torch, so they run the nn modules' own machinery (``nn/rnn.py``'s ``_run``/``_run_packed``
over a weight list instead of a module): values and ``grad_fn`` names are the layers'.

``torch.embedding_bag`` returns torch's 4-tuple (output, offset2bag, bag_size, max_indices) with the
values torch's CPU kernel leaves in the three bookkeeping tensors for each mode.

The work is in torch_rnn_calls.py, imported on the first call.
"""

__all__ = ["lstm", "gru", "rnn_tanh", "rnn_relu", "embedding_bag"]


def _impl():
    from . import torch_rnn_calls
    return torch_rnn_calls


def lstm(*args, **kwargs):
    """``torch.lstm(input, (h0, c0), params, has_biases, num_layers, dropout, train, bidirectional,
    batch_first)`` or ``torch.lstm(data, batch_sizes, (h0, c0), params, ...)``: (output, h_n, c_n)."""
    return _impl().call("LSTM", "lstm", args, kwargs)


def gru(*args, **kwargs):
    """``torch.gru(input, h0, params, ...)`` (or the packed ``(data, batch_sizes, h0, params, ...)``): (output, h_n)."""
    return _impl().call("GRU", "gru", args, kwargs)


def rnn_tanh(*args, **kwargs):
    """``torch.rnn_tanh``: the Elman RNN of ``nn.RNN``, as ``torch.gru``'s overloads."""
    return _impl().call("RNN_TANH", "rnn_tanh", args, kwargs)


def rnn_relu(*args, **kwargs):
    """``torch.rnn_relu``: ``nn.RNN(nonlinearity='relu')``, as ``torch.gru``'s overloads."""
    return _impl().call("RNN_RELU", "rnn_relu", args, kwargs)


def embedding_bag(weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False, per_sample_weights=None,
                  include_last_offset=False, padding_idx=None):
    """``torch.embedding_bag``: (output, offset2bag, bag_size, max_indices) with ``mode`` an int
    (0 sum, 1 mean, 2 max). The output is ``F.embedding_bag``'s (EmbeddingBagBackward0); the other
    three are what torch's CPU kernel returns: offset2bag is each index's bag (empty on the
    sum fast path: float32/float16 weights, no padding_idx), bag_size the count of non-padding
    indices per bag (zeros for sum), max_indices the weight row of each maximum for max, the bag
    sizes for mean, zeros for sum."""
    return _impl().embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode, sparse, per_sample_weights,
                                 include_last_offset, padding_idx)
