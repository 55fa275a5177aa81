"""The backward pass: iterative, by dependency counts, never recursive.

It has the shape of torch's engine (``torch/csrc/autograd/engine.cpp``), and ``run``
is its loop:

1. ``_GraphTask`` (torch's GraphTask) walks the graph once from the roots (an
   explicit stack) and counts, for every node, the edges that lead into it.
2. The ready queue gives nodes in torch's order (the most recently created first);
   a node is ready when every edge into it has delivered.
3. For each node: the gradients that arrived (summed per output in its input
   buffer) pass its tensors' hooks and pre-hooks; its rule runs with grad mode =
   create_graph (rules written in engine ops are recorded only when higher-order
   gradients are wanted); what it sends is summed to each input's shape and cast
   to its dtype where the op broadcast or promoted (``grad_math``); unless
   ``retain_graph`` it frees what it saved; its gradients go to its inputs' buffers
   (``send``), which may make them ready.
4. An ``AccumulateGrad`` node (a leaf) stores its gradient in ``.grad``.

The loop is chosen once per pass: ``_run_plain`` when nobody observes the pass (a
plain node runs its rule with nothing around it, on arrays when nothing is recorded,
and delivers inline), ``_run_observed`` with an observer (%explain) or anomaly mode
(every node through ``_call_node`` or anomaly's checked call).

``observer`` lets ``%explain`` watch every step without a second implementation:
``before(node, grads_out)`` and ``after(node, grads_in, reduced)`` around each rule
(``reduced``: {input index: the shape its gradient was summed down from}),
``accumulate(leaf, grad)`` before a gradient is stored in a leaf's ``.grad``, and
``capture(accumulate_grad_node, grad)`` when a run that returns gradients instead of
storing them (``accumulate=False``) delivers one to a leaf.
"""

import heapq

import numpy as np

from . import bf16, upcalls
from .grad_math import add as add_grads, cast, sum_to  # noqa: F401  (sum_to: ops import it from here)
from .complex_support import complex_backward
from .grad_mode import STATE
from .journal import OBSERVER as JOURNAL, touch_grad
from .memory import TUNED, tune_allocator
from .node import _ANOMALY, _FREED, KEEP_FREED, LAST_RELEASED, AccumulateGrad, edge_of
from .tensor import _TYPE_NAMES, Size, Tensor, _dt_of



def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None,
             observer=None):
    """torch.autograd.backward: accumulate gradients of ``tensors`` into the leaves' ``.grad``."""
    tensors, grads = _roots(tensors, grad_tensors)
    if retain_graph is None:
        retain_graph = create_graph
    if create_graph and not _WARNED_CREATE_GRAPH[0]:
        _WARNED_CREATE_GRAPH[0] = True  # torch warns once per process
        import warnings
        warnings.warn(CREATE_GRAPH_CYCLE_MSG, UserWarning, stacklevel=3)
    targets = None
    if inputs is not None:
        inputs = (inputs,) if isinstance(inputs, Tensor) else tuple(inputs)
        if not inputs:
            raise RuntimeError("`inputs` argument to `backward()` cannot be empty.")
        targets = {}
        for i, t in enumerate(inputs):
            if not t._requires_grad:
                # torch retains the grad of every input, and that is what fails
                raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
            targets.setdefault(edge_of(t), []).append(i)
    run(tensors, grads, retain_graph, create_graph, targets=targets, accumulate=True,
        capture_inputs=inputs, observer=observer)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         allow_unused=None, materialize_grads=False, is_grads_batched=False):
    """torch.autograd.grad: gradients of ``outputs`` w.r.t. ``inputs``, returned (``.grad`` untouched).

    With ``is_grads_batched``, the first dimension of every grad_output is a batch:
    the result is the batch of vector-Jacobian products, stacked (torch uses vmap;
    here one backward pass per batch entry).
    """
    if materialize_grads and allow_unused is False:
        raise ValueError("Expected allow_unused to be True or not passed when materialize_grads=True, "
                         "but got: allow_unused=False.")
    if allow_unused is None:
        allow_unused = materialize_grads
    inputs = (inputs,) if isinstance(inputs, Tensor) else tuple(inputs)
    if not inputs:
        raise RuntimeError("`inputs` argument to `grad()` cannot be empty.")
    outputs, grads = _roots(outputs, grad_outputs, batched=is_grads_batched)
    if retain_graph is None:
        retain_graph = create_graph
    targets = {}
    for i, t in enumerate(inputs):
        if not isinstance(t, Tensor):
            raise RuntimeError(f"all inputs have to be Tensors or GradientEdges, but got {type(t).__name__}")
        if not t._requires_grad and not t.requires_grad:  # (a view made before its base required grad does)
            raise RuntimeError("One of the differentiated Tensors does not require grad")
        targets.setdefault(edge_of(t), []).append(i)
    if is_grads_batched:
        result = _run_batched(outputs, grads, retain_graph, create_graph, targets, inputs)
    else:
        result = run(outputs, grads, retain_graph, create_graph, targets=targets, accumulate=False,
                     capture_inputs=inputs)
    out = []
    for i, (t, g) in enumerate(zip(inputs, result)):
        if g is None:
            if materialize_grads:
                g = Tensor._wrap(np.zeros_like(t._data))  # not batched, as torch
            elif not allow_unused:
                raise RuntimeError(
                    f"The differentiated Tensor at index {i} appears to not have been used in the graph. "
                    f"Set allow_unused=True if this is the desired behavior.")
        out.append(g)
    return tuple(out)


def _run_batched(outputs, grads, retain_graph, create_graph, targets, inputs):
    """``autograd.grad(is_grads_batched=True)``: one pass per batch entry, results stacked."""
    n = grads[0]._data.shape[0]
    per_entry = []
    for b in range(n):
        keep = retain_graph if b == n - 1 else True
        per_entry.append(run(outputs, [g[b] for g in grads], keep, create_graph, targets=targets,
                             accumulate=False, capture_inputs=inputs))
    result = []
    for i, t in enumerate(inputs):
        column = [r[i] for r in per_entry]
        if all(g is None for g in column):
            result.append(None)
            continue
        column = [g if g is not None else Tensor._wrap(np.zeros(t._data.shape, t._data.dtype)) for g in column]
        result.append(upcalls.stack(column, 0))
    return result


def _roots(tensors, grads, batched=False):
    """Check the outputs and build their initial gradients as torch does (in torch's order of checks).

    ``batched``: each gradient has a leading batch dimension (autograd.grad's is_grads_batched).
    Extra gradients are ignored, as torch's zip does; too few is an error.
    """
    if isinstance(tensors, Tensor):
        tensors = (tensors,)
    else:
        tensors = tuple(tensors)
    if grads is None:
        grads = (None,) * len(tensors)
    elif isinstance(grads, Tensor):
        grads = (grads,)
    else:
        grads = tuple(grads)
    out = []
    for i, (t, g) in enumerate(zip(tensors, grads)):
        if not isinstance(t, Tensor):
            raise TypeError(f"backward(): expected a Tensor, got {type(t).__name__}")
        if g is None:
            if t._requires_grad:
                if t._data.size != 1:
                    raise RuntimeError("grad can be implicitly created only for scalar outputs")
                if t._data.dtype.kind != "f":
                    raise RuntimeError(
                        f"grad can be implicitly created only for real scalar outputs but got {t.dtype}")
                if batched:
                    raise _vmap_dim_error()
                g = Tensor._wrap(np.ones_like(t._data))
        elif not isinstance(g, Tensor):
            raise TypeError(f"gradients can be either Tensors or None, but got {type(g).__name__}")
        elif batched:
            if g._data.ndim == 0:
                raise _vmap_dim_error()
            if g._data.shape[1:] != t._data.shape:
                raise RuntimeError(
                    f"If `is_grads_batched=True`, we interpret the first dimension of each grad_output as "
                    f"the batch dimension. The sizes of the remaining dimensions are expected to match the "
                    f"shape of corresponding output, but a mismatch was detected: grad_output[{i}] has a "
                    f"shape of {Size(g._data.shape[1:])} and output[{i}] has a shape of {Size(t._data.shape)}. "
                    f"If you only want some tensors in `grad_output` to be considered batched, consider "
                    f"using vmap.")
        elif g._data.shape != t._data.shape:
            raise RuntimeError(
                f"Mismatch in shape: grad_output[{i}] has a shape of {Size(g._data.shape)} and "
                f"output[{i}] has a shape of {Size(t._data.shape)}.")
        if g is not None:
            g = cast(g, t._data.dtype)
        out.append(g)
    if len(grads) < len(tensors):
        raise RuntimeError(f"got {len(tensors)} tensors and {len(grads)} gradients")
    for i, t in enumerate(tensors):
        if not t._requires_grad:
            raise RuntimeError(f"element {i} of tensors does not require grad and does not have a grad_fn")
    if batched:
        sizes = [g._data.shape[0] for g in out]
        if len(set(sizes)) > 1:
            raise ValueError(f"vmap: Expected all tensors to have the same size in the mapped dimension, got "
                             f"sizes {sizes} for the mapped dimension")
    return tensors, out


def _vmap_dim_error():
    return ValueError("vmap(vjp, in_dims=0, ...)(<inputs>): Got in_dim=0 for some input, but that input is a "
                      "Tensor of dimensionality 0 so expected in_dim to satisfy 0 <= in_dim < 0.")


_WARNED_CREATE_GRAPH = [False]
CREATE_GRAPH_CYCLE_MSG = (
    "Using backward() with create_graph=True will create a reference cycle between the parameter and its "
    "gradient which can cause a memory leak. We recommend using autograd.grad when creating the graph to avoid "
    "this. If you have to use this function, make sure to reset the .grad fields of your parameters to None "
    "after use to break the cycle and avoid the leak.")


def run(tensors, grads, retain_graph, create_graph, targets=None, accumulate=True,
        capture_inputs=None, observer=None):
    """Run the backward pass from ``tensors`` with initial gradients ``grads``.

    ``targets`` maps edges (node, nr) to input indices: when given, only the part
    of the graph that leads to them runs, and the gradients arriving there are
    captured (returned) instead of, or as well as, accumulated.
    """
    if not TUNED[0]:
        tune_allocator()
    task = _GraphTask([edge_of(t) for t in tensors], grads, retain_graph, create_graph, targets,
                      accumulate, capture_inputs, observer)
    free = not retain_graph
    prev_mode = STATE.grad_enabled
    STATE.grad_enabled = bool(create_graph)  # rules written in engine ops record only for create_graph
    try:
        if observer is None and not _ANOMALY[0]:
            _run_plain(task, free, create_graph)  # nobody watches: the lean loop
        else:
            _run_observed(task, free, observer)
    finally:
        STATE.grad_enabled = prev_mode
    return task.captured


def _run_observed(task, free, observer):
    """The loop with an observer (%explain) or anomaly mode: every node through ``call``."""
    call = _ANOMALY[0].call_node if _ANOMALY[0] else _call_node  # anomaly: nan checks, the forward trace
    queue, buffers, needed, targets = task.queue, task.buffers, task.needed, task.targets
    for node in queue:
        grads_out = buffers.pop(node, None)  # the sum of what arrived, one entry per output
        if grads_out is not None and (node._extra is not None or targets is not None):
            grads_out = task.arrive(node, grads_out)  # tensor hooks, pre-hooks, captured inputs
        if type(node) is AccumulateGrad:
            task.accumulate(node, grads_out)
        elif grads_out is None or needed is not None and node not in needed:
            task.send(node, None)  # nothing flows through: its inputs are only released for scheduling
        else:
            grads_in = call(node, grads_out, observer)
            if node._extra is not None or node.runs_user_code:
                task.seen_by_user(grads_out, grads_in)
            task.send(node, grads_in, free)


def _run_plain(task, free, create_graph):
    """The loop when nobody observes the pass: a plain node (one output, no hooks, no user code)
    runs its rule directly, on arrays when nothing is recorded (``array_backward``), and delivers
    its gradients inline; anything else goes through ``_call_node`` and ``send``."""
    buffers, deps, ready, needed, targets = task.buffers, task.deps, task.ready, task.needed, task.targets
    journal = task.journal
    released = task.released
    for node in task.queue:
        grads_out = buffers.pop(node, None)
        if grads_out is not None and (node._extra is not None or targets is not None):
            grads_out = task.arrive(node, grads_out)  # tensor hooks, pre-hooks, captured inputs
        cls = type(node)
        if cls is AccumulateGrad:
            task.accumulate(node, grads_out)
            continue
        if grads_out is None or needed is not None and node not in needed:
            task.send(node, None)  # nothing flows through: its inputs are only released for scheduling
            continue
        if node._extra is not None or cls.runs_user_code or len(grads_out) != 1:
            grads_in = _call_node(node, grads_out, None)
            if node._extra is not None or cls.runs_user_code:
                task.seen_by_user(grads_out, grads_in)
            task.send(node, grads_in, free)
            continue
        # a plain node: its rule, the reduction to its inputs' shapes and dtypes, delivery
        if node._saved is not None or cls.saves_output:
            node.check_saved()  # torch unpacks every saved value before the rule runs
        grads_in = NotImplemented
        gdt = grads_out[0]._data.dtype
        complex_grad = gdt.kind == "c"
        # (a bfloat16 gradient takes the rule on tensors: each of its ops rounds, as torch's)
        if not create_graph and cls.array_backward is not None and not complex_grad and gdt.metadata is None and (
                grads_out[0]._extra is None or "zerotensor" not in grads_out[0]._extra):
            # (a zero tensor, sgn's gradient, goes through the rule on tensors: products keep it one)
            # the rule on arrays (reduced to the inputs' shapes and dtypes), or NotImplemented
            grads_in = node.array_backward(grads_out[0]._data)
        if grads_in is NotImplemented:
            # (a complex gradient: torch's convention, complex_support.py)
            grads_in = complex_backward(node, grads_out) if complex_grad else node.backward(grads_out[0]) if (
                gdt.metadata is None or cls.__name__ not in bf16.FUSED_BACKWARD) else bf16.fused_backward(node, grads_out[0])
            if type(grads_in) is not tuple:
                grads_in = (grads_in,)
            if len(grads_in) != len(node._next):
                _wrong_count(node, grads_in)
            if cls.broadcasting and node._in_meta is not None:
                grads_in = _reduce(grads_in, node, None)
        if free:
            if journal is not None:
                journal.release(node)  # a failing statement gets its graph back
            saved = node._saved
            if released is not None:
                released[node] = _freed_record(node, saved, cls.saves_output)
            if saved is not None:
                node._saved = _FREED
            if cls.saves_output:
                node._out = _FREED
        i = 0
        for child, nr in node._next:
            if child is not None:
                g = grads_in[i]
                if g is not None:
                    if g._data.shape != child._outs[nr][0]:
                        g = _fit(node, i, g, child._outs[nr][0])  # reshaped in place since it was made
                    buf = buffers.get(child)
                    if buf is None:
                        if len(child._outs) == 1:
                            buffers[child] = [g]
                        else:
                            buf = buffers[child] = [None] * len(child._outs)
                            buf[nr] = g
                    else:
                        old = buf[nr]
                        buf[nr] = g if old is None else add_grads(old, g)
                d = deps[child] - 1
                deps[child] = d
                if d == 0:
                    ready.append(child)
            i += 1


def _reduce(r, node, reduced):
    """Each gradient summed to its input's shape and cast to its dtype where the op broadcast or
    promoted (``reduced``: a dict to note the shapes summed from, for %explain, or None).

    The shape is the one the receiving node recorded (torch's ``validate_outputs`` against the
    edge's input metadata): the same as the input's at the op, unless the input was reshaped in
    place under no_grad since it was made; then a gradient that cannot be summed to it is torch's
    "invalid gradient" error."""
    r = list(r)
    nexts = node._next
    for i, m in enumerate(node._in_meta):
        g = r[i]
        if g is None or m is None:
            continue
        shape, dtype = m
        child = nexts[i][0]
        if child is not None:
            shape = child._outs[nexts[i][1]][0]
        if g._data.shape != shape:
            if reduced is not None:
                reduced[i] = g._data.shape
            g = _fit(node, i, g, shape)
        r[i] = cast(g, dtype)
    return r


def _fit(node, i, g, shape):
    """``g`` summed to ``shape``, the receiving node's recorded shape, if it expands to g's
    (torch's ``is_expandable_to``), else torch's error."""
    have = g._data.shape
    if len(shape) <= len(have) and all(n == 1 or n == m for n, m in zip(shape[::-1], have[::-1])):
        return sum_to(g, shape)
    raise RuntimeError(f"Function {node.name()} returned an invalid gradient at index {i} - got {list(have)} but "
                       f"expected shape compatible with {list(shape)}")


class _ReadyQueue:
    """Nodes whose every incoming edge has delivered, the most recently created first (as
    torch's ready queue; AccumulateGrad, created "at infinity", as soon as it is ready).

    Iterating gives the nodes in that order while the pass adds to ``new`` (a list: a
    node's sends append to it without a call). In a chain exactly one node is new and
    nothing else waits: it runs next without a trip through the heap, which is the
    order the heap would give anyway.
    """

    __slots__ = ("heap", "new")

    def __init__(self, nodes):
        self.heap = [(-n._seq, id(n), n) for n in nodes]
        heapq.heapify(self.heap)
        self.new = []

    def __iter__(self):
        heap, new = self.heap, self.new
        heappush, heappop = heapq.heappush, heapq.heappop
        while True:
            if new:
                if not heap and len(new) == 1:
                    yield new.pop()
                    continue
                for n in new:
                    heappush(heap, (-n._seq, id(n), n))
                new.clear()
            if not heap:
                return
            yield heappop(heap)[2]


class _GraphTask:
    """What one backward pass keeps while it runs (torch's GraphTask)."""

    __slots__ = (
        "deps",            # node -> edges into it that have not delivered yet
        "buffers",         # node -> [gradient per output]: what has arrived so far, summed
        "queue",           # the ready nodes
        "ready",           # the queue's list of nodes made ready since it last looked
        "needed",          # with targets: the nodes that lead to one (others are skipped), else None
        "targets",         # (node, nr) -> indices of the requested inputs arriving there, or None
        "store",           # store leaves' gradients in .grad (backward) or not (autograd.grad)
        "capture_inputs",  # the requested inputs (autograd.grad's, backward's inputs=)
        "captured",        # autograd.grad: the gradient of each requested input; else None
        "create_graph",
        "observer",
        "foreign",         # ids of gradient arrays the user may hold (see accumulate)
        "taken",           # ids of gradient arrays a leaf took as its .grad
        "released",        # what this pass freed (for %explain), or None with retain_graph
        "journal",         # the journal's subscriber (journal.py), told before saved values are freed
    )

    def __init__(self, roots, grads, retain_graph, create_graph, targets, accumulate, capture_inputs,
                 observer):
        root_nodes = {n for n, _ in roots}
        self.deps = _dependencies(root_nodes)
        self.buffers = {}
        for (node, nr), g in zip(roots, grads):
            _add_to_buffer(self.buffers, node, nr, g)
        self.queue = _ReadyQueue([n for n in root_nodes if n not in self.deps])
        self.ready = self.queue.new
        self.needed = None if targets is None else _needed_nodes(list(root_nodes), {n for n, _ in targets})
        self.targets = targets
        self.store = accumulate
        self.capture_inputs = capture_inputs
        self.captured = [None] * len(capture_inputs) if targets is not None and not accumulate else None
        self.create_graph = create_graph
        self.observer = observer
        # .grad ownership, tracked explicitly (as torch's AccumulateGrad contract, without reference
        # counts): a leaf may take a gradient array without copying only if the engine made it in
        # this backward, no user code (hook, custom Function) saw it, and no other leaf took it.
        self.foreign = {id(g._data) for g in grads}
        self.taken = set()
        self.journal = JOURNAL[0]  # (journal.note_release, looked up once per pass)
        # What this backward frees, kept until the next one frees anything: %explain can show a
        # pass after it ran (the graph itself stays freed for backward, as torch's).
        self.released = None
        if not retain_graph:
            LAST_RELEASED.clear()
            if KEEP_FREED[0]:
                self.released = LAST_RELEASED

    def arrive(self, node, grads_out):
        """Gradients complete at ``node``: its tensors' hooks and pre-hooks run, requested inputs
        arriving here are captured."""
        if node._extra is not None:
            grads_out = _tensor_prehooks(node, grads_out)
            self.foreign.update(id(g._data) for g in grads_out if g is not None)
        if self.targets is not None:
            _capture(node, grads_out, self.targets, self.store, self.capture_inputs, self.captured)
        return grads_out

    def accumulate(self, node, grads_out):
        """A leaf's AccumulateGrad: its gradient goes into ``.grad`` (or, for autograd.grad, only
        to the observer)."""
        if grads_out is None:
            return
        targets = self.targets
        if self.store and (targets is None or (node, 0) in targets):
            g = grads_out[0]
            key = id(g._data)
            owned = self.observer is None and key not in self.foreign and key not in self.taken
            if _accumulate(node, g, self.create_graph, self.observer, owned):
                self.taken.add(key)
        elif self.observer is not None and not self.store:
            # an autograd.grad-style run: the gradient reaches the leaf but is not stored
            self.observer.capture(node, grads_out[0])

    def seen_by_user(self, grads_out, grads_in):
        """Hooks or a custom backward saw these gradients: no leaf takes them without a copy."""
        self.foreign.update(id(g._data) for g in grads_out if g is not None)
        self.foreign.update(id(g._data) for g in grads_in if g is not None)

    def send(self, node, grads_in, free=False):
        """Deliver ``grads_in`` (None: nothing) along ``node``'s edges, summing what reaches the
        same input; a node whose every incoming edge has delivered becomes ready. ``free``: the
        node has run in a pass without retain_graph, and frees what it saved first (kept for
        %explain)."""
        if free:
            journal = self.journal
            if journal is not None:
                journal.release(node)  # a failing statement gets its graph back
            saved = node._saved
            if self.released is not None:
                self.released[node] = _freed_record(node, saved, node.saves_output)
            if saved is not None:
                node._saved = _FREED
            if node.saves_output:
                node._out = _FREED
        buffers, deps, ready = self.buffers, self.deps, self.ready
        i = 0
        for child, nr in node._next:
            if child is not None:
                if grads_in is not None:
                    g = grads_in[i]
                    if g is not None:
                        if g._data.shape != child._outs[nr][0]:
                            g = _fit(node, i, g, child._outs[nr][0])  # reshaped in place since it was made
                        buf = buffers.get(child)
                        if buf is None:
                            n_out = len(child._outs)
                            if n_out == 1:
                                buffers[child] = [g]
                            else:
                                buf = buffers[child] = [None] * n_out
                                buf[nr] = g
                        else:
                            old = buf[nr]
                            buf[nr] = g if old is None else add_grads(old, g)
                d = deps[child] - 1
                deps[child] = d
                if d == 0:
                    ready.append(child)
            i += 1


def _dependencies(root_nodes):
    """How many edges lead into each node reachable from the roots (one walk, an explicit stack)."""
    deps = {}
    stack = list(root_nodes)
    while stack:
        for child, _ in stack.pop()._next:
            if child is not None:
                if child in deps:
                    deps[child] += 1
                else:
                    deps[child] = 1
                    if child not in root_nodes:
                        stack.append(child)
    return deps




# The record of a node that saved nothing: one shared tuple, not one per node (a chain of a
# million ``y * c`` nodes kept a million of them, 64 B each, until the next backward).
_NOTHING_FREED = (None, None, None)


def _freed_record(node, saved, saves_output):
    """(saved, versions, saved output) of a node this pass frees, for %explain."""
    if saved is None and not saves_output:
        return _NOTHING_FREED
    return (saved, node._versions if saved is not None else None, node._out if saves_output else None)


def kept_for_explain(node):
    """What the last backward freed of ``node`` (saved, versions, output), or None."""
    return LAST_RELEASED.get(node)


def _wrong_count(node, r):
    raise RuntimeError(f"function {node.name()} returned an incorrect number of gradients "
                       f"(expected {len(node._next)}, got {len(r)})")


def _capture(node, grads_out, targets, accumulate, capture_inputs, captured):
    """Gradients arriving at the requested inputs: returned (autograd.grad) or stored (backward(inputs=))."""
    for nr, g in enumerate(grads_out):
        idx = targets.get((node, nr))
        if idx is not None:
            for i in idx:
                if accumulate:
                    _accumulate_nonleaf(capture_inputs[i], g)
                else:
                    captured[i] = g


def _add_to_buffer(buffers, node, nr, g):
    buf = buffers.get(node)
    if buf is None:
        buf = buffers[node] = [None] * len(node._outs)
    old = buf[nr]
    buf[nr] = g if old is None else add_grads(old, g)


def _tensor_prehooks(node, grads_out):
    """Hooks registered on the tensors this node made (``t.register_hook``), and node pre-hooks."""
    ex = node._extra
    if ex is None:
        return grads_out
    by_nr = ex.get("tensor_prehooks")
    if by_nr:
        for nr, hooks in by_nr.items():
            g = grads_out[nr]
            if g is None:
                continue
            for hook in list(hooks):
                r = hook(g)
                if r is not None:
                    g = _check_hook_result(r, g, hook)
            grads_out[nr] = g
    pre = ex.get("pre")
    if pre:
        for hook in list(pre):
            r = hook(tuple(grads_out))
            if r is not None:
                grads_out = list(_check_hook_tuple(r, grads_out, hook))
    return grads_out


def _check_hook_result(r, g, hook):
    """A tensor hook's replacement gradient: a tensor of the same shape and dtype (torch's errors)."""
    if not isinstance(r, Tensor):
        raise TypeError(f"expected Variable, but hook returned '{type(r).__name__}'")
    _check_same_meta(r, g, hook)
    return r


def _check_hook_tuple(r, old, hook):
    """A node hook's replacement gradients: a tuple like ``old``, entry by entry."""
    if not isinstance(r, tuple):
        raise TypeError(f"expected tuple, but hook returned '{type(r).__name__}'")
    if len(r) != len(old):
        raise RuntimeError(f"hook '{_hook_name(hook)}' has returned an incorrect number of values (got {len(r)}, "
                           f"but expected {len(old)})")
    for new, was in zip(r, old):
        if new is not None:
            if not isinstance(new, Tensor):
                raise TypeError(f"expected Variable, but hook returned '{type(new).__name__}'")
            if was is not None:
                _check_same_meta(new, was, hook)
    return r


def _check_same_meta(new, was, hook):
    if new._data.shape != was._data.shape:
        raise RuntimeError(f"hook '{_hook_name(hook)}' has changed the size of value")
    if new._data.dtype != was._data.dtype:
        raise RuntimeError(f"hook '{_hook_name(hook)}' has changed the type of value (was "
                           f"{_TYPE_NAMES[_dt_of(was._data)]} got {_TYPE_NAMES[_dt_of(new._data)]})")


def _hook_name(hook):
    return getattr(hook, "__name__", None) or type(hook).__name__


def _call_node(node, grads_out, observer):
    """Run one node's backward rule and reduce the results to its inputs' shapes and dtypes."""
    if len(grads_out) > 1 and node.zero_missing_grads and any(g is None for g in grads_out):
        # a multi-output node where only some outputs got a gradient: the rest are zeros
        grads_out = [g if g is not None else Tensor._wrap(np.zeros(shape, dtype))
                     for g, (shape, dtype) in zip(grads_out, node._outs)]
    if node._saved is not None or node.saves_output:
        node.check_saved()  # torch unpacks every saved value before the rule runs
    if observer is not None:
        observer.before(node, grads_out)
    if any(g is not None and g._data.dtype.kind == "c" for g in grads_out):
        r = complex_backward(node, grads_out)  # torch's convention (complex_support.py)
    else:
        r = node.backward(*grads_out)
    if type(r) is not tuple:
        r = (r,)
    if len(r) != len(node._next):
        _wrong_count(node, r)
    reduced = None
    if node.broadcasting and node._in_meta is not None:
        reduced = {}
        r = _reduce(r, node, reduced)
        reduced = reduced or None
    hooks = node._extra.get("post") if node._extra is not None else None
    if hooks:
        for hook in list(hooks):
            res = hook(tuple(r), tuple(grads_out))
            if res is not None:
                r = _check_hook_tuple(res, r, hook)
    if observer is not None:
        observer.after(node, tuple(r), reduced)
    return r


def _accumulate_nonleaf(t, g):
    """``backward(inputs=[t])`` with a non-leaf ``t``: its ``.grad`` is populated."""
    if t._grad_fn is None:
        return  # leaves are handled by their AccumulateGrad node
    touch_grad(t)
    t._grad = Tensor._wrap(g._data.copy()) if t._grad is None else \
        Tensor._wrap(bf16.rounded_if_tagged(t._grad._data + g._data))


def _accumulate(acc, g, create_graph, observer, owned=False):
    """Add gradient ``g`` into leaf ``acc``'s ``.grad``; True if ``.grad`` is now ``g`` itself
    (``owned``: nobody else holds ``g``, see run())."""
    t = acc._var()
    if t is None:
        return False
    if observer is not None:
        observer.accumulate(t, g)
    touch_grad(t)
    g = cast(g, t._data.dtype)
    took = False
    if t._grad is None:
        if g._extra is not None and "zerotensor" in g._extra and not create_graph:
            t._grad = g  # torch keeps the efficient zero tensor itself (immutable: no copy needed)
        elif create_graph:
            # a copy, as torch's clone_obey_contract makes (CopyBackwards): .grad never aliases a
            # tensor of the graph or the caller's gradient, which later accumulation writes into
            t._grad = upcalls.copy_grad(Tensor._wrap(np.empty_like(t._data)), g)
        elif g._data.shape != t._data.shape and not _obeys_layout(g._data, t._data):
            # the leaf was reshaped in place since its accumulator was made and the gradient's
            # strides do not fit it: torch's clone_obey_contract copies the gradient into a
            # tensor of the leaf's present shape
            t._grad = Tensor._wrap(np.array(np.broadcast_to(g._data, t._data.shape), copy=True))
        elif owned and g._grad_fn is None and g._data.base is None and g._data.flags.writeable:
            # nobody else holds this gradient: take it instead of copying
            t._grad = g
            took = True
        else:
            t._grad = Tensor._wrap(np.array(g._data, copy=True))
    elif create_graph or STATE.grad_enabled:
        t._grad = t._grad + g
    else:
        if t._grad._extra is not None and "zerotensor" in t._grad._extra:
            # torch's AccumulateGrad adds in place into .grad, and a zero tensor refuses that
            raise RuntimeError("ZeroTensors are immutable. Please use the materialized zero tensor obtained using "
                               ".clone() if you want a mutable tensor.")
        old = t._grad._data
        if old.flags.writeable and old.shape == g._data.shape:
            np.add(old, g._data, out=old)
            if old.dtype.metadata is not None:
                old[...] = bf16.round_bits(old)  # a bfloat16 .grad: torch's add rounds the sum
            t._grad._bump_version()  # a graph that saved this .grad must notice
        else:
            t._grad = Tensor._wrap(bf16.rounded_if_tagged(old + g._data))
    extra = acc._extra
    if extra:
        for hook in list(extra.get("post_accumulate", ())):
            hook(t)
        for hook in list(extra.get("post", ())):  # node hooks: AccumulateGrad has no grad_inputs
            r = hook((), (g,))
            if r is not None:
                _check_hook_tuple(r, (), hook)
    return took


def _obeys_layout(g, v):
    """torch's obeys_layout_contract: every dim of the gradient longer than 1 has the variable's
    stride at the same index (then the gradient is kept as it is, whatever its shape)."""
    vs = v.strides
    stride = 1  # (the gradient's strides as a freshly computed, contiguous tensor has them)
    for i in range(g.ndim - 1, -1, -1):
        n = g.shape[i]
        # (a dim the variable no longer has: torch reads past its strides and, as measured,
        # keeps the gradient)
        if n != 1 and i < len(vs) and stride != vs[i] // v.itemsize:
            return False
        stride *= n
    return True


def _needed_nodes(roots, target_nodes):
    """Nodes from which some target node can be reached.

    An iterative depth-first walk gives a post-order (children before parents in
    this acyclic graph); one pass over it then decides each node from its children.
    """
    order = []
    expanded = set()
    stack = [(r, False) for r in roots]
    while stack:
        node, done = stack.pop()
        if done:
            order.append(node)
            continue
        if node in expanded:
            continue
        expanded.add(node)
        stack.append((node, True))
        for child, _ in node._next:
            if child is not None and child not in expanded:
                stack.append((child, False))
    needed = set()
    for node in order:
        for child, _ in node._next:
            if child is not None and (child in target_nodes or child in needed):
                needed.add(node)
                break
    return needed
