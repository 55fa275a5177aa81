"""``%explain T [--gradient V] [--accumulate]``: T's backward pass, step by step;
``%explain opt.step()``: what an optimizer step would do (explain_step.py), changing nothing.

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

USAGE = "%explain T [--gradient V] [--accumulate]   or   %explain OPTIMIZER.step()"
_STEP_CALL = re.compile(r"^\s*(.+?)\s*\.\s*step\s*\(\s*\)\s*$")
OPTIONS = {"gradient": True, "dry": False, "accumulate": False}
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
