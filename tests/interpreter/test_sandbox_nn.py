"""torch.nn and torch.utils.data in the language: modules are used as in torch, their
private state stays out of reach, and a failed statement leaves a module as it was."""

import pytest

from interp_testutil import Run

SETUP = ("torch.manual_seed(0)\n"
         "model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))\n")


def test_sequential_network_trains_in_the_language():
    r = Run()
    out = r(SETUP + "print(model)\n"
            "x = torch.ones(5, 3)\n"
            "loss = torch.nn.MSELoss(reduction='sum')(model(x), torch.zeros(5, 1))\n"
            "loss.backward()\n"
            "print(loss.grad_fn.name(), model[0].weight.grad.shape, len(list(model.parameters())))\n"
            "print(list(model.state_dict().keys()))\n"
            "print(model[0].bias[:2].grad_fn)\n")
    assert out.startswith("Sequential(\n  (0): Linear(in_features=3, out_features=4, bias=True)\n  (1): ReLU()\n")
    assert "MseLossBackward0 torch.Size([4, 3]) 4\n" in out
    assert "['0.weight', '0.bias', '2.weight', '2.bias']\n" in out
    assert "<SliceBackward0 object at" in out


def test_modules_can_be_edited():
    r = Run()
    out = r(SETUP + "model[1] = torch.nn.Tanh()\nmodel.append(torch.nn.Sigmoid())\n"
            "model[0].weight.requires_grad = False\nprint(model[1], len(model), model[0].weight.requires_grad)\n"
            "model.extra = torch.nn.Linear(1, 1)\nprint(len(list(model.children())))\n")
    assert out == "Tanh() 4 False\n5\n"


@pytest.mark.parametrize("attempt,word", [
    ("model._modules", "_modules"), ("model._parameters", "_parameters"), ("model[0]._forward_hooks", "_forward_hooks"),
    ("model.__dict__", "__dict__"), ("model.forward.__func__", "__func__"), ("model.state_dict()._metadata", "_metadata"),
    ("model.parameters().gi_frame", "gi_frame"), ("model.__class__", "__class__"),
    ("torch.nn.Module.__init__", "__init__"), ("torch.nn.Module.__subclasses__", "__subclasses__"),
])
def test_private_state_is_unreachable(attempt, word):
    r = Run()
    r(SETUP)
    err = r.error(f"leak = {attempt}\n")
    assert "AttributeError" in str(err) and word in str(err)
    assert "leak" not in r.ns


@pytest.mark.parametrize("attempt", ["model.get_submodule('__class__')", "model.get_parameter('__dict__')",
                                     "model.add_module('__class__', torch.nn.ReLU())",
                                     "model.register_buffer('__dict__', torch.ones(1))"])
def test_string_lookups_only_return_modules_and_parameters(attempt):
    r = Run()
    r(SETUP)
    r.error(f"leak = {attempt}\n")
    assert "leak" not in r.ns


def test_missing_attribute_in_torchs_words():
    r = Run()
    r(SETUP)
    assert "'Sequential' object has no attribute 'fc3'" in str(r.error("model.fc3\n"))
    assert "mat1 and mat2 shapes cannot be multiplied (2x2 and 3x4)" in str(r.error("model(torch.ones(2, 2))\n"))


def test_failed_statement_leaves_the_module_as_it_was():
    r = Run()
    r(SETUP)
    r.error("for i in range(1):\n    model.fc = torch.nn.Linear(2, 2)\n    model[1] = torch.nn.Tanh()\n"
            "    del model[0]\n    model.nothing\n")
    assert r("print(len(list(model.children())), model[1])\n") == "3 ReLU()\n"


def test_data_loader_in_the_language():
    r = Run()
    out = r("from torch.utils.data import DataLoader, TensorDataset\n"
            "ds = TensorDataset(torch.arange(10.0).view(5, 2), torch.arange(5))\n"
            "loader = DataLoader(ds, batch_size=2)\n"
            "for xb, yb in loader:\n    print(xb.shape, yb.tolist())\n"
            "print(len(loader.dataset), len(loader))\n")
    assert out == ("torch.Size([2, 2]) [0, 1]\ntorch.Size([2, 2]) [2, 3]\ntorch.Size([1, 2]) [4]\n5 3\n")


def test_nn_init_and_utils_modules():
    r = Run()
    out = r("import torch.nn as nn\nw = torch.empty(2, 3)\nnn.init.constant_(w, 0.5)\nprint(w.sum().item())\n"
            "print(nn.init.calculate_gain('relu'))\n"
            "m = nn.Linear(2, 2)\nm(torch.ones(1, 2)).sum().backward()\n"
            "print(nn.utils.clip_grad_norm_(m.parameters(), 0.1).item() > 0.1)\n")
    assert out == "3.0\n1.4142135623730951\nTrue\n"


def test_a_lazy_layer_keeps_to_the_limits_and_its_internals_stay_out_of_reach():
    from interp_testutil import Run

    r = Run()
    r("import torch\nm = torch.nn.LazyLinear(10**6)")
    err = r.error("m(torch.ones(1, 10**4))")
    assert "more than the limit" in str(err)
    assert r("print(m)") == "LazyLinear(in_features=0, out_features=1000000, bias=True)\n"
    for source in ("m.weight.materialize((2, 2))", "m.weight._data", "m.weight.__class__"):
        assert "materialize" in str(r.error(source)) or "not allowed" in str(r.error(source))
    assert r("m2 = torch.nn.LazyLinear(2)\nprint(m2(torch.ones(1, 3)).shape, m2)") == (
        "torch.Size([1, 2]) Linear(in_features=3, out_features=2, bias=True)\n")


def test_lazy_conv_and_norm_keep_to_the_limits_and_their_internals_stay_out_of_reach():
    r = Run()
    r("import torch\nm = torch.nn.LazyConv2d(10**5, 3)\nb = torch.nn.LazyBatchNorm1d()")
    assert "more than the limit" in str(r.error("m(torch.ones(1, 10**4, 4, 4))"))
    assert r("print(m)") == "LazyConv2d(0, 100000, kernel_size=(3, 3), stride=(1, 1))\n"
    for source in ("m.weight.materialize((2, 2))", "b.running_mean.materialize((2,))", "b.running_mean._data",
                   "b.running_mean.__class__", "m.cls_to_become.__init__", "m.forward.__func__"):
        err = str(r.error(f"leak = {source}"))
        assert "materialize" in err or "not allowed" in err or "__" in err or "_data" in err
        assert "leak" not in r.ns
    assert r("m2 = torch.nn.LazyConv1d(2, 2)\nprint(m2(torch.ones(1, 3, 4)).shape, m2)") == (
        "torch.Size([1, 2, 3]) Conv1d(3, 2, kernel_size=(2,), stride=(1,))\n")


def test_the_last_layers_in_the_language_keep_their_internals_out_of_reach():
    r = Run()
    r("import torch\nimport torch.nn as nn\n"
      "a = nn.AdaptiveLogSoftmaxWithLoss(4, 6, [2])\nres = a(torch.ones(3, 4), torch.tensor([0, 3, 5]))\n"
      "f = nn.FractionalMaxPool2d(2, output_size=2)\nd = nn.DataParallel(nn.Linear(2, 2))\n"
      "y = nn.MaxPool3d(2)(torch.ones(1, 1, 2, 2, 2, requires_grad=True))\n")
    assert r("print(res.loss.shape, res.output.shape, d.device_ids, y.grad_fn.name())") == (
        "torch.Size([]) torch.Size([3]) [] MaxPool3DWithIndicesBackward0\n")
    for source in ("res._asdict", "res._replace(loss=1)", "f._random_samples", "y.grad_fn.shape",
                   "y.grad_fn._saved", "d.module.__dict__"):
        r.error(f"leak = {source}")
        assert "leak" not in r.ns
