"""Shape ops as rows: an op that moves no values, declared as data.

A shape row gives the forward on the input's array (for a view, a numpy view of it)
and the backward as the inverse shape op, in engine ops::

    TRANSPOSE = shape_row("TransposeBackward0", _swap, params=("d0", "d1"),
                          grad=lambda grad, d0, d1: grad.transpose(d0, d1),
                          explain="grad_self = grad.transpose(dim0, dim1)",
                          checks=(check(lambda x: x.transpose(0, 2), (2, 3, 4)),))

From it the table makes the node class (torch's name), whose ``apply(input, **params)``
runs ``forward(array, *params)``. A **view** row (the default) stays a view: the node is
``is_view``, its result shares the input's memory and version counter, and its
``replay(arr)`` (the same view of another array, which in-place writes through views
use to rewrite the base's history) is the forward again, or ``replay(arr, *params)``
where the view needs no checks the second time. ``view=False`` declares a copy
(``clone``, ``_unsafe_view``).

**What a rule reads is its parameters**: after ``grad``, ``in_shape`` (the input's
shape), ``in_dtype`` (its dtype), or a parameter of the op; the node keeps those and
nothing else (no tensor). The forward-mode rule is the op itself applied to the tangent
(a shape op is linear). The node class's ``forward``, ``backward`` and ``replay`` are
generated as source with the parameters spelled out (as torch's codegen does), since
views such as ``t()`` and ``reshape`` run on every step of a training loop.
"""

import sys

from ..node import Node
from .table import ROWS, Row

__all__ = ["shape_row", "ShapeRow"]

_KNOWN = ("in_shape", "in_dtype")


class ShapeRow(Row):
    """A shape op's row: ``node`` is the generated class; names and functions stay with
    the hand-written ``torch.*`` function (argument checks, -1 sizes, wrapped dims)."""

    __slots__ = ()

    def jvp(self, ctx, *tangents):
        (t,) = tangents
        if t is None:
            return None
        cls = type(ctx)
        return cls.apply(t, **{k: getattr(ctx, slot) for k, slot in cls._params})


def _source(pnames, reads, keeps, slot_of, view, has_replay):
    """The node's methods as source: the parameters spelled out, nothing looked up by name at run time."""
    sig = "".join(f", {p}" for p in pnames)
    lines = [f"def forward(ctx, a{sig}):"]
    if "in_shape" in keeps:
        lines.append("    ctx.in_shape = a._data.shape")
    if "in_dtype" in keeps:
        lines.append("    ctx.in_dtype = a.dtype")
    lines += [f"    ctx.{slot_of[p]} = {p}" for p in pnames]
    lines.append(f"    return _forward(a._data{sig})")
    lines.append("def backward(ctx, grad):")
    lines.append(f"    return _rule(grad{''.join(f', ctx.{r}' for r in reads)})")
    if view:
        lines.append("def replay(ctx, arr):")
        lines.append(f"    return {'_replay' if has_replay else '_forward'}(arr{''.join(f', ctx.{p}' for p in pnames)})")
    return "\n".join(lines) + "\n"


def shape_row(node, forward, *, grad, explain, checks, params=(), view=True, replay=None, **extra):
    """Declare a shape op (see the module docstring): ``node`` is torch's node name,
    ``forward(array, *params)`` the result's array, ``grad`` the backward rule."""
    module = sys._getframe(1).f_globals.get("__name__", __name__)
    pnames = tuple(params)
    code = grad.__code__
    reads = code.co_varnames[1:code.co_argcount]
    for n in reads:
        if n not in _KNOWN and n not in pnames:
            raise TypeError(f"{node}: the rule reads {n!r}, which is neither in_shape, in_dtype nor a parameter "
                            f"({', '.join(pnames) or 'none'})")
    # every parameter is kept (a view replays itself from them; the forward-mode rule re-applies the
    # op); under its own name (shown by %explain) where the rule or the replay reads it, else hidden
    keeps = set(reads)
    slot_of = {p: p if view or p in reads else "_" + p for p in pnames}
    slots = tuple(n for n in _KNOWN if n in keeps) + tuple(slot_of[p] for p in pnames)
    ns = {"_forward": forward, "_rule": grad, "_replay": replay}
    # (compiled under this file's name: a traceback through it is the engine's, as the interpreter tells them)
    exec(compile(_source(pnames, reads, keeps, slot_of, view, replay is not None), f"{__file__}:{node}", "exec"),
         ns)  # noqa: S102 - our own template
    body = {"__slots__": slots, "__module__": module, "__qualname__": node, "explain": explain,
            "checks": tuple(checks), "is_view": view, "_params": tuple(slot_of.items()),
            "forward": ns["forward"], "backward": ns["backward"]}
    if view:
        body["replay"] = ns["replay"]
    body.update(extra)
    cls = type(node, (Node,), body)
    r = ShapeRow()
    r.names, r.node, r.function, r.method, r.extra_methods = (), cls, None, False, {}
    # (``_jvp`` set: the forward rule is the row's own, not the backward's applied to the tangent)
    r._jvp, r._rules, r.inplace, r.inplace_node = "linear", (grad,), False, None
    cls._row = r
    ROWS.append(r)
    return r
