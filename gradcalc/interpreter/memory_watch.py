"""The session's memory, watched while statements run (``--max-memory``).

Large allocations are checked before they happen (``engine.limits.check_memory``); what grows
in many small steps (a loop appending to a list, a string grown by ``+``) is caught here: a
daemon thread, awake only while a statement runs, reads the resident size every few
milliseconds and, over the budget, asks the running statement to stop the way Ctrl-C and
``--timeout`` do (a ``Stop`` in its flag, raised at its next loop iteration or call). The
statement is then undone like any failed one, which frees what it allocated. The hot paths
pay nothing: loops already check that flag.
"""

from __future__ import annotations

import threading

from gradcalc.engine import limits

from .runtime import RUNNING_FLAG, Stop

PERIOD = 0.02  # seconds between two reads (a read of /proc/self/statm costs ~10 µs)

_running = threading.Event()  # set while some statement runs
_started = []


def statements_running(on):
    """Called by the session as its outermost run starts (True) and ends (False)."""
    limits.note_resident(None)
    if on:
        if not _started:
            _start()
        _running.set()
    else:
        _running.clear()


def _start():
    _started.append(True)
    threading.Thread(target=_watch, name="gradcalc-memory-watch", daemon=True).start()


def _watch():
    wait, sleep = _running.wait, threading.Event().wait
    while True:
        wait()
        sleep(PERIOD)
        check_now()


def check_now():
    """Stop the running statement if the session is over its budget (returns True if so)."""
    flag = RUNNING_FLAG[0]
    budget = limits.get_max_memory()
    if flag is None or flag[0] is not None or not budget:
        return False
    used = limits.resident_bytes()
    if used is None:
        return False
    limits.note_resident(used)
    if used <= budget:
        return False
    used = limits._trimmed(used)
    if used <= budget:
        return False
    flag[0] = Stop("MemoryError", limits.over_budget_message(0, used, budget))
    return True
