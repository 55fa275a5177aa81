"""In-place operations (``add_``, ``x[i] = v``, ``+=``, ...) with torch's checks.

An in-place op is its out-of-place op applied to a snapshot of the tensor,
with the result written back into the tensor's own memory (so views see it).
When the graph is recorded, the tensor's ``grad_fn`` becomes the new node; when
the tensor is a view of another graph tensor, the base's history is rewritten
with a ``CopySlices`` node over the region the view covers, and the view gets an
``AsStridedBackward0`` node reading that region back, as in torch.
The version counter is bumped, so a backward that needs the old values fails
with torch's "modified by an inplace operation" error instead of a wrong answer.
"""

import numpy as np

from ..bf16 import to_bf16

from .. import dtypes as _dt
from .. import node as _node
from .. import upcalls
from ..grad_mode import STATE
from ..journal import touch, touch_hooks
from ..node import IN_PLACE, MULTI_VIEW_TAIL, NO_GRAD_VIEW_TAIL, Node, _short_name, refresh_view, view_base_requires_grad
from ..tensor import Tensor, _new
from . import memory_overlap
from .checks import check
from .strided import AsStridedBackward0
from .support import as_tensor, binary_arrays, operand, zeros_grad

LEAF_MSG = "a leaf Variable that requires grad is being used in an in-place operation."
VIEW_OF_LEAF_MSG = "a view of a leaf Variable that requires grad is being used in an in-place operation."
OVERLAP_MSG = ("unsupported operation: more than one element of the written-to tensor refers to a single memory "
               "location. Please clone() the tensor before performing the operation.")
_PRETTY = _dt.ALL_SCALAR_NAMES


def _recording(t, args):
    if not STATE.grad_enabled:
        return False
    if t._requires_grad:
        return True
    for a in args:
        if isinstance(a, Tensor) and (a._requires_grad or a._extra is not None and view_base_requires_grad(a)):
            return True
    return False


def overlapping(arr):
    """Whether several elements of ``arr`` share memory (an expanded tensor): torch's in-place ops
    refuse to write such a tensor, except fill_, zero_, masked_fill_, tril_/triu_ and index_put_."""
    if not arr.flags.writeable:
        return True
    if arr.size <= 1:  # numpy gives empty arrays zero strides; nothing to share
        return False
    for n, st in zip(arr.shape, arr.strides):
        if st == 0 and n > 1:
            return True
    return False


NO_GRAD_VIEW_MSG = "A view was created in no_grad mode and is being modified inplace with grad mode enabled. "
PARTIAL_OVERLAP_MSG = ("unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
                      "single memory location. Please clone() the tensor before performing the operation.")


def check_inputs_overlap(t, args, any_overlap=False):
    """torch refuses an in-place write whose input shares only some memory with the output; like
    torch it decides only for dense tensors (a strided view is "too hard" and let through)."""
    out = t._data
    for a in args:
        if any_overlap and a is t:
            raise RuntimeError(PARTIAL_OVERLAP_MSG)  # the same tensor overlaps fully, empty or not
        if isinstance(a, Tensor) and a._data.size and out.size:
            d = a._data
            if any_overlap:
                if np.may_share_memory(d, out) and np.shares_memory(d, out):
                    raise RuntimeError(PARTIAL_OVERLAP_MSG)
            elif memory_overlap.input_status(out, d) == memory_overlap.PARTIAL:
                raise RuntimeError(PARTIAL_OVERLAP_MSG)


def check_copy_to_overlap(dst, value):
    """``t[key] = value``: torch's copy_to copies ``value`` into the indexed view ``dst`` (an array)
    as memory_overlap.copy_to_status says, refusing a partial overlap."""
    if isinstance(value, Tensor) and memory_overlap.copy_to_status(dst, value._data) == memory_overlap.PARTIAL:
        raise RuntimeError(PARTIAL_OVERLAP_MSG)


def expanded_warning(op, example):
    import warnings
    warnings.warn(f"Use of {op} on expanded tensors is deprecated. Please clone() the tensor before performing this "
                  f"operation. This also applies to advanced indexing e.g. {example}", UserWarning, stacklevel=3)


ZERO_TENSOR_MSG = ("ZeroTensors are immutable. Please use the materialized zero tensor obtained using .clone() if you "
                   "want a mutable tensor.")


def check_writable(t, overlap_ok=False):
    """torch's checks before any in-place write to ``t`` (and the undo journal's note of it)."""
    touch(t)
    ex = t._extra
    if ex is not None and ex.get("zerotensor"):
        raise RuntimeError(ZERO_TENSOR_MSG)
    if STATE.grad_enabled and (t._requires_grad or ex is not None and view_base_requires_grad(t)):
        if t._grad_fn is None:
            # a view of a leaf that requires grad itself (made before, or made to require grad after)
            view = ex.get("view") if ex else None
            raise RuntimeError(VIEW_OF_LEAF_MSG if view is not None and view[0]._grad_fn is None else LEAF_MSG)
        if ex:
            view = ex.get("view")
            if view is not None and view[0]._grad_fn is None and view[0]._requires_grad:
                raise RuntimeError(VIEW_OF_LEAF_MSG)
            node = ex.get("multi_view")
            nr = t._output_nr
            if node is None and view is not None and view[1] and view[0]._extra and view[0]._extra.get("multi_view"):
                node, nr = view[1][-1], 0  # a view of such a view: torch names the last view op
            if node is not None:
                raise RuntimeError(
                    f"Output {nr} of {_short_name(node)} is a view and is being modified "
                    f"inplace. This view is "
                    f"the output of a function that returns multiple views. Such functions do not allow the output "
                    f"views to be modified inplace. You should replace the inplace operation by an out-of-place one.")
    if not t._data.flags.writeable or not overlap_ok and overlapping(t._data):
        raise RuntimeError(OVERLAP_MSG)


# clamp_ with number bounds names the target type as C++ does (torch's own inconsistency)
C_NAMES = {"int64": "long int", "int32": "int", "int16": "short int", "int8": "signed char", "uint8": "unsigned char",
           "bool": "bool", "float32": "float", "float64": "double", "float16": "c10::Half"}


def write(t, arr, names=None):
    """Store ``arr`` in ``t``'s own memory, with torch's casting rule, and bump its version."""
    check_write(t, arr, names)
    d = t._data
    if d.dtype.metadata is not None and d.dtype.kind == "f":
        arr = to_bf16(arr) if not (isinstance(arr, np.ndarray) and arr.dtype.metadata is not None) else arr
    if d.flags.writeable and overlapping(d):
        # torch's kernels write the shared memory element by element and leave alone what they do not
        # change (tril_ writes only its zeros, masked_fill_ only the masked places): any alias that
        # changes wins, not the last one
        np.copyto(d, arr, casting="unsafe", where=changed(arr, d))
    else:
        np.copyto(d, arr, casting="unsafe")
    t._bump_version()


def changed(new, old):
    """Where ``new`` (broadcast, cast to ``old``'s dtype) differs from ``old`` bit for bit (nan
    equal to nan)."""
    new = np.broadcast_to(np.asarray(new).astype(old.dtype, copy=False), old.shape)
    diff = new != old
    if old.dtype.kind in "fc":
        diff = (diff & ~(np.isnan(new) & np.isnan(old))) | (np.signbit(new.real) != np.signbit(old.real))
    return diff


def check_write(t, arr, names=None):
    """torch's checks of a result written into ``t``: its shape, then its dtype's category."""
    d = t._data
    src = arr.dtype
    if arr.shape != d.shape:  # torch checks the shape before the dtype
        if np.broadcast_shapes(arr.shape, d.shape) != d.shape:
            raise RuntimeError(f"output with shape {list(d.shape)} doesn't match the broadcast shape "
                               f"{list(np.broadcast_shapes(arr.shape, d.shape))}")
    if _category(src) > _category(d.dtype):
        target = _dt.from_numpy_dtype(d.dtype).name
        raise RuntimeError(f"result type {_PRETTY[_dt.from_numpy_dtype(src).name]} can't be cast to the desired "
                           f"output type {(names or _PRETTY)[target]}")


def _category(npdt):
    k = npdt.kind
    return 2 if k == "f" else (0 if k == "b" else (3 if k == "c" else 1))


# Set by torch.func.vmap while a vmap runs: ``hook(t, compute, args, kw)`` writes batched values.
INPLACE_HOOK = [None]


def inplace(t, compute, *args, overlap_ok=False, names=None, alias_ok=False, **kw):
    """Run ``compute(t, *args, **kw)`` (an out-of-place op) in place on ``t``. ``alias_ok``: the op
    copies an input that shares t's memory first (fill_ with a tensor), so no overlap check."""
    if INPLACE_HOOK[0] is not None:
        r = INPLACE_HOOK[0](t, compute, args, kw)
        if r is not NotImplemented:
            return r
    check_writable(t, True)
    if not alias_ok:
        check_inputs_overlap(t, args)  # torch's TensorIterator checks memory overlap before shapes
    recording = _recording(t, args)
    if not recording:
        prev = STATE.grad_enabled
        STATE.grad_enabled = False
        IN_PLACE[0] = True
        try:
            r = compute(t, *args, **kw)
        except (RuntimeError, NotImplementedError) as e:
            raise _iterator_order(t, args, e, overlap_ok) from None
        finally:
            STATE.grad_enabled = prev
            IN_PLACE[0] = False
        if names is not None:  # clamp_'s own cast check comes before torch's TensorIterator
            check_write(t, r._data, names)
        _check_overlaps(t, args, overlap_ok, recording, compute)
        write(t, r._data, names)
        _carry_tangent(t, r)
        return t
    if t._extra is not None:
        refresh_view(t)
    snapshot = _snapshot(t)
    IN_PLACE[0] = True
    try:
        r = compute(snapshot, *args, **kw)
    except (RuntimeError, NotImplementedError) as e:
        raise _iterator_order(t, args, e, overlap_ok) from None
    finally:
        IN_PLACE[0] = False
    _check_overlaps(t, args, overlap_ok, recording, compute)  # after the op's own checks, as torch
    if r._data.shape != t._data.shape:
        raise RuntimeError(f"output with shape {list(t._data.shape)} doesn't match the broadcast shape "
                           f"{list(r._data.shape)}")
    if r.dtype is not t.dtype:
        check_write(t, r._data, names)  # a float result is not written into an integer tensor
        r = _cast_output(r, t._data.dtype)
    _rebind(t, r, names)
    _carry_tangent(t, r)
    return t


def _check_overlaps(t, args, overlap_ok, recording, compute):
    """After the op's own checks, as torch: self-overlap of the written tensor, then input overlap.
    (An op allowed on an expanded tensor is also allowed while recording: torch's CopySlices raises
    only if a gradient for the overwritten view is computed, see CopySlices.backward.)"""
    if not overlap_ok and overlapping(t._data):
        raise RuntimeError(OVERLAP_MSG)
    if overlap_ok and overlapping(t._data) and compute is masked_fill:
        expanded_warning("masked_fill_", "tensor[mask] = scalar")


# The errors torch's TensorIterator finds (broadcasting, the written tensor's shape, a kernel missing
# for a dtype, an integer division by zero): it checks the written tensor's memory before all of them,
# and the result's shape before the kernel's dtype. An op's own checks come first.
_ITERATOR_ERRORS = ("The size of tensor a", "output with shape", "ZeroDivisionError")


def _iterator_order(t, args, e, overlap_ok):
    """The error torch raises first when the op's computation raised ``e``."""
    text = str(e)
    if not (isinstance(e, NotImplementedError) and "not implemented for" in text
            or text.startswith(_ITERATOR_ERRORS)):
        return e
    if not overlap_ok and overlapping(t._data):
        return RuntimeError(OVERLAP_MSG)
    if isinstance(e, NotImplementedError) or text.startswith("ZeroDivisionError"):
        # the shapes first (broadcast, then the written tensor's), as torch's TensorIterator
        shapes = [a._data.shape for a in args if isinstance(a, Tensor)]
        if shapes:
            try:
                both = np.broadcast_shapes(t._data.shape, *shapes)
            except ValueError:
                from .support import broadcast_error
                return broadcast_error(t._data.shape, next(s for s in shapes if s != t._data.shape))
            if both != t._data.shape:
                return RuntimeError(f"output with shape {list(t._data.shape)} doesn't match the broadcast shape "
                                    f"{list(both)}")
    if text.startswith("ZeroDivisionError"):
        # the result's cast into the written tensor is checked before the kernel divides
        try:
            res = _dt.result_type(t, *args)
        except Exception:  # noqa: BLE001 - no promotion to tell: the kernel's error stands
            res = None
        out = _dt.from_numpy_dtype(t._data.dtype)
        if res is not None and res.category > out.category:
            from .support import type_word
            return RuntimeError(f"result type {type_word(np.empty(0, res.np))} can't be cast to the desired output "
                                f"type {type_word(t._data)}")
    return e


def _cast_output(r, dtype):
    """The op's result in the written tensor's dtype, still the op's output (torch's in-place op
    computes in the promoted type and writes in place: no ToCopy node in between)."""
    data = r._data.astype(dtype)
    fn = r._grad_fn
    if fn is None:
        return Tensor._wrap(data)
    outs = list(fn._outs)
    outs[r._output_nr] = (data.shape, data.dtype)
    fn._outs = tuple(outs)
    return Tensor._make(data, fn, r._output_nr)


def _snapshot(t):
    """A tensor with ``t``'s current value and history, unaffected by the coming write."""
    s = _new(Tensor)
    s._data = t._data.copy()
    s._requires_grad = t._requires_grad
    s._grad_fn = t._grad_fn
    s._output_nr = t._output_nr
    s._grad = None
    s._vc = None
    s._accum = t._accum
    s._extra = None
    fw = getattr(t, "_fw", None)
    if fw is not None:  # inside a dual level the op's tangent rule reads self's tangent
        s._fw = fw
    return s


def _carry_tangent(t, r):
    """Inside a forward-AD dual level, the written tensor's tangent becomes the result's (torch's
    in-place ops update the tangent with the value): none when the op gave none (a random draw)."""
    if _node.TANGENT_HOOK[0] is None:
        return
    fw = getattr(r, "_fw", None)
    if fw is not None or _has_tangent(t):
        _write_tangent(t, fw)


def _has_tangent(t):
    """Whether ``t``, or the base it is a view of, carries a tangent."""
    if getattr(t, "_fw", None) is not None:
        return True
    view = t._extra.get("view") if t._extra else None
    return view is not None and getattr(view[0], "_fw", None) is not None


def _write_tangent(t, new):
    """``t``'s tangent after a write into it (None: it has none), and its base's where ``t`` is a view:
    torch's tangent of a view is a view of the base's, so the base's changes where ``t`` was written."""
    fwd = _fwd()
    if new is not None:
        fwd.set_tangent(t, new)
    elif getattr(t, "_fw", None) is not None:
        t._fw = None
    view = t._extra.get("view") if t._extra else None
    if view is None:
        return
    base = view[0]
    bt = getattr(base, "_fw", None)
    if new is None and bt is None:
        return
    region = _region(base, view[1], t)
    if region is None:
        return
    arr = np.array(bt._data if bt is not None else np.zeros_like(base._data), copy=True)
    arr.reshape(-1)[region.reshape(-1)] = 0 if new is None else np.broadcast_to(new._data, region.shape).reshape(-1)
    fwd.set_tangent(base, Tensor._wrap(arr))


def _written_tangent(t, compute):
    """After a write that bypassed the op machinery (zero_, copy_, setitem on tensors without
    grad): ``t``'s tangent becomes ``compute()`` (tangent ops, no tangents of their own)."""
    if _node.TANGENT_HOOK[0] is None:
        return
    new = compute()
    if new is not None or _has_tangent(t):
        _write_tangent(t, new)


def _fwd():
    from ..autograd import forward_jvp  # forward mode sits above the op table
    return forward_jvp


def _rebind(t, r, names=None):
    """Write result ``r`` into ``t`` and give ``t`` (or its base) the new history."""
    view = t._extra.get("view") if t._extra else None
    old_fn, old_nr = t._grad_fn, t._output_nr
    region = None
    if view is not None:
        if view[1] is None and t._extra.get("no_grad_view"):
            raise RuntimeError(NO_GRAD_VIEW_MSG + (MULTI_VIEW_TAIL if t._extra.get("multi") else
                                                   NO_GRAD_VIEW_TAIL))
        region = _region(view[0], view[1], t)
        if region is None:  # the base's memory was replaced (``base.data = ...``): t stands alone
            view = None
    if view is None:
        write(t, r._data, names)
        t._grad_fn = r._grad_fn
        t._output_nr = r._output_nr
        t._requires_grad = r._requires_grad
    else:
        base, chain = view[0], view[1]
        touch(base)
        # the overwritten view had a history and shares memory with itself: its gradient cannot be
        # written back (torch raises in backward)
        overlap = t._requires_grad and overlapping(t._data)
        new_base = CopySlices.apply(_snapshot(base), r, region=region, overlap=overlap,
                                    aliased=overlapping(t._data))
        write(base, new_base._data)  # also updates t, which is a view of base
        base._grad_fn = new_base._grad_fn
        base._output_nr = 0
        base._requires_grad = True
        regenerate_view(t, base, chain, region)
    node = r._grad_fn
    if node is not None and node.saves_output and getattr(node, "_out", None) is not None and node._out[1] is r._vc:
        # the op's saved result is the written tensor itself (torch saves self after the write): a later
        # in-place change of it is caught at backward
        vc = t._shared_vc()
        node._out = (t._data, vc, vc[0])
    if t.retains_grad and old_fn is not None:
        _move_retain_grad(t, old_fn, old_nr)


def regenerate_view(t, base, chain, region=None):
    """Give view ``t`` a grad_fn that reads ``base``'s current history (AsStridedBackward0)."""
    if chain is not None and base._extra is not None and base._extra.get("shape_version", -1) > t._extra["view"][2]:
        chain = None  # the base changed its shape in place (t_, squeeze_ ...) after the view was made
    if region is None:
        region = _region(base, chain, t)
        if region is None:
            return
    prev = STATE.grad_enabled
    STATE.grad_enabled = True
    try:
        reread = AsStridedBackward0.apply(base, region=region, chain=chain)
    finally:
        STATE.grad_enabled = prev
    old_fn, old_nr = t._grad_fn, t._output_nr
    t._grad_fn = reread._grad_fn
    t._output_nr = 0
    t._requires_grad = True
    t._extra["view"] = (base, chain, t._vc[0])
    if old_fn is not None and t.retains_grad:  # as torch moves it to the regenerated grad_fn
        _move_retain_grad(t, old_fn, old_nr)


def _move_retain_grad(t, old_fn, old_nr):
    """``retain_grad()`` follows the tensor to its new grad_fn, so ``.grad`` is the new value's."""
    from ..node import tensor_prehooks
    from ..tensor import _RetainGrad
    old = old_fn._tensor_prehooks(old_nr)
    if not old:
        return
    moved = [h for h in old if isinstance(h, _RetainGrad)]
    touch_hooks(old_fn)
    old[:] = [h for h in old if not isinstance(h, _RetainGrad)]
    tensor_prehooks(t, create=True).extend(moved)


def _region(base, chain, view=None):
    """Flat indices into ``base`` of the elements a chain of view ops selects (a chain of None: of
    the elements ``view`` shares with ``base`` in memory; None if it shares none of them)."""
    if chain is None:
        return _memory_region(base._data, view._data)
    idx = np.arange(base._data.size, dtype=np.int64).reshape(base._data.shape)
    for node in chain:
        idx = node.replay(idx)
    return np.ascontiguousarray(idx)


def _byte_bounds(a):
    """The first and one-past-the-last byte address of non-empty array ``a``'s elements."""
    p = a.__array_interface__["data"][0]
    lo = hi = p
    for n, st in zip(a.shape, a.strides):
        if st < 0:
            lo += (n - 1) * st
        else:
            hi += (n - 1) * st
    return lo, hi + a.itemsize


def _memory_region(b, v):
    """Flat indices into array ``b`` of the elements of ``v``, a numpy view of ``b``'s memory
    (any strides: the indices are laid out in memory as ``b``'s elements are, then read with
    ``v``'s strides)."""
    if v.dtype != b.dtype or not np.may_share_memory(b, v) and v.size:
        return None
    if not v.size:
        return np.zeros(v.shape, np.int64)
    it = b.itemsize
    b_lo, b_hi = _byte_bounds(b)
    v_lo, v_hi = _byte_bounds(v)
    if v_lo < b_lo or v_hi > b_hi or any(st % it for st in b.strides + v.strides) or (v_lo - b_lo) % it:
        return None
    as_strided = np.lib.stride_tricks.as_strided
    mem = np.full((b_hi - b_lo) // it, -1, np.int64)
    b0 = (b.__array_interface__["data"][0] - b_lo) // it  # where b's element [0, ..., 0] lies
    as_strided(mem[b0:], b.shape, [st // it * 8 for st in b.strides])[...] = np.arange(
        b.size, dtype=np.int64).reshape(b.shape)
    v0 = (v.__array_interface__["data"][0] - b_lo) // it
    idx = np.array(as_strided(mem[v0:], v.shape, [st // it * 8 for st in v.strides]))
    if (idx < 0).any():
        return None
    return idx


def _strip_ones(shape, ndim):
    """``shape`` without the leading 1s beyond ``ndim`` dims (torch drops them from a written value)."""
    shape = tuple(shape)
    while len(shape) > ndim and shape[0] == 1:
        shape = shape[1:]
    return shape


class CopySlices(Node):
    __slots__ = ("region", "src_shape", "overlap")
    cpp_name = True
    any_dtype = True
    broadcasting = True  # the value may have another dtype: its gradient is cast back by the engine
    casts_only = True
    explain = "grad_self = grad with the overwritten region zeroed;  grad_src = grad[region]"
    checks = (check(lambda x, v: _setitem_result(x, (1,), v), (3, 2), (2,)),
              check(lambda x, v: _setitem_result(x, (slice(None), 0), v), (3, 2), (1,), label="broadcast value"))

    def forward(ctx, base, src, *, region, overlap=False, aliased=False):
        ctx.region = region
        ctx.src_shape = src._data.shape
        ctx.overlap = overlap
        out = base._data.copy()
        flat = out.reshape(-1)
        values = np.broadcast_to(src._data.reshape(_strip_ones(src._data.shape, region.ndim)), region.shape)
        if aliased:
            # a self-overlapping view written back: several of its elements are one base element; torch
            # wrote memory directly, so the elements that changed win (see write), in their order
            order = np.argsort(changed(values, flat[region]).reshape(-1), kind="stable")
            flat[region.reshape(-1)[order]] = values.reshape(-1)[order]
        else:
            flat[region] = values
        return out

    def backward(ctx, grad):
        if ctx.overlap:
            # torch copies the overwritten view's gradient back into an expanded view of the base
            raise RuntimeError(OVERLAP_MSG)
        region = Tensor._wrap(ctx.region)
        g_base = g_src = None
        if ctx.should_compute(0):
            mask = np.zeros(grad._data.size, bool)
            mask[ctx.region.reshape(-1)] = True
            g_base = grad.masked_fill(Tensor._wrap(mask.reshape(grad._data.shape)), 0.0)
        if ctx.should_compute(1):
            g_src = grad.reshape(-1)[region]
            if g_src._data.shape != ctx.src_shape:
                from ..backward import sum_to
                inner = _strip_ones(ctx.src_shape, g_src._data.ndim)
                g_src = sum_to(g_src, inner)
                if inner != ctx.src_shape:
                    g_src = g_src.reshape(ctx.src_shape)
        return g_base, g_src


_C_INT_TYPES = {"int64": "int64_t", "int32": "int", "int16": "int16_t", "int8": "int8_t", "uint8": "uint8_t"}


def checked_scalar(value, arr):
    """A number converted for an integer tensor as torch's Scalar is (checked_convert): nan, inf and
    values out of the type's range are refused."""
    if arr.dtype.kind in "iu" and isinstance(value, (float, np.floating)):
        info = np.iinfo(arr.dtype)
        if not (info.min <= value <= info.max):  # (nan fails too)
            raise RuntimeError(f"value cannot be converted to type {_C_INT_TYPES[arr.dtype.name]} without overflow")
    return value


class FillBackward2(Node):
    """``fill_(number)`` (torch's node for fill_.Scalar)."""

    explain = "grad_self = 0   (every value was overwritten by a constant)"
    checks = (check(lambda x: (x * 1).fill_(2.0) * x, (2, 3)),)

    def forward(ctx, a, value):
        return np.full_like(a._data, checked_scalar(value, a._data))

    def backward(ctx, grad):
        return zeros_grad(grad)


class FillBackward3(Node):
    """``fill_(0-d tensor)`` (torch's node for fill_.Tensor): the value gets the summed gradient."""

    explain = "grad_self = 0;  grad_value = grad.sum()"
    broadcasting = True  # the value's gradient is a sum, cast to the value's dtype by the engine
    casts_only = True
    checks = (check(lambda x, v: (x * 1).fill_(v.sum()) * x, (2, 3), (2,)),)

    def forward(ctx, a, value):
        return np.full_like(a._data, value._data)

    def backward(ctx, grad):
        return (zeros_grad(grad) if ctx.should_compute(0) else None,
                grad.sum() if ctx.should_compute(1) else None)


class ZeroBackward0(Node):
    explain = "grad_self = 0   (every value was set to zero)"
    checks = (check(lambda x: (x * 1).zero_() + x, (2, 3)),)

    def forward(ctx, a):
        return np.zeros_like(a._data)

    def backward(ctx, grad):
        return zeros_grad(grad)


class CopyBackwards(Node):
    cpp_name = True
    explain = "grad_self = 0;  grad_src = grad (summed to src's shape, in src's dtype)"
    broadcasting = True
    checks = (check(lambda x, s: (x * 1).copy_(s) * x, (2, 3), (3,)),)

    def forward(ctx, a, src):
        s = np.broadcast_to(src._data, a._data.shape) if src._data.shape != a._data.shape else src._data
        return s.astype(a._data.dtype, copy=True)

    def backward(ctx, grad):
        return zeros_grad(grad), grad


class MaskedFillBackward0(Node):
    explain = "grad_self = grad with the filled positions zeroed"
    checks = (check(lambda x: x.masked_fill(x > 0, 0.5), (2, 3)),)

    def forward(ctx, a, mask, value):
        ctx.save_for_backward(mask)
        v = value._data if isinstance(value, Tensor) else checked_scalar(value, a._data)
        return np.where(mask._data, np.asarray(v, a._data.dtype), a._data)

    def backward(ctx, grad):
        (mask,) = ctx.saved_tensors
        return grad.masked_fill(mask, 0.0)


class MaskedFillBackward1(Node):
    explain = "grad_self = grad with the filled positions zeroed;  grad_value = sum of grad at the filled positions"
    checks = (check(lambda x, v: x.masked_fill(x > 0, v.sum()), (2, 3), (2,)),)

    def forward(ctx, a, value, mask):
        ctx.save_for_backward(mask)
        checked_scalar(value._data.item(), a._data)  # torch fills with value.item()
        return np.where(mask._data, value._data.astype(a._data.dtype), a._data)

    def backward(ctx, grad):
        (mask,) = ctx.saved_tensors
        g_self = grad.masked_fill(mask, 0.0) if ctx.should_compute(0) else None
        g_value = None
        if ctx.should_compute(1):
            from .masked import where
            g_value = where(mask, grad, 0.0).sum()
        return g_self, g_value


def masked_fill(input, mask, value):
    """A copy of ``input`` with ``value`` where ``mask`` is true."""
    mask = as_tensor(mask)
    if mask._data.dtype.kind != "b":
        from .linalg import _C_NAMES
        raise RuntimeError(f"masked_fill_ only supports boolean masks, but got mask with dtype "
                           f"{_C_NAMES[mask.dtype.name]}")
    if isinstance(value, Tensor) and value._data.ndim:
        raise RuntimeError(f"masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                           f"{value._data.ndim} dimension(s).")
    if isinstance(value, Tensor):
        return MaskedFillBackward1.apply(input, value, mask=mask)
    return MaskedFillBackward0.apply(input, mask=mask, value=value)


def setitem(t, key, value):
    """``t[key] = value``: a write into ``t``'s memory (CopySlices in the graph).

    torch's order: a basic key slices first (index errors) and expands the value to the slice
    (expand's error) before the write's own checks (leaf, overlap); an advanced key writes with
    index_put_, whose checks (leaf, then dtypes, overlap, shapes) come in that order."""
    if not isinstance(value, Tensor):
        checked_scalar(value, t._data)  # torch makes the number a tensor of t's dtype before it indexes
    advanced = _is_advanced(key)
    leaf_view = STATE.grad_enabled and t._requires_grad and t._grad_fn is None and not _selects_self(t, key) \
        and not (advanced and _index_put_on_self(t, key))
    part = None
    if not advanced:
        if _selects_self(t, key):
            shape = t._data.shape
        else:
            try:
                part = t._data[_numpy_key(t, key)]
            except IndexError as e:
                raise _index_error(t, key, e) from None
            shape = np.shape(part)
            if STATE.grad_enabled and t._requires_grad and t._data.dtype.kind not in "fc":
                # torch indexes first: a view of an integer tensor with history is refused there
                _node._refuse_dtype(t._data)
        v = operand(value)
        if isinstance(v, Tensor) and v._data.shape != shape and v._data.ndim:
            _expandable(v, shape)  # torch's copy_to expands the value to the slice first
    if not leaf_view:
        check_writable(t, overlap_ok=True)
    # index_put_ with one boolean mask and a one-element value is masked_fill_ in torch (value.item()):
    # no dtype or overlap check then
    mask_fill = advanced and _masked_fill_dispatch(key, value)
    if advanced and not mask_fill and isinstance(value, Tensor):
        # index_put_: the value's memory, the masks' shapes, the value's shape, its dtype, then (in the
        # kernel) the indices' bounds
        check_inputs_overlap(t, (value,), any_overlap=True)  # index_put_ refuses any shared memory
        check_inputs_overlap(t, _index_tensors(key), any_overlap=True)  # then with the index tensors
        shape = _indexed_shape(t, key)
        vshape = _drop_leading_ones(value._data.shape)
        if shape is not None and not _broadcasts_to(vshape, shape):
            raise RuntimeError(f"shape mismatch: value tensor of shape {list(vshape)} cannot be broadcast "
                               f"to indexing result of shape {list(shape)}")
        if value.dtype is not t.dtype:
            raise RuntimeError(f"Index put requires the source and destination dtypes match, got "
                               f"{_PRETTY[_dt.from_numpy_dtype(t._data.dtype).name]} for the destination and "
                               f"{_PRETTY[_dt.from_numpy_dtype(value._data.dtype).name]} for the source.")
    if _selects_self(t, key):
        _copy_to(t, value)
        return
    if not advanced:
        # a basic index is a view copied into: torch refuses when that view overlaps itself
        if isinstance(part, np.ndarray) and overlapping(part):
            raise RuntimeError(OVERLAP_MSG)
    if leaf_view:
        if _is_advanced(key):
            _key_region(t, key)
        raise RuntimeError(VIEW_OF_LEAF_MSG)  # torch indexes first (a view of the leaf), then writes
    if not advanced:
        check_copy_to_overlap(_key_view(t, key), operand(value))
    if _is_advanced(key) and overlapping(t._data):
        expanded_warning("index_put_", "tensor[indices] = tensor")
    value = operand(value)
    if mask_fill:
        checked_scalar(value._data.item(), t._data)  # masked_fill_ with value.item()
    if isinstance(value, Tensor) and value is t:
        value = Tensor._wrap(value._data.copy())
    record = _recording(t, (value,))
    if record and t._data.dtype.kind not in "fc" and not _is_advanced(key) and isinstance(value, Tensor) and (
            value._data.ndim or not np.ndim(part)):
        record = False  # torch copies into the view (copy_ records nothing in an integer tensor), or fills it
    if not record:
        npkey = _numpy_key(t, key)
        v = value._data if isinstance(value, Tensor) else value
        if t._data.dtype.metadata is not None and t._data.dtype.kind == "f":
            v = to_bf16(v)  # a bfloat16 tensor stores bfloat16 values (bf16.py)
        if isinstance(v, np.ndarray) and v.ndim and v.shape[0] == 1:
            # torch drops a value's leading 1s (numpy refuses a [1] value for a 0-d slot)
            v = v.reshape(_drop_leading_ones(v.shape))
        try:
            t._data[npkey] = v
        except IndexError as e:
            raise _index_error(t, key, e) from None
        except ValueError:
            shape = t._data[npkey].shape
            raise RuntimeError(f"shape mismatch: value tensor of shape {list(_drop_leading_ones(np.shape(v)))} "
                               f"cannot be broadcast to indexing result of shape {list(shape)}") from None
        t._bump_version()
        _written_tangent(t, lambda: _setitem_tangent(t, key, value))
        return
    region = _key_region(t, key)
    if not isinstance(value, Tensor):
        value = as_tensor(value, dtype=t.dtype)
    vshape = _drop_leading_ones(value._data.shape)  # torch drops a value's leading 1s first
    try:
        if np.broadcast_shapes(vshape, region.shape) != region.shape:
            raise ValueError
    except ValueError:
        raise RuntimeError(f"shape mismatch: value tensor of shape {list(vshape)} cannot be broadcast "
                           f"to indexing result of shape {list(region.shape)}") from None
    r = CopySlices.apply(_snapshot(t), value, region=region)
    _rebind(t, r)
    _carry_tangent(t, r)
    if _is_advanced(key) and _index_put_on_self(t, key):
        _rename(t._grad_fn if t._extra is None or "view" not in t._extra else None, "IndexPutBackward0")


def _setitem_tangent(t, key, value):
    """The tangent ``t[key] = value`` leaves: t's (or zeros) with value's (or zeros) written at key."""
    from ..creation import zeros_like
    vt = getattr(value, "_fw", None) if isinstance(value, Tensor) else None
    if vt is None and not _has_tangent(t):
        return None
    if t._data.dtype.kind != "f":
        return None
    new = t._fw.clone() if getattr(t, "_fw", None) is not None else zeros_like(t.detach())
    new[key] = vt if vt is not None else 0.0
    return new


def _selects_self(t, key):
    """Whether torch's indexing of ``t[key] = v`` ends on ``t`` itself (``...``, ``:``, ``:, :``):
    then it writes ``t`` directly (copy_ or fill_), not through a view (CopySlices)."""
    from .indexing import _whole
    keys = key if isinstance(key, tuple) else (key,)
    n = 0
    for k in keys:
        if k is Ellipsis:
            continue
        if type(k) is not slice:
            return False
        n += 1
        if n > t._data.ndim or not _whole(k, t._data.shape[n - 1]):
            return False
    return True


def _index_put_on_self(t, key):
    """Whether torch's index_put_ writes ``t`` itself (IndexPutBackward0): no int, None, 0-d tensor or
    partial slice in the key makes a view of ``t`` first (which torch's CopySlices then wraps)."""
    from .indexing import _whole
    keys = key if isinstance(key, tuple) else (key,)
    dim = 0
    for i, k in enumerate(keys):
        if k is Ellipsis:
            dim = t._data.ndim - (len(keys) - 1 - i)  # the dims the keys after it index
            continue
        if type(k) is slice:
            if dim >= t._data.ndim or not _whole(k, t._data.shape[dim]):
                return False
            dim += 1
            continue
        if isinstance(k, (list, np.ndarray)) or isinstance(k, Tensor) and k._data.ndim:
            dim += k._data.ndim if isinstance(k, Tensor) and k._data.dtype.kind == "b" else 1
            continue
        return False
    return True


def _expandable(value, shape):
    """Raise torch's expand error unless ``value`` (leading 1s dropped) expands to ``shape``."""
    vshape = value._data.shape
    while vshape and vshape[0] == 1:
        vshape = vshape[1:]
    try:
        if np.broadcast_shapes(vshape, shape) == tuple(shape) and len(vshape) <= len(shape):
            return
    except ValueError:
        pass
    Tensor._wrap(np.broadcast_to(np.zeros((), value._data.dtype), vshape)).expand(tuple(shape))


def _copy_to(t, value):
    """torch's copy_to: the same shape is copied, a 0-d value fills, anything else is expanded then copied."""
    if not isinstance(value, Tensor):
        value = as_tensor(value, dtype=t.dtype)
    if value._data.shape == t._data.shape:
        copy_(t, value)
    elif value._data.ndim == 0:
        fill_(t, value)
    else:
        shape = value._data.shape
        while shape and shape[0] == 1:  # torch drops leading 1s before expanding to the target
            shape = shape[1:]
        Tensor._wrap(value._data.reshape(shape)).expand(t._data.shape)
        _copy(t, value.reshape(shape), lambda: check_copy_to_overlap(t._data, value))  # the expanded value's overlap


def _index_error(t, key, e):
    """torch's IndexError for a key numpy refused: the one reading ``t[key]`` raises."""
    from .indexing import getitem
    try:
        getitem(Tensor._wrap(t._data), key)
    except IndexError as torch_error:
        return torch_error
    return IndexError(str(e).replace("axis", "dimension"))


def _setitem_result(x, key, v):
    """``y = x * 1; y[key] = v; return y`` (for the gradchecks)."""
    y = x * 1
    y[key] = v
    return y


def _numpy_key(t, key):
    """The numpy equivalent of ``key`` (tensors to arrays)."""
    if not isinstance(key, tuple):
        key = (key,)
    out = []
    for k in key:
        if isinstance(k, Tensor):
            k = k._data
        elif isinstance(k, list):
            k = as_tensor(k)._data
        out.append(k)
    return tuple(out)


def _key_view(t, key):
    """The view of ``t``'s memory a basic key selects, as torch's indexing makes it (numpy copies for a
    bool; torch unsqueezes for True, and selects nothing for False: an empty array then)."""
    npkey = _numpy_key(t, key)
    if any(k is False for k in npkey):
        return np.empty(0, t._data.dtype)
    npkey = tuple(None if k is True else k for k in npkey)
    return t._data[npkey if any(k is Ellipsis for k in npkey) else npkey + (Ellipsis,)]  # ...: a 0-d view, not a scalar


def _key_region(t, key):
    idx = np.arange(t._data.size, dtype=np.int64).reshape(t._data.shape)
    try:
        return np.ascontiguousarray(idx[_numpy_key(t, key)])
    except IndexError as e:
        raise _index_error(t, key, e) from None


def _broadcasts_to(shape, target):
    try:
        return np.broadcast_shapes(shape, target) == tuple(target)
    except ValueError:
        return False


def _indexed_shape(t, key):
    """The shape ``t[key]`` has, whatever the integer index tensors' values (torch checks the value's
    shape against it before their bounds); None where it cannot be told so."""
    keys = key if isinstance(key, tuple) else (key,)
    zeroed = []
    for k in keys:
        if isinstance(k, list):
            k = as_tensor(k)
        if isinstance(k, Tensor):
            k = k._data
        if isinstance(k, np.ndarray) and k.dtype.kind in "iu":
            k = np.zeros(k.shape, np.int64)
        zeroed.append(k)
    try:
        return np.broadcast_to(np.zeros((), bool), t._data.shape)[tuple(zeroed)].shape
    except IndexError as e:
        if 0 in t._data.shape:
            return None  # an index into an empty dim: the kernel's bounds error comes later
        raise _index_error(t, key, e) from None  # too many indices, a basic index or a mask's shape


def _drop_leading_ones(shape):
    shape = tuple(shape)
    while shape and shape[0] == 1:
        shape = shape[1:]
    return shape


def _masked_fill_dispatch(key, value):
    """torch's canDispatchToMaskedFill: a one-element value and one boolean (or uint8) mask tensor
    as the key's only tensor index."""
    if not isinstance(value, Tensor) or value._data.size != 1:
        return False
    keys = key if isinstance(key, tuple) else (key,)
    masks = [k for k in keys if isinstance(k, (Tensor, list, np.ndarray))]
    return len(masks) == 1 and isinstance(masks[0], Tensor) and masks[0]._data.ndim >= 1 and \
        masks[0]._data.dtype in (np.bool_, np.uint8)


def _index_tensors(key):
    keys = key if isinstance(key, tuple) else (key,)
    return tuple(k for k in keys if isinstance(k, Tensor))


def index_put_(t, indices, values, accumulate=False):
    """``t.index_put_(indices, values)``: torch's _index_put_impl_ checks, after the in-place write's
    own (leaf, views), the number of indices, then, unless it dispatches to masked_fill_ (one boolean
    mask, a one-element value), that neither the value nor an index tensor shares memory with ``t``."""
    indices = tuple(indices)
    check_writable(t, overlap_ok=True)
    if len(indices) > t._data.ndim:
        raise IndexError(f"too many indices for tensor of dimension {t._data.ndim} (got {len(indices)})")
    if accumulate or not _masked_fill_dispatch(indices, values):
        check_inputs_overlap(t, (values,), any_overlap=True)
        check_inputs_overlap(t, _index_tensors(indices), any_overlap=True)
    elif isinstance(values, Tensor) and np.shares_memory(values._data, t._data):
        # masked_fill_ reads the value's item() before writing: no overlap to refuse
        values = values.clone() if values._requires_grad else Tensor._wrap(values._data.copy())
    return _INDEX_PUT_METHOD(t, indices, values, accumulate=accumulate)


def _is_advanced(key):
    keys = key if isinstance(key, tuple) else (key,)
    return any(isinstance(k, (Tensor, list, np.ndarray)) for k in keys)


def _rename(node, name):
    """Report the node under torch's name for an advanced-index write (IndexPutBackward0)."""
    if node is not None and type(node) is CopySlices:
        node.__class__ = IndexPutCopy


class IndexPutCopy(CopySlices):
    """CopySlices as created by ``x[tensor_index] = v``: torch calls it IndexPutBackward0."""

    __slots__ = ()
    checks = ()
    cpp_name = False


IndexPutCopy.__name__ = IndexPutCopy.__qualname__ = "IndexPutBackward0"


# -- the in-place methods ----------------------------------------------------------

def _fast_binary(ufunc):
    """``t op= other`` without a graph: one numpy call into ``t``'s own memory."""
    def run(t, other):
        if t._data.dtype.kind != "f" or t._data.dtype.metadata is not None:
            return False  # integer and bool tensors take the general path, with torch's checks (bfloat16 too: it rounds)
        if isinstance(other, (bool, Tensor)) and (other is True or other is False or other._data.dtype.kind == "b"):
            return False  # the general path has torch's checks (a bool subtrahend is refused)
        A, B = binary_arrays(t, other)
        if A is not t._data:
            return False
        same = B.dtype == A.dtype if B.__class__ is np.ndarray else (B.__class__ is float and A.dtype.kind == "f")
        if not same and _category(np.result_type(A, B)) > _category(A.dtype):
            return False
        try:
            ufunc(A, B, out=A)
        except (ValueError, TypeError):
            return False
        t._bump_version()
        return True
    return run


def make_inplace(name, fn, fast=None, overlap_ok=False):
    """Build method ``name`` (``add_``) from the out-of-place function ``fn``."""
    clamp = name.startswith("clamp") or name == "clip_"
    cumulative = name in ("cumsum_", "cumprod_")
    def method(self, *args, **kw):
        if clamp and name in ("clamp_", "clip_") and len(args) + len(kw) >= 2:
            from .masked import clamp_bounds
            lo = args[0] if args else kw.get("min")
            hi = args[1] if len(args) > 1 else kw.get("max")
            lo, hi = clamp_bounds(lo, hi, name)  # torch parses the arguments before any check
            args, kw = (lo, hi), {}
        if cumulative and self._data.dtype.kind == "b":
            if args:
                from .support import wrap_dim
                wrap_dim(args[0], self._data.ndim)
            if not self._data.ndim or not self._data.size:  # no kernel runs: torch copies the tensor
                check_writable(self)
                self._bump_version()
                return self
            raise NotImplementedError(f"\"{name[:-1]}_out_cpu\" not implemented for 'Bool'")
        # (not inside a forward-AD dual level: the general path carries the tangent)
        if fast is not None and not kw and len(args) == 1 and _node.TANGENT_HOOK[0] is None and not _recording(
                self, args) and not overlapping(self._data) and not (
                isinstance(args[0], Tensor) and np.may_share_memory(args[0]._data, self._data)):
            check_writable(self)
            if fast(self, operand(args[0])):
                return self
        names = None
        if clamp and not any(isinstance(a, Tensor) for a in tuple(args) + tuple(kw.values())):
            names = C_NAMES
        return inplace(self, fn, *args, overlap_ok=overlap_ok, names=names, **kw)
    method.__name__ = name
    method.__doc__ = f"In-place version of {name[:-1]}()."
    return method


def fill_(t, value):
    """Fill with ``value`` in place."""
    if isinstance(value, Tensor):
        if value._data.ndim:
            raise RuntimeError(f"fill_ only supports 0-dimension value tensor but got tensor with "
                               f"{value._data.ndim} dimensions.")
        # torch's fill_ copies a value that aliases self first (no overlap check then)
        return inplace(t, FillBackward3.apply, value, alias_ok=True)
    # torch fills an expanded tensor with a number, but not with a tensor's value
    return inplace(t, lambda a: FillBackward2.apply(a, value=value), overlap_ok=True)


def zero_(t):
    """Set every element to zero in place."""
    check_writable(t, overlap_ok=True)
    if not _recording(t, ()):
        t._data.fill(0)
        t._bump_version()
        _written_tangent(t, lambda: _zero_tangent(t))
        return t
    return inplace(t, ZeroBackward0.apply, overlap_ok=True)


def _zero_tangent(t):
    from ..creation import zeros_like
    return zeros_like(t.detach()) if _has_tangent(t) else None


def copy_(t, src, non_blocking=False):
    """Copy ``src`` (broadcast) into this tensor in place."""
    src = as_tensor(src)
    return _copy(t, src, lambda: check_inputs_overlap(t, (src,)))


def _copy(t, src, check_overlap):
    # torch's copy_ of a tensor into itself, or of the same memory seen the same way, returns before the kernel
    same = src is t or _same_data(t._data, src._data)
    check_writable(t, overlap_ok=same)
    check_overlap()
    shape, sshape = t._data.shape, src._data.shape
    if sshape != shape:
        try:
            both = np.broadcast_shapes(shape, sshape)
        except ValueError:
            from .support import broadcast_error
            raise broadcast_error(shape, sshape) from None
        if both != shape:
            raise RuntimeError(f"output with shape {list(shape)} doesn't match the broadcast shape {list(both)}")
    if not _recording(t, (src,)) or t._data.dtype.kind not in "fc":  # copy_ records only floating results
        v = src._data if t._data.dtype.metadata is None or src._data.dtype.metadata is not None else to_bf16(src._data)
        np.copyto(t._data, np.broadcast_to(v, shape), casting="unsafe")
        t._bump_version()
        _written_tangent(t, lambda: _copied_tangent(t, src))
        return t
    return inplace(t, CopyBackwards.apply, src, overlap_ok=same)


def _same_data(a, b):
    """torch's copy_ shortcut: the same memory with the same shape, strides and dtype."""
    return a.shape == b.shape and a.dtype == b.dtype and a.strides == b.strides and (
        a.__array_interface__["data"][0] == b.__array_interface__["data"][0])


def _copied_tangent(t, src):
    """The tangent ``copy_`` leaves: src's, broadcast and cast as the values were (zeros without one)."""
    fw = getattr(src, "_fw", None)
    if fw is None:
        return _zero_tangent(t)
    if t._data.dtype.kind != "f":
        return None
    if fw._data.shape != t._data.shape:
        fw = fw.expand(t.shape)
    return fw.to(t.dtype).clone()


# the core calls these while it runs (upcalls.py); it never imports this module
upcalls.provide(regenerate_view=regenerate_view, copy_grad=CopyBackwards.apply)
