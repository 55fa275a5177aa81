"""torch.nn: only the functional interface is provided (``torch.nn.functional``)."""

from . import functional  # noqa: F401
