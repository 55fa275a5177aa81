"""``%explain T [--gradient V] [--accumulate]``: T's backward pass, step by step;
``%explain T --forward [--tangent V]``: the forward-mode pass that gives J·t, step by step
(explain_forward_render.py); ``%explain opt.step()``: what an optimizer step would do
(explain_step.py), changing nothing.

Runs the pass as ``autograd.grad`` would: nothing is stored in any ``.grad`` and the
graph is kept, so ``%explain out`` then ``out.backward()`` gives the same ``.grad`` as
``out.backward()`` alone (``--dry``, the old spelling, is the default now). With
``--accumulate`` the gradients land in ``.grad`` as ``T.backward(V, retain_graph=True)``
would. After ``T.backward()`` freed the graph, the values that backward used are still
shown (the engine keeps the last backward's for this). It prints what the engine did:
gradients in, the rule, gradients out, what each ``.grad`` gets. The recording is the
engine's (gradcalc.engine.explain), the text is explain_render's.
"""

from __future__ import annotations

import re

from gradcalc.engine import Tensor, tensor
from gradcalc.engine.explain import explain_backward

from ..styled import show
from .bound_names import BoundNames
from .explain_render import render_trace
from .magic_args import ArgsError, split_args

USAGE = ("%explain T [--gradient V] [--accumulate]   or   %explain T --forward [--tangent V]   or   "
         "%explain OPTIMIZER.step()")
_STEP_CALL = re.compile(r"^\s*(.+?)\s*\.\s*step\s*\(\s*\)\s*$")
OPTIONS = {"gradient": True, "dry": False, "accumulate": False, "forward": False, "tangent": True}
MAX_STEPS = 500  # node steps shown; a longer pass still runs in full and says how many more there were

# Errors the engine raises for a backward it refuses (non-scalar without gradient, freed graph...).
_ENGINE_ERRORS = (RuntimeError, TypeError, ValueError, IndexError)


def run(ctx, args: str) -> None:
    try:
        expr, opts = split_args(args, OPTIONS)
    except ArgsError as e:
        raise ctx.error("UsageError", f"{e}\nusage: {USAGE}") from None
    session = ctx.session
    step = _STEP_CALL.match(expr)
    if step is not None:
        opt = session.eval(step.group(1))
        from gradcalc.engine.optim import Optimizer

        if isinstance(opt, Optimizer):
            _explain_step(ctx, opt, expr, opts)
            return
    t = session.eval(expr)
    if not isinstance(t, Tensor):
        raise ctx.error("TypeError", f"%explain needs a tensor, got {type(t).__name__}")
    if "forward" in opts or "tangent" in opts:
        _explain_forward(ctx, t, expr, opts)
        return
    gradient = None
    if "gradient" in opts:
        gradient = session.eval(opts["gradient"])
        if not isinstance(gradient, Tensor):
            try:
                gradient = tensor(gradient, dtype=t.dtype)
            except _ENGINE_ERRORS as e:
                raise ctx.error(type(e).__name__, f"--gradient: {e}") from None
    try:
        if "dry" in opts and "accumulate" in opts:
            raise ctx.error("UsageError", f"--dry and --accumulate contradict each other\nusage: {USAGE}")
        trace = explain_backward(t, gradient, dry="accumulate" not in opts, retain_graph=True,
                                 max_steps=MAX_STEPS)
    except _ENGINE_ERRORS as e:
        raise ctx.error(type(e).__name__, str(e)) from None
    show(ctx.output, render_trace(trace, BoundNames(session.namespace), title=expr))


def _explain_step(ctx, opt, expr, opts):
    """A dry run of ``opt.step()`` (the engine's, on copies), rendered per parameter group."""
    from gradcalc.engine.optim.explain import explain_step

    from .explain_step import render_step

    if opts:
        raise ctx.error("UsageError", f"%explain OPTIMIZER.step() takes no options\nusage: {USAGE}")
    try:
        trace = explain_step(opt)
    except _ENGINE_ERRORS as e:
        raise ctx.error(type(e).__name__, str(e)) from None
    show(ctx.output, render_step(trace, ctx.session.namespace, title=expr.strip()))


def _explain_forward(ctx, t, expr, opts):
    """``--forward [--tangent V]``: tangents pushed from the leaves to T (the engine's explain_forward).

    V is evaluated in the session: a tensor (or number, list) for the one leaf of T's graph,
    or a dict ``{'x': V, ...}`` naming the leaves that move (the others stay still).
    """
    from gradcalc.engine.explain_forward import explain_forward, leaves_of

    from .explain_forward_render import render_forward

    for other in ("gradient", "accumulate", "dry"):
        if other in opts:
            raise ctx.error("UsageError", f"--{other} is for the backward pass, not --forward\nusage: {USAGE}")
    if t.grad_fn is None and not t.requires_grad:
        raise ctx.error("RuntimeError", "element 0 of tensors does not require grad and does not have a grad_fn")
    tangents = None
    if "tangent" in opts:
        tangents = _tangents(ctx, t, leaves_of(t), ctx.session.eval(opts["tangent"]))
    try:
        trace = explain_forward(t, tangents, max_steps=MAX_STEPS)
    except _ENGINE_ERRORS as e:
        raise ctx.error(type(e).__name__, str(e)) from None
    show(ctx.output, render_forward(trace, BoundNames(ctx.session.namespace), title=expr))


def _tangents(ctx, t, leaves, given):
    """``{id(leaf): tangent}`` from --tangent's value."""
    names = BoundNames(ctx.session.namespace)

    def who(leaf):
        bound = names.of_tensor(leaf)
        return bound[0] if bound else None

    if isinstance(given, dict):
        pairs = []
        for key, value in given.items():
            if not isinstance(key, str):
                raise ctx.error("TypeError", f"--tangent: a dict names the leaves that move by their variable "
                                             f"names ('x'), got a key of type {type(key).__name__}")
            leaf = next((x for x in leaves if who(x) == key), None)
            if leaf is None:
                known = ", ".join(w for w in (who(x) for x in leaves) if w) or "none bound to a name"
                raise ctx.error("ValueError", f"--tangent: {key} is not a leaf of the graph (its leaves: {known})")
            pairs.append((key, leaf, value))
    else:
        if len(leaves) != 1:
            listed = ", ".join(w or "an unnamed leaf" for w in map(who, leaves))
            raise ctx.error("ValueError", f"--tangent: the graph has {len(leaves)} leaves ({listed}): give a dict "
                                          f"{{'name': V, ...}} of the ones that move")
        pairs = [(who(leaves[0]) or "the leaf", leaves[0], given)]
    out = {}
    for key, leaf, value in pairs:
        if not isinstance(value, Tensor):
            try:
                value = tensor(value, dtype=leaf.dtype)
            except _ENGINE_ERRORS as e:
                raise ctx.error(type(e).__name__, f"--tangent {key}: {e}") from None
        if tuple(value.shape) != tuple(leaf.shape):
            raise ctx.error("RuntimeError", f"--tangent {key}: expected a tangent shaped like {key}, "
                                            f"{tuple(leaf.shape)}, got {tuple(value.shape)}")
        if not value.is_floating_point():
            value = value.to(leaf.dtype)
        out[id(leaf)] = value.detach()
    return out
