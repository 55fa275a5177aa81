"""A backward frees what its graph saved at once, as torch's does, unless the interpreter asked
the engine to keep it for %explain (then until the next backward)."""

import gc
import weakref

import gradcalc.engine as torch
from gradcalc.engine import node


def _saved_after_backward(keep):
    before = node.KEEP_FREED[0]
    node.keep_freed_for_explain(keep)
    try:
        x = torch.randn(3, requires_grad=True)
        a = x * 2
        ref = weakref.ref(a)
        y = a.sin()  # SinBackward0 saves its input, a
        del a
        y.sum().backward()
        gc.collect()
        return ref() is not None, y  # (y, and with it the graph's nodes, still alive)
    finally:
        node.keep_freed_for_explain(before)


def test_the_engine_frees_saved_values_when_the_pass_ends():
    alive, _ = _saved_after_backward(False)
    assert not alive
    assert not node.LAST_RELEASED


def test_kept_for_explain_only_when_asked():
    alive, _ = _saved_after_backward(True)
    assert alive
