"""torch.nn.utils.rnn: padding variable-length sequences into one tensor, and packing them
(``PackedSequence``) so that recurrent layers skip the padding, as torch 2.13 does.

A packed sequence holds, time step by time step, only the rows of the sequences still
running: ``data`` is (sum(lengths), *), ``batch_sizes[t]`` says how many rows step ``t``
has. Sequences are sorted longest first; ``sorted_indices`` remembers the permutation
(``enforce_sorted=False``) and ``unsorted_indices`` its inverse, to give results back in
the caller's order.
"""

from collections import namedtuple

import numpy as np

__all__ = ["PackedSequence", "invert_permutation", "pack_padded_sequence", "pad_packed_sequence", "pad_sequence",
           "unpad_sequence", "pack_sequence", "unpack_sequence"]


PackedSequence_ = namedtuple("PackedSequence_", ["data", "batch_sizes", "sorted_indices", "unsorted_indices"])


class PackedSequence(PackedSequence_):
    """``PackedSequence(data, batch_sizes, sorted_indices, unsorted_indices)``: what
    ``pack_padded_sequence``/``pack_sequence`` return and recurrent layers accept."""

    __slots__ = ()

    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        if unsorted_indices is None:
            unsorted_indices = invert_permutation(sorted_indices)
        if batch_sizes is not None:
            return super().__new__(cls, data, batch_sizes, sorted_indices, unsorted_indices)
        if not (isinstance(data, (list, tuple)) and len(data) == 2):
            raise AssertionError("PackedSequence(data): data must be a (data, batch_sizes) pair when batch_sizes "
                                 "is not given")
        return super().__new__(cls, data[0], data[1], sorted_indices, unsorted_indices)

    def _with_data(self, data):
        return type(self)(data, self.batch_sizes, self.sorted_indices, self.unsorted_indices)

    def to(self, *args, **kwargs):
        """The same packing with ``data.to(...)`` (indices stay where they are on the CPU)."""
        data = self.data.to(*args, **kwargs)
        return self if data is self.data else self._with_data(data)

    def cpu(self, *args, **kwargs):
        return self

    def cuda(self, *args, **kwargs):
        return self.data.cuda(*args, **kwargs)  # torch's "Torch not compiled with CUDA enabled"

    def pin_memory(self):
        return self

    def double(self):
        return self._cast("float64")

    def float(self):
        return self._cast("float32")

    def half(self):
        return self._cast("float16")

    def long(self):
        return self._cast("int64")

    def int(self):
        return self._cast("int32")

    def short(self):
        return self._cast("int16")

    def char(self):
        return self._cast("int8")

    def byte(self):
        return self._cast("uint8")

    def _cast(self, name):
        from ... import dtypes
        return self.to(dtype=getattr(dtypes, name))

    @property
    def is_cuda(self):
        return False

    def is_pinned(self):
        return False


def invert_permutation(permutation):
    """The inverse of a permutation (None stays None)."""
    if permutation is None:
        return None
    from ...tensor import Tensor
    p = permutation._data.reshape(-1)
    out = np.empty_like(p)
    out[p] = np.arange(p.size, dtype=p.dtype)
    return Tensor._wrap(out.reshape(permutation._data.shape))


def _lengths_tensor(lengths):
    from ...creation import as_tensor
    from ...dtypes import int64
    from ...tensor import Tensor
    if isinstance(lengths, Tensor):
        return lengths.to(dtype=int64)
    return as_tensor(lengths, dtype=int64)


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    """Pack a padded batch (T, B, *) (or (B, T, *)) of sequences of ``lengths``: ``enforce_sorted``
    requires them longest first; otherwise they are sorted here and put back by the layers."""
    from ...ops.rnn_packing import pack_padded
    from ...ops.sorting import sort
    lengths = _lengths_tensor(lengths)
    if enforce_sorted:
        sorted_indices = None
    else:
        lengths, sorted_indices = sort(lengths, descending=True)
        input = input.index_select(0 if batch_first else 1, sorted_indices)
    lens = lengths._data
    if lens.ndim != 1:
        raise RuntimeError(f"'lengths' argument should be a 1D CPU int64 tensor, but got {lens.ndim}D cpu Long "
                           f"tensor")
    if input.dim() < 2:
        raise RuntimeError(f"Dimension out of range (expected to be in range of [-{max(input.dim(), 1)}, "
                           f"{max(input.dim(), 1) - 1}], but got 1)")
    steps, batch = (input.shape[1], input.shape[0]) if batch_first else (input.shape[0], input.shape[1])
    if lens.shape[0] != batch:
        raise RuntimeError(f"Expected `len(lengths)` to be equal to batch_size, but got {lens.shape[0]} "
                           f"(batch_size={batch})")
    if batch and lens[-1] <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an element in 'lengths' "
                           "that is <= 0")
    if batch > 1 and np.any(lens[:-1] < lens[1:]):
        raise RuntimeError("`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. "
                           "You can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to "
                           "sidestep this requirement if you do not need ONNX exportability.")
    if batch and lens[0] > steps:
        # torch reads past the input here and packs garbage; a clear error is kinder
        raise RuntimeError(f"a length ({int(lens[0])}) is longer than the padded sequences ({steps} steps)")
    data, batch_sizes = pack_padded(input, lens, batch_first)
    from ...tensor import Tensor
    return PackedSequence(data, Tensor._wrap(batch_sizes.astype(np.int64)), sorted_indices, None)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    """The inverse of ``pack_padded_sequence``: (padded tensor, lengths), in the caller's order."""
    from ...creation import full
    from ...tensor import Tensor
    data = sequence.data
    batch_sizes = [int(b) for b in sequence.batch_sizes._data]
    max_seq_length = len(batch_sizes)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError(f"Expected total_length to be at least the length of the longest sequence in input, "
                             f"but got total_length={total_length} and max sequence length being {max_seq_length}")
        max_seq_length = total_length
    max_batch = batch_sizes[0] if batch_sizes else 0
    rest = tuple(data.shape[1:])
    output = full((max_seq_length, max_batch) + rest, padding_value, dtype=data.dtype)
    lengths = np.empty(max_batch, dtype=np.int64)
    # torch's loop: one copy per run of equal batch sizes (output[prev_i:i, :bs] = the rows of that run)
    offset, prev_bs, prev_i = 0, max_batch, 0
    steps = len(batch_sizes)
    for i in range(steps + 1):
        bs = batch_sizes[i] if i != steps else 0
        if bs != prev_bs:
            n = prev_bs * (i - prev_i)
            output[prev_i:i, :prev_bs] = data[offset:offset + n].view((i - prev_i, prev_bs) + rest)
            offset += n
            prev_i = i
        if prev_bs > bs:
            lengths[bs:prev_bs] = i
        prev_bs = bs
    if batch_first:
        output = output.transpose(0, 1)
    lengths = Tensor._wrap(lengths)
    unsorted = sequence.unsorted_indices
    if unsorted is not None:
        output = output.index_select(0 if batch_first else 1, unsorted)
        lengths = Tensor._wrap(lengths._data[unsorted._data])
    return output, lengths


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side="right"):
    """Stack sequences of different lengths, padded with ``padding_value`` to the longest:
    (T, B, *) or, with ``batch_first``, (B, T, *)."""
    from ...creation import full
    from ...tensor import Tensor
    if padding_side not in ("left", "right"):
        raise ValueError(f"Expected padding_side to be one of left or right, but got {padding_side}.")
    if isinstance(sequences, Tensor):
        sequences = sequences.unbind(0)
    sequences = list(sequences)
    if not sequences:
        raise RuntimeError("received an empty list of sequences")
    max_len = max(s.size(0) for s in sequences)
    first = sequences[0]
    shape = (len(sequences), max_len) if batch_first else (max_len, len(sequences))
    out = full(shape + tuple(first.shape[1:]), padding_value, dtype=first.dtype)
    # torch copies each sequence into its slot of a filled tensor (CopySlices)
    for i, s in enumerate(sequences):
        n = s.size(0)
        rows = slice(0, n) if padding_side == "right" else slice(max_len - n, max_len)
        if batch_first:
            out[i, rows] = s
        else:
            out[rows, i] = s
    return out


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    """The list of sequences ``pad_sequence`` padded, cut back to ``lengths``."""
    from ...creation import arange
    if not batch_first:
        padded_sequences.transpose_(0, 1)  # torch transposes the caller's tensor in place
    max_length = padded_sequences.shape[1]
    idx = arange(max_length, dtype=lengths.dtype)
    out = []
    for seq, length in zip(padded_sequences, lengths):
        mask = idx < length
        out.append(seq[mask])
    return out


def pack_sequence(sequences, enforce_sorted=True):
    """Pack a list of sequences (each (L_i, *)); ``enforce_sorted`` requires them longest first."""
    lengths = _lengths_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    """The list of sequences packed in ``packed_sequences``, in their original order."""
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)
