"""User functions (``def``, ``lambda``) and comprehensions.

A user function is a plain Python closure (so calling it from compiled code is
a Python-to-Python call that CPython runs without growing the C stack) named
like the user's function, so that it shows as ``<function f at 0x...>``. The
sandbox gives functions no attributes, so nothing behind it is reachable.

Calling it: bind the arguments into a new frame (a list: slot 0 the return
value, then parameters, other locals, free cells), check the interrupt flag and
the recursion depth, run the body, and on an exception mark the frame boundary
for the user-level traceback.
"""

from __future__ import annotations

from gradcalc.parser import ast as A

from .compile_expr import expr
from .errors import boundary, note
from .runtime import RETURN, UNBOUND, Cell, raise_stop


def function_maker(node, cx, name, body=None):
    """A closure ``create(f)`` that makes the function value when ``def``/``lambda`` runs.

    ``body`` is the compiled block of a ``def`` (None for a lambda, whose body is
    the expression ``node.body``).
    """
    scope = cx.scopes[node]
    inner = cx.child(scope)
    is_lambda = body is None
    generator = scope.generator
    if is_lambda:
        body_expr = expr(node.body, inner)
    elif generator:
        from .generators import gen_block

        body = gen_block(node.body, inner)
    else:
        body = body(inner)
    params = node.params
    pos_defaults = [(i, expr(p.default, cx)) for i, p in enumerate(params)
                    if p.kind == "positional" and p.default is not None]
    kw_defaults = [(p.name, expr(p.default, cx)) for p in params if p.kind == "keyword_only" and p.default is not None]
    # the defining frame's slots holding the cells this function closes over
    free_sources = [cx.scope.slots[n] for n in scope.free]
    spec = _Spec(scope, params)
    qualname = scope.qualname
    rt = cx.rt
    flag, depth, max_depth = rt.flag, rt.depth, rt.max_depth
    loc = (cx.src, node)
    doc = docstring(node)

    def create(f):
        try:
            defaults = {i: d(f) for i, d in pos_defaults}
            kwdefaults = {n: d(f) for n, d in kw_defaults}
        except BaseException as e:
            note(e, loc)
            raise
        closure = [f[s] for s in free_sources]
        bind = spec.binder(defaults, kwdefaults, closure)

        if generator:
            def run(fr):
                try:
                    if (yield from body(fr)) is RETURN:
                        return fr[0]
                    return None
                except BaseException as e:
                    boundary(e, name)
                    raise

            def call(*args, **kwargs):
                gen = run(bind(args, kwargs))
                gen.__name__ = name
                gen.__qualname__ = qualname
                return gen
        elif is_lambda:
            def call(*args, **kwargs):
                fr = bind(args, kwargs)
                if flag[0] is not None:
                    raise_stop(flag)
                d = depth[0] = depth[0] + 1
                try:
                    if d > max_depth[0]:
                        raise RecursionError("maximum recursion depth exceeded")
                    return body_expr(fr)
                except BaseException as e:
                    boundary(e, name)
                    raise
                finally:
                    depth[0] -= 1
        else:
            def call(*args, **kwargs):
                fr = bind(args, kwargs)
                if flag[0] is not None:
                    raise_stop(flag)
                d = depth[0] = depth[0] + 1
                try:
                    if d > max_depth[0]:
                        raise RecursionError("maximum recursion depth exceeded")
                    if body(fr) is RETURN:
                        return fr[0]
                    return None
                except BaseException as e:
                    boundary(e, name)
                    raise
                finally:
                    depth[0] -= 1
        call.__name__ = name
        call.__qualname__ = qualname
        call.__doc__ = doc
        call._gradcalc_signature = (params, defaults, kwdefaults)  # read by signature() (completion, %help)
        return call

    return create


_KINDS = {"positional": "POSITIONAL_OR_KEYWORD", "var_positional": "VAR_POSITIONAL",
          "keyword_only": "KEYWORD_ONLY", "var_keyword": "VAR_KEYWORD"}


def signature(fn):
    """``inspect.Signature`` of a user function (built when asked: a def or lambda in a loop must stay
    cheap to create), or None for anything else."""
    spec = getattr(fn, "_gradcalc_signature", None)
    if spec is None:
        return None
    import inspect

    params, defaults, kwdefaults = spec
    out = []
    for i, p in enumerate(params):
        default = defaults.get(i, kwdefaults.get(p.name, inspect.Parameter.empty))
        out.append(inspect.Parameter(p.name, getattr(inspect.Parameter, _KINDS[p.kind]), default=default))
    return inspect.Signature(out)


def docstring(node):
    """A ``def``'s or ``class``'s docstring: its body's first statement when that is a string literal."""
    body = getattr(node, "body", None)
    if isinstance(body, tuple) and body and type(body[0]) is A.Expr and type(body[0].value) is A.Constant \
            and type(body[0].value.value) is str:
        return body[0].value.value
    return None


class _Spec:
    """How arguments map to frame slots, and Python's errors when they do not fit."""

    def __init__(self, scope, params):
        self.qualname = scope.qualname
        self.nslots = scope.nslots
        self.nparams = len(params)
        self.positional = [p.name for p in params if p.kind == "positional"]
        self.var_positional = next((scope.slots[p.name] for p in params if p.kind == "var_positional"), None)
        self.keyword_only = [p.name for p in params if p.kind == "keyword_only"]
        self.var_keyword = next((scope.slots[p.name] for p in params if p.kind == "var_keyword"), None)
        self.by_name = {p.name: scope.slots[p.name] for p in params if p.kind in ("positional", "keyword_only")}
        self.cell_slots = [scope.slots[n] for n in scope.slots if n in scope.cells]
        self.nfree = len(scope.free)
        self.simple = self.var_positional is None and self.var_keyword is None and not self.keyword_only

    def binder(self, defaults, kwdefaults, closure):
        npos = len(self.positional)
        tail = [UNBOUND] * (self.nslots - 1 - npos - self.nfree) + closure
        cell_slots = self.cell_slots
        general = self._general

        if self.simple:
            def bind_simple(args, kwargs):
                if kwargs or len(args) != npos:
                    return general(args, kwargs, defaults, kwdefaults, tail)
                fr = [None, *args, *tail]
                for i in cell_slots:
                    fr[i] = Cell(fr[i])
                return fr
            return bind_simple

        def bind(args, kwargs):
            return general(args, kwargs, defaults, kwdefaults, tail)
        return bind

    def _general(self, args, kwargs, defaults, kwdefaults, tail):
        name = self.qualname
        positional = self.positional
        npos = len(positional)
        fr = [None] + [UNBOUND] * self.nparams + tail[self.nparams - npos:]
        nargs = len(args)
        if nargs > npos:
            if self.var_positional is None:
                raise TypeError(_too_many(name, npos, len(defaults), nargs))
            fr[self.var_positional] = tuple(args[npos:])
            fr[1:1 + npos] = args[:npos]
        else:
            fr[1:1 + nargs] = args
            if self.var_positional is not None:
                fr[self.var_positional] = ()
        extra = {}
        for key, value in kwargs.items():
            slot = self.by_name.get(key)
            if slot is None:
                if self.var_keyword is None:
                    raise TypeError(f"{name}() got an unexpected keyword argument '{key}'")
                extra[key] = value
                continue
            if fr[slot] is not UNBOUND:
                raise TypeError(f"{name}() got multiple values for argument '{key}'")
            fr[slot] = value
        if self.var_keyword is not None:
            fr[self.var_keyword] = extra
        missing = []
        for i, pname in enumerate(positional):
            if fr[1 + i] is UNBOUND:
                if i in defaults:
                    fr[1 + i] = defaults[i]
                else:
                    missing.append(pname)
        if missing:
            raise TypeError(_missing(name, missing, "positional"))
        for pname in self.keyword_only:
            slot = self.by_name[pname]
            if fr[slot] is UNBOUND:
                if pname in kwdefaults:
                    fr[slot] = kwdefaults[pname]
                else:
                    missing.append(pname)
        if missing:
            raise TypeError(_missing(name, missing, "keyword-only"))
        for i in self.cell_slots:
            fr[i] = Cell(fr[i])
        return fr


def _too_many(name, npos, ndefaults, given):
    if ndefaults:
        takes = f"from {npos - ndefaults} to {npos} positional arguments"
    else:
        takes = f"{npos} positional argument{'' if npos == 1 else 's'}"
    was = "was" if given == 1 else "were"
    return f"{name}() takes {takes} but {given} {was} given"


def _missing(name, names, what):
    quoted = [f"'{n}'" for n in names]
    if len(quoted) == 1:
        listed = quoted[0]
    elif len(quoted) == 2:
        listed = f"{quoted[0]} and {quoted[1]}"
    else:
        listed = ", ".join(quoted[:-1]) + f", and {quoted[-1]}"
    s = "" if len(names) == 1 else "s"
    return f"{name}() missing {len(names)} required {what} argument{s}: {listed}"


# -- comprehensions -------------------------------------------------------------------------

def comprehension(node, cx, generator, make=None):
    """``[elt for ...]`` (a list) or ``(elt for ...)`` (a lazy generator), in a scope of their own;
    ``make`` turns the list of items into a set or a dict (set and dict comprehensions)."""
    from .targets import store

    scope = cx.scopes[node]
    inner = cx.child(scope)
    gens = node.generators
    outer_iter = expr(gens[0].iter, cx)
    iters = [None] + [expr(g.iter, inner) for g in gens[1:]]
    stores = [store(g.target, inner) for g in gens]
    conds = [[expr(c, inner) for c in g.ifs] for g in gens]
    if type(node) is A.DictComp:
        key_ev, value_ev = expr(node.key, inner), expr(node.value, inner)

        def elt(g):
            return key_ev(g), value_ev(g)
    else:
        elt = expr(node.elt, inner)
    free_sources = [cx.scope.slots[n] for n in scope.free]
    head = [None] + [UNBOUND] * (scope.nslots - 1 - len(free_sources))
    cell_slots = [scope.slots[n] for n in scope.slots if n in scope.cells]
    flag = cx.rt.flag
    loc = (cx.src, gens[0].iter)
    loc_loop = (cx.src, node)
    loops = _generator_loops if generator else _list_loops
    loop = loops(0, iters, stores, conds, elt, flag)

    def frame(f):
        g = head + [f[s] for s in free_sources]
        for i in cell_slots:
            g[i] = Cell(g[i])
        return g

    if generator:
        def genexp(f):
            try:
                it = iter(outer_iter(f))
            except BaseException as e:
                note(e, loc)
                raise
            gen = loop(frame(f), it)
            gen.__name__ = gen.__qualname__ = "<genexpr>"
            return gen
        return genexp

    def listcomp(f):
        try:
            it = iter(outer_iter(f))
        except BaseException as e:
            note(e, loc)
            raise
        out = []
        try:
            loop(frame(f), it, out)
            if make is not None:
                return make(out)
        except BaseException as e:
            note(e, loc_loop)
            raise
        return out
    return listcomp


def _list_loops(k, iters, stores, conds, elt, flag):
    st, cs = stores[k], conds[k]
    last = k == len(stores) - 1
    nxt = None if last else _list_loops(k + 1, iters, stores, conds, elt, flag)
    nxt_iter = None if last else iters[k + 1]

    def loop(g, it, out):
        for v in it:
            if flag[0] is not None:
                raise_stop(flag)
            st(g, v)
            for c in cs:
                if not c(g):
                    break
            else:
                if last:
                    out.append(elt(g))
                else:
                    nxt(g, iter(nxt_iter(g)), out)
    return loop


def _generator_loops(k, iters, stores, conds, elt, flag):
    st, cs = stores[k], conds[k]
    last = k == len(stores) - 1
    nxt = None if last else _generator_loops(k + 1, iters, stores, conds, elt, flag)
    nxt_iter = None if last else iters[k + 1]

    def loop(g, it):
        for v in it:
            if flag[0] is not None:
                raise_stop(flag)
            st(g, v)
            for c in cs:
                if not c(g):
                    break
            else:
                if last:
                    yield elt(g)
                else:
                    yield from nxt(g, iter(nxt_iter(g)))
    return loop

