"""Random tensors with torch's numbers: ``rand randn randint randperm normal bernoulli
multinomial`` and the in-place samplers behind them (``uniform_ normal_ random_
bernoulli_ exponential_ geometric_ log_normal_ cauchy_``).

Every sampler draws from the generator in the order torch's CPU kernel does:
elements in the order torch's TensorIterator walks the output (memory order, so
``x.t().normal_()`` fills the storage front to back), with torch's choice of kernel
path (``normal_``: the 16-wide fill for 16 or more contiguous elements, the scalar
Box–Muller path otherwise). The values come from ``random_transforms``.

For the other parts of the engine (nn.init, dropout, DataLoader's sampler) the
functions to call, so that draws stay in torch's order, are:
``uniform_(t, a, b, generator=None)``, ``normal_(t, mean, std, generator=None)``,
``bernoulli_(t, p, generator=None)`` (dropout: ``bernoulli_(empty_like(x), 1 - p)``
then divide by ``1 - p``), ``random_(t, ...)`` and ``randperm(n, generator=g)``
(RandomSampler: ``seed = random_(empty((), dtype=int64)).item()``, a new
``Generator().manual_seed(seed)``, then ``randperm(n, generator=g)``).
"""

import math

import numpy as np

from . import bf16

from . import dtypes as _dt
from . import random_transforms as _tr
from .limits import check_numel
from .random_mt19937 import Generator, default_generator
from .tensor import Tensor, shape_arg

__all__ = ["rand", "randn", "randint", "randperm", "rand_like", "randn_like", "randint_like", "normal",
           "bernoulli", "multinomial", "uniform_", "normal_", "random_", "bernoulli_", "exponential_",
           "geometric_", "log_normal_", "cauchy_"]


# -- helpers ------------------------------------------------------------------------

# Set by torch.func.vmap while a vmap runs: ``hook(fname)`` before any draw (its randomness= mode).
RANDOM_HOOK = [None]


def _gen(generator, fname):
    if RANDOM_HOOK[0] is not None:
        RANDOM_HOOK[0](fname)
    if generator is None:
        return default_generator
    if not isinstance(generator, Generator):
        raise TypeError(f"{fname}(): argument 'generator' must be torch.Generator, not {type(generator).__name__}")
    return generator


def _num(x):
    """A number as torch's C++ messages print it (ostream: 6 significant digits)."""
    return format(float(x), "g") if not isinstance(x, int) else str(x)


def _scalar_name(dt):
    return _dt.SCALAR_NAMES.get(dt.name, dt.name)


def _complex_fill(t, fill):
    """Fill a complex tensor as torch does: its (re, im) pairs as one real tensor, in memory order."""
    from .ops.complex_ops import _as_real_array
    from .ops.inplace import check_writable
    check_writable(t)
    fill(Tensor._wrap(_as_real_array(t._data)))
    return t


def _need_float(t, kernel):
    if t._data.dtype.kind != "f":
        raise NotImplementedError(f'"{kernel}" not implemented for '
                                  f"'{_scalar_name(_dt.from_numpy_dtype(t._data.dtype))}'")


def _walk_order(arr):
    """Axes from outermost to innermost in the order torch's TensorIterator walks an
    output: by decreasing stride (memory order); ties keep their order."""
    return sorted(range(arr.ndim), key=lambda d: -abs(arr.strides[d]))


def _fill(t, vals, node, *params):
    """Write ``vals`` (flat, in torch's walk order) into ``t``'s elements. When autograd records
    (``t`` has history, or a tensor parameter requires grad), torch's ``node`` goes in the graph
    (``NormalBackward0`` ...): the overwritten history is cut, and the gradient is zero."""
    from .ops.inplace import _recording, inplace, write
    arr = t._data
    vals = vals.astype(arr.dtype, copy=False) if arr.dtype.metadata is None else bf16.to_bf16(vals)
    if arr.flags.c_contiguous:
        vals = vals.reshape(arr.shape)
    else:
        order = _walk_order(arr)
        vals = vals.reshape([arr.shape[d] for d in order]).transpose(np.argsort(order))
    if _recording(t, params):
        inplace(t, lambda a, *ps: node.apply(a, *ps, values=vals), *params)
    else:
        write(t, vals)
        fw = getattr(t, "_fw", None)
        if fw is not None:  # a dual tensor overwritten by draws: its tangent is zero (torch's self_t.zero_())
            t._fw = fw.new_zeros(fw.shape)


def _in_walk_order(t, arr):
    """``arr`` (broadcast to ``t``'s shape) flattened in the order ``_fill`` writes ``t``."""
    arr = np.broadcast_to(arr, t._data.shape)
    if t._data.flags.c_contiguous:
        return arr.reshape(-1)
    return arr.transpose(_walk_order(t._data)).reshape(-1)


def _ops():
    """The samplers' graph nodes (imported on first use: the op table imports this module)."""
    from .ops import random_ops
    return random_ops


def _begin(t):
    from .ops.inplace import check_writable
    check_writable(t)
    return t._data.size


def _shape(size, fname):
    if not size:
        raise TypeError(f"{fname}() missing 1 required positional argument: 'size'")
    shape = shape_arg(size)
    check_numel(shape)
    return shape


def _options(kw, fname):
    """The factory keywords torch accepts and gradcalc ignores (the CPU is the only device)."""
    for k in ("device", "layout", "pin_memory", "memory_format"):
        v = kw.pop(k, None)
        if k == "device" and v is not None:
            from .devices import check_device
            check_device(v)  # torch's error for a device that is named but absent ('cuda')
    if kw:
        raise TypeError(f"{fname}() got an unexpected keyword argument '{next(iter(kw))}'")


def _empty(shape, dt, requires_grad=False):
    from .creation import _new_leaf
    return _new_leaf(np.empty(shape, dt.np)), requires_grad


def _size(size, kw):
    """``rand(2, 3)``, ``rand((2, 3))`` or ``rand(size=(2, 3))``."""
    if not size and "size" in kw:
        return (kw.pop("size"),)
    return size


def _finish(t, requires_grad, out=None):
    if requires_grad:
        if t._data.dtype.kind not in "fc":
            from .creation import FACTORY_GRAD_MSG
            raise RuntimeError(FACTORY_GRAD_MSG)
        t._requires_grad = True
    if out is not None:
        from .ops.inplace import check_writable, write
        check_writable(out)
        if out._data.shape != t._data.shape:
            raise RuntimeError(f"out= expects a tensor of shape {list(t._data.shape)}, "
                               f"got {list(out._data.shape)} (gradcalc does not resize out=)")
        write(out, t._data)
        return out
    return t


def _float_dtype(dtype):
    return _dt.get_default_dtype() if dtype is None else _dt.as_dtype(dtype)


# -- in-place samplers (Tensor methods) -------------------------------------------------

def uniform_(t, a=0.0, b=1.0, *, generator=None):
    """Fill ``t`` with uniform numbers in [a, b), torch's ``uniform_`` draw for draw."""
    if t._data.dtype.kind == "c":  # torch fills view_as_real(t) from the same range
        return _complex_fill(t, lambda r: uniform_(r, a, b, generator=generator))
    _need_float(t, "check_uniform_bounds")
    a, b = float(a), float(b)
    if not a <= b:
        raise RuntimeError(f"uniform_ expects to return a [from, to) range, but found from={_num(a)} > to={_num(b)}")
    n = _begin(t)
    if n:
        vals = _tr.uniform(_gen(generator, "uniform_"), n, t._data.dtype.type, a, b)
        if t._data.dtype.metadata is not None:  # bfloat16: drawn as float32, rounded; high maps to low
            vals = bf16.to_bf16(vals)
            vals[vals == bf16.to_bf16(np.float32(b))] = bf16.to_bf16(np.float32(a))
        _fill(t, vals, _ops().UniformBackward0)
    return t


def normal_(t, mean=0.0, std=1.0, *, generator=None):
    """Fill ``t`` with normal numbers: torch's 16-wide Box–Muller fill for 16 or more
    contiguous elements, its scalar path (with the cached sample) otherwise."""
    if t._data.dtype.kind == "c":  # torch fills view_as_real(t): each part with std / sqrt(2)
        return _complex_fill(t, lambda r: normal_(r, mean, float(std) / math.sqrt(2), generator=generator))
    _need_float(t, "normal_kernel_cpu")
    mean, std = float(mean), float(std)
    if not std >= 0.0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {_num(std)}")
    n = _begin(t)
    if n:
        g = _gen(generator, "normal_")
        if n >= 16 and t._data.flags.c_contiguous:
            vals = _tr.normal_fill(g, n, t._data.dtype.type, mean, std, reduced=t._data.dtype.metadata is not None)
        else:
            vals = _tr.normal_scalar(g, n, mean, std)
        _fill(t, vals, _ops().NormalBackward0)
    return t


def _update_from(frm, digits):
    """torch's update_from: the lowest ``from`` the float type represents distinctly."""
    plus1 = int(_round_to(frm + 1, digits))
    if plus1 < frm:
        f_ = abs(frm + 1)
        frm = plus1 + (1 << (f_.bit_length() - 1 - digits + 1))
    return frm


def _update_to(to, digits):
    minus1 = int(_round_to(to - 1, digits))
    if minus1 >= to:
        t_ = abs(to - 1)
        to = minus1 - (1 << (t_.bit_length() - 1 - digits + 1))
    return to


def _round_to(v, digits):
    if digits == 8:  # bfloat16, which numpy has not: through float32, rounded to 8 bits
        return float(bf16.to_bf16(np.float64(v)))
    return np.float64(v).astype(_digits_type(digits))


def _digits_type(digits):
    return {53: np.float64, 24: np.float32, 11: np.float16}[digits]


_DIGITS = {"float64": 53, "float32": 24, "float16": 11, "bfloat16": 8}
_INT_MAX = {"int64": 2 ** 63 - 1, "int32": 2 ** 31 - 1, "int16": 2 ** 15 - 1, "int8": 2 ** 7 - 1, "uint8": 255,
            "bool": 1}
_INT_MIN = {"int64": -2 ** 63, "int32": -2 ** 31, "int16": -2 ** 15, "int8": -2 ** 7, "uint8": 0, "bool": 0}


def random_(t, *args, generator=None, **kw):
    """``random_()``, ``random_(to)``, ``random_(from, to)``: integers, torch's
    ``random_from_to`` (one 32-bit word per element for ranges below 2**28, else 64)."""
    frm = kw.pop("from", None)
    to = kw.pop("to", None)
    if kw:
        raise TypeError(f"random_() got an unexpected keyword argument '{next(iter(kw))}'")
    # torch's overloads, and their nodes: random_(from, to) (0), random_(to) (1), random_() (2)
    to_only = frm is None and (len(args) == 1 and to is None or not args and to is not None)
    node = _ops().RandomBackward1 if to_only else _ops().RandomBackward0
    if len(args) == 1:
        if to is None and frm is None:
            frm, to = 0, args[0]  # random_(to)
        elif frm is None:
            frm = args[0]  # random_(from, to=...)
        else:
            raise TypeError("random_() got multiple values for argument 'from'")
    elif len(args) == 2:
        frm, to = args
    elif len(args) > 2:
        raise TypeError(f"random_() takes from 0 to 2 positional arguments but {len(args)} were given")
    name = _dt.from_numpy_dtype(t._data.dtype).name
    is_float = t._data.dtype.kind == "f"
    n = _begin(t)
    g = _gen(generator, "random_")
    if frm is None and to is None:
        if n:
            _fill(t, _tr.random_default(g, n, name), _ops().RandomBackward2)
        return t
    frm = 0 if frm is None else int(frm)
    if to is not None:
        to = int(to)
        if not frm < to:
            raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={frm} >= to={to}")
        if is_float:
            frm, to = _update_from(frm, _DIGITS[name]), _update_to(to, _DIGITS[name])
            if not frm < to:
                raise RuntimeError(f"random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, "
                                   f"but got from={frm} >= to={to}")
        _check_bounds(frm, to - 1, name, is_float)
        span = to - frm
    elif frm != -2 ** 63:
        to_inc = min(1 << _DIGITS[name], 2 ** 63 - 1) if is_float else _INT_MAX[name]
        if is_float:
            frm = _update_from(frm, _DIGITS[name])
        _check_bounds(frm, to_inc, name, is_float)
        span = to_inc - frm + 1
    else:
        if n:
            _fill(t, _tr.full_range(g, n), _ops().RandomBackward0)
        return t
    if n:
        _fill(t, _tr.from_to(g, n, span, frm), node)
    return t


def _check_bounds(frm, to_inc, name, is_float):
    if is_float:
        lim = 3.3895313892515355e+38 if name == "bfloat16" else float(np.finfo(_digits_type(_DIGITS[name])).max)
        lo, hi = -lim, lim
    else:
        lo, hi = _INT_MIN[name], _INT_MAX[name]
    for var, label in ((frm, "from"), (to_inc, "to - 1")):
        if not lo <= var <= hi:
            raise RuntimeError(f"{label} is out of bounds for {_dt.from_numpy_dtype(_np_of(name))}")


def _np_of(name):
    return _dt.as_dtype(name).np


def bernoulli_(t, p=0.5, *, generator=None):
    """Fill ``t`` with 1 where a uniform draw is below ``p`` (a number or a tensor of
    probabilities broadcast to ``t``), else 0."""
    g = _gen(generator, "bernoulli_")
    if isinstance(p, Tensor):
        n = _begin(t)
        if n:
            np.broadcast_shapes(p._data.shape, t._data.shape)
            _fill(t, _tr.bernoulli_tensor(g, _in_walk_order(t, p._data)), _ops().BernoulliBackward1, p)
        return t
    p = float(p)
    if not 0 <= p <= 1:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={_num(p)}")
    n = _begin(t)
    if n:
        _fill(t, _tr.bernoulli_scalar(g, n, p), _ops().BernoulliBackward2)
    return t


def exponential_(t, lambd=1.0, *, generator=None):
    """Fill ``t`` with exponential numbers of rate ``lambd``."""
    lambd = float(lambd)
    if not lambd > 0.0:
        raise RuntimeError(f"exponential_ expects lambda > 0.0, but found lambda={_num(lambd)}")
    if t._data.dtype.kind != "f":
        raise RuntimeError("Exponential distribution is a continuous probability distribution. dtype must be a "
                           f"floating point but you specified {_scalar_name(_dt.from_numpy_dtype(t._data.dtype))}")
    n = _begin(t)
    if n:
        _fill(t, _tr.exponential(_gen(generator, "exponential_"), n, lambd), _ops().ExponentialBackward0)
    return t


def geometric_(t, p, *, generator=None):
    """Fill ``t`` with the number of Bernoulli(p) trials up to the first success."""
    p = float(p)
    if not 0 < p < 1:
        raise RuntimeError(f"geometric_ expects p to be in (0, 1), but got p={_num(p)}")
    n = _begin(t)
    if n:
        _fill(t, _tr.geometric(_gen(generator, "geometric_"), n, p), _ops().GeometricBackward0)
    return t


def log_normal_(t, mean=1.0, std=2.0, *, generator=None):
    """Fill ``t`` with ``exp`` of normal numbers (the scalar normal path, always)."""
    mean, std = float(mean), float(std)
    if not std > 0.0:
        raise RuntimeError(f"log_normal_ expects std > 0.0, but found std={_num(std)}")
    _need_float(t, "log_normal_cpu")
    n = _begin(t)
    if n:
        _fill(t, _tr.log_normal(_gen(generator, "log_normal_"), n, mean, std), _ops().LogNormalBackward0)
    return t


def cauchy_(t, median=0.0, sigma=1.0, *, generator=None):
    """Fill ``t`` with Cauchy numbers."""
    median, sigma = float(median), float(sigma)
    if not sigma > 0.0:
        raise RuntimeError(f"cauchy_ expects sigma > 0.0, but found sigma={_num(sigma)}")
    if t._data.dtype.kind != "f":
        raise RuntimeError("Cauchy distribution is a continuous probability distribution. dtype must be a "
                           f"floating point but you specified {_scalar_name(_dt.from_numpy_dtype(t._data.dtype))}")
    n = _begin(t)
    if n:
        _fill(t, _tr.cauchy(_gen(generator, "cauchy_"), n, median, sigma), _ops().CauchyBackward0)
    return t


# -- factories ----------------------------------------------------------------------

def rand(*size, generator=None, out=None, dtype=None, requires_grad=False, **kw):
    """Uniform random numbers in [0, 1): ``empty(size).uniform_()``."""
    size = _size(size, kw)
    _options(kw, "rand")
    shape = _shape(size, "rand")
    dt = _float_dtype(dtype)
    t, rg = _empty(shape, dt, requires_grad)
    uniform_(t, 0.0, 1.0, generator=generator)
    return _finish(t, rg, out)


def randn(*size, generator=None, out=None, dtype=None, requires_grad=False, **kw):
    """Standard normal random numbers: ``empty(size).normal_()``."""
    size = _size(size, kw)
    _options(kw, "randn")
    shape = _shape(size, "randn")
    dt = _float_dtype(dtype)
    t, rg = _empty(shape, dt, requires_grad)
    normal_(t, 0.0, 1.0, generator=generator)
    return _finish(t, rg, out)


def randint(*args, generator=None, out=None, dtype=None, requires_grad=False, **kw):
    """Random integers in [low, high): ``randint(high, size)`` or ``randint(low, high, size)``."""
    size = kw.pop("size", None)
    low = kw.pop("low", None)
    high = kw.pop("high", None)
    _options(kw, "randint")
    args = list(args)
    if size is None and args and isinstance(args[-1], (tuple, list)):
        size = args.pop()
    if len(args) == 2:
        low, high = args
    elif len(args) == 1:
        if high is None:
            high = args[0]
        else:
            low = args[0]
    elif args:
        raise TypeError("randint() takes from 1 to 3 positional arguments")
    if size is None:
        raise TypeError("randint() missing 1 required positional argument: 'size'")
    if high is None:
        raise TypeError("randint() missing 1 required positional argument: 'high'")
    low = 0 if low is None else low
    shape = _shape((size,), "randint")
    dt = _dt.int64 if dtype is None else _dt.as_dtype(dtype)
    t, rg = _empty(shape, dt, requires_grad)
    random_(t, low, high, generator=generator)
    return _finish(t, rg, out)


def randperm(n, *, generator=None, out=None, dtype=None, requires_grad=False, **kw):
    """A random permutation of 0..n-1, by torch's Fisher–Yates (``random() % (n - i)``
    swaps for n below 2**32/20, the inside-out variant with ``random64()`` above)."""
    _options(kw, "randperm")
    n = int(n)
    check_numel((n,))
    dt = _dt.int64 if dtype is None else _dt.as_dtype(dtype)
    g = _gen(generator, "randperm")
    if n < 0xFFFFFFFF // 20:
        perm = list(range(n))
        if n > 1:
            # the draws are vectorised; the swaps depend on each other, so they run in a
            # loop over a Python list (about 0.1 us a swap: 60000 in a few ms)
            zs = (g.random32(n - 1) % np.arange(n, 1, -1, dtype=np.uint64)).tolist()
            for i, z in enumerate(zs):
                j = z + i
                perm[i], perm[j] = perm[j], perm[i]
    else:
        perm = [0] * n
        zs = (g.random64(n) % np.arange(1, n + 1, dtype=np.uint64)).tolist()
        for i, z in enumerate(zs):
            perm[i] = perm[z]
            perm[z] = i
    from .creation import _new_leaf
    t = _new_leaf(np.array(perm, dtype=np.int64).astype(dt.np))
    return _finish(t, requires_grad, out)


def _like(input, dtype):
    """``empty_like``: same shape and the same memory layout (torch preserves strides)."""
    from .creation import _new_leaf
    dt = input.dtype if dtype is None else _dt.as_dtype(dtype)
    return _new_leaf(np.empty_like(input._data, dtype=dt.np))


def rand_like(input, *, dtype=None, requires_grad=False, generator=None, **kw):
    """Uniform random numbers shaped like ``input``."""
    _options(kw, "rand_like")
    t = _like(input, dtype)
    uniform_(t, generator=generator)
    return _finish(t, requires_grad)


def randn_like(input, *, dtype=None, requires_grad=False, generator=None, **kw):
    """Standard normal random numbers shaped like ``input``."""
    _options(kw, "randn_like")
    t = _like(input, dtype)
    normal_(t, generator=generator)
    return _finish(t, requires_grad)


def randint_like(input, low=0, high=None, *, dtype=None, requires_grad=False, generator=None, **kw):
    """Random integers in [low, high) shaped like ``input`` (``randint_like(x, high)`` too)."""
    _options(kw, "randint_like")
    if high is None:
        low, high = 0, low
    t = _like(input, dtype)
    random_(t, low, high, generator=generator)
    return _finish(t, requires_grad)


def normal(mean=0.0, std=1.0, size=None, *, generator=None, out=None, dtype=None, requires_grad=False, **kw):
    """Normal random numbers. With tensors for ``mean`` and/or ``std``: torch's order,
    standard normals first, then ``* std`` and ``+ mean``; with numbers: ``size`` needed."""
    _options(kw, "normal")
    mt, st = isinstance(mean, Tensor), isinstance(std, Tensor)
    from .creation import _new_leaf
    if not mt and not st:
        if size is None:
            raise TypeError("normal() missing 1 required positional argument: 'size'")
        shape = _shape((size,), "normal")
        t, rg = _empty(shape, _float_dtype(dtype), requires_grad)
        normal_(t, mean, std, generator=generator)
        return _finish(t, rg, out)
    if st and std._data.size and not (std._data >= 0).all():
        raise RuntimeError("normal expects all elements of std >= 0.0")
    if mt and not st:
        t = _new_leaf(np.empty(mean._data.shape, mean._data.dtype))
        normal_(t, 0.0, std, generator=generator)
        res = t._data + mean._data
    else:
        m = mean._data if mt else np.asarray(mean, std._data.dtype)
        shape = np.broadcast_shapes(np.shape(m), std._data.shape)
        t = _new_leaf(np.empty(shape, (mean if mt else std)._data.dtype))
        normal_(t, 0.0, 1.0, generator=generator)
        res = t._data * std._data
        res = res + m
    res = res.astype(t._data.dtype, copy=False)
    params = tuple(x for x in (mean, std) if isinstance(x, Tensor))
    if _grad_recorded(params) or _dual(params):  # torch's NormalBackward1/2/3 by which parameters are tensors
        node = {(True, False): "NormalBackward1", (False, True): "NormalBackward2"}.get((mt, st), "NormalBackward3")
        return _finish(getattr(_ops(), node).apply(*params, values=res), False, out)
    return _finish(_new_leaf(res), requires_grad, out)


def _grad_recorded(tensors):
    from .grad_mode import STATE
    return STATE.grad_enabled and any(x._requires_grad for x in tensors)


def _dual(tensors):
    """Inside a forward-AD level, whether a parameter carries a tangent (the draw's node gives the
    sample its tangent, as torch's)."""
    from .node import TANGENT_HOOK
    return TANGENT_HOOK[0] is not None and any(
        getattr(x, "_fw", None) is not None or x._extra is not None and "fwn" in x._extra for x in tensors)


def bernoulli(input, p=None, *, generator=None, out=None):
    """1 with probability ``input`` (elementwise; or ``p`` for every element), else 0.
    torch's rule gives ``input`` a zero gradient (BernoulliBackward0); with a number ``p``
    there is no derivative (its NotImplemented node)."""
    from .creation import _new_leaf
    from .node import not_differentiable
    t = _new_leaf(np.empty_like(input._data))
    probs = input if p is None else p
    if isinstance(probs, Tensor) and probs._requires_grad:
        probs = probs.detach()  # the draw reads its values; the node below is the graph
    bernoulli_(t, probs, generator=generator)
    if _grad_recorded((input,)) or p is None and _dual((input,)):
        if p is None:
            return _finish(_ops().BernoulliBackward0.apply(input, values=t._data), False, out)
        return _finish(not_differentiable("bernoulli", t, input), False, out)
    return _finish(t, False, out)


def multinomial(input, num_samples, replacement=False, *, generator=None, out=None):
    """Indices drawn from the rows of ``input`` taken as (unnormalised) probabilities:
    torch's exponential race (``argmax/topk(p / Exp(1))``) without replacement or for
    one sample, its inverse-CDF binary search with replacement."""
    p = input._data
    if p.ndim not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if p.dtype.kind != "f":
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: "
                           f"{_scalar_name(_dt.from_numpy_dtype(p.dtype))}")
    num_samples = int(num_samples)
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    n_cat = p.shape[-1]
    if not replacement and num_samples > n_cat:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")
    if not np.isfinite(p).all() or (p < 0).any():
        raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
    rows = p.reshape(-1, n_cat)
    if (rows.sum(axis=1) <= 0).any():
        raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    g = _gen(generator, "multinomial")
    if not replacement or num_samples == 1:
        from .creation import _new_leaf
        q = _new_leaf(np.empty(p.shape, p.dtype))
        exponential_(q, 1.0, generator=g)
        ratio = (p / q._data).reshape(-1, n_cat)
        if num_samples == 1:
            idx = ratio.argmax(axis=1)[:, None]
        else:
            idx = np.argsort(-ratio, axis=1, kind="stable")[:, :num_samples]
    else:
        u = _tr.unit_double(g, rows.shape[0] * num_samples).reshape(rows.shape[0], num_samples)
        idx = np.empty((rows.shape[0], num_samples), np.int64)
        for r in range(rows.shape[0]):  # one row per distribution: a loop over rows, not elements
            cum = np.cumsum(rows[r])  # sequential, in the input's dtype, as torch's loop
            cum = cum / cum[-1]
            cum[-1] = 1
            idx[r] = np.searchsorted(cum.astype(np.float64), u[r], side="left")
    from .creation import _new_leaf
    res = _new_leaf(idx.reshape(p.shape[:-1] + (num_samples,)).astype(np.int64))
    return _finish(res, False, out)


def bernoulli_method(self, p=None, *, generator=None):
    """``x.bernoulli()`` / ``x.bernoulli(p)``: a new tensor (``torch.bernoulli``)."""
    return bernoulli(self, p, generator=generator)


# The Tensor methods of this module, registered by ops (torch's signatures).
TENSOR_METHODS = {
    "uniform_": uniform_, "normal_": normal_, "random_": random_, "bernoulli_": bernoulli_,
    "exponential_": exponential_, "geometric_": geometric_, "log_normal_": log_normal_, "cauchy_": cauchy_,
    "bernoulli": bernoulli_method, "multinomial": multinomial,
}
