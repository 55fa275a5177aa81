"""The graph behind a tensor as a text tree, root first (``%graph``, ``grad_fn`` in the REPL).

    MeanBackward0 (out)  () float32
    └── MulBackward0 (z)  (2, 2) float32
        └── MulBackward0  (2, 2) float32
            ├── AddBackward0 (y)  (2, 2) float32  [1]
            │   └── AccumulateGrad (x)  (2, 2) float32  requires_grad=True
            └── AddBackward0 (y)  → [1] above

Each node: its torch name, the variables bound to the tensor it made, that
tensor's shape and dtype, and the module whose call made it (``in net.fc1 (Linear)``;
a parameter's leaf is named ``net.fc1.weight``). A node reached by more than one edge gets a tag ``[k]``
where it is first drawn; later it is only referred to. Depth and line limits keep
huge graphs readable and end with a line saying what was left out.
"""

from __future__ import annotations

from gradcalc.engine.graph_walk import leaf_of, outputs_of, walk_graph

from ..styled import Styled
from .bound_names import BoundNames

DEFAULT_DEPTH = 50      # levels below the root
DEFAULT_LINES = 500     # nodes listed at most

NODE_STYLE = "bold green"
LEAF_STYLE = "bold yellow"
NAME_STYLE = "bold cyan"
META_STYLE = "blue"
MODULE_STYLE = "magenta"
DIM = "dim"


def node_label(node, names: BoundNames, output_nr=None) -> Styled:
    """``MulBackward0 (z)  (2, 2) float32`` (a leaf adds ``requires_grad=...``)."""
    s = Styled()
    leaf = leaf_of(node)
    s.add(type(node).__name__, LEAF_STYLE if leaf is not None else NODE_STYLE)
    bound = names.of_node(node) if output_nr is None else names.of_output(node, output_nr)
    if bound:
        s.add(" (")
        s.add(", ".join(bound), NAME_STYLE)
        s.add(")")
    outs = outputs_of(node)
    if leaf is not None:
        s.add("  " + shape_dtype(tuple(leaf.shape), leaf.dtype.name), META_STYLE)
        s.add(f"  requires_grad={leaf.requires_grad}", DIM)
    elif outs:
        if output_nr is not None and len(outs) > 1:
            shape, dtype = outs[output_nr]
            s.add(f"  output {output_nr}: " + shape_dtype(shape, dtype), META_STYLE)
        else:
            s.add("  " + ", ".join(shape_dtype(shape, dtype) for shape, dtype in outs), META_STYLE)
    module = names.module_of(node)
    if module:
        s.add("  in ", DIM).add(module, MODULE_STYLE)
    return s


def _short_label(node, names: BoundNames, output_nr) -> Styled:
    """A reference to a node drawn before: its name, variables and which output, no more."""
    s = Styled()
    s.add(type(node).__name__, LEAF_STYLE if leaf_of(node) is not None else NODE_STYLE)
    bound = names.of_output(node, output_nr)
    if bound:
        s.add(" (")
        s.add(", ".join(bound), NAME_STYLE)
        s.add(")")
    if len(outputs_of(node)) > 1:
        s.add(f"  output {output_nr}", META_STYLE)
    return s


def shape_dtype(shape, dtype_name):
    return f"{tuple(shape)} {dtype_name}"


def _last_flags(entries):
    """Whether each entry is the last child of its parent (scanning back, by depth)."""
    flags = [False] * len(entries)
    later_sibling = []
    for i in range(len(entries) - 1, -1, -1):
        d = entries[i].depth
        while len(later_sibling) <= d:
            later_sibling.append(False)
        flags[i] = not later_sibling[d]
        later_sibling[d] = True
        del later_sibling[d + 1:]
    return flags


def graph_tree(root_node, namespace=None, max_depth=DEFAULT_DEPTH, max_lines=DEFAULT_LINES,
               summary=True) -> Styled:
    """The tree of the graph behind ``root_node``, as ``Styled`` lines."""
    names = namespace if isinstance(namespace, BoundNames) else BoundNames(namespace)
    names.show_graph(root_node)
    walk = walk_graph(root_node, max_depth=max_depth, max_entries=max_lines)
    entries = walk.entries
    last = _last_flags(entries)
    tags = {}
    out = Styled()
    open_levels = []  # per depth: the ancestor there has siblings still to come (draw │)
    for i, e in enumerate(entries):
        if i:
            out.newline()
        d = e.depth
        del open_levels[d:]
        if d:
            prefix = "".join("│   " if more else "    " for more in open_levels[1:d])
            prefix += "└── " if last[i] else "├── "
            out.add(prefix, DIM)
        while len(open_levels) < d:
            open_levels.append(False)
        open_levels.append(not last[i])
        if e.repeat:
            out.extend(_short_label(e.node, names, e.output_nr))
            out.add(f"  → [{tags[e.node]}] above", DIM)
            continue
        out.extend(node_label(e.node, names, None if d == 0 else e.output_nr))
        if e.shared:
            tags[e.node] = len(tags) + 1
            out.add(f"  [{tags[e.node]}]", DIM)
        if e.cut:
            child_prefix = "".join("│   " if more else "    " for more in open_levels[1:d + 1])
            out.newline().add(child_prefix + "└── ", DIM)
            out.add(f"… {e.cut} input{'s' if e.cut != 1 else ''} deeper than depth {max_depth}", DIM)
    if summary:
        out.newline().extend(_summary(walk, max_depth))
    return out


def _summary(walk, max_depth) -> Styled:
    s = Styled()
    n = walk.total_nodes
    text = f"{n:,} node{'s' if n != 1 else ''}"
    hidden = walk.hidden_nodes
    if hidden:
        if walk.truncated:
            text += f"; listing stopped after {len(walk.entries):,} lines, {hidden:,} not shown"
        else:
            text += f"; {hidden:,} below depth {max_depth} not shown (--depth N to see more)"
    return s.add(text, DIM)
