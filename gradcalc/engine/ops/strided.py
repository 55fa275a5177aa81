"""Views and resizes in terms of the storage: ``as_strided`` (and its _/copy/scatter forms), ``resize_``.

A tensor's storage is the numpy array that owns its memory (``tensor_api._root``); its
elements, seen as a flat array of the tensor's dtype, are what torch's sizes, strides and
storage offsets count in. ``as_strided`` builds any view of them (bounds checked as torch
checks them); its backward scatters the gradient into a zero storage at the output's
positions and reads the input's positions back out (torch's ``as_strided_backward``,
dividing where the input itself overlaps).
"""

import warnings

import numpy as np

from ..journal import touch
from ..node import Node
from ..tensor import Tensor
from .checks import check
from .forward_refusals import no_forward_ad


def _storage(arr):
    """(flat array of ``arr``'s dtype over its storage, element offset of ``arr`` in it)."""
    from ..tensor_api import _address, _root
    root = _root(arr)
    item = arr.itemsize
    if root.flags.c_contiguous or root.flags.f_contiguous:
        flat = root.reshape(-1, order="A").view(np.uint8) if root.dtype != np.uint8 else root.reshape(-1, order="A")
        usable = (flat.size // item) * item
        flat = flat[:usable].view(arr.dtype)
        offset = (_address(arr) - _address(root)) // item if arr.size else 0
        return flat, offset
    # a storage numpy does not expose as one block: the tensor's own elements are the storage
    return np.ascontiguousarray(arr).reshape(-1), 0


def _geometry(t):
    from ..tensor_api import storage_offset, stride
    return tuple(t._data.shape), tuple(stride(t)), storage_offset(t)


def _extent(size, stride, offset):
    if any(s == 0 for s in size):
        return 0
    return offset + sum((s - 1) * st for s, st in zip(size, stride)) + 1


def _check(size, stride, offset, storage_size, item):
    if len(size) != len(stride):
        raise RuntimeError("mismatch in length of strides and shape")
    for st in stride:
        if st < 0:
            raise RuntimeError(f"as_strided: Negative strides are not supported at the moment, got strides: "
                               f"{list(stride)}")
    if offset < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {offset}")
    for s in size:
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {list(size)}")
    need = _extent(size, stride, offset)
    if need > storage_size:
        raise RuntimeError(f"setStorage: sizes {list(size)}, strides {list(stride)}, storage offset {offset}, and "
                           f"itemsize {item} requiring a storage size of {need * item} are out of bounds for storage "
                           f"of size {storage_size * item}")


def _positions(size, stride, offset):
    """The storage index of every element of a (size, stride, offset) view, in row-major order."""
    idx = np.full(size, offset, dtype=np.int64)
    for d, (s, st) in enumerate(zip(size, stride)):
        shape = [1] * len(size)
        shape[d] = s
        idx = idx + (np.arange(s, dtype=np.int64) * st).reshape(shape)
    return idx.reshape(-1)


def _view(arr, size, stride, offset):
    flat, _ = _storage(arr)
    _check(size, stride, offset, flat.size, arr.itemsize)
    if not size or all(s > 0 for s in size):
        base = flat[offset:] if flat.size > offset else flat[:0]
    else:
        base = flat[:0] if flat.size == 0 else flat[min(offset, flat.size - 1):]
    item = arr.itemsize
    return np.lib.stride_tricks.as_strided(base, shape=size, strides=tuple(st * item for st in stride))


class AsStridedBackward0(Node):
    """``as_strided``'s node, and the node a view gets when an in-place write to its base
    regenerates its history (``inplace.regenerate_view``: ``region`` = the flat base
    positions the view reads, ``chain`` = the view ops replayed to read them), as torch
    gives both the one ``AsStridedBackward0``."""
    __slots__ = ("size", "stride", "offset", "in_geom", "region")
    any_dtype = True  # a regenerated view keeps its dtype (an as_strided that records is float anyway)
    explain = "grad_self = grad summed into a zero storage at the view's positions, read back at self's"
    is_view = True
    checks = (check(lambda x: x.as_strided((2, 2), (1, 2), 1), (6,)),
              check(lambda x: x.as_strided((3, 2), (1, 1)), (2, 2), label="overlapping"))

    def forward(ctx, a, size=None, stride=None, offset=None, *, region=None, chain=None):
        ctx.region = region
        if region is not None:  # a regenerated view: read the region of the base's current value
            ctx.in_geom = a._data.shape
            if chain is None:
                return a._data.reshape(-1)[region]
            arr = a._data
            for node in chain:
                arr = node.replay(arr)
            return arr
        ctx.size, ctx.stride, ctx.offset = size, stride, offset
        ctx.in_geom = _geometry(a)
        return _view(a._data, size, stride, offset)

    def replay(ctx, arr):
        if ctx.region is not None:
            raise NotImplementedError
        return _view(arr, ctx.size, ctx.stride, ctx.offset)

    def backward(ctx, grad):
        if ctx.region is not None:  # the gradient goes back to the base positions the view read
            from .indexing import IndexPutBackward0
            n = int(np.prod(ctx.in_geom))
            pos = ctx.region.reshape(-1)
            # torch copies into the zero storage where the view does not overlap itself (so -0.0 stays)
            overlap = pos.size > 1 and np.unique(pos).size != pos.size
            flat = IndexPutBackward0.apply(None, grad.reshape(-1), key=(pos,), shape=(n,), accumulate=overlap)
            return flat.reshape(ctx.in_geom)
        in_size, in_stride, in_off = ctx.in_geom
        out_pos = _positions(ctx.size, ctx.stride, ctx.offset)
        in_pos = _positions(in_size, in_stride, in_off)
        n = int(max(out_pos.max(initial=-1), in_pos.max(initial=-1))) + 1
        storage = grad.new_zeros((n,)).index_add(0, Tensor._wrap(out_pos), grad.reshape(-1))
        g = storage.index_select(0, Tensor._wrap(in_pos))
        counts = np.bincount(in_pos, minlength=n)[in_pos]
        if counts.size and counts.max() > 1:  # self overlaps itself: share the gradient among its aliases
            g = g / Tensor._wrap(counts.astype(grad._data.dtype))
        return g.reshape(in_size)


class AsStridedBackward1(AsStridedBackward0):
    """The node of ``as_strided_`` (torch's in-place overload)."""
    __slots__ = ()
    checks = (check(lambda x: (x * 1).as_strided_((2,), (2,)), (5,)),)


class AsStridedBackward0_copy(AsStridedBackward0):  # noqa: N801 - torch's name for as_strided_copy's node
    """The node of ``as_strided_copy``: the same view, copied out."""
    __slots__ = ()
    is_view = False
    checks = (check(lambda x: __import__("gradcalc.engine").engine.as_strided_copy(x, (2, 2), (1, 2), 1), (6,)),)

    def forward(ctx, a, size, stride, offset):
        return AsStridedBackward0.forward(ctx, a, size, stride, offset).copy()


class AsStridedScatterBackward0(Node):
    __slots__ = ("shape", "size", "pos")
    explain = "grad_self = grad with the view's positions zeroed;  grad_src = grad at the view's positions"
    checks = (check(lambda x, s: __import__("gradcalc.engine").engine.as_strided_scatter(x, s, (2,), (2,)), (2, 3),
                    (2,)),)

    def forward(ctx, a, src, size, stride, offset):
        pos = _positions(size, stride, offset)
        _check(size, stride, offset, a._data.size, a._data.itemsize)
        if tuple(src._data.shape) != tuple(size):
            raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = "
                               f"{list(src._data.shape)}, slice size = {list(size)}")
        out = np.array(a._data, copy=True, order="C").reshape(-1)
        out[pos] = src._data.reshape(-1)
        ctx.shape, ctx.size, ctx.pos = a._data.shape, size, pos
        return out.reshape(a._data.shape)

    def backward(ctx, grad):
        flat = grad.reshape(-1)
        keep = np.ones(flat.shape[0], dtype=grad._data.dtype)
        keep[ctx.pos] = 0
        g_self = (flat * Tensor._wrap(keep)).reshape(ctx.shape)
        g_src = flat.index_select(0, Tensor._wrap(ctx.pos)).reshape(ctx.size)
        return g_self, g_src


def _sizes(name, size, stride):
    def as_tuple(v, what):
        if isinstance(v, int):
            return (v,)
        try:
            out = tuple(v)
        except TypeError:
            raise TypeError(f"{name}(): argument '{what}' must be tuple of ints, not {type(v).__name__}") from None
        for x in out:
            if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
                raise TypeError(f"{name}(): argument '{what}' must be tuple of ints, but found element of type "
                                f"{type(x).__name__} at pos 0")
        return tuple(int(x) for x in out)
    return as_tuple(size, "size"), as_tuple(stride, "stride")


def as_strided(input, size, stride, storage_offset=None):
    """A view of ``input``'s storage with the given sizes, strides (in elements) and storage offset."""
    size, stride = _sizes("as_strided", size, stride)
    if storage_offset is None:
        from ..tensor_api import storage_offset as _offset
        storage_offset = _offset(input)
    return AsStridedBackward0.apply(input, size=size, stride=stride, offset=int(storage_offset))


def as_strided_(self, size, stride, storage_offset=None):
    """Make ``self`` itself that view of its storage."""
    size, stride = _sizes("as_strided_", size, stride)
    if storage_offset is None:
        from ..tensor_api import storage_offset as _offset
        storage_offset = _offset(self)
    if self._requires_grad:
        out = AsStridedBackward1.apply(self, size=size, stride=stride, offset=int(storage_offset))
        touch(self)
        self._data, self._grad_fn, self._extra = out._data, out._grad_fn, out._extra
        if getattr(out, "_fw", None) is not None:  # a dual tensor: the view's tangent
            self._fw = out._fw
        return self
    view = _view(self._data, size, stride, int(storage_offset))
    touch(self)
    self._data = view
    fw = getattr(self, "_fw", None)
    if fw is not None:  # a dual tensor: its tangent viewed the same way (torch's tangent of a view)
        self._fw = Tensor._wrap(np.array(_view(np.ascontiguousarray(fw._data), size, stride, int(storage_offset))))
    return self


def as_strided_copy(input, size, stride, storage_offset=None):
    """A copy of ``as_strided``'s view."""
    size, stride = _sizes("as_strided_copy", size, stride)
    if storage_offset is None:
        from ..tensor_api import storage_offset as _offset
        storage_offset = _offset(input)
    return AsStridedBackward0_copy.apply(input, size=size, stride=stride, offset=int(storage_offset))


def as_strided_scatter(input, src, size, stride, storage_offset=None):
    """A copy of ``input`` (contiguous) with ``src`` written at the positions of an ``as_strided`` view."""
    size, stride = _sizes("as_strided_scatter", size, stride)
    return AsStridedScatterBackward0.apply(input, src, size=size, stride=stride, offset=int(storage_offset or 0))


def resize_(self, *sizes, memory_format=None):
    """Give ``self`` new sizes over its storage (contiguous from its storage offset), growing it if needed."""
    if len(sizes) == 1 and not isinstance(sizes[0], int):
        sizes = tuple(sizes[0])
    for s in sizes:
        if isinstance(s, bool) or not isinstance(s, (int, np.integer)):
            raise TypeError(f"resize_(): argument 'size' must be tuple of ints, but found element of type "
                            f"{type(s).__name__} at pos 0")
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {list(sizes)}")
    if self._requires_grad:
        raise RuntimeError("cannot resize variables that require grad")
    if getattr(self, "_fw", None) is not None:
        raise RuntimeError("cannot resize variables that has a forward grad")
    from ..limits import check_numel
    n = check_numel(sizes)
    flat, offset = _storage(self._data)
    touch(self)
    if offset + n <= flat.size:
        self._data = flat[offset:offset + n].reshape(sizes)
    else:  # a bigger storage: the old elements first (torch leaves the rest uninitialised; here zeros)
        grown = np.zeros(n, dtype=self._data.dtype)
        keep = flat[offset:]
        grown[:keep.size] = keep
        self._data = grown.reshape(sizes)
    if self._vc is not None:
        self._vc[0] += 1
    return self


def resize_as_(self, the_template, memory_format=None):
    """``resize_`` to ``the_template``'s sizes."""
    return resize_(self, tuple(the_template.shape))


class ResizeBackward(Node):
    # torch's resize is a Python autograd.Function without jvp: its error
    jvp = no_forward_ad("resize", "You must implement the jvp function for custom autograd.Function to use it with "
                                  "forward mode AD.")
    explain = "grad_self = grad reshaped back to self's shape"
    checks = (check(lambda x: x.resize(3, 2), (2, 3)),)

    def forward(ctx, a, sizes):
        ctx.save_for_backward(tuple(a._data.shape))
        return a._data.reshape(sizes)

    def backward(ctx, grad):
        (shape,) = ctx.saved_tensors
        return grad.reshape(shape)


def resize(self, *sizes):
    """Deprecated out-of-place resize: only a new shape with the same number of elements."""
    warnings.warn("non-inplace resize is deprecated", UserWarning, stacklevel=2)
    if len(sizes) == 1 and not isinstance(sizes[0], int):
        sizes = tuple(sizes[0])
    n = int(np.prod(sizes)) if sizes else 1
    if n != self._data.size:
        raise RuntimeError(f"requested resize to {'x'.join(map(str, sizes))} ({n} elements in total), but the given "
                           f"tensor has a size of {'x'.join(map(str, self._data.shape))} ({self._data.size} "
                           "elements). autograd's resize can only change the shape of a given tensor, while "
                           "preserving the number of elements. ")
    return ResizeBackward.apply(self, sizes=tuple(sizes))


def resize_as(self, tensor):
    """Deprecated out-of-place resize to ``tensor``'s shape."""
    warnings.warn("non-inplace resize_as is deprecated", UserWarning, stacklevel=2)
    return ResizeBackward.apply(self, sizes=tuple(tensor.shape)) if tensor.numel() == self.numel() else resize(
        self, *tuple(tensor.shape))


def register(functions, methods):
    for name in ("as_strided", "as_strided_copy", "as_strided_scatter"):
        functions[name] = globals()[name]
    for name in ("as_strided", "as_strided_", "as_strided_scatter", "resize_", "resize_as_", "resize", "resize_as"):
        methods[name] = globals()[name]
