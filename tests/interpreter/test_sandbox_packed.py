"""Packed sequences from the language: torch's fields and methods, nothing private."""

import pytest

from interp_testutil import Run, error

SETUP = """
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_sequence, pad_packed_sequence
p = pack_sequence([torch.ones(3, 2), torch.ones(1, 2), torch.ones(2, 2)], enforce_sorted=False)
"""


def test_packed_sequence_fields_methods_and_layers():
    r = Run()
    r(SETUP)
    out = r("print(p.batch_sizes, p.sorted_indices, p.unsorted_indices, p.data.shape)\n"
            "print(p.double().data.dtype, p.to(torch.float64).data.dtype, p.is_cuda, p.is_pinned())\n"
            "data, bs, si, ui = p\nprint(len(p), bs)\n"
            "o, h = nn.GRU(2, 3)(p)\nout, lengths = pad_packed_sequence(o, batch_first=True)\n"
            "print(out.shape, lengths, h.shape)")
    assert out == ("tensor([3, 2, 1]) tensor([0, 2, 1]) tensor([0, 2, 1]) torch.Size([6, 2])\n"
                   "torch.float64 torch.float64 False False\n4 tensor([3, 2, 1])\n"
                   "torch.Size([3, 3, 3]) tensor([3, 1, 2]) torch.Size([1, 3, 3])\n")


@pytest.mark.parametrize("expr", ["p.__class__", "p._replace", "p._make", "p._asdict()", "p._fields", "p._with_data",
                                  "p._cast('float64')", "type(p).__new__", "p.__getnewargs__()"])
def test_no_way_out_through_a_packed_sequence(expr):
    assert error(SETUP + expr) is not None
