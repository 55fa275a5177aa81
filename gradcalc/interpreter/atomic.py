"""Atomic statements: a statement that fails leaves every variable as it was.

Around each top-level statement ``Transaction`` keeps what is needed to undo it:
the namespace's bindings (a shallow copy), tensors changed in place (the
engine's ``Journal``, fed by the engine itself), lists, dicts and closure cells
changed by the language (``runtime.touch``, fed by the compiled code and the
sandbox), and the grad mode. ``rollback()`` puts them all back.

Transactions nest (a magic such as ``%time STMT`` runs a statement inside a
statement): an inner one that commits hands what it saved to the outer one, so
the outer statement can still be undone as a whole.
"""

from __future__ import annotations

from gradcalc.engine import journal as _journal
from gradcalc.engine.grad_mode import STATE
from gradcalc.engine.journal import Journal

from . import runtime


class Transaction:
    __slots__ = ("ns", "bindings", "journal", "containers", "grad_enabled", "prev_containers", "outer_journal")

    def __init__(self, ns):
        self.ns = ns
        self.bindings = ns.copy()
        self.journal = Journal()
        self.containers = {}
        self.grad_enabled = STATE.grad_enabled
        self.prev_containers = None
        self.outer_journal = None

    def __enter__(self):
        self.outer_journal = _journal.ACTIVE[0]
        self.journal.__enter__()
        self.prev_containers = runtime.ACTIVE[0]
        runtime.ACTIVE[0] = self.containers
        return self

    def __exit__(self, *exc):
        runtime.ACTIVE[0] = self.prev_containers
        self.journal.__exit__()
        return False

    def rollback(self):
        self.journal.rollback()
        runtime.restore(self.containers)
        self.containers.clear()
        ns = self.ns
        ns.clear()
        ns.update(self.bindings)
        STATE.grad_enabled = self.grad_enabled

    def commit(self):
        outer = self.outer_journal
        if outer is not None:
            self.journal.merge_into(outer)
        self.journal.commit()
        if self.prev_containers is not None:
            for key, saved in self.containers.items():
                self.prev_containers.setdefault(key, saved)
        self.containers.clear()
