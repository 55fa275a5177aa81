"""Undo for what a statement changed inside the engine.

The language promises that a statement that fails leaves every variable as it
was. Rebinding names is the interpreter's business; but a statement can also
change tensors in place (``x += 1``, ``x[0] = 5``, ``w.grad`` accumulating in a
backward), register or remove hooks (silently wrong gradients later if they stayed),
or free a graph in a backward, before it fails. The engine tells its one observer
(``gradcalc.engine.journal``) before each such change; while a ``Journal`` is open it
is that observer, keeps each object's state the first time it hears of it, and
``rollback()`` puts all of them back (latest first).
"""

import sys

import numpy as np

from gradcalc.engine import journal as _observer

# A statement such as a training loop touches new tensors every iteration; the
# states of those nobody can see any more are dropped now and then, so the
# journal's memory stays bounded by what is still reachable.
_SWEEP_ENTRIES = 32
_SWEEP_BYTES = 32 << 20


class Journal:
    """Records tensors' state before in-place changes; ``rollback()`` restores it."""

    __slots__ = ("_saved", "_prev", "_new", "_bytes", "_released")

    def __init__(self):
        self._saved = {}  # id(tensor) -> (tensor, state); ("hooks", id(owner)) -> (owner, state)
        self._released = []  # (node, saved, versions, saved output) freed by a backward
        self._prev = None
        self._new = 0     # entries and bytes copied since the last sweep
        self._bytes = 0

    def __enter__(self):
        self._prev = _observer.subscribe(self)
        return self

    def __exit__(self, *exc):
        _observer.subscribe(self._prev)
        return False

    @staticmethod
    def active():
        """The open journal (the engine's observer), if any."""
        o = _observer.OBSERVER[0]
        return o if isinstance(o, Journal) else None

    # -- the engine's notices ------------------------------------------------------------------
    def tensor(self, t, values):
        entry = self._saved.get(id(t))
        if entry is None:
            state = self._saved[id(t)] = (t, _snapshot(t, values))
            self._grew(state[1])
        elif values and entry[1][1] is None:
            entry[1][1] = t._data.copy()  # first touched for its .grad only: its values are still the old ones

    def array(self, a):
        """Before the language writes numpy array ``a`` (``a[i] = v``, ``a += 1``, ``out=a``): the array
        may be a tensor's memory (``t.numpy()``, ``from_numpy``), so it is kept here, in order with
        the tensors' states."""
        if id(a) not in self._saved:
            state = _ArrayState(a.copy())
            self._saved[id(a)] = (a, state)
            self._grew(state)

    def hooks(self, owner):
        key = ("hooks", id(owner))
        if key not in self._saved:
            self._saved[key] = (owner, _hooks_snapshot(owner))

    def release(self, node):
        self.note_release(node)

    def container(self, c):
        key = ("items", id(c))
        if key not in self._saved:
            self._saved[key] = (c, _ItemsState(c))

    def generator(self, gen):
        key = ("generator", id(gen))
        if key not in self._saved:  # once per statement that draws: the state is copied only then
            self._saved[key] = (gen, _GeneratorState(gen._snapshot()))

    def __len__(self):
        return len(self._saved)

    def rollback(self):
        """Put every touched tensor back as it was when first touched (latest first), and give
        the graphs a backward freed their saved values back."""
        for obj, state in reversed(list(self._saved.values())):
            if type(state) is tuple:
                _hooks_restore(obj, state)
            elif type(state) in _SMALL_STATES or type(state) is _ArrayState:
                state.restore(obj)
            else:
                _restore(obj, state)
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
        if type(state) is _ArrayState:
            self._bytes += state.values.nbytes
        else:
            self._bytes += (0 if state[1] is None else state[1].nbytes) + (0 if state[6] is None else state[6].nbytes)
        if self._new >= _SWEEP_ENTRIES or self._bytes >= _SWEEP_BYTES:
            self._sweep()

    def _sweep(self):
        """Drop the states of tensors only this journal still holds, whose memory nothing else shares:
        restoring them could make no difference anyone sees."""
        getrefcount = sys.getrefcount
        for key, (t, state) in list(self._saved.items()):
            if type(state) is tuple or type(state) in _SMALL_STATES:
                continue  # hooks, dict/list items, generators: small, and a handle may still reach them
            if type(state) is _ArrayState:  # an array: the entry, the loop variable, the argument
                if getrefcount(t) <= 3 and t.base is None:
                    del self._saved[key]
                continue
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
            elif type(state) is list and mine[1][1] is None and state[1] is not None:
                mine[1][1] = state[1]  # outer saw only .grad change; these are the values before
        self._saved.clear()
        outer._released.extend(self._released)
        self._released.clear()


def touch_array(a):
    """Tell the open journal, if any, that the language is about to write numpy array ``a``."""
    j = Journal.active()
    if j is not None:
        j.array(a)


class _ItemsState:
    """A dict's or list's items (shallow): restored into the same object, which others hold."""

    __slots__ = ("items",)

    def __init__(self, c):
        self.items = dict(c) if isinstance(c, dict) else list(c)

    def restore(self, c):
        c.clear()
        if isinstance(c, dict):
            c.update(self.items)
        else:
            c.extend(self.items)


class _GeneratorState:
    """A random generator's state before the statement's first draw from it."""

    __slots__ = ("snapshot",)

    def __init__(self, snapshot):
        self.snapshot = snapshot

    def restore(self, gen):
        gen._restore(self.snapshot)


_SMALL_STATES = (_ItemsState, _GeneratorState)


class _ArrayState:
    __slots__ = ("values",)

    def __init__(self, values):
        self.values = values

    def restore(self, a):
        if a.flags.writeable:
            a[...] = self.values


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


def _hooks_snapshot(owner):
    """``owner._extra`` (a tensor's or node's hooks, pre-hooks, retain_grad flag...) and the
    contents of its lists, which handles share: restored in place, so a handle kept from
    before the statement still removes its hook."""
    extra = owner._extra
    if extra is None:
        return (None, None)
    contents = []
    for key, value in extra.items():
        if type(value) is list:
            inner = list(value)
        elif type(value) is dict and key == "tensor_prehooks":
            inner = {nr: (hooks, list(hooks)) for nr, hooks in value.items()}
        else:
            inner = None
        contents.append((key, value, inner))
    return (extra, contents)


def _hooks_restore(owner, state):
    extra, contents = state
    owner._extra = extra
    if extra is None:
        return
    extra.clear()
    for key, value, inner in contents:
        if type(value) is list:
            value[:] = inner
        elif inner is not None:
            value.clear()
            for nr, (hooks, items) in inner.items():
                hooks[:] = items
                value[nr] = hooks
        extra[key] = value
