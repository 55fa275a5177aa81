"""torch.save/torch.load with complex tensors: torch's file (tests/golden/serialization/torch_complex.pt,
written by tests/golden/complex_generate.py) loads with its values and dtypes, and what gradcalc
saves (ComplexFloatStorage / ComplexDoubleStorage, torch's storage names) loads back the same."""

import io
import os

import gradcalc.engine as torch

HERE = os.path.dirname(os.path.abspath(__file__))
TORCH_FILE = os.path.join(HERE, "..", "golden", "serialization", "torch_complex.pt")


def test_torch_file_loads():
    d = torch.load(TORCH_FILE)
    assert d["z"].dtype is torch.complex64 and d["z"].tolist() == [1 + 2j, complex(-0.0, -3.5)]
    assert d["w"].dtype is torch.complex128 and d["w"].tolist() == [[1j, 2 + 0j]]
    assert d["v"].dtype is torch.complex64 and d["v"].tolist() == [0j, 2 + 0j, 4 + 0j]


def test_round_trip():
    z = torch.tensor([[1 + 2j, -3.5j], [0.25, 1e30j]], dtype=torch.complex128)
    buf = io.BytesIO()
    torch.save({"z": z, "t": z.t(), "c": z[0].to(torch.cfloat)}, buf)
    assert b"ComplexDoubleStorage" in buf.getvalue() and b"ComplexFloatStorage" in buf.getvalue()
    buf.seek(0)
    d = torch.load(buf)
    assert d["z"].dtype is torch.complex128 and d["z"].tolist() == z.tolist()
    assert d["t"].tolist() == z.t().tolist() and d["c"].dtype is torch.complex64
