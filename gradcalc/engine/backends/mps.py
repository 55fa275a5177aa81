"""``torch.backends.mps``: Apple's GPU backend is neither built nor available here."""

__all__ = ["is_available", "is_built"]


def is_available():
    return False


def is_built():
    return False
