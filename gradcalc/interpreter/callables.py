"""The engine's functions as the language sees them: torch's reprs, torch's argument errors.

The sandbox hands the language these wrappers instead of the engine's Python functions:

- ``torch.zeros`` echoes ``<built-in method zeros of type object at 0x…>`` and
  ``F.relu`` ``<function relu at 0x…>``, as torch's do; ``x.add`` is a bound method
  (``<built-in method add of Tensor object at 0x…>``) and ``torch.Tensor.add`` an
  unbound one (``<method 'add' of 'torch._C.TensorBase' objects>``) that checks its
  ``self`` with torch's message instead of reaching into whatever it was given;
- when the engine fails on an argument of the wrong type (``torch.sin(None)``,
  ``torch.maximum('a', t)``), its own wording (a private attribute, a numpy ufunc) never
  reaches the user: the wrapper says which argument is wrong, as torch does
  (``sin(): argument 'input' (position 1) must be Tensor, not NoneType``).

The wrapping costs nothing until an error: the translation runs only in ``except``.
"""

from __future__ import annotations

import inspect
import re

# torch's own functions that are Python functions (``<function einsum at 0x…>``), not builtins
_PYTHON_IN_TORCH = frozenset((
    "are_deterministic_algorithms_enabled atleast_1d atleast_2d atleast_3d block_diag broadcast_shapes "
    "broadcast_tensors cartesian_prod cdist chain_matmul compile einsum get_default_device get_rng_state "
    "initial_seed is_tensor load lobpcg lu manual_seed meshgrid norm pca_lowrank save seed set_default_device "
    "set_default_dtype set_printoptions set_rng_state split stft svd_lowrank sym_float sym_int sym_ite sym_max "
    "sym_min sym_not sym_sqrt sym_sum tensordot typename unique unique_consecutive unravel_index").split())
# torch.nn.functional's builtins: torch._C._nn's functions (``<built-in function gelu>``) and the
# torch-level ops it re-exports (``<built-in method conv1d of type object at 0x…>``); the rest of
# its names are Python functions
_BUILTIN_IN_F = frozenset((
    "avg_pool2d avg_pool3d elu_ gelu hardtanh_ leaky_relu_ linear logsigmoid one_hot scaled_dot_product_attention "
    "softplus softshrink").split())
_METHOD_IN_F = frozenset((
    "adaptive_avg_pool1d avg_pool1d bilinear celu_ channel_shuffle conv1d conv2d conv3d conv_tbc conv_transpose1d "
    "conv_transpose2d conv_transpose3d cosine_similarity hardshrink native_channel_shuffle pairwise_distance pdist "
    "pixel_shuffle pixel_unshuffle prelu relu_ rrelu_ selu_ threshold_").split())
_BUILTIN_MODULES = ("torch", "torch.linalg", "torch.special", "torch.fft")

# What betrays the engine's insides in a message: numpy, its ufuncs and dtypes, our private
# attributes and module paths.
_INTERNAL = re.compile(r"^unsupported operand type: |numpy|ufunc|\bnp\.|ndarray|dtype\('|'_[A-Za-z]\w*'|\b_[a-z]\w*\(|gradcalc\.|"
                       r"object has no attribute '(shape|dim|size|t|norm|abs|tanh|ndim|dtype|"
                       r"requires_grad|grad_fn|device|item|numel|view|reshape|sum)'")
# parameters that take tensors (torch says "must be Tensor"); others take numbers
_TENSOR_PARAMS = frozenset({"input", "self", "other", "tensor", "tensors", "target", "weight", "bias",
                            "condition", "mask", "index", "src", "mat1", "mat2", "vec", "vec1", "vec2",
                            "end", "exponent", "input1", "input2", "x", "y", "a", "b", "A", "B"})


def wrap(fn, module_name: str, name: str):
    """The language's view of engine function ``fn`` found as ``module_name.name``."""
    if module_name in _BUILTIN_MODULES:
        if module_name == "torch" and name in _PYTHON_IN_TORCH:
            return function(fn, name)
        return builtin_function_or_method(fn, name, f"type object at {hex(id(_Wrapped))}"
                                          if module_name == "torch" else None)
    if module_name == "torch.nn.functional" and name in _BUILTIN_IN_F:
        return builtin_function_or_method(fn, name, None)
    if module_name == "torch.nn.functional" and name in _METHOD_IN_F:
        return builtin_function_or_method(fn, name, f"type object at {hex(id(_Wrapped))}")
    return function(fn, name)


def _call(fn, name, args, kwargs):
    try:
        return fn(*args, **kwargs)
    except (AttributeError, KeyError) as exc:  # the engine reached into an argument of the wrong type
        if not _raised_by_the_engine(exc):
            raise  # the user's own code, called back (a hook, a custom backward): its error stands
        raise argument_error(fn, name, args, kwargs) from exc
    except (TypeError, ValueError, IndexError, ZeroDivisionError, OverflowError) as exc:
        tb = exc.__traceback__
        if type(exc) is TypeError and tb is not None and tb.tb_next is None:
            # the call itself (arity, keywords): Python's words, with torch's name for the function
            qualname = getattr(fn, "__qualname__", name)
            raise TypeError(str(exc).replace(f"{qualname}()", f"{name}()")) from None
        if not _raised_by_the_engine(exc) or (
                not _INTERNAL.search(f"{exc}") and not type(exc).__module__.startswith("numpy")):
            raise
        raise argument_error(fn, name, args, kwargs) from None


_ENGINE_DIR = None


def _raised_by_the_engine(exc) -> bool:
    """Whether the innermost frame of ``exc`` is the engine's (or numpy's), not the user's code."""
    global _ENGINE_DIR
    if _ENGINE_DIR is None:
        import os

        import gradcalc.engine
        _ENGINE_DIR = os.path.dirname(gradcalc.engine.__file__) + os.sep
    tb = exc.__traceback__
    if tb is None:
        return False
    while tb.tb_next is not None:
        tb = tb.tb_next
    filename = tb.tb_frame.f_code.co_filename
    return filename.startswith(_ENGINE_DIR) or "numpy" in filename


class _Wrapped:
    # the docstring is the engine function's: ``__wrapped__.__doc__`` (help, %help)
    __slots__ = ("__wrapped__", "__name__", "_where")

    def __init__(self, fn, name, where=None):
        self.__wrapped__ = fn
        self.__name__ = name
        self._where = where

    def __call__(self, *args, **kwargs):
        return _call(self.__wrapped__, self.__name__, args, kwargs)

    @property
    def __signature__(self):
        return inspect.signature(self.__wrapped__)

    def __eq__(self, other):
        return self is other or (isinstance(other, _Wrapped) and other.__wrapped__ is self.__wrapped__)

    def __hash__(self):
        return hash(self.__wrapped__)


class builtin_function_or_method(_Wrapped):  # the class names are what type() shows, as in torch
    __slots__ = ()

    def __repr__(self):
        where = self._where
        if where is None:
            return f"<built-in function {self.__name__}>"
        if type(where) is tuple:  # (type name, id) of a bound method's object: formatted when shown
            where = f"{where[0]} object at {hex(where[1])}"
        return f"<built-in method {self.__name__} of {where}>"


def bound(obj, name):
    """``x.add``: the tensor's method, reading as torch's (``x.pow(2)`` makes one per call: its
    repr's text is made only when it is shown)."""
    return builtin_function_or_method(getattr(obj, name), name, (type(obj).__name__, id(obj)))


class function(_Wrapped):
    __slots__ = ()

    def __repr__(self):
        return f"<function {self.__name__} at {hex(id(self.__wrapped__))}>"


class method_descriptor:
    # ``torch.Tensor.add``: called with its tensor first; anything else gets torch's TypeError

    __slots__ = ("__wrapped__", "__name__", "_bind")

    def __init__(self, cls, name, bind=None):
        self.__wrapped__ = getattr(cls, name)
        self.__name__ = name
        self._bind = bind  # how the instance attribute is made (x.numpy is read-only), or None

    def __call__(self, *args, **kwargs):
        from gradcalc.engine import Tensor

        if not args:
            raise TypeError(f"unbound method TensorBase.{self.__name__}() needs an argument")
        this = args[0]
        if not isinstance(this, Tensor):
            raise TypeError(f"descriptor '{self.__name__}' for 'torch._C.TensorBase' objects doesn't apply to "
                            f"a '{type(this).__name__}' object")
        if self._bind is not None:
            return self._bind(this)(*args[1:], **kwargs)
        return _call(self.__wrapped__, self.__name__, args, kwargs)

    @property
    def __signature__(self):
        return inspect.signature(self.__wrapped__)

    def __repr__(self):
        return f"<method '{self.__name__}' of 'torch._C.TensorBase' objects>"


def make_help(write):
    """``help(obj)``: the signature and description ``%help`` shows, written with ``write``."""
    from .sandbox import builtin_function_or_method as language_builtin
    from .sandbox import describe

    def help_(*args):
        if len(args) != 1:
            write("Type help(object) for help about object, or %help for what the language offers.\n")
            return None
        signature, description = describe(args[0])
        write(signature + ("\n    " + description if description else "") + "\n")
        return None

    return language_builtin("help", help_, "Type help() for interactive help, or help(object) for help about object.")


def argument_error(fn, name, args, kwargs):
    """torch's message for a call whose arguments the engine could not use."""
    from gradcalc.engine import Tensor

    if name == "from_numpy" and args:
        return TypeError(f"expected np.ndarray (got {type(args[0]).__name__})")
    try:
        params = list(inspect.signature(fn).parameters.values())
        bound = inspect.signature(fn).bind_partial(*args, **kwargs).arguments
    except (TypeError, ValueError):
        params, bound = [], {}
    for position, p in enumerate(params, 1):
        if p.name not in bound or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        value = bound[p.name]
        if _acceptable(value, p):
            continue
        expected = "torch.dtype" if p.name == "dtype" else \
            "Tensor" if p.name in _TENSOR_PARAMS or position == 1 else "Number"
        where = "" if p.kind is p.KEYWORD_ONLY else f" (position {position})"
        return TypeError(f"{name}(): argument '{p.name}'{where} must be {expected}, not {type(value).__name__}")
    for value in list(args) + list(kwargs.values()):
        if isinstance(value, Tensor) and value.dtype.is_floating_point is False and str(value.dtype) == "torch.bool":
            return NotImplementedError(f'"{name}" not implemented for \'Bool\'')
    got = ", ".join(type(a).__name__ if not isinstance(a, Tensor) else "Tensor" for a in args)
    return TypeError(f"{name}() received an invalid combination of arguments - got ({got})")


def _acceptable(value, param):
    from gradcalc.engine import Tensor

    if isinstance(value, (Tensor, bool, int, float, complex)):
        return True
    if value is None:
        return param.default is None
    if isinstance(value, (list, tuple)):
        return all(_acceptable(v, param) or isinstance(v, (list, tuple)) for v in value)
    if isinstance(value, str):
        return isinstance(param.default, str) or param.name in ("dtype", "device", "reduction", "mode",
                                                                  "approximate", "nonlinearity", "equation")
    module = type(value).__module__ or ""
    return module.startswith("gradcalc.engine") and not callable(value)
