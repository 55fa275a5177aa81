"""The graph behind a tensor in Graphviz DOT (``%graph T --dot FILE``).

Drawn as torchviz draws it: edges point the way the forward pass ran (from an
input's node to the node that used it), leaves light blue, the root green. The nodes a
module's call made are drawn inside a box labelled with the module (``net.fc1 (Linear)``).
"""

from __future__ import annotations

from gradcalc.engine.graph_walk import leaf_of, outputs_of, walk_graph

from .bound_names import BoundNames


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _label(node, names: BoundNames) -> str:
    lines = [type(node).__name__]
    bound = names.of_node(node)
    if bound:
        lines.append(", ".join(bound))
    leaf = leaf_of(node)
    if leaf is not None:
        lines.append(f"{tuple(leaf.shape)} {leaf.dtype.name}")
    else:
        lines.extend(f"{tuple(shape)} {dtype}" for shape, dtype in outputs_of(node))
    return "\n".join(lines)


def graph_dot(root_node, namespace=None, max_depth=None) -> str:
    """DOT text for the graph behind ``root_node`` (every node unless ``max_depth``)."""
    names = namespace if isinstance(namespace, BoundNames) else BoundNames(namespace)
    names.show_graph(root_node)
    walk = walk_graph(root_node, max_depth=max_depth)
    ids = {}
    lines = ["digraph gradcalc {",
             '    node [shape=box, style=filled, fillcolor=white, fontname="monospace"];']
    clusters = {}  # module label -> node lines, drawn as one box each (after the edges: a node
    # mentioned in a subgraph belongs to it wherever it was first mentioned)
    parents = []  # the node at each depth on the current path
    for e in walk.entries:
        del parents[e.depth:]
        node = e.node
        if node not in ids:
            ids[node] = f"n{len(ids)}"
            attrs = [f"label={_quote(_label(node, names))}"]
            if leaf_of(node) is not None:
                attrs.append("fillcolor=lightblue")
            elif e.depth == 0:
                attrs.append("fillcolor=darkolivegreen1")
            line = f"{ids[node]} [{', '.join(attrs)}];"
            module = names.module_of(node)
            if module:
                clusters.setdefault(module, []).append(line)
            else:
                lines.append("    " + line)
        if parents:
            lines.append(f"    {ids[node]} -> {ids[parents[-1]]};")
        parents.append(node)
    for k, (module, members) in enumerate(clusters.items()):
        lines.append(f"    subgraph cluster_{k} {{")
        lines.append(f"        label={_quote(module)}; style=rounded;")
        lines.extend("        " + line for line in members)
        lines.append("    }")
    if walk.hidden_nodes:
        lines.append(f"    // {walk.hidden_nodes} nodes below depth {max_depth} left out")
    lines.append("}")
    return "\n".join(lines) + "\n"
