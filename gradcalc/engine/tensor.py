"""The Tensor: a numpy array plus the autograd bookkeeping torch keeps beside it.

This module holds the data model only (attributes, autograd-facing methods,
conversions). The operations are declared in ``ops/`` and installed as methods
and operators on ``Tensor`` when the engine package is imported.
"""

import numpy as np

from . import dtypes as _dt
from . import upcalls
from .devices import CPU, device  # noqa: F401  (torch.device is re-exported from here)
from .grad_mode import STATE
from .journal import touch, touch_grad, touch_hooks
from .printing import tensor_format, tensor_repr

__all__ = ["Tensor", "Size", "device", "is_tensor"]

_FROM_NP = _dt._FROM_NP


class Size(tuple):
    """torch.Size: a tuple of ints that prints as ``torch.Size([2, 3])``."""

    __slots__ = ()

    def __repr__(self):
        return f"torch.Size([{', '.join(str(int(d)) for d in self)}])"

    __str__ = __repr__

    def numel(self):
        n = 1
        for d in self:
            n *= d
        return n

    def __getitem__(self, item):
        r = tuple.__getitem__(self, item)
        return Size(r) if isinstance(item, slice) else r

    def __add__(self, other):
        return Size(tuple.__add__(self, tuple(other)))


class Tensor:
    """An n-dimensional array that can record the operations applied to it."""

    __slots__ = (
        "_data",           # numpy.ndarray (0-d for scalars), never a numpy scalar
        "_requires_grad",  # bool: a leaf that requires grad, or any graph output
        "_grad_fn",        # the Node that made this tensor, or None for leaves
        "_output_nr",      # which output of _grad_fn this tensor is
        "_grad",           # accumulated gradient (Tensor) or None
        "_vc",             # version counter shared with views: [int] or None (= version 0)
        "_accum",          # the leaf's AccumulateGrad node, made on first use
        "_extra",          # rarely used: hooks, retain_grad flag (dict or None)
        "_fw",             # forward-mode AD: the tangent inside a dual level (unset otherwise)
        "__weakref__",
    )

    # Tensors are compared elementwise, so hashing is by identity, as in torch.
    __hash__ = object.__hash__

    def __init__(self, *args, **kw):
        # ``torch.Tensor(2, 3)`` / ``torch.Tensor([1, 2])``: torch's legacy constructor, which makes
        # tensors as the creation functions do (tensor_api.py, above the core, fills the slot)
        upcalls.legacy_init(self, args, kw)

    # -- construction helpers (internal) -----------------------------------
    @staticmethod
    def _wrap(arr):
        """A new leaf that does not require grad, over ``arr`` (no copy)."""
        t = _new(Tensor)
        if type(arr) is not np.ndarray:
            # numpy returns scalars from 0-d operations: keep the invariant "_data is an ndarray"
            arr = np.asarray(arr) if isinstance(arr, np.generic) else np.array(arr)
        t._data = arr
        t._requires_grad = False
        t._grad_fn = None
        t._output_nr = 0
        t._grad = None
        t._vc = None
        t._accum = None
        t._extra = None
        return t

    @staticmethod
    def _make(arr, node, nr=0):
        """A new graph output of ``node`` over ``arr``."""
        t = _new(Tensor)
        t._data = arr if type(arr) is np.ndarray else np.array(arr)
        t._requires_grad = True
        t._grad_fn = node
        t._output_nr = nr
        t._grad = None
        t._vc = None
        t._accum = None
        t._extra = None
        return t

    # -- basic attributes ---------------------------------------------------
    @property
    def dtype(self):
        dt = self._data.dtype
        if dt.metadata is None:
            return _FROM_NP[dt.type]
        return _dt.dtype_of(self._data)  # bfloat16: a tagged float32

    @property
    def shape(self):
        return Size(self._data.shape)

    def size(self, dim=None):
        """The shape as a torch.Size, or the length of dimension ``dim``."""
        if dim is None:
            return Size(self._data.shape)
        return self._data.shape[_wrap_dim(dim, self._data.ndim)]

    def dim(self):
        """Number of dimensions."""
        return self._data.ndim

    ndimension = dim

    @property
    def ndim(self):
        return self._data.ndim

    def numel(self):
        """Number of elements."""
        return self._data.size

    nelement = numel

    def element_size(self):
        return self._data.itemsize if self._data.dtype.metadata is None else 2  # bfloat16: 2 bytes in torch

    @property
    def device(self):
        return CPU

    @property
    def is_cuda(self):
        return False

    def is_floating_point(self):
        return self._data.dtype.kind == "f"

    def is_complex(self):
        return self._data.dtype.kind == "c"

    def type(self, dtype=None):
        if dtype is None:
            return _TYPE_NAMES[_dt_of(self._data)]
        return self.to(dtype)

    # -- autograd attributes ------------------------------------------------
    @property
    def requires_grad(self):
        if self._requires_grad:
            return True
        if self._extra is not None:  # a view made before its base was made to require grad
            from .node import view_base_requires_grad
            return view_base_requires_grad(self)
        return False

    @requires_grad.setter
    def requires_grad(self, value):
        if not isinstance(value, (bool, np.bool_)):
            raise RuntimeError("requires_grad must be a bool")  # torch's: no truthiness ('yes', 1, None)
        if value and self._data.dtype.kind not in "fc" and self._grad_fn is None:
            raise RuntimeError("only Tensors of floating point and complex dtype can require gradients")
        self.requires_grad_(bool(value))

    def requires_grad_(self, requires_grad=True):
        """Set whether autograd records operations on this leaf tensor (in place)."""
        if not isinstance(requires_grad, (bool, np.bool_)):
            raise TypeError(f"requires_grad_(): argument 'requires_grad' (position 1) must be bool, not "
                            f"{type(requires_grad).__name__}")
        requires_grad = bool(requires_grad)
        touch(self)
        if self._grad_fn is not None:
            if requires_grad:
                return self
            raise RuntimeError(
                "you can only change requires_grad flags of leaf variables. If you want to use a "
                "computed variable in a subgraph that doesn't require differentiation use "
                "var_no_grad = var.detach().")
        if requires_grad and self._data.dtype.kind not in "fc":
            raise RuntimeError("only Tensors of floating point dtype can require gradients")
        self._requires_grad = requires_grad
        return self

    @property
    def grad_fn(self):
        if self._extra is not None and ("view" in self._extra or "multi_view" in self._extra):
            from .node import refresh_view  # a view of a base changed in place reads its new history
            refresh_view(self)
        return self._grad_fn

    @property
    def is_leaf(self):
        return (self._grad_fn if self._extra is None else self.grad_fn) is None

    @property
    def output_nr(self):
        return self._output_nr

    @property
    def grad(self):
        if self._grad is None and self._grad_fn is not None and not self.retains_grad:
            _warn_nonleaf_grad()
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(f"assigned grad expected to be a Tensor or None but got grad of type {_type_name(value)}")
            if value._data.dtype != self._data.dtype or _dt_of(value._data) != _dt_of(self._data):
                raise RuntimeError(
                    f"attempting to assign a gradient with dtype '{_C_TYPE_NAMES[_dt_of(value._data)]}' to a "
                    f"tensor with grad_dtype '{_SCALAR_TYPE_NAMES[_dt_of(self._data)]}'. The gradient must "
                    f"match the tensor's grad_dtype (defaults to the tensor's dtype). You can set the tensor's "
                    f"grad_dtype attribute with a specific dtype, or None to allow any dtype. Set grad_dtype with "
                    f"caution. Diverging the dtypes of a tensor and its gradient may break downstream systems that "
                    f"assume they match.")
            if value._data.shape != self._data.shape:
                raise RuntimeError(
                    f"attempting to assign a gradient of size '{list(value._data.shape)}' to a tensor of size "
                    f"'{list(self._data.shape)}'. Please ensure that the gradient and the tensor are the same size")
        touch_grad(self)
        self._grad = value

    @property
    def retains_grad(self):
        return bool(self._extra and self._extra.get("retains_grad"))

    def retain_grad(self):
        """Keep the gradient of this non-leaf tensor in ``.grad`` after backward."""
        if self._grad_fn is None:
            if not self._requires_grad:
                raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
            return  # leaves keep their grad anyway
        if self.retains_grad:
            return
        from .node import tensor_prehooks
        import weakref
        ref = weakref.ref(self)
        tensor_prehooks(self, create=True).append(_RetainGrad(ref))
        touch_hooks(self)
        self._extras()["retains_grad"] = True

    def register_hook(self, hook):
        """Call ``hook(grad)`` when the gradient for this tensor is computed; it may return a replacement."""
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        from .node import RemovableHandle, accumulator, tensor_prehooks
        owner = accumulator(self) if self._grad_fn is None else self._grad_fn
        if self._grad_fn is None:
            hooks = owner._tensor_prehooks(0, create=True)
        else:
            hooks = tensor_prehooks(self, create=True)
            # hooks run before retain_grad's, which must see the final gradient
            n_retain = sum(isinstance(h, _RetainGrad) for h in hooks)
            if n_retain:
                hooks.insert(len(hooks) - n_retain, hook)
                return RemovableHandle(hooks, hook, owner)
        hooks.append(hook)
        return RemovableHandle(hooks, hook, owner)

    def register_post_accumulate_grad_hook(self, hook):
        """Call ``hook(tensor)`` after the gradient is accumulated into this leaf's ``.grad``."""
        if self._grad_fn is not None:
            raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf tensors")
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        from .node import RemovableHandle, accumulator
        acc = accumulator(self)
        touch_hooks(acc)
        hooks = acc._hook_list("post_accumulate")
        hooks.append(hook)
        return RemovableHandle(hooks, hook, acc)

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        """Compute the gradient of this tensor w.r.t. the graph leaves (accumulated into ``.grad``)."""
        from .backward import backward
        backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    def detach(self):
        """A new tensor sharing this one's data, cut from the graph."""
        t = _new(Tensor)
        _init(t, self._data, None, 0)
        t._vc = self._shared_vc()
        return t

    def detach_(self):
        """Cut this tensor from the graph, in place."""
        touch(self)
        self._grad_fn = None
        self._output_nr = 0
        self._requires_grad = False
        return self

    @property
    def data(self):
        # Shares memory but not the version counter: torch's ``.data`` escape hatch.
        return Tensor._wrap(self._data)

    @data.setter
    def data(self, value):
        if not isinstance(value, Tensor):
            raise TypeError(f"data must be a Tensor, not {_type_name(value)}")
        touch(self)
        self._data = value._data

    @property
    def _version(self):
        return self._vc[0] if self._vc else 0

    def _shared_vc(self):
        if self._vc is None:
            self._vc = [0]
        return self._vc

    def _bump_version(self):
        if self._vc is None:
            self._vc = [1]
        else:
            self._vc[0] += 1

    def _extras(self):
        if self._extra is None:
            self._extra = {}
        return self._extra

    # -- conversions --------------------------------------------------------
    def item(self):
        """The value of a one-element tensor as a Python number."""
        if self._data.size != 1:
            raise RuntimeError(f"a Tensor with {self._data.size} elements cannot be converted to Scalar")
        return self._data.reshape(()).item()

    def tolist(self):
        """The values as (nested) Python lists."""
        if self._extra is not None and self._extra.get("zerotensor"):  # torch's efficient zero tensor
            raise RuntimeError("tolist() shouldn't be called on a tensor with unallocated storage")
        if self._data.size >= 1 << 15:  # ~32 bytes a Python number and its slot in a list
            from .limits import check_memory
            check_memory(self._data.size * 32)
        return self._data.tolist()

    def numpy(self, *, force=False):
        """The values as a numpy array sharing memory."""
        if self._requires_grad and not force:
            raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.")
        if self._extra is not None and self._extra.get("zerotensor") and not force:  # torch's efficient zero tensor
            raise RuntimeError(" Cannot convert a ZeroTensor to numpy. Set force=True if you need the zero array.")
        if self._data.dtype.metadata is not None:
            raise TypeError("Got unsupported ScalarType BFloat16")  # torch's: numpy has no bfloat16
        return self._data

    def __array__(self, dtype=None, copy=None):
        if self._data.dtype.metadata is not None:
            raise TypeError("Got unsupported ScalarType BFloat16")  # as numpy(): numpy has no bfloat16
        if dtype is not None:
            return self._data.astype(dtype)
        return self._data.copy() if copy else self._data

    def __len__(self):
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return iter(self.unbind(0))

    def __bool__(self):
        if self._data.size != 1:
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return bool(self._data.reshape(()))

    def __float__(self):
        if self._data.dtype.kind == "c" and self._data.size == 1:
            raise RuntimeError("value cannot be converted to type double without overflow")
        return float(self.item())

    def __int__(self):
        if self._data.dtype.kind == "c" and self._data.size == 1:
            raise RuntimeError("value cannot be converted to type int64_t without overflow")
        return int(self.item())

    def __index__(self):
        if self._data.dtype.kind not in "iub" or self._data.size != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self._data.reshape(()))

    def __complex__(self):
        return complex(self.item())

    def __format__(self, spec):
        return tensor_format(self, spec)

    def __repr__(self):
        return tensor_repr(self)

    __str__ = __repr__

    # numpy scalars and arrays on the left of an operator defer to the tensor (np.float64(1) + t is a
    # tensor, as in torch)
    __array_priority__ = 1000

    def __deepcopy__(self, memo):
        """torch's semantics: only a leaf can be deep-copied; the copy keeps ``requires_grad`` and
        gets its own copy of ``.grad``."""
        if self._grad_fn is not None:
            raise RuntimeError("Only Tensors created explicitly by the user (graph leaves) support the deepcopy "
                               "protocol at the moment.  If you were attempting to deepcopy a module, this may be "
                               "because of a torch.nn.utils.weight_norm usage, see "
                               "https://github.com/pytorch/pytorch/pull/103001")
        t = self.detach().clone()
        t._data = self._data.copy()
        t._requires_grad = self._requires_grad
        memo[id(self)] = t
        if self._grad is not None:
            g = memo.get(id(self._grad))
            t._grad = g if g is not None else self._grad.__deepcopy__(memo)
        return t

    def __copy__(self):
        """``copy.copy(t)`` as torch: the same memory, ``requires_grad`` kept, no ``.grad``."""
        t = _new(type(self))  # a Parameter stays a Parameter
        _init(t, self._data, None, 0)
        t._requires_grad = self._requires_grad
        return t

    def __reduce__(self):
        return (_rebuild, (self._data, self._requires_grad))


def _rebuild(data, requires_grad):
    t = Tensor._wrap(np.array(data))
    t._requires_grad = requires_grad
    return t


_new = object.__new__


def _init(t, arr, grad_fn, nr):
    # numpy returns scalars from 0-d operations: keep the invariant "_data is an ndarray"
    t._data = arr if type(arr) is np.ndarray else np.array(arr)
    t._requires_grad = grad_fn is not None
    t._grad_fn = grad_fn
    t._output_nr = nr
    t._grad = None
    t._vc = None
    t._accum = None
    t._extra = None


class _RetainGrad:
    """The hook behind ``retain_grad()``: stores the final gradient in ``.grad``."""

    __slots__ = ("ref",)

    def __init__(self, ref):
        self.ref = ref

    def __call__(self, grad):
        t = self.ref()
        if t is not None:
            touch_grad(t)
            # as torch: the first gradient is copied (a clone, recorded under create_graph), so
            # later accumulation never writes into the graph's buffers; later ones are added
            if t._grad is None:
                t._grad = grad.clone() if STATE.grad_enabled else Tensor._wrap(grad._data.copy())
            elif STATE.grad_enabled:
                t._grad = t._grad + grad
            else:
                t._grad = Tensor._wrap(t._grad._data + grad._data)
        return None


_TYPE_NAMES = {d.np.type if d is not _dt.bfloat16 else "bfloat16": _dt.TENSOR_TYPE_NAMES[d.name] for d in _dt.ALL}


def _type_name(v):
    return type(v).__name__


def _wrap_dim(dim, ndim):
    """Normalise a possibly negative dimension, with torch's error for one out of range."""
    n = ndim if ndim > 0 else 1
    try:
        d = dim.__index__()
    except AttributeError:
        raise TypeError(f"dim must be an int, not {_type_name(dim)}") from None
    if d < -n or d >= n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {d})")
    return d + n if d < 0 else d


def shape_arg(args):
    """``f(2, 3)``, ``f((2, 3))`` and ``f([2, 3])`` all mean the shape (2, 3)."""
    if len(args) == 1 and isinstance(args[0], (tuple, list, Size)):
        args = tuple(args[0])
    out = []
    for a in args:
        if isinstance(a, Tensor):
            a = a.item()
        try:
            out.append(a.__index__())
        except AttributeError:
            raise TypeError(f"size must be a tuple of ints, but got an element of type "
                            f"{type(a).__name__}") from None
    return tuple(out)


def _warn_nonleaf_grad():
    import warnings
    warnings.warn(
        "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute "
        "won't be populated during autograd.backward(). If you indeed want the .grad field to be populated "
        "for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor by "
        "mistake, make sure you access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 for more "
        "information.", UserWarning, stacklevel=3)


# dtype names in torch's message for a .grad of the wrong dtype: C++ type names, then ScalarType names
_C_TYPE_NAMES = {d.np.type if d is not _dt.bfloat16 else "bfloat16": _dt.C_NAMES[d.name] for d in _dt.ALL}
_SCALAR_TYPE_NAMES = {d.np.type if d is not _dt.bfloat16 else "bfloat16": _dt.ALL_SCALAR_NAMES[d.name]
                      for d in _dt.ALL}


# torch's messages name a tensor by its legacy type, but bfloat16's by its dispatch key's type
_MESSAGE_TYPE_NAMES = {**_TYPE_NAMES, "bfloat16": "CPUBFloat16Type"}


def _dt_of(arr):
    """The key of an array's dtype in the name tables above (bfloat16 shares float32's numpy type)."""
    dt = arr.dtype
    return dt.type if dt.metadata is None else "bfloat16"


def is_tensor(obj):
    """True if ``obj`` is a Tensor."""
    return isinstance(obj, Tensor)
