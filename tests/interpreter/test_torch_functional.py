"""``torch.functional`` (``import torch.functional as F``, written by the "Building Models"
tutorial), ``torch.broadcast_shapes`` and the thread-count API, with torch 2.13's results and
messages (written down from torch: ``torch.broadcast_shapes((2, 3), (4, 1, 2))`` …)."""

import pytest

from interp_testutil import Run


@pytest.fixture
def run():
    r = Run()
    yield r
    r("torch.set_num_threads(2)")  # (the thread count is process state: leave torch's default here)


def test_import_torch_functional_and_its_names(run):
    out = run("import torch.functional as F\n"
              "print(F.broadcast_shapes((2, 1), (3,)), F.einsum('ii', torch.eye(2)), F.norm(torch.ones(4)))\n"
              "print(F.split(torch.arange(4), 2), F.unique(torch.tensor([2, 1, 2])))\n"
              "print(F.atleast_2d(torch.tensor(1.)), F.tensordot(torch.ones(2), torch.ones(2), 1))")
    assert out == ("torch.Size([2, 3]) tensor(2.) tensor(2.)\n"
                   "(tensor([0, 1]), tensor([2, 3])) tensor([1, 2])\n"
                   "tensor([[1.]]) tensor(2.)\n")


def test_a_name_torch_functional_lacks_fails_when_reached(run):
    # the tutorial imports it as F and means torch.nn.functional: torch fails only on use
    err = run.error("import torch.functional as F\nF.max_pool2d")
    assert (err.kind, err.message) == ("AttributeError", "module 'torch.functional' has no attribute 'max_pool2d'")


@pytest.mark.parametrize("args,expected", [
    ("(2, 1), (3,)", "torch.Size([2, 3])"),
    ("", "torch.Size([])"),
    ("5, (2, 1)", "torch.Size([2, 5])"),
    ("(2, 1, 3), (4, 3)", "torch.Size([2, 4, 3])"),
    ("torch.Size([2, 1]), [3]", "torch.Size([2, 3])"),
    ("None, (2,)", "torch.Size([2])"),
])
def test_broadcast_shapes_values(run, args, expected):
    assert run(f"print(torch.broadcast_shapes({args}))") == expected + "\n"


@pytest.mark.parametrize("args,kind,message", [
    ("(2,), (3,)", "RuntimeError", "Attempting to broadcast a dimension of length 3 at -1! Mismatching argument "
     "at index 1 had (3,); but expected shape should be broadcastable to [2]"),
    ("(2, 3), (4, 1, 2)", "RuntimeError", "Attempting to broadcast a dimension of length 2 at -1! Mismatching "
     "argument at index 1 had (4, 1, 2); but expected shape should be broadcastable to [1, 2, 3]"),
    ("(1, 3), (2, 0), (5, 1)", "RuntimeError", "Attempting to broadcast a dimension of length 0 at -1! "
     "Mismatching argument at index 1 had (2, 0); but expected shape should be broadcastable to [1, 3]"),
    ("(-1,),", "ValueError", "Attempting to broadcast a dimension with negative length!"),
    ("3.0,", "RuntimeError", "Input shapes should be of type ints, a tuple of ints, or a list of ints, got 3.0"),
])
def test_broadcast_shapes_errors(run, args, kind, message):
    err = run.error(f"torch.broadcast_shapes({args})")
    assert (err.kind, err.message) == (kind, message)


def test_thread_count(run):
    assert run("torch.set_num_threads(3)\nprint(torch.get_num_threads())") == "3\n"
    for arg, message in (("0", "set_num_threads expects a positive integer"),
                         ("-1", "set_num_threads expects a positive integer"),
                         ("1.5", "set_num_threads expects an int, but got float"),
                         ("True", "set_num_threads expects an int, but got bool")):
        err = run.error(f"torch.set_num_threads({arg})")
        assert (err.kind, err.message) == ("RuntimeError", message)
    assert run("print(torch.get_num_threads())") == "3\n"
