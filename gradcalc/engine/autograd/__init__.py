"""torch.autograd: backward, grad, gradcheck, and the graph's node type."""

from ..backward import backward, grad  # noqa: F401
from ..grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled  # noqa: F401
from ..node import Node  # noqa: F401
from .gradcheck import GradcheckError, gradcheck, gradgradcheck  # noqa: F401
