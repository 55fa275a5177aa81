"""torch.autograd: backward, grad, and the graph's node type."""

from ..backward import backward, grad  # noqa: F401
from ..grad_mode import enable_grad, no_grad, set_grad_enabled, inference_mode  # noqa: F401
from ..node import Node  # noqa: F401
