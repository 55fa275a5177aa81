"""Keep freed memory mapped for reuse, the way torch's caching allocator does.

glibc hands the top of its heap back to the OS as soon as enough of it is free.
A backward pass frees several large arrays at once, so every training step would
fault all those pages back in (about 2 µs a page here: more than the arithmetic
of an elementwise op). A top pad keeps up to 64 MiB mapped between steps.
Done once, on the first backward; a no-op where there is no glibc ``mallopt``.
"""

_M_TOP_PAD = -2
_PAD = 64 << 20
TUNED = [False]


def tune_allocator():
    """Ask the C allocator to keep a pad of freed memory (idempotent, never raises)."""
    if TUNED[0]:
        return
    TUNED[0] = True
    try:
        import ctypes
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError, ImportError):
        return
    try:
        mallopt(_M_TOP_PAD, _PAD)
    except Exception:  # noqa: BLE001 - tuning is optional; never fail a backward for it
        pass
