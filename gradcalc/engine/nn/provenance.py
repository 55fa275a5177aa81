"""Which module made each graph node: ``%graph`` shows ``AddmmBackward0  fc1 (Linear)``.

torch records no such thing; gradcalc's CLI asks for it so that a learner sees the
network's layers in its graph. The recorder is a module-call observer (installed with
``nn.module.set_call_observer``): per call it keeps a weak reference to each output's
``grad_fn`` with the module and the creation number (``Node._seq``) the call started at,
in a ring of the last ``KEEP`` calls (a plain weak reference and an append: a few hundred
nanoseconds a call, where a WeakKeyDictionary's entry costs microseconds to make and
to remove). Nothing is walked while the network runs; ``modules_of(root)`` does the
walking when a graph is shown:

* calls are taken in the order they finished, so an inner layer's call comes before
  the network's call that contains it;
* from a call's output nodes the walk follows edges to nodes made during that call
  (creation number at least the call's start) and gives each node not yet taken the
  call's module, so every node belongs to the innermost module that made it, and an
  op the network's own ``forward`` ran (``F.relu``) belongs to the network.

Leaves are not tagged here: a parameter is named by where it is registered.
"""

import weakref
from collections import deque
from itertools import count

from .. import node as _node
from ..node import AccumulateGrad
from ..tensor import Tensor

__all__ = ["ModuleProvenance"]

#: Module calls remembered: a graph shown after more calls than this loses its oldest names.
KEEP = 8192


def _grad_fns(value, out, depth=0):
    """The ``grad_fn`` of every tensor in a forward's result (tensors, tuples, lists, dicts)."""
    if isinstance(value, Tensor):
        fn = value.grad_fn
        if fn is not None:
            out.append(fn)
    elif depth < 4:
        if isinstance(value, (tuple, list)):
            for v in value:
                _grad_fns(v, out, depth + 1)
        elif isinstance(value, dict):
            for v in value.values():
                _grad_fns(v, out, depth + 1)
    return out


class ModuleProvenance:
    """The module-call observer that remembers, per output node, the calls that made it."""

    __slots__ = ("_calls", "_finished")

    def __init__(self):
        self._calls = deque(maxlen=KEEP)  # (output node ref, (finish order, start, module ref, class name))
        self._finished = count()

    def enter(self, module):
        # a creation number no node made before this call has, and every node made during it exceeds
        return next(_node._seq_counter)

    def leave(self, module, start, result):
        if isinstance(result, Tensor):
            fn = result.grad_fn
            if fn is None:
                return
            outs = (fn,)
        else:
            outs = _grad_fns(result, [])
            if not outs:
                return
        # the class name too: a module made and called in one expression is gone when shown
        record = (next(self._finished), start, weakref.ref(module), type(module).__name__)
        append = self._calls.append
        for fn in outs:
            append((weakref.ref(fn), record))

    def modules_of(self, root):
        """``{node: (module or None if it is gone, its class name)}`` for the nodes behind
        ``root`` that a module call made."""
        calls = {}
        for ref, rec in list(self._calls):
            n = ref()
            if n is not None:
                calls.setdefault(n, []).append(rec)
        records = []
        seen = {root}
        stack = [root]
        while stack:  # the calls whose outputs are in this graph
            n = stack.pop()
            for rec in calls.get(n, ()):
                records.append((rec, n))
            for child, _ in n._next:
                if child is not None and child not in seen:
                    seen.add(child)
                    stack.append(child)
        records.sort(key=lambda r: r[0][0])
        owner = {}
        for (_, start, ref, kind), out_node in records:
            module = (ref(), kind)
            stack = [out_node]
            visited = {out_node}
            while stack:
                n = stack.pop()
                if type(n) is AccumulateGrad or n._seq < start:
                    continue
                owner.setdefault(n, module)
                for child, _ in n._next:
                    if child is not None and child not in visited:
                        visited.add(child)
                        stack.append(child)
        return owner
