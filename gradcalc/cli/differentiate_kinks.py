"""Where the differentiator's point sits on a kink: a warning saying which subgradient
torch's rule picked, or that a derivative is inf/nan there.

``--grad`` gives the value of the derivative at a point. At a point where the function
is not differentiable (``abs`` at 0, ``relu`` at 0, ``max``/``min`` at a tie, ``clamp``
at a bound) the number shown is the one torch's backward rule returns there, not "the"
derivative: the user should know.
"""

from __future__ import annotations

import numpy as np

# node name -> what torch's rule does at the kink
_RULES = {
    "AbsBackward0": ("abs", "at 0", "takes the subgradient 0 (sign(0) = 0)"),
    "ReluBackward0": ("relu", "at 0", "takes the subgradient 0"),
    "MaximumBackward0": ("maximum", "at a tie", "gives each side half of the gradient"),
    "MinimumBackward0": ("minimum", "at a tie", "gives each side half of the gradient"),
    "ClampBackward1": ("clamp", "at a bound", "passes the gradient (the bound counts as inside)"),
    "ClampMinBackward0": ("clamp", "at its min", "passes the gradient (the bound counts as inside)"),
    "ClampMaxBackward0": ("clamp", "at its max", "passes the gradient (the bound counts as inside)"),
}


class RelusAtZero:
    """While the expression is evaluated: the relu nodes whose input has an element exactly 0.

    relu's node keeps only its result (as torch's does), and a result of 0 does not tell an
    input of 0 from a negative one; so for the one evaluation ``--grad`` makes, relu's forward
    is watched (a leaf input could be read afterwards, but ``relu(x - 1)`` has no leaf there).
    """

    def __init__(self):
        self.nodes = set()
        self._cls = self._plain = None

    def __enter__(self):
        from gradcalc.engine.node import OPS

        relu = next((op for op in OPS if op.__name__ == "ReluBackward0"), None)  # (a row of the op table)
        plain = relu.__dict__.get("forward") if relu is not None else None
        if plain is None:  # the op is declared another way: no watch, the leaf check still works
            return self
        nodes = self.nodes

        def forward(ctx, a, **kw):
            if np.any(a._data == 0):
                nodes.add(ctx)
            return plain(ctx, a, **kw)

        self._cls, self._plain = relu, plain
        relu.forward = forward
        return self

    def __exit__(self, *exc):
        if self._cls is not None:
            self._cls.forward = self._plain
        return False


def kink_warnings(value, relus_at_zero=()) -> list:
    """Warnings for the nodes of ``value``'s graph evaluated at a point of non-differentiability
    (``relus_at_zero``: the relu nodes ``RelusAtZero`` saw an input of 0 for)."""
    found = []
    node = getattr(value, "grad_fn", None)
    stack, seen = ([node] if node is not None else []), set()
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        rule = _RULES.get(type(node).__name__)
        if rule is not None and (node in relus_at_zero or _at_kink(node)):
            name, where, what = rule
            text = f"{name} is not differentiable {where}, where the expression is evaluated: torch's rule {what}"
            if text not in found:
                found.append(text)
        stack.extend(child for child, _ in node.next_functions if child is not None)
    return found


def _at_kink(node) -> bool:
    kind = type(node).__name__
    try:
        if kind == "ReluBackward0":
            child = node.next_functions[0][0]
            leaf = getattr(child, "variable", None)  # the input is known when it is a leaf
            return leaf is not None and bool(np.any(leaf.detach().numpy() == 0))
        saved = [t.detach().numpy() for t in node.saved_tensors]
    except Exception:  # noqa: BLE001 - a freed or unusual node: no warning rather than a wrong one
        return False
    if kind == "AbsBackward0":
        return bool(np.any(saved[0] == 0))
    if kind in ("MaximumBackward0", "MinimumBackward0"):
        return bool(np.any(saved[0] == saved[1]))
    bounds = [getattr(node, attr, None) for attr in ("lo", "hi")]
    return any(b is not None and bool(np.any(saved[0] == _array(b))) for b in bounds)


def _array(bound):
    return bound.detach().numpy() if hasattr(bound, "detach") else np.asarray(bound)


def non_finite_warnings(result) -> list:
    """A derivative that is inf or nan at the point (``sqrt`` at 0, ``log`` at 0 ...)."""
    out = []
    for name, g in result.grads.items():
        a = np.asarray(g)
        if a.dtype.kind in "fc" and not np.all(np.isfinite(a)):
            what = "nan" if np.any(np.isnan(a)) else "inf"
            out.append(f"d/d{name} is {what} at this point: the expression is not differentiable there")
    return out
