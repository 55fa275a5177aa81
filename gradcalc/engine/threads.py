"""``torch.get_num_threads`` / ``torch.set_num_threads``: the intra-op thread count torch would use.

gradcalc computes on one thread, but some of torch's CPU kernels split their work per
thread and add the partial results (batch norm over (N, C) inputs, for one): their last bits
depend on the thread count, so the kernels that model torch's order read it here. The
default is torch's: the machine's physical cores (``TORCH_NUM_THREADS`` or
``OMP_NUM_THREADS`` when set).
"""

import os

_threads = None


def _physical_cores():
    """Distinct (physical id, core id) pairs of /proc/cpuinfo; the logical count elsewhere."""
    try:
        cores, phys = set(), "0"
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                key = key.strip()
                if key == "physical id":
                    phys = value.strip()
                elif key == "core id":
                    cores.add((phys, value.strip()))
        if cores:
            return len(cores)
    except OSError:
        pass
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def get_num_threads():
    """The number of threads torch would use for intra-op parallelism."""
    global _threads
    if _threads is None:
        for name in ("TORCH_NUM_THREADS", "OMP_NUM_THREADS"):
            value = os.environ.get(name, "")
            if value.isdigit() and int(value) > 0:
                _threads = int(value)
                break
        else:
            _threads = max(1, _physical_cores())
    return _threads


def set_num_threads(num):
    """Set the thread count torch's kernels would split their work over (must be positive)."""
    global _threads
    if isinstance(num, bool) or not isinstance(num, int):
        raise RuntimeError(f"set_num_threads expects an int, but got {type(num).__name__}")
    if num <= 0:
        raise RuntimeError("set_num_threads expects a positive integer")
    _threads = num
