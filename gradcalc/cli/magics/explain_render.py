"""A recorded backward pass (``gradcalc.engine.explain.Trace``) as text, step by step.

    [2] MulBackward0 (z)  (2, 2) float32
        grad        tensor([[0.2500, 0.2500],
                            [0.2500, 0.2500]])
        rule        grad_self = grad * other;  grad_other = grad * self   (product rule)
        with        self = tensor(...)
                    other = 3
        grad_self   tensor([[0.7500, 0.7500],
                            [0.7500, 0.7500]]) → [3] MulBackward0

Each step is numbered in the order the engine ran it; a gradient sent to an input
names the step that receives it, and a gradient that arrives from several places
says it is their sum. The rule text is the op's own declaration. Values use the
engine's tensor printer, summarised sooner than ``print`` would.
"""

from __future__ import annotations

from gradcalc.engine import Tensor
from gradcalc.engine.graph_walk import leaf_of
from gradcalc.engine.printing import get_printoptions, printoptions

from ..styled import Styled
from .bound_names import BoundNames
from .graph_tree import DIM, LEAF_STYLE, META_STYLE, MODULE_STYLE, NAME_STYLE, NODE_STYLE, shape_dtype

# Past this many elements a value is summarised (torch's own threshold is 1000).
VALUE_THRESHOLD = 100
LABEL_STYLE = "italic"
RULE_STYLE = "yellow"


def value_text(v) -> str:
    """A value as the engine prints it, without graph suffixes, summarised when large."""
    if isinstance(v, Tensor):
        opts = get_printoptions()
        opts["threshold"] = min(opts["threshold"], VALUE_THRESHOLD)
        with printoptions(**opts):
            return repr(v.detach())
    return repr(v)


class _Steps:
    """Step numbers of nodes, and where each node's incoming gradient came from."""

    def __init__(self, trace):
        self.number = {}      # node -> step number
        self.sources = {}     # (node, output_nr) -> [(step number, input label), ...]
        self.numbers = []     # the number of each entry of trace.steps (elided steps count too)
        i = 1
        for step in trace.steps:
            self.numbers.append(i)
            if step.kind == "elided":
                i += step.count
                continue
            self.number.setdefault(step.node, i)
            i += 1
            if step.kind == "node":
                for flow in step.inputs:
                    if flow.grad is not None:
                        self.sources.setdefault((flow.node, flow.output_nr), []).append((i - 1, flow.label))


def render_trace(trace, namespace=None, title=None) -> Styled:
    """The whole trace: a header, every step, then what each leaf's ``.grad`` is."""
    names = namespace if isinstance(namespace, BoundNames) else BoundNames(namespace)
    names.show_graph(trace.root.grad_fn)
    steps = _Steps(trace)
    width = _label_width(trace, names)
    out = Styled()
    _header(out, trace, names, title)
    for step, number in zip(trace.steps, steps.numbers):
        out.newline().newline()
        if step.kind == "node":
            _node_step(out, number, step, names, steps, width)
        elif step.kind == "leaf":
            _leaf_step(out, number, step, names, steps, width)
        else:
            out.add(f"… steps [{number}] to [{number + step.count - 1}] ran but are not shown "
                    f"(the first {number - 1} are)", DIM)
    _footer(out, trace, names)
    return out


def _who(names: BoundNames, t) -> str:
    bound = names.of_tensor(t)
    return bound[0] if bound else None


def _header(out, trace, names, title):
    root = trace.root
    who = title or _who(names, root) or "the tensor"
    out.add("backward of ", DIM).add(who, NAME_STYLE).add("  ")
    out.add(shape_dtype(root.shape, root.dtype.name), META_STYLE)
    fn = root.grad_fn
    out.add(", ").add(type(fn).__name__ if fn is not None else "a leaf", NODE_STYLE if fn is not None else LEAF_STYLE)
    out.newline()
    if root.numel() == 1 and bool((trace.gradient.detach() == 1).all()):
        lead = f"starting gradient (d {who} / d {who}) = "
    else:
        lead = "starting gradient (the v of the vector-Jacobian product) = "
    out.add(lead, DIM)
    out.add_block(value_text(trace.gradient), len(lead), "value")
    if trace.dry:
        out.newline().add("dry run: every .grad is left as it was and the graph is kept", DIM)


def _title(out, number, node, names, output_nr=None):
    out.add(f"[{number}] ", "bold").add(type(node).__name__, LEAF_STYLE if leaf_of(node) is not None else NODE_STYLE)
    bound = names.of_node(node)
    if bound:
        out.add(" (").add(", ".join(bound), NAME_STYLE).add(")")


def _target(node, names, steps) -> Styled:
    s = Styled()
    number = steps.number.get(node)
    if number is not None:
        s.add(f"[{number}] ", "bold")
    s.add(type(node).__name__, LEAF_STYLE if leaf_of(node) is not None else NODE_STYLE)
    bound = names.of_node(node)
    if bound:
        s.add(" (").add(", ".join(bound), NAME_STYLE).add(")")
    return s


def with_rows(out, step, names, width):
    """The ``with`` rows: the op's parameters, then what it saved (named by the variable holding it)."""
    withs = [(f"{name} = ", repr(value)) for name, value in step.params]
    for label, value in step.saved:
        text = value_text(value)
        if isinstance(value, Tensor):
            who = _who(names, value)
            if who and who != label:
                text += f"   ({who})"
        withs.append((f"{label} = ", text))
    for k, (lead, text) in enumerate(withs):
        out.newline().add("    ")
        out.add("with" if k == 0 else "", LABEL_STYLE).add(" " * (width - (4 if k == 0 else 0)))
        out.add(lead).add_block(text, 4 + width + len(lead), "value")


def _row(out, label, width, text, style="value"):
    """``    label   text`` with the text's later lines aligned under its first."""
    out.newline().add("    ").add(label, LABEL_STYLE).add(" " * (width - len(label)))
    out.add_block(text, 4 + width, style)


def _label_width(trace, names):
    """One column for the labels of every step, so the values line up down the page."""
    labels = ["grad", "rule", "with"]
    for step in trace.steps:
        if step.kind == "node":
            labels += [_flow_label(f.label) for f in step.inputs]
            if len(step.incoming) > 1:
                labels.append(f"grad {len(step.incoming) - 1}")
        elif step.kind == "leaf":
            who = _who(names, step.tensor) or "leaf"
            labels += [f"{who}.grad was", f"{who}.grad would be"]
    return max(len(x) for x in labels) + 3


def _flow_label(label):
    return label if label.startswith("input ") else "grad_" + label


def _node_step(out, number, step, names, steps, width):
    node = step.node
    _title(out, number, node, names)
    out.add("  " + ", ".join(shape_dtype(shape, dtype) for shape, dtype in step.outputs),
            META_STYLE)
    module = names.module_of(node)
    if module:
        out.add("  in ", DIM).add(module, MODULE_STYLE)
    for k, g in enumerate(step.incoming):
        label = "grad" if len(step.incoming) == 1 else f"grad {k}"
        _row(out, label, width, "None" if g is None else value_text(g))
        _sources(out, width, node, k, steps, number)
    _row(out, "rule", width, step.rule or "(no rule declared)", RULE_STYLE)
    with_rows(out, step, names, width)
    for flow in step.inputs:
        _row(out, _flow_label(flow.label), width, "None" if flow.grad is None else value_text(flow.grad))
        out.add(" → ", DIM).extend(_target(flow.node, names, steps))
        if flow.reduced_from is not None and flow.grad is not None:
            out.newline().add(" " * (4 + width))
            out.add(f"(summed from {tuple(flow.reduced_from)} down to {tuple(flow.grad.shape)}: "
                    f"this input was broadcast)", DIM)


def _sources(out, width, node, nr, steps, number):
    """Where a node's incoming gradient came from, when that is not obvious."""
    sources = steps.sources.get((node, nr), [])
    if number == 1 and not sources:
        return  # the root: its gradient is the starting one, said in the header
    if len(sources) > 1:
        parts = " + ".join(f"[{i}] {_flow_label(lab)}" for i, lab in sources)
        out.newline().add(" " * (4 + width)).add(f"= the sum of {len(sources)} gradients: {parts}", DIM)


def _leaf_step(out, number, step, names, steps, width):
    leaf = step.tensor
    _title(out, number, step.node, names)
    out.add("  " + shape_dtype(leaf.shape, leaf.dtype.name), META_STYLE)
    who = _who(names, leaf) or "leaf"
    before = f"{who}.grad was"
    after = f"{who}.grad {'is now' if step.stored else 'would be'}"
    _row(out, "grad", width, value_text(step.grad))
    _sources(out, width, step.node, 0, steps, number)
    _row(out, "rule", width, "accumulate: leaf.grad += grad", RULE_STYLE)
    _row(out, before, width, "None" if step.previous is None else value_text(step.previous))
    _row(out, after, width, value_text(step.result))


def _footer(out, trace, names):
    leaves = trace.leaves
    if not leaves:
        out.newline().newline().add("no leaf that requires grad is reached: no .grad changes", DIM)
        return
    out.newline()
    for step in leaves:
        who = _who(names, step.tensor) or f"leaf {shape_dtype(step.tensor.shape, step.tensor.dtype.name)}"
        lead = f"{who}.grad = " if step.stored else f"{who}.grad would be "
        out.newline().add(lead, NAME_STYLE)
        out.add_block(value_text(step.result), len(lead), "value")
        if not step.stored:
            out.add("   (dry run: not stored)", DIM)

