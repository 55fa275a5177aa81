"""torch's other names for ops the table already has, and small ops composed of them:
multiply/divide/subtract, moveaxis, adjoint, the ``*_copy`` functions, unsafe_split & co,
trapezoid/trapz, broadcast_tensors, bitwise shifts, gcd/lcm, isin, frexp, unravel_index,
put, select/slice/diagonal_scatter, sum_to_size, fill_diagonal_, Tensor.unfold, cross.

An alias is the same function object under torch's other name, so its graph and
errors are the original's, as in torch.
"""

import numpy as np

from .. import node as _node
from ..node import Node
from ..tensor import Tensor
from .checks import check
from .forward_refusals import refuse_duals
from .support import as_tensor, wrap_dim


def _table():
    from . import FUNCTIONS, METHODS
    return FUNCTIONS, METHODS


def _bitwise_shift(ufunc, name):
    def fn(input, other):
        a = input._data if isinstance(input, Tensor) else np.asarray(input)
        b = other._data if isinstance(other, Tensor) else np.asarray(other)
        if a.dtype.kind == "f" or b.dtype.kind == "f":
            raise RuntimeError(f'"{name}_cpu" not implemented for \'Float\'')
        from .. import dtypes as _dt
        dt = _dt.result_type(input, other).np
        return Tensor._wrap(np.asarray(ufunc(a.astype(dt), b.astype(dt))).astype(dt))
    fn.__name__ = name
    fn.__doc__ = f"Elementwise {name.replace('_', ' ')} of integers."
    return fn


bitwise_left_shift = _bitwise_shift(np.left_shift, "bitwise_left_shift")
bitwise_right_shift = _bitwise_shift(np.right_shift, "bitwise_right_shift")


def _integer_pair(ufunc, name):
    def fn(input, other):
        refuse_duals("aten::" + name, input, other)  # (before the dtype check, as torch)
        a, b = input._data, as_tensor(other)._data
        if a.dtype.kind not in "iu" or b.dtype.kind not in "iu":
            from .. import dtypes as _dt
            bad = input if a.dtype.kind not in "iu" else as_tensor(other)
            raise NotImplementedError(f'"{name}_cpu" not implemented for \'{_dt.SCALAR_NAMES[bad.dtype.name]}\'')
        return Tensor._wrap(np.asarray(ufunc(a, b)))
    fn.__name__ = name
    return fn


gcd = _integer_pair(np.gcd, "gcd")
lcm = _integer_pair(np.lcm, "lcm")


def isin(elements, test_elements, *, assume_unique=False, invert=False):
    """Whether each element is among ``test_elements``."""
    e = elements._data if isinstance(elements, Tensor) else np.asarray(elements)
    t = test_elements._data if isinstance(test_elements, Tensor) else np.asarray(test_elements)
    return Tensor._wrap(np.asarray(np.isin(e, t, invert=invert)))


def frexp(input):
    """(mantissa, exponent) with input = mantissa · 2^exponent."""
    from .reduction import return_type
    if input._data.dtype.kind != "f":
        raise RuntimeError("torch.frexp() only supports floating-point dtypes")
    m, e = np.frexp(input._data)
    return return_type("frexp", ("mantissa", "exponent"))(Tensor._wrap(m), Tensor._wrap(e.astype(np.int32)))


def unravel_index(indices, shape):
    """The coordinates of flat ``indices`` in an array of ``shape``, one tensor per dim."""
    idx = as_tensor(indices)._data
    if idx.dtype.kind not in "iu":
        raise TypeError("expected 'indices' to be integer dtype, but got " + str(as_tensor(indices).dtype))
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    n = int(np.prod(shape))
    if idx.size and (idx.min() < -n or idx.max() >= n):
        raise RuntimeError("'indices' must be in range [-prod(shape), prod(shape) - 1]")
    coords = np.unravel_index(np.where(idx < 0, idx + n, idx), shape)
    return tuple(Tensor._wrap(np.asarray(c, np.int64)) for c in coords)


def broadcast_tensors(*tensors):
    """The tensors expanded to their common shape."""
    ts = list(tensors[0]) if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)) else list(tensors)
    from .support import broadcast_error
    shape = ()
    for t in ts:
        try:
            shape = np.broadcast_shapes(shape, t._data.shape)
        except ValueError:
            raise broadcast_error(shape, t._data.shape) from None
    return tuple(t if t._data.shape == shape else t.expand(*shape) for t in ts)


def trapezoid(y, x=None, *, dx=None, dim=-1):
    """The trapezoid-rule integral of ``y`` along ``dim`` (spacing ``dx``, or the points ``x``)."""
    from .scalar import mul_scalar
    d = wrap_dim(dim, y._data.ndim)
    n = y._data.shape[d]
    if n == 0:
        return y.sum(d)
    if x is not None:
        from .cumulative import diff
        steps = diff(x, dim=-1 if x._data.ndim == 1 else d)
        if x._data.ndim == 1 and y._data.ndim > 1:
            steps = steps.reshape([n - 1 if k == d else 1 for k in range(y._data.ndim)])
        return ((y.narrow(d, 1, n - 1) + y.narrow(d, 0, n - 1)) * steps).sum(d) / 2
    return mul_scalar((y.narrow(d, 1, n - 1) + y.narrow(d, 0, n - 1)).sum(d), (1.0 if dx is None else dx) / 2)


def trapz(y, x=None, *, dx=None, dim=-1):
    return trapezoid(y, x, dx=dx, dim=dim)


class PutBackward0(Node):
    __slots__ = ("index", "accumulate", "shape")
    explain = "grad_self = grad with the written positions zeroed (kept when accumulating);  grad_source = grad.take(index)"
    checks = (check(lambda x, s: x.put(_long([0, 4]), s), (2, 3), (2,)),
              check(lambda x, s: x.put(_long([1, 1]), s, accumulate=True), (2, 3), (2,), label="accumulate"))

    def forward(ctx, a, source, *, index, accumulate):
        ctx.index, ctx.accumulate, ctx.shape = index, accumulate, a._data.shape
        out = a._data.copy()
        flat = out.reshape(-1)
        n = flat.size
        idx = index._data.reshape(-1)
        if idx.size and (idx.max() >= n or idx.min() < -n):
            bad = int(idx[(idx >= n) | (idx < -n)][0])
            raise IndexError(f"out of range: tried to access index {bad} on a tensor of {n} elements.")
        src = source._data.reshape(-1).astype(out.dtype, copy=False)
        if accumulate:
            np.add.at(flat, idx, src)
        else:
            flat[idx] = src
        return out

    def backward(ctx, grad):
        g_self = g_src = None
        if ctx.should_compute(0):
            if ctx.accumulate:
                g_self = grad
            else:
                mask = np.zeros(grad._data.size, bool)
                mask[ctx.index._data.reshape(-1)] = True
                g_self = grad.masked_fill(Tensor._wrap(mask.reshape(grad._data.shape)), 0.0)
        if ctx.should_compute(1):
            g_src = grad.take(ctx.index)
        return g_self, g_src


def _long(values):
    return Tensor._wrap(np.asarray(values, np.int64))


def put(input, index, source, accumulate=False):
    """A copy of ``input`` with ``source`` written (or added) at the flat positions ``index``."""
    if index._data.shape != source._data.shape and index._data.size != source._data.size:
        raise RuntimeError(f"put_(): Expected source and index to have the same number of elements, but got "
                           f"source.numel() = {source._data.size}, index.numel() = {index._data.size}")
    return PutBackward0.apply(input, source, index=Tensor._wrap(index._data.copy()), accumulate=bool(accumulate))


class _ScatterView(Node):
    """``input`` with ``src`` written into one of its views (select, slice, diagonal)."""
    __slots__ = ("view",)
    checks = ()

    def forward(ctx, a, src, *, view):
        ctx.view = view
        out = a._data.copy()
        target = view(out)
        if target.shape != src._data.shape:
            raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = "
                               f"{list(src._data.shape)}, slice size = {list(target.shape)}")
        target[...] = src._data
        return out

    def backward(ctx, grad):
        g_self = g_src = None
        if ctx.should_compute(0):
            zeros = Tensor._wrap(np.zeros(ctx.view(grad._data).shape, grad._data.dtype))
            g_self = type(ctx).apply(grad, zeros, view=ctx.view)
        if ctx.should_compute(1):
            g_src = _ViewOf.apply(grad, view=ctx.view)
        return g_self, g_src


class _ViewOf(Node):
    """The part of ``grad`` a scatter wrote (a copy), whose gradient is scattered back."""
    __slots__ = ("view", "shape")
    checks = ()
    explain = "grad_self = zeros with grad written into the view"

    def forward(ctx, a, *, view):
        ctx.view, ctx.shape = view, a._data.shape
        return np.ascontiguousarray(view(a._data))

    def backward(ctx, grad):
        zeros = Tensor._wrap(np.zeros(ctx.shape, grad._data.dtype))
        return SliceScatterBackward0.apply(zeros, grad, view=ctx.view)


class SelectScatterBackward0(_ScatterView):
    __slots__ = ()
    explain = "grad_self = grad with the selected slice zeroed;  grad_src = grad.select(dim, index)"
    checks = (check(lambda x, s: x.select_scatter(s, 0, 1), (2, 3), (3,)),)


class SliceScatterBackward0(_ScatterView):
    __slots__ = ()
    explain = "grad_self = grad with the slice zeroed;  grad_src = grad[slice]"
    checks = (check(lambda x, s: x.slice_scatter(s, 1, 0, 2), (2, 3), (2, 2)),)


class DiagonalScatterBackward0(_ScatterView):
    __slots__ = ()
    explain = "grad_self = grad with the diagonal zeroed;  grad_src = grad.diagonal(offset, dim1, dim2)"
    checks = (check(lambda x, s: x.diagonal_scatter(s), (3, 3), (3,)),)


class _View:
    """A picklable-free, comparable description of a view (a callable on arrays)."""
    __slots__ = ("kind", "args")

    def __init__(self, kind, *args):
        self.kind, self.args = kind, args

    def __call__(self, arr):
        if self.kind == "select":
            dim, index = self.args
            return arr[(slice(None),) * dim + (index,)]
        if self.kind == "slice":
            dim, start, end, step = self.args
            return arr[(slice(None),) * dim + (slice(start, end, step),)]
        offset, d1, d2 = self.args
        from .structure import diagonal_view
        return diagonal_view(arr, offset, d1, d2)


def select_scatter(input, src, dim, index):
    """``input`` with ``src`` written at ``index`` along ``dim``."""
    d = wrap_dim(dim, input._data.ndim)
    size = input._data.shape[d]
    if not -size <= index < size:
        raise IndexError(f"select(): index {index} out of range for tensor of size {list(input._data.shape)} at "
                         f"dimension {d}")
    return SelectScatterBackward0.apply(input, src, view=_View("select", d, index % size if size else 0))


def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    """``input`` with ``src`` written into ``input[..., start:end:step, ...]`` along ``dim``."""
    d = wrap_dim(dim, input._data.ndim)
    return SliceScatterBackward0.apply(input, src, view=_View("slice", d, start, end, step))


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    """``input`` with ``src`` written into its diagonal."""
    n = input._data.ndim
    return DiagonalScatterBackward0.apply(input, src, view=_View("diagonal", offset, wrap_dim(dim1, n),
                                                                 wrap_dim(dim2, n)))


def sum_to_size(self, *size):
    """The tensor summed down to ``size`` (which it must broadcast from)."""
    from .support import shape_arg
    shape = shape_arg(size)
    try:
        if np.broadcast_shapes(shape, self._data.shape) != self._data.shape:
            raise ValueError
    except ValueError:
        raise RuntimeError(f"size {{{list(shape)}}} is not expandable to size {{{list(self._data.shape)}}}.") from None
    lead = self._data.ndim - len(shape)
    dims = list(range(lead)) + [lead + k for k, n in enumerate(shape) if n == 1 and self._data.shape[lead + k] != 1]
    if not dims:
        return self
    r = self.sum(tuple(dims), keepdim=True)  # as torch: keepdim, then a view dropping the leading dims
    return r.view(*shape) if lead else r


def fill_diagonal_(self, fill_value, wrap=False):
    """Write ``fill_value`` on the main diagonal, in place (``wrap`` continues it below a tall matrix)."""
    d = self._data
    if d.ndim < 2:
        raise RuntimeError("dimensions must larger than 1")
    if d.ndim > 2 and len(set(d.shape)) != 1:
        raise RuntimeError("all dimensions of input must be of equal length")
    from .inplace import _recording, check_writable, inplace, masked_fill
    if _recording(self, ()):  # on a graph tensor: the same write, recorded
        mask = np.zeros(d.shape, bool)
        probe = Tensor._wrap(mask)
        fill_diagonal_(probe, True, wrap)
        return inplace(self, lambda a: masked_fill(a, probe, fill_value))
    check_writable(self)
    if d.ndim == 2:
        rows, cols = d.shape
        n = min(rows, cols)
        idx = np.arange(n)
        d[idx, idx] = fill_value
        if wrap and rows > cols + 1:
            r = cols + 1
            while r < rows:
                k = min(rows - r, cols)
                d[r + np.arange(k), np.arange(k)] = fill_value
                r += cols + 1
    else:
        idx = np.arange(d.shape[0])
        d[(idx,) * d.ndim] = fill_value
    self._bump_version()
    if _node.TANGENT_HOOK[0] is not None and getattr(self, "_fw", None) is not None:
        # a dual tensor: the filled positions hold a constant now (their tangent is zero)
        t = self._fw.clone()
        fill_diagonal_(t, 0.0, wrap)
        self._fw = t
    return self


class UnfoldBackward0(Node):
    __slots__ = ("dim", "size", "step", "shape")
    explain = "grad_self = the windows' gradients added back to the positions each window covered"
    checks = (check(lambda x: x.unfold(1, 2, 1), (2, 4)),)

    def forward(ctx, a, *, dim, size, step):
        ctx.dim, ctx.size, ctx.step, ctx.shape = dim, size, step, a._data.shape
        d = a._data
        if d.ndim == 0:
            return d.reshape(1)
        n = (d.shape[dim] - size) // step + 1
        win = np.lib.stride_tricks.sliding_window_view(d, size, axis=dim)
        win = np.take(win, np.arange(n) * step, axis=dim)
        return np.ascontiguousarray(win)

    def backward(ctx, grad):
        if not ctx.shape:
            return grad.reshape(())
        dim, size, step = ctx.dim, ctx.size, ctx.step
        n = grad._data.shape[dim]
        pos = (np.arange(n)[:, None] * step + np.arange(size)[None, :]).reshape(-1)
        g = grad.movedim(-1, dim + 1)  # (..., n, size, ...)
        shape = list(g._data.shape)
        g = g.reshape(*shape[:dim], n * size, *shape[dim + 2:])
        zeros = Tensor._wrap(np.zeros(ctx.shape, grad._data.dtype))
        return zeros.index_add(dim, Tensor._wrap(pos.astype(np.int64)), g)


def unfold(self, dimension, size, step):
    """Windows of ``size`` elements every ``step`` along ``dimension``, as a new last dim."""
    d = wrap_dim(dimension, self._data.ndim) if self._data.ndim else 0
    length = self._data.shape[d] if self._data.ndim else 1
    if size > length:
        raise RuntimeError(f"maximum size for tensor at dimension {d} is {length} but size is {size}")
    if step <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    return UnfoldBackward0.apply(self, dim=d, size=size, step=step)


def cross(input, other, dim=None):
    """The 3-D cross product along ``dim`` (the first dim of size 3 when not given)."""
    if dim is None:
        import warnings
        warnings.warn("Using torch.cross without specifying the dim arg is deprecated.\nPlease either pass the dim "
                      "explicitly or simply use torch.linalg.cross.\nThe default value of dim will change to agree "
                      "with that of linalg.cross in a future release.", UserWarning, stacklevel=2)
        dim = next((k for k, n in enumerate(np.broadcast_shapes(input._data.shape, other._data.shape)) if n == 3), -1)
    return LinalgCrossBackward0.apply(input, other, dim=dim)


class LinalgCrossBackward0(Node):
    __slots__ = ("dim",)
    explain = "grad_self = other × grad;  grad_other = grad × self"
    broadcasting = True
    checks = (check(lambda a, b: cross(a, b, dim=1), (2, 3), (2, 3)),)

    def forward(ctx, a, b, *, dim):
        shape = np.broadcast_shapes(a._data.shape, b._data.shape)
        d = wrap_dim(dim, len(shape))
        if shape[d] != 3:
            raise RuntimeError(f"linalg.cross: inputs dimension {dim} must have length 3. Got {a._data.shape[d]} and "
                               f"{b._data.shape[d]}")
        ctx.dim = d
        ctx.save_for_backward(a, b)
        return np.cross(np.broadcast_to(a._data, shape), np.broadcast_to(b._data, shape), axis=d)

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return (LinalgCrossBackward0.apply(b, grad, dim=ctx.dim) if ctx.should_compute(0) else None,
                LinalgCrossBackward0.apply(grad, a, dim=ctx.dim) if ctx.should_compute(1) else None)


# (torch name, existing name) pairs: the same function under torch's other name
_SAME = (("multiply", "mul"), ("divide", "div"), ("subtract", "sub"), ("moveaxis", "movedim"),
         ("unsafe_chunk", "chunk"), ("unsafe_split", "split"), ("unsafe_split_with_sizes", "split_with_sizes"),
         ("multiply_", "mul_"), ("divide_", "div_"), ("subtract_", "sub_"))
# torch.X_copy: the op's result, copied (never a view)
# (narrow_copy is tensor_more's, with torch's NarrowCopyBackward0)
_COPIES = ("alias", "as_strided", "detach", "diagonal", "expand", "permute", "select", "slice", "split",
           "split_with_sizes", "squeeze", "t", "transpose", "unbind", "unfold", "unsqueeze", "view")


_COPY_CLASSES = {}


def _copy_class(cls, name=None):
    """``TBackward0_copy``: torch's name for the node of ``t_copy``, the view op's rule under another name."""
    key = (cls, name)
    made = _COPY_CLASSES.get(key)
    if made is None:
        made = type(name or cls.__name__ + "_copy", (cls,), {"__slots__": (), "__module__": __name__,
                                                           "is_view": False})
        _COPY_CLASSES[key] = made
    return made


def _as_copy(r, node_name=None):
    out = Tensor._wrap(np.array(r._data, copy=True))
    node = r._grad_fn
    if node is not None:
        node.__class__ = _copy_class(type(node), node_name)
        out._grad_fn, out._output_nr, out._requires_grad = node, r._output_nr, True
    if _node.TANGENT_HOOK[0] is not None:  # inside a forward-AD level: the view's tangent, at every level
        from ..autograd.forward_jvp import CEILING, copy_tangents
        copy_tangents(r, out, CEILING[0] + 1)
    return out


def _copying(fn, name):
    def copy_fn(input, *args, **kw):
        if name == "detach_copy":  # torch declares it not differentiable
            refuse_duals("aten::detach_copy", input)
        r = fn(input, *args, **kw)
        if isinstance(r, (tuple, list)):
            return tuple(_as_copy(t) for t in r)
        return _as_copy(r)
    copy_fn.__name__ = name
    copy_fn.__doc__ = f"{name[:-5]}(), copied (never a view)."
    return copy_fn


def _adjoint(self):
    """The last two dims swapped (the conjugate transpose, for real tensors)."""
    return self.mT


def _detach(input):
    return input.detach()


def _is_nonzero(self):
    if self._data.size != 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
    return bool(self._data.reshape(()))


def _is_distributed(self):
    """False: a gradcalc tensor lives in one process (there is no torch.distributed)."""
    return False


EXPORTS = ("bitwise_left_shift bitwise_right_shift gcd lcm isin frexp put select_scatter slice_scatter "
           "diagonal_scatter cross").split()
FUNCTION_ONLY = {"unravel_index": unravel_index, "broadcast_tensors": broadcast_tensors, "trapezoid": trapezoid,
                 "trapz": trapz, "detach": _detach, "adjoint": _adjoint,
                 "is_distributed": _is_distributed}
METHOD_ONLY = {"sum_to_size": sum_to_size, "fill_diagonal_": fill_diagonal_, "unfold": unfold,
               "adjoint": _adjoint, "is_nonzero": _is_nonzero,
               "is_distributed": _is_distributed}


def complete(functions, methods):
    """The aliases and ``*_copy`` functions, once the table holds what they name."""
    for new, old in _SAME:
        for table in (functions, methods):
            if old in table and new not in table:
                table[new] = table[old]
    if "alias" not in functions:
        functions["alias_copy"] = lambda input: input.clone()
    for base in _COPIES:
        name = base + "_copy"
        fn = functions.get(base) or methods.get(base) or (unfold if base == "unfold" else None)
        if fn is not None and name not in functions:
            functions[name] = _copying(fn, name)


# torch.X that are torch.nn.functional.X with the same parameters (the ones whose torch-level
# signature differs — batch_norm, instance_norm, embedding, the losses' integer reductions — are not)
NN_SAME = ("conv1d conv2d conv3d conv_transpose1d conv_transpose2d conv_transpose3d avg_pool1d max_pool1d max_pool2d "
           "max_pool3d max_pool1d_with_indices adaptive_avg_pool1d adaptive_max_pool1d layer_norm group_norm dropout "
           "alpha_dropout feature_alpha_dropout celu selu rrelu threshold hardshrink prelu pixel_shuffle "
           "pixel_unshuffle channel_shuffle cosine_similarity pairwise_distance pdist bilinear rms_norm").split()


def nn_aliases(namespace, functional):
    """Bind the torch-level names of ``NN_SAME`` that ``torch.nn.functional`` has in ``namespace``
    (and the torch-level ops nn.functional reaches through others: convolution, grid_sampler ...)."""
    import importlib
    for name in NN_SAME:
        fn = getattr(functional, name, None)
        if fn is not None and name not in namespace:
            namespace[name] = fn
    for name, home in NN_TORCH_ONLY.items():
        if name not in namespace:
            namespace[name] = getattr(importlib.import_module(f"{__package__}.{home}"), name)


# torch.X with no nn.functional twin: the op module defining each
NN_TORCH_ONLY = {"convolution": "conv_transpose", "grid_sampler": "grid_sample", "grid_sampler_2d": "grid_sample",
                 "grid_sampler_3d": "grid_sample", "affine_grid_generator": "grid", "conv_tbc": "conv_tbc"}
