"""``torch.cuda`` on a machine without CUDA: what torch's CPU build answers.

Tutorials ask ``torch.cuda.is_available()`` to pick a device; the answer here is
always no, and everything that needs a GPU fails with torch's own error.
"""

from .devices import NO_CUDA

__all__ = ["is_available", "device_count", "is_initialized", "manual_seed", "manual_seed_all", "current_device",
           "get_device_name", "get_device_capability", "synchronize", "empty_cache", "memory_allocated",
           "max_memory_allocated", "memory_reserved", "is_bf16_supported"]


def is_available():
    """False: gradcalc runs on the CPU only."""
    return False


def device_count():
    return 0


def is_initialized():
    return False


def manual_seed(seed):
    """Accepted and ignored, as torch does when there is no GPU to seed."""
    int(seed)


def manual_seed_all(seed):
    int(seed)


def current_device():
    raise AssertionError(NO_CUDA)


def get_device_name(device=None):
    raise AssertionError(NO_CUDA)


def get_device_capability(device=None):
    raise AssertionError(NO_CUDA)


def synchronize(device=None):
    raise AssertionError(NO_CUDA)


def empty_cache():
    """Nothing to free."""


def memory_allocated(device=None):
    return 0


def max_memory_allocated(device=None):
    return 0


def memory_reserved(device=None):
    return 0


def is_bf16_supported(including_emulation=True):
    return False
