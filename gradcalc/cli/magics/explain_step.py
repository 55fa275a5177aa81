"""``%explain opt.step()``: what one optimizer step would do, per parameter group, as text.

The dry run is the engine's (gradcalc.engine.optim.explain: the real step on copies);
this file names the parameters (session variables, or ``model.fc1.weight`` for a
module's) and lays out, per group, the hyper-parameters, the update rule in torch's
order, and per parameter its gradient, each state entry before → after, and its value
before → after.

    opt.step() — SGD, a dry run: nothing is changed
    parameter group 0   lr=0.1  momentum=0.9  dampening=0  weight_decay=0  nesterov=False  maximize=False
      rule  g = grad
            buf = g   (first step: a copy)   else   buf = momentum·buf + (1 − dampening)·g
            ...
      [0] w  (2,) float32
          grad             tensor([ 2., -4.])
          momentum_buffer  (none yet)
                         → tensor([ 2., -4.])
          value            tensor([ 1., -2.])
                         → tensor([ 0.8000, -1.6000])
"""

from __future__ import annotations

from gradcalc.engine import Tensor
from gradcalc.engine.nn.module import Module

from ..styled import Styled
from .explain_render import LABEL_STYLE, RULE_STYLE, value_text
from .graph_tree import DIM, META_STYLE, NAME_STYLE, NODE_STYLE, shape_dtype

# options that choose an implementation, not the numbers: left out of the header line
_IMPLEMENTATION = ("foreach", "fused", "capturable", "differentiable")


def parameter_names(namespace) -> dict:
    """id(parameter) -> a name: a session variable holding it, else ``module.path.to.param``."""
    names = {}
    for name, value in (namespace or {}).items():
        if name.startswith("_"):
            continue
        if isinstance(value, Tensor):
            names.setdefault(id(value), name)
    for name, value in (namespace or {}).items():
        if name.startswith("_") or not isinstance(value, Module):
            continue
        for pname, p in value.named_parameters():
            names.setdefault(id(p), f"{name}.{pname}")
    return names


def render_step(trace, namespace=None, title="opt.step()") -> Styled:
    names = parameter_names(namespace)
    out = Styled()
    out.add(title, NAME_STYLE).add(" — ").add(trace.name, NODE_STYLE)
    out.add(", a dry run: no parameter, gradient or state is changed", DIM)
    for group in trace.groups:
        out.newline().newline().add(f"parameter group {group.index}", "bold")
        opts = "  ".join(f"{k}={v}" for k, v in group.options if k not in _IMPLEMENTATION)
        if opts:
            out.add("   ").add(opts, META_STYLE)
        for i, line in enumerate(group.rule):
            out.newline().add("  ").add("rule" if i == 0 else "    ", LABEL_STYLE).add("  ").add(line, RULE_STYLE)
        labels = ["grad", "value"] + [k for p in group.params for k, _ in p.state_before + p.state_after]
        width = max(len(s) for s in labels) + 2
        for p in group.params:
            out.newline().newline().add(f"  [{p.index}] ", "bold")
            out.add(names.get(id(p.param), "(a parameter)"), NAME_STYLE).add("  ")
            out.add(shape_dtype(tuple(p.before.shape), p.before.dtype.name), META_STYLE)
            if p.grad is None:
                out.newline().add("      no gradient: the step leaves it as it is", DIM)
                continue
            _row(out, "grad", width, value_text(p.grad))
            before = dict(p.state_before)
            for key, after in p.state_after:
                _change(out, key, width, before.get(key), after, key in before)
            _change(out, "value", width, p.before, p.after, True)
    return out


def _row(out, label, width, text, style="value"):
    out.newline().add("      ").add(label, LABEL_STYLE).add(" " * (width - len(label)))
    out.add_block(text, 6 + width, style)


def _change(out, label, width, before, after, existed):
    _row(out, label, width, _text(before) if existed else "(none yet)", "value")
    arrow = " " * (6 + width - 2) + "→ "
    out.newline().add(arrow, DIM)
    out.add_block(_text(after), len(arrow), "value")


def _text(v):
    if isinstance(v, (list, tuple)) and len(v) > 4:
        return f"[{len(v)} items]"
    return value_text(v)
