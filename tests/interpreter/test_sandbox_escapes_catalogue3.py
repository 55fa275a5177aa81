"""Ways out of the sandbox through the catalogue's last names: the SymInt helpers (they call
Python's float/int/sum/not on whatever they are given and hand values back), conv_tbc's node and
its in-place backward, grid_sampler_2d/3d, is_distributed, nn.functional's in-place activations."""

import pytest

from interp_testutil import Run
from test_sandbox_escapes import _check

SETUP = ("class A:\n"
         "    def __add__(self, o):\n"
         "        return 10\n"
         "    def __radd__(self, o):\n"
         "        return 11\n"
         "x = torch.ones(4, 2, 3, requires_grad=True)\n"
         "w = torch.ones(2, 3, 2, requires_grad=True)\n"
         "b = torch.zeros(2, requires_grad=True)\n"
         "y = torch.conv_tbc(x, w, b, 1)\n"
         "import torch.nn.functional as F\n")

ESCAPES = [
    ("torch.sym_ite(True, print, print).__self__", "AttributeError", "__self__"),
    ("torch.sym_ite(True, A, A).__subclasses__()", "AttributeError", "__subclasses__"),
    ("torch.sym_sum([A(), A()]).__class__", "AttributeError", "__class__"),
    ("torch.sym_sum(print, print)", "TypeError", "unsupported operand"),
    ("torch.sym_max(A(), 1)", "AssertionError", "got <class"),
    ("torch.sym_ite(A(), 1, 2)", "AssertionError", "expected SymBool or bool"),
    ("torch.sym_float(print)", "TypeError", "float() argument"),
    ("torch.sym_int.__globals__", "AttributeError", "__globals__"),
    ("torch.sym_sqrt.__code__", "AttributeError", "__code__"),
    ("y.grad_fn.__class__", "AttributeError", "__class__"),
    ("y.grad_fn.pad", "AttributeError", "pad"),
    ("y.grad_fn.saved_tensors", "AttributeError", "saved_tensors"),
    ("torch.conv_tbc(x, w, b, print)", "TypeError", ""),
    ("torch.conv_tbc.__wrapped__", "AttributeError", "__wrapped__"),
    ("F.conv_tbc.__self__", "AttributeError", "__self__"),
    ("torch.grid_sampler_2d.__wrapped__", "AttributeError", "__wrapped__"),
    ("torch.grid_sampler_2d(x, print, 0, 0, False)", "TypeError", ""),
    ("x.is_distributed.__func__", "AttributeError", "__func__"),
    ("F.relu_.__wrapped__", "AttributeError", "__wrapped__"),
    ("F.celu_(x, 1.0)", "RuntimeError", "leaf Variable that requires grad"),
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
    out = session("print(torch.sym_sum([A(), A()]), torch.sym_not(A()), torch.sym_ite(True, A, A) is A)\n"
                  "print(y.grad_fn.name(), y.shape, torch.is_distributed(x), x.is_distributed())\n"
                  "g = torch.autograd.grad((y * y).sum(), (x, w, b), create_graph=True)\n"
                  "print([t.grad_fn.name() for t in g])\n"
                  "print(F.conv_tbc, torch.sym_int)\n")
    lines = out.split("\n")
    assert lines[0] == "11 False True"
    assert lines[1] == "ConvTbcBackward0 torch.Size([5, 2, 2]) False False"
    assert lines[2] == "['torch::autograd::CopySlices', 'torch::autograd::CopySlices', 'torch::autograd::CopyBackwards']"
    assert lines[3].startswith("<built-in method conv_tbc of type object at 0x") and "<function sym_int at 0x" in lines[3]
