"""The gradient arithmetic the backward pass does itself: sum to a shape, add, cast.

torch's engine does the same three things between nodes (``validate_outputs``
sums a gradient to its input's shape and casts it to its dtype;
``InputBuffer::accumulate`` adds the gradients that reach one input). They are
core helpers on arrays, so the core needs no op module. Only when
``create_graph`` records them (grad mode on and the gradient has a history) do
they go through the Tensor's own methods, which the op layer installs, so the
recorded nodes are torch's (``SumBackward1``, ``AddBackward0``, ``ToCopyBackward0``).
"""

import numpy as np

from . import bf16, upcalls
from .dtypes import from_numpy_dtype
from .grad_mode import STATE
from .node import TANGENT_HOOK
from .tensor import Tensor


def _recorded(*grads):
    if STATE.grad_enabled and any(g._requires_grad for g in grads):
        return True
    # inside a forward-AD level, a gradient carrying a tangent (forward over reverse, a nested jvp)
    # goes through the op, which pushes it
    return TANGENT_HOOK[0] is not None and any(
        getattr(g, "_fw", None) is not None or g._extra is not None and "fwn" in g._extra for g in grads)


def _sum_dims(gshape, shape):
    """The dims to sum a gradient of ``gshape`` over to get ``shape``, and whether to keep them
    (None: nothing to sum)."""
    lead = len(gshape) - len(shape)
    kept = tuple(i + lead for i, s in enumerate(shape) if s == 1 and gshape[i + lead] != 1)
    if not kept:
        if not lead:
            return None, False
        # only leading dims were added by broadcasting: one sum removes them
        return tuple(range(lead)), False
    return tuple(range(lead)) + kept, True


def sum_to(g, shape):
    """Sum gradient ``g`` down to ``shape`` (undo broadcasting)."""
    dims, keepdim = _sum_dims(g._data.shape, shape)
    if dims is None:
        return g
    if _recorded(g) or g._data.dtype.kind != "f":
        s = g.sum(dims, keepdim=keepdim)
        return s.reshape(shape) if keepdim else s
    return Tensor._wrap(_sum_array(g._data, dims, keepdim, shape))


def _sum_array(arr, dims, keepdim, shape):
    if arr.dtype == np.float16:  # torch accumulates half in float32 (as ops/reduction's sum)
        s = arr.sum(axis=dims, keepdims=keepdim, dtype=np.float32).astype(np.float16)
    else:
        # torch's sum_to is a sum: its cascade order where modelled (the last bits of a 0-d
        # parameter's gradient in the polynomial tutorials), numpy's elsewhere. Only along one
        # dim longer than 1: with more, the order follows the memory layout torch's
        # TensorIterator chose for the gradient, which broadcast operands leave open
        s = None
        if arr.ndim and arr.size == max(arr.shape) and upcalls.sum_in_order is not None:  # one dim > 1 at most
            s = upcalls.sum_in_order(np.ascontiguousarray(arr), dims, keepdim)
        if s is None:
            s = arr.sum(axis=dims, keepdims=keepdim)
    return np.asarray(s).reshape(shape)


def reduce_array(arr, shape, dtype):
    """A floating gradient array summed down to an input's ``shape`` and cast to its numpy ``dtype``
    (what ``sum_to`` and ``cast`` do, for a pass that records nothing)."""
    if arr.shape != shape:
        dims, keepdim = _sum_dims(arr.shape, shape)
        if dims is not None:
            arr = _sum_array(arr, dims, keepdim, shape)
    if arr.dtype != dtype:
        arr = arr.astype(dtype)
    return arr


def _zero(g):
    return g._extra is not None and "zerotensor" in g._extra


def add(a, b):
    """``a + b`` for two gradients that reach the same input."""
    if _recorded(a, b) or a._data.dtype != b._data.dtype or a._data.shape != b._data.shape or (
            _zero(a) or _zero(b)):
        return a + b  # recorded, promoted/broadcast, or a zero tensor (see ops/arithmetic.py): the op itself
    out = np.add(a._data, b._data)
    if out.dtype.metadata is not None:
        out = bf16.rounded(out)  # a sum of bfloat16 gradients, rounded as torch's add
    return Tensor._wrap(out)


def _bf16_cast(g, np_dtype):
    want = from_numpy_dtype(np_dtype)
    if _recorded(g):
        return g.to(want)
    return Tensor._wrap(bf16.to_bf16(g._data) if bf16.is_bf16_dtype(np.dtype(np_dtype))
                        else g._data.view(np.float32).copy())


def cast(g, np_dtype):
    """Gradient ``g`` in numpy dtype ``np_dtype`` (an input's dtype, a leaf's)."""
    if g._data.dtype == np_dtype:
        if g._data.dtype.metadata is np.dtype(np_dtype).metadata:
            return g
        return _bf16_cast(g, np_dtype)  # float32 and bfloat16 (numpy calls them equal)
    if g._data.dtype.kind == "c" and np.dtype(np_dtype).kind != "c":
        g = g.real if _recorded(g) else Tensor._wrap(g._data.real)  # a real input's part (torch's handle_r_to_c)
    if _recorded(g):
        return g.to(from_numpy_dtype(np_dtype))
    if bf16.is_bf16_dtype(np.dtype(np_dtype)):
        return Tensor._wrap(bf16.to_bf16(g._data))
    return Tensor._wrap(g._data.astype(np_dtype))
