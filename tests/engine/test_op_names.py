"""The op table binds each name once, and each node name belongs to one class."""

import collections

import pytest

import gradcalc.engine as torch
from gradcalc.engine.node import OPS
from gradcalc.engine.ops import FUNCTIONS, METHODS, catalogue
from gradcalc.engine.ops.registry import NameClash, OpNames


def _f():
    pass


def _g():
    pass


def test_binding_a_name_twice_to_another_function_is_an_error():
    t = OpNames("torch")
    t["f"] = _f
    t["f"] = _f  # the same function again: no clash
    with pytest.raises(NameClash, match=r"torch\.f is bound twice: to .*_f and to .*_g"):
        t["f"] = _g
    with pytest.raises(NameClash):
        t.update({"f": _g})
    with pytest.raises(TypeError):
        t.setdefault("f", _g)  # would hide the clash
    assert t["f"] is _f


def test_replacing_on_purpose_says_so():
    t = OpNames("Tensor")
    t["f"] = _f
    t.replace("f", _g)
    assert t["f"] is _g
    with pytest.raises(KeyError):
        t.replace("h", _g)


def test_a_catalogue_module_clashing_with_an_earlier_name_fails_at_import():
    functions, methods = OpNames("torch"), OpNames("Tensor")
    functions["gcd"] = _f  # a name aliases.py's EXPORTS binds
    with pytest.raises(NameClash, match=r"torch\.gcd is bound twice"):
        catalogue.register(functions, methods)


def test_the_engines_tables_refuse_clashes():
    assert isinstance(FUNCTIONS, OpNames) and isinstance(METHODS, OpNames)
    # the two clashes the check revealed: Tensor.to is tensor_api's, narrow_copy tensor_more's
    assert METHODS["to"].__module__ == "gradcalc.engine.tensor_api"
    x = torch.arange(6.0, requires_grad=True).reshape(2, 3)
    assert type(torch.narrow_copy(x, 1, 0, 2).grad_fn).__name__ == "NarrowCopyBackward0"


# conv.py names the node of a 3-d convolution's result ConvolutionBackward0 on purpose (a wrapper
# around the 2-d one's node, under torch's name)
# ops/native_kernels.py: torch.native_group_norm's node (three differentiable outputs) is F.group_norm's
# node under the same name, as in torch
RENAMED_ON_PURPOSE = {"ConvolutionBackward0", "NativeGroupNormBackward0"}


def test_each_node_name_is_one_class():
    counts = collections.Counter(op.__name__ for op in OPS)
    twice = sorted(n for n, k in counts.items() if k > 1 and n not in RENAMED_ON_PURPOSE)
    assert not twice, f"node classes declared twice: {twice}"


def test_as_strided_and_a_regenerated_view_share_one_node_class():
    from gradcalc.engine.ops.strided import AsStridedBackward0
    x = torch.zeros(3, requires_grad=True)
    b = x * 1
    v = b[1:]
    b.mul_(2)  # v's history is regenerated from b's
    assert type(v.grad_fn) is AsStridedBackward0
    assert type(x.as_strided((2,), (1,)).grad_fn) is AsStridedBackward0


def test_torch_norm_and_linalg_vector_norm_share_one_node_class():
    x = torch.tensor([1.0, 0.0, 2.0], requires_grad=True)
    assert type(x.norm()) is torch.Tensor
    assert type(x.norm().grad_fn) is type(torch.linalg.vector_norm(x).grad_fn)
    x.norm(p=1.5).backward()  # torch: 0 where x is 0 (not nan)
    assert x.grad.tolist()[1] == 0.0
