"""Expressions -> closures, one per node, all dispatch done here at compile time.

Every compiled expression is ``ev(f) -> value`` where ``f`` is the running
function's frame (a list; see scope.py). A closure that can fail wraps its body
in ``try/except BaseException`` that records its node as the place of the error
(``errors.note``): free in CPython 3.11 until something is raised, and the
innermost closure records first, so the caret lands on the smallest culprit.
"""

from __future__ import annotations

import operator as O

from gradcalc.engine import Tensor
from gradcalc.engine.limits import check_memory, get_max_elements
from gradcalc.parser import ast as A

from . import sandbox
from .errors import located, name_error_message, note
from .memory_checks import checked_format
from .runtime import UNBOUND


class Ctx:
    """What compiling one node needs: its scope, all scopes, the source, the session runtime."""

    __slots__ = ("scope", "scopes", "src", "rt", "echo")

    def __init__(self, scope, scopes, src, rt, echo):
        self.scope = scope
        self.scopes = scopes
        self.src = src
        self.rt = rt
        self.echo = echo  # expression statements show their value (module level, REPL and -e)

    def child(self, scope):
        return Ctx(scope, self.scopes, self.src, self.rt, False)


def expr(node, cx):
    """The closure ``ev(f)`` evaluating expression ``node``."""
    try:
        compile_fn = _EXPR[type(node)]
    except KeyError:
        from gradcalc.parser.errors import ParseError

        raise ParseError(f"{type(node).__name__} cannot be used here", line=node.line, column=node.column,
                         end_line=node.end_line, end_column=node.end_column) from None
    return compile_fn(node, cx)


def _constant(n, cx):
    value = n.value
    return lambda f: value


def constant_of(node):
    """(True, value) for a literal (including ``-1``), else (False, None)."""
    if type(node) is A.Constant:
        return True, node.value
    if type(node) is A.UnaryOp and node.op == "-" and type(node.operand) is A.Constant:
        v = node.operand.value
        if type(v) in (int, float):
            return True, -v
    return False, None


# -- names ----------------------------------------------------------------------------------

def _name(n, cx):
    return name_loader(n.id, n, cx)


def name_loader(name, node, cx):
    kind, slot = cx.scope.lookup(name)
    loc = (cx.src, node)
    if kind == "local":
        def load_local(f):
            v = f[slot]
            if v is UNBOUND:
                raise located(UnboundLocalError(
                    f"cannot access local variable '{name}' where it is not associated with a value"), loc)
            return v
        return load_local
    if kind == "cell":
        free = name in cx.scope.free

        def load_cell(f):
            v = f[slot].v
            if v is UNBOUND:
                if free:
                    message = (f"cannot access free variable '{name}' where it is not associated with a value "
                               "in enclosing scope")
                    raise located(NameError(message), loc)
                raise located(UnboundLocalError(
                    f"cannot access local variable '{name}' where it is not associated with a value"), loc)
            return v
        return load_cell
    ns = cx.rt.ns
    builtins = cx.rt.builtins
    scope = cx.scope

    missing = _MISSING
    if kind == "classdict":  # a name the class body binds: its namespace first, then the globals
        def load_class_name(f):
            v = f[0].get(name, missing)
            if v is missing:
                v = ns.get(name, missing)
                if v is missing:
                    v = builtins.get(name, missing)
                    if v is missing:
                        raise located(NameError(f"name '{name}' is not defined"), loc)
            return v
        return load_class_name

    def load_global(f):
        v = ns.get(name, missing)  # no exception for the common miss (builtins, torch names)
        if v is missing:
            v = builtins.get(name, missing)
            if v is missing:
                candidates = list(scope.slots) + list(ns) + list(builtins)
                raise located(NameError(name_error_message(name, candidates)), loc)
        return v
    return load_global


# -- attributes, subscripts ---------------------------------------------------------------

def _attribute(n, cx):
    value = expr(n.value, cx)
    read = sandbox.attr_reader(n.attr)
    loc = (cx.src, n)

    def attribute(f):
        try:
            return read(value(f))
        except BaseException as e:
            note(e, loc)
            raise
    return attribute


def _subscript(n, cx):
    value = expr(n.value, cx)
    loc = (cx.src, n)
    ok, const = constant_of(n.index)
    if ok:
        def subscript_const(f):
            try:
                return value(f)[const]
            except BaseException as e:
                note(e, loc)
                raise
        return subscript_const
    index = index_expr(n.index, cx)

    def subscript(f):
        try:
            return value(f)[index(f)]
        except BaseException as e:
            note(e, loc)
            raise
    return subscript


def index_expr(node, cx):
    """The closure for what goes between ``[]``: slices and tuples of them too."""
    kind = type(node)
    if kind is A.Slice:
        parts = [node.lower, node.upper, node.step]
        consts = [constant_of(p) if p is not None else (True, None) for p in parts]
        if all(ok for ok, _ in consts):
            s = slice(*(v for _, v in consts))
            return lambda f: s
        lo, hi, st = (expr(p, cx) if p is not None else _none for p in parts)
        return lambda f: slice(lo(f), hi(f), st(f))
    if kind is A.Tuple and not any(type(e) is A.Starred for e in node.elts):
        items = [index_expr(e, cx) for e in node.elts]
        if len(items) == 2:
            a, b = items
            return lambda f: (a(f), b(f))
        return lambda f: tuple([i(f) for i in items])
    return expr(node, cx)


def _none(f):
    return None


def _slice(n, cx):
    return index_expr(n, cx)


# -- calls ----------------------------------------------------------------------------------

def _call(n, cx):
    if type(n.func) is A.Name and n.func.id == "super" and not n.args and not n.keywords \
            and "__class__" in cx.scope.free:
        return _zero_arg_super(n, cx)
    func = expr(n.func, cx)
    loc = (cx.src, n)
    simple = not n.keywords and not any(type(a) is A.Starred for a in n.args)
    if simple:
        args = [expr(a, cx) for a in n.args]
        k = len(args)
        if k == 0:
            def call0(f):
                try:
                    return func(f)()
                except BaseException as e:
                    note(e, loc)
                    raise
            return call0
        if k == 1:
            a0, = args

            def call1(f):
                try:
                    return func(f)(a0(f))
                except BaseException as e:
                    note(e, loc)
                    raise
            return call1
        if k == 2:
            a0, a1 = args

            def call2(f):
                try:
                    return func(f)(a0(f), a1(f))
                except BaseException as e:
                    note(e, loc)
                    raise
            return call2
        if k == 3:
            a0, a1, a2 = args

            def call3(f):
                try:
                    return func(f)(a0(f), a1(f), a2(f))
                except BaseException as e:
                    note(e, loc)
                    raise
            return call3

        def calln(f):
            try:
                fn = func(f)
                return fn(*[a(f) for a in args])
            except BaseException as e:
                note(e, loc)
                raise
        return calln

    pos = [(type(a) is A.Starred, expr(a.value if type(a) is A.Starred else a, cx)) for a in n.args]
    kws = [(k.arg, expr(k.value, cx)) for k in n.keywords]
    if not any(star for star, _ in pos) and all(name is not None for name, _ in kws):
        plain = [ev for _, ev in pos]
        names = [name for name, _ in kws]
        values = [ev for _, ev in kws]

        def call_kw(f):
            try:
                fn = func(f)
                args = [a(f) for a in plain]
                return fn(*args, **dict(zip(names, [v(f) for v in values])))
            except BaseException as e:
                note(e, loc)
                raise
        return call_kw

    def call_general(f):
        try:
            fn = func(f)
            args = []
            for star, ev in pos:
                if star:
                    v = ev(f)
                    try:
                        args.extend(v)
                    except TypeError:
                        if not hasattr(v, "__iter__"):
                            raise TypeError(f"{_callee(fn)} argument after * must be an iterable, not "
                                            f"{type(v).__name__}") from None
                        raise
                else:
                    args.append(ev(f))
            kwargs = {}
            for name, ev in kws:
                v = ev(f)
                if name is not None:
                    items = ((name, v),)
                elif type(v) is dict:
                    items = v.items()
                else:
                    raise TypeError(f"{_callee(fn)} argument after ** must be a mapping, not {type(v).__name__}")
                for key, value in items:
                    if key in kwargs:
                        raise TypeError(f"{_callee(fn)} got multiple values for keyword argument '{key}'")
                    kwargs[key] = value
            return fn(*args, **kwargs)
        except BaseException as e:
            note(e, loc)
            raise
    return call_general


def _zero_arg_super(n, cx):
    """``super()`` in a method: ``super(TheClass, first_argument)``, as Python's compiler makes it."""
    from .builtins_lang import super as language_super
    from .runtime import Cell

    load = expr(n.func, cx)
    class_slot = cx.scope.slots["__class__"]
    has_first = bool(cx.scope.params)
    loc = (cx.src, n)

    def zero_arg_super(f):
        try:
            fn = load(f)
            if fn is not language_super:
                return fn()
            if not has_first:
                raise RuntimeError("super(): no arguments")
            first = f[1]
            if type(first) is Cell:
                first = first.v
            return super(f[class_slot].v, first)
        except BaseException as e:
            note(e, loc)
            raise
    return zero_arg_super


def _callee(fn):
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or type(fn).__name__
    return f"{name}()"


# -- operators ------------------------------------------------------------------------------

_BINOPS = {"+": O.add, "-": O.sub, "*": O.mul, "/": O.truediv, "//": O.floordiv, "%": O.mod, "**": O.pow,
           "@": O.matmul, "&": O.and_, "|": O.or_, "^": O.xor, "<<": O.lshift, ">>": O.rshift}
_MISSING = object()  # a sentinel no value of the language can be

INPLACE = {"+": O.iadd, "-": O.isub, "*": O.imul, "/": O.itruediv, "//": O.ifloordiv, "%": O.imod,
           "**": O.ipow, "@": O.imatmul, "&": O.iand, "|": O.ior, "^": O.ixor, "<<": O.ilshift,
           ">>": O.irshift}

_MAX_INT_BITS = 1 << 24  # integers beyond 16 million bits would take minutes to compute


def check_repeat(a, b):
    """Refuse ``a * b`` as a list/str/tuple repetition beyond the element limit (or memory)."""
    ta, tb = type(a), type(b)
    if tb in (list, tuple, str) and ta is not list and ta is not tuple and ta is not str:
        a, b, ta, tb = b, a, tb, ta
    if ta in (list, tuple, str) and tb is not list and tb is not tuple and tb is not str:
        try:
            n = O.index(b)  # an int, a bool, a numpy integer, an int tensor...
        except TypeError:
            return
        if n > 0 and len(a) * n > get_max_elements():
            raise MemoryError(f"a {ta.__name__} of {len(a) * n:,} items would be more than the limit "
                              f"of {get_max_elements():,} (--max-elements)")
        if n > 0:  # a list or tuple holds 8 bytes a slot; a str at least 1 a character
            check_memory(len(a) * n * (1 if ta is str else 8))


def checked_mul(a, b):
    """``a * b``, refusing a list/str repetition beyond the element limit (or memory)."""
    check_repeat(a, b)
    return a * b


def checked_pow(a, b, mod=None):
    if type(a) is int and type(b) is int and b > 0 and abs(a) > 1 and a.bit_length() * b > _MAX_INT_BITS:
        raise OverflowError("integer result too large (more than 16 million bits)")
    return a ** b


def checked_lshift(a, b):
    if type(a) is int and type(b) is int and a and b > _MAX_INT_BITS:
        raise OverflowError("integer result too large (more than 16 million bits)")
    return a << b


_CHECKED = {"*": checked_mul, "**": checked_pow, "<<": checked_lshift}


def _binop(n, cx):
    op = _BINOPS[n.op]
    left = expr(n.left, cx)
    loc = (cx.src, n)
    checked = _CHECKED.get(n.op)
    ok, const = constant_of(n.right)
    if checked is not None:
        # The check costs a call, except on the common tensor-or-float path.
        if ok and type(const) is not int:
            checked = None
        elif ok:
            def binop_checked_const(f):
                try:
                    a = left(f)
                    ta = type(a)
                    if ta is Tensor or ta is float:
                        return op(a, const)
                    return checked(a, const)
                except BaseException as e:
                    note(e, loc)
                    raise
            return binop_checked_const
        else:
            right = expr(n.right, cx)

            def binop_checked(f):
                try:
                    a = left(f)
                    ta = type(a)
                    if ta is Tensor or ta is float:
                        return op(a, right(f))
                    return checked(a, right(f))
                except BaseException as e:
                    note(e, loc)
                    raise
            return binop_checked
    if ok:
        def binop_const(f):
            try:
                return op(left(f), const)
            except BaseException as e:
                note(e, loc)
                raise
        return binop_const
    right = expr(n.right, cx)

    def binop(f):
        try:
            return op(left(f), right(f))
        except BaseException as e:
            note(e, loc)
            raise
    return binop


_UNARY = {"-": O.neg, "+": O.pos, "~": O.invert, "not": O.not_}


def _unaryop(n, cx):
    ok, const = constant_of(n)
    if ok:
        return lambda f: const
    op = _UNARY[n.op]
    operand = expr(n.operand, cx)
    loc = (cx.src, n)

    def unary(f):
        try:
            return op(operand(f))
        except BaseException as e:
            note(e, loc)
            raise
    return unary


def _boolop(n, cx):
    values = [expr(v, cx) for v in n.values]
    loc = (cx.src, n)
    first, rest, last = values[0], values[1:-1], values[-1]
    if n.op == "and":
        def and_(f):
            try:
                v = first(f)
                if not v:
                    return v
                for ev in rest:
                    v = ev(f)
                    if not v:
                        return v
                return last(f)
            except BaseException as e:
                note(e, loc)
                raise
        return and_

    def or_(f):
        try:
            v = first(f)
            if v:
                return v
            for ev in rest:
                v = ev(f)
                if v:
                    return v
            return last(f)
        except BaseException as e:
            note(e, loc)
            raise
    return or_


def _contains(a, b):
    return a in b


def _not_contains(a, b):
    return a not in b


_CMPOPS = {"<": O.lt, ">": O.gt, "==": O.eq, "!=": O.ne, "<=": O.le, ">=": O.ge, "is": O.is_,
           "is not": O.is_not, "in": _contains, "not in": _not_contains}


def _compare(n, cx):
    left = expr(n.left, cx)
    loc = (cx.src, n)
    ops = [_CMPOPS[o] for o in n.ops]
    rights = [expr(c, cx) for c in n.comparators]
    if len(ops) == 1:
        op, = ops
        ok, const = constant_of(n.comparators[0])
        if ok:
            def compare_const(f):
                try:
                    return op(left(f), const)
                except BaseException as e:
                    note(e, loc)
                    raise
            return compare_const
        right, = rights

        def compare(f):
            try:
                return op(left(f), right(f))
            except BaseException as e:
                note(e, loc)
                raise
        return compare
    pairs = list(zip(ops[:-1], rights[:-1]))
    last_op, last_right = ops[-1], rights[-1]

    def compare_chain(f):
        try:
            a = left(f)
            for op, right in pairs:
                b = right(f)
                r = op(a, b)
                if not r:
                    return r
                a = b
            return last_op(a, last_right(f))
        except BaseException as e:
            note(e, loc)
            raise
    return compare_chain


def _ifexp(n, cx):
    test, body, orelse = expr(n.test, cx), expr(n.body, cx), expr(n.orelse, cx)
    loc = (cx.src, n.test)

    def ifexp(f):
        try:
            return body(f) if test(f) else orelse(f)
        except BaseException as e:
            note(e, loc)
            raise
    return ifexp


# -- displays -------------------------------------------------------------------------------

def _items(elts, cx):
    """A closure building the list of ``elts`` (``*x`` spread in place)."""
    if not any(type(e) is A.Starred for e in elts):
        evs = [expr(e, cx) for e in elts]
        if not evs:
            return lambda f: []
        if len(evs) == 1:
            e0, = evs
            return lambda f: [e0(f)]
        if len(evs) == 2:
            e0, e1 = evs
            return lambda f: [e0(f), e1(f)]
        return lambda f: [e(f) for e in evs]
    parts = [(type(e) is A.Starred, expr(e.value if type(e) is A.Starred else e, cx),
              (cx.src, e)) for e in elts]

    def spread(f):
        out = []
        for star, ev, loc in parts:
            if star:
                v = ev(f)
                try:
                    out.extend(v)
                except TypeError as e:
                    if not hasattr(v, "__iter__"):
                        raise located(TypeError(f"Value after * must be an iterable, not {type(v).__name__}"),
                                      loc) from None
                    note(e, loc)
                    raise
            else:
                out.append(ev(f))
        return out
    return spread


def _list(n, cx):
    return _items(n.elts, cx)


def _tuple(n, cx):
    if not n.elts:
        return lambda f: ()
    if not any(type(e) is A.Starred for e in n.elts):
        evs = [expr(e, cx) for e in n.elts]
        if len(evs) == 2:
            e0, e1 = evs
            return lambda f: (e0(f), e1(f))
        return lambda f: tuple([e(f) for e in evs])
    items = _items(n.elts, cx)
    return lambda f: tuple(items(f))


def _joinedstr(n, cx):
    parts = []
    for v in n.values:
        if type(v) is A.Constant:
            s = v.value
            parts.append(lambda f, s=s: s)
        else:
            parts.append(expr(v, cx))
    if len(parts) == 1:
        return parts[0]
    return lambda f: "".join([p(f) for p in parts])


_CONVERSIONS = {"r": repr, "s": str, "a": ascii}


def _formatted(n, cx):
    value = expr(n.value, cx)
    conv = _CONVERSIONS.get(n.conversion)
    spec = _joinedstr(n.format_spec, cx) if n.format_spec is not None else (lambda f: "")
    loc = (cx.src, n.value)

    def formatted(f):
        try:
            v = value(f)
            if conv is not None:
                v = conv(v)
            return checked_format(v, spec(f))
        except BaseException as e:
            note(e, loc)
            raise
    return formatted


def _starred(n, cx):
    from gradcalc.parser.errors import ParseError

    raise ParseError("can't use starred expression here", line=n.line, column=n.column, end_line=n.end_line,
                     end_column=n.end_column)


# -- functions and comprehensions (functions.py) ------------------------------------------

def _lambda(n, cx):
    from .functions import function_maker

    return function_maker(n, cx, "<lambda>")


def _listcomp(n, cx):
    from .functions import comprehension

    return comprehension(n, cx, generator=False)


def _genexp(n, cx):
    from .functions import comprehension

    return comprehension(n, cx, generator=True)


def _setcomp(n, cx):
    from .functions import comprehension

    return comprehension(n, cx, generator=False, make=set)


def _dictcomp(n, cx):
    from .functions import comprehension

    return comprehension(n, cx, generator=False, make=dict)


def _set(n, cx):
    items = _items(n.elts, cx)
    loc = (cx.src, n)

    def set_(f):
        v = items(f)
        try:
            return set(v)
        except BaseException as e:
            note(e, loc)
            raise
    return set_


def _dict(n, cx):
    parts = [(expr(k, cx) if k is not None else None, expr(v, cx), (cx.src, v)) for k, v in zip(n.keys, n.values)]
    if all(k is not None for k, _, _ in parts):
        pairs = [(k, v) for k, v, _ in parts]
        loc = (cx.src, n)
        if not pairs:
            return lambda f: {}

        def dict_(f):
            out = {}
            try:
                for k, v in pairs:
                    out[k(f)] = v(f)
            except BaseException as e:
                note(e, loc)
                raise
            return out
        return dict_

    def dict_unpack(f):
        out = {}
        for k, v, loc in parts:
            try:
                if k is None:
                    m = v(f)
                    if not hasattr(type(m), "keys"):
                        raise TypeError(f"'{type(m).__name__}' object is not a mapping")
                    out.update(m)
                else:
                    out[k(f)] = v(f)
            except BaseException as e:
                note(e, loc)
                raise
        return out
    return dict_unpack


def _yield_outside(n, cx):
    from gradcalc.parser.errors import ParseError

    raise ParseError("a yield inside an expression is not supported in gradcalc: write it as a statement "
                     "(yield v, or x = yield v)", line=n.line, column=n.column, end_line=n.end_line,
                     end_column=n.end_column)


_EXPR = {
    A.Constant: _constant, A.Name: _name, A.Attribute: _attribute, A.Subscript: _subscript, A.Slice: _slice,
    A.Call: _call, A.BinOp: _binop, A.UnaryOp: _unaryop, A.BoolOp: _boolop, A.Compare: _compare,
    A.IfExp: _ifexp, A.List: _list, A.Tuple: _tuple, A.JoinedStr: _joinedstr, A.FormattedValue: _formatted,
    A.Starred: _starred, A.Lambda: _lambda, A.ListComp: _listcomp, A.GeneratorExp: _genexp,
    A.SetComp: _setcomp, A.DictComp: _dictcomp, A.Set: _set, A.Dict: _dict,
    A.Yield: _yield_outside, A.YieldFrom: _yield_outside,
}
