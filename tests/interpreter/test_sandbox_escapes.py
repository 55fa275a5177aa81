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
    ("getattr(x, '__class__')", "AttributeError", "__class__"),
    ("__import__('os')", "NameError", "__import__"),
    ("open('/etc/passwd')", "NameError", "open"),
    ("eval('1 + 1')", "NameError", "eval"),
    ("exec('z = 1')", "NameError", "exec"),
    ("'{0.__class__}'.format(x)", "AttributeError", "__class__"),
    ("'{0.shape.__class__.__mro__}'.format(x)", "AttributeError", "__class__"),
    ("'{0.grad_fn.__init__.__globals__}'.format(y)", "AttributeError", "__init__"),
    ("y.grad_fn.__class__", "AttributeError", "__class__"),
    ("(lambda: 0).__globals__", "AttributeError", "__globals__"),
    ("print.__self__", "AttributeError", "__self__"),
    ("len.__self__", "AttributeError", "__self__"),
    ("torch.Tensor.mro()", "AttributeError", "mro"),
    ("torch.Size.__subclasses__()", "AttributeError", "__subclasses__"),
    ("x.numpy().tofile('/tmp/gradcalc-escape')", "AttributeError", "tofile"),
    ("x.numpy().ctypes", "AttributeError", "ctypes"),
    ("x.numpy().base", "AttributeError", "base"),
    ("x.numpy().view", "AttributeError", "view"),
    ("x.numpy().dump('/tmp/gradcalc-escape')", "AttributeError", "dump"),
    ("y.grad_fn.metadata", "AttributeError", "metadata"),
    ("f'{x.__class__}'", "AttributeError", "__class__"),
    ("torch.autograd.Function.__subclasses__()", "AttributeError", "__subclasses__"),
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
    ("dir()", "TypeError", "%vars"),
    ("compile('1', 'f', 'eval')", "NameError", "compile"),
    ("input()", "NameError", "input"),
    ("breakpoint()", "NameError", "breakpoint"),
    ("__builtins__", "NameError", "__builtins__"),
    ("__name__", "NameError", "__name__"),
    ("isinstance.__module__", "AttributeError", "__module__"),
    ("x.T.__array_interface__", "AttributeError", "__array_interface__"),
    # builtins that reach objects: through the same rules as obj.name
    ("getattr(x, '_data')", "AttributeError", "_data"),
    ("getattr(torch, '_C')", "AttributeError", "_C"),
    ("getattr(getattr, '__globals__')", "AttributeError", "__globals__"),
    ("hasattr(x, '__class__') or x.__class__", "AttributeError", "__class__"),
    ("type(x).__mro__", "AttributeError", "__mro__"),
    ("type(x).__subclasses__()", "AttributeError", "__subclasses__"),
    ("type(x).__name__", "AttributeError", "__name__"),
    ("type(type(x))('X', (), {})", "TypeError", "class statement"),
    ("type('X', (), {'__getattr__': print})", "TypeError", "class statement"),
    ("type(torch.autograd.Function)('X', (torch.autograd.Function,), {})", "TypeError", "class statement"),
    ("object.__subclasses__()", "AttributeError", "__subclasses__"),
    ("type(print)._fn", "AttributeError", "_fn"),
    ("super(type(x), x).__init__.__globals__", "AttributeError", "__globals__"),
    ("super(type(x), x).__getattribute__('_data')", "AttributeError", "__getattribute__"),
    ("staticmethod(print).__func__", "AttributeError", "__func__"),
    ("property(print).fget.__self__", "AttributeError", "fget"),
    ("iter([]).__reduce__()", "AttributeError", "__reduce__"),
    ("map(print, []).__reduce__", "AttributeError", "__reduce__"),
    ("vars()", "NameError", "vars"),
    ("memoryview(x)", "NameError", "memoryview"),
    ("(i for i in []).gi_frame.f_globals", "AttributeError", "gi_frame"),
    ("{1: 2}.__class__", "AttributeError", "__class__"),
    ("{1}.__class__.__subclasses__()", "AttributeError", "__class__"),
    ("frozenset().__class__", "AttributeError", "__class__"),
    ("slice(1).__reduce__()", "AttributeError", "__reduce__"),
    ("'{0.__class__}'.format(ValueError())", "AttributeError", "__class__"),
    ("ValueError().__traceback__", "AttributeError", "__traceback__"),
    ("ValueError().with_traceback(None)", "AttributeError", "with_traceback"),
    ("ValueError().__context__", "AttributeError", "__context__"),
    ("getattr(ValueError(), '__cause__')", "AttributeError", "__cause__"),
]

STATEMENT_ESCAPES = [
    ("import os", "ModuleNotFoundError", "'os'"),
    ("import gradcalc", "ModuleNotFoundError", "'gradcalc'"),
    ("import torch.os", "ModuleNotFoundError", "'torch.os'"),
    ("from os import system", "ModuleNotFoundError", "'os'"),
    ("from torch import os", "ImportError", "'os'"),
    ("from torch import ops", "ImportError", "'ops'"),
    ("x.__setattr__('grad', None)", "AttributeError", "__setattr__"),
    ("setattr(x, '__class__', None)", "AttributeError", "__class__"),
    ("x.shape = (3,)", "AttributeError", "not writable"),
    ("x._data = None", "AttributeError", "_data"),
    ("torch.float32.is_signed = False", "AttributeError", "read-only"),
    ("torch.pi = 3", "AttributeError", "read-only"),
    ("torch.tensor.__code__ = None", "AttributeError", "__code__"),
    ("with open('x') as f:\n    pass", "NameError", "open"),
    ("with x:\n    pass", "TypeError", "context manager"),
    ("del x.__dict__", "AttributeError", "__dict__"),
    # classes: only the special methods of SPEC §2 may be defined, no other dunder, no metaclass
    ("class C(metaclass=type):\n    pass", "TypeError", "metaclass"),
    ("class C(object, foo=1):\n    pass", "TypeError", "keyword"),
    ("class C:\n    __slots__ = ('a',)", "TypeError", "__slots__"),
    ("class C:\n    def __getattribute__(self, n):\n        pass", "TypeError", "__getattribute__"),
    ("class C:\n    def __getattr__(self, n):\n        pass", "TypeError", "__getattr__"),
    ("class C:\n    def __setattr__(self, n, v):\n        pass", "TypeError", "__setattr__"),
    ("class C:\n    def __init_subclass__(cls):\n        pass", "TypeError", "__init_subclass__"),
    ("class C:\n    def __set_name__(self, o, n):\n        pass", "TypeError", "__set_name__"),
    ("class C:\n    def __get__(self, o, t):\n        pass", "TypeError", "__get__"),
    ("class C:\n    def __reduce__(self):\n        pass", "TypeError", "__reduce__"),
    ("class C:\n    def __del__(self):\n        pass", "TypeError", "__del__"),
    ("class C:\n    def __new__(cls):\n        pass", "TypeError", "__new__"),
    ("class C:\n    def __class_getitem__(cls, i):\n        pass", "TypeError", "__class_getitem__"),
    ("class C:\n    def __format__(self, spec):\n        pass", "TypeError", "__format__"),
    ("class C:\n    __class__ = int", "TypeError", "__class__"),
    ("class C:\n    __dict__ = {}", "TypeError", "__dict__"),
    ("class C:\n    _gradcalc_x = 1", "TypeError", "_gradcalc_x"),
    ("class C(list):\n    pass", "TypeError", "subclassing 'list'"),
    ("class C(type):\n    pass", "TypeError", "subclassing 'type'"),
    ("class C(torch.Tensor):\n    pass", "TypeError", "subclassing 'Tensor'"),
    ("class C(type(print)):\n    pass", "TypeError", "subclassing"),
    ("class C(type(torch)):\n    pass", "TypeError", "subclassing"),
    ("class C(type(iter([]))):\n    pass", "TypeError", "subclassing"),
    ("class C:\n    pass\nC.__init_subclass__ = print", "AttributeError", "__init_subclass__"),
    ("class C:\n    pass\nc = C()\nc.__class__ = int", "AttributeError", "__class__"),
    ("class C:\n    pass\nC.__bases__", "AttributeError", "__bases__"),
    ("class C:\n    pass\nC.__mro__", "AttributeError", "__mro__"),
    ("class C:\n    pass\nC().__dict__", "AttributeError", "__dict__"),
    ("class C:\n    def f(self):\n        pass\nC().f.__func__", "AttributeError", "__func__"),
    ("class C:\n    def f(self):\n        pass\nC.f.__globals__", "AttributeError", "__globals__"),
    ("class C:\n    def __init__(self):\n        pass\nC.__init__.__code__", "AttributeError", "__code__"),
    ("class C:\n    pass\nsetattr(C, '__getattr__', print)", "AttributeError", "__getattr__"),
    ("class C:\n    pass\nsetattr(C(), '__dict__', {})", "AttributeError", "__dict__"),
    ("class C:\n    def f(self):\n        return super().__getattribute__('x')\nC().f()", "AttributeError",
     "__getattribute__"),
    ("class C:\n    def f(self):\n        return super().__class__\nC().f()", "AttributeError", "__class__"),
    ("class C:\n    def f(self):\n        return super().__reduce_ex__(2)\nC().f()", "AttributeError", "__reduce_ex__"),
    ("class M(torch.nn.Module if hasattr(torch.nn, 'Module') else object):\n    pass\nM()._parameters",
     "AttributeError", "_parameters"),
    ("class F(torch.autograd.Function):\n    pass\nF._backward_cls", "AttributeError", "_backward_cls"),
    ("class F(torch.autograd.Function):\n    pass\nF.__dict__", "AttributeError", "__dict__"),
    ("class F(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n        return ctx._saved\n"
     "F.apply(x)", "AttributeError", "_saved"),
    ("class F(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n        ctx.__class__ = 1\n"
     "F.apply(x)", "AttributeError", "__class__"),
    # exceptions caught by the program: args, str, repr and its own attributes only
    ("try:\n    1 / 0\nexcept Exception as e:\n    e.__traceback__.tb_frame", "AttributeError", "__traceback__"),
    ("try:\n    1 / 0\nexcept Exception as e:\n    e.with_traceback", "AttributeError", "with_traceback"),
    ("try:\n    1 / 0\nexcept Exception as e:\n    e.__context__", "AttributeError", "__context__"),
    ("try:\n    x.sumn()\nexcept AttributeError as e:\n    e.obj", "AttributeError", "obj"),
    ("try:\n    x.sumn()\nexcept Exception as e:\n    e._gradcalc_trace", "AttributeError", "_gradcalc_trace"),
    ("class E(Exception):\n    pass\ntry:\n    raise E()\nexcept E as e:\n    e.__traceback__", "AttributeError",
     "__traceback__"),
    ("class E(Exception):\n    pass\ntry:\n    raise E()\nexcept E as e:\n    e._gradcalc_trace",
     "AttributeError", "_gradcalc_trace"),
    # generators
    ("def g():\n    yield 1\ng().gi_frame", "AttributeError", "gi_frame"),
    ("def g():\n    yield 1\ng().gi_code", "AttributeError", "gi_code"),
    ("def g():\n    yield 1\ng().gi_yieldfrom", "AttributeError", "gi_yieldfrom"),
    # dicts and sets: no way to Python's internals through them
    ("{}.fromkeys.__self__", "AttributeError", "fromkeys"),
    ("{1}.__iand__", "AttributeError", "__iand__"),
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
    # a multi-statement attempt keeps what its first statements defined (the class it then abuses)
    assert r.ns.keys() - before.keys() <= {"C", "c", "F", "M", "E", "g"}
    for name, value in before.items():
        assert r.ns[name] is value
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
