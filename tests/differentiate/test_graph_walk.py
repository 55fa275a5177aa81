"""gradcalc.engine.graph_walk: root first, shared nodes once, limits, no recursion."""

import gradcalc.engine as torch
from gradcalc.engine.graph_walk import leaf_of, outputs_of, walk_graph


def test_shared_node_is_listed_once_then_referenced():
    x = torch.ones(2, requires_grad=True)
    y = x + 2
    out = (y * y).sum()
    walk = walk_graph(out.grad_fn)
    got = [(e.depth, type(e.node).__name__, e.repeat) for e in walk.entries]
    assert got == [(0, "SumBackward0", False), (1, "MulBackward0", False), (2, "AddBackward0", False),
                   (3, "AccumulateGrad", False), (2, "AddBackward0", True)]
    assert walk.entries[2].shared and not walk.entries[1].shared
    assert walk.total_nodes == walk.listed_nodes == 4
    assert leaf_of(walk.entries[3].node) is x
    assert outputs_of(walk.entries[0].node) == [((), "float32")]


def test_a_deep_chain_walks_without_recursion_and_counts_what_is_hidden():
    x = torch.ones(1, requires_grad=True)
    t = x
    for _ in range(200_000):
        t = t * 1.0
    walk = walk_graph(t.grad_fn, max_depth=5)
    assert len(walk.entries) == 6
    assert walk.entries[-1].cut == 1
    assert walk.total_nodes == 200_001
    assert walk.hidden_nodes == 200_001 - 6


def test_max_entries_stops_a_wide_graph():
    xs = [torch.ones(1, requires_grad=True) for _ in range(1000)]
    s = torch.cat(xs).sum()
    walk = walk_graph(s.grad_fn, max_entries=10)
    assert len(walk.entries) == 10 and walk.truncated
    assert walk.total_nodes == 1002
