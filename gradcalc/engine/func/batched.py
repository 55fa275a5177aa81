"""BatchedTensor: a tensor inside ``vmap``, one example as the function sees it, the whole batch inside.

A BatchedTensor at vmap level ``L`` holds ``value``, a tensor whose dim 0 is the batch
of level L (``value`` may itself be batched at an outer level). Everything the
engine reads for checks (shape, dtype, ndim) is the *logical* per-example tensor;
its ``_data`` is a stand-in array of that shape that refuses computation, so an
engine path that would compute on it without a batching rule fails loudly instead
of silently computing one example.

Ops reach the batching rules through ``Node.apply`` (``node.BATCH_HOOK``); a few
methods that are not ops (comparisons, ``item``, ``bool``) are overridden here.
"""

import numpy as np

from ..tensor import Tensor, _new

__all__ = ["BatchedTensor", "LEVELS", "Level", "batched_at", "wrap", "unwrap_all", "rewrap"]


class Level:
    """One active vmap: its batch size and randomness mode."""

    __slots__ = ("id", "size", "randomness")

    def __init__(self, id, size, randomness):
        self.id, self.size, self.randomness = id, size, randomness


LEVELS = []  # active vmaps, outermost first


_NO_RULE = ("vmap: gradcalc has no batching rule for an operation that reads a batched tensor's values outside "
            "the op table (a comparison or conversion called as a torch function?); call it as a Tensor method, "
            "or outside vmap")


class _StandIn(np.ndarray):
    """The logical shape and dtype of one example; any computation on it is refused."""

    def __array_ufunc__(self, *args, **kwargs):
        raise RuntimeError(_NO_RULE)

    def __array_function__(self, func, types, args, kwargs):
        if func is np.may_share_memory or func is np.shares_memory:
            return True  # (keeps in-place fast paths away: the write goes through the in-place hook)
        if func in (np.shape, np.ndim, np.size, np.result_type, np.broadcast_shapes):
            return super().__array_function__(func, types, args, kwargs)
        raise RuntimeError(_NO_RULE)


_STAND_INS = {}  # (shape, dtype) -> the read-only stand-in (shared: it holds no values)


def _stand_in(arr):
    key = (arr.shape[1:], arr.dtype)
    s = _STAND_INS.get(key)
    if s is None:
        if len(_STAND_INS) > 4096:
            _STAND_INS.clear()
        s = np.lib.stride_tricks.as_strided(np.zeros((), arr.dtype), arr.shape[1:], (0,) * (arr.ndim - 1),
                                            writeable=False).view(_StandIn)
        _STAND_INS[key] = s
    return s


class BatchedTensor(Tensor):
    """A tensor batched at one vmap level (``value``'s dim 0 is that level's batch)."""

    __slots__ = ("_value", "_level", "_stand")

    def __init__(self, *a, **k):
        raise TypeError("a batched tensor is made by vmap")

    # what engine code reads: the logical example
    @property
    def _data(self):
        return self._stand

    @_data.setter
    def _data(self, arr):
        raise RuntimeError("vmap: gradcalc cannot change a batched tensor's shape or storage in place; use the "
                           "out-of-place operation")

    @property
    def _requires_grad(self):
        return self._value._requires_grad

    @_requires_grad.setter
    def _requires_grad(self, flag):
        self._value._requires_grad = flag

    @property
    def _grad_fn(self):
        return None

    @_grad_fn.setter
    def _grad_fn(self, node):
        raise RuntimeError("vmap: gradcalc cannot record an in-place change of a batched tensor")

    def requires_grad_(self, requires_grad=True):
        self._value.requires_grad_(requires_grad)
        return self

    def detach(self):
        return wrap(self._value.detach(), self._level)

    @property
    def data(self):
        return wrap(self._value.data, self._level)

    def __repr__(self):
        inner = repr(self._value).replace("\n", "\n    ")
        return f"BatchedTensor(lvl={self._level.id}, bdim=0, value=\n    {inner}\n)"

    __str__ = __repr__

    # -- not ops: torch's vmap errors ----------------------------------------------------------
    def item(self):
        raise RuntimeError("vmap: It looks like you're calling .item() on a Tensor. We don't support vmap over "
                           "calling .item() on a Tensor, please try to rewrite what you're doing with other "
                           "operations. If error is occurring somewhere inside PyTorch internals, please file a "
                           "bug report.")

    def __bool__(self):
        raise RuntimeError("vmap: It looks like you're attempting to use a Tensor in some data-dependent control "
                           "flow. We don't support that yet, please file an issue at "
                           "https://github.com/pytorch/pytorch/issues .")

    def __float__(self):
        self.item()

    __int__ = __index__ = __float__

    def tolist(self):
        raise RuntimeError("Cannot access data pointer of Tensor that doesn't have storage")

    def numpy(self, *, force=False):
        raise RuntimeError("Cannot access data pointer of Tensor that doesn't have storage")

    def __array__(self, dtype=None, copy=None):
        raise RuntimeError("Cannot access data pointer of Tensor that doesn't have storage")


# In the language a batched tensor is a torch.Tensor, as in torch (``type(t)`` inside vmap).
BatchedTensor.__name__ = BatchedTensor.__qualname__ = "Tensor"
BatchedTensor.__module__ = "torch"


def wrap(value, level):
    t = _new(BatchedTensor)
    t._value = value
    t._level = level
    t._stand = _stand_in(value._data)
    t._output_nr = 0
    t._grad = None
    t._vc = None
    t._accum = None
    t._extra = None
    return t


def batched_at(t, level):
    return type(t) is BatchedTensor and t._level is level


def unwrap_all(t):
    """(plain tensor, [levels, outermost first]) of a possibly nested BatchedTensor."""
    levels = []
    while type(t) is BatchedTensor:
        levels.append(t._level)
        t = t._value
    levels.reverse()
    return t, levels


def rewrap(plain, levels):
    for level in levels:
        plain = wrap(plain, level)
    return plain


def batched_inplace(t, compute, args, kw):
    """An in-place op inside vmap: a batched tensor is written through its value; an unbatched one
    (captured from outside) cannot take a batched result (torch's shape error)."""
    if type(t) is not BatchedTensor and not any(type(a) is BatchedTensor for a in args) and \
            not any(type(v) is BatchedTensor for v in kw.values()):
        return NotImplemented
    r = compute(t, *args, **kw)
    if type(t) is not BatchedTensor or type(r) is BatchedTensor and r._level.id > t._level.id:
        if type(r) is BatchedTensor:
            shape = [d for d in t.shape]
            raise RuntimeError(f"output with shape {shape} doesn't match the broadcast shape "
                               f"{[r._level.size] + list(r.shape)}")
        return NotImplemented
    value = t._value
    src = r._value if batched_at(r, t._level) else r
    value.copy_(src)
    return t


def _compare(name):
    """A comparison or logical op (not an op of the table: no graph) over the batch at once."""
    def method(self, other=None):
        level = self._level if type(self) is BatchedTensor else None
        if type(other) is BatchedTensor and (level is None or other._level.id > level.id):
            level = other._level
        ranks = [x._stand.ndim if type(x) is BatchedTensor else x._data.ndim
                 for x in (self, other) if isinstance(x, Tensor)]
        rank = max(ranks)

        def physical(x):
            if type(x) is BatchedTensor and x._level is level:
                v = x._value
                k = x._stand.ndim
                return v.view((level.size,) + (1,) * (rank - k) + tuple(x._stand.shape)) if k < rank else v
            return x
        fn = getattr(Tensor, name)
        out = fn(physical(self)) if other is None and name in _UNARY else fn(physical(self), physical(other))
        return out if out is NotImplemented else wrap(out, level)
    method.__name__ = name
    return method


_UNARY = frozenset({"logical_not", "isnan", "isinf", "isfinite", "__invert__", "isposinf", "isneginf"})
for _name in ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "eq", "ne", "lt", "le", "gt", "ge",
              "greater", "greater_equal", "less", "less_equal", "not_equal", "logical_and", "logical_or",
              "logical_xor", "__and__", "__or__", "__xor__", "__rand__", "__ror__", "__rxor__") + tuple(_UNARY):
    if hasattr(Tensor, _name):
        setattr(BatchedTensor, _name, _compare(_name))
BatchedTensor.__hash__ = Tensor.__hash__


def _looped(name):
    """A method that is not an op of the table (no batching rule): once per example, stacked."""
    def method(self, *args, **kw):
        from ..ops.shape import stack
        level = self._level
        return wrap(stack([getattr(self._value[b], name)(*args, **kw) for b in range(level.size)]), level)
    method.__name__ = name
    return method


LOOPED_METHODS = ("argmax", "argmin", "argsort", "all", "any", "count_nonzero", "bincount", "histc", "isclose",
                  "signbit", "bitwise_not", "bitwise_and", "bitwise_or", "bitwise_xor", "floor_divide",
                  "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__", "nonzero_static", "equal")
for _name in LOOPED_METHODS:
    if hasattr(Tensor, _name):
        setattr(BatchedTensor, _name, _looped(_name))


def _matmul_method(reflected):
    """``x @ W`` with a batched vector or matrix and a plain matrix: one ``mm``/``matmul`` over the batch
    (torch.matmul's own unsqueeze/squeeze of a vector would be three batched ops)."""
    def method(self, other):
        a, b = (other, self) if reflected else (self, other)
        if isinstance(other, Tensor) and type(other) is not BatchedTensor and other._data.ndim == 2:
            from ..ops.linalg import MmBackward0, matmul
            if a is self and self._stand.ndim == 1:
                return wrap(MmBackward0.apply(self._value, b), self._level)
            if a is self and self._stand.ndim >= 2:
                return wrap(matmul(self._value, b), self._level)
            if b is self and self._stand.ndim == 1:  # A @ v is v @ Aᵀ
                return wrap(MmBackward0.apply(self._value, a.t()), self._level)
        return Tensor.__rmatmul__(self, other) if reflected else Tensor.__matmul__(self, other)
    return method


BatchedTensor.__matmul__ = BatchedTensor.matmul = _matmul_method(False)
BatchedTensor.__rmatmul__ = _matmul_method(True)
