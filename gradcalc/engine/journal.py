"""Undo for in-place changes to tensors.

The language promises that a statement that fails leaves every variable as it
was. Rebinding names is the interpreter's business; but a statement can also
change tensors in place (``x += 1``, ``x[0] = 5``, ``w.grad`` accumulating in a
backward) before it fails. While a ``Journal`` is open, every place in the engine
that is about to change a tensor in place first calls ``touch(t)``, which keeps
the tensor's state (its values and its autograd attributes) the first time the
tensor is touched; ``rollback()`` puts all of them back.

When no journal is open, ``touch`` costs one list lookup.
"""

import sys

import numpy as np

ACTIVE = [None]  # the open Journal, if any

# A statement such as a training loop touches new tensors every iteration; the
# states of those nobody can see any more are dropped now and then, so the
# journal's memory stays bounded by what is still reachable.
_SWEEP_ENTRIES = 32
_SWEEP_BYTES = 32 << 20


class Journal:
    """Records tensors' state before in-place changes; ``rollback()`` restores it."""

    __slots__ = ("_saved", "_prev", "_new", "_bytes", "_released")

    def __init__(self):
        self._saved = {}
        self._released = []  # (node, saved, versions, saved output) freed by a backward
        self._prev = None
        self._new = 0     # entries and bytes copied since the last sweep
        self._bytes = 0

    def __enter__(self):
        self._prev = ACTIVE[0]
        ACTIVE[0] = self
        return self

    def __exit__(self, *exc):
        ACTIVE[0] = self._prev
        return False

    def __len__(self):
        return len(self._saved)

    def rollback(self):
        """Put every touched tensor back as it was when first touched (latest first), and give
        the graphs a backward freed their saved values back."""
        for t, state in reversed(list(self._saved.values())):
            _restore(t, state)
        self._saved.clear()
        for node, saved, versions, out in reversed(self._released):
            node._saved = saved
            if saved is not None:
                node._versions = versions
            if node.saves_output:
                node._out = out
        self._released.clear()

    def note_release(self, node):
        """Call before a backward frees what ``node`` saved."""
        saved = node._saved
        self._released.append((node, saved, node._versions if saved is not None else None,
                               node._out if node.saves_output else None))

    def commit(self):
        """Forget the recorded states (the statement succeeded)."""
        self._saved.clear()
        self._released.clear()

    def _grew(self, state):
        self._new += 1
        self._bytes += (0 if state[1] is None else state[1].nbytes) + (0 if state[6] is None else state[6].nbytes)
        if self._new >= _SWEEP_ENTRIES or self._bytes >= _SWEEP_BYTES:
            self._sweep()

    def _sweep(self):
        """Drop the states of tensors only this journal still holds, whose memory nothing else shares:
        restoring them could make no difference anyone sees."""
        getrefcount = sys.getrefcount
        for key, (t, state) in list(self._saved.items()):
            data = t._data
            # t: the entry, the loop variable, the argument; data: t, the state, the argument (+ local)
            if getrefcount(t) <= 3 and data.base is None and getrefcount(data) <= 4:
                del self._saved[key]
        self._new = 0
        self._bytes = 0

    def merge_into(self, outer):
        """Hand the recorded states to an enclosing journal (a nested statement succeeded):
        the outer one keeps its own older states, and learns the values it had not copied."""
        for key, (t, state) in self._saved.items():
            mine = outer._saved.get(key)
            if mine is None:
                outer._saved[key] = (t, state)
            elif mine[1][1] is None and state[1] is not None:
                mine[1][1] = state[1]  # outer saw only .grad change; these are the values before
        self._saved.clear()
        outer._released.extend(self._released)
        self._released.clear()


def touch(t):
    """Call before changing tensor ``t`` in place (its values or autograd attributes)."""
    j = ACTIVE[0]
    if j is not None:
        entry = j._saved.get(id(t))
        if entry is None:
            state = j._saved[id(t)] = (t, _snapshot(t, True))
            j._grew(state[1])
        elif entry[1][1] is None:
            entry[1][1] = t._data.copy()  # first touched for its .grad only: its values are still the old ones


def touch_grad(t):
    """Call before changing only ``t.grad`` (a backward accumulating): the values need no copy."""
    j = ACTIVE[0]
    if j is not None and id(t) not in j._saved:
        state = j._saved[id(t)] = (t, _snapshot(t, False))
        j._grew(state[1])


def _snapshot(t, values):
    data = t._data
    grad = t._grad
    return [data, data.copy() if values else None, t._requires_grad, t._grad_fn, t._output_nr,
            grad, None if grad is None else grad._data.copy(),
            t._vc, None if t._vc is None else t._vc[0],
            None if t._extra is None else dict(t._extra)]


def _restore(t, state):
    data, values, requires_grad, grad_fn, output_nr, grad, grad_values, vc, version, extra = state
    if values is not None and data.flags.writeable:
        np.copyto(data, values)
    t._data = data
    t._requires_grad = requires_grad
    t._grad_fn = grad_fn
    t._output_nr = output_nr
    if grad is not None and grad._data.shape == grad_values.shape and grad._data.flags.writeable:
        np.copyto(grad._data, grad_values)
    t._grad = grad
    t._vc = vc
    if vc is not None:
        vc[0] = version
    t._extra = extra
