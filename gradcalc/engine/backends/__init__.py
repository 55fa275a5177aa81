"""``torch.backends``: which accelerated backends exist (none here but the CPU)."""

from . import cudnn, mps  # noqa: F401
