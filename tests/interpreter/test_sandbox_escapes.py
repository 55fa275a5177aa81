"""Classic ways out of a Python sandbox: each fails with a clear error and binds nothing.

Every attempt is written ``leak = <attempt>``: if it worked, ``leak`` would exist.
"""

import types

import pytest

from interp_testutil import Run

SETUP = ("x = tensor([1.0, 2.0])\n"
         "w = tensor([1.0, 2.0], requires_grad=True)\n"
         "y = (w * 2).sum()\n")

# (attempt, expected kind, a word the message must contain)
ESCAPES = [
    ("().__class__.__bases__[0].__subclasses__()", "AttributeError", "__class__"),
    ("x.__dict__", "AttributeError", "__dict__"),
    ("torch.__builtins__", "AttributeError", "__builtins__"),
    ("getattr(x, '__class__')", "NameError", "getattr"),
    ("__import__('os')", "NameError", "__import__"),
    ("open('/etc/passwd')", "NameError", "open"),
    ("eval('1 + 1')", "NameError", "eval"),
    ("exec('z = 1')", "NameError", "exec"),
    ("'{0.__class__}'.format(x)", "AttributeError", "__class__"),
    ("'{0.shape.__class__.__mro__}'.format(x)", "AttributeError", "__class__"),
    ("'{0.grad_fn.__init__.__globals__}'.format(y)", "AttributeError", "__init__"),
    ("y.grad_fn.__class__", "AttributeError", "__class__"),
    ("(lambda: 0).__globals__", "AttributeError", "__globals__"),
    ("type(x)", "NameError", "type"),
    ("print.__self__", "AttributeError", "__self__"),
    ("len.__self__", "AttributeError", "__self__"),
    ("torch.Tensor.mro()", "AttributeError", "mro"),
    ("torch.Size.__subclasses__()", "AttributeError", "__subclasses__"),
    ("x.numpy().tofile('/tmp/gradcalc-escape')", "AttributeError", "tofile"),
    ("x.numpy().ctypes", "AttributeError", "ctypes"),
    ("x.numpy().dtype", "AttributeError", "dtype"),
    ("x.numpy().dump('/tmp/gradcalc-escape')", "AttributeError", "dump"),
    ("y.grad_fn.metadata", "AttributeError", "metadata"),
    ("f'{x.__class__}'", "AttributeError", "__class__"),
    ("torch.autograd.Function", "AttributeError", "class statement"),
    ("torch.nn.functional.__dict__", "AttributeError", "__dict__"),
    ("torch.float32.np", "AttributeError", "np"),
    ("torch.default_generator.rng", "AttributeError", "rng"),
    ("x.size.__self__", "AttributeError", "__self__"),
    ("(1).__class__", "AttributeError", "__class__"),
    ("[].append.__self__", "AttributeError", "__self__"),
    ("(i for i in []).gi_frame", "AttributeError", "gi_frame"),
    ("(i for i in []).gi_code", "AttributeError", "gi_code"),
    ("y.grad_fn.next_functions[0][0].__init__", "AttributeError", "__init__"),
    ("y.grad_fn.name.__func__", "AttributeError", "__func__"),
    ("torch.tensor.__globals__", "AttributeError", "__globals__"),
    ("torch.nn.functional.relu.__code__", "AttributeError", "__code__"),
    ("exit.__class__", "AttributeError", "__class__"),
    ("print._fn", "AttributeError", "_fn"),
    ("torch._C", "AttributeError", "_C"),
    ("torch.ops", "AttributeError", "ops"),
    ("torch.dtypes", "AttributeError", "dtypes"),
    ("torch.journal", "AttributeError", "journal"),
    ("torch.autograd.function", "AttributeError", "function"),
    ("torch.Tensor.__init__", "AttributeError", "__init__"),
    ("str.format", "AttributeError", "format"),
    ("'{}'.format_map", "AttributeError", "format_map"),
    ("'x'.encode()", "AttributeError", "encode"),
    ("globals()", "NameError", "globals"),
    ("locals()", "NameError", "locals"),
    ("vars(x)", "NameError", "vars"),
    ("dir(x)", "NameError", "dir"),
    ("compile('1', 'f', 'eval')", "NameError", "compile"),
    ("input()", "NameError", "input"),
    ("breakpoint()", "NameError", "breakpoint"),
    ("__builtins__", "NameError", "__builtins__"),
    ("__name__", "NameError", "__name__"),
    ("isinstance.__module__", "AttributeError", "__module__"),
    ("x.T.__array_interface__", "AttributeError", "__array_interface__"),
]

STATEMENT_ESCAPES = [
    ("import os", "ModuleNotFoundError", "'os'"),
    ("import numpy as np", "ModuleNotFoundError", "'numpy'"),
    ("import gradcalc", "ModuleNotFoundError", "'gradcalc'"),
    ("import torch.os", "ModuleNotFoundError", "'torch.os'"),
    ("from os import system", "ModuleNotFoundError", "'os'"),
    ("from torch import os", "ImportError", "'os'"),
    ("from torch import ops", "ImportError", "'ops'"),
    ("from torch.autograd import Function", "ImportError", "Function"),
    ("x.__setattr__('grad', None)", "AttributeError", "__setattr__"),
    ("setattr(x, 'grad', None)", "NameError", "setattr"),
    ("x.shape = (3,)", "AttributeError", "not writable"),
    ("x._data = None", "AttributeError", "_data"),
    ("torch.float32.is_signed = False", "AttributeError", "read-only"),
    ("torch.pi = 3", "AttributeError", "read-only"),
    ("torch.tensor.__code__ = None", "AttributeError", "__code__"),
    ("x.numpy()[0] = 5.0", "TypeError", "read-only"),
    ("with open('x') as f:\n    pass", "NameError", "open"),
    ("with x:\n    pass", "TypeError", "context manager"),
    ("del x.__dict__", "AttributeError", "__dict__"),
]


@pytest.fixture
def session():
    r = Run()
    r(SETUP)
    return r


def _check(r, attempt, kind, word):
    before = dict(r.ns)
    err = r.error(attempt)
    assert err.kind == kind, err.render()
    assert word in err.message, err.render()
    text = err.render()
    assert "gradcalc/" not in text and "site-packages" not in text  # no traceback of gradcalc itself
    assert "leak" not in r.ns
    assert r.ns.keys() == before.keys()
    for name, value in r.ns.items():
        assert value is before[name]
    _assert_nothing_internal(r.ns)


def _assert_nothing_internal(ns):
    for value in ns.values():
        assert not isinstance(value, (types.ModuleType, types.FrameType, types.CodeType, types.TracebackType))
        assert not isinstance(value, dict) or value is not __builtins__


@pytest.mark.parametrize("attempt,kind,word", ESCAPES, ids=[e[0] for e in ESCAPES])
def test_expression_escape_fails(session, attempt, kind, word):
    _check(session, f"leak = {attempt}", kind, word)


@pytest.mark.parametrize("attempt,kind,word", STATEMENT_ESCAPES, ids=[e[0] for e in STATEMENT_ESCAPES])
def test_statement_escape_fails(session, attempt, kind, word):
    _check(session, attempt, kind, word)


def test_at_least_thirty_escapes_are_tried():
    assert len(ESCAPES) + len(STATEMENT_ESCAPES) >= 30


def test_hooks_receive_only_tensors(session):
    # what the engine passes to user hooks is public API (tensors, tuples of them, None)
    out = session("kinds = []\n"
                  "def hook(g):\n"
                  "    kinds.append(isinstance(g, torch.Tensor))\n"
                  "def node_hook(grad_inputs, grad_outputs):\n"
                  "    kinds.append(isinstance(grad_inputs, tuple) and isinstance(grad_outputs, tuple))\n"
                  "h = w.register_hook(hook)\n"
                  "z = (w * 3).sum()\n"
                  "n = z.grad_fn.register_hook(node_hook)\n"
                  "z.backward()\n"
                  "print(kinds)\n")
    assert out == "[True, True]\n"


def test_a_hook_cannot_reach_internals(session):
    err = session.error("h = w.register_hook(lambda g: g.__class__)\nz = (w * 3).sum()\nz.backward()")
    assert err.kind == "AttributeError" and "__class__" in err.message
    assert [f[2] for f in err.frames] == ["<module>", "<lambda>"]


def test_public_api_still_works(session):
    out = session("print(torch.Tensor.add(x, 1), '{0.shape} {0.dtype}'.format(x), x.numpy().shape,\n"
                  "      x.numpy().tolist(), y.grad_fn.name(), isinstance(x, torch.Tensor), torch.float32.itemsize,\n"
                  "      'a-b'.split('-'), [1, 2].index(2), x.shape.numel(), torch.Size([2, 3]))")
    assert out == ("tensor([2., 3.]) torch.Size([2]) torch.float32 (2,) [1.0, 2.0] SumBackward0 True 4 "
                   "['a', 'b'] 1 2 torch.Size([2, 3])\n")


def test_tensor_attributes_users_set(session):
    out = session("w.grad = None\nw.requires_grad = False\nprint(w.requires_grad)\n"
                  "x.data = tensor([5.0, 6.0])\nprint(x)\nx[0] = 9\nprint(x)\ndel w.grad\nprint(w.grad)")
    assert out == "False\ntensor([5., 6.])\ntensor([9., 6.])\nNone\n"
