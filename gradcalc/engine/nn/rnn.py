"""Recurrent layers: RNN, LSTM, GRU (layers, batch_first, bidirectional, dropout between layers,
LSTM projections) and their cells, with torch's parameters, names, initialisation and gate
equations, composed of engine ops (the input projection of all time steps is one matmul);
a float32 LSTM layer without projections is one node as torch's oneDNN kernel records it
(ops/lstm_layer.py)."""

import math
import numbers
import warnings

from ..creation import empty, zeros
from ..dtypes import float32
from ..ops.lstm_layer import lstm_layer
from ..ops.shape import cat, stack
from . import functional as F
from . import init
from .linear import _factory
from .module import Module
from .parameter import Parameter
from .utils.rnn import PackedSequence

__all__ = ["RNN", "LSTM", "GRU", "RNNCell", "LSTMCell", "GRUCell"]

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


def _lstm_step(xw, h, c, w_hh, b_hh, w_hr):
    gates = xw + F.linear(h, w_hh, b_hh)
    i, f, g, o = gates.chunk(4, -1)
    c = f.sigmoid() * c + i.sigmoid() * g.tanh()
    h = o.sigmoid() * c.tanh()
    if w_hr is not None:
        h = F.linear(h, w_hr)
    return h, c


def _gru_step(xw, h, w_hh, b_hh):
    gh = F.linear(h, w_hh, b_hh)
    i_r, i_z, i_n = xw.chunk(3, -1)
    h_r, h_z, h_n = gh.chunk(3, -1)
    r = (i_r + h_r).sigmoid()
    z = (i_z + h_z).sigmoid()
    n = (i_n + r * h_n).tanh()
    return n + z * (h - n)


def _rnn_step(xw, h, w_hh, b_hh, relu):
    pre = xw + F.linear(h, w_hh, b_hh)
    return pre.relu() if relu else pre.tanh()


def _check_hidden(hx, expected, hidden_size, lstm):
    """torch's check_hidden_size: LSTM names hidden[0] (h) and hidden[1] (c, hidden_size wide)."""
    if not lstm:
        if tuple(hx.shape) != expected:
            raise RuntimeError(f"Expected hidden size {expected}, got {list(hx.shape)}")
        return
    if tuple(hx[0].shape) != expected:
        raise RuntimeError(f"Expected hidden[0] size {expected}, got {list(hx[0].shape)}")
    expected_c = expected[:2] + (hidden_size,)
    if tuple(hx[1].shape) != expected_c:
        raise RuntimeError(f"Expected hidden[1] size {expected_c}, got {list(hx[1].shape)}")


class RNNBase(Module):
    """The shared machinery of RNN, LSTM and GRU."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        kw = _factory(device, dtype)
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        num_directions = 2 if bidirectional else 1
        if not isinstance(dropout, numbers.Number) or not 0 <= dropout <= 1 or isinstance(dropout, bool):
            raise ValueError("dropout should be a number in range [0, 1] representing the probability of an "
                             "element being zeroed")
        if dropout > 0 and num_layers == 1:
            warnings.warn(f"dropout option adds dropout after all but last recurrent layer, so non-zero dropout "
                          f"expects num_layers greater than 1, but got dropout={dropout} and "
                          f"num_layers={num_layers}")
        if not isinstance(hidden_size, int):
            raise TypeError(f"hidden_size should be of type int, got: {type(hidden_size).__name__}")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size < 0:
            raise ValueError("proj_size should be a positive integer or zero to disable projections")
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        if mode not in _GATES:
            raise ValueError("Unrecognized RNN mode: " + mode)
        gate_size = _GATES[mode] * hidden_size
        self._flat_weights_names = []
        self._all_weights = []
        for layer in range(num_layers):
            for direction in range(num_directions):
                real_hidden_size = proj_size if proj_size > 0 else hidden_size
                layer_input_size = input_size if layer == 0 else real_hidden_size * num_directions
                params = [Parameter(empty((gate_size, layer_input_size), **kw)),
                          Parameter(empty((gate_size, real_hidden_size), **kw))]
                names = ["weight_ih_l{}{}", "weight_hh_l{}{}"]
                if bias:
                    params += [Parameter(empty(gate_size, **kw)), Parameter(empty(gate_size, **kw))]
                    names += ["bias_ih_l{}{}", "bias_hh_l{}{}"]
                if proj_size > 0:
                    params.append(Parameter(empty((proj_size, hidden_size), **kw)))
                    names.append("weight_hr_l{}{}")
                suffix = "_reverse" if direction == 1 else ""
                names = [n.format(layer, suffix) for n in names]
                for name, param in zip(names, params):
                    setattr(self, name, param)
                self._flat_weights_names.extend(names)
                self._all_weights.append(names)
        self.reset_parameters()

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    @property
    def all_weights(self):
        return [[getattr(self, name) for name in names] for names in self._all_weights]

    def flatten_parameters(self):
        pass

    def extra_repr(self):
        s = "{input_size}, {hidden_size}"
        if self.proj_size != 0:
            s += ", proj_size={proj_size}"
        if self.num_layers != 1:
            s += ", num_layers={num_layers}"
        if self.bias is not True:
            s += ", bias={bias}"
        if self.batch_first is not False:
            s += ", batch_first={batch_first}"
        if self.dropout != 0:
            s += ", dropout={dropout}"
        if self.bidirectional is not False:
            s += ", bidirectional={bidirectional}"
        return s.format(**self.__dict__)

    def _layer_params(self, layer, direction):
        suffix = "_reverse" if direction == 1 else ""
        get = (lambda n: getattr(self, f"{n}_l{layer}{suffix}"))
        b_ih = get("bias_ih") if self.bias else None
        b_hh = get("bias_hh") if self.bias else None
        w_hr = get("weight_hr") if self.proj_size > 0 else None
        return get("weight_ih"), get("weight_hh"), b_ih, b_hh, w_hr

    def _run(self, input, hx):
        """input (L, N, H_in); hx a tensor (or (h, c) for LSTM) of (layers*dirs, N, H). Returns output, h_n(, c_n)."""
        lstm = self.mode == "LSTM"
        fused = self._fused(input)
        dirs = 2 if self.bidirectional else 1
        h0, c0 = hx if lstm else (hx, None)
        h_n, c_n = [], []
        layer_input = input
        steps = input.shape[0]
        for layer in range(self.num_layers):
            outs = []
            for direction in range(dirs):
                w_ih, w_hh, b_ih, b_hh, w_hr = self._layer_params(layer, direction)
                k = layer * dirs + direction
                if fused:
                    out, h, c = lstm_layer(layer_input, w_ih, w_hh, b_ih, b_hh, h0[k], c0[k],
                                           reverse=direction == 1)
                    outs.append(out)
                    h_n.append(h)
                    c_n.append(c)
                    continue
                xw = F.linear(layer_input, w_ih, b_ih)  # every time step's input projection at once
                h = h0[k]
                c = c0[k] if lstm else None
                order = range(steps - 1, -1, -1) if direction == 1 else range(steps)
                seq = [None] * steps
                for t in order:
                    if lstm:
                        h, c = _lstm_step(xw[t], h, c, w_hh, b_hh, w_hr)
                    elif self.mode == "GRU":
                        h = _gru_step(xw[t], h, w_hh, b_hh)
                    else:
                        h = _rnn_step(xw[t], h, w_hh, b_hh, self.mode == "RNN_RELU")
                    seq[t] = h
                outs.append(stack(seq, 0))
                h_n.append(h)
                if lstm:
                    c_n.append(c)
            layer_input = outs[0] if dirs == 1 else cat(outs, 2)
            if self.dropout and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, self.dropout, True)
        h_n = stack(h_n, 0)
        return (layer_input, (h_n, stack(c_n, 0))) if lstm else (layer_input, h_n)

    def _fused(self, input):
        """torch's CPU LSTM runs float32 layers without projections through oneDNN: one
        MkldnnRnnLayerBackward0 node per layer and direction (ops/lstm_layer.py)."""
        return self.mode == "LSTM" and self.proj_size == 0 and input.dtype is float32

    def _step(self, x, h, c, w_hh, b_hh, w_hr):
        if self.mode == "LSTM":
            return _lstm_step(x, h, c, w_hh, b_hh, w_hr)
        if self.mode == "GRU":
            return _gru_step(x, h, w_hh, b_hh), None
        return _rnn_step(x, h, w_hh, b_hh, self.mode == "RNN_RELU"), None

    def _run_packed(self, data, batch_sizes, hx):
        """data (sum of lengths, H_in) packed time step by time step, ``batch_sizes`` a list of ints;
        hx as in ``_run`` (already in sorted order). As torch's PackedLayer: going forward the
        hidden state shrinks as sequences end (their final states are kept aside and joined at
        the end); going backward it grows as sequences begin (from their initial state)."""
        lstm = self.mode == "LSTM"
        dirs = 2 if self.bidirectional else 1
        h0, c0 = hx if lstm else (hx, None)
        offsets = [0]
        for b in batch_sizes:
            offsets.append(offsets[-1] + b)
        steps = len(batch_sizes)
        h_n, c_n = [], []
        layer_input = data
        for layer in range(self.num_layers):
            outs = []
            for direction in range(dirs):
                w_ih, w_hh, b_ih, b_hh, w_hr = self._layer_params(layer, direction)
                xw = F.linear(layer_input, w_ih, b_ih)
                k = layer * dirs + direction
                seq = [None] * steps
                if direction == 0:
                    h, c = h0[k], (c0[k] if lstm else None)
                    last = batch_sizes[0] if steps else h.shape[0]
                    done_h, done_c = [], []
                    for t in range(steps):
                        bs = batch_sizes[t]
                        if bs < last:
                            done_h.append(h[bs:last])
                            h = h[:bs]
                            if lstm:
                                done_c.append(c[bs:last])
                                c = c[:bs]
                        last = bs
                        h, c = self._step(xw[offsets[t]:offsets[t + 1]], h, c, w_hh, b_hh, w_hr)
                        seq[t] = h
                    done_h.append(h)
                    h = cat(done_h[::-1], 0) if len(done_h) > 1 else h
                    if lstm:
                        done_c.append(c)
                        c = cat(done_c[::-1], 0) if len(done_c) > 1 else c
                else:
                    first = batch_sizes[-1] if steps else 0
                    h = h0[k][:first]
                    c = c0[k][:first] if lstm else None
                    last = first
                    for t in range(steps - 1, -1, -1):
                        bs = batch_sizes[t]
                        if bs > last:
                            h = cat([h, h0[k][last:bs]], 0)
                            if lstm:
                                c = cat([c, c0[k][last:bs]], 0)
                        last = bs
                        h, c = self._step(xw[offsets[t]:offsets[t + 1]], h, c, w_hh, b_hh, w_hr)
                        seq[t] = h
                outs.append(cat(seq, 0))
                h_n.append(h)
                if lstm:
                    c_n.append(c)
            layer_input = outs[0] if dirs == 1 else cat(outs, 1)
            if self.dropout and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, self.dropout, True)
        h_n = stack(h_n, 0)
        return (layer_input, (h_n, stack(c_n, 0))) if lstm else (layer_input, h_n)

    def _forward_packed(self, packed, hx):
        lstm = self.mode == "LSTM"
        data, batch_sizes, sorted_indices, unsorted_indices = packed
        if data.dim() != 2:
            raise RuntimeError(f"input must have 2 dimensions, got {data.dim()}")
        if data.shape[-1] != self.input_size:
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected {self.input_size}, got "
                               f"{data.shape[-1]}")
        sizes = [int(b) for b in batch_sizes._data]
        n = sizes[0] if sizes else 0
        dirs = 2 if self.bidirectional else 1
        real_hidden = self.proj_size if self.proj_size > 0 else self.hidden_size
        if hx is None:
            h0 = zeros((self.num_layers * dirs, n, real_hidden), dtype=data.dtype)
            hx = (h0, zeros((self.num_layers * dirs, n, self.hidden_size), dtype=data.dtype)) if lstm else h0
        else:
            if sorted_indices is not None:  # torch's permute_hidden
                hx = tuple(h.index_select(1, sorted_indices) for h in hx) if lstm else hx.index_select(1, sorted_indices)
            _check_hidden(hx, (self.num_layers * dirs, n, real_hidden), self.hidden_size, lstm)
        output, hidden = self._run_packed(data, sizes, hx)
        if unsorted_indices is not None:
            hidden = (tuple(h.index_select(1, unsorted_indices) for h in hidden) if lstm
                      else hidden.index_select(1, unsorted_indices))
        return PackedSequence(output, batch_sizes, sorted_indices, unsorted_indices), hidden

    def _forward(self, input, hx=None):
        """RNN, LSTM and GRU's forward (torch's RNNBase itself has none: calling one says so)."""
        if isinstance(input, PackedSequence):
            return self._forward_packed(input, hx)
        lstm = self.mode == "LSTM"
        batched = input.dim() == 3
        if input.dim() not in (2, 3):
            raise ValueError(f"{type(self).__name__}: Expected input to be 2D or 3D, got {input.dim()}D instead")
        if input.shape[-1] != self.input_size:
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected {self.input_size}, got "
                               f"{input.shape[-1]}")
        if not batched:
            input = input.unsqueeze(1)
            if hx is not None:
                hx = tuple(h.unsqueeze(1) for h in hx) if lstm else hx.unsqueeze(1)
        elif self.batch_first:
            input = input.transpose(0, 1)
            if self._fused(input):
                input = input.contiguous()  # oneDNN reads time-major memory (torch: CloneBackward0)
        n = input.shape[1]
        dirs = 2 if self.bidirectional else 1
        real_hidden = self.proj_size if self.proj_size > 0 else self.hidden_size
        if hx is None:
            h0 = zeros((self.num_layers * dirs, n, real_hidden), dtype=input.dtype)
            hx = (h0, zeros((self.num_layers * dirs, n, self.hidden_size), dtype=input.dtype)) if lstm else h0
        else:
            _check_hidden(hx, (self.num_layers * dirs, n, real_hidden), self.hidden_size, lstm)
        output, hidden = self._run(input, hx)
        if not batched:
            output = output.squeeze(1)
            hidden = tuple(h.squeeze(1) for h in hidden) if lstm else hidden.squeeze(1)
        elif self.batch_first:
            if lstm:  # torch's CPU LSTM (mkldnn) transposes out of place, its GRU/RNN kernel in place
                output = output.transpose(0, 1)
            else:
                output.transpose_(0, 1)
        return output, hidden


class RNN(RNNBase):
    """Elman RNN: h' = tanh(x W_ihᵀ + b_ih + h W_hhᵀ + b_hh) (or relu)."""

    def __init__(self, *args, **kwargs):
        nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if len(args) > 3:
            nonlinearity = args[3]
            args = args[:3] + args[4:]
        if nonlinearity == "tanh":
            mode = "RNN_TANH"
        elif nonlinearity == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError(f"Unknown nonlinearity '{nonlinearity}'. Select from 'tanh' or 'relu'.")
        self.nonlinearity = nonlinearity
        super().__init__(mode, *args, **kwargs)

    forward = RNNBase._forward


class LSTM(RNNBase):
    """Long short-term memory: returns output, (h_n, c_n)."""

    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)

    forward = RNNBase._forward


class GRU(RNNBase):
    """Gated recurrent unit."""

    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        super().__init__("GRU", *args, **kwargs)

    forward = RNNBase._forward


class RNNCellBase(Module):
    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        kw = _factory(device, dtype)
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(empty((num_chunks * hidden_size, input_size), **kw))
        self.weight_hh = Parameter(empty((num_chunks * hidden_size, hidden_size), **kw))
        if bias:
            self.bias_ih = Parameter(empty(num_chunks * hidden_size, **kw))
            self.bias_hh = Parameter(empty(num_chunks * hidden_size, **kw))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    def extra_repr(self):
        s = "{input_size}, {hidden_size}"
        if "bias" in self.__dict__ and self.bias is not True:
            s += ", bias={bias}"
        if "nonlinearity" in self.__dict__ and self.nonlinearity != "tanh":
            s += ", nonlinearity={nonlinearity}"
        return s.format(**self.__dict__)

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _prepare(self, input, hx, n_states):
        if input.dim() not in (1, 2):
            raise ValueError(f"{type(self).__name__}: Expected input to be 1D or 2D, got {input.dim()}D instead")
        batched = input.dim() == 2
        if not batched:
            input = input.unsqueeze(0)
        if hx is None:
            z = zeros((input.shape[0], self.hidden_size), dtype=input.dtype)
            hx = (z, z) if n_states == 2 else z
        elif not batched:
            hx = tuple(h.unsqueeze(0) for h in hx) if n_states == 2 else hx.unsqueeze(0)
        return input, hx, batched


class RNNCell(RNNCellBase):
    """One Elman RNN step."""

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=1, device=device, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        if self.nonlinearity not in ("tanh", "relu"):
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        input, hx, batched = self._prepare(input, hx, 1)
        h = _rnn_step(F.linear(input, self.weight_ih, self.bias_ih), hx, self.weight_hh, self.bias_hh,
                      self.nonlinearity == "relu")
        return h if batched else h.squeeze(0)


class LSTMCell(RNNCellBase):
    """One LSTM step: returns (h', c')."""

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=4, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        input, (h, c), batched = self._prepare(input, hx, 2)
        h, c = _lstm_step(F.linear(input, self.weight_ih, self.bias_ih), h, c, self.weight_hh, self.bias_hh, None)
        return (h, c) if batched else (h.squeeze(0), c.squeeze(0))


class GRUCell(RNNCellBase):
    """One GRU step."""

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=3, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        input, hx, batched = self._prepare(input, hx, 1)
        h = _gru_step(F.linear(input, self.weight_ih, self.bias_ih), hx, self.weight_hh, self.bias_hh)
        return h if batched else h.squeeze(0)
