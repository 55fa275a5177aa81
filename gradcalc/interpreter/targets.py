"""Assignment targets -> closures ``store(f, value)`` (and ``delete(f)`` for ``del``).

Names go to a frame slot, a cell or the session's namespace; attributes and
items go through the sandbox (which allows ``x.grad = ...``, ``x[i] = ...``,
``xs[i] = ...`` and refuses the rest); tuples and lists unpack as Python does.
"""

from __future__ import annotations

from itertools import islice

from gradcalc.engine import Tensor
from gradcalc.parser import ast as A

from . import sandbox
from .compile_expr import constant_of, expr, index_expr
from .errors import located, name_error_message, note
from .runtime import UNBOUND, touch


def store(target, cx):
    kind = type(target)
    if kind is A.Name:
        return name_store(target.id, cx)
    loc = (cx.src, target)
    if kind is A.Attribute:
        value = expr(target.value, cx)
        name = target.attr

        def store_attribute(f, v):
            try:
                sandbox.set_attribute(value(f), name, v)
            except BaseException as e:
                note(e, loc)
                raise
        return store_attribute
    if kind is A.Subscript:
        value = expr(target.value, cx)
        ok, const = constant_of(target.index)
        index = (lambda f: const) if ok else index_expr(target.index, cx)

        def store_item(f, v):
            try:
                obj = value(f)
                if type(obj) is Tensor:
                    obj[index(f)] = v
                else:
                    sandbox.set_item(obj, index(f), v)
            except BaseException as e:
                note(e, loc)
                raise
        return store_item
    if kind is A.Tuple or kind is A.List:
        return _unpacker(target, cx)
    raise AssertionError(f"the parser let through an assignment to {kind.__name__}")


def name_store(name, cx):
    kind, slot = cx.scope.lookup(name)
    if kind == "local":
        def store_local(f, v):
            f[slot] = v
        return store_local
    if kind == "classdict":
        def store_class_name(f, v):
            f[0][name] = v
        return store_class_name
    if kind == "cell":
        def store_cell(f, v):
            cell = f[slot]
            touch(cell)
            cell.v = v
        return store_cell
    ns = cx.rt.ns

    def store_global(f, v):
        ns[name] = v
    return store_global


def _unpacker(target, cx):
    elts = target.elts
    stores = [store(e.value if type(e) is A.Starred else e, cx) for e in elts]
    star = next((i for i, e in enumerate(elts) if type(e) is A.Starred), None)
    loc = (cx.src, target)
    n = len(elts)
    if star is None:
        def unpack(f, v):
            try:
                items = _take(v, n)
            except BaseException as e:
                note(e, loc)
                raise
            for s, item in zip(stores, items):
                s(f, item)
        return unpack
    before, after = star, n - star - 1

    def unpack_star(f, v):
        try:
            items = _all(v)
            if len(items) < before + after:
                raise ValueError(f"not enough values to unpack (expected at least {before + after}, "
                                 f"got {len(items)})")
        except BaseException as e:
            note(e, loc)
            raise
        for i in range(before):
            stores[i](f, items[i])
        stores[before](f, list(items[before:len(items) - after]))
        for i in range(after):
            stores[before + 1 + i](f, items[len(items) - after + i])
    return unpack_star


def _iterate(v):
    try:
        return iter(v)
    except TypeError:
        if not hasattr(type(v), "__iter__") and not hasattr(type(v), "__getitem__"):
            raise TypeError(f"cannot unpack non-iterable {type(v).__name__} object") from None
        raise


def _take(v, n):
    """Exactly ``n`` items of ``v``, with Python's messages when there are more or fewer."""
    if type(v) is tuple or type(v) is list:
        items = v
    else:
        items = list(islice(_iterate(v), n + 1))
    if len(items) != n:
        if len(items) > n:
            raise ValueError(f"too many values to unpack (expected {n})")
        raise ValueError(f"not enough values to unpack (expected {n}, got {len(items)})")
    return items


def _all(v):
    if type(v) is tuple or type(v) is list:
        return v
    return list(_iterate(v))


# -- del ------------------------------------------------------------------------------------

def delete(target, cx):
    kind = type(target)
    loc = (cx.src, target)
    if kind is A.Name:
        name = target.id
        where, slot = cx.scope.lookup(name)
        if where == "local":
            def delete_local(f):
                if f[slot] is UNBOUND:
                    raise located(UnboundLocalError(
                        f"cannot access local variable '{name}' where it is not associated with a value"), loc)
                f[slot] = UNBOUND
            return delete_local
        if where == "classdict":
            def delete_class_name(f):
                try:
                    del f[0][name]
                except KeyError:
                    raise located(NameError(f"name '{name}' is not defined"), loc) from None
            return delete_class_name
        if where == "cell":
            def delete_cell(f):
                cell = f[slot]
                if cell.v is UNBOUND:
                    raise located(NameError(
                        f"cannot access free variable '{name}' where it is not associated with a value "
                        "in enclosing scope"), loc)
                touch(cell)
                cell.v = UNBOUND
            return delete_cell
        ns = cx.rt.ns

        def delete_global(f):
            try:
                del ns[name]
            except KeyError:
                raise located(NameError(name_error_message(name, list(ns))), loc) from None
        return delete_global
    if kind is A.Attribute:
        value = expr(target.value, cx)
        attr = target.attr

        def delete_attribute(f):
            try:
                sandbox.delete_attribute(value(f), attr)
            except BaseException as e:
                note(e, loc)
                raise
        return delete_attribute
    if kind is A.Subscript:
        value = expr(target.value, cx)
        index = index_expr(target.index, cx)

        def delete_item(f):
            try:
                sandbox.delete_item(value(f), index(f))
            except BaseException as e:
                note(e, loc)
                raise
        return delete_item
    if kind is A.Tuple or kind is A.List:
        parts = [delete(e, cx) for e in target.elts]

        def delete_all(f):
            for p in parts:
                p(f)
        return delete_all
    raise AssertionError(f"the parser let through a del of {kind.__name__}")
