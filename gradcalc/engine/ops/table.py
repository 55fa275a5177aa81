"""The op table's row form: a pointwise op declared as data, the rest generated.

A row says what torch's ``derivatives.yaml`` says of an op, beside its forward::

    row("sin", "SinBackward0", np.sin,
        grad=lambda grad, self: grad * self.cos(),
        explain="grad_self = grad * cos(self)",
        checks=(check(lambda x: x.sin(), (2, 3)),),
        doc="Elementwise sine.")

From it the table makes the node class (named as torch names it, so ``grad_fn``
names are torch's), the ``torch.*`` function and the ``Tensor`` method (one
function object, under every name in ``names``), the in-place variant
(``x.sin_()``, ``torch.sin_``) and the ``%help`` entry (the function's docstring
and signature). ``ops/__init__.py`` registers every row of ``ROWS``.

What a rule reads is read off its parameters, as torch's codegen reads the
formula: ``self`` / ``other`` are the op's inputs, ``result`` its output, any other
name a keyword parameter of the op (kept on the node). The forward saves an input
only when some gradient that is needed reads it, so a node keeps no more than
torch's does (and in-place changes to what it did not keep are no error, as in
torch).
"""

import sys

from ..node import Node
from .inplace_variants import TENSOR_INPLACE
from .support import binary_apply, floating, operand, zeros_grad

__all__ = ["row", "binary_row", "row_of", "Row", "ROWS", "DERIVED", "ZERO"]

#: Every declared row, in declaration order (``ops/__init__.py`` exports them).
ROWS = []

#: ``jvp=DERIVED``: the forward-mode rule is the backward's, applied to each input's tangent
#: (exact for pointwise ops, whose Jacobian is diagonal; torch's ``auto_element_wise``).
DERIVED = None

#: ``grad=ZERO``: the derivative is zero almost everywhere (a zero tensor with no history,
#: as torch returns; ``grad * 0`` would turn an infinite gradient into nan).
ZERO = "zero"

_INPUT_NAMES = ("self", "other")


class Row:
    """One declared op: its names, its node class and the function made from it.

    ``row.node`` is the generated ``Node`` subclass, ``row.function`` the ``torch.*``
    function (also the ``Tensor`` method), ``row.jvp(ctx, *tangents)`` the
    forward-mode rule: ``ctx`` is the node recorded for the primal inputs (every
    input requiring grad, so what the rules read is saved), each tangent a Tensor
    shaped like its input (or None: a zero tangent); it returns the output's tangent
    (None when every tangent is None). A row gives its own ``jvp`` where torch's
    differs from the backward's.
    """

    __slots__ = ("names", "node", "function", "inplace", "method", "inplace_node", "extra_methods", "_jvp", "_rules")

    def jvp(self, ctx, *tangents):
        if self._jvp is not None:
            return self._jvp(ctx, *tangents)
        out = None
        for i, t in enumerate(tangents):
            if t is None:
                continue
            rule = self._rules[i]
            if rule is None:
                continue
            term = zeros_grad(t) if rule is ZERO else rule[0](t, *[get(ctx) for get in rule[1]])
            out = term if out is None else out + term
        return out

    def __repr__(self):
        return f"<row {' '.join(self.names) or '(internal)'}: {self.node.__name__}>"


def _reader(name, index_of):
    """How a rule's parameter is read from the node: a saved input, the result, or a kept param."""
    if name in index_of:
        i = index_of[name]
        return lambda ctx: ctx.saved_tensors[i]
    if name == "result":
        return lambda ctx: ctx.result
    return lambda ctx: getattr(ctx, name)


def _node_class(node_name, module, inputs, grads, forward, params, explain, checks, extra):
    """The Node subclass of a row: forward saves what the needed rules read; backward applies them."""
    index_of = {n: i for i, n in enumerate(inputs)}
    rules = []      # per input: None (no gradient), ZERO, or (formula, readers)
    reads = []      # per input: the input indices its rule reads
    saves_output = False
    for g in grads:
        if g is None or g is ZERO:
            rules.append(g)
            reads.append(())
            continue
        code = g.__code__
        names = code.co_varnames[1:code.co_argcount]  # the first is the incoming gradient
        saves_output = saves_output or "result" in names
        rules.append((g, tuple(_reader(n, index_of) for n in names)))
        reads.append(tuple(index_of[n] for n in names if n in index_of))
    n_in = len(inputs)
    used = sorted({i for r in reads for i in r})

    # forward: the computation, plus saving only what some needed gradient reads
    if n_in == 1:
        def fwd(ctx, a, **kw):
            if used:
                ctx.save_for_backward(a)
            if kw:
                for k, v in kw.items():
                    setattr(ctx, k, v)
                return forward(a, **kw)
            return forward(a)
    else:
        def fwd(ctx, a, b, **kw):
            if used:
                keep = [None, None]
                for j in range(n_in):
                    if ctx.should_compute(j):
                        for i in reads[j]:
                            keep[i] = (a, b)[i]
                if keep[0] is not None or keep[1] is not None:
                    ctx.save_for_backward(*keep)
            for k, v in kw.items():
                setattr(ctx, k, v)
            return forward(a, b, **kw)

    # backward: each needed input's rule, with what it reads
    if n_in == 1:
        rule = rules[0]
        if rule is ZERO:
            def bwd(ctx, grad):
                return zeros_grad(grad)
        else:
            f, readers = rule
            if not readers:
                def bwd(ctx, grad):
                    return f(grad)
            elif len(readers) == 1 and used:
                def bwd(ctx, grad):
                    return f(grad, ctx.saved_tensors[0])
            elif len(readers) == 1:
                def bwd(ctx, grad):
                    return f(grad, readers[0](ctx))
            else:
                def bwd(ctx, grad):
                    return f(grad, *[r(ctx) for r in readers])
    else:
        def bwd(ctx, grad):
            out = []
            for j, rule in enumerate(rules):
                if rule is None or not ctx.should_compute(j):
                    out.append(None)
                elif rule is ZERO:
                    out.append(zeros_grad(grad))
                else:
                    out.append(rule[0](grad, *[r(ctx) for r in rule[1]]))
            return tuple(out)

    ns = {"__slots__": tuple(params), "__module__": module, "__qualname__": node_name,
          "explain": explain, "checks": tuple(checks), "saves_output": saves_output,
          "broadcasting": n_in > 1, "forward": fwd, "backward": bwd}
    ns.update(extra)
    return type(node_name, (Node,), ns), rules


def _in_module(fn, name, doc, module):
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    fn.__module__ = module
    return fn


def row(names, node, forward, *, grad, explain, checks, doc, promote=True, params=(), function=None,
        jvp=DERIVED, inplace=None, inplace_node=None, method=True, tensor=False, **extra):
    """Declare a pointwise op of one tensor (see the module docstring).

    ``forward(array, **params)`` computes on the input's values: with ``promote``
    (the default) integer and bool inputs become the default float dtype and float16
    is computed in float32 (``support.floating``); without, it gets the array as it is
    and applies torch's dtype rules itself; with ``tensor=True`` it gets the Tensor (an op
    promoting against a number parameter, through ``support.binary_apply``). ``grad`` is the backward rule (or ``ZERO``).
    ``function``: a hand-written ``torch.*`` function (arguments to check, keyword
    parameters) calling ``row.node.apply``; by default ``f(input)``. ``inplace``: the
    in-place variant exists (by default where torch's Tensor has ``<name>_``);
    ``inplace_node``: ``(name, check)`` where torch names the in-place op's node apart
    (``AsinhBackward1``). ``names=()``: a node only other rules apply (not exported).
    ``row.extra_methods``: Tensor methods whose signature differs from the function's.
    """
    return _declare(names, node, ("self",), (grad,), forward, "tensor" if tensor else promote, params, function,
                    jvp, inplace, inplace_node, method, explain, checks, doc, extra)


def binary_row(names, node, forward, *, grads, explain, checks, doc, promote=True, params=(), function=None,
               jvp=DERIVED, inplace=None, method=True, **extra):
    """Declare a pointwise op of two tensors: ``grads`` is the rule per input (``self``,
    ``other``; None: no gradient flows to it). Operands broadcast and promote as torch's
    (``support.binary_apply``); ``promote=True`` makes integer operands float."""
    return _declare(names, node, _INPUT_NAMES, tuple(grads), forward, promote, params, function, jvp, inplace,
                    None, method, explain, checks, doc, extra)


def _declare(names, node_name, inputs, grads, forward, promote, params, function, jvp, inplace, inplace_node,
             method, explain, checks, doc, extra):
    names = tuple(names.split()) if isinstance(names, str) else tuple(names)
    module = sys._getframe(2).f_globals.get("__name__", __name__)
    if len(inputs) == 1:
        compute = _unary_forward(forward, promote, bool(params))
    else:
        def compute(a, b, **kw):
            return binary_apply(forward, a, b, floating=promote, **kw)
    cls, rules = _node_class(node_name, module, inputs, grads, compute, params, explain, checks, extra)
    r = Row()
    r.names, r.node, r.method, r._jvp, r._rules, r.extra_methods = names, cls, method, jvp, rules, {}
    if function is None:
        apply = cls.apply
        if len(inputs) == 1:
            def function(input):
                return apply(input)
        else:
            def function(input, other):
                return apply(input, operand(other))
        _in_module(function, names[0] if names else node_name, doc, module)
    elif doc and not function.__doc__:
        function.__doc__ = doc
    r.function = function
    r.inplace = inplace
    r.inplace_node = None
    if inplace_node is not None:
        # torch names the in-place op's node apart: a subclass, with its own case exercising it
        name, case = inplace_node
        r.inplace_node = type(name, (cls,), {"__slots__": (), "__module__": module, "__qualname__": name,
                                             "checks": (case,), "forward": cls.forward})
    cls._row = r
    if r.inplace_node is not None:
        r.inplace_node._row = r
    ROWS.append(r)
    return r


def row_of(node):
    """The row a node (or node class) was generated from, or None for a hand-written op:
    ``row_of(y.grad_fn).jvp(y.grad_fn, *tangents)`` is the forward-mode rule at that node."""
    return getattr(node if isinstance(node, type) else type(node), "_row", None)


def _unary_forward(fn, promote, has_params):
    """The numpy part of a one-input row's forward, on the tensor's values."""
    if promote == "tensor":
        return fn
    if promote:
        if has_params:
            return lambda a, **kw: floating(lambda d: fn(d, **kw), a)
        return lambda a: floating(fn, a)
    if has_params:
        return lambda a, **kw: fn(a._data, **kw)
    return lambda a: fn(a._data)


def install(functions, methods):
    """Put every row's function, method and in-place variant in the op table."""
    from .inplace import make_inplace

    for r in ROWS:
        fn = r.function
        for name in r.names:
            functions[name] = fn
            if r.method:
                methods[name] = fn
            if r.method and (r.inplace if r.inplace is not None else name in TENSOR_INPLACE):
                if r.inplace_node is not None:
                    apply = r.inplace_node.apply
                    methods[name + "_"] = make_inplace(name + "_", lambda a, _apply=apply: _apply(a))
                else:
                    methods[name + "_"] = make_inplace(name + "_", fn)
        methods.update(r.extra_methods)
