"""torch.nn: Module and Parameter, the layers, containers and losses, ``functional``, ``init``
and ``utils``, named and printed as torch's."""

from . import functional, init, utils  # noqa: F401
from .parameter import Parameter  # noqa: F401
from .module import Module  # noqa: F401
from .linear import Bilinear, Identity, Linear  # noqa: F401
from .flatten import Flatten, Unflatten  # noqa: F401
from .activation import *  # noqa: F401,F403
from .container import ModuleDict, ModuleList, ParameterDict, ParameterList, Sequential  # noqa: F401
from .loss import *  # noqa: F401,F403
from . import activation as _activation, loss as _loss

__all__ = (["functional", "init", "utils", "Parameter", "Module", "Identity", "Linear", "Bilinear", "Flatten", "Unflatten",
            "Sequential", "ModuleList", "ModuleDict", "ParameterList", "ParameterDict"]
           + _activation.__all__ + _loss.__all__)
