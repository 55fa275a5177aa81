"""Unit tests of the text layer on plain ndarrays: options, robustness, helper reprs.

Exact agreement with torch is pinned by the golden tests; these cover what the
golden cases cannot: odd inputs must never raise, huge tensors are summarised
without touching their hidden elements, and the option semantics.
"""

import re

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp

from gradcalc.engine import printing


class _Dtype:
    def __init__(self, name):
        self.name = name


def _Node(name):
    """A stand-in grad_fn: printing shows the node's class name, as torch's does."""
    return type(name, (), {"name": lambda self: name})()


class T:
    def __init__(self, data, requires_grad=False, grad_fn=None):
        self._data = np.asarray(data)
        self.dtype = _Dtype(self._data.dtype.name)
        self.requires_grad = requires_grad
        self.grad_fn = None if grad_fn is None else _Node(grad_fn)


def r(data, **kw):
    return printing.tensor_repr(T(data, **kw))


@pytest.fixture(autouse=True)
def _reset():
    yield
    printing.set_printoptions(profile="default")


# ------------------------------------------------------------------ options

def test_default_options():
    assert printing.get_printoptions() == {
        "precision": 4, "threshold": 1000, "edgeitems": 3, "linewidth": 80, "sci_mode": None}


def test_any_call_resets_sci_mode_like_torch():
    printing.set_printoptions(sci_mode=True)
    assert r(np.array([1.5, 2.5], np.float32)) == "tensor([1.5000e+00, 2.5000e+00])"
    printing.set_printoptions(precision=2)  # sci_mode not passed: back to automatic
    assert printing.get_printoptions()["sci_mode"] is None
    assert r(np.array([1.5, 2.5], np.float32)) == "tensor([1.50, 2.50])"


def test_profiles_and_overrides():
    printing.set_printoptions(profile="short", precision=3)
    assert printing.get_printoptions() == {
        "precision": 3, "threshold": 1000, "edgeitems": 2, "linewidth": 80, "sci_mode": None}
    printing.set_printoptions(profile="full")
    assert printing.get_printoptions()["threshold"] == float("inf")
    assert printing.get_printoptions()["precision"] == 4
    printing.set_printoptions(profile="no such profile")  # ignored, as torch does
    assert printing.get_printoptions()["threshold"] == float("inf")


def test_get_printoptions_round_trips_and_context_manager():
    printing.set_printoptions(precision=6, edgeitems=1)
    saved = printing.get_printoptions()
    with printing.printoptions(precision=1, linewidth=30):
        assert printing.get_printoptions()["precision"] == 1
    assert printing.get_printoptions() == saved
    printing.set_printoptions(profile="default")
    printing.set_printoptions(**saved)
    assert printing.get_printoptions() == saved


# ------------------------------------------------------------------ suffixes and helpers

def test_suffix_order_and_dtype_rules():
    assert r(np.array([1.5], np.float64), requires_grad=True) == \
        "tensor([1.5000], dtype=torch.float64, requires_grad=True)"
    assert r(np.array([1, 2], np.int64)) == "tensor([1, 2])"
    assert r(np.array([True])) == "tensor([True])"
    assert r(np.zeros((0,), np.int64)) == "tensor([], dtype=torch.int64)"
    assert r(np.zeros((0, 2), np.bool_)) == "tensor([], size=(0, 2), dtype=torch.bool)"
    # grad_fn wins over requires_grad
    assert r(np.float32(27), requires_grad=True, grad_fn="MeanBackward0") == \
        "tensor(27., grad_fn=<MeanBackward0>)"


def test_node_repr():
    node = _Node("MulBackward0")
    assert printing.node_repr(node) == "<MulBackward0 object at %s>" % hex(id(node))
    assert re.fullmatch(r"<torch\.autograd\.function\.FnBackward object at 0x[0-9a-f]+>",
                        printing.node_repr(_Node("FnBackward"), module="torch.autograd.function"))


def test_return_types_repr():
    class V:
        def __init__(self, text):
            self.text = text

        def __repr__(self):
            return self.text

    got = printing.return_types_repr("max", [("values", V("tensor([[1.],\n        [2.]])")),
                                             ("indices", V("tensor([0, 1])"))])
    assert got == ("torch.return_types.max(\nvalues=tensor([[1.],\n        [2.]]),\n"
                   "indices=tensor([0, 1]))")
    pair = (V("tensor([0.])"), V("tensor([1.])"))
    assert printing.return_types_repr("torch.return_types.histogramdd", [("bin_edges", pair)]) == \
        "torch.return_types.histogramdd(\nbin_edges=(tensor([0.]), tensor([1.])))"


# ------------------------------------------------------------------ huge tensors

def test_huge_tensor_reads_only_the_shown_elements():
    # 10^8 elements as a broadcast view: if the printer touched them all, this
    # would be slow; if it looked at hidden ones, the nan/1e30 would show up in the
    # formatting (torch decides int/sci mode from the shown elements only).
    base = np.arange(10, dtype=np.float32)
    huge = np.broadcast_to(base, (10 ** 7, 10))
    assert r(huge) == (
        "tensor([[0., 1., 2.,  ..., 7., 8., 9.],\n"
        "        [0., 1., 2.,  ..., 7., 8., 9.],\n"
        "        [0., 1., 2.,  ..., 7., 8., 9.],\n"
        "        ...,\n"
        "        [0., 1., 2.,  ..., 7., 8., 9.],\n"
        "        [0., 1., 2.,  ..., 7., 8., 9.],\n"
        "        [0., 1., 2.,  ..., 7., 8., 9.]])")
    flat = np.full(10 ** 6, 0.5, np.float32)
    flat[10 ** 5] = np.nan
    flat[10 ** 5 + 1] = 1e30
    assert r(flat) == "tensor([0.5000, 0.5000, 0.5000,  ..., 0.5000, 0.5000, 0.5000])"


def test_edgeitems_zero_never_formats():
    printing.set_printoptions(edgeitems=0)
    assert r(np.broadcast_to(np.float32(np.nan), (10 ** 8,))) == "tensor([...], size=(100000000,))"
    assert r(np.zeros((2, 1000))) == "tensor([...], size=(2, 1000), dtype=torch.float64)"


# ------------------------------------------------------------------ never raises

_DTYPES = [np.bool_, np.uint8, np.int8, np.int16, np.int32, np.int64,
           np.float16, np.float32, np.float64]


@st.composite
def _arrays(draw):
    dtype = np.dtype(draw(st.sampled_from(_DTYPES)))
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=5, min_side=0, max_side=5))
    if dtype.kind == "f":
        elements = st.floats(allow_nan=True, allow_infinity=True, allow_subnormal=True,
                             width=dtype.itemsize * 8)
    else:
        elements = None
    return draw(hnp.arrays(dtype, shape, elements=elements))


@settings(max_examples=300, deadline=None)
@given(_arrays(),
       st.sampled_from([None, {"precision": 0}, {"precision": 8}, {"sci_mode": True},
                        {"sci_mode": False}, {"threshold": 3}, {"threshold": 3, "edgeitems": 1},
                        {"edgeitems": 0}, {"linewidth": 1}, {"profile": "short"}]),
       st.booleans())
def test_printing_never_raises(a, opts, requires_grad):
    if opts:
        printing.set_printoptions(**opts)
    try:
        text = r(a, requires_grad=requires_grad)
    finally:
        printing.set_printoptions(profile="default")
    assert text.startswith("tensor(") and text.endswith(")")
    assert text.count("[") == text.count("]")


def test_tensor_format():
    assert printing.tensor_format(T(np.float32(2.5)), "") == "2.5"
    assert printing.tensor_format(T(np.float32(3.14159)), "8.3f") == "   3.142"
    assert printing.tensor_format(T(np.bool_(True)), "") == "True"
    assert printing.tensor_format(T(np.array([1.5, 2.0], np.float32)), "") == "tensor([1.5000, 2.0000])"
    with pytest.raises(TypeError, match="unsupported format string passed to Tensor.__format__"):
        printing.tensor_format(T(np.array([1.5], np.float32)), ".2f")
