"""The backward pass, recorded step by step: what ``%explain`` shows.

``explain_backward(t)`` runs the real backward pass of ``t`` (``backward.run`` with an
observer: no second implementation of the chain rule) and returns a ``Trace``, in the
order the engine ran it:

* a ``NodeStep`` per node: the node, its rule text (the op class's ``explain``), the
  shapes/dtypes it made, the gradient flowing into it, what it had saved, and an
  ``InputFlow`` per input (the gradient sent there; ``reduced_from`` when the engine
  summed a broadcast gradient back to the input's shape);
* a ``LeafStep`` per leaf: the gradient that reaches it, ``.grad`` before and after.

With ``dry=True`` the pass runs as ``autograd.grad`` does (gradients returned, the
graph kept) and no ``.grad`` changes; otherwise it has exactly the effect of
``t.backward(gradient)``. Numpy and the standard library only, like the engine.
"""

import re

import numpy as np

from . import backward as _backward
from .graph_walk import edge_counts, outputs_of
from .node import _FREED, AccumulateGrad, Node, edge_of
from .tensor import Tensor, _RetainGrad

__all__ = ["explain_backward", "input_labels", "rule_of", "Trace", "NodeStep", "LeafStep", "InputFlow",
           "ElidedSteps"]


class InputFlow:
    """What one node sent to one of its inputs."""

    __slots__ = ("position", "label", "node", "output_nr", "grad", "reduced_from")

    def __init__(self, position, label, node, output_nr, grad, reduced_from):
        self.position = position          # index of the input among the op's positional inputs
        self.label = label                # the input's name in the rule text ("self", "other", ...)
        self.node = node                  # where the gradient goes (a Node; AccumulateGrad for a leaf)
        self.output_nr = output_nr        # which output of ``node`` this input was
        self.grad = grad                  # Tensor or None (no gradient for this input)
        self.reduced_from = reduced_from  # shape summed down from (broadcasting), or None


class NodeStep:
    """One node's rule, as the engine ran it."""

    kind = "node"
    __slots__ = ("node", "name", "rule", "outputs", "incoming", "saved", "params", "inputs")

    def __init__(self, node, incoming):
        self.node = node
        self.name = type(node).__name__
        self.rule = rule_of(node)
        if any(g is not None and g._data.dtype.kind == "c" for g in incoming):
            from .complex_support import sandwiched
            if sandwiched(node):  # (how the engine runs a real rule on a complex gradient)
                self.rule += "   [complex grad: conj(rule(conj(grad))), torch's convention]"
        self.outputs = tuple(outputs_of(node))     # ((shape, dtype name), ...) of what it made
        self.incoming = tuple(incoming)            # the gradient per output (Tensor or None)
        self.saved = _saved_values(node)           # ((label, Tensor or value), ...) the rule reads
        self.params = _params(node)                # ((name, value), ...) the op kept, e.g. exponent
        self.inputs = ()                           # InputFlow per input edge, filled after the rule


class LeafStep:
    """A gradient reaching a leaf: what (would) accumulate into its ``.grad``."""

    kind = "leaf"
    __slots__ = ("tensor", "node", "grad", "previous", "result", "stored")

    def __init__(self, tensor, node, grad, previous, stored):
        self.tensor = tensor      # the leaf
        self.node = node          # its AccumulateGrad node
        self.grad = grad          # the total gradient arriving (all contributions summed)
        self.previous = previous  # a copy of .grad before (Tensor) or None
        self.result = None        # .grad after (stored) / what it would be (dry)
        self.stored = stored      # False in a dry run: .grad was left as it was


class ElidedSteps:
    """Node steps past ``max_steps``: they ran (and sent their gradients on) but are not recorded."""

    kind = "elided"
    __slots__ = ("count",)

    def __init__(self):
        self.count = 0


class Trace:
    """A recorded backward pass: ``steps`` in the engine's order."""

    __slots__ = ("root", "gradient", "steps", "dry")

    def __init__(self, root, gradient, dry):
        self.root = root          # the tensor whose backward ran
        self.gradient = gradient  # the gradient it started from (ones for a scalar)
        self.steps = []           # NodeStep, LeafStep (and ElidedSteps), in order
        self.dry = dry

    @property
    def unrecorded(self):
        """How many node steps ran past ``max_steps`` without being recorded."""
        return sum(s.count for s in self.steps if s.kind == "elided")

    @property
    def leaves(self):
        return [s for s in self.steps if s.kind == "leaf"]


def explain_backward(t, gradient=None, dry=False, retain_graph=None, max_steps=None):
    """Run ``t``'s backward pass (as ``t.backward(gradient)``, or dry) and return its ``Trace``.

    ``max_steps`` bounds how many node steps are recorded (a huge graph would otherwise
    keep every intermediate gradient); leaves are always recorded.
    """
    (t,), (grad,) = _backward._roots(t, gradient)
    trace = Trace(t, grad, dry)
    recorder = _Recorder(trace, max_steps)
    revived = _revive_last_backward(t)
    try:
        _run_recorded(t, grad, dry, retain_graph, recorder)
    finally:
        _free_again(revived)
    _order_ready_leaves(trace.steps)
    for step in trace.leaves:
        if step.stored:
            step.result = step.tensor.grad
        else:
            g = step.grad if step.grad._data.dtype == step.tensor._data.dtype else step.grad.to(step.tensor.dtype)
            step.result = g if step.previous is None else Tensor._wrap(step.previous._data + g._data)
    return trace


def _revive_last_backward(t):
    """Give the nodes of ``t``'s graph that the last backward freed their saved values back,
    for this explanation only (``_free_again`` undoes it): %explain works after a backward."""
    revived = []
    seen = set()
    stack = [t._grad_fn] if t._grad_fn is not None else []
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        kept = _backward.kept_for_explain(node)
        if kept is not None and (node._saved is _FREED or node.saves_output and node._out is _FREED):
            revived.append(node)
            saved, versions, out = kept
            node._saved = saved
            if saved is not None:
                node._versions = versions
            if node.saves_output:
                node._out = out
        stack.extend(child for child, _ in node._next if child is not None and child not in seen)
    return revived


def _free_again(nodes):
    for node in nodes:
        if node._saved is not None:
            node._saved = _FREED
        if node.saves_output:
            node._out = _FREED


def _run_recorded(t, grad, dry, retain_graph, recorder):
    if not dry:
        _backward.backward(t, grad, retain_graph=retain_graph, observer=recorder)
    else:
        leaves, retainers = _leaves_and_retainers(t)
        targets = {(leaf._accum, 0): [i] for i, leaf in enumerate(leaves)}
        # retain_grad() stores a non-leaf's .grad from a tensor hook, even in an autograd.grad
        # run: keep those .grad objects and put them back (a hook never mutates one in place)
        retained = [(r, r._grad) for r in retainers]
        try:
            _backward.run((t,), (grad,), retain_graph=True, create_graph=False, targets=targets,
                          accumulate=False, capture_inputs=leaves, observer=recorder)
        finally:
            for r, g in retained:
                r._grad = g


def _order_ready_leaves(steps):
    """List leaves that became ready together in the order their gradients were sent.

    The engine takes such leaves in an arbitrary order (by address; any order gives the
    same ``.grad``), which would make the same pass print differently from run to run.
    """
    sent = {}
    for k, step in enumerate(steps):
        if step.kind == "node":
            for flow in step.inputs:
                sent.setdefault(flow.node, (k, flow.position))
    i = 0
    while i < len(steps):
        j = i
        while j < len(steps) and steps[j].kind == "leaf":
            j += 1
        if j - i > 1:
            steps[i:j] = sorted(steps[i:j], key=lambda s: sent.get(s.node, (len(steps), 0)))
        i = j + 1 if j == i else j


def rule_of(node):
    """The rule a node applies, from its op class's declaration (``explain``)."""
    return (getattr(type(node), "explain", "") or "").strip()


_CLAUSE = re.compile(r"\s*grad_(\w+)")


def input_labels(node_or_cls):
    """The name of each input in the rule text: ``grad_self = ...;  grad_other = ...`` gives
    ["self", "other"]. ``grad_i`` (one rule for every input, as cat's) gives no names."""
    cls = node_or_cls if isinstance(node_or_cls, type) else type(node_or_cls)
    names = []
    for clause in (getattr(cls, "explain", "") or "").split(";"):
        m = _CLAUSE.match(clause)
        if m:
            names.append(m.group(1))
    return [] if names == ["i"] else names


def _label(names, i):
    return names[i] if i < len(names) else f"input {i}"


class _Recorder:
    """The observer ``backward.run`` calls: turns its events into the trace's steps."""

    def __init__(self, trace, max_steps):
        self.trace = trace
        self.current = None
        self.room = float("inf") if max_steps is None else max_steps

    def before(self, node, grads_out):
        if self.room <= 0:
            self.current = None
            steps = self.trace.steps
            if steps[-1].kind != "elided":
                steps.append(ElidedSteps())
            steps[-1].count += 1
            return
        self.room -= 1
        self.current = NodeStep(node, grads_out)
        self.trace.steps.append(self.current)

    def after(self, node, grads_in, reduced):
        step = self.current
        if step is None:
            return
        names = input_labels(node)
        flows = []
        for i, ((child, nr), g) in enumerate(zip(node._next, grads_in)):
            if child is None:
                continue  # a constant or a tensor that needs no gradient
            flows.append(InputFlow(i, _label(names, i), child, nr, g,
                                   reduced.get(i) if reduced else None))
        step.inputs = tuple(flows)
        self.current = None

    def accumulate(self, tensor, grad):
        previous = tensor._grad
        # copied: accumulation may add into the old .grad in place
        previous = None if previous is None else Tensor._wrap(np.array(previous._data, copy=True))
        self.trace.steps.append(LeafStep(tensor, tensor._accum, grad, previous, stored=True))

    def capture(self, acc, grad):
        tensor = acc._var()
        if tensor is None:
            return
        previous = tensor._grad
        self.trace.steps.append(LeafStep(tensor, acc, grad, previous, stored=False))


def _saved_values(node):
    """What the node kept for its rule, labelled with the rule's input names where they line up."""
    out = []
    saved = node._saved
    if saved is not None and saved is not _FREED:
        names = input_labels(node)
        same = len(names) == len(saved)
        for i, v in enumerate(saved):
            if v is None:
                continue  # not kept: the gradient that would use it is not needed
            out.append((names[i] if same else f"saved {i}", v))
    if node.saves_output and node._out is not None and node._out is not _FREED:
        out.append(("result", Tensor._wrap(node._out[0])))
    return tuple(out)


_SIMPLE = (bool, int, float, str, type(None), slice)


def _params(node):
    """The op's own simple attributes (``exponent``, ``alpha``, ``dim``...), as torch's ``_saved_*``."""
    out = []
    for cls in type(node).__mro__:
        if cls is Node or not issubclass(cls, Node):
            break
        for name in cls.__dict__.get("__slots__", ()):
            if name.startswith("_"):
                continue
            v = getattr(node, name, None)
            if isinstance(v, _SIMPLE) or (isinstance(v, tuple) and all(isinstance(x, _SIMPLE) for x in v)):
                out.append((name, v))
    return tuple(out)


def _leaves_and_retainers(t):
    """The leaves a backward of ``t`` reaches, and the non-leaf tensors behind ``t`` on which
    ``retain_grad()`` was called (still alive): what a dry run must capture, and restore."""
    if t._grad_fn is None:
        edge_of(t)  # makes the leaf's AccumulateGrad, as a backward from it would
        return [t], []
    leaves, retainers = [], []
    for node in edge_counts(t._grad_fn):  # one iterative walk of the whole graph
        if type(node) is AccumulateGrad:
            leaf = node._var()
            if leaf is not None:
                leaves.append(leaf)
            continue
        by_nr = (node._extra or {}).get("tensor_prehooks") or {}
        for hooks in by_nr.values():
            for h in hooks:
                if isinstance(h, _RetainGrad) and h.ref() is not None:
                    retainers.append(h.ref())
    return leaves, retainers
