"""The language on tensors: torch's names, imports, grad modes, in-place updates, echo."""

import pytest

import gradcalc.engine as torch
from interp_testutil import Run, run


def test_seed_tutorial_values():
    out = run("x = ones(2, 2, requires_grad=True)\ny = x + 2\nz = y * y * 3\nout = z.mean()\nout.backward()\n"
              "print(x.grad)")
    assert out == "tensor([[4.5000, 4.5000],\n        [4.5000, 4.5000]])\n"


@pytest.mark.parametrize("imports,use", [
    ("import torch", "torch.sin(torch.zeros(1))"),
    ("import torch as t", "t.sin(t.zeros(1))"),
    ("import torch.nn.functional as F", "F.relu(torch.zeros(1))"),
    ("import torch.nn.functional", "torch.nn.functional.relu(torch.zeros(1))"),
    ("from torch import nn", "nn.functional.relu(zeros(1))"),
    ("from torch.nn import functional as F", "F.relu(zeros(1))"),
    ("from torch.autograd import grad", "grad"),
    ("from torch import sin, zeros as z", "sin(z(1))"),
    ("import torch.autograd", "torch.autograd.grad"),
    ("from torch import *", "sin(zeros(1))"),
])
def test_imports(imports, use):
    r = Run()
    r(imports + "\nv = " + use)
    assert "v" in r.ns


def test_torch_is_there_without_import_and_bare_names_work():
    assert run("print(torch.ones(1), ones(1), sin(zeros(1)), float32, tensor([1]).dtype, pi > 3)") == \
        "tensor([1.]) tensor([1.]) tensor([0.]) torch.float32 torch.int64 True\n"


def test_python_builtins_win_over_torch_names():
    out = run("print(float(tensor(2.5)), int(3.7), bool(0), sum([1, 2]), max(1, 2), min([3, 1]), "
              "abs(tensor(-1.0)), round(2.567, 2))")
    assert out == "2.5 3 False 3 2 1 tensor(1.) 2.57\n"


def test_augmented_assignment_on_a_tensor_is_in_place():
    r = Run()
    r("t = zeros(2)\nu = t\nt += 1\nt *= 3\nv = t\nt = t + 1")
    assert r.ns["u"] is r.ns["v"] and r.ns["u"].tolist() == [3.0, 3.0]
    assert r.ns["t"] is not r.ns["u"] and r.ns["t"].tolist() == [4.0, 4.0]


def test_augmented_assignment_on_attribute_and_item():
    r = Run()
    r("w = ones(2, requires_grad=True)\n(w * 2).sum().backward()\nw.grad *= 10\ng = zeros(3)\ng[1] += 5\n"
      "rows = [zeros(1)]\nrows[0] += 1")
    assert r.ns["w"].grad.tolist() == [20.0, 20.0]
    assert r.ns["g"].tolist() == [0.0, 5.0, 0.0]
    assert r.ns["rows"][0].tolist() == [1.0]


def test_grad_modes_as_context_managers():
    out = run("x = ones(1, requires_grad=True)\n"
              "with torch.no_grad():\n    a = x * 2\n    with torch.enable_grad():\n        b = x * 2\n"
              "with torch.set_grad_enabled(False):\n    c = x * 2\n"
              "with torch.no_grad(), torch.enable_grad():\n    d = x * 2\n"
              "with torch.autograd.no_grad() as nothing:\n    e = x * 2\n"
              "print(a.requires_grad, b.requires_grad, c.requires_grad, d.requires_grad, e.requires_grad, nothing)\n"
              "torch.set_grad_enabled(False)\nf = x * 2\ntorch.set_grad_enabled(True)\nprint(f.requires_grad)")
    assert out == "False True False True False None\nFalse\n"
    assert torch.is_grad_enabled()


def test_grad_mode_restored_when_block_fails():
    r = Run()
    r.error("with torch.no_grad():\n    1 / 0")
    assert torch.is_grad_enabled()


def test_no_grad_as_decorator_call():
    out = run("def f(x):\n    return x * 2\ng = torch.no_grad()(f)\nprint(g(ones(1, requires_grad=True)).requires_grad)")
    assert out == "False\n"


def test_iterating_and_unpacking_tensors():
    out = run("for row in tensor([[1, 2], [3, 4]]):\n    print(row)\na, b = tensor([1.0, 2.0])\nprint(a, b)")
    assert out == "tensor([1, 2])\ntensor([3, 4])\ntensor(1.) tensor(2.)\n"


def test_indexing_forms():
    out = run("x = arange(12).reshape(3, 4)\nprint(x[1], x[:, 0], x[1:, ::2], x[..., -1], x[None, 0].shape,"
              " x[[0, 2]].shape, x[x > 9])")
    assert out == ("tensor([4, 5, 6, 7]) tensor([0, 4, 8]) tensor([[ 4,  6],\n        [ 8, 10]]) tensor([ 3,  7, 11])"
                   " torch.Size([1, 4]) torch.Size([2, 4]) tensor([10, 11])\n")


def test_fstring_with_tensor_item_format():
    assert run("loss = tensor(0.123456)\nprint(f'{loss.item():.4f} {loss:.2f}')") == "0.1235 0.12\n"


def test_training_loop():
    out = run("w = tensor([0.0], requires_grad=True)\n"
              "for step in range(200):\n"
              "    loss = ((w * 3 - 6) ** 2).mean()\n"
              "    loss.backward()\n"
              "    with torch.no_grad():\n"
              "        w -= 0.05 * w.grad\n"
              "    w.grad.zero_()\n"
              "print(round(w.item(), 3))")
    assert out == "2.0\n"


def test_hooks_and_retain_grad():
    out = run("x = ones(2, requires_grad=True)\ny = x * 2\ny.retain_grad()\n"
              "h = x.register_hook(lambda g: g * 10)\ny.sum().backward()\nprint(y.grad, x.grad)\nh.remove()")
    assert out == "tensor([1., 1.]) tensor([20., 20.])\n"


def test_echo_of_expression_statements():
    r = Run(echo=True)
    assert r("1 + 1\nNone\nx = 3\nx\nprint('p')\nones(2)") == "2\n3\np\ntensor([1., 1.])\n"
    assert r("for i in range(2):\n    i\nif True:\n    'yes'") == "0\n1\n'yes'\n"
    assert r("def f():\n    5\n    return None\nf()") == ""  # not inside functions


def test_session_api():
    r = Run()
    s = r.session
    s.set("a", 2)
    assert s.eval("a * 3") == 6
    assert s.eval("lambda v: v + a")(1) == 3
    r("b = a + 1")
    assert s.namespace == {"a": 2, "b": 3}
    s.reset()
    assert s.namespace == {}
    assert r.error("b").kind == "NameError"


def test_eval_errors_are_user_errors():
    r = Run()
    err = None
    try:
        r.session.eval("1 +", filename="<expr>")
    except Exception as e:  # noqa: BLE001
        err = e
    assert err.kind == "SyntaxError" and err.filename == "<expr>"
    try:
        r.session.eval("undefined_thing")
    except Exception as e:  # noqa: BLE001
        err = e
    assert err.kind == "NameError"


def test_magic_handler_receives_the_statement():
    calls = []

    def magic(session, name, args, stmt):
        calls.append((session, name, args, stmt.line))
        session.set("seen", name)

    r = Run()
    r.session = type(r.session)(out=r.out.append, magic=magic)
    r("x = 1\n%graph x --depth 2\nfor i in range(2):\n    %vars")
    assert [(c[1], c[2], c[3]) for c in calls] == [("graph", "x --depth 2", 2), ("vars", "", 4), ("vars", "", 4)]
    assert calls[0][0] is r.session and r.ns["seen"] == "vars"


def test_engine_warning_shown_once_at_the_users_line():
    shown = []
    r = Run(warn=shown.append)
    r("x = ones(1, requires_grad=True)\ny = x * 2\nfor i in range(3):\n    g = y.grad")
    assert len(shown) == 1
    assert shown[0].startswith("<test>:4: UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor")
    assert shown[0].endswith("\n  g = y.grad\n")


def test_anomaly_mode_names_the_users_line():
    pytest.importorskip("gradcalc.engine.anomaly")
    shown = []
    r = Run(warn=shown.append)
    err = r.error("x = tensor([0.0, 1.0], requires_grad=True)\n"
                  "with torch.autograd.detect_anomaly():\n"
                  "    y = torch.sqrt(x) * 0\n"
                  "    y.sum().backward()")
    assert err.kind == "RuntimeError" and "returned nan values" in err.message
    trace = [w for w in shown if "Error detected in" in w]
    assert trace and 'File "<test>", line 3, column 9' in trace[0] and "y = torch.sqrt(x) * 0" in trace[0]
