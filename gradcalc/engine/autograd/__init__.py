"""torch.autograd: backward, grad, the functional API, gradcheck, custom Functions, anomaly mode."""

from ..backward import backward, grad  # noqa: F401
from ..grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled  # noqa: F401
from ..node import Node  # noqa: F401
from . import anomaly_mode, forward_ad, function, functional  # noqa: F401
from .anomaly_mode import detect_anomaly, set_detect_anomaly  # noqa: F401
from .function import Function, FunctionCtx, once_differentiable  # noqa: F401
from .gradcheck import GradcheckError, gradcheck, gradgradcheck  # noqa: F401
from .variable import Variable  # noqa: F401,E402
