"""``%graph T [--depth N] [--dot FILE]``: the autograd graph behind T, root first.

The tree itself is drawn by graph_tree (also used for ``grad_fn`` in the REPL),
the DOT file by graph_dot; this module reads the arguments and prints.
"""

from __future__ import annotations

from gradcalc.engine import Tensor
from gradcalc.engine.autograd import Node

from ..styled import Styled, show
from .bound_names import BoundNames
from .graph_dot import graph_dot
from .graph_tree import DEFAULT_DEPTH, graph_tree, node_label
from .magic_args import ArgsError, split_args, unquote

USAGE = "%graph T [--depth N] [--dot FILE [--force]]"
OPTIONS = {"depth": True, "dot": True, "force": False}


def run(ctx, args: str) -> None:
    try:
        expr, opts = split_args(args, OPTIONS)
        depth = _depth(opts.get("depth"))
    except ArgsError as e:
        raise ctx.error("UsageError", f"{e}\nusage: {USAGE}") from None
    value = ctx.session.eval(expr)
    names = BoundNames(ctx.session.namespace)
    if isinstance(value, Node):
        root = value
    elif isinstance(value, Tensor):
        root = value.grad_fn
        if root is None:
            show(ctx.output, _no_graph(expr, value, names))
            return
    else:
        raise ctx.error("TypeError", f"%graph needs a tensor or a grad_fn, got {type(value).__name__}")
    if "dot" in opts:
        from . import file_access

        path = file_access.check_write(ctx, unquote(opts["dot"]), "%graph --dot", "force" in opts,
                                       file_access.dot_is_ours)
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(graph_dot(root, names, max_depth=depth if "depth" in opts else None))
        except OSError as e:
            raise ctx.error(type(e).__name__, f"cannot write {path!r}: {e.strerror or e}") from None
        file_access.wrote(path)
        ctx.output.write(f"wrote {path}\n")
        return
    show(ctx.output, graph_tree(root, names, max_depth=depth))


def _depth(text):
    if text is None:
        return DEFAULT_DEPTH
    try:
        n = int(text)
    except ValueError:
        raise ArgsError(f"--depth needs a whole number, got {text!r}") from None
    if n < 0:
        raise ArgsError("--depth must be 0 or more")
    return n


def _no_graph(expr, t, names) -> Styled:
    s = Styled()
    if t.requires_grad:
        # a leaf: its gradient ends in its own .grad
        s.add(f"{expr} is a leaf (no grad_fn): ")
        s.add(f"{tuple(t.shape)} {t.dtype.name}", "blue")
        s.add(", requires_grad=True: backward accumulates into its .grad")
    else:
        s.add(f"{expr} has no graph: it does not require grad (grad_fn is None)")
    return s


def grad_fn_tree(node, namespace=None, max_depth=3, color=False):
    """A ``grad_fn`` drawn as a small tree, for the REPL: a str, or a Rich Text when ``color``.

    ``grad_fn_tree(y.grad_fn, session.namespace)`` ->
    ``AddBackward0 (y)  (2, 2) float32`` / ``└── AccumulateGrad (x)  (2, 2) float32  requires_grad=True``
    """
    tree = graph_tree(node, BoundNames(namespace), max_depth=max_depth, summary=False)
    return tree.rich() if color else tree.plain()


__all__ = ["run", "grad_fn_tree", "node_label"]
