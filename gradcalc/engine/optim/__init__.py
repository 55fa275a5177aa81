"""torch.optim: optimizers and learning-rate schedulers, computed in torch's order.

Every algorithm follows torch's single-tensor code path (what torch runs on the CPU
by default) operation by operation, with torch's rounding, so a training loop
prints torch's losses. ``foreach``, ``fused``, ``capturable`` and ``differentiable``
are accepted and shown as torch shows them; there is one implementation.
"""

from .optimizer import Optimizer, register_optimizer_step_post_hook, register_optimizer_step_pre_hook  # noqa: F401
from .sgd import SGD  # noqa: F401
from .adam import Adam, AdamW  # noqa: F401
from .adamax import Adamax  # noqa: F401
from .nadam import NAdam  # noqa: F401
from .radam import RAdam  # noqa: F401
from .rmsprop import RMSprop  # noqa: F401
from .adagrad import Adagrad  # noqa: F401
from .adadelta import Adadelta  # noqa: F401
from .asgd import ASGD  # noqa: F401
from .rprop import Rprop  # noqa: F401
from .lbfgs import LBFGS  # noqa: F401
from . import lr_scheduler  # noqa: F401
from . import swa_utils  # noqa: F401

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "Adamax", "NAdam", "RAdam", "RMSprop", "Adagrad", "Adadelta", "ASGD",
           "Rprop", "LBFGS", "register_optimizer_step_pre_hook", "register_optimizer_step_post_hook", "lr_scheduler", "swa_utils"]
