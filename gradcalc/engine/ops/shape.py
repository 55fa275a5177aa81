"""Shape ops: views (reshape, squeeze, transpose, permute, expand, ...), copies
(clone, casts) and joins (cat, stack, unbind)."""

import numpy as np

from .. import dtypes as _dt
from .. import upcalls
from ..bf16 import to_bf16
from ..limits import check_numel
from ..node import Node
from ..tensor import Tensor
from .checks import check
from .support import shape_arg, wrap_dim
from .table_shape import shape_row


def _infer_shape(shape, numel):
    """Resolve one ``-1`` in ``shape`` and check the element count, with torch's errors."""
    shape = tuple(shape)
    unknown = [i for i, s in enumerate(shape) if s == -1]
    if len(unknown) > 1:
        raise RuntimeError("only one dimension can be inferred")
    for s in shape:
        if s < -1:
            raise RuntimeError(f"invalid shape dimension {s}")
    if unknown:
        known = 1
        for s in shape:
            if s != -1:
                known *= s
        if known == 0 or numel % known:
            raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
        i = unknown[0]
        shape = shape[:i] + (numel // known,) + shape[i + 1:]
    n = 1
    for s in shape:
        n *= s
    if n != numel:
        raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
    return shape


def _view_of(arr, shape):
    """``arr`` reshaped without copying, or None when that needs a copy."""
    v = arr.view()
    try:
        v.shape = shape
    except AttributeError:
        return None
    return v


def _view(d, shape):
    v = _view_of(d, shape)
    if v is None:
        raise RuntimeError("view size is not compatible with input tensor's size and stride (at least one "
                           "dimension spans across two contiguous subspaces). Use .reshape(...) instead.")
    return v


def _reshape(arr, shape):
    return arr.reshape(shape)


_RESHAPE_EXPLAIN = "grad_self = grad.reshape(self.shape)   (a reshape moves no values)"
VIEW = shape_row("ViewBackward0", _view, params=("shape",), replay=_reshape, explain=_RESHAPE_EXPLAIN,
                 grad=lambda grad, in_shape: grad.reshape(in_shape),
                 checks=(check(lambda x: x.reshape(3, 2), (2, 3)),
                         check(lambda x: x.view(-1), (2, 3), label="view -1"),
                         check(lambda x: x.flatten(), (2, 1, 3), label="flatten")))
# reshape() of a non-contiguous tensor that needs no copy (torch's ``_reshape_alias``)
RESHAPE_ALIAS = shape_row("ReshapeAliasBackward0", _view, params=("shape",), replay=_reshape,
                          explain=_RESHAPE_EXPLAIN, grad=lambda grad, in_shape: grad.reshape(in_shape),
                          checks=(check(lambda x: x.t().reshape(3, 2), (2, 3)),
                                  check(lambda x: x[:, ::2].reshape(2, 2, 1), (2, 4), label="strided")))
UNSAFE_VIEW = shape_row("UnsafeViewBackward0", _reshape, params=("shape",), view=False,
                        grad=lambda grad, in_shape: grad.reshape(in_shape), explain="grad_self = grad.reshape(self.shape)",
                        checks=(check(lambda x: x.t().reshape(6), (2, 3)),))


def _squeeze(d, dims=None):
    """``d`` without its size-1 dims (all, or those of ``dims`` that have size 1; a 0-d tensor has none)."""
    if dims is None:
        dims = tuple(i for i, s in enumerate(d.shape) if s == 1)
    else:
        dims = tuple(k for k in dims if k < d.ndim and d.shape[k] == 1)
    return d.squeeze(axis=dims) if dims else d.view()


_SQUEEZE_EXPLAIN = "grad_self = grad.reshape(self.shape)   (size-1 dims put back)"


def _unsqueezed(grad, in_shape, *_):
    return grad.reshape(in_shape)


SQUEEZE = shape_row("SqueezeBackward0", _squeeze, grad=_unsqueezed, explain=_SQUEEZE_EXPLAIN,
                    checks=(check(lambda x: x.squeeze(), (1, 3, 1)),))
SQUEEZE_DIM = shape_row("SqueezeBackward1", lambda d, dim: _squeeze(d, (dim,)), params=("dim",), grad=_unsqueezed,
                        explain=_SQUEEZE_EXPLAIN, checks=(check(lambda x: x.squeeze(0), (1, 3)),))
SQUEEZE_DIMS = shape_row("SqueezeBackward2", _squeeze, params=("dims",), grad=_unsqueezed, explain=_SQUEEZE_EXPLAIN,
                         checks=(check(lambda x: x.squeeze((0, 2)), (1, 3, 1)),))
# torch's node for the in-place ``squeeze_(dim)`` (matmul of a vector by a matrix uses it)
SQUEEZE_INPLACE = shape_row("SqueezeBackward4", _squeeze, params=("dims",), grad=_unsqueezed,
                            explain=_SQUEEZE_EXPLAIN, checks=(check(lambda v, m: v @ m, (3,), (3, 2)),))
UNSQUEEZE = shape_row("UnsqueezeBackward0", np.expand_dims, params=("dim",), explain="grad_self = grad.squeeze(dim)",
                      grad=lambda grad, dim: grad.squeeze(dim),
                      checks=(check(lambda x: x.unsqueeze(1), (2, 3)),
                              check(lambda x: x[None], (3,), label="None index")))


def _swap(d, d0, d1):
    return np.swapaxes(d, d0, d1) if d.ndim else d.view()


def _t(d):
    if d.ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {d.ndim}D")
    return d.T


TRANSPOSE = shape_row("TransposeBackward0", _swap, params=("d0", "d1"), grad=lambda grad, d0, d1: grad.transpose(d0, d1),
                      explain="grad_self = grad.transpose(dim0, dim1)   (the same swap undoes it)",
                      checks=(check(lambda x: x.transpose(0, 2), (2, 3, 4)),))
T_ = shape_row("TBackward0", _t, grad=lambda grad: grad.t(), explain="grad_self = grad.t()",
               checks=(check(lambda x: x.t(), (2, 3)),))
PERMUTE = shape_row("PermuteBackward0", np.transpose, params=("dims",),
                    grad=lambda grad, dims: grad.permute(tuple(np.argsort(dims))),
                    explain="grad_self = grad.permute(inverse of dims)",
                    checks=(check(lambda x: x.permute(2, 0, 1), (2, 3, 4)), check(lambda x: x.T, (2, 3), label=".T")))


def expanded(arr, shape):
    """``arr`` broadcast to ``shape`` as a view that stays writable where ``arr`` is (torch lets
    fill_, zero_, masked_fill_ write through an expanded tensor; the other in-place ops check
    for overlap and refuse)."""
    lead = len(shape) - arr.ndim
    strides = [0] * lead
    for n, have, st in zip(shape[lead:], arr.shape, arr.strides):
        strides.append(0 if have == 1 and n != 1 else st)
    return np.lib.stride_tricks.as_strided(arr, tuple(shape), tuple(strides), writeable=arr.flags.writeable)


def _sum_to(grad, in_shape):
    from ..backward import sum_to
    return sum_to(grad, in_shape)


EXPAND = shape_row("ExpandBackward0", expanded, params=("shape",), grad=_sum_to,
                   explain="grad_self = grad summed over the expanded dims   (each input element was used many times)",
                   checks=(check(lambda x: x.expand(2, 3, 4), (3, 1)),
                           check(lambda x: x.expand(4, -1), (1, 3), label="-1")))
CLONE = shape_row("CloneBackward0", lambda d: d.copy(), view=False, grad=lambda grad: grad, explain="grad_self = grad",
                  checks=(check(lambda x: x.clone(), (2, 3)),))
def _to_copy(d, dtype):
    if d.dtype.kind == "c" and dtype.np.kind != "c":
        d = d.real  # (the warning is torch's, given by to(); numpy's own would repeat it)
    if dtype is _dt.bfloat16:
        return to_bf16(d)  # through float32, rounded to nearest even (bfloat16.py)
    return d.astype(dtype.np)


TO_COPY = shape_row("ToCopyBackward0", _to_copy, params=("dtype",), view=False,
                    grad=lambda grad, in_dtype: grad.to(in_dtype), explain="grad_self = grad converted back to self's dtype",
                    checks=(check(lambda x: x.float().double(), (2, 3), eps=1e-2, atol=1e-3),))

# the generated node classes, under their names (other modules import them)
ViewBackward0, ReshapeAliasBackward0, UnsafeViewBackward0 = VIEW.node, RESHAPE_ALIAS.node, UNSAFE_VIEW.node
SqueezeBackward0, SqueezeBackward1, SqueezeBackward2 = SQUEEZE.node, SQUEEZE_DIM.node, SQUEEZE_DIMS.node
SqueezeBackward4, UnsqueezeBackward0, TransposeBackward0 = SQUEEZE_INPLACE.node, UNSQUEEZE.node, TRANSPOSE.node
TBackward0, PermuteBackward0, ExpandBackward0 = T_.node, PERMUTE.node, EXPAND.node
CloneBackward0, ToCopyBackward0 = CLONE.node, TO_COPY.node


class CatBackward0(Node):
    __slots__ = ("dim", "sizes")
    explain = "grad_i = the slice of grad where input i was placed"
    broadcasting = casts_only = True  # inputs of different dtypes: each grad is cast back to its input's
    checks = (check(lambda x, y: cat([x, y], 1), (2, 3), (2, 2)),
              check(lambda x, y: cat([x, y]), (2, 3), (1, 3), label="dim 0"))

    def forward(ctx, *tensors, dim=0):
        arrs = [t._data for t in tensors]
        dt = _dt.result_type(*tensors).np if len({a.dtype for a in arrs}) > 1 else None
        ctx.dim = dim
        ctx.sizes = tuple(a.shape[dim] if a.ndim else 0 for a in arrs)
        try:
            # torch's cat writes a fresh C-contiguous tensor (for ranks other than 4 and 5, whose
            # channels-last inputs give a channels-last result); numpy's follows its inputs' layout
            return np.ascontiguousarray(np.concatenate(arrs, axis=dim, dtype=dt))
        except ValueError:
            raise _cat_error(arrs, dim) from None

    def backward(ctx, grad):
        out = []
        start = 0
        for n in ctx.sizes:
            out.append(grad.narrow(ctx.dim, start, n) if n else None)
            start += n
        return tuple(out)


def _cat_error(arrs, dim):
    ref = arrs[0]
    for i, a in enumerate(arrs[1:], 1):
        if a.ndim != ref.ndim:
            return RuntimeError(f"Tensors must have same number of dimensions: got {ref.ndim} and {a.ndim}")
        for d in range(a.ndim):
            if d != dim and a.shape[d] != ref.shape[d]:
                return RuntimeError(f"Sizes of tensors must match except in dimension {dim}. Expected size "
                                    f"{ref.shape[d]} but got size {a.shape[d]} for tensor number {i} in the list.")
    return RuntimeError("torch.cat(): tensors cannot be concatenated")


class StackBackward0(Node):
    __slots__ = ("dim",)
    explain = "grad_i = grad.select(dim, i)"
    broadcasting = casts_only = True  # inputs of different dtypes: each grad is cast back to its input's
    checks = (check(lambda x, y: stack([x, y], 1), (2, 3), (2, 3)),)

    def forward(ctx, *tensors, dim=0):
        arrs = [t._data for t in tensors]
        for i, a in enumerate(arrs[1:], 1):
            if a.shape != arrs[0].shape:
                raise RuntimeError(f"stack expects each tensor to be equal size, but got {list(arrs[0].shape)} "
                                   f"at entry 0 and {list(a.shape)} at entry {i}")
        ctx.dim = dim
        dt = _dt.result_type(*tensors).np if len({a.dtype for a in arrs}) > 1 else None
        return np.ascontiguousarray(np.stack(arrs, axis=dim, dtype=dt))  # a fresh tensor, as cat's

    def backward(ctx, grad):
        return tuple(grad.select(ctx.dim, i) for i in range(len(ctx.needs_input_grad)))


class UnbindBackward0(Node):
    __slots__ = ("dim",)
    explain = "grad_self = stack(grads, dim)"
    is_view = True
    checks = (check(lambda x: x.unbind(1)[0] * 2 + x.unbind(1)[2], (2, 3)),)

    def forward(ctx, a, dim):
        ctx.dim = dim
        d = a._data
        # views of the input (the Ellipsis keeps a 0-d slice a view, not a numpy scalar copy)
        return tuple(d[(slice(None),) * dim + (i, Ellipsis)] for i in range(d.shape[dim]))

    def backward(ctx, *grads):
        return stack(list(grads), ctx.dim)


UnbindBackward0.n_diff_outputs = 1 << 30  # every output is differentiable


# -- public functions ---------------------------------------------------------

def reshape(input, *shape):
    """The same values with a new shape (a view when possible, else a copy)."""
    shape = _infer_shape(shape_arg(shape), input._data.size)
    contiguous = input._data.flags.c_contiguous
    if shape == input._data.shape and contiguous:
        return ViewBackward0.apply(input, shape=shape)
    if _view_of(input._data, shape) is None:
        return UnsafeViewBackward0.apply(CloneBackward0.apply(input), shape=shape)
    # torch: a view of a contiguous tensor, an alias (same node kind, its own name) of a strided one
    return (ViewBackward0 if contiguous else ReshapeAliasBackward0).apply(input, shape=shape)


def view(input, *shape):
    """The same values with a new shape, sharing memory (a view)."""
    if len(shape) == 1 and isinstance(shape[0], _dt.dtype):
        raise RuntimeError("view(dtype) is not supported")
    shape = _infer_shape(shape_arg(shape), input._data.size)
    return ViewBackward0.apply(input, shape=shape)


def view_as(input, other):
    return view(input, other._data.shape)


def reshape_as(input, other):
    return reshape(input, other._data.shape)


def flatten(input, start_dim=0, end_dim=-1):
    """Flatten dims ``start_dim``..``end_dim`` into one."""
    shape = input._data.shape
    if not shape:
        return reshape(input, (1,))
    s = wrap_dim(start_dim, len(shape))
    e = wrap_dim(end_dim, len(shape))
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return input
    n = 1
    for d in shape[s:e + 1]:
        n *= d
    return reshape(input, shape[:s] + (n,) + shape[e + 1:])


def unflatten(input, dim, sizes):
    shape = input._data.shape
    d = wrap_dim(dim, len(shape))
    if not shape:  # torch's wrapped internal error (its C++ backtrace left out)
        raise RuntimeError("unflatten got an unexpected error:\nDimension specified as 0 but tensor has no "
                           "dimensions")
    sizes = _infer_shape(tuple(sizes), shape[d])
    return view(input, shape[:d] + sizes + shape[d + 1:])


def squeeze(input, dim=None):
    """Remove dims of size 1 (all of them, or only ``dim``)."""
    if dim is None:
        return SqueezeBackward0.apply(input)
    n = input._data.ndim
    if isinstance(dim, (tuple, list)):
        dims = tuple(wrap_dim(d, n) for d in dim) if n else ()
        return SqueezeBackward2.apply(input, dims=dims)
    return SqueezeBackward1.apply(input, dim=wrap_dim(dim, n))


def unsqueeze(input, dim):
    """Insert a dim of size 1 at ``dim``."""
    return UnsqueezeBackward0.apply(input, dim=wrap_dim(dim, input._data.ndim + 1))


def transpose(input, dim0, dim1):
    """Swap two dims."""
    n = input._data.ndim
    return TransposeBackward0.apply(input, d0=wrap_dim(dim0, n), d1=wrap_dim(dim1, n))


swapaxes = swapdims = transpose


def t(input):
    """Transpose a matrix (tensors of at most 2 dims)."""
    return TBackward0.apply(input)


def permute(input, *dims):
    """Reorder the dims."""
    if not dims:
        raise TypeError('permute() missing 1 required positional arguments: "dims"')
    dims = shape_arg(dims) if not isinstance(dims[0], (tuple, list)) else tuple(dims[0])
    n = input._data.ndim
    if len(dims) != n:
        raise RuntimeError(f"permute(sparse_coo): number of dimensions in the tensor input does not match the "
                           f"length of the desired ordering of dimensions i.e. input.dim() = {n} is not equal "
                           f"to len(dims) = {len(dims)}")
    dims = tuple(wrap_dim(d, n) for d in dims)
    if len(set(dims)) != n:
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return PermuteBackward0.apply(input, dims=dims)


def movedim(input, source, destination):
    """Move dims ``source`` to positions ``destination``."""
    n = input._data.ndim
    if n == 0:  # a 0-d tensor has one implicit dim: moving it is an alias
        _movedim_order(1, source, destination)
        from .indexing import SelectAll
        return SelectAll.apply(input)
    return PermuteBackward0.apply(input, dims=tuple(_movedim_order(n, source, destination)))


def _movedim_order(n, source, destination):
    src = [wrap_dim(s, n) for s in (source if isinstance(source, (tuple, list)) else (source,))]
    dst = [wrap_dim(d, n) for d in (destination if isinstance(destination, (tuple, list)) else (destination,))]
    order = [None] * n
    for s, d in zip(src, dst):
        order[d] = s
    rest = iter(i for i in range(n) if i not in src)
    return [o if o is not None else next(rest) for o in order]


def T(input):
    n = input._data.ndim
    if n != 2:
        import warnings
        warnings.warn("Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases." if n == 0
                      else "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated "
                      "and it will throw an error in a future release. Consider `x.mT` to transpose batches of "
                      "matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a "
                      "tensor.", UserWarning, stacklevel=3)
    return PermuteBackward0.apply(input, dims=tuple(range(n - 1, -1, -1)))


def mT(input):
    if input._data.ndim == 0:
        import warnings
        warnings.warn("Tensor.mT is deprecated on 0-D tensors. This function is the identity in these cases.",
                      UserWarning, stacklevel=3)
        return input
    if input._data.ndim < 2:
        raise RuntimeError(f"tensor.mT is only supported on matrices or batches of matrices. Got "
                           f"{input._data.ndim}-D tensor.")
    return transpose(input, -2, -1)


def expand(input, *sizes):
    """Broadcast size-1 dims to larger sizes without copying (-1 keeps a size)."""
    sizes = shape_arg(sizes)
    shape = input._data.shape
    if len(sizes) < len(shape):
        # torch names the tensor's type by its legacy name, which bool tensors lack
        name = "CPUBoolType" if input._data.dtype.kind == "b" else f"torch.{_type_name(input)}"
        raise RuntimeError(f"expand({name}{{{list(shape)}}}, size={list(sizes)}): the number of "
                           f"sizes provided ({len(sizes)}) must be greater or equal to the number of dimensions "
                           f"in the tensor ({len(shape)})")
    lead = len(sizes) - len(shape)
    out = [0] * len(sizes)
    for i in range(len(sizes) - 1, -1, -1):  # torch checks from the last dim
        s = sizes[i]
        if i < lead:
            if s < 0:
                raise RuntimeError(f"The expanded size of the tensor ({s}) isn't allowed in a leading, "
                                   f"non-existing dimension {i}")
            out[i] = s
            continue
        cur = shape[i - lead]
        if s == -1:
            s = cur
        elif cur != s and cur != 1:
            raise RuntimeError(f"The expanded size of the tensor ({s}) must match the existing size ({cur}) at "
                               f"non-singleton dimension {i}.  Target sizes: {list(sizes)}.  Tensor sizes: "
                               f"{list(shape)}")
        out[i] = s
    out = tuple(out)
    check_numel(out)
    return ExpandBackward0.apply(input, shape=out)


def _type_name(t):
    from ..tensor import _MESSAGE_TYPE_NAMES as _TYPE_NAMES, _dt_of
    return _TYPE_NAMES[_dt_of(t._data)].split(".")[1]


def expand_as(input, other):
    return expand(input, other._data.shape)


def broadcast_to(input, size):
    return expand(input, size)


def clone(input, *, memory_format=None):
    """A copy that stays in the graph (gradients flow back through it)."""
    return CloneBackward0.apply(input)


def contiguous(input, memory_format=None):
    """The tensor itself if its memory is contiguous, else a contiguous copy."""
    if input._data.flags.c_contiguous:
        return input
    return CloneBackward0.apply(input)


def to(input, *args, dtype=None, copy=False, **kw):
    """Convert to another dtype (device arguments are accepted for 'cpu')."""
    for a in args:
        if isinstance(a, _dt.dtype):
            dtype = a
        elif isinstance(a, Tensor):
            dtype = a.dtype
        elif isinstance(a, str) or a is None:
            from ..tensor import device
            if a is not None:
                device(a)
        else:
            from ..tensor import device
            if not isinstance(a, device):
                raise TypeError(f"to() received an invalid combination of arguments - got ({type(a).__name__})")
    if "device" in kw:
        from ..tensor import device
        if kw["device"] is not None:
            device(kw.pop("device"))
        else:
            kw.pop("device")
    kw.pop("non_blocking", None)
    kw.pop("memory_format", None)
    if kw:
        raise TypeError(f"to() got an unexpected keyword argument '{next(iter(kw))}'")
    if dtype is None:
        return CloneBackward0.apply(input) if copy else input
    dtype = _dt.as_dtype(dtype)
    if dtype.np == input._data.dtype and not copy and dtype is input.dtype:
        return input
    if input._data.dtype.kind == "c" and dtype.category != _dt._COMPLEX:
        import warnings
        warnings.warn("Casting complex values to real discards the imaginary part", UserWarning, stacklevel=2)
    if input._requires_grad and dtype.category < _dt._FLOAT:
        from ..grad_mode import STATE
        if STATE.grad_enabled:
            return Tensor._wrap(input._data.astype(dtype.np))
    return ToCopyBackward0.apply(input, dtype=dtype)


def _caster(dtype):
    def cast(self, memory_format=None):
        return to(self, dtype)
    cast.__name__ = dtype.name
    cast.__doc__ = f"Convert to {dtype!r}."
    return cast


def cat(tensors, dim=0, *, out=None):
    """Join tensors along an existing dim."""
    tensors = _tensor_list(tensors, "cat")
    # torch skips legacy empty 1-D tensors
    kept = [t for t in tensors if not (t._data.ndim == 1 and t._data.size == 0)] or tensors[:1]
    ref = kept[0]
    if ref._data.ndim == 0:
        raise RuntimeError("zero-dimensional tensor (at position 0) cannot be concatenated")
    d = wrap_dim(dim, ref._data.ndim)
    shape = list(ref._data.shape)
    shape[d] = sum(t._data.shape[d] if t._data.ndim > d else 0 for t in kept)
    check_numel(shape)
    if len(kept) == 1:
        return CatBackward0.apply(kept[0], dim=d)
    return CatBackward0.apply(*kept, dim=d)


concat = concatenate = cat


def stack(tensors, dim=0, *, out=None):
    """Join tensors along a new dim."""
    tensors = _tensor_list(tensors, "stack")
    d = wrap_dim(dim, tensors[0]._data.ndim + 1)
    return StackBackward0.apply(*tensors, dim=d)


def _tensor_list(tensors, name):
    if isinstance(tensors, Tensor):
        raise TypeError(f"{name}(): argument 'tensors' must be tuple of Tensors, not Tensor")
    tensors = list(tensors)
    if not tensors:
        raise RuntimeError(f"{name}(): expected a non-empty list of Tensors" if name == "stack" else
                           "torch.cat(): expected a non-empty list of Tensors")
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {type(t).__name__}")
    return tensors


def unbind(input, dim=0):
    """The slices along ``dim``, as a tuple of views."""
    if input._data.ndim == 0:
        wrap_dim(dim, 0)  # out of range first; then a 0-d tensor has nothing to unbind
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    d = wrap_dim(dim, input._data.ndim)
    return UnbindBackward0.apply(input, dim=d)


# the core calls this while it runs (upcalls.py); it never imports this module
upcalls.provide(stack=stack)
