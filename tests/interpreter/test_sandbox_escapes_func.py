"""Ways out of the sandbox through torch.func: the function objects the transforms return,
the functions they call back, functional_call's names. Each fails with a clear error and
binds nothing (same rules as test_sandbox_escapes.py)."""

import pytest

from interp_testutil import Run
from test_sandbox_escapes import _check

SETUP = ("from torch.func import grad, grad_and_value, vjp, jacrev, hessian, functional_call\n"
         "def f(x):\n    return (x ** 2).sum()\n"
         "x = torch.tensor([1.0, 2.0])\nm = torch.nn.Linear(2, 1)\n")

ESCAPES = [
    ("grad(f).__wrapped__", "AttributeError", "__wrapped__"),
    ("grad(f).__closure__", "AttributeError", "__closure__"),
    ("grad(f).__globals__", "AttributeError", "__globals__"),
    ("grad(f).__code__", "AttributeError", "__code__"),
    ("grad(f).__call__", "AttributeError", "__call__"),
    ("grad(f).__dict__", "AttributeError", "__dict__"),
    ("grad(f).__class__", "AttributeError", "__class__"),
    ("grad(f).__reduce_ex__(2)", "AttributeError", "__reduce_ex__"),
    ("grad(f)._call", "AttributeError", "_call"),
    ("grad(f).call", "AttributeError", "call"),
    ("grad(f).func", "AttributeError", "func"),
    ("grad(f).__name__", "AttributeError", "__name__"),
    ("jacrev(grad(f)).__wrapped__", "AttributeError", "__wrapped__"),
    ("vjp(f, x)[1].__closure__", "AttributeError", "__closure__"),
    ("vjp(f, x)[1]._call", "AttributeError", "_call"),
    ("vjp(f, x)[1].__self__", "AttributeError", "__self__"),
    ("torch.func.pytree", "AttributeError", "pytree"),
    ("torch.func.wrapper", "AttributeError", "wrapper"),
    ("torch.func.grad.__module__", "AttributeError", "__module__"),
    ("torch.func.__dict__", "AttributeError", "__dict__"),
    ("functional_call(m, {'_parameters': x}, (x,))", "ValueError", "_parameters"),
    ("functional_call(m, {'__class__': x}, (x,))", "ValueError", "__class__"),
    ("functional_call(m, {'_modules.weight': x}, (x,))", "ValueError", "_modules"),
    ("functional_call(m, {'weight': 'str'}, (x,))", "TypeError", "torch.Tensor"),
]
STATEMENT_ESCAPES = [
    ("g = grad(f)\ng.x = 1\nleak = g.x", "AttributeError", "'x'"),
    ("leak = grad(lambda t: t.__class__)(x)", "AttributeError", "__class__"),
    ("leak = grad(f, has_aux=True)(x)", "RuntimeError", "(output, aux)"),
]


@pytest.fixture
def session():
    r = Run()
    r(SETUP)
    return r


@pytest.mark.parametrize("attempt,kind,word", ESCAPES, ids=[e[0] for e in ESCAPES])
def test_expression_escape_fails(session, attempt, kind, word):
    _check(session, f"leak = {attempt}", kind, word)


@pytest.mark.parametrize("attempt,kind,word", STATEMENT_ESCAPES, ids=[e[0] for e in STATEMENT_ESCAPES])
def test_statement_escape_fails(session, attempt, kind, word):
    _check(session, attempt, kind, word)


def test_transforms_work_in_the_language(session):
    out = session("print(grad(f)(x))\n"
                  "print(grad(grad(lambda t: t.sin()))(torch.tensor(0.5)))\n"
                  "print(jacrev(torch.sin)(x))\n"
                  "print(hessian(f)(x))\n"
                  "print(type(grad(f)))\n"
                  "print(grad(f))\n"
                  "p = {k: v.detach() for k, v in m.named_parameters()}\n"
                  "g = grad(lambda p: functional_call(m, p, (x,)).sum())(p)\n"
                  "print(sorted(g))\n"
                  "print(m.weight.grad)\n")
    lines = out.splitlines()
    assert lines[0] == "tensor([2., 4.])"
    assert lines[1] == "tensor(-0.4794)"
    assert lines[2:4] == ["tensor([[0.5403, 0.0000],", "        [0.0000, -0.4161]])"] or "0.5403" in lines[2]
    assert "tensor([[2., 0.]," in out
    assert "<class 'function'>" in out
    assert any(line.startswith("<function f at 0x") for line in lines)
    assert "['bias', 'weight']" in out
    assert lines[-1] == "None"


def test_the_users_errors_inside_a_transform_stand(session):
    err = session.error("grad(lambda t: t.view(5).sum())(x)")
    assert err.kind == "RuntimeError" and "shape '[5]' is invalid" in err.message
    err = session.error("grad(lambda t: t ** 2)(x)")
    assert "Expected f(*args) to return a scalar Tensor, got tensor with 1 dims" in err.message


VMAP_SETUP = "from torch.func import vmap\nX = torch.tensor([[1.0, 2.0], [3.0, 4.0]])\n"
VMAP_ESCAPES = [
    ("vmap(f).__wrapped__", "AttributeError", "__wrapped__"),
    ("vmap(f)._call", "AttributeError", "_call"),
    ("vmap(lambda t: t._value)(X)", "AttributeError", "_value"),
    ("vmap(lambda t: t._level)(X)", "AttributeError", "_level"),
    ("vmap(lambda t: t._stand)(X)", "AttributeError", "_stand"),
    ("vmap(lambda t: t.__class__)(X)", "AttributeError", "__class__"),
    ("vmap(lambda t: type(t)(X))(X)", "TypeError", "vmap"),
    ("vmap(lambda t: t.numpy())(X)", "RuntimeError", "storage"),
    ("vmap(lambda t: t.tolist())(X)", "RuntimeError", "storage"),
    ("vmap(lambda t: t.item())(X)", "RuntimeError", ".item()"),
]


@pytest.mark.parametrize("attempt,kind,word", VMAP_ESCAPES, ids=[e[0] for e in VMAP_ESCAPES])
def test_vmap_escape_fails(session, attempt, kind, word):
    session(VMAP_SETUP)
    _check(session, f"leak = {attempt}", kind, word)


def test_vmap_in_the_language(session):
    session(VMAP_SETUP)
    out = session("def show(t):\n    print(type(t), t.shape, isinstance(t, torch.Tensor))\n    return t.data * 2\n"
                  "print(vmap(show)(X))\nprint(vmap(grad(lambda t: (t ** 2).sum()))(X))\n")
    assert out.splitlines()[0] == "<class 'torch.Tensor'> torch.Size([2]) True"
    assert "tensor([[2., 4.],\n        [6., 8.]])" in out


FWD_SETUP = """\
import torch.autograd.forward_ad as fwAD
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_forward(a)
        ctx.save_for_backward(a)
        return a ** 3
    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        return 3 * a ** 2 * g
    @staticmethod
    def jvp(ctx, t):
        (a,) = ctx.saved_tensors
        return 3 * a ** 2 * t
"""
FWD_ESCAPES = [
    # what save_for_forward kept is reached through saved_tensors in jvp only, not by its private name
    ("class F(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, a):\n"
     "        ctx.save_for_forward(a)\n        global leak\n        leak = ctx._saved_fw\n        return a * 1\n"
     "    @staticmethod\n    def backward(ctx, g):\n        return g\n"
     "    @staticmethod\n    def jvp(ctx, t):\n        return t\n"
     "with fwAD.dual_level():\n    F.apply(fwAD.make_dual(x, x))", "AttributeError", "_saved_fw"),
    ("class F(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, a):\n"
     "        global leak\n        leak = ctx.save_for_forward.__globals__\n        return a * 1\n"
     "    @staticmethod\n    def backward(ctx, g):\n        return g\n"
     "with torch.enable_grad():\n    F.apply(x)", "AttributeError", "__globals__"),
    ("class E(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, a):\n        return a * 1\n"
     "    @staticmethod\n    def backward(ctx, g):\n        return g\n"
     "    @staticmethod\n    def jvp(ctx, t):\n        global leak\n        leak = ctx.__class__\n        return t\n"
     "with fwAD.dual_level():\n    E.apply(fwAD.make_dual(x, x))", "AttributeError", "__class__"),
    ("with fwAD.dual_level():\n    leak = fwAD.make_dual(x, x)._fw", "AttributeError", "_fw"),
]


@pytest.mark.parametrize("attempt,kind,word", FWD_ESCAPES, ids=[f"fwd-{i}" for i in range(len(FWD_ESCAPES))])
def test_forward_ad_escape_fails(session, attempt, kind, word):
    session(FWD_SETUP)
    _check(session, attempt, kind, word)


def test_custom_function_jvp_in_the_language(session):
    session(FWD_SETUP)
    out = session("with fwAD.dual_level():\n    print(fwAD.unpack_dual(Cube.apply(fwAD.make_dual(x, x))).tangent)\n"
                  "    print(Cube.apply(fwAD.make_dual(x, torch.ones(2))))\n")
    assert out.splitlines() == ["tensor([ 3., 24.])", "tensor([1., 8.], tangent=tensor([ 3., 12.]))"]
