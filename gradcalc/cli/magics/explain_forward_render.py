"""A forward-mode pass (``gradcalc.engine.explain_forward.ForwardTrace``) as text, step by step.

    [3] MulBackward0 (z)  (2, 2) float32
        t_self      tensor([[6., 6.],
                            [6., 6.]]) ← [2] MulBackward0
        rule        tangent = t_self * other + t_other * self   (product rule)
        with        other = 3
        tangent     tensor([[18., 18.],
                            [18., 18.]])

Steps are numbered in the order the ops ran (leaves first, where the tangents start);
each tangent flowing into a node names the step it came from. The rule is the op's
forward rule; where forward mode derives it from the backward, the backward's rule is
shown beneath. Values use the engine's tensor printer, summarised sooner than ``print``.
"""

from __future__ import annotations

from gradcalc.engine.explain import rule_of

from ..styled import Styled
from .bound_names import BoundNames
from .explain_render import LABEL_STYLE, RULE_STYLE, value_text, with_rows
from .graph_tree import DIM, LEAF_STYLE, META_STYLE, MODULE_STYLE, NAME_STYLE, NODE_STYLE, shape_dtype


def render_forward(trace, namespace=None, title=None) -> Styled:
    names = namespace if isinstance(namespace, BoundNames) else BoundNames(namespace)
    if trace.root.grad_fn is not None:
        names.show_graph(trace.root.grad_fn)
    numbers, i = [], 1
    number_of = {}
    for step in trace.steps:
        numbers.append(i)
        if step.kind == "elided":
            i += step.count
            continue
        number_of[step.node] = i
        i += 1
    width = _label_width(trace)
    out = Styled()
    _header(out, trace, names, title)
    for step, number in zip(trace.steps, numbers):
        out.newline().newline()
        if step.kind == "leaf":
            _leaf(out, number, step, names, width)
        elif step.kind == "node":
            _node(out, number, step, names, number_of, width)
        else:
            out.add(f"… steps [{number}] to [{number + step.count - 1}] ran but are not shown "
                    f"(the first {number - 1} are)", DIM)
    who = title or _who(names, trace.root) or "the tensor"
    out.newline().newline()
    lead = f"{who}'s tangent (J·t) = "
    out.add(lead, NAME_STYLE)
    if trace.tangent is None:
        out.add("0   (no tangent reaches it: it does not depend on the leaves that move)", DIM)
    else:
        out.add_block(value_text(trace.tangent), len(lead), "value")
    return out


def _who(names, t):
    bound = names.of_tensor(t)
    return bound[0] if bound else None


def _header(out, trace, names, title):
    root = trace.root
    who = title or _who(names, root) or "the tensor"
    out.add("forward-mode pass of ", DIM).add(who, NAME_STYLE).add("  ")
    out.add(shape_dtype(tuple(root.shape), root.dtype.name), META_STYLE)
    fn = root.grad_fn
    out.add(", ").add(type(fn).__name__ if fn is not None else "a leaf", NODE_STYLE if fn is not None else LEAF_STYLE)
    out.newline()
    if trace.default:
        out.add("starting tangents (the t of the Jacobian-vector product J·t): ones at every leaf "
                "(--tangent V picks others)", DIM)
    else:
        out.add("starting tangents (the t of the Jacobian-vector product J·t): as given by --tangent; "
                "a leaf not given does not move", DIM)
    out.newline().add("the tangents flow with the values, in the order the ops ran: nothing is stored, "
                      "no .grad changes", DIM)


def _label_width(trace):
    labels = ["tangent", "rule", "with", "backward"]
    for step in trace.steps:
        if step.kind == "node":
            labels += ["t_" + f.label if not f.label.startswith("input ") else f"t {f.label}" for f in step.inputs]
            if len(step.tangents) > 1:
                labels.append(f"tangent {len(step.tangents) - 1}")
    return max(len(x) for x in labels) + 3


def _row(out, label, width, text, style="value"):
    out.newline().add("    ").add(label, LABEL_STYLE).add(" " * (width - len(label)))
    out.add_block(text, 4 + width, style)


def _title(out, number, node, names):
    out.add(f"[{number}] ", "bold").add(type(node).__name__, NODE_STYLE)
    bound = names.of_node(node)
    if bound:
        out.add(" (").add(", ".join(bound), NAME_STYLE).add(")")


def _leaf(out, number, step, names, width):
    who = _who(names, step.tensor)
    out.add(f"[{number}] ", "bold").add(who or "leaf", NAME_STYLE if who else LEAF_STYLE)
    out.add(" (leaf)" if who else "")
    out.add("  " + shape_dtype(tuple(step.tensor.shape), step.tensor.dtype.name), META_STYLE)
    if step.tangent is None:
        _row(out, "tangent", width, "None   (not given: this leaf does not move)", DIM)
    else:
        _row(out, "tangent", width, value_text(step.tangent))


def _source(node, names, number_of):
    s = Styled()
    number = number_of.get(node)
    if number is not None:
        s.add(f"[{number}] ", "bold")
    from gradcalc.engine.graph_walk import leaf_of

    leaf = leaf_of(node)
    if leaf is not None:
        who = _who(names, leaf)
        s.add(who or "leaf", NAME_STYLE if who else LEAF_STYLE)
        return s
    s.add(type(node).__name__, NODE_STYLE)
    bound = names.of_node(node)
    if bound:
        s.add(" (").add(", ".join(bound), NAME_STYLE).add(")")
    return s


def _node(out, number, step, names, number_of, width):
    node = step.node
    _title(out, number, node, names)
    out.add("  " + ", ".join(shape_dtype(shape, dtype) for shape, dtype in step.outputs), META_STYLE)
    module = names.module_of(node)
    if module:
        out.add("  in ", DIM).add(module, MODULE_STYLE)
    for flow in step.inputs:
        label = f"t {flow.label}" if flow.label.startswith("input ") else "t_" + flow.label
        if flow.tangent is None:
            _row(out, label, width, "None   (no tangent reaches this input: zero)", DIM)
        else:
            _row(out, label, width, value_text(flow.tangent))
        out.add(" ← ", DIM).extend(_source(flow.node, names, number_of))
    _row(out, "rule", width, step.rule, RULE_STYLE)
    if step.derived:
        _row(out, "backward", width, rule_of(node) or "(no rule declared)", RULE_STYLE)
    with_rows(out, step, names, width)
    for k, t in enumerate(step.tangents):
        label = "tangent" if len(step.tangents) == 1 else f"tangent {k}"
        if t is None:
            _row(out, label, width, "None   (zero: no tangent reached the op)", DIM)
        else:
            _row(out, label, width, value_text(t))
