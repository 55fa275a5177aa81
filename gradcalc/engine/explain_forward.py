"""A forward-mode pass over a recorded graph, step by step: what ``%explain --forward`` shows.

``explain_forward(t, tangents)`` takes the graph behind ``t`` (recorded as usual) and
pushes a tangent from each leaf through every node in the order the ops ran, as
forward-mode AD (``torch.autograd.forward_ad``) would have while they ran; the tangent
that reaches ``t`` is the Jacobian-vector product J·t. Each node's step records the
tangents flowing in (one per input; None where no tangent reaches it), the forward rule,
what the node had saved and the tangent flowing out.

The rule at a node is the one forward mode uses (``autograd/forward_jvp``): a row of the
op table applies its own forward rule (``row.jvp``: by default its backward rule applied
to each input's tangent, exact for a pointwise op); any other node's product is derived
from its backward by the double-vjp trick (its backward computes Jᵀu, linear in u, so
J·t is the gradient with respect to u of ⟨Jᵀu, t⟩). Nothing of the graph changes and
no ``.grad`` is written. Numpy and the standard library only, like the engine.
"""

import re

import numpy as np

from .explain import _free_again, _params, _revive_last_backward, _saved_values, input_labels, rule_of
from .grad_math import cast, sum_to
from .grad_mode import enable_grad
from .graph_walk import outputs_of
from .node import AccumulateGrad
from .tensor import Tensor

__all__ = ["explain_forward", "forward_rule_of", "leaves_of", "node_jvp", "ForwardTrace", "ForwardStep", "LeafStart",
           "TangentFlow"]


class TangentFlow:
    """The tangent one input of a node brings (from which node's output)."""

    __slots__ = ("position", "label", "node", "output_nr", "tangent")

    def __init__(self, position, label, node, output_nr, tangent):
        self.position = position    # index among the op's inputs
        self.label = label          # the input's name in the rule ("self", "other", ...)
        self.node = node            # the node that made this input (AccumulateGrad for a leaf)
        self.output_nr = output_nr
        self.tangent = tangent      # Tensor, or None: no tangent reaches this input (a zero tangent)


class ForwardStep:
    """One node's forward rule, applied to the tangents of its inputs."""

    kind = "node"
    __slots__ = ("node", "name", "rule", "derived", "outputs", "inputs", "saved", "params", "tangents")

    def __init__(self, node):
        self.node = node
        self.name = type(node).__name__
        self.rule, self.derived = forward_rule_of(node)
        self.outputs = tuple(outputs_of(node))   # ((shape, dtype name), ...)
        self.inputs = ()                          # TangentFlow per input edge
        self.saved = _saved_values(node)          # what the rule reads
        self.params = _params(node)
        self.tangents = ()                        # the tangent of each output (Tensor or None)


class LeafStart:
    """A leaf the pass starts from, with the tangent it is given (None: it does not move)."""

    kind = "leaf"
    __slots__ = ("tensor", "node", "tangent")

    def __init__(self, tensor, node, tangent):
        self.tensor = tensor
        self.node = node
        self.tangent = tangent


class ElidedSteps:
    """Node steps past ``max_steps``: they ran but are not recorded."""

    kind = "elided"
    __slots__ = ("count",)

    def __init__(self):
        self.count = 0


class ForwardTrace:
    """A recorded forward-mode pass: ``steps`` in the order the ops ran, ``tangent`` the root's."""

    __slots__ = ("root", "steps", "tangent", "default")

    def __init__(self, root, default):
        self.root = root
        self.steps = []
        self.tangent = None
        self.default = default   # the leaves' tangents were not given: ones

    @property
    def leaves(self):
        return [s for s in self.steps if s.kind == "leaf"]


def explain_forward(t, tangents=None, max_steps=None):
    """Push tangents from the leaves of ``t``'s graph to ``t``; returns the ``ForwardTrace``.

    ``tangents``: ``{id(leaf): Tensor}`` (a leaf not in it does not move), or None for a
    tangent of ones at every leaf. ``max_steps`` bounds how many node steps are recorded.
    """
    trace = ForwardTrace(t, tangents is None)
    root = t._grad_fn
    if root is None:
        if not t._requires_grad:
            raise RuntimeError("element 0 of tensors does not require grad and does not have a grad_fn")
        from .node import accumulator
        root = accumulator(t)
    revived = _revive_last_backward(t)
    try:
        _run(trace, t, root, tangents, max_steps)
    finally:
        _free_again(revived)
    return trace


def leaves_of(t):
    """The leaves (requiring grad) of ``t``'s graph, in the order a forward pass meets them."""
    if t._grad_fn is None:
        return [t] if t._requires_grad else []
    return [leaf for leaf in (n._var() for n in _order(t._grad_fn) if type(n) is AccumulateGrad)
            if leaf is not None]


def _order(root):
    """Every node of the graph, each after all the nodes that made its inputs (iterative)."""
    order, done, stack = [], set(), [(root, False)]
    while stack:
        node, expanded = stack.pop()
        if expanded:
            order.append(node)
            continue
        if node in done:
            continue
        done.add(node)
        stack.append((node, True))
        for child, _ in reversed(node._next):
            if child is not None and child not in done:
                stack.append((child, False))
    return order


def _run(trace, t, root, tangents, max_steps):
    from .creation import ones_like

    room = float("inf") if max_steps is None else max_steps
    out = {}   # (node, output_nr) -> tangent
    for node in _order(root):
        if type(node) is AccumulateGrad:
            leaf = node._var()
            if leaf is None:
                continue
            tangent = ones_like(leaf.detach()) if tangents is None else tangents.get(id(leaf))
            out[(node, 0)] = tangent
            trace.steps.append(LeafStart(leaf, node, tangent))
            continue
        names = input_labels(node)
        flows = tuple(TangentFlow(i, names[i] if i < len(names) else f"input {i}", child, nr,
                                  out.get((child, nr)) if child is not None else None)
                      for i, (child, nr) in enumerate(node._next) if child is not None)
        ins = [None] * len(node._next)
        for f in flows:
            ins[f.position] = f.tangent
        results = node_jvp(node, ins) if any(x is not None for x in ins) else [None] * len(node._outs)
        for k, r in enumerate(results):
            out[(node, k)] = r
        if room <= 0:
            if trace.steps[-1].kind != "elided":
                trace.steps.append(ElidedSteps())
            trace.steps[-1].count += 1
            continue
        room -= 1
        step = ForwardStep(node)
        step.inputs = flows
        step.tangents = tuple(results)
        trace.steps.append(step)
    trace.tangent = out.get((root, 0 if type(root) is AccumulateGrad else t._output_nr))


def node_jvp(node, tangents):
    """The tangent of each output of recorded ``node`` (None: zero) given its inputs' tangents."""
    from .ops.table import row_of

    from .ops.forward_refusals import no_forward_ad
    row = row_of(node)
    rule = row.jvp if row is not None else getattr(type(node), "jvp", None)
    if type(rule) is no_forward_ad:  # (torch's forward mode refuses this op: the values, by the backward)
        rule = None
    if rule is not None and len(node._outs) == 1:
        r = rule(node, *tangents)
        if r is None:
            return [None]
        shape, dtype = node._outs[0]
        r = r.detach()
        data = r._data
        if data.shape != tuple(shape):
            data = np.broadcast_to(data, shape)
        return [Tensor._wrap(np.array(data, dtype=dtype, copy=True))]
    return _by_backward(node, tangents)


def _by_backward(node, tangents):
    """J·t from the node's backward: the gradient w.r.t. u of ⟨Jᵀu, t⟩ (double-vjp)."""
    from .backward import grad

    node.check_saved()
    with enable_grad():
        us = [Tensor._wrap(np.ones(shape, dtype)).requires_grad_() for shape, dtype in node._outs]
        r = node.backward(*us)
        if type(r) is not tuple:
            r = (r,)
        total = None
        for i, (g, t) in enumerate(zip(r, tangents)):
            if g is None or t is None:
                continue
            if node.broadcasting and node._in_meta is not None and node._in_meta[i] is not None:
                shape, dtype = node._in_meta[i]
                if g._data.shape != shape:
                    g = sum_to(g, shape)
                g = cast(g, dtype)
            if t.dtype is not g.dtype:
                t = Tensor._wrap(t._data.astype(g._data.dtype))
            term = (g * t).sum()
            total = term if total is None else total + term
        if total is None or not total._requires_grad:
            return [None] * len(us)
        live = [u for u in us]
        dus = grad(total, live, allow_unused=True)
    return [None if d is None else d.detach() for d in dus]


_CLAUSE = re.compile(r"^\s*grad_(\w+)\s*=\s*(.+?)\s*$")
_GRAD = re.compile(r"\bgrad\b")


def forward_rule_of(node):
    """``(text, derived)``: the node's forward rule in words, and whether its product is derived
    from the backward (double-vjp) rather than a rule of its own."""
    cls = type(node)
    own = getattr(cls, "jvp_explain", "")
    if own:
        return own, False
    from .ops.forward_linear import is_linear
    from .ops.forward_refusals import no_forward_ad
    from .ops.table import row_of
    rule = getattr(cls, "jvp", None)
    if type(rule) is no_forward_ad:
        return ("torch has no forward rule for this op (forward mode raises); J·t here from the backward below "
                "(double-vjp)"), True
    if rule is None and is_linear(cls):
        return "tangent = the same op on the tangents   (the op is linear: torch's auto_linear)", False
    doc = getattr(rule, "__doc__", None) if rule is not None and row_of(node) is None else None
    if doc and doc.startswith("torch's"):
        return "tangent = " + doc.split(":", 1)[1].strip().split("\n")[0].rstrip("."), False

    row = row_of(node)
    text = rule_of(node)
    if row is not None:
        kind = getattr(row, "_jvp", None)
        if kind is None and type(row).__name__ == "ShapeRow" or kind == "linear":
            # a shape op or a linear reduction: the op itself, on the tangent
            return "tangent = the same op on t_self   (the op is linear: same parameters, applied to the tangent)", \
                False
        if kind is None:
            forward = _transposed_rule(text)
            if forward:
                return forward, False
        elif kind != "double-vjp":
            return "tangent = the op table's own forward rule for this op", False
    return "tangent = J·t, from the backward below (double-vjp: J·t = d/du ⟨Jᵀu, t⟩)", True


def _transposed_rule(text):
    """A pointwise row's backward text ``grad_self = grad * cos(self)`` as its forward rule
    ``tangent = t_self * cos(self)`` (the backward applied to each input's tangent)."""
    body, sep, comment = text.partition("   (")
    terms = []
    for clause in body.split(";"):
        m = _CLAUSE.match(clause)
        if m is None:
            return None
        name, expr = m.groups()
        if expr.strip() == "0" or expr.startswith("0 "):
            continue
        if not _GRAD.search(expr):
            return None
        terms.append(_GRAD.sub(f"t_{name}", expr))
    rule = "tangent = " + (" + ".join(terms) if terms else "0")
    if sep and "grad" not in comment:
        rule += "   (" + comment
    return rule
