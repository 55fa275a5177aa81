"""%save/%load keep every tensor with requires_grad and .grad, numbers, strings and containers of
them, and say in one line what they skipped and why."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import gradcalc.engine as torch


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # magics touch files only under the working directory


def _round_trip(make_session, source, names=""):
    session, rec = make_session(interactive=True)
    session.run(source)
    session.run(f"%save s.npz {names}".strip())
    fresh, rec2 = make_session(interactive=True)
    fresh.run("%load s.npz")
    return fresh.namespace, rec.text, rec2.text


def test_numbers_strings_and_containers_come_back_equal(make_session):
    ns, saved, loaded = _round_trip(make_session, (
        "n = 3\nbig = -2 ** 300\nr = 1.5\ninf = float('inf')\nnan = float('nan')\nimport cmath\nc = cmath.sqrt(-4) + 1\nb = True\n"
        "none = None\ns = 'héllo'\nxs = [1, [2.5, 'a'], (None, False)]\nd = {'a': 1, 2: [3], (1, 2): 'k'}\n"
        "st = {1, 2, 'x'}\nfz = frozenset([3])\nt = ()\nimport collections\n"
        "od = collections.OrderedDict([('b', 1), ('a', 2)])\nimport numpy as np\narr = np.arange(6).reshape(2, 3)"))
    assert ns["n"] == 3 and ns["big"] == -2 ** 300 and ns["r"] == 1.5 and ns["inf"] == math.inf
    assert math.isnan(ns["nan"]) and ns["c"] == 1 + 2j and ns["b"] is True and ns["none"] is None
    assert ns["s"] == "héllo" and ns["xs"] == [1, [2.5, "a"], (None, False)] and type(ns["xs"][2]) is tuple
    assert ns["d"] == {"a": 1, 2: [3], (1, 2): "k"} and ns["st"] == {1, 2, "x"} and ns["fz"] == frozenset([3])
    assert ns["t"] == () and list(ns["od"].items()) == [("b", 1), ("a", 2)] and type(ns["od"]).__name__ == "OrderedDict"
    assert ns["arr"].tolist() == [[0, 1, 2], [3, 4, 5]] and ns["arr"].dtype == np.arange(1).dtype
    assert "Not saved" not in saved and "np" not in ns and "cmath" not in ns  # modules: left out
    assert loaded.startswith("Loaded arr, b, big, c, d, fz, inf, n, nan, none, od, r, s, st, t, xs from s.npz")


def test_tensors_keep_requires_grad_grad_dtype_and_identity(make_session):
    ns, saved, _ = _round_trip(make_session, (
        "import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\n(x * x).sum().backward()\n"
        "i = torch.arange(3)\nh = torch.ones(2, dtype=torch.float64)\nw = torch.nn.Parameter(torch.zeros(2))\n"
        "w.grad = torch.ones(2)\nholder = [x, {'again': x}]"))
    x = ns["x"]
    assert x.requires_grad and x.is_leaf and x.tolist() == [1.0, 2.0] and x.grad.tolist() == [2.0, 4.0]
    assert ns["i"].dtype == torch.int64 and not ns["i"].requires_grad and ns["i"].grad is None
    assert ns["h"].dtype == torch.float64 and not ns["h"].requires_grad
    assert isinstance(ns["w"], torch.nn.Parameter) and ns["w"].requires_grad and ns["w"].grad.tolist() == [1.0, 1.0]
    assert ns["holder"][0] is x and ns["holder"][1]["again"] is x  # one tensor, as before
    assert "Not saved" not in saved
    (ns["x"] * 3).sum().backward()  # the loaded .grad accumulates
    assert ns["x"].grad.tolist() == [5.0, 7.0]


def test_a_graph_comes_back_a_leaf_and_the_line_says_so(make_session):
    ns, saved, _ = _round_trip(make_session, "import torch\nx = torch.ones(2, requires_grad=True)\ny = x * 3\n"
                                             "zs = [x * 2, y]")
    assert saved.splitlines()[-1] == ("y, zs will load as leaves with the same values: a graph (grad_fn) cannot "
                                      "be saved.")
    y = ns["y"]
    assert y.is_leaf and y.grad_fn is None and y.requires_grad and y.tolist() == [3.0, 3.0]
    assert ns["zs"][1] is y and ns["zs"][0].is_leaf and ns["zs"][0].tolist() == [2.0, 2.0]


def test_what_is_skipped_is_said_in_one_line_with_the_reason(make_session):
    session, rec = make_session(interactive=True)
    session.run("import torch\nx = torch.ones(2)\nf = lambda: 1\nm = torch.nn.Linear(1, 1)\n"
                "opt = torch.optim.SGD(m.parameters(), lr=0.1)\nfs = [1, print]\nclass C:\n    pass\nc = C()\n"
                "loop = []\nloop.append(loop)\ng = torch.Generator()")
    session.run("%save s.npz")
    lines = rec.text.splitlines()
    assert lines[0] == "Saved x to s.npz"
    assert lines[1] == ("Not saved: C (a class), c (a C object), f (a function), fs (holds a function), "
                        "g (a random generator: save its get_state()), loop (a container that holds itself), "
                        "m (an nn.Module: save its state_dict()), opt (an optimizer: save its state_dict()).")
    assert len(lines) == 2


def test_in_a_script_the_line_goes_to_stderr(make_session):
    session, rec = make_session()
    session.run("import torch\nx = torch.ones(2)\nf = print\n%save s.npz")
    assert rec.text == "" and "Not saved: f (a function)." in rec.errors


def test_a_state_dict_and_an_optimizer_state_dict_round_trip(make_session):
    ns, saved, _ = _round_trip(make_session, (
        "import torch\ntorch.manual_seed(0)\nm = torch.nn.Linear(2, 1)\nsd = m.state_dict()\n"
        "opt = torch.optim.Adam(m.parameters(), lr=0.1)\nm(torch.ones(1, 2)).sum().backward()\nopt.step()\n"
        "osd = opt.state_dict()"), names="sd osd")
    assert list(ns["sd"]) == ["weight", "bias"] and ns["sd"]["weight"].shape == (1, 2)
    assert ns["osd"]["param_groups"][0]["lr"] == 0.1 and ns["osd"]["param_groups"][0]["betas"] == (0.9, 0.999)
    assert ns["osd"]["state"][0]["exp_avg"].shape == (1, 2)


def test_a_named_value_that_cannot_be_saved_is_an_error_and_nothing_is_written(make_session, interpreter_api,
                                                                               tmp_path):
    session, _ = make_session()
    session.run("import torch\nx = torch.ones(2)\nfs = [x, print]")
    with pytest.raises(interpreter_api.UserError, match=r"cannot save 'fs' \(holds a function\)"):
        session.run("%save s.npz x fs")
    assert not (tmp_path / "s.npz").exists()


def test_a_damaged_description_loads_nothing(make_session, interpreter_api, tmp_path):
    meta = {"format": 2, "requires_grad": [], "values": {"a": {"int": "0x1"}, "b": {"tensor": "missing"}},
            "tensors": {}}
    np.savez(tmp_path / "bad.npz", __gradcalc__=np.array(json.dumps(meta)))
    deep = {"list": []}
    for _ in range(200):
        deep = {"list": [deep]}
    np.savez(tmp_path / "deep.npz", __gradcalc__=np.array(json.dumps({"format": 2, "values": {"a": deep}})))
    np.savez(tmp_path / "kind.npz", __gradcalc__=np.array(json.dumps({"format": 2, "values": {"a": {"code": "x"}}})))
    np.savez(tmp_path / "grad.npz", x=np.ones(2, np.float32), **{"~1": np.ones(3, np.float32)},
             __gradcalc__=np.array(json.dumps({"format": 2, "values": {"x": {"tensor": "x"}},
                                               "tensors": {"x": {"requires_grad": True, "grad": "~1"}}})))
    session, _ = make_session()
    for name in ("bad.npz", "deep.npz", "kind.npz", "grad.npz"):
        with pytest.raises(interpreter_api.UserError) as info:
            session.run(f"%load {name}")
        assert info.value.kind == "ValueError", (name, info.value.message)
        assert "a" not in session.namespace and "x" not in session.namespace


def test_format_one_files_still_load(make_session, tmp_path):
    np.savez(tmp_path / "old.npz", x=np.ones(2, np.float32),
             __gradcalc__=np.array(json.dumps({"format": 1, "requires_grad": ["x"]})))
    session, _ = make_session()
    session.run("%load old.npz")
    assert session.namespace["x"].requires_grad
