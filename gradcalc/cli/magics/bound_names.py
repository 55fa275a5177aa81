"""Which session variable holds the tensor a graph node made (for %graph and %explain).

A non-leaf tensor is found by its ``grad_fn`` and ``output_nr``, a leaf by identity,
so ``y = x + 2`` names the ``AddBackward0`` node "y" and ``x``'s ``AccumulateGrad`` "x".
"""

from __future__ import annotations

from gradcalc.engine import Tensor
from gradcalc.engine.graph_walk import leaf_of, outputs_of


class BoundNames:
    """Variable names by node output and by leaf, from a namespace (a dict)."""

    __slots__ = ("_outputs", "_leaves", "_keep")

    def __init__(self, namespace=None):
        self._outputs = {}  # (id(node), output_nr) -> [name, ...]
        self._leaves = {}   # id(tensor) -> [name, ...]
        self._keep = []     # the tensors, so the ids above stay theirs while we render
        for name, value in (namespace or {}).items():
            if not isinstance(value, Tensor) or name.startswith("_"):
                continue
            self._keep.append(value)
            fn = value.grad_fn
            if fn is not None:
                self._outputs.setdefault((id(fn), value.output_nr), []).append(name)
            else:
                self._leaves.setdefault(id(value), []).append(name)

    def of_output(self, node, output_nr=0) -> list:
        """Names of the tensor that is output ``output_nr`` of ``node`` (a leaf for AccumulateGrad)."""
        leaf = leaf_of(node)
        if leaf is not None:
            return self.of_tensor(leaf)
        return self._outputs.get((id(node), output_nr), [])

    def of_node(self, node) -> list:
        """Names of any output of ``node``."""
        leaf = leaf_of(node)
        if leaf is not None:
            return self.of_tensor(leaf)
        out = []
        for nr in range(len(outputs_of(node))):
            out.extend(self._outputs.get((id(node), nr), []))
        return out

    def of_tensor(self, t) -> list:
        if t.grad_fn is not None:
            return self._outputs.get((id(t.grad_fn), t.output_nr), [])
        return self._leaves.get(id(t), [])
