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

import dis
import math
import operator
import sys
import types

import numpy as np

from ..grad_math import reduce_array
from ..node import NULL_CTX, Node
from ..tensor import Tensor
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


def _reader(name, index_of, defaults):
    """How a rule's parameter is read from the node: a saved input, the result, or a kept param
    (``defaults``: the value of a param the call did not pass)."""
    if name in index_of:
        i = index_of[name]
        return lambda ctx: ctx.saved_tensors[i]
    if name == "result":
        return lambda ctx: ctx.result
    if name in defaults:
        default = defaults[name]
        return lambda ctx: getattr(ctx, name, default)
    return lambda ctx: getattr(ctx, name)


def _node_class(node_name, module, inputs, grads, forward, params, defaults, explain, checks, extra):
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
        rules.append((g, tuple(_reader(n, index_of, defaults) for n in names)))
        reads.append(tuple(index_of[n] for n in names if n in index_of))
    n_in = len(inputs)
    used = sorted({i for r in reads for i in r})

    # forward: the computation, plus saving only what some needed gradient reads
    # (an unrecorded run's ctx, NULL_CTX, keeps nothing: it is skipped without a call)
    if n_in == 1:
        def fwd(ctx, a, **kw):
            if ctx is not NULL_CTX:
                if used:
                    ctx.save_for_backward(a)
                if defaults:
                    for k, v in defaults.items():
                        setattr(ctx, k, v)
                if kw:
                    for k, v in kw.items():
                        setattr(ctx, k, v)
            return forward(a, **kw) if kw else forward(a)
    else:
        # what to keep, by which gradients are needed: keeps[self needed][other needed] = (keep self,
        # keep other) (the table reads the node's edges as Node.should_compute does, without the calls)
        r0, r1 = reads
        keeps = [[(False, False), (0 in r1, 1 in r1)],
                 [(0 in r0, 1 in r0), (0 in r0 or 0 in r1, 1 in r0 or 1 in r1)]]

        def fwd(ctx, a, b, **kw):
            if ctx is NULL_CTX:
                return forward(a, b, **kw) if kw else forward(a, b)
            if used:
                nx = ctx._next
                ka, kb = keeps[nx[0][0] is not None][nx[1][0] is not None]
                if ka or kb:
                    ctx.save_for_backward(a if ka else None, b if kb else None)
            if kw:
                for k, v in kw.items():
                    setattr(ctx, k, v)
                return forward(a, b, **kw)
            if defaults:  # (the node shows every parameter, %explain too)
                for k, v in defaults.items():
                    setattr(ctx, k, v)
            return forward(a, b)

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
          "saved_names": tuple(inputs) if n_in > 1 else None,
          "broadcasting": n_in > 1, "forward": fwd, "backward": bwd,
          "array_backward": _array_backward(grads, inputs, defaults)}
    ns.update(extra)
    return type(node_name, (Node,), ns), rules


# -- the same rules on arrays ------------------------------------------------------------------
# Without create_graph nothing records a rule's ops, so running it on numpy values instead of
# Tensors gives the same numbers without a dispatch per op. The array form is generated from
# the one declaration: a rule of operators only runs as it is on numpy values; a rule that
# calls Tensor methods (``self.cos()``) runs on ``_Arr`` values whose methods are the rows'
# own array forwards (the kernels the engine's ops run). A rule that reads anything else (a
# global function, an attribute the rows do not provide, ``**``, whose numpy shortcuts are
# not torch's pow) keeps only its engine form. ``tests/engine/test_array_rules.py`` runs every
# row's array form against its engine form.

class _Arr:
    """A numpy value standing in for a Tensor in a rule's array form (``_data``, as the rows'
    forwards read it)."""

    __slots__ = ("_data",)

    def __init__(self, data):
        self._data = data

    def __bool__(self):
        return bool(self._data)


def _arr_binary(op):
    def method(a, b):
        return _Arr(op(a._data, b._data if b.__class__ is _Arr else b))
    return method


def _arr_reflected(op):
    def method(a, b):
        return _Arr(op(b, a._data))
    return method


for _name, _op in (("add", operator.add), ("sub", operator.sub), ("mul", operator.mul),
                   ("truediv", operator.truediv), ("and", operator.and_), ("or", operator.or_),
                   ("xor", operator.xor)):
    setattr(_Arr, f"__{_name}__", _arr_binary(_op))
    setattr(_Arr, f"__r{_name}__", _arr_reflected(_op))
for _name, _op in (("lt", operator.lt), ("le", operator.le), ("gt", operator.gt), ("ge", operator.ge),
                   ("eq", operator.eq), ("ne", operator.ne)):
    setattr(_Arr, f"__{_name}__", _arr_binary(_op))
_Arr.__neg__ = lambda a: _Arr(-a._data)
_Arr.__pos__ = lambda a: a
_Arr.__invert__ = lambda a: _Arr(~a._data)
_Arr.__hash__ = None

#: name -> the row's array forward, for ``_Arr`` methods (filled on first use: every row exists then)
_ARR_METHODS = {}


def _arr_methods():
    if not _ARR_METHODS:
        for r in ROWS:
            compute = getattr(r.node, "_compute", None)
            if compute is None or len(r._rules) != 1 or r.node.__slots__:
                continue  # only f(input) rows: a method of one value
            for name in r.names:
                if r.method:
                    _ARR_METHODS[name] = compute
        for name, compute in _ARR_METHODS.items():
            setattr(_Arr, name, _arr_method(compute))
    return _ARR_METHODS


def _arr_method(compute):
    """An ``_Arr`` method: the row's forward on the value. A float32/float64 value goes straight to
    the row's numpy function (what ``support.floating`` does for it too)."""
    direct = getattr(compute, "direct", None)
    if direct is None:
        return lambda a: _Arr(compute(a))

    def method(a):
        d = a._data
        if d.dtype.char in "fd":
            return _Arr(direct(d))
        return _Arr(compute(a))
    return method


_NUMBER_TYPES = (int, float)
_wrap = Tensor._wrap


def _array_form(rule):
    """The array form of ``rule`` (a function of numpy values), or None where it has none.

    Returns ``(function, wraps)``: ``wraps`` says whether its arguments must be ``_Arr``
    (the rule calls Tensor methods)."""
    code = rule.__code__
    if code.co_flags & 0x20 or code.co_kwonlyargcount:  # generators, keyword-only: not a formula
        return None
    free = dict(zip(code.co_freevars, [c.cell_contents for c in rule.__closure__ or ()]))
    attrs = []
    ops = {}  # global name -> an op node the rule applies (``X.apply(...)``) that declares array_forward
    for ins in dis.get_instructions(code):
        op = ins.opname
        if "ATTR" in op or "METHOD" in op:
            attrs.append(ins.argval)
        elif op in ("LOAD_GLOBAL", "LOAD_NAME"):
            value = rule.__globals__.get(ins.argval)  # (a builtin is None here: refused)
            if isinstance(value, type) and issubclass(value, Node) and value.array_forward is not None:
                ops[ins.argval] = value
            elif value is not math and not isinstance(value, _NUMBER_TYPES):
                return None
        elif op in ("LOAD_DEREF", "LOAD_CLASSDEREF"):
            if not isinstance(free.get(ins.argval), _NUMBER_TYPES):
                return None
        elif (op.startswith(("STORE_", "DELETE_", "IMPORT_", "YIELD", "GET_", "BINARY_SUBSCR", "CALL_FUNCTION_EX"))
              or op in ("MAKE_FUNCTION", "BINARY_POWER", "INPLACE_POWER")
              or op == "BINARY_OP" and ins.argrepr in ("**", "**=")):
            return None
    if ops:
        attrs = [a for a in attrs if a != "apply"]
    wraps = bool(attrs)
    if wraps:
        methods = _arr_methods()
        if not all(a in methods or isinstance(getattr(math, a, None), float) for a in attrs):
            return None
    if ops:
        # the same code, with each applied op standing for its forward on arrays
        names = dict(rule.__globals__)
        names.update({name: _ArrayOp(cls.array_forward, wraps) for name, cls in ops.items()})
        rule = types.FunctionType(code, names, rule.__name__, rule.__defaults__, rule.__closure__)
    return rule, wraps


class _ArrayOp:
    """An op a rule applies (``ThresholdBackwardBackward0.apply(grad, result, threshold=0)``), in the
    rule's array form: the op's ``array_forward`` on the values."""

    __slots__ = ("apply",)

    def __init__(self, forward, wraps):
        if wraps:
            def apply(*args, **params):
                return _Arr(forward(*[a._data if a.__class__ is _Arr else a for a in args], **params))
        else:
            apply = forward
        self.apply = apply


def _array_backward(grads, inputs, defaults):
    """The node's ``array_backward(ctx, g)``: from the incoming gradient's array ``g``, each input's
    gradient as a Tensor without history (None where not needed), summed to the input's shape and
    cast to its dtype where the op broadcast or promoted; NotImplemented where a rule could promote
    differently from torch (an integer or bool tensor read by a rule): the engine then runs the
    rules in engine ops. On first use (when every row, and so every ``_Arr`` method, exists) the
    class gets a function written for its rules (``_compile_array_backward``), which returns
    NotImplemented at once where a rule has no array form."""

    compiled = []

    def array_backward(ctx, g):
        if not compiled:
            compiled.append(_compile_array_backward(grads, inputs, defaults, type(ctx).__name__))
        fast = compiled[0]
        cls = type(ctx)
        # the class calls the written function directly from now on — unless something wraps this
        # closure on the class (the profiler while it records): the wrapper stays, and calls it
        if cls.__dict__.get("array_backward") is array_backward:
            cls.array_backward = fast
        return fast(ctx, g)

    return array_backward


_MISSING = object()


def _no_array_form(ctx, g):
    """A class whose rules have no array form: the engine runs them in engine ops."""
    return NotImplemented


def _compile_array_backward(grads, inputs, defaults, name):
    """The source of one node class's array backward, specialised to its rules as torch's codegen
    specialises its nodes: which inputs each rule reads, what it returns, whether it broadcasts.

    0-d values are numpy scalars (numpy's scalar arithmetic is the same IEEE operation as its ufuncs
    on 0-d arrays, several times cheaper); a gradient that is one value broadcast (sum's and mean's
    backward) is computed with that value (the rules are pointwise; numpy's loops over a stride-0
    operand are several times slower than over a scalar) and the result broadcast back."""
    index_of = {n: i for i, n in enumerate(inputs)}
    ns = {"Tensor": Tensor, "_Arr": _Arr, "_wrap": _wrap, "reduce_array": reduce_array, "ndarray": np.ndarray,
          "asarray": np.asarray, "broadcast_to": np.broadcast_to, "zeros_like": np.zeros_like,
          "_MISSING": _MISSING, "NotImplemented": NotImplemented}
    lines = ["def array_backward(ctx, g):",
             "    if not g.ndim:",
             "        g0 = g[()]",
             "    elif g.size > 1 and not any(g.strides):",
             "        g0 = g.reshape(-1)[0]",
             "    else:",
             "        g0 = g",
             "    nx = ctx._next"]
    n = len(grads)
    for j, rule in enumerate(grads):
        lines.append(f"    r{j} = None")
        if rule is None:
            continue
        lines.append(f"    if nx[{j}][0] is not None:")
        if rule is ZERO:
            lines.append(f"        r{j} = zeros_like(g)")
            continue
        form = _array_form(rule)
        if form is None:
            return _no_array_form
        fn, wraps = form
        ns[f"rule{j}"] = fn
        code = rule.__code__
        args = []
        for k, pname in enumerate(code.co_varnames[1:code.co_argcount]):
            v = f"v{j}_{k}"
            if pname in index_of:
                lines += [f"        {v} = ctx._saved[{index_of[pname]}]",
                          f"        if isinstance({v}, Tensor):  # (a Parameter too)",
                          f"            {v} = {v}._data",
                          f"            if {v}.dtype.kind != 'f':",
                          "                return NotImplemented",
                          f"            if not {v}.ndim:",
                          f"                {v} = {v}[()]"]
            elif pname == "result":
                lines += [f"        {v} = ctx._out[0]",
                          f"        if not {v}.ndim:",
                          f"            {v} = {v}[()]"]
            else:
                ns[f"d{j}_{k}"] = defaults.get(pname, _MISSING)
                lines += [f"        {v} = getattr(ctx, {pname!r}, d{j}_{k})",
                          f"        if {v} is _MISSING:",
                          f"            {v} = getattr(ctx, {pname!r})"]
            if wraps:
                lines += [f"        if {v}.__class__ is not int and {v}.__class__ is not float:",
                          f"            {v} = _Arr({v})"]
            args.append(v)
        call = f"rule{j}(_Arr(g0){''.join(', ' + a for a in args)})" if wraps else \
            f"rule{j}(g0{''.join(', ' + a for a in args)})"
        lines.append(f"        r{j} = {call}")
        if wraps:
            lines += [f"        if r{j}.__class__ is _Arr:",
                      f"            r{j} = r{j}._data"]
        lines += [f"        if r{j} is g0:",
                  f"            r{j} = g",
                  "        else:",
                  f"            if r{j}.__class__ is not ndarray:",
                  f"                r{j} = asarray(r{j})",
                  f"            if g0 is not g and r{j}.shape != g.shape:",
                  f"                r{j} = broadcast_to(r{j}, g.shape)"]
    if n > 1:
        lines += ["    meta = ctx._in_meta",
                  "    if meta is not None:"]
        for j in range(n):
            lines += [f"        if r{j} is not None and meta[{j}] is not None:",
                      f"            r{j} = reduce_array(r{j}, *meta[{j}])"]
    lines.append("    return [" + ", ".join(f"None if r{j} is None else _wrap(r{j})" for j in range(n)) + "]")
    # (compiled under this file's name: a traceback through it is the engine's, as the interpreter tells them)
    exec(compile("\n".join(lines) + "\n", f"{__file__}:{name}.array_backward", "exec"), ns)  # noqa: S102
    return ns["array_backward"]


def _in_module(fn, name, doc, module):
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    fn.__module__ = module
    return fn


def row(names, node, forward, *, grad, explain, checks, doc, promote=True, params=(), function=None,
        jvp=DERIVED, inplace=None, inplace_node=None, method=True, tensor=False, defaults=None, **extra):
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
                    jvp, inplace, inplace_node, method, explain, checks, doc, extra, defaults)


def binary_row(names, node, forward, *, grads, explain, checks, doc, promote=True, params=(), function=None,
               jvp=DERIVED, inplace=None, method=True, tensor=False, defaults=None, **extra):
    """Declare a pointwise op of two tensors: ``grads`` is the rule per input (``self``,
    ``other``; None: no gradient flows to it). Operands broadcast and promote as torch's
    (``support.binary_apply``); ``promote=True`` makes integer operands float."""
    return _declare(names, node, _INPUT_NAMES, tuple(grads), forward, "tensor" if tensor else promote, params,
                    function, jvp, inplace, None, method, explain, checks, doc, extra, defaults)


def _declare(names, node_name, inputs, grads, forward, promote, params, function, jvp, inplace, inplace_node,
             method, explain, checks, doc, extra, defaults=None):
    names = tuple(names.split()) if isinstance(names, str) else tuple(names)
    module = sys._getframe(2).f_globals.get("__name__", __name__)
    if len(inputs) == 1:
        compute = _unary_forward(forward, promote, bool(params))
    elif promote == "tensor":
        compute = forward  # the forward takes the operands themselves (Tensors, Python numbers)
    else:
        def compute(a, b, **kw):
            return binary_apply(forward, a, b, floating=promote, **kw)
    cls, rules = _node_class(node_name, module, inputs, grads, compute, params, defaults or {}, explain, checks,
                             extra)
    # the forward on arrays, which the array form's Tensor methods call (not for a forward on Tensors)
    cls._compute = staticmethod(compute) if promote != "tensor" else None
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

        def compute(a):
            return floating(fn, a)
        compute.direct = fn  # (what floating does for a float32/float64 value: the array form's methods use it)
        return compute
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
