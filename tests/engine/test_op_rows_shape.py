"""Shape ops declared as rows (``ops/table_shape.py``): views stay views (shared memory and
version counter, in-place writes through them reach the base's history, ``replay``), a node
keeps only what its rule and its replay read, and the forward-mode rule is the op itself."""

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.node import OPS
from gradcalc.engine.ops.table import ROWS, row_of
from gradcalc.engine.ops.table_shape import ShapeRow

SHAPES = [r for r in ROWS if isinstance(r, ShapeRow)]
VIEWS = {"x.reshape(3, 2)": "ViewBackward0", "x.t().reshape(3, 2)": "ReshapeAliasBackward0",
         "x.unsqueeze(1)": "UnsqueezeBackward0", "x.unsqueeze(0).squeeze()": "SqueezeBackward0",
         "x.unsqueeze(0).squeeze(0)": "SqueezeBackward1", "x.unsqueeze(0).squeeze((0,))": "SqueezeBackward2",
         "x.transpose(0, 1)": "TransposeBackward0", "x.t()": "TBackward0", "x.permute(1, 0)": "PermuteBackward0",
         "x.unsqueeze(0).expand(2, 2, 3)": "ExpandBackward0"}


def test_the_shape_ops_are_rows():
    names = {r.node.__name__ for r in SHAPES}
    assert set(VIEWS.values()) | {"UnsafeViewBackward0", "CloneBackward0", "ToCopyBackward0"} <= names
    for r in SHAPES:
        assert r.node in OPS and row_of(r.node) is r and r.node.checks and r.node.explain


@pytest.mark.parametrize("expr", list(VIEWS), ids=list(VIEWS.values()))
def test_a_view_row_is_a_view(expr):
    base = torch.arange(6.0).reshape(2, 3).requires_grad_()
    x = base * 1
    y = eval(expr)
    assert type(y.grad_fn).__name__ == VIEWS[expr] and y.grad_fn.is_view
    assert np.shares_memory(y.detach().numpy(), x.detach().numpy())
    assert y._version == x._version
    # replay: the same view of another array (shaped like the node's input)
    inp = eval(expr.rsplit(".", 1)[0]).detach().numpy()
    assert np.array_equal(y.grad_fn.replay(inp * 2), y.detach().numpy() * 2)
    if "expand" in expr:  # an expanded view overlaps itself: torch refuses to write through it
        with pytest.raises(RuntimeError, match="more than one element of the written-to tensor"):
            y.mul_(3)
        return
    with torch.no_grad():
        y.add_(0)
    assert y._version == x._version  # one version counter
    # an in-place write through the view rewrites x's history (CopySlices), and gradients flow
    y.mul_(3)
    assert type(x.grad_fn).__name__ == "CopySlices"
    x.sum().backward()
    assert base.grad.shape == (2, 3) and float(base.grad.sum()) > 6


def test_a_view_node_keeps_no_tensor():
    x = torch.ones(2, 3, requires_grad=True)
    for y in (x.reshape(3, 2), x.t(), x.transpose(0, 1), x.unsqueeze(0), x.expand(4, 2, 3)):
        assert y.grad_fn._saved is None


ONE_OP = ["x.reshape(3, 2)", "x.unsqueeze(1)", "x.transpose(0, 1)", "x.t()", "x.permute(1, 0)", "x[:1].squeeze(0)",
          "x[:1].expand(4, 3)", "x.clone()", "x.double()", "x.t().reshape(6)"]


@pytest.mark.parametrize("expr", ONE_OP)
def test_the_forward_mode_rule_is_the_op_applied_to_the_tangent(expr):
    x = torch.arange(6.0).reshape(2, 3).requires_grad_()
    y = eval(expr)
    # the tangent of the node's input: the same expression up to the last op, on a tangent of x
    head = expr.rsplit(".", 1)[0]
    t = torch.arange(6.0).reshape(2, 3) * 10
    t_in = eval(head, {"x": t})
    tangent = row_of(y.grad_fn).jvp(y.grad_fn, t_in)
    assert tangent.tolist() == eval(expr, {"x": t}).tolist()


def test_view_refuses_what_needs_a_copy_and_reshape_copies():
    x = torch.ones(2, 3, requires_grad=True)
    with pytest.raises(RuntimeError, match="view size is not compatible"):
        x.t().view(6)
    y = x.t().reshape(6)
    assert type(y.grad_fn).__name__ == "UnsafeViewBackward0" and not y.grad_fn.is_view
    assert not np.shares_memory(y.detach().numpy(), x.detach().numpy())
