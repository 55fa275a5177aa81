"""``out=``: writing a function's result into a tensor the caller gives, with torch's rules.

torch gives ``out=`` to most of its functions (``torch.add(x, y, out=result)`` is on
the first tutorial page). The rules, as torch applies them:

* no autograd: if grad mode is on and an argument (or ``out``) requires grad, it is
  ``"<name>(): functions with out=... arguments don't support automatic
  differentiation, but one of the arguments requires grad."``;
* the result must be castable to ``out``'s dtype (no float into an integer tensor,
  nothing but bool into a bool one): ``"result type Float can't be cast to the
  desired output type Long"``; factories (``zeros``, ``arange`` ...) take ``out``'s
  dtype instead;
* a wrongly shaped ``out`` is resized, with torch's deprecation warning unless it
  had no elements;
* ``out`` is returned, its version bumped (a graph that saved it notices).

One wrapper does this for every name in ``OUT_NAMES`` the namespace has, so an op
added later gets ``out=`` by being listed here.
"""

import functools
import warnings

import numpy as np

from . import dtypes as _dt
from .grad_mode import STATE
from .journal import touch
from .tensor import Tensor

# torch's public functions whose schema has an ``out`` overload (from torch 2.13's
# ``torch._C._jit_get_all_schemas()``), limited to those gradcalc may have.
OUT_NAMES = frozenset("""
abs absolute acos acosh add addbmm addcdiv addcmul addmm addmv addr all amax amin aminmax angle any arange
arccos arccosh arcsin arcsinh arctan arctan2 arctanh argmax argmin argsort asin asinh atan atan2 atanh baddbmm
bernoulli bincount bitwise_and bitwise_left_shift bitwise_not bitwise_or bitwise_right_shift bitwise_xor
block_diag bmm bucketize cat ceil cholesky cholesky_inverse cholesky_solve clamp clamp_max clamp_min clip
column_stack concat concatenate copysign cos cosh count_nonzero cross cummax cummin cumprod cumsum deg2rad
diag diag_embed diff digamma dist div divide dot dstack empty eq erf erfc erfinv exp exp2 expm1 eye fix flip
float_power floor floor_divide fmax fmin fmod frac full gather gcd ge ger greater greater_equal gt heaviside
histc hstack hypot i0 igamma igammac index_add index_copy index_fill index_select inner inverse isin isinf
isnan isneginf isposinf kron kthvalue lcm ldexp le lerp less less_equal lgamma linspace log log10 log1p log2
log_softmax logaddexp logaddexp2 logcumsumexp logical_and logical_not logical_or logical_xor logit logspace
logsumexp lt masked_select matmul matrix_power max maximum mean median min minimum mm mode msort mul
multinomial multiply mv mvlgamma nan_to_num nanmean nanmedian nanquantile nansum narrow_copy ne neg negative
nextafter nonzero normal not_equal ones outer polygamma pow prod quantile rad2deg rand randint randn randperm
reciprocal remainder renorm repeat_interleave roll rot90 round rsqrt scatter scatter_add scatter_reduce
searchsorted sgn sigmoid sign signbit sin sinc sinh softmax sort sqrt square stack std sub subtract sum take
take_along_dim tan tanh tensordot topk trace tril triu true_divide trunc unique_consecutive var vdot vstack
where xlogy zeros
""".split())

# factories: the result takes ``out``'s dtype rather than being cast into it
FACTORIES = frozenset("arange empty eye full linspace logspace ones zeros rand randn randint randperm normal".split())

_RESIZE_WARNING = (
    "An output with one or more elements was resized since it had shape {old}, which does not match the required "
    "output shape {new}. This behavior is deprecated, and in a future PyTorch release outputs will not be resized "
    "unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero "
    "elements with t.resize_(0).")


def _category(np_dtype):
    k = np_dtype.kind
    return 2 if k == "f" else (0 if k == "b" else 1)


def _any_requires_grad(values):
    stack = list(values)
    while stack:
        v = stack.pop()
        if isinstance(v, Tensor):
            if v._requires_grad:
                return True
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return False


def _check_out(name, out):
    outs = out if isinstance(out, (tuple, list)) else (out,)
    for o in outs:
        if not isinstance(o, Tensor):
            raise TypeError(f"{name}(): argument 'out' must be Tensor, not {type(o).__name__}")
    return outs


def _store(out, result, warn=True):
    """Copy tensor ``result`` into ``out`` (resizing it as torch does; factories resize silently)."""
    src = result._data
    if _category(src.dtype) > _category(out._data.dtype):
        raise RuntimeError(f"result type {_dt.SCALAR_NAMES[result.dtype.name]} can't be cast to the desired output "
                           f"type {_dt.SCALAR_NAMES[out.dtype.name]}")
    touch(out)
    if out._data.shape != src.shape:
        if out._data.size and warn:
            warnings.warn(_RESIZE_WARNING.format(old=list(out._data.shape), new=list(src.shape)), UserWarning,
                          stacklevel=4)
        out._data = np.empty(src.shape, out._data.dtype)
    np.copyto(out._data, src, casting="unsafe")
    out._bump_version()


def call_with_out(name, fn, args, kw, out):
    """``fn(*args, **kw)`` written into ``out`` (a tensor, or a tuple of them for multi-output functions)."""
    outs = _check_out(name, out)
    if STATE.grad_enabled and (_any_requires_grad(args) or _any_requires_grad(kw.values())
                               or _any_requires_grad(outs)):
        raise RuntimeError(f"{name}(): functions with out=... arguments don't support automatic differentiation, "
                           f"but one of the arguments requires grad.")
    if name in FACTORIES and kw.get("dtype") is None:
        kw = dict(kw, dtype=outs[0].dtype)
    prev = STATE.grad_enabled
    STATE.grad_enabled = False
    try:
        result = fn(*args, **kw)
    finally:
        STATE.grad_enabled = prev
    if isinstance(result, Tensor):
        if len(outs) != 1:
            raise TypeError(f"{name}(): argument 'out' must be Tensor, not {type(out).__name__}")
        _store(outs[0], result, name not in FACTORIES)
        return outs[0]
    results = tuple(result)
    if len(outs) != len(results):
        raise TypeError(f"{name}(): argument 'out' must be tuple of Tensors of length {len(results)}")
    for o, r in zip(outs, results):
        _store(o, r)
    return type(result)(*outs) if hasattr(result, "_fields") else tuple(outs)


def with_out(name, fn):
    """``fn`` taking torch's ``out=`` keyword."""
    @functools.wraps(fn)
    def wrapper(*args, out=None, **kw):
        if out is None:
            return fn(*args, **kw)
        return call_with_out(name, fn, args, kw, out)
    wrapper.__wrapped_out__ = True
    return wrapper


def install(namespace):
    """Give every function of ``namespace`` (a dict, e.g. the torch module's globals) named in
    ``OUT_NAMES`` its ``out=``."""
    for name in OUT_NAMES:
        fn = namespace.get(name)
        if callable(fn) and not getattr(fn, "__wrapped_out__", False):
            namespace[name] = with_out(name, fn)
