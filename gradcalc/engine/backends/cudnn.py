"""``torch.backends.cudnn``: not available (no CUDA); its flags read as torch's defaults."""

__all__ = ["is_available", "version", "enabled", "deterministic", "benchmark"]

enabled = True
deterministic = False
benchmark = False


def is_available():
    return False


def version():
    return None
