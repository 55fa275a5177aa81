"""Random numbers: our own generator (values differ from torch's; sequences are
reproducible after ``manual_seed``), seeded at start-up like torch's default."""

import numpy as np

from . import dtypes as _dt
from .limits import check_numel
from .tensor import Tensor

__all__ = ["manual_seed", "seed", "initial_seed", "rand", "randn", "randint", "randperm", "rand_like",
           "randn_like", "randint_like", "normal", "bernoulli", "multinomial", "Generator"]

DEFAULT_SEED = 67280421310721  # torch's default seed, so a fresh session is reproducible too


class Generator:
    """A random number generator (``torch.Generator``)."""

    __slots__ = ("_seed", "_rng")

    def __init__(self, device="cpu"):
        self._seed = DEFAULT_SEED
        self._rng = None

    def manual_seed(self, seed):
        self._seed = int(seed)
        self._rng = None
        return self

    def initial_seed(self):
        return self._seed

    def seed(self):
        import secrets
        self.manual_seed(secrets.randbits(63))
        return self._seed

    @property
    def rng(self):
        if self._rng is None:
            self._rng = np.random.Generator(np.random.PCG64(self._seed & (2 ** 64 - 1)))
        return self._rng


default_generator = Generator()


def _gen(generator):
    return (generator or default_generator).rng


def manual_seed(seed):
    """Seed the default generator: the same seed gives the same random tensors."""
    default_generator.manual_seed(seed)
    return default_generator


def seed():
    return default_generator.seed()


def initial_seed():
    return default_generator.initial_seed()


def _shape(size):
    from .ops.support import shape_arg
    return shape_arg(size)


def _float_dtype(dtype):
    dt = _dt.get_default_dtype() if dtype is None else _dt.as_dtype(dtype)
    if dt.category != _dt._FLOAT:
        raise RuntimeError(f'"check_uniform_bounds" not implemented for \'{dt.name}\'')
    return dt


def _leaf(arr, requires_grad):
    from .creation import _new_leaf
    return _new_leaf(arr, requires_grad)


def _pop_device(kw):
    for k in ("device", "layout", "pin_memory"):
        v = kw.pop(k, None)
        if k == "device" and v is not None:
            from .tensor import device
            device(v)
    if kw:
        raise TypeError(f"got an unexpected keyword argument '{next(iter(kw))}'")


def rand(*size, generator=None, dtype=None, requires_grad=False, **kw):
    """Uniform random numbers in [0, 1)."""
    _pop_device(kw)
    shape = _shape(size)
    check_numel(shape)
    dt = _float_dtype(dtype)
    return _leaf(_gen(generator).random(shape, dtype=np.float64).astype(dt.np), requires_grad)


def randn(*size, generator=None, dtype=None, requires_grad=False, **kw):
    """Standard normal random numbers."""
    _pop_device(kw)
    shape = _shape(size)
    check_numel(shape)
    dt = _float_dtype(dtype)
    return _leaf(_gen(generator).standard_normal(shape).astype(dt.np), requires_grad)


def randint(low=0, high=None, size=None, *, generator=None, dtype=None, requires_grad=False, **kw):
    """Random integers in [low, high)."""
    _pop_device(kw)
    if size is None:
        if high is None or not isinstance(high, (tuple, list)):
            raise TypeError("randint() missing 1 required positional argument: 'size'")
        low, high, size = 0, low, high
    if high is None:
        low, high = 0, low
    if high <= low:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}")
    shape = _shape((size,))
    check_numel(shape)
    dt = _dt.int64 if dtype is None else _dt.as_dtype(dtype)
    return _leaf(_gen(generator).integers(low, high, shape).astype(dt.np), requires_grad)


def randperm(n, *, generator=None, dtype=None, requires_grad=False, **kw):
    """A random permutation of 0..n-1."""
    _pop_device(kw)
    check_numel((n,))
    dt = _dt.int64 if dtype is None else _dt.as_dtype(dtype)
    return _leaf(_gen(generator).permutation(n).astype(dt.np), requires_grad)


def rand_like(input, *, dtype=None, requires_grad=False, **kw):
    """Uniform random numbers shaped like ``input``."""
    return rand(input._data.shape, dtype=dtype or input.dtype, requires_grad=requires_grad, **kw)


def randn_like(input, *, dtype=None, requires_grad=False, **kw):
    """Standard normal random numbers shaped like ``input``."""
    return randn(input._data.shape, dtype=dtype or input.dtype, requires_grad=requires_grad, **kw)


def randint_like(input, low=0, high=None, *, dtype=None, requires_grad=False, **kw):
    return randint(low, high, input._data.shape, dtype=dtype or input.dtype, requires_grad=requires_grad, **kw)


def normal(mean=0.0, std=1.0, size=None, *, generator=None, dtype=None, requires_grad=False, **kw):
    """Normal random numbers with the given mean and std (scalars or tensors)."""
    _pop_device(kw)
    m = mean._data if isinstance(mean, Tensor) else mean
    s = std._data if isinstance(std, Tensor) else std
    if size is not None:
        shape = _shape((size,))
    else:
        shape = np.broadcast_shapes(np.shape(m), np.shape(s))
    check_numel(shape)
    if isinstance(mean, Tensor):
        dt = mean.dtype
    elif isinstance(std, Tensor):
        dt = std.dtype
    else:
        dt = _float_dtype(dtype)
    return _leaf((_gen(generator).standard_normal(shape) * s + m).astype(dt.np), requires_grad)


def bernoulli(input, p=None, *, generator=None):
    """1 with probability ``input`` (elementwise), else 0."""
    probs = input._data if p is None else np.full(input._data.shape, p)
    return Tensor._wrap((_gen(generator).random(input._data.shape) < probs).astype(input._data.dtype))


def multinomial(input, num_samples, replacement=False, *, generator=None):
    """Sample indices from the rows of ``input`` taken as (unnormalised) probabilities."""
    p = np.asarray(input._data, np.float64)
    rows = p.reshape(-1, p.shape[-1])
    out = []
    rng = _gen(generator)
    for row in rows:
        out.append(rng.choice(row.size, size=num_samples, replace=replacement, p=row / row.sum()))
    res = np.array(out, np.int64)
    return Tensor._wrap(res.reshape(p.shape[:-1] + (num_samples,)))


def uniform_(t, a=0.0, b=1.0, *, generator=None):
    from .ops.inplace import check_writable, write
    check_writable(t)
    write(t, (_gen(generator).random(t._data.shape) * (b - a) + a).astype(t._data.dtype))
    return t


def normal_(t, mean=0.0, std=1.0, *, generator=None):
    from .ops.inplace import check_writable, write
    check_writable(t)
    write(t, (_gen(generator).standard_normal(t._data.shape) * std + mean).astype(t._data.dtype))
    return t
