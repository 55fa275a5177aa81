"""Which session variable holds the tensor a graph node made (for %graph and %explain).

A non-leaf tensor is found by its ``grad_fn`` and ``output_nr``, a leaf by identity,
so ``y = x + 2`` names the ``AddBackward0`` node "y" and ``x``'s ``AccumulateGrad`` "x".
A module held by a variable names its parameters (``net.fc1.weight``) and, through the
module-call record (module_names.py), the nodes its calls made (``net.fc1 (Linear)``).
"""

from __future__ import annotations

from gradcalc.engine import Tensor
from gradcalc.engine.graph_walk import leaf_of, outputs_of

from .. import module_names


class BoundNames:
    """Variable names by node output and by leaf, from a namespace (a dict)."""

    __slots__ = ("_outputs", "_leaves", "_keep", "_roots", "_module_paths", "_owners")

    def __init__(self, namespace=None):
        self._outputs = {}  # (id(node), output_nr) -> [name, ...]
        self._leaves = {}   # id(tensor) -> [name, ...]
        self._keep = []     # the tensors, so the ids above stay theirs while we render
        self._roots = []    # (name, module) of the variables holding a module
        self._module_paths = None  # id(module) -> "net.fc1", made when first asked
        self._owners = {}   # node -> module that made it, for the graph being shown
        for name, value in (namespace or {}).items():
            if name.startswith("_"):
                continue
            if not isinstance(value, Tensor):
                if module_names.is_module(value):
                    self._roots.append((name, value))
                continue
            self._keep.append(value)
            fn = value.grad_fn
            if fn is not None:
                self._outputs.setdefault((id(fn), value.output_nr), []).append(name)
            else:
                self._leaves.setdefault(id(value), []).append(name)

        for name, module in self._roots:  # after the variables: `w` before `net.fc1.weight`
            for pname, p in module_names.named_parameters(module):
                self._keep.append(p)
                self._leaves.setdefault(id(p), []).append(f"{name}.{pname}")

    def show_graph(self, root_node):
        """Learn which module made each node behind ``root_node`` (call before labelling)."""
        self._owners = module_names.owners(root_node)

    def module_of(self, node):
        """``net.fc1 (Linear)``: the module whose call made ``node``, or None."""
        owner = self._owners.get(node)
        if owner is None:
            return None
        module, kind = owner
        if self._module_paths is None:
            self._module_paths = module_names.paths(self._roots)
        path = self._module_paths.get(id(module)) if module is not None else None
        return f"{path} ({kind})" if path else kind

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
