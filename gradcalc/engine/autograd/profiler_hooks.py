"""How a profile sees the engine run: wrappers put on the op classes only while it records.

Nothing here costs anything when no profile is active: the engine's classes are left
as they are. ``install(recorder)`` wraps, on every op class (``node.OPS``, and any
declared while recording), ``forward`` (an ``aten::<op>`` range around the op's
computation, however the op was reached: an operator, a Tensor method, a torch
function, another op's rule), ``backward`` and ``array_backward`` (torch's
``autograd::engine::evaluate_function: MulBackward0`` range with the node's own
``MulBackward0`` range inside it), and the backward pass's delivery to a leaf
(``torch::autograd::AccumulateGrad``); Tensor's in-place methods (``aten::add_``), custom
Functions (their name, and their ``<Name>Backward`` node) and torch.optim's
``Optimizer.step#SGD.step`` / ``Optimizer.zero_grad#SGD.zero_grad``. ``uninstall()`` puts every original back;
a profile calls it on exit whatever happened inside.

Op names are torch's ATen names derived from the node class names:
``AddmmBackward0`` -> ``aten::addmm``, ``MaxPool2DWithIndicesBackward0`` ->
``aten::max_pool2d_with_indices``; ``_ATEN_NAMES`` lists where torch names the op
otherwise.
"""

from __future__ import annotations

import re
import time

import numpy as np

from .profiler_util import FunctionEvent

# where the ATen op is not the node's name in snake case
_ATEN_NAMES = {
    "LogSoftmax": "_log_softmax", "Softmax": "_softmax", "UnsafeView": "_unsafe_view",
    "NllLoss": "nll_loss_forward", "NllLoss2D": "nll_loss2d_forward", "Copy": "copy_", "Fill": "fill_",
    "Zero": "zero_",
}

_SUFFIX = re.compile(r"Backward\d*$")
_DIGIT_D = re.compile(r"(\d)D")
_WORD = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")

#: The recorder of the running profile, or None (read by every wrapper).
ACTIVE = [None]

_ORIGINALS = []  # (class, attribute, what its own __dict__ held or _ABSENT)
_ABSENT = object()
_WRAPPED_MARK = "_gc_profiler_original"


def aten_name(cls_name):
    """``aten::<op>`` for a node class name."""
    base = _SUFFIX.sub("", cls_name)
    name = _ATEN_NAMES.get(base)
    if name is None:
        name = _WORD.sub("_", _DIGIT_D.sub(lambda m: m.group(1) + "d", base)).lower()
    return "aten::" + name


class Recorder:
    """The ranges of one profile: a flat list in start order and the stack of open ones."""

    __slots__ = ("events", "open", "record_shapes", "profile_memory", "with_flops", "t0", "outs")

    def __init__(self, record_shapes=False, profile_memory=False, with_flops=False):
        self.events = []
        self.open = []
        self.record_shapes = record_shapes
        self.profile_memory = profile_memory
        self.with_flops = with_flops
        self.t0 = time.perf_counter_ns()
        self.outs = {}  # event id -> ids of the arrays the range returned (for self memory)

    def push(self, name, args=(), params=None, user=False):
        shapes = None
        if self.record_shapes or self.with_flops:
            shapes = [_shape(a) for a in args] + ([[] for _ in params] if params else [])
        evt = FunctionEvent(len(self.events), name, (time.perf_counter_ns() - self.t0) / 1000.0,
                            input_shapes=shapes if self.record_shapes else None, is_user_annotation=user)
        if self.with_flops and shapes:
            evt.flops = flops(name, shapes)
        if self.open:
            parent = self.open[-1]
            evt.cpu_parent = parent
            parent.cpu_children.append(evt)
        self.events.append(evt)
        self.open.append(evt)
        return evt

    def pop(self, evt, result=None):
        """Close ``evt`` (and whatever was left open inside it)."""
        end = (time.perf_counter_ns() - self.t0) / 1000.0
        if evt not in self.open:
            return
        while self.open:
            top = self.open.pop()
            top.end_us = end
            if self.profile_memory:
                self._memory(top, result if top is evt else None)
            if top is evt:
                break

    def discard(self, evt):
        """Forget ``evt`` and everything recorded inside it (a range that turned out not to run)."""
        if evt not in self.open:
            return
        while self.open and self.open.pop() is not evt:
            pass
        for dropped in self.events[evt.id:]:
            self.outs.pop(dropped.id, None)
        del self.events[evt.id:]
        if evt.cpu_parent is not None:
            evt.cpu_parent.cpu_children.remove(evt)

    def close_all(self):
        while self.open:
            self.pop(self.open[0])

    def _memory(self, evt, result):
        """Bytes the range allocated: arrays it returned that no range inside it made, plus theirs."""
        children = evt.cpu_children
        made_inside = set()
        for c in children:
            made_inside.update(self.outs.get(c.id, ()))
        own = 0
        ids = []
        for a in _arrays(result):
            ids.append(id(a))
            if id(a) not in made_inside and a.base is None:
                own += a.nbytes
        if ids:
            self.outs[evt.id] = ids
        evt.self_cpu_memory_usage = own
        evt.cpu_memory_usage = own + sum(c.cpu_memory_usage for c in children)


def flops(name, shapes):
    """torch's FLOP count for the ops it counts (0 for the others): a matrix product's
    2·M·K·N, an elementwise ``mul``/``add``'s number of results."""
    try:
        if name == "aten::mm":
            (m, k), (_, n) = shapes[0], shapes[1]
            return 2 * m * k * n
        if name == "aten::addmm":
            (m, k), (_, n) = shapes[1], shapes[2]
            return 2 * m * k * n
        if name in ("aten::bmm", "aten::baddbmm"):
            (b, m, k), (_, _, n) = shapes[0:2] if name == "aten::bmm" else shapes[1:3]
            return 2 * b * m * k * n
        if name in ("aten::mul", "aten::add"):
            return int(np.prod(np.broadcast_shapes(*(tuple(s) for s in shapes[:2]))))
    except (ValueError, TypeError):
        return 0
    return 0


def _shape(value):
    shape = getattr(value, "shape", None)
    if shape is not None and not isinstance(value, (int, float, complex, bool)):
        try:
            return [int(d) for d in shape]
        except TypeError:
            return []
    return []


def _arrays(result):
    if isinstance(result, tuple):
        for r in result:
            yield from _arrays(r)
        return
    data = getattr(result, "_data", result)
    if isinstance(data, np.ndarray):
        yield data


# -- the wrappers ------------------------------------------------------------------------------

def _forward_wrapper(original, name):
    inplace_name = name + "_"

    def forward(ctx, *args, **params):
        rec = ACTIVE[0]
        if rec is None or rec.open and rec.open[-1].name == inplace_name:
            return original(ctx, *args, **params)  # (x.add_(y) is one aten::add_ row, as in torch)
        evt = rec.push(name, args, params)
        out = None
        try:
            out = original(ctx, *args, **params)
            return out
        finally:
            rec.pop(evt, out)
    setattr(forward, _WRAPPED_MARK, original)
    return forward


def _backward_wrapper(original, name, arrays=False):
    outer_name = "autograd::engine::evaluate_function: " + name

    def backward(ctx, *grads):
        rec = ACTIVE[0]
        if rec is None:
            return original(ctx, *grads)
        outer = rec.push(outer_name)
        rec.push(name)
        out = None
        try:
            out = original(ctx, *grads)
            return out
        finally:
            if arrays and out is NotImplemented:
                rec.discard(outer)  # the rule runs on tensors instead: that call records it
            else:
                rec.pop(outer, out)
    setattr(backward, _WRAPPED_MARK, original)
    return backward


def _accumulate_wrapper(original):
    outer_name = "autograd::engine::evaluate_function: torch::autograd::AccumulateGrad"

    def accumulate(task, node, grads_out):
        rec = ACTIVE[0]
        if rec is None:
            return original(task, node, grads_out)
        outer = rec.push(outer_name)
        rec.push("torch::autograd::AccumulateGrad")
        try:
            return original(task, node, grads_out)
        finally:
            rec.pop(outer)
    setattr(accumulate, _WRAPPED_MARK, original)
    return accumulate


def _range_wrapper(original, name_of):
    """A range named ``name_of(first argument)`` around ``original`` (in-place methods, custom
    Functions' forward, an optimizer's step)."""
    def ranged(first, *args, **kwargs):
        rec = ACTIVE[0]
        if rec is None:
            return original(first, *args, **kwargs)
        evt = rec.push(name_of(first), (first,) + args if rec.record_shapes or rec.with_flops else ())
        try:
            return original(first, *args, **kwargs)
        finally:
            rec.pop(evt)  # (an in-place op returns its input: it allocated nothing)
    setattr(ranged, _WRAPPED_MARK, original)
    return ranged


def _custom_backward_wrapper(original):
    """A custom Function's backward node: torch's two ranges, named after the node's class."""
    def backward(ctx, *grads):
        rec = ACTIVE[0]
        if rec is None:
            return original(ctx, *grads)
        name = type(ctx).__name__
        outer = rec.push("autograd::engine::evaluate_function: " + name)
        rec.push(name)
        try:
            return original(ctx, *grads)
        finally:
            rec.pop(outer)
    setattr(backward, _WRAPPED_MARK, original)
    return backward


# Tensor methods ending in ``_`` that are not ops torch's profiler shows
_NOT_INPLACE_OPS = frozenset({"requires_grad_", "share_memory_", "retain_grad_"})


def _patch_inplace_methods():
    """``x.add_(y)``, ``x += y``: an ``aten::add_`` range (the op they run inside it is not a row of
    its own, as in torch)."""
    from ..ops import METHODS
    from ..tensor import Tensor

    for name, fn in list(METHODS.items()):
        if not name.endswith("_") or name.startswith("_") or name in _NOT_INPLACE_OPS:
            continue
        if Tensor.__dict__.get(name) is not fn:
            continue
        wrapper = _range_wrapper(fn, lambda _t, _n="aten::" + name: _n)
        _replace(Tensor, name, wrapper)
        _ORIGINALS.append((METHODS, name, fn))  # (restored as a dict entry: see _restore)
        dict.__setitem__(METHODS, name, wrapper)


def _patch_custom_functions():
    from . import function

    forward_apply = function.Function.__dict__["_apply"].__func__

    def _apply(cls, *args, **kwargs):
        rec = ACTIVE[0]
        if rec is None:
            return forward_apply(cls, *args, **kwargs)
        evt = rec.push(cls.__name__)
        try:
            return forward_apply(cls, *args, **kwargs)
        finally:
            rec.pop(evt)
    _replace(function.Function, "_apply", classmethod(_apply))
    _replace(function.BackwardCFunction, "backward", _custom_backward_wrapper(function.BackwardCFunction.backward))


def _patch_optimizers():
    """``Optimizer.step#SGD.step`` and ``Optimizer.zero_grad#SGD.zero_grad``, as torch's optimizers
    name their steps (only when torch.optim has been imported: no optimizer exists before)."""
    import sys

    optim = sys.modules.get("gradcalc.engine.optim.optimizer")
    if optim is None:
        return
    todo, seen = [optim.Optimizer], set()
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        todo.extend(cls.__subclasses__())
        for method in ("step", "zero_grad"):
            fn = cls.__dict__.get(method)
            if callable(fn) and not isinstance(fn, (staticmethod, classmethod)):
                _replace(cls, method, _range_wrapper(
                    fn, lambda opt, _m=method: f"Optimizer.{_m}#{type(opt).__name__}.{_m}"))


def _replace(cls, attr, value):
    _ORIGINALS.append((cls, attr, cls.__dict__.get(attr, _ABSENT)))
    setattr(cls, attr, value)


def _unwrapped(fn):
    return getattr(fn, _WRAPPED_MARK, fn)


def _patch_op(cls):
    name = aten_name(cls.__name__)
    _replace(cls, "forward", _forward_wrapper(_unwrapped(cls.forward), name))
    backward = getattr(cls, "backward", None)
    if callable(backward):
        _replace(cls, "backward", _backward_wrapper(_unwrapped(backward), cls.__name__))
    array_backward = cls.__dict__.get("array_backward") or getattr(cls, "array_backward", None)
    if callable(array_backward) and not isinstance(array_backward, (staticmethod, classmethod)):
        _replace(cls, "array_backward", _backward_wrapper(_unwrapped(array_backward), cls.__name__, True))


def install(recorder):
    """Start recording into ``recorder``: wrap the op classes (see the module docstring)."""
    from .. import backward as engine_backward
    from ..node import OPS, Node

    if ACTIVE[0] is not None:
        raise RuntimeError("a profile is already recording: gradcalc records one profile at a time "
                           "(stop the other one first)")
    try:
        for cls in list(OPS):
            if isinstance(cls.__dict__.get("forward"), (staticmethod, classmethod)):
                continue
            _patch_op(cls)
        original_init_subclass = Node.__dict__["__init_subclass__"]

        def __init_subclass__(cls, **kw):  # an op class declared while recording (a lazily imported layer)
            original_init_subclass.__func__(cls, **kw)
            if "forward" in cls.__dict__ and not cls.__name__.startswith("_") and callable(cls.__dict__["forward"]):
                _patch_op(cls)
        _replace(Node, "__init_subclass__", classmethod(__init_subclass__))
        task = engine_backward._GraphTask
        _replace(task, "accumulate", _accumulate_wrapper(task.accumulate))
        _patch_inplace_methods()
        _patch_custom_functions()
        _patch_optimizers()
    except BaseException:
        _restore()
        raise
    ACTIVE[0] = recorder


def uninstall():
    """Stop recording and put every wrapped attribute back as it was."""
    ACTIVE[0] = None
    _restore()


def _restore():
    while _ORIGINALS:
        cls, attr, was = _ORIGINALS.pop()
        if isinstance(cls, dict):
            dict.__setitem__(cls, attr, was)
        elif was is _ABSENT:
            try:
                delattr(cls, attr)
            except AttributeError:
                pass
        else:
            setattr(cls, attr, was)


def installed():
    """Whether the wrappers are in place (tests)."""
    return bool(_ORIGINALS)
