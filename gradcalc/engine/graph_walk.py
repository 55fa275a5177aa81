"""Walk the graph behind a tensor for display (``%graph``, ``grad_fn`` trees, DOT).

``walk_graph(root)`` lists the nodes root first, depth first, each input in
``next_functions`` order. A node reached a second time is listed again only as a
reference to its first appearance (``GraphEntry.repeat``), so shared subgraphs are
shown once. ``max_depth`` and ``max_entries`` bound what is listed; ``GraphWalk``
counts what was left out, so a caller can say so. Iterative throughout: a chain of
a million ops is walked in constant Python stack.
"""

from .dtypes import from_numpy_dtype
from .node import AccumulateGrad

__all__ = ["walk_graph", "GraphWalk", "GraphEntry", "outputs_of", "leaf_of"]


def outputs_of(node):
    """``[(shape, dtype name), ...]``: what each output of ``node`` is (torch keeps this too)."""
    return [(tuple(shape), from_numpy_dtype(dtype).name) for shape, dtype in node._outs]


def leaf_of(node):
    """The leaf tensor behind an ``AccumulateGrad`` node (None if it was freed or not a leaf node)."""
    if type(node) is not AccumulateGrad:
        return None
    return node._var()


class GraphEntry:
    """One line of the walk: a node, at a depth, reached through output ``output_nr``."""

    __slots__ = ("node", "depth", "output_nr", "repeat", "shared", "cut")

    def __init__(self, node, depth, output_nr, repeat, shared):
        self.node = node
        self.depth = depth
        self.output_nr = output_nr  # which output of the node the parent used
        self.repeat = repeat        # listed before: this is a reference to that first entry
        self.shared = shared        # reached by more than one edge (worth a tag to refer to)
        self.cut = 0                # inputs not listed because of max_depth / max_entries

    @property
    def is_leaf(self):
        return type(self.node) is AccumulateGrad


class GraphWalk:
    """The listed entries and what the limits left out."""

    __slots__ = ("entries", "total_nodes", "listed_nodes", "max_depth", "truncated")

    def __init__(self):
        self.entries = []
        self.total_nodes = 0    # distinct nodes in the whole graph
        self.listed_nodes = 0   # distinct nodes listed
        self.max_depth = None
        self.truncated = False  # max_entries stopped the walk

    @property
    def hidden_nodes(self):
        return self.total_nodes - self.listed_nodes


def edge_counts(root):
    """For every node behind ``root``: how many edges lead into it (the root counts one)."""
    counts = {root: 1}
    stack = [root]
    while stack:
        for child, _ in stack.pop()._next:
            if child is None:
                continue
            if child in counts:
                counts[child] += 1
            else:
                counts[child] = 1
                stack.append(child)
    return counts


def walk_graph(root, max_depth=None, max_entries=None):
    """The nodes behind ``root`` (a Node), root first; see the module docstring."""
    walk = GraphWalk()
    walk.max_depth = max_depth
    counts = edge_counts(root)
    walk.total_nodes = len(counts)
    listed = set()
    stack = [(root, 0, 0)]
    entries = walk.entries
    while stack:
        node, depth, nr = stack.pop()
        if max_entries is not None and len(entries) >= max_entries:
            walk.truncated = True
            break
        repeat = node in listed
        entry = GraphEntry(node, depth, nr, repeat, counts[node] > 1)
        entries.append(entry)
        if repeat:
            continue
        listed.add(node)
        children = [(c, n) for c, n in node._next if c is not None]
        if max_depth is not None and depth >= max_depth:
            entry.cut = len(children)
            continue
        for child, n in reversed(children):
            stack.append((child, depth + 1, n))
    walk.listed_nodes = len(listed)
    return walk
