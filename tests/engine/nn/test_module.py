"""nn.Module and nn.Parameter from Python: subclasses (class statement and type()), registration,
walking the tree, state, hooks, copying."""

import copy
from collections import OrderedDict

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 5)
        self.fc2 = nn.Linear(5, 1)

    def forward(self, x):
        return self.fc2(self.fc1(x).relu())


def test_subclass_with_type_works_like_a_class_statement():
    def __init__(self):
        nn.Module.__init__(self)
        self.fc1 = nn.Linear(2, 5)
        self.fc2 = nn.Linear(5, 1)

    def forward(self, x):
        return self.fc2(self.fc1(x).relu())

    Dyn = type("Net", (nn.Module,), {"__init__": __init__, "forward": forward})
    a, b = Net(), Dyn()
    assert repr(a) == repr(b)
    b.load_state_dict(a.state_dict())
    x = torch.ones(3, 2)
    np.testing.assert_array_equal(a(x).detach().numpy(), b(x).detach().numpy())
    assert [n for n, _ in b.named_parameters()] == ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]


def test_private_state_lives_in_underscore_attributes():
    m = Net()
    public = {k for k in vars(m) if not k.startswith("_")}
    assert public == {"training"}
    assert set(m._modules) == {"fc1", "fc2"} and set(m.fc1._parameters) == {"weight", "bias"}


def test_reassigning_moves_between_registries():
    m = nn.Module()
    m.x = nn.Parameter(torch.ones(1))
    assert "x" in m._parameters
    m.x = None
    assert m._parameters["x"] is None and m.x is None
    m.y = nn.ReLU()
    m.y = None
    assert m._modules["y"] is None
    m.register_buffer("b", torch.zeros(2))
    m.b = torch.ones(2)
    assert m._buffers["b"].tolist() == [1, 1]
    with pytest.raises(TypeError, match=r"cannot assign 'int' as buffer 'b' \(torch.nn.Buffer, torch.Tensor or None expected\)"):
        m.b = 3
    with pytest.raises(TypeError, match=r"cannot assign 'torch.FloatTensor' as parameter 'x'"):
        m.x = torch.ones(1)
    with pytest.raises(TypeError, match=r"cannot assign 'int' as child module 'y' \(torch.nn.Module or None expected\)"):
        m.y = 1
    del m.b
    assert "b" not in m._buffers


def test_shared_parameters_are_listed_once():
    lin = nn.Linear(2, 2)
    seq = nn.Sequential(lin, nn.ReLU(), lin)
    assert len(list(seq.parameters())) == 2
    assert [n for n, _ in seq.named_parameters(remove_duplicate=False)] == ["0.weight", "0.bias", "2.weight", "2.bias"]
    assert len(list(seq.modules())) == 3


def test_parameter():
    t = torch.tensor([1.0, 2.0])
    p = nn.Parameter(t)
    assert isinstance(p, torch.Tensor) and p.requires_grad and p.is_leaf
    p.data.mul_(2)  # shares memory with the tensor it was made from
    assert t.tolist() == [2.0, 4.0]
    assert type(p * 2) is torch.Tensor
    assert repr(nn.Parameter()) == "Parameter containing:\ntensor([], requires_grad=True)"
    q = copy.deepcopy(p)
    assert type(q) is nn.Parameter and q.requires_grad and q.tolist() == p.tolist() and q._data is not p._data
    with pytest.raises(RuntimeError, match="only Tensors of floating point"):
        nn.Parameter(torch.tensor([1, 2]))


def test_deepcopy_module():
    m = Net()
    c = copy.deepcopy(m)
    assert repr(c) == repr(m)
    with torch.no_grad():
        c.fc1.weight.fill_(0)
    assert m.fc1.weight.abs().sum().item() > 0
    assert all(type(p) is nn.Parameter for p in c.parameters())


def test_state_dict_is_detached_ordered_and_has_metadata():
    m = Net()
    sd = m.state_dict()
    assert isinstance(sd, OrderedDict) and list(sd) == ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]
    assert not sd["fc1.weight"].requires_grad and type(sd["fc1.weight"]) is torch.Tensor
    assert sd._metadata[""] == {"version": 1} and "fc1" in sd._metadata
    sd["fc1.weight"].zero_()  # shares memory with the parameter, as torch's
    assert m.fc1.weight.abs().sum().item() == 0
    kv = m.state_dict(keep_vars=True)
    assert kv["fc1.weight"] is m.fc1.weight


def test_load_state_dict_copies_in_place():
    m, other = Net(), Net()
    w = m.fc1.weight
    m.load_state_dict(other.state_dict())
    assert m.fc1.weight is w and m.fc1.weight.tolist() == other.fc1.weight.tolist()
    with pytest.raises(TypeError, match="Expected state_dict to be dict-like, got <class 'list'>."):
        m.load_state_dict([])


def test_load_state_dict_assign():
    m, other = Net(), Net()
    m.load_state_dict(other.state_dict(), assign=True)
    assert type(m.fc1.weight) is nn.Parameter and m.fc1.weight.requires_grad


def test_apply_zero_grad_requires_grad():
    m = Net()
    seen = []
    m.apply(lambda mod: seen.append(type(mod).__name__))
    assert seen == ["Linear", "Linear", "Net"]
    m(torch.ones(2, 2)).sum().backward()
    m.zero_grad(set_to_none=False)
    assert all(p.grad is not None and p.grad.abs().sum().item() == 0 for p in m.parameters())
    m.zero_grad()
    assert all(p.grad is None for p in m.parameters())
    m.requires_grad_(False)
    assert not any(p.requires_grad for p in m.parameters())


def test_to_and_dtypes_keep_the_parameter_objects():
    m = Net()
    w = m.fc1.weight
    m.double()
    assert m.fc1.weight is w and w.dtype == torch.float64
    m.to(torch.float32)
    assert w.dtype == torch.float32
    assert m.to("cpu") is m and m.cpu() is m
    m.half()
    assert w.dtype == torch.float16


def test_dir_lists_registered_names():
    d = dir(Net())
    assert "fc1" in d and "forward" in d and "parameters" in d


def test_call_runs_hooks_in_order():
    m = Net()
    calls = []
    h1 = m.register_forward_pre_hook(lambda mod, args: calls.append("pre"))
    h2 = m.register_forward_hook(lambda mod, args, out: calls.append("post"))
    m.register_forward_pre_hook(lambda mod, args: calls.append("first"), prepend=True)
    m(torch.ones(1, 2))
    assert calls == ["first", "pre", "post"]
    h1.remove()
    h2.remove()
    calls.clear()
    m(torch.ones(1, 2))
    assert calls == ["first"]


def test_forward_hooks_with_kwargs():
    m = Net()
    m.register_forward_pre_hook(lambda mod, args, kwargs: ((args[0] * 0,), kwargs), with_kwargs=True)
    m.register_forward_hook(lambda mod, args, kwargs, out: out * 0 + 7, with_kwargs=True)
    assert m(torch.ones(1, 2)).tolist() == [[7.0]]


def test_backward_pre_hook_can_replace_grad_output():
    lin = nn.Linear(2, 1)
    lin.register_full_backward_pre_hook(lambda mod, go: (go[0] * 0,))
    x = torch.ones(1, 2, requires_grad=True)
    lin(x).sum().backward()
    assert x.grad.tolist() == [[0.0, 0.0]]


def test_module_without_init_call():
    class Bad(nn.Module):
        def __init__(self):
            self.w = nn.Parameter(torch.ones(1))

    with pytest.raises(AttributeError, match=r"cannot assign parameters before Module.__init__\(\) call"):
        Bad()


def test_get_submodule_and_buffer():
    seq = nn.Sequential(nn.Sequential(nn.Linear(2, 2)), nn.BatchNorm1d(2) if hasattr(nn, "BatchNorm1d") else nn.ReLU())
    assert seq.get_submodule("0.0") is seq[0][0]
    assert seq.get_parameter("0.0.bias") is seq[0][0].bias
    with pytest.raises(AttributeError, match="Linear has no attribute `nope`"):
        seq.get_submodule("0.0.nope")


def test_sequential_editing():
    s = nn.Sequential(nn.Linear(1, 2), nn.ReLU(), nn.Linear(2, 3))
    del s[1]
    assert list(s._modules) == ["0", "1"] and isinstance(s[1], nn.Linear)
    s.insert(1, nn.Tanh())
    assert [type(m).__name__ for m in s] == ["Linear", "Tanh", "Linear"]
    assert len(s + s) == 6 and len(s * 2) == 6
    assert isinstance(s.pop(0), nn.Linear) and len(s) == 2


def test_module_list_and_dict():
    ml = nn.ModuleList([nn.ReLU()])
    ml.append(nn.Tanh()).extend([nn.Sigmoid()])
    ml.insert(0, nn.Identity())
    assert [type(m).__name__ for m in ml] == ["Identity", "ReLU", "Tanh", "Sigmoid"]
    assert repr(nn.ModuleList()) == "ModuleList()"
    md = nn.ModuleDict([("a", nn.ReLU()), ("b", nn.Tanh())])
    assert list(md.keys()) == ["a", "b"] and "a" in md and len(md) == 2
    assert isinstance(md.pop("a"), nn.ReLU)
    with pytest.raises(RuntimeError, match="ParameterList should not be called."):
        nn.ParameterList()()


def test_parameter_list_and_dict_make_parameters():
    pl = nn.ParameterList([torch.ones(2)])
    assert type(pl[0]) is nn.Parameter and len(list(pl.parameters())) == 1
    pd = nn.ParameterDict({"b": torch.ones(1), "a": torch.zeros(1)})
    assert list(pd.keys()) == ["a", "b"] and type(pd["a"]) is nn.Parameter
