"""torch.nn.functional: activations and losses."""

from ..ops.activation import log_softmax, softmax  # noqa: F401
from ..ops.unary import relu, sigmoid, tanh  # noqa: F401
