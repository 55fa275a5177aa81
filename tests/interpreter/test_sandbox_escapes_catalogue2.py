"""Ways out of the sandbox through the second catalogue round: torch.lobpcg (its custom-Function
node, its dict parameters, the tracker callback it refuses), the named tuples of
linalg.ldl_factor, torch.lstm/gru's weight lists, torch.embedding_bag's bookkeeping tensors."""

import pytest

from interp_testutil import Run
from test_sandbox_escapes import _check

SETUP = ("A = torch.tensor([[4.0, 1, 0, 0, 0, 0], [1, 3, 0, 0, 0, 0], [0, 0, 2, 0, 0, 0], [0, 0, 0, 5, 0, 0], "
         "[0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 6]], dtype=torch.float64, requires_grad=True)\n"
         "E, X = torch.lobpcg(A, k=1)\n"
         "f = torch.linalg.ldl_factor(A.detach())\n"
         "m = torch.nn.LSTM(3, 4)\n"
         "x = torch.ones(2, 1, 3)\n"
         "h = [torch.zeros(1, 1, 4), torch.zeros(1, 1, 4)]\n"
         "o = torch.lstm(x, h, list(m.parameters()), True, 1, 0.0, False, False, False)\n"
         "bag = torch.embedding_bag(torch.ones(3, 2), torch.tensor([0, 1]), torch.tensor([0]))\n"
         "U, S, V = torch.svd_lowrank(A, q=2)\n")

ESCAPES = [
    ("E.grad_fn.__class__", "AttributeError", "__class__"),
    ("E.grad_fn._forward_cls", "AttributeError", "_forward_cls"),
    ("E.grad_fn.forward", "AttributeError", "forward"),
    ("E.grad_fn.apply", "AttributeError", "apply"),
    ("E.grad_fn.saved_tensors[0].__class__", "AttributeError", "__class__"),
    ("torch.lobpcg(A, k=1, tracker=lambda w: w)", "NotImplementedError", "tracker"),
    ("torch.lobpcg(A, k=1, tracker=print)", "NotImplementedError", "tracker"),
    ("torch.lobpcg.__globals__", "AttributeError", "__globals__"),
    ("torch.lobpcg.__wrapped__", "AttributeError", "__wrapped__"),
    ("torch.lobpcg(A, k=1, ortho_fparams={'ortho_tol': 'x'})", "TypeError", "not supported"),
    ("f.__class__", "AttributeError", "__class__"),
    ("f._asdict()", "AttributeError", "_asdict"),
    ("f._fields", "AttributeError", "_fields"),
    ("f.LD.__class__", "AttributeError", "__class__"),
    ("torch.linalg.ldl_factor.__code__", "AttributeError", "__code__"),
    ("torch.svd_lowrank.__code__", "AttributeError", "__code__"),
    ("torch.pca_lowrank.__defaults__", "AttributeError", "__defaults__"),
    ("torch.lstm.__globals__", "AttributeError", "__globals__"),
    ("o[0].grad_fn.__class__", "AttributeError", "__class__"),
    ("torch.lstm(x, h, [print], True, 1, 0.0, False, False, False)", "TypeError", "expected Tensor as element 0"),
    ("torch.lstm(x, 5, [], True, 1, 0.0, False, False, False)", "TypeError", "invalid combination"),
    ("torch.gru(x, h[0], m.parameters(), True, 1, 0.0, False, False, False)", "TypeError", "invalid combination"),
    ("torch.rnn_tanh(x, h[0], [], True, 1, 0.0, False, False, False, __import__)", "NameError", "__import__"),
    ("torch.rnn_tanh(x, h[0], [], True, 1, 0.0, False, False, False, print)", "TypeError", "positional"),
    ("torch.rnn_relu(x, h[0], [], True, 1, 0.0, False, False, False, evil=1)", "TypeError", "unexpected keyword"),
    ("bag[1].__class__", "AttributeError", "__class__"),
    ("torch.embedding_bag(torch.ones(3, 2), torch.tensor([0, 1]), None)", "TypeError", "must be Tensor"),
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
    out = session("print(E.grad_fn.name(), type(E).__name__ if False else 1)\n"
                  "print(f.LD.shape, f.pivots.dtype)\n"
                  "print(o[0].grad_fn.name(), len(o), len(bag))\n"
                  "print(S.grad_fn.name())\n")
    lines = out.split("\n")
    assert lines[0] == "LOBPCGAutogradFunctionBackward 1"
    assert lines[1] == "torch.Size([6, 6]) torch.int32"
    assert lines[2] == "MkldnnRnnLayerBackward0 3 4"
    assert lines[3] == "LinalgSvdBackward0"
