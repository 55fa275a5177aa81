"""Reductions: sum, mean, prod, max/min (whole tensor and along a dim), norm.

sum, mean, prod and the whole-tensor max/min are rows (``table_reduce.reduction``): the
forward on arrays, the backward reading what it needs (sum and mean keep only the input's
shape). max/min along a dim return (values, indices) and keep hand-written nodes."""

import collections
import warnings

import numpy as np

from .. import dtypes as _dt, upcalls
from ..node import Node
from ..tensor import Tensor
from .cascade_sum import sum_all
from .cascade_sum_dim import sum_along
from .checks import check
from .support import dims_arg, wrap_dim
from .table_reduce import LINEAR, reduction


def _sum_dtype(arr, dtype):
    if dtype is not None:
        return _dt.as_dtype(dtype).np
    k = arr.dtype.kind
    return np.int64 if k in "iub" else arr.dtype


def _acc(npdt):
    """The dtype to accumulate in: float16 sums in float32 (as torch), others in their own dtype."""
    return np.float32 if npdt == np.float16 else npdt


def _mean(d, **kw):
    """numpy's mean in torch's accumulation dtype; the mean of nothing is nan, silently, as in torch."""
    if d.size == 0:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            return np.asarray(d.mean(dtype=_acc(d.dtype), **kw), dtype=d.dtype)
    return np.asarray(d.mean(dtype=_acc(d.dtype), **kw), dtype=d.dtype)


def _check_mean_dtype(a, dtype):
    _check_mean_array_dtype(a._data, dtype)


def _check_mean_array_dtype(arr, dtype):
    d = arr.dtype if dtype is None else _dt.as_dtype(dtype).np
    if d.kind not in "fc":
        name = _dt.from_numpy_dtype(d).name
        raise RuntimeError(f"mean(): could not infer output dtype. Input dtype must be either a floating "
                           f"point or complex dtype. Got: {_PRETTY.get(name, name.capitalize())}")


_PRETTY = _dt.SCALAR_NAMES


def _prod_grad(grad, a, result, dims):
    """grad * (the product of the other elements), with ``grad`` and ``result`` broadcasting
    against ``a`` (``dims`` None: the whole tensor)."""
    if not a._data.ndim:  # the product of one element: its derivative is 1 (even at nan)
        return grad * 1
    if not (a._data == 0).any():
        return grad * result / a
    # with zeros, result / a is undefined: the product of the other elements is the product of
    # those before (an exclusive cumprod) times those after (a reversed one), as torch computes it;
    # in engine ops, O(n), so that second derivatives exist
    x = a.reshape(-1) if dims is None else a
    d = 0 if dims is None else dims[0]
    n = x._data.shape[d]
    ones_shape = list(x._data.shape)
    ones_shape[d] = 1
    ones = Tensor._wrap(np.ones(tuple(ones_shape), x._data.dtype))
    from .shape import cat
    before = cat([ones, x.narrow(d, 0, n - 1)], d).cumprod(d)
    after = cat([ones, x.narrow(d, 1, n - 1).flip(d)], d).cumprod(d).flip(d)
    others = before * after
    return grad * (others.reshape(a._data.shape) if dims is None else others)


def _sum_in_order(d, dims, keepdim):
    """``d`` summed over ``dims`` in torch's order, or None where that is not modelled (numpy's sum
    stands): sum, mean, and the backward's sum_to through upcalls.py."""
    total = sum_all(d, dims, keepdim)
    if total is None and dims is not None:
        total = sum_along(d, dims, keepdim)
    return total


upcalls.provide(sum_in_order=_sum_in_order)


def _sum_forward(d, dims, keepdim, dtype):
    if dtype is None:
        out_dt = np.int64 if d.dtype.kind in "iub" else d.dtype
    else:
        out_dt = _dt.as_dtype(dtype).np
    if out_dt == d.dtype:
        total = _sum_in_order(d, dims, keepdim)
        if total is not None:
            return total
    if out_dt == np.float16:  # float16 accumulates in float32, as torch does
        return np.asarray(d.sum(axis=dims, dtype=np.float32, keepdims=keepdim), dtype=np.float16)
    return np.asarray(d.sum(axis=dims, dtype=out_dt, keepdims=keepdim))


def _mean_forward(d, dims, keepdim, dtype):
    _check_mean_array_dtype(d, dtype)
    if dtype is not None:
        d = d.astype(_dt.as_dtype(dtype).np)
    total = _sum_in_order(d, dims, keepdim)
    if total is not None:  # torch's CPU mean is its sum, then one division by the count
        return np.asarray(total / d.dtype.type(d.size // total.size), d.dtype)
    return _mean(d, axis=dims, keepdims=keepdim)


def _prod_forward(d, dims, keepdim, dtype):
    return np.asarray(d.prod(axis=dims if d.ndim else None, keepdims=keepdim, dtype=_sum_dtype(d, dtype)))


def _extreme_forward(fn, what):
    def forward(d, dims, keepdim):
        if d.size == 0:
            raise RuntimeError(f"{what}(): Expected reduction dim to be specified for input.numel() == 0. "
                               f"Specify the reduction dim with the 'dim' argument.")
        return np.asarray(fn(d))
    return forward


def _evenly(grad, self, result):
    """grad shared equally among the elements equal to ``result`` (torch's evenly_distribute_backward:
    among the nan elements when the result is nan; 0 elsewhere, even for an inf or nan grad)."""
    from .masked import where
    r = result._data if isinstance(result, Tensor) else np.asarray(result)
    mask = self.isnan() if r.dtype.kind == "f" and np.isnan(r).any() else self == result
    return where(mask, grad / mask.sum(), 0.0)


# torch returns (values, indices) as a named tuple
_return_types = {}


def return_type(name, fields=("values", "indices")):
    """A named tuple class printed as ``torch.return_types.NAME(...)``."""
    cls = _return_types.get(name)
    if cls is None:
        base = collections.namedtuple(name, fields)

        def __repr__(self):
            from ..printing import return_types_repr
            return return_types_repr(name, list(zip(self._fields, self)))

        cls = type(name, (base,), {"__slots__": (), "__repr__": __repr__, "__str__": __repr__})
        _return_types[name] = cls
    return cls


class MaxBackward0(Node):
    __slots__ = ("dim", "keepdim", "shape")
    explain = "grad_self = grad placed at the index of each maximum along dim (zeros elsewhere)"
    n_diff_outputs = 1
    checks = (check(lambda x: x.max(1)[0], (2, 3)),
              check(lambda x: x.max(0, keepdim=True).values, (3, 2), label="keepdim"))

    def forward(ctx, a, dim, keepdim=False):
        return _select_along(ctx, a, dim, keepdim, np.argmax)

    def backward(ctx, grad, _grad_indices=None):
        return _place_along(ctx, grad)


class MinBackward0(Node):
    __slots__ = ("dim", "keepdim", "shape")
    explain = "grad_self = grad placed at the index of each minimum along dim (zeros elsewhere)"
    n_diff_outputs = 1
    checks = (check(lambda x: x.min(1)[0], (2, 3)),)

    def forward(ctx, a, dim, keepdim=False):
        return _select_along(ctx, a, dim, keepdim, np.argmin)

    def backward(ctx, grad, _grad_indices=None):
        return _place_along(ctx, grad)


def _select_along(ctx, a, dim, keepdim, argfn):
    d = a._data
    if d.shape and d.shape[dim] == 0:
        word = "max" if argfn is np.argmax else "min"
        raise IndexError(f"{word}(): Expected reduction dim {dim} to have non-zero size.")
    idx = argfn(d, axis=dim, keepdims=True) if d.ndim else np.zeros((), np.int64)
    vals = np.take_along_axis(d, idx, axis=dim) if d.ndim else d.copy()
    if not keepdim and d.ndim:
        idx = idx.squeeze(dim)
        vals = vals.squeeze(dim)
    ctx.dim = dim
    ctx.keepdim = keepdim
    ctx.shape = d.shape
    ctx.save_for_backward(Tensor._wrap(idx.astype(np.int64)))
    return vals, idx.astype(np.int64)


def _place_along(ctx, grad):
    (idx,) = ctx.saved_tensors
    if not ctx.shape:
        return grad
    from .indexing import scatter_into_zeros
    g = grad if ctx.keepdim else grad.unsqueeze(ctx.dim)
    i = idx if ctx.keepdim else idx.unsqueeze(ctx.dim)
    return scatter_into_zeros(ctx.shape, ctx.dim, i, g)


# -- public functions ---------------------------------------------------------

def sum(input, dim=None, keepdim=False, *, dtype=None):
    """Sum of all elements, or along ``dim`` (an int or a tuple of ints)."""
    if dtype is not None:
        if dim is None and not keepdim:
            return _SUM_WHOLE(input, dtype=dtype)
        return _SUM_ALONG(input, dims=_all_or(dim, input), keepdim=keepdim, dtype=dtype)
    if dim is None and not keepdim:
        return _SUM_WHOLE(input)
    return _SUM_ALONG(input, dims=_all_or(dim, input), keepdim=keepdim)


def _all_or(dim, input):
    """The dims ``dim`` names (every dim for None), normalised."""
    return tuple(range(input._data.ndim)) if dim is None else dims_arg(dim, input._data.ndim)


def mean(input, dim=None, keepdim=False, *, dtype=None):
    """Mean of all elements, or along ``dim`` (an int or a tuple of ints)."""
    kw = {} if dtype is None else {"dtype": dtype}
    if dim is None and not keepdim:
        return MEAN.whole.apply(input, **kw)
    _check_mean_dtype(input, dtype)  # torch looks at the dtype before the dims
    return MEAN.node.apply(input, dims=_all_or(dim, input), keepdim=keepdim, **kw)


def prod(input, dim=None, keepdim=False, *, dtype=None):
    """Product of all elements, or along ``dim``."""
    if dim is None:
        return PROD.whole.apply(input, dtype=dtype)
    return PROD.node.apply(input, dim=wrap_dim(dim, input._data.ndim), keepdim=keepdim, dtype=dtype)


def _max_min(input, dim, keepdim, other, whole, along, name):
    if isinstance(dim, Tensor) and other is None:
        dim, other = None, dim
    if other is not None:
        from .masked import maximum, minimum
        return (maximum if name == "max" else minimum)(input, other)
    if dim is None:
        return whole.apply(input)
    d = wrap_dim(dim, input._data.ndim)
    values, indices = along.apply(input, dim=d, keepdim=keepdim)
    return return_type(name)(values, indices)


def max(input, dim=None, keepdim=False, *, other=None):
    """The largest element; with ``dim``, (values, indices) along it; with a tensor, elementwise maximum."""
    return _max_min(input, dim, keepdim, other, MAX.whole, MaxBackward0, "max")


def min(input, dim=None, keepdim=False, *, other=None):
    """The smallest element; with ``dim``, (values, indices) along it; with a tensor, elementwise minimum."""
    return _max_min(input, dim, keepdim, other, MIN.whole, MinBackward0, "min")


def norm(input, p="fro", dim=None, keepdim=False, dtype=None):
    """Vector p-norm of all elements, or along ``dim`` (p = 2 by default)."""
    if p == "fro" or p is None:
        p = 2
    elif p == "nuc":
        raise RuntimeError("nuclear norm is not supported")
    if input._data.dtype.kind != "f" and dtype is None:  # the dtype is checked before the dims
        from ..dtypes import SCALAR_NAMES
        raise RuntimeError(f"linalg.vector_norm: Expected a floating point or complex tensor as input. Got "
                           f"{SCALAR_NAMES[input.dtype.name]}")
    dims = None if dim is None else dims_arg(dim, input._data.ndim)
    if p in (float("inf"), -float("inf")) and not input._data.size:
        # a max or min over nothing: torch refuses (its text lacks a space before "because")
        what = "inf" if p > 0 else "-inf"
        if dims is None:
            raise RuntimeError(f"linalg.vector_norm cannot compute the {what} norm on an empty tensor because the "
                               f"operation does not have an identity")
        for d_user in (dim if isinstance(dim, (tuple, list)) else (dim,)):
            if input._data.ndim and input._data.shape[d_user % input._data.ndim] == 0:
                raise RuntimeError(f"linalg.vector_norm cannot compute the {what} norm on the dimension "
                                   f"{d_user}because this dimension is empty and the operation does not have an "
                                   f"identity")
    if dtype is not None:
        input = input.to(dtype)
    from .linalg_decompositions import LinalgVectorNormBackward0  # (torch.norm is linalg.vector_norm's node)
    return LinalgVectorNormBackward0.apply(input, ord=float(p), dim=dims, keepdim=keepdim, out_dtype=None)



# -- the rows --------------------------------------------------------------------------------
# dtype=: the forward computes in another dtype; the engine casts the gradient back (casts_only)
SUM = reduction("sum", "SumBackward1", _sum_forward, whole="SumBackward0", params={"dtype": None}, function=sum,
                grad=lambda grad, shape: grad.expand(shape) if shape else grad, jvp=LINEAR,
                broadcasting=True, casts_only=True, doc=sum.__doc__,
                explain="grad_self = grad, with the summed dims restored, expanded to self's shape",
                whole_explain="grad_self = grad expanded to self's shape   (every element contributes once)",
                checks=(check(lambda x: x.sum(1), (2, 3)),
                        check(lambda x: x.sum((0, 2), keepdim=True), (2, 3, 4), label="dims keepdim"),
                        check(lambda x: x.sum(-1), (3,), label="1-D")),
                whole_checks=(check(lambda x: x.sum(), (2, 3)),))
_SUM_WHOLE, _SUM_ALONG = SUM.whole.apply, SUM.node.apply
MEAN = reduction("mean", "MeanBackward1", _mean_forward, whole="MeanBackward0", params={"dtype": None},
                 function=mean, grad=lambda grad, shape, count: (grad / count).expand(shape) if shape else grad / count,
                 jvp=LINEAR, broadcasting=True, casts_only=True, doc=mean.__doc__,
                 explain="grad_self = grad / N, with the averaged dims restored, expanded to self's shape",
                 whole_explain="grad_self = grad / N expanded to self's shape   (N = number of elements)",
                 checks=(check(lambda x: x.mean(0), (2, 3)),
                         check(lambda x: x.mean((1, 2), keepdim=True), (2, 3, 4), label="dims keepdim")),
                 whole_checks=(check(lambda x: x.mean(), (2, 3)),))
PROD = reduction("prod", "ProdBackward1", _prod_forward, whole="ProdBackward0", dim="dim", params={"dtype": None},
                 function=prod, grad=lambda grad, self, result, dims: _prod_grad(grad, self, result, dims),
                 doc=prod.__doc__, explain="grad_self = grad * (product of the other elements along dim)",
                 whole_explain="grad_self = grad * (product of all the other elements)",
                 checks=(check(lambda x: x.prod(1), (2, 3), low=0.5, high=1.5),),
                 whole_checks=(check(lambda x: x.prod(), (2, 3), low=0.5, high=1.5),))
MAX = reduction((), None, _extreme_forward(np.max, "max"), whole="MaxBackward1", grad=_evenly, doc="",
                explain="grad_self = grad shared equally among the elements equal to the maximum",
                checks=(check(lambda x: x.max(), (2, 3)),))
MIN = reduction((), None, _extreme_forward(np.min, "min"), whole="MinBackward1", grad=_evenly, doc="",
                explain="grad_self = grad shared equally among the elements equal to the minimum",
                checks=(check(lambda x: x.min(), (2, 3)),))
# the generated node classes, under their names (func's batching rules import them)
SumBackward0, SumBackward1, MeanBackward0, MeanBackward1 = SUM.whole, SUM.node, MEAN.whole, MEAN.node
ProdBackward0, ProdBackward1, MaxBackward1, MinBackward1 = PROD.whole, PROD.node, MAX.whole, MIN.whole
