"""Beyond torch: %graph and %explain name the module each node came from, a parameter's
leaf is named by where it is registered, and a module echoed in the REPL gets a
one-line summary of its size (issue 16)."""

from __future__ import annotations

import io
import subprocess
import sys
import types

import pytest

import gradcalc.engine as torch
from gradcalc.cli import module_names
from gradcalc.engine.nn import module as nn_module

NET = """
import torch
import torch.nn as nn
import torch.nn.functional as F
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 5)
        self.fc2 = nn.Linear(5, 1)
    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))
_ = torch.manual_seed(0)
net = Net()
x = torch.randn(3, 2)
loss = net(x).pow(2).mean()
"""


@pytest.fixture
def recording():
    module_names.install()
    yield
    module_names.uninstall()


def _lines(rec):
    return rec.text.splitlines()


def test_graph_names_the_module_of_each_node_and_the_parameters(make_session, recording):
    session, rec = make_session()
    session.run(NET + "%graph loss\n")
    lines = _lines(rec)
    assert lines[0] == "MeanBackward0 (loss)  () float32"
    assert lines[1] == "└── PowBackward0  (3, 1) float32"   # made by the program, not a module
    assert lines[2].endswith("AddmmBackward0  (3, 1) float32  in net.fc2 (Linear)")
    assert "AccumulateGrad (net.fc2.bias)  (1,) float32  requires_grad=True" in lines[3]
    # F.relu ran in Net.forward itself: it belongs to the network
    assert lines[4].endswith("ReluBackward0  (3, 5) float32  in net (Net)")
    assert lines[5].endswith("AddmmBackward0  (3, 5) float32  in net.fc1 (Linear)")
    assert lines[7].endswith("TBackward0  (2, 5) float32  in net.fc1 (Linear)")
    assert lines[8].endswith("AccumulateGrad (net.fc1.weight)  (5, 2) float32  requires_grad=True")


def test_sequential_layers_are_named_by_their_index(make_session, recording):
    session, rec = make_session()
    session.run("import torch\nimport torch.nn as nn\n_ = torch.manual_seed(0)\n"
                "seq = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))\n"
                "out = seq(torch.randn(4, 2)).sum()\n%graph out\n")
    text = rec.text
    assert "TanhBackward0  (4, 3) float32  in seq.1 (Tanh)" in text
    assert "AddmmBackward0  (4, 3) float32  in seq.0 (Linear)" in text
    assert "AccumulateGrad (seq.2.weight)" in text


def test_a_module_no_variable_holds_is_named_by_its_class(make_session, recording):
    session, rec = make_session()
    session.run("import torch\nimport torch.nn as nn\n_ = torch.manual_seed(0)\n"
                "out = nn.Linear(2, 1)(torch.ones(1, 2)).sum()\n%graph out\n")
    assert "AddmmBackward0  (1, 1) float32  in Linear" in rec.text


def test_a_layer_called_twice_names_both_calls(make_session, recording):
    session, rec = make_session()
    session.run("import torch\nimport torch.nn as nn\n_ = torch.manual_seed(0)\n"
                "lin = nn.Linear(2, 2)\nx = torch.ones(1, 2)\n"
                "out = (lin(x) * 2 + lin(x)).sum()\n%graph out\n")
    text = rec.text
    assert text.count("AddmmBackward0  (1, 2) float32  in lin (Linear)") == 2
    assert "MulBackward0  (1, 2) float32\n" in text  # the program's own op: no module


def test_explain_names_the_module_of_each_step(make_session, recording):
    session, rec = make_session()
    session.run(NET + "%explain loss\n")
    titles = [line for line in _lines(rec) if line.startswith("[")]
    assert "[3] AddmmBackward0  (3, 1) float32  in net.fc2 (Linear)" in titles
    assert any(t.startswith("[") and "AccumulateGrad (net.fc1.weight)" in t for t in titles)


def test_dot_draws_a_box_per_module(make_session, recording, tmp_path, monkeypatch):
    session, rec = make_session()
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "g.dot"
    session.run(NET + "%graph loss --dot g.dot\n")
    dot = path.read_text()
    assert 'label="net.fc1 (Linear)"; style=rounded;' in dot
    assert 'label="net (Net)"; style=rounded;' in dot
    assert dot.count("subgraph cluster_") == 3


def test_without_the_recorder_nothing_is_named_and_calls_take_the_plain_path(make_session):
    assert nn_module._call_observer is None
    session, rec = make_session()
    session.run(NET + "%graph loss\n")
    assert " in net" not in rec.text
    assert "AccumulateGrad (net.fc1.weight)" in rec.text  # parameters are named anyway


def test_a_forward_that_fails_leaves_no_record_and_the_next_call_is_named(make_session, recording):
    session, rec = make_session()
    session.run(NET)
    with pytest.raises(Exception):
        session.run("net(torch.ones(3, 7))\n")
    session.run("z = net(x).sum()\n%graph z\n")
    assert "in net.fc1 (Linear)" in rec.text


def test_nodes_made_before_a_call_are_not_given_to_it(recording):
    a = torch.ones(2, requires_grad=True)
    before = a * 3                       # made outside any module
    lin = torch.nn.Linear(2, 2)

    class Uses(torch.nn.Module):
        def forward(self, x):
            return lin(x) + before       # reads a graph made before the call

    out = Uses()(torch.ones(2)).sum()
    owners = module_names.owners(out.grad_fn)
    assert before.grad_fn not in owners
    assert owners[out.grad_fn.next_functions[0][0]] == (None, "Uses")  # the module is gone: its class


def test_the_recorder_keeps_no_graph_alive(recording):
    import gc
    import weakref

    lin = torch.nn.Linear(2, 2)
    out = lin(torch.ones(1, 2))
    ref = weakref.ref(out.grad_fn)
    del out
    gc.collect()
    assert ref() is None


def test_summary_line():
    net = torch.nn.Sequential(torch.nn.Linear(2, 5), torch.nn.ReLU(), torch.nn.Linear(5, 1))
    assert module_names.summary(net) == "Sequential: 3 layers, 21 parameters (21 trainable)"
    net[0].weight.requires_grad_(False)
    assert module_names.summary(net) == "Sequential: 3 layers, 21 parameters (11 trainable)"
    assert module_names.summary(torch.nn.Linear(1000, 100)) == "Linear: 1 layer, 100,100 parameters (100,100 trainable)"
    shared = torch.nn.Linear(2, 2)
    assert module_names.summary(torch.nn.Sequential(shared, shared)) == "Sequential: 1 layer, 6 parameters (6 trainable)"
    assert module_names.summary(torch.nn.ReLU()) == "ReLU: 1 layer, 0 parameters (0 trainable)"
    lazy = torch.nn.Sequential(torch.nn.LazyLinear(3), torch.nn.ReLU())
    assert module_names.summary(lazy) == ("Sequential: 2 layers, parameters not initialized yet (a lazy layer "
                                          "takes its sizes from its first input)")
    lazy(torch.ones(1, 4))
    assert module_names.summary(lazy) == "Sequential: 2 layers, 15 parameters (15 trainable)"


def test_the_repl_echoes_a_module_with_torchs_repr_then_the_summary():
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from gradcalc.cli import repl

    out, err = io.StringIO(), io.StringIO()
    program = ("import torch\rimport torch.nn as nn\r"
               "net = nn.Sequential(nn.Linear(2, 5), nn.ReLU(), nn.Linear(5, 1))\r"
               "net\r")
    args = types.SimpleNamespace(no_color=True, quiet=True, debug=False)
    try:
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            pipe.send_text(program + "\x04")
            status = repl.main(args, prompt_input=pipe, prompt_output=DummyOutput(), stdout=out, stderr=err)
    finally:
        module_names.uninstall()
    assert status == 0, err.getvalue()
    assert out.getvalue() == ("Sequential(\n"
                              "  (0): Linear(in_features=2, out_features=5, bias=True)\n"
                              "  (1): ReLU()\n"
                              "  (2): Linear(in_features=5, out_features=1, bias=True)\n"
                              ")\n"
                              "Sequential: 3 layers, 21 parameters (21 trainable)\n")


def test_a_script_names_modules_in_graph(tmp_path):
    script = tmp_path / "net.py"
    script.write_text(NET + "%graph loss\n")
    run = subprocess.run([sys.executable, "-m", "gradcalc", "--no-color", str(script)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "AddmmBackward0  (3, 5) float32  in net.fc1 (Linear)" in run.stdout


def test_the_language_cannot_reach_the_observer(make_session):
    session, rec = make_session()
    for source in ("import torch\ntorch.nn.Module._call_with_hooks\n",
                   "import torch\ntorch.nn.Module.__call__.__globals__\n",
                   "import torch.nn.modules.module\n",
                   "import torch\ntorch.nn.modules\n"):
        with pytest.raises(Exception):
            session.run(source)
