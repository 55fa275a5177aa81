"""Atomic statements: a statement that fails leaves every variable as it was.

Around each top-level statement ``Transaction`` keeps what is needed to undo it:
the namespace's bindings (a shallow copy), tensors changed in place (the
interpreter's ``Journal``, which the engine tells of every change to tensors, hooks
and graphs), lists, dicts and closure cells
changed by the language (``runtime.touch``, fed by the compiled code and the
sandbox), and the grad mode. ``rollback()`` puts them all back.

Transactions nest (a magic such as ``%time STMT`` runs a statement inside a
statement): an inner one that commits hands what it saved to the outer one, so
the outer statement can still be undone as a whole.
"""

from __future__ import annotations

import signal
import sys
import threading

from gradcalc.engine.grad_mode import STATE

from . import runtime
from .journal import Journal


def _engine_settings():
    """The engine's process-wide settings a statement can change: grad mode, the default dtype,
    the print options, anomaly mode, the running profile. A failing statement puts them back too."""
    from gradcalc.engine import anomaly, dtypes
    from gradcalc.engine.printing_options import get_printoptions
    return (STATE.grad_enabled, dtypes._default[0], get_printoptions(), anomaly.is_enabled(),
            anomaly.is_check_nan_enabled(), _running_profile())


def _running_profile():
    profiler = sys.modules.get("gradcalc.engine.autograd.profiler")  # (never imported: nothing runs)
    return profiler.running() if profiler is not None else None


def _restore_engine_settings(settings):
    from gradcalc.engine import anomaly, dtypes
    from gradcalc.engine.printing_options import set_printoptions
    grad_enabled, default_dtype, printoptions, anomaly_on, check_nan, profile = settings
    if _running_profile() is not profile:  # a profile the failed statement started stops with it
        sys.modules["gradcalc.engine.autograd.profiler"].stop_running_since(profile)
    STATE.grad_enabled = grad_enabled
    dtypes._default[0] = default_dtype
    set_printoptions(**printoptions)
    anomaly.set_enabled(anomaly_on, check_nan)


class _InterruptsDeferred:
    """SIGINT only noted (not raised) inside the block; on the main thread, where handlers run."""

    __slots__ = ("pending", "old")

    def __enter__(self):
        self.pending = False
        self.old = None
        if threading.current_thread() is threading.main_thread():
            self.old = signal.signal(signal.SIGINT, self._note)
        return self

    def _note(self, signum, frame):
        self.pending = True

    def __exit__(self, *exc):
        if self.old is not None:
            signal.signal(signal.SIGINT, self.old)
        return False


class Transaction:
    __slots__ = ("ns", "bindings", "journal", "containers", "settings", "prev_containers", "outer_journal")

    def __init__(self, ns):
        self.ns = ns
        self.bindings = ns.copy()
        self.journal = Journal()
        self.containers = {}
        self.settings = _engine_settings()
        self.prev_containers = None
        self.outer_journal = None

    def __enter__(self):
        self.outer_journal = Journal.active()
        self.journal.__enter__()
        self.prev_containers = runtime.ACTIVE[0]
        runtime.ACTIVE[0] = self.containers
        return self

    def __exit__(self, *exc):
        runtime.ACTIVE[0] = self.prev_containers
        self.journal.__exit__()
        return False

    def rollback(self):
        """Undo the statement. A Ctrl-C pressed meanwhile waits until it is done (half an undo
        would leave tensors that disagree with each other); returns True if one came."""
        with _InterruptsDeferred() as deferred:
            self.journal.rollback()
            runtime.restore(self.containers)
            self.containers.clear()
            ns = self.ns
            ns.clear()
            ns.update(self.bindings)
            _restore_engine_settings(self.settings)
        return deferred.pending

    def commit(self):
        outer = self.outer_journal
        if outer is not None:
            self.journal.merge_into(outer)
        self.journal.commit()
        if self.prev_containers is not None:
            for key, saved in self.containers.items():
                self.prev_containers.setdefault(key, saved)
        self.containers.clear()
