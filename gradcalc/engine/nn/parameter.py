"""nn.Parameter: tensors that a Module registers when assigned to it."""

from ..tensor import Tensor, _init, _new

__all__ = ["Parameter", "UninitializedParameter", "UninitializedBuffer"]


class Parameter(Tensor):
    """A Tensor that is a module parameter: assigned as a Module attribute, it joins
    ``parameters()``. It shares memory and version counter with ``data``."""

    __slots__ = ()

    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            from ..creation import empty
            data = empty(0)
        if not isinstance(data, Tensor):
            raise TypeError(f"Parameter(): argument 'data' (position 1) must be Tensor, not {type(data).__name__}")
        p = _new(cls)
        _init(p, data._data, None, 0)
        p._vc = data._shared_vc()
        if requires_grad:
            p.requires_grad_(True)  # torch's message for integer data
        return p

    def __init__(self, data=None, requires_grad=True):
        pass  # everything is done in __new__ (Tensor.__init__ would copy the data)

    def __repr__(self):
        return "Parameter containing:\n" + Tensor.__repr__(self)

    __str__ = __repr__

    def __deepcopy__(self, memo):
        if id(self) in memo:
            return memo[id(self)]
        p = Parameter(Tensor._wrap(self._data.copy()), self._requires_grad)
        if self._grad is not None:
            p._grad = Tensor._wrap(self._grad._data.copy())
        memo[id(self)] = p
        return p

    def __reduce__(self):
        return (_rebuild_parameter, (self._data, self._requires_grad))


def _rebuild_parameter(data, requires_grad):
    return Parameter(Tensor._wrap(data), requires_grad)


_UNINITIALIZED = ("Can't access the shape of an uninitialized parameter or buffer. This error usually happens in "
                  "`load_state_dict` when trying to load an uninitialized parameter into an initialized one. Call "
                  "`forward` to initialize the parameters before accessing their attributes.")


class UninitializedParameter(Parameter):
    """A lazy module's parameter before its first forward: no shape yet; ``materialize`` gives
    it one (and makes it a plain Parameter, the same object, as torch does)."""

    __slots__ = ()

    def __new__(cls, requires_grad=True, device=None, dtype=None):
        from ..creation import empty
        return Parameter.__new__(cls, empty(0, dtype=dtype), requires_grad)

    def __init__(self, requires_grad=True, device=None, dtype=None):
        pass

    def __repr__(self):
        return "<UninitializedParameter>"

    __str__ = __repr__

    @property
    def shape(self):
        raise RuntimeError(_UNINITIALIZED)

    def size(self, dim=None):
        raise RuntimeError(_UNINITIALIZED)

    def numel(self):
        raise RuntimeError(_UNINITIALIZED)

    def dim(self):
        raise RuntimeError(_UNINITIALIZED)

    def materialize(self, shape, device=None, dtype=None):
        from ..creation import empty
        from ..dtypes import from_numpy_dtype
        # through empty(): the element and memory limits apply as to any new tensor
        self._data = empty(tuple(shape), dtype=from_numpy_dtype(self._data.dtype) if dtype is None else dtype)._data
        self.__class__ = Parameter


class UninitializedBuffer(Tensor):
    """A lazy module's buffer before its first forward (LazyBatchNorm's running statistics): no
    shape yet; ``materialize`` gives it one and makes it a plain Tensor (the same object)."""

    __slots__ = ()

    def __new__(cls, requires_grad=False, device=None, dtype=None, persistent=True):
        from ..creation import empty
        t = _new(cls)
        _init(t, empty(0, dtype=dtype)._data, None, 0)
        if requires_grad:
            t.requires_grad_(True)
        return t

    def __init__(self, requires_grad=False, device=None, dtype=None, persistent=True):
        pass

    def __repr__(self):
        return "<UninitializedBuffer>"

    __str__ = __repr__
    shape = UninitializedParameter.shape
    size = UninitializedParameter.size
    numel = UninitializedParameter.numel
    dim = UninitializedParameter.dim

    def materialize(self, shape, device=None, dtype=None):
        from ..creation import empty
        from ..dtypes import from_numpy_dtype
        self._data = empty(tuple(shape), dtype=from_numpy_dtype(self._data.dtype) if dtype is None else dtype)._data
        self.__class__ = Tensor
