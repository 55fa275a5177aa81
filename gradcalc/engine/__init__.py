"""gradcalc.engine: a define-by-run autograd engine over numpy, named like torch.

``import gradcalc.engine as torch`` gives the torch names it supports: tensors,
dtypes, creation and random functions, the ops, grad modes, ``torch.autograd`` and
``torch.nn.functional``. Only numpy and the standard library are imported.
"""

import math as _math
import warnings as _warnings

import numpy as _np

# torch never warns on 1/0 or log(0), or on the mean of nothing: it returns inf/nan.
# Neither do we.
_np.seterr(all="ignore")
_warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"(numpy|gradcalc\.engine)\.")

from . import dtypes as _dtypes  # noqa: E402
from .dtypes import (  # noqa: E402,F401
    bfloat16, bool, double, dtype, float, float16, float32, float64, get_default_dtype, half, int, int8, int16,
    int32, int64, long, promote_types, set_default_dtype, short, uint8, complex64, cfloat, complex128, cdouble)
from .tensor import Size, Tensor, device, is_tensor  # noqa: E402,F401
from .grad_mode import (  # noqa: E402,F401
    enable_grad, inference_mode, is_grad_enabled, is_inference_mode_enabled, no_grad, set_grad_enabled)
from .creation import (  # noqa: E402,F401
    arange, as_tensor, empty, empty_like, eye, from_numpy, full, full_like, linspace, logspace, ones,
    ones_like, scalar_tensor, tensor, zeros, zeros_like)
from .random import (  # noqa: E402,F401
    Generator, default_generator, get_rng_state, initial_seed, manual_seed, seed, set_rng_state)
from .random_sampling import (  # noqa: E402,F401
    bernoulli, multinomial, normal, rand, rand_like, randint, randint_like, randn, randn_like, randperm)
from .random_discrete import binomial, poisson  # noqa: E402,F401
from . import ops as _ops  # noqa: E402
from .printing import get_printoptions, set_printoptions  # noqa: E402,F401
from . import autograd, nn  # noqa: E402,F401
# torch.optim, torch.func, torch.utils and torch.profiler are imported on first use (``__getattr__`` below):
# a one-liner or a script that never trains pays nothing for them at start-up.
_LAZY_SUBMODULES = ("optim", "func", "utils", "profiler")


def typename(obj):
    """torch.typename, by torch's rule: ``torch.FloatTensor`` for a tensor, else the object's own
    qualified name (a class, a function) or its class's; our classes under torch's module names."""
    from .nn.module import typename as _typename  # (nn's layers are imported on first use)
    return _typename(obj)
from .autograd.anomaly_mode import (  # noqa: E402,F401
    is_anomaly_check_nan_enabled, is_anomaly_enabled, set_anomaly_enabled)

globals().update(_ops.FUNCTIONS)

pi = _math.pi
e = _math.e
inf = _math.inf
nan = _math.nan
newaxis = None
from . import accelerator, backends, cuda, functional  # noqa: E402,F401
from .functional import broadcast_shapes  # noqa: E402,F401
from .threads import get_num_threads, set_num_threads  # noqa: E402,F401


def save(obj, f, pickle_module=None, pickle_protocol=2, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False):
    """Save ``obj`` to ``f`` (a path or a binary file object) in torch's checkpoint format."""
    from .serialization import save as _save  # (zipfile and the pickle machinery only when used)
    return _save(obj, f, pickle_module, pickle_protocol, _use_new_zipfile_serialization)


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **pickle_load_args):
    """Load what ``torch.save`` wrote (here or in PyTorch) from ``f``; nothing in the file is run."""
    from .serialization import load as _load
    return _load(f, map_location, pickle_module, weights_only=weights_only, mmap=mmap, **pickle_load_args)


from . import fft, linalg, special  # noqa: E402,F401
from .tensor_api import (  # noqa: E402,F401
    compile, get_default_device, get_device, is_complex, is_conj, is_inference, is_neg, is_same_size, is_signed,
    positive, resolve_conj, resolve_neg, set_default_device)
from .tensor_api import LEGACY_TYPES as _LEGACY_TYPES  # noqa: E402
globals().update(_LEGACY_TYPES)  # torch.FloatTensor, torch.LongTensor, ...


def result_type(tensor1, tensor2):
    """The dtype an op on these two operands would produce."""
    return _dtypes.result_type(tensor1, tensor2)


def can_cast(from_, to):
    """Whether ``from_`` may be cast to ``to`` under torch's in-place casting rule."""
    return from_.category <= to.category


def numel(input):
    """Number of elements of ``input``."""
    return input.numel()


def is_floating_point(input):
    return input.is_floating_point()


def is_nonzero(input):
    if input.numel() != 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
    return input.__bool__()  # (``bool`` is torch.bool in this module)


from .ops.aliases import nn_aliases as _nn_aliases  # noqa: E402
_nn_aliases(globals(), nn.functional)  # torch.conv2d, torch.dropout ... as torch.nn.functional's
from .torch_nn_spellings import *  # noqa: E402,F401,F403  (torch.batch_norm, torch.kl_div ...: ATen's signatures)
from .torch_rnn_spellings import *  # noqa: E402,F401,F403  (torch.lstm, torch.gru ..., torch.embedding_bag)
from .lowrank import svd_lowrank, pca_lowrank  # noqa: E402,F401  (randomized low-rank SVD / PCA)
from .lobpcg import lobpcg  # noqa: E402,F401
from .type_info import finfo, iinfo  # noqa: E402,F401
from .symbolic import (  # noqa: E402,F401  (torch.compile's SymInt helpers, on plain values)
    sym_float, sym_int, sym_ite, sym_max, sym_min, sym_not, sym_sqrt, sym_sum)
from . import out_arg as _out_arg  # noqa: E402
_out_arg.install(globals())  # out= on the functions torch gives it, with torch's rules
from . import bf16_refusals as _bf16_refusals  # noqa: E402
_bf16_refusals.install(__import__(__name__, fromlist=["linalg"]), Tensor)  # torch's refusals of bfloat16 (its LAPACK ops)

__version__ = "2.13.0+gradcalc"


def __getattr__(name):
    """``torch.optim``, ``torch.func``, ``torch.utils``: imported when first reached."""
    if name in _LAZY_SUBMODULES:
        import importlib
        return importlib.import_module(f"{__name__}.{name}")  # (binds it here too)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY_SUBMODULES))
