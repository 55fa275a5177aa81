"""Packing padded sequences as torch records it (PackPaddedSequenceBackward0).

``_pack_padded_sequence(input, lengths, batch_first)`` gathers, time step by time step,
the rows of the sequences still running (``batch_sizes[t]`` of them) into one
(sum(lengths), *) tensor. The forward is one fancy-index gather over the (T*B, *) view
of the input; the backward adds the gradient back at those rows of zeros
(``IndexAddBackward0``, so gradients of gradients work).
"""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check
from .structure import IndexAddBackward0


def packed_rows(lengths, steps, batch, batch_first):
    """The flat row indices (of the input seen as (T*B, *) or (B*T, *)) in packed order, and the
    batch size of each time step. ``lengths`` is non-increasing."""
    lengths = np.asarray(lengths, dtype=np.int64)
    t = np.arange(steps)
    batch_sizes = (lengths[None, :] > t[:, None]).sum(1)
    tt, bb = np.nonzero(lengths[None, :] > t[:, None])  # row-major: time first, then batch
    rows = bb * steps + tt if batch_first else tt * batch + bb
    return rows, batch_sizes


class PackPaddedSequenceBackward0(Node):
    __slots__ = ("rows", "in_shape")
    explain = "grad_input = zeros like input, with grad added back at each packed (time, batch) position"
    checks = (check(lambda x: pack_padded(x, [3, 2, 2], False)[0], (3, 3, 2)),
              check(lambda x: pack_padded(x, [4, 1], True)[0], (2, 4, 3), label="batch_first"))

    def forward(ctx, a, rows):
        d = a._data
        ctx.in_shape = d.shape
        ctx.rows = rows
        return d.reshape((-1,) + d.shape[2:])[rows]

    def backward(ctx, grad):
        shape = ctx.in_shape
        zeros = Tensor._wrap(np.zeros((shape[0] * shape[1],) + shape[2:], grad._data.dtype))
        index = Tensor._wrap(ctx.rows)
        return IndexAddBackward0.apply(zeros, grad, dim=0, index=index).reshape(shape)


def pack_padded(input, lengths, batch_first):
    """``torch._pack_padded_sequence``: (data, batch_sizes as an int64 numpy array)."""
    d = input._data
    steps, batch = (d.shape[1], d.shape[0]) if batch_first else (d.shape[0], d.shape[1])
    rows, batch_sizes = packed_rows(lengths, steps, batch, batch_first)
    return PackPaddedSequenceBackward0.apply(input, rows=rows), batch_sizes

