"""Generator functions: a ``def`` holding ``yield`` runs as a Python generator.

Ordinary statements compile to closures ``ex(f) -> signal``. In a generator
function, the statements that hold a ``yield`` (and the blocks around them)
compile instead to generator functions ``gx(f)`` run with ``yield from``, so the
user's generator suspends inside them and Python keeps its state; the other
statements stay ordinary closures. ``yield`` may be a statement (``yield v``,
``yield from it``) or the whole right-hand side of an assignment (``x = yield v``).
"""

from __future__ import annotations

from gradcalc.parser import ast as A

from .errors import note
from .runtime import BREAK, CONTINUE, raise_stop

_NESTED = (A.FunctionDef, A.Lambda, A.ClassDef, A.ListComp, A.GeneratorExp, A.SetComp, A.DictComp)


def holds_yield(node):
    """Whether ``node`` yields (not counting functions, classes and comprehensions inside it)."""
    stack = [node]
    while stack:
        n = stack.pop()
        t = type(n)
        if t is A.Yield or t is A.YieldFrom:
            return True
        if t in _NESTED and n is not node:
            if t is A.FunctionDef or t is A.ClassDef:
                stack.extend(n.decorator_list)
            continue
        stack.extend(A.iter_child_nodes(n))
    return False


def gen_block(stmts, cx):
    """A generator function running ``stmts``; returns the first signal (or None)."""
    from .compile_stmt import _NO_OPS, statement

    items = []
    for s in stmts:
        if type(s) in _NO_OPS:
            continue
        if holds_yield(s):
            items.append((True, gen_statement(s, cx)))
        else:
            items.append((False, statement(s, cx)))

    def block(f):
        for is_gen, s in items:
            r = (yield from s(f)) if is_gen else s(f)
            if r is not None:
                return r
        return None
    return block


def gen_statement(n, cx):
    kind = type(n)
    maker = _GEN.get(kind)
    if maker is None:
        from gradcalc.parser.errors import ParseError

        raise ParseError("a yield inside this statement is not supported in gradcalc: write it as a statement "
                         "of its own (yield v, or x = yield v)", line=n.line, column=n.column,
                         end_line=n.end_line, end_column=n.end_column)
    return maker(n, cx)


def _yielder(y, cx):
    """A generator function doing the yield of node ``y``; it returns the value sent in."""
    from .compile_expr import expr

    loc = (cx.src, y)
    if type(y) is A.YieldFrom:
        source = expr(y.value, cx)

        def yield_from(f):
            try:
                it = iter(source(f))
            except BaseException as e:
                note(e, loc)
                raise
            return (yield from it)
        return yield_from
    value = expr(y.value, cx) if y.value is not None else None

    def yield_(f):
        try:
            v = value(f) if value is not None else None
        except BaseException as e:
            note(e, loc)
            raise
        return (yield v)
    return yield_


def _expr(n, cx):
    if type(n.value) not in (A.Yield, A.YieldFrom):
        return gen_statement(A.Assign((), n.value), cx)  # refused: a yield inside an expression
    y = _yielder(n.value, cx)

    def yield_stmt(f):
        yield from y(f)
        return None
    return yield_stmt


def _assign(n, cx):
    from .targets import store

    if type(n.value) not in (A.Yield, A.YieldFrom) or not n.targets:
        from gradcalc.parser.errors import ParseError

        raise ParseError("a yield inside an expression is not supported in gradcalc: write it as a statement "
                         "(yield v, or x = yield v)", line=n.line, column=n.column, end_line=n.end_line,
                         end_column=n.end_column)
    y = _yielder(n.value, cx)
    stores = [store(t, cx) for t in n.targets]

    def assign_yield(f):
        v = yield from y(f)
        for st in stores:
            st(f, v)
        return None
    return assign_yield


def _if(n, cx):
    from .compile_expr import expr

    test = expr(n.test, cx)
    body = gen_block(n.body, cx)
    orelse = gen_block(n.orelse, cx)
    loc = (cx.src, n.test)

    def if_(f):
        try:
            t = test(f)
        except BaseException as e:
            note(e, loc)
            raise
        return (yield from (body(f) if t else orelse(f)))
    return if_


def _while(n, cx):
    from .compile_expr import expr

    test = expr(n.test, cx)
    body = gen_block(n.body, cx)
    orelse = gen_block(n.orelse, cx) if n.orelse else None
    flag = cx.rt.flag
    loc = (cx.src, n.test)

    def while_(f):
        while True:
            try:
                if not test(f):
                    break
            except BaseException as e:
                note(e, loc)
                raise
            if flag[0] is not None:
                raise_stop(flag)
            r = yield from body(f)
            if r is not None:
                if r is BREAK:
                    return None
                if r is CONTINUE:
                    continue
                return r
        if orelse is not None:
            return (yield from orelse(f))
        return None
    return while_


def _for(n, cx):
    from .compile_expr import expr
    from .targets import store

    iterable = expr(n.iter, cx)
    st = store(n.target, cx)
    body = gen_block(n.body, cx)
    orelse = gen_block(n.orelse, cx) if n.orelse else None
    flag = cx.rt.flag
    loc = (cx.src, n.iter)

    def for_(f):
        try:
            it = iter(iterable(f))
        except BaseException as e:
            note(e, loc)
            raise
        while True:
            try:
                v = next(it)
            except StopIteration:
                break
            except BaseException as e:
                note(e, loc)
                raise
            if flag[0] is not None:
                raise_stop(flag)
            st(f, v)
            r = yield from body(f)
            if r is not None:
                if r is BREAK:
                    return None
                if r is CONTINUE:
                    continue
                return r
        if orelse is not None:
            return (yield from orelse(f))
        return None
    return for_


def _with(n, cx):
    from .compile_expr import expr
    from .compile_stmt import open_context
    from .targets import store

    inner = gen_block(n.body, cx)
    for item in reversed(n.items):
        inner = _with_item(item, inner, cx, expr, store, open_context)
    return inner


def _with_item(item, body, cx, expr, store, open_context):
    manager = expr(item.context_expr, cx)
    st = store(item.target, cx) if item.target is not None else None
    loc = (cx.src, item.context_expr)

    def with_(f):
        with open_context(manager, f, loc) as value:
            if st is not None:
                st(f, value)
            return (yield from body(f))
    return with_


def _try(n, cx):
    from .compile_stmt import delete_quietly
    from .exceptions import handler_matcher, uncatchable
    from .targets import name_store

    body = gen_block(n.body, cx)
    handlers = []
    for h in n.handlers:
        match = handler_matcher(h, cx)
        st = name_store(h.name, cx) if h.name is not None else None
        unbind = delete_quietly(h.name, cx) if h.name is not None else None
        handlers.append((match, st, unbind, gen_block(h.body, cx)))
    orelse = gen_block(n.orelse, cx) if n.orelse else None
    final = gen_block(n.finalbody, cx) if n.finalbody else None

    inner = body
    if handlers:
        def try_except(f):
            try:
                r = yield from body(f)
            except BaseException as e:
                if isinstance(e, uncatchable) or isinstance(e, GeneratorExit):
                    raise
                for match, st, unbind, handler in handlers:
                    if match(f, e):
                        if st is None:
                            return (yield from handler(f))
                        st(f, e)
                        try:
                            return (yield from handler(f))
                        finally:
                            unbind(f)
                raise
            if orelse is not None and r is None:
                return (yield from orelse(f))
            return r
        inner = try_except
    if final is None:
        return inner

    def try_finally(f):
        try:
            r = yield from inner(f)
        except BaseException as e:
            fr = yield from final(f)
            if fr is not None and not isinstance(e, uncatchable):
                return fr
            raise
        fr = yield from final(f)
        return r if fr is None else fr
    return try_finally


_GEN = {A.Expr: _expr, A.Assign: _assign, A.If: _if, A.While: _while, A.For: _for, A.With: _with, A.Try: _try}
