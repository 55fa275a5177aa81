"""torch.autograd: backward, grad, the functional API, gradcheck, custom Functions, anomaly mode."""

from ..backward import backward, grad  # noqa: F401
from ..grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled  # noqa: F401
from ..node import Node  # noqa: F401
from . import anomaly_mode, forward_ad, function, functional  # noqa: F401
from .anomaly_mode import detect_anomaly, set_detect_anomaly  # noqa: F401
from .function import Function, FunctionCtx, once_differentiable  # noqa: F401
from .gradcheck import GradcheckError, gradcheck, gradgradcheck  # noqa: F401
from .variable import Variable  # noqa: F401,E402

# torch.autograd.profiler (and its profiler_util) are imported on first use: a program that
# never profiles pays nothing for them.
_LAZY_SUBMODULES = ("profiler", "profiler_util")


def __getattr__(name):
    if name in _LAZY_SUBMODULES:
        import importlib
        return importlib.import_module(f"{__name__}.{name}")  # (binds it here too)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
