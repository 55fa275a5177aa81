"""Resource limits: the largest tensor a program may create.

Checked before allocating wherever a result can be much larger than its inputs
(creation functions, broadcasting, expand, repeat, matmul, cat), so a typo like
``ones(100000, 100000)`` is a clear error instead of an out-of-memory kill.
"""

DEFAULT_MAX_ELEMENTS = 2 ** 28

_max = [DEFAULT_MAX_ELEMENTS]


def set_max_elements(n):
    """Set the largest number of elements one tensor may have (None: the default)."""
    _max[0] = DEFAULT_MAX_ELEMENTS if n is None else int(n)


def get_max_elements():
    return _max[0]


class TensorTooLargeError(RuntimeError):
    """A tensor would exceed the element limit."""


def check_numel(shape, itemsize=4):
    """Raise if a tensor of ``shape`` would exceed the element limit, or (``itemsize`` bytes an
    element: float32's unless told) take the session over its memory budget."""
    n = 1
    for d in shape:
        if d < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {d}: {list(shape)}")
        n *= d
    if n > _max[0]:
        raise TensorTooLargeError(
            f"a tensor of shape {tuple(shape)} would have {n:,} elements, more than the limit of "
            f"{_max[0]:,} (raise it with --max-elements)")
    if n * itemsize >= _LARGE:
        check_memory(n * itemsize)
    return n


# -- the memory budget (--max-memory) ---------------------------------------------------------
# One total for the whole session: what the process holds in RAM (its resident set: live tensors,
# Python lists and strings, everything), so that a program that keeps allocating gets a clear
# MemoryError while the session and its variables are intact, instead of the kernel's OOM killer
# ending the process. Checked before every large allocation (a tensor over 1 MiB, a list or string
# repetition, str padding, tolist()), and by the interpreter's watch while statements run (memory
# that grows in many small steps).

_budget = [0]      # bytes; 0: none (the engine used on its own). A session sets it when it runs.
_LARGE = 1 << 20   # allocations below this are left to the watch (checking costs a read of /proc)
# The resident size last read, by a check or by the interpreter's watch (which reads it every few
# ms while statements run): a large allocation far below the budget needs no read of its own.
_last = [None]
_SLACK = 256 << 20  # what the process may have grown since that read, at most


def default_max_memory():
    """Three quarters of the machine's RAM, or of the container's memory limit if lower."""
    try:
        import os
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 0
    for path in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        try:
            with open(path) as f:
                text = f.read().strip()
        except OSError:
            continue
        if text.isdigit():
            total = min(total, int(text))
        break
    return total * 3 // 4


_DEFAULT = []


def set_max_memory(nbytes):
    """Set the memory budget in bytes (None: the default share of the RAM; 0: no budget)."""
    if nbytes is None:
        if not _DEFAULT:
            _DEFAULT.append(default_max_memory())
        nbytes = _DEFAULT[0]
    _budget[0] = nbytes
    _last[0] = None


def get_max_memory():
    """The budget in bytes, or 0 when there is none."""
    return _budget[0]


def note_resident(nbytes):
    """The watch's latest reading (None: forget it, e.g. between runs)."""
    _last[0] = nbytes


def resident_bytes():
    """What this process holds in RAM now (Linux: /proc/self/statm), or None where unknown."""
    try:
        with open("/proc/self/statm", "rb") as f:
            fields = f.read().split()
        return int(fields[1]) * _page_size()
    except (OSError, IndexError, ValueError):
        return None


_PAGE = []


def _page_size():
    if not _PAGE:
        import os
        _PAGE.append(os.sysconf("SC_PAGE_SIZE"))
    return _PAGE[0]


def format_bytes(n):
    """``1.5 GB``, ``300 MB`` (powers of 1024, as ``free -h``; the units --max-memory reads)."""
    for unit, size in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n} bytes"


def over_budget_message(needed, used, budget):
    what = (f"{format_bytes(needed)} more would bring the session to {format_bytes(used + needed)}" if needed
            else f"the session's memory reached {format_bytes(used)}")
    return (f"out of memory: {what}, over its limit of {format_bytes(budget)} (--max-memory SIZE sets it); "
            f"the statement was stopped and undone")


def check_memory(nbytes):
    """Raise MemoryError if allocating ``nbytes`` more would take the session over its budget."""
    budget = _budget[0]
    if not budget or nbytes < _LARGE:
        return
    last = _last[0]
    if last is not None and last + nbytes + _SLACK < budget:
        return
    used = resident_bytes()
    if used is None:
        return
    _last[0] = used
    if used + nbytes > budget:
        used = _trimmed(used)
        if used + nbytes > budget:
            raise MemoryError(over_budget_message(nbytes, used, budget))


def _trimmed(used):
    """The resident size after handing freed heap memory back to the system (glibc keeps freed
    blocks mapped; without this a session that freed a lot could still look full)."""
    try:
        import ctypes
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError, ImportError):
        return used
    again = resident_bytes()
    return used if again is None else again
