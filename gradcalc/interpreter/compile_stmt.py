"""Statements -> closures ``ex(f) -> None | BREAK | CONTINUE | RETURN``.

``compile_module`` is the entry point: it analyses scopes and returns one
closure per top-level statement (the session runs each atomically).
"""

from __future__ import annotations

from numpy import ndarray

from gradcalc.parser import ast as A

from . import sandbox
from .compile_expr import (INPLACE, Ctx, check_repeat, checked_lshift, checked_pow, constant_of, expr, index_expr,
                           name_loader)
from .errors import Source, located, note
from .functions import function_maker
from .runtime import BREAK, CONTINUE, RETURN, raise_stop, touch
from .scope import analyze, analyze_expression
from .targets import delete, name_store, store


class LanguageError(Exception):
    """An error of the language itself with a kind of its own (``UsageError`` for a magic)."""

    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind
        self.message = message


def compile_module(module, rt, filename, text, echo):
    """[(closure, node)] for the top-level statements of ``module`` (may raise ParseError)."""
    src = Source(filename, text)
    scopes = analyze(module, filename, text)
    cx = Ctx(scopes[None], scopes, src, rt, echo)
    return [(statement(s, cx), s) for s in module.body]


def compile_expression(node, rt, filename, text):
    """The closure evaluating a lone expression at module level (``session.eval``)."""
    src = Source(filename, text)
    scopes = analyze_expression(node, filename, text)
    return expr(node, Ctx(scopes[None], scopes, src, rt, False))


def block(stmts, cx):
    """One closure running ``stmts`` in order, stopping at the first signal."""
    body = [statement(s, cx) for s in stmts if type(s) not in _NO_OPS]
    if not body:
        return _nothing
    if len(body) == 1:
        return body[0]
    if len(body) == 2:
        s0, s1 = body

        def block2(f):
            r = s0(f)
            if r is not None:
                return r
            return s1(f)
        return block2

    def block_n(f):
        for s in body:
            r = s(f)
            if r is not None:
                return r
        return None
    return block_n


def _nothing(f):
    return None


def statement(node, cx):
    return _STMT[type(node)](node, cx)


# -- simple statements ---------------------------------------------------------------------

# Statements catch what their expressions did not place (a comprehension's loop
# interrupted, an unpacking that fails), so that every error has a line.

def _expr_stmt(n, cx):
    value = expr(n.value, cx)
    loc = (cx.src, n)
    if not cx.echo:
        def expr_stmt(f):
            try:
                value(f)
            except BaseException as e:
                note(e, loc)
                raise
        return expr_stmt
    display = cx.rt.display

    def expr_echo(f):
        try:
            v = value(f)
            if v is not None:
                show = display[0]
                if show is not None:
                    show(v)
        except BaseException as e:
            note(e, loc)
            raise
    return expr_echo


def _assign(n, cx):
    value = expr(n.value, cx)
    loc = (cx.src, n)
    if len(n.targets) == 1:
        target = n.targets[0]
        if type(target) is A.Name and cx.scope.lookup(target.id)[0] == "global":
            ns = cx.rt.ns
            name = target.id

            def assign_global(f):
                try:
                    ns[name] = value(f)
                except BaseException as e:
                    note(e, loc)
                    raise
            return assign_global
        st = store(target, cx)

        def assign(f):
            try:
                st(f, value(f))
            except BaseException as e:
                note(e, loc)
                raise
        return assign
    stores = [store(t, cx) for t in n.targets]

    def assign_many(f):
        try:
            v = value(f)
            for st in stores:
                st(f, v)
        except BaseException as e:
            note(e, loc)
            raise
    return assign_many


def _augmented(symbol):
    """``a op= b`` with Python's semantics and the language's limits and rules."""
    op = INPLACE[symbol]
    checked = {"**": checked_pow, "<<": checked_lshift}.get(symbol)
    if checked is not None:
        return lambda a, b: checked(a, b) if type(a) is int else op(a, b)
    repeat = symbol == "*"

    def aug(a, b):
        ta = type(a)
        if ta is list or ta is dict or ta is set or ta is ndarray:
            touch(a)  # list += / set |= / array += change the object in place
        if repeat:
            check_repeat(a, b)  # s *= 10**9 is refused like s = s * 10**9
        return op(a, b)
    return aug


def _augassign(n, cx):
    op = _augmented(n.op)
    value = expr(n.value, cx)
    target = n.target
    loc = (cx.src, n)
    kind = type(target)
    if kind is A.Name:
        load = name_loader(target.id, target, cx)
        st = name_store(target.id, cx)

        def augassign_name(f):
            try:
                v = op(load(f), value(f))
            except BaseException as e:
                note(e, loc)
                raise
            st(f, v)
        return augassign_name
    obj_of = expr(target.value, cx)
    if kind is A.Attribute:
        read = sandbox.attr_reader(target.attr)
        attr = target.attr

        def augassign_attribute(f):
            try:
                obj = obj_of(f)
                sandbox.set_attribute(obj, attr, op(read(obj), value(f)))
            except BaseException as e:
                note(e, loc)
                raise
        return augassign_attribute
    ok, const = constant_of(target.index)
    index = (lambda f: const) if ok else index_expr(target.index, cx)

    def augassign_item(f):
        try:
            obj = obj_of(f)
            i = index(f)
            sandbox.set_item(obj, i, op(obj[i], value(f)))
        except BaseException as e:
            note(e, loc)
            raise
    return augassign_item


def _delete(n, cx):
    parts = [delete(t, cx) for t in n.targets]
    loc = (cx.src, n)

    def delete_all(f):
        try:
            for p in parts:
                p(f)
        except BaseException as e:
            note(e, loc)
            raise
    return delete_all


def _return(n, cx):
    if n.value is None:
        def return_none(f):
            f[0] = None
            return RETURN
        return return_none
    value = expr(n.value, cx)
    loc = (cx.src, n)

    def return_value(f):
        try:
            f[0] = value(f)
        except BaseException as e:
            note(e, loc)
            raise
        return RETURN
    return return_value


def _break(n, cx):
    return lambda f: BREAK


def _continue(n, cx):
    return lambda f: CONTINUE


def _assert(n, cx):
    test = expr(n.test, cx)
    msg = expr(n.msg, cx) if n.msg is not None else None
    loc = (cx.src, n)

    def assert_(f):
        try:
            if not test(f):
                raise AssertionError(msg(f)) if msg is not None else AssertionError()
        except BaseException as e:
            note(e, loc)
            raise
    return assert_


def _import(n, cx):
    bindings = []
    for alias in n.names:
        if alias.asname:
            bindings.append((alias.name, alias.name, name_store(alias.asname, cx)))
        else:
            top = alias.name.split(".")[0]
            bindings.append((alias.name, top, name_store(top, cx)))
    loc = (cx.src, n)

    def import_(f):
        for dotted, bound, st in bindings:
            try:
                sandbox.import_module(dotted)
                value = sandbox.import_module(bound)
            except BaseException as e:
                note(e, loc)
                raise
            st(f, value)
    return import_


def _import_from(n, cx):
    loc = (cx.src, n)
    dotted = n.module
    if any(a.name == "*" for a in n.names):
        ns = cx.rt.ns

        def import_star(f):
            try:
                ns.update(sandbox.import_all(dotted))
            except BaseException as e:
                note(e, loc)
                raise
        return import_star
    bindings = [(a.name, name_store(a.asname or a.name, cx)) for a in n.names]

    def import_from(f):
        for name, st in bindings:
            try:
                value = sandbox.import_name(dotted, name)
            except BaseException as e:
                note(e, loc)
                raise
            st(f, value)
    return import_from


def _magic(n, cx):
    rt = cx.rt
    handler = rt.magic
    loc = (cx.src, n)

    def magic(f):
        h = handler[0]
        if h is None:
            raise located(LanguageError("UsageError", f"%{n.name}: magics are not available here"), loc)
        try:
            h(rt.session, n.name, n.args, n)
        except BaseException as e:
            note(e, loc)
            raise
    return magic


# -- compound statements -------------------------------------------------------------------

def _if(n, cx):
    test = expr(n.test, cx)
    body = block(n.body, cx)
    loc = (cx.src, n.test)
    if not n.orelse:
        def if_(f):
            try:
                if test(f):
                    return body(f)
                return None
            except BaseException as e:
                note(e, loc)
                raise
        return if_
    orelse = block(n.orelse, cx)

    def if_else(f):
        try:
            if test(f):
                return body(f)
            return orelse(f)
        except BaseException as e:
            note(e, loc)
            raise
    return if_else


def _while(n, cx):
    test = expr(n.test, cx)
    body = block(n.body, cx)
    orelse = block(n.orelse, cx) if n.orelse else None
    flag = cx.rt.flag
    loc = (cx.src, n.test)

    def while_(f):
        try:
            while test(f):
                if flag[0] is not None:
                    raise_stop(flag)
                r = body(f)
                if r is not None:
                    if r is BREAK:
                        return None
                    if r is CONTINUE:
                        continue
                    return r
            if orelse is not None:
                return orelse(f)
            return None
        except BaseException as e:
            note(e, loc)
            raise
    return while_


def _for(n, cx):
    iterable = expr(n.iter, cx)
    body = block(n.body, cx)
    orelse = block(n.orelse, cx) if n.orelse else None
    flag = cx.rt.flag
    loc = (cx.src, n.iter)
    if type(n.target) is A.Name and cx.scope.lookup(n.target.id)[0] not in ("cell", "classdict"):
        return _for_name(n.target.id, iterable, body, orelse, flag, loc, cx)
    st = store(n.target, cx)

    def for_(f):
        try:
            for v in iterable(f):
                if flag[0] is not None:
                    raise_stop(flag)
                st(f, v)
                r = body(f)
                if r is not None:
                    if r is BREAK:
                        return None
                    if r is CONTINUE:
                        continue
                    return r
            if orelse is not None:
                return orelse(f)
            return None
        except BaseException as e:
            note(e, loc)
            raise
    return for_


def _for_name(name, iterable, body, orelse, flag, loc, cx):
    """``for NAME in ...``, the common case: the loop variable stored without a call."""
    where, slot = cx.scope.lookup(name)
    target = cx.rt.ns if where == "global" else None
    key = name if where == "global" else slot

    def for_name(f):
        try:
            into = target if target is not None else f
            for v in iterable(f):
                if flag[0] is not None:
                    raise_stop(flag)
                into[key] = v
                r = body(f)
                if r is not None:
                    if r is BREAK:
                        return None
                    if r is CONTINUE:
                        continue
                    return r
            if orelse is not None:
                return orelse(f)
            return None
        except BaseException as e:
            note(e, loc)
            raise
    return for_name


def _with(n, cx):
    inner = block(n.body, cx)
    for item in reversed(n.items):
        inner = _with_item(item, inner, cx)
    return inner


def _with_item(item, body, cx):
    manager = expr(item.context_expr, cx)
    st = store(item.target, cx) if item.target is not None else None
    loc = (cx.src, item.context_expr)

    def with_(f):
        with open_context(manager, f, loc) as value:
            if st is not None:
                st(f, value)
            return body(f)
    return with_


def open_context(manager, f, loc):
    """The context manager of a ``with`` item, evaluated and checked (an error located at the item)."""
    try:
        mgr = manager(f)
        sandbox.check_context_manager(mgr)
    except BaseException as e:
        note(e, loc)
        raise
    return mgr


def _functiondef(n, cx):
    decorators = [expr(d, cx) for d in n.decorator_list]
    create = function_maker(n, cx, n.name, body=lambda inner: block(n.body, inner))
    st = name_store(n.name, cx)
    loc = (cx.src, n)
    if decorators:
        return _decorated(decorators, create, st, loc, n.decorator_list)

    def def_(f):
        try:
            st(f, create(f))
        except BaseException as e:
            note(e, loc)
            raise
    return def_


def _decorated(decorators, create, st, loc, nodes):
    """``@d1 @d2 def/class``: the decorators evaluated top down, then applied bottom up."""
    locs = [(loc[0], d) for d in nodes]

    def decorated(f):
        try:
            found = [d(f) for d in decorators]
            value = create(f)
        except BaseException as e:
            note(e, loc)
            raise
        for d, where in zip(reversed(found), reversed(locs)):
            try:
                value = d(value)
            except BaseException as e:
                note(e, where)
                raise
        st(f, value)
    return decorated


def _classdef(n, cx):
    from .errors import boundary
    from .functions import docstring
    from .runtime import Cell

    scope = cx.scopes[n]
    inner = cx.child(scope)
    body = block(n.body, inner)
    for b in n.bases:
        if type(b) is A.Starred:
            from gradcalc.parser.errors import ParseError
            raise ParseError("'*' in a class's bases is not supported in gradcalc", line=b.line,
                             column=b.column, end_line=b.end_line, end_column=b.end_column)
    bases = [expr(b, cx) for b in n.bases]
    keywords = [(k.arg, expr(k.value, cx)) for k in n.keywords]
    free_sources = [cx.scope.slots[name] for name in scope.free]
    class_cell = "__class__" in scope.cells
    name, qualname, doc = n.name, scope.qualname, docstring(n)
    loc = (cx.src, n)
    make_class = sandbox.make_class

    def create(f):
        try:
            found = tuple([b(f) for b in bases])
            kws = {k: v(f) for k, v in keywords}
        except BaseException as e:
            note(e, loc)
            raise
        ns = {}
        fr = [ns, Cell()] if class_cell else [ns]
        for s in free_sources:
            fr.append(f[s])
        try:
            body(fr)
        except BaseException as e:
            boundary(e, name)
            raise
        try:
            cls = make_class(name, qualname, found, ns, kws, doc)
        except BaseException as e:
            note(e, loc)
            raise
        if class_cell:
            fr[1].v = cls
        return cls

    decorators = [expr(d, cx) for d in n.decorator_list]
    st = name_store(n.name, cx)
    if decorators:
        return _decorated(decorators, create, st, loc, n.decorator_list)

    def class_(f):
        st(f, create(f))
    return class_


def _annassign(n, cx):
    record = _class_annotation(n, cx) if cx.scope.kind == "class" and type(n.target) is A.Name else None
    if n.value is None:
        return record or _nothing  # `x: int` declares; annotations are kept, never checked
    assign = _assign(A.Assign((n.target,), n.value, line=n.line, column=n.column, end_line=n.end_line,
                              end_column=n.end_column), cx)
    if record is None:
        return assign

    def annassign(f):
        r = assign(f)
        record(f)
        return r
    return annassign


def _class_annotation(n, cx):
    """``x: T`` in a class body keeps ``T`` in the class's ``__annotations__`` (dataclasses read them);
    a name not defined yet (a forward reference) is kept as its text."""
    name = n.target.id
    annotation = expr(n.annotation, cx)
    text = _annotation_text(n.annotation)
    loc = (cx.src, n)

    def record(f):
        try:
            value = annotation(f)
        except NameError:
            value = text
        except BaseException as e:
            note(e, loc)
            raise
        ns = f[0]  # a class body's namespace
        ann = ns.get("__annotations__")
        if ann is None:
            ann = ns["__annotations__"] = {}
        ann[name] = value
    return record


def _annotation_text(node):
    kind = type(node)
    if kind is A.Name:
        return node.id
    if kind is A.Constant and isinstance(node.value, str):
        return node.value
    if kind is A.Attribute:
        return f"{_annotation_text(node.value)}.{node.attr}"
    if kind is A.Subscript:
        return f"{_annotation_text(node.value)}[...]"
    return "..."


# -- exceptions ----------------------------------------------------------------------------

def _try(n, cx):
    from .exceptions import handler_matcher, uncatchable

    body = block(n.body, cx)
    handlers = []
    for h in n.handlers:
        match = handler_matcher(h, cx)
        st = name_store(h.name, cx) if h.name is not None else None
        unbind = delete_quietly(h.name, cx) if h.name is not None else None
        handlers.append((match, st, unbind, block(h.body, cx)))
    orelse = block(n.orelse, cx) if n.orelse else None
    final = block(n.finalbody, cx) if n.finalbody else None
    inner = body
    if handlers:
        def try_except(f):
            try:
                r = body(f)
            except BaseException as e:
                if isinstance(e, uncatchable):
                    raise
                for match, st, unbind, handler in handlers:
                    if match(f, e):
                        if st is None:
                            return handler(f)
                        st(f, e)
                        try:
                            return handler(f)
                        finally:
                            unbind(f)  # as Python does: the name is gone after the handler
                raise
            if orelse is not None and r is None:  # else: only when the body ran to its end
                return orelse(f)
            return r
        inner = try_except
    elif orelse is not None:  # pragma: no cover - the parser allows else only after handlers
        raise AssertionError("else without except")
    if final is None:
        return inner

    def try_finally(f):
        try:
            r = inner(f)
        except BaseException as e:
            fr = final(f)
            if fr is not None and not isinstance(e, uncatchable):
                return fr  # return/break/continue in finally: the exception is dropped, as in Python
            raise
        fr = final(f)
        return r if fr is None else fr
    return try_finally


def delete_quietly(name, cx):
    """Unbind ``name`` if bound (the ``as`` name of an except clause, after its block)."""
    from .runtime import UNBOUND

    kind, slot = cx.scope.lookup(name)
    if kind == "local":
        def unbind_local(f):
            f[slot] = UNBOUND
        return unbind_local
    if kind == "cell":
        def unbind_cell(f):
            f[slot].v = UNBOUND
        return unbind_cell
    if kind == "classdict":
        return lambda f: f[0].pop(name, None)
    ns = cx.rt.ns
    return lambda f: ns.pop(name, None)


def _raise(n, cx):
    from .exceptions import make_raise

    return make_raise(n, cx)


_NO_OPS = (A.Pass, A.Global, A.Nonlocal)

_STMT = {
    A.Expr: _expr_stmt, A.Assign: _assign, A.AugAssign: _augassign, A.Delete: _delete, A.Return: _return,
    A.Break: _break, A.Continue: _continue, A.Assert: _assert, A.Import: _import, A.ImportFrom: _import_from,
    A.Magic: _magic, A.If: _if, A.While: _while, A.For: _for, A.With: _with, A.FunctionDef: _functiondef,
    A.ClassDef: _classdef, A.AnnAssign: _annassign, A.Try: _try, A.Raise: _raise,
    A.Pass: lambda n, cx: _nothing, A.Global: lambda n, cx: _nothing, A.Nonlocal: lambda n, cx: _nothing,
}
