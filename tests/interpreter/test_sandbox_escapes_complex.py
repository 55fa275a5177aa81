"""Complex numbers in the language: imaginary literals, ``complex()``, complex tensors and what
``.item()`` and friends hand out; and the ways out of the sandbox through them (a Python complex's
attributes, the complex dtypes, the wrappers that refuse ops for complex inputs)."""

import pytest

from interp_testutil import Run
from test_sandbox_escapes import _check

SETUP = ("z = torch.tensor([1+2j, 3-4j], requires_grad=True)\n"
         "c = z[0].item()\n"
         "w = complex(1, -2)\n"
         "r = z.real\n")

ESCAPES = [
    ("c.__class__", "AttributeError", "__class__"),
    ("c.__reduce__", "AttributeError", "__reduce__"),
    ("c.real.__class__", "AttributeError", "__class__"),
    ("c.conjugate.__self__", "AttributeError", "__self__"),
    ("(1j).__class__.__subclasses__", "AttributeError", "__class__"),
    ("w.__getnewargs__", "AttributeError", "__getnewargs__"),
    ("complex.__subclasses__", "AttributeError", "__subclasses__"),
    ("complex.mro", "AttributeError", "mro"),
    ("torch.complex64.np", "AttributeError", "np"),
    ("torch.cfloat.category", "AttributeError", "category"),
    ("torch.complex.__globals__", "AttributeError", "__globals__"),
    ("torch.view_as_real.__code__", "AttributeError", "__code__"),
    ("torch.clamp.__wrapped__", "AttributeError", "__wrapped__"),
    ("torch.clamp.__closure__", "AttributeError", "__closure__"),
    ("z.max.__wrapped__", "AttributeError", "__wrapped__"),
    ("z.real._data", "AttributeError", "_data"),
    ("z.conj()._extra", "AttributeError", "_extra"),
    ("z.abs().grad_fn.saved_tensors", "AttributeError", "saved_tensors"),
    ("torch.view_as_real(z).grad_fn._rule", "AttributeError", "_rule"),
    ("z.tolist()[0].__class__", "AttributeError", "__class__"),
    ("complex('1+2j').__class__", "AttributeError", "__class__"),
]


@pytest.fixture
def session():
    r = Run()
    r(SETUP)
    return r


@pytest.mark.parametrize("attempt,kind,word", ESCAPES, ids=[e[0] for e in ESCAPES])
def test_expression_escape_fails(session, attempt, kind, word):
    _check(session, f"leak = {attempt}", kind, word)


def test_what_the_language_reads(session):
    out = session("print(c, type(c), c.real, c.imag, c.conjugate(), abs(w), w * 1j, 2j ** 2)\n"
                  "print(z)\nprint(r, z.imag)\nprint(z.dtype, torch.cfloat, torch.cdouble, z.is_complex())\n"
                  "print(torch.complex(torch.tensor([1.]), torch.tensor([2.])), complex(3))\n"
                  "z.abs().sum().backward()\nprint(z.grad)\n"
                  "print(1_0.5j, 1e3j, .5J, torch.tensor(1.5j).item())\n")
    lines = out.split("\n")
    assert lines[0] == "(1+2j) <class 'complex'> 1.0 2.0 (1-2j) 2.23606797749979 (2+1j) (-4+0j)"
    assert lines[1] == "tensor([1.+2.j, 3.-4.j], requires_grad=True)"
    assert lines[2] == "tensor([1., 3.], grad_fn=<SelectBackward0>) tensor([ 2., -4.], grad_fn=<SelectBackward0>)"
    assert lines[3] == "torch.complex64 torch.complex64 torch.complex128 True"
    assert lines[4] == "tensor([1.+2.j]) (3+0j)"
    assert lines[5] == "tensor([0.4472+0.8944j, 0.6000-0.8000j])"
    assert lines[6] == "10.5j 1000j 0.5j 1.5j"


def test_errors_keep_the_session(session):
    err = session.error("bad = z < 1")
    assert err.kind == "NotImplementedError" and "\"lt_cpu\" not implemented for 'ComplexFloat'" in err.message
    err = session.error("bad = (z * 2).sum().backward()")
    assert "grad can be implicitly created only for real scalar outputs but got torch.complex64" in err.message
    err = session.error("bad = z.max()")
    assert err.kind == "NotImplementedError" and "gradcalc/" not in err.render()
    assert "bad" not in session.ns
    assert session("print(z.detach().abs())") == "tensor([2.2361, 5.0000])\n"


FFT_ESCAPES = [
    ("torch.fft.fft.__globals__", "AttributeError", "__globals__"),
    ("torch.fft.np", "AttributeError", "np"),
    ("torch.fft.fft_nodes", "AttributeError", "fft_nodes"),
    ("torch.fft.c2c", "AttributeError", "c2c"),
    ("torch.fft.rfft(torch.ones(4)).grad_fn", "", ""),
    ("torch.fft.rfft(torch.ones(4, requires_grad=True)).grad_fn.dims", "AttributeError", "dims"),
    ("torch.fft.rfft(torch.ones(4, requires_grad=True)).grad_fn.__class__", "AttributeError", "__class__"),
    ("torch.stft.__code__", "AttributeError", "__code__"),
    ("torch.hann_window.__defaults__", "AttributeError", "__defaults__"),
    ("torch.linalg.eig(torch.eye(2)).__class__", "AttributeError", "__class__"),
    ("torch.linalg.eig.__module__", "AttributeError", "__module__"),
]


@pytest.mark.parametrize("attempt,kind,word", [e for e in FFT_ESCAPES if e[1]], ids=[e[0] for e in FFT_ESCAPES if e[1]])
def test_fft_escape_fails(session, attempt, kind, word):
    _check(session, f"leak = {attempt}", kind, word)


def test_fft_in_the_language(session):
    out = session("import torch.fft as F\nx = torch.tensor([1., 2., 0., -1.], requires_grad=True)\n"
                  "y = F.rfft(x)\nprint(y)\nprint(y.grad_fn)\nF.irfft(y, n=4).pow(2).sum().backward()\nprint(x.grad)\n"
                  "print(torch.fft.fftfreq(4), torch.fft.fftshift(torch.arange(5)))\n"
                  "L, V = torch.linalg.eig(torch.tensor([[2., 0.], [0., 3.]]))\nprint(L)\n"
                  "print(torch.stft(torch.ones(8), 4, window=torch.hann_window(4), return_complex=True).shape)\n")
    lines = out.split("\n")
    assert lines[0] == "tensor([2.+0.j, 1.-3.j, 0.+0.j], grad_fn=<FftR2CBackward0>)"
    assert lines[1].startswith("<FftR2CBackward0 object at 0x")
    assert lines[2] == "tensor([ 2.,  4.,  0., -2.])"
    assert lines[3] == "tensor([ 0.0000,  0.2500, -0.5000, -0.2500]) tensor([3, 4, 0, 1, 2])"
    assert lines[4] == "tensor([2.+0.j, 3.+0.j])"
    assert lines[5] == "torch.Size([3, 9])"
