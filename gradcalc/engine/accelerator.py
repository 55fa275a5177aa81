"""``torch.accelerator``: the CPU has no accelerator, as torch's CPU build says."""

__all__ = ["is_available", "current_accelerator", "device_count"]


def is_available():
    return False


def current_accelerator(check_available=False):
    """None: there is no accelerator."""
    return None


def device_count():
    return 0
