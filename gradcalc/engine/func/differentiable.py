"""The inputs a reverse-mode transform differentiates, and what it hands back.

A transform differentiates with respect to *its own* copies of the inputs:
an input that already requires grad (the caller's autograd, or an outer
transform) gets a view, so results stay connected to it; any other input gets a
private leaf. Tensors the function closes over are not inputs: autograd.grad is
asked only for the transform's copies, so they are constants for it, as in torch.

On the way out (torch's ``_undo_create_differentiable``), a result whose history
reaches no leaf but the private ones is detached: it depends on nothing the
caller can differentiate. A result that reaches the caller's tensors keeps its
``grad_fn`` (``grad(f)(x)`` for ``x`` requiring grad is differentiable again).
"""

import weakref

from ..grad_mode import STATE
from ..node import AccumulateGrad
from ..tensor import Tensor
from .batched import LEVELS, rewrap, unwrap_all
from .pytree import tree_map

__all__ = ["Scope", "check_tensor", "FINISHED"]

# Private leaves of transforms that have returned: a history reaching them reaches nothing real.
# (by id, with a weak reference: tensors compare elementwise, so no WeakSet)
FINISHED = {}


def _finished(t):
    ref = FINISHED.get(id(t))
    return ref is not None and ref() is t


def check_tensor(x):
    if not isinstance(x, Tensor):
        raise ValueError(f"Thing passed to transform API must be Tensor, got {type(x)}")


class Scope:
    """One application of a transform: the private leaves it made."""

    __slots__ = ("private", "held", "keep_graph")

    def __init__(self):
        self.private = set()
        self.held = []  # the private leaves (their ids mean something only while they live)
        # under no_grad the caller's autograd records nothing: results come back detached
        self.keep_graph = STATE.grad_enabled

    def differentiable(self, tree):
        """The transform's copies of the tensors in ``tree`` (same structure)."""
        return tree_map(self._one, tree)

    def _one(self, x):
        check_tensor(x)
        if LEVELS:
            x = batched_everywhere(x)
        if x._requires_grad:
            return x.view_as(x)
        leaf = _keep_tangent(x, x.detach().requires_grad_())
        plain = unwrap_all(leaf)[0]
        self.private.add(id(plain))
        self.held.append(plain)
        return leaf

    def finish(self):
        """The transform has returned: its private leaves now stand for nothing anyone can differentiate."""
        for leaf in self.held:
            key = id(leaf)
            FINISHED[key] = weakref.ref(leaf, lambda _, key=key: FINISHED.pop(key, None))

    def undo(self, tree):
        """Results as the caller sees them (same structure)."""
        return tree_map(self._undo_one, tree)

    def _undo_one(self, x):
        if not isinstance(x, Tensor):
            if x is None:
                return x
            raise RuntimeError(f"Expected tensors, got unsupported type {type(x)}")
        if not x._requires_grad:
            return x
        if not self.keep_graph or not self._reaches_outside(unwrap_all(x)[0]):
            return _keep_tangent(x, x.detach())
        return x

    def _reaches_outside(self, x):
        """Whether (plain) x's history reaches a leaf requiring grad that this transform did not make."""
        if x._grad_fn is None:
            return id(x) not in self.private
        private = self.private
        seen = set()
        stack = [x._grad_fn]
        while stack:
            node = stack.pop()
            if type(node) is AccumulateGrad:
                var = node._var()
                if var is not None and id(var) not in private and not _finished(var):
                    return True
                continue
            for nxt, _ in node._next:
                if nxt is not None and id(nxt) not in seen:
                    seen.add(id(nxt))
                    stack.append(nxt)
        return False


def batched_everywhere(x):
    """Inside vmap: ``x`` batched at every active level (an unbatched one repeated, as a view), so that
    a transform inside vmap differentiates each example on its own (per-example gradients)."""
    plain, have = unwrap_all(x)
    if len(have) == len(LEVELS):
        return x
    # plain's leading dims are the levels in ``have`` (outermost first); insert the missing ones
    v = plain
    for pos, level in enumerate(LEVELS):
        if level not in have:
            v = v.unsqueeze(pos)
            v = v.expand(tuple(v.shape[:pos]) + (level.size,) + tuple(v.shape[pos + 1:]))
    return rewrap(v, list(LEVELS))


def _keep_tangent(x, copy):
    """Inside a forward-AD level, a transform's copy of a dual tensor keeps its tangent (jacfwd over
    jacrev: the reverse-mode gradient is computed on duals and carries their tangent out)."""
    from ..autograd.forward_jvp import CEILING, copy_tangents
    if CEILING[0] >= 0:  # (every level's, a nested dual's too)
        copy_tangents(x, copy, CEILING[0] + 1)
    return copy
