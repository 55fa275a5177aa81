"""Reductions as rows: an op that folds dims of one tensor, declared as data.

A reduction row says what torch's ``derivatives.yaml`` says of a reduction, beside its
forward::

    SUM = reduction("sum", "SumBackward1", _sum, whole="SumBackward0", params={"dtype": None},
                    grad=lambda grad, shape: grad.expand(shape) if shape else grad,
                    explain="grad_self = grad expanded to self's shape",
                    checks=(check(lambda x: x.sum(1), (2, 3)),), doc="Sum of ...")

It makes one node class per overload, named as torch names them: ``node`` for the one
taking dims (``apply(input, dims=..., keepdim=..., **params)``; ``dim="dim"`` for the
overloads taking one int, as ``prod(input, dim)``) and ``whole`` for the one reducing
every element (``apply(input, **params)``). ``forward(array, dims, keepdim, **params)``
computes on the input's values (``dims`` None for the whole tensor); with
``tensor=True`` it gets the Tensor.

**What a rule reads is its parameters** (as in ``table.row``): after ``grad``,

- ``self`` the input (then saved; only then), ``result`` the output;
- ``shape`` the input's shape, kept on the node instead of the input: a rule that only
  needs the shape (sum, mean) keeps no tensor alive (torch's ``self_sym_sizes``);
- ``dims`` the reduced dims (a sorted tuple; None for the whole tensor), ``keepdim``,
  ``count`` the number of elements folded into each output element;
- any keyword parameter of the op (``dtype``): those given are kept on the node (``_kw``).

``grad`` and ``result`` reach the rule with the reduced dims put back as size 1 (as
``keepdim=True`` leaves them), so they broadcast against the input; a 0-d input and the
whole-tensor overload leave them as they are. The forward-mode rule is ``jvp`` (a
reduction's Jacobian is not diagonal, so none is derived from the backward):
``LINEAR`` for reductions linear in the input (the same reduction of the tangent); by
default ``DOUBLE_VJP`` (J·t from the backward rule: the gradient in u of ⟨Jᵀu, t⟩).
"""

import math
import sys
from operator import attrgetter

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .support import expand_reduced
from .table import ROWS, Row

__all__ = ["reduction", "LINEAR", "DOUBLE_VJP"]

#: ``jvp=LINEAR``: the op is linear in its input, so its tangent is the op applied to the tangent.
LINEAR = "linear"
#: the default: J·t computed from the backward rule (double-vjp), exact but two passes.
DOUBLE_VJP = "double-vjp"

_KNOWN = ("self", "result", "shape", "dims", "keepdim", "count")


def _counter(shape_attr):
    shape_of = attrgetter(shape_attr)

    def count(ctx):
        dims = ctx._axes
        shape = shape_of(ctx)
        if dims is None:
            return math.prod(shape)
        n = 1
        for d in dims:
            n *= shape[d]
        return n
    return count


def _reader(name, along, params, shape_attr):
    """How a rule's parameter is read from the node (C-level attribute reads where possible)."""
    if name == "self":
        return lambda ctx: ctx.saved_tensors[0]
    if name == "result":
        if along:
            return lambda ctx: _restored(ctx, ctx.result)
        return attrgetter("result")
    if name == "dims":
        return attrgetter("_axes")
    if name == "count":
        return _counter(shape_attr)
    if name == "shape":
        return attrgetter(shape_attr)
    if name in params:  # the given keyword parameters are kept in ``_kw``; the rest are the defaults
        default = params[name]
        return lambda ctx: (getattr(ctx, "_kw", None) or {}).get(name, default)
    return attrgetter(name)  # keepdim, dim


def _restored(ctx, t):
    """``t`` with the reduced dims put back as size 1 (nothing to do for keepdim or a 0-d input)."""
    shape = ctx._in_shape
    if not shape or ctx.keepdim:
        return t
    return expand_reduced(t, shape, ctx._axes, False)


def _reduce_class(node_name, module, forward, rule, along, dim, params, tensor, explain, checks, extra):
    code = rule.__code__
    names = code.co_varnames[1:code.co_argcount]
    for n in names:
        if n not in _KNOWN and n not in params and n != dim:
            raise TypeError(f"{node_name}: the rule reads {n!r}, which is neither an input, the result, "
                            f"shape/dims/keepdim/count nor a parameter ({', '.join(params) or 'none'})")
    # the input's shape is kept always (the gradient is shaped by it); under its public name
    # (shown by %explain, as torch's ``self_sym_sizes``) when the rule reads it
    shape_attr = "shape" if "shape" in names or "count" in names else "_shape"
    readers = tuple(_reader(n, along, params, shape_attr) for n in names)
    saves_self = "self" in names
    pdefaults = tuple(params.values())
    items = tuple(params.items())
    # (%explain shows the public slots, in this order; ``_axes``: the reduced dims, normalised)
    slots = ((dim, "keepdim") if along else ()) + (shape_attr, "_kw") + (("_axes",) if along else ())

    def _given(ctx, kw):
        """The keyword parameters given (kept on the node), with the defaults filled in."""
        ctx._kw = kw
        return tuple([kw.get(k, v) for k, v in items])

    # the forward, generated with the overload's parameters spelled out (as torch's codegen does)
    lines = ["def forward(ctx, a" + (f", {dim}, keepdim=False" if along else "") + ", **kw):",
             f"    ctx.{shape_attr} = a._data.shape"]
    if along and dim == "dim":  # one int (prod(input, dim)): the reduced dims are (dim,)
        lines += ["    ctx.dim = dim", "    ctx._axes = axes = None if dim is None else (dim,)"]
    elif along:
        lines += ["    ctx.dims = ctx._axes = axes = dims"]
    if along:
        lines.append("    ctx.keepdim = keepdim")
    if saves_self:
        lines.append("    ctx.save_for_backward(a)")
    lines.append(f"    return _forward({'a' if tensor else 'a._data'}, {'axes, keepdim' if along else 'None, False'}, "
                 f"*(_given(ctx, kw) if kw else _defaults))")
    env = {"_forward": forward, "_given": _given, "_defaults": pdefaults}
    # (compiled under this file's name: a traceback through it is the engine's, as the interpreter tells them)
    exec(compile("\n".join(lines) + "\n", f"{__file__}:{node_name}", "exec"), env)  # noqa: S102 - our template
    fwd = env["forward"]

    bwd = _backward(rule, readers, along)
    ns = {"__slots__": slots, "__module__": module, "__qualname__": node_name, "explain": explain,
          "checks": tuple(checks), "saves_output": "result" in names, "forward": fwd, "backward": bwd,
          "_in_shape": property(attrgetter(shape_attr))}
    if not along:
        ns["keepdim"] = False  # (a rule may read it; the whole-tensor overload has none)
        ns["_axes"] = None
    ns.update(extra)
    return type(node_name, (Node,), ns)


def _backward(rule, readers, along):
    """The node's backward: the rule applied to the gradient (the reduced dims put back as
    size 1 for the overload taking dims) and what it reads (specialised by count: it runs
    once per node per backward pass)."""
    if along:
        def restore(ctx, grad):
            shape = ctx._in_shape
            if shape and not ctx.keepdim:
                return expand_reduced(grad, shape, ctx._axes, False)
            return grad
        if len(readers) == 1:
            r0, = readers
            return lambda ctx, grad: rule(restore(ctx, grad), r0(ctx))
        if len(readers) == 2:
            r0, r1 = readers
            return lambda ctx, grad: rule(restore(ctx, grad), r0(ctx), r1(ctx))
        return lambda ctx, grad: rule(restore(ctx, grad), *[r(ctx) for r in readers])
    if len(readers) == 1:
        r0, = readers
        return lambda ctx, grad: rule(grad, r0(ctx))
    if len(readers) == 2:
        r0, r1 = readers
        return lambda ctx, grad: rule(grad, r0(ctx), r1(ctx))
    return lambda ctx, grad: rule(grad, *[r(ctx) for r in readers])


class ReductionRow(Row):
    """A reduction's row: ``node`` (the overload taking dims), ``whole`` (the one reducing
    every element, or None), ``function``; ``jvp`` as ``Row.jvp``."""

    __slots__ = ("whole",)

    def jvp(self, ctx, *tangents):
        (t,) = tangents
        if t is None:
            return None
        if self._jvp is LINEAR:
            cls = type(ctx)
            params = dict(getattr(ctx, "_kw", None) or {})
            if cls is self.node and self.node is not self.whole:
                dim = "dim" if "dim" in cls.__slots__ else "dims"
                params[dim], params["keepdim"] = getattr(ctx, dim), ctx.keepdim
            return cls.apply(t, **params)
        if self._jvp is DOUBLE_VJP:
            return _double_vjp(ctx, t)
        return self._jvp(ctx, t)


def _double_vjp(ctx, t):
    """J·t from the node's backward: the gradient in u of ⟨Jᵀu, t⟩ (exact: Jᵀu is linear in u).
    Under grad mode the result stays differentiable (reverse over forward), else it is detached."""
    from ..backward import grad as _grad
    from ..grad_mode import STATE, enable_grad

    from ..node import TANGENT_HOOK
    keep_graph = STATE.grad_enabled
    # at a nested forward level (torch.func.jvp in jvp) the lower levels' tangents are pushed through
    # the backward: in engine ops (the caller detaches what it must)
    nested = TANGENT_HOOK[0] is not None
    shape, dtype = ctx._outs[0]
    with enable_grad():
        u = Tensor._wrap(np.ones(shape, dtype)).requires_grad_()
        g = ctx.backward(u)
        if t.dtype is not g.dtype:
            t = t.to(g.dtype)
        total = (g * t).sum()
        if not total._requires_grad:
            return None
        (du,) = _grad(total, [u], allow_unused=True, create_graph=keep_graph or nested)
    return None if du is None else du if keep_graph or nested else du.detach()


def reduction(names, node, forward, *, grad, explain, checks, doc, whole=None, whole_checks=(), whole_explain=None,
              dim="dims", params=None, function=None, jvp=DOUBLE_VJP, method=True, tensor=False, **extra):
    """Declare a reduction (see the module docstring). ``node``/``whole``: torch's node names
    for the overload taking dims and the whole-tensor one (either may be None); ``checks``
    and ``whole_checks`` their gradcheck cases. ``function``: the ``torch.*`` function (the
    argument handling, torch's checks), calling ``row.node.apply`` / ``row.whole.apply``;
    ``whole_explain`` the whole-tensor node's ``%explain`` text where it differs."""
    names = tuple(names.split()) if isinstance(names, str) else tuple(names)
    module = sys._getframe(1).f_globals.get("__name__", __name__)
    params = dict(params or {})
    r = ReductionRow()
    r.node = r.whole = None
    if node is not None:
        r.node = _reduce_class(node, module, forward, grad, True, dim, params, tensor, explain, checks, extra)
        r.node._row = r
    if whole is not None:
        r.whole = _reduce_class(whole, module, forward, grad, False, dim, params, tensor, whole_explain or explain,
                                whole_checks if node is not None else checks, extra)
        r.whole._row = r
    if r.node is None:
        r.node = r.whole
    r.names, r.method, r._jvp, r._rules, r.extra_methods = names, method, jvp, (grad,), {}
    r.inplace, r.inplace_node = False, None
    if function is not None and doc and not function.__doc__:
        function.__doc__ = doc
    r.function = function
    ROWS.append(r)
    return r
