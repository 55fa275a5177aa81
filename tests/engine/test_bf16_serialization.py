"""bfloat16 through torch.save / torch.load: a file written by real torch
(tests/golden/serialization/torch_bfloat16.pt, from tests/golden/bf16_generate.py, with its
tensors' bit patterns in bf16.json) loads bit for bit, and gradcalc's own file (two bytes an
element, ``BFloat16Storage``) reads back the same."""

import io
import json
import os
import zipfile

import numpy as np

import gradcalc.engine as torch

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden")

with open(os.path.join(GOLDEN, "bf16.json")) as f:
    SAVED = json.load(f)["saved"]


def _bits(t):
    return (t._data.view(np.uint32) >> 16).reshape(-1).tolist()


def test_torch_file_loads_bit_for_bit():
    obj = torch.load(os.path.join(GOLDEN, "serialization", "torch_bfloat16.pt"))
    assert sorted(obj) == sorted(SAVED)
    for name, want in SAVED.items():
        t = obj[name]
        assert t.dtype is torch.bfloat16, name
        assert list(t.shape) == want["shape"], name
        assert t.requires_grad == want["requires_grad"], name
        assert _bits(t.detach().contiguous()) == want["bits"], name


def test_loaded_values_compute_as_bfloat16():
    obj = torch.load(os.path.join(GOLDEN, "serialization", "torch_bfloat16.pt"))
    y = obj["param"] * 3
    assert y.dtype is torch.bfloat16
    assert y.tolist() == [1.5, -3.75]


def test_gradcalc_file_round_trips():
    x = torch.tensor([[1.3, -0.0, float("inf"), float("nan")], [3.14159, 1e-40, -7.25, 100.7]],
                     dtype=torch.bfloat16)
    obj = {"x": x, "col": x[:, 1], "scalar": torch.tensor(2.71828, dtype=torch.bfloat16),
           "p": torch.nn.Parameter(torch.tensor([0.5, -1.25], dtype=torch.bfloat16))}
    buf = io.BytesIO()
    torch.save(obj, buf)
    with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as z:
        sizes = sorted(i.file_size for i in z.infolist() if "/data/" in i.filename and
                       not i.filename.endswith((".pkl", "version", "byteorder")) and "/data/" in i.filename)
        pkl = next(z.read(n) for n in z.namelist() if n.endswith("data.pkl"))
    assert b"BFloat16Storage" in pkl
    assert 16 in sizes  # x: eight elements, two bytes each
    buf.seek(0)
    back = torch.load(buf)
    for name, t in obj.items():
        assert back[name].dtype is torch.bfloat16
        assert _bits(back[name].detach().contiguous()) == _bits(t.detach().contiguous())
    assert back["p"].requires_grad
