"""Which variable each name refers to, decided before anything runs (as Python does).

``analyze(module)`` walks the tree once and returns a ``Scope`` per function,
lambda and comprehension (and one for the module). A name assigned anywhere in a
function is local to it unless declared ``global``/``nonlocal``; a name a nested
function uses from an enclosing function is a *cell* there and *free* in the
nested one; everything else is global (the session's namespace, then the
language's builtins). The compiler turns each name into a frame slot or a dict
lookup from this, so no name is resolved while the code runs.

A function's frame is a list: slot 0 holds the return value, then parameters in
order, the other locals, and the free variables (cells copied from the closure).
"""

from __future__ import annotations

from gradcalc.parser import ast as A
from gradcalc.parser.errors import ParseError

_FUNCTION_KINDS = ("function", "lambda", "comprehension")
_COMPREHENSIONS = (A.ListComp, A.GeneratorExp, A.SetComp, A.DictComp)
_COMPREHENSION_NAMES = {A.ListComp: "<listcomp>", A.GeneratorExp: "<genexpr>", A.SetComp: "<setcomp>",
                        A.DictComp: "<dictcomp>"}


class Scope:
    """One function, lambda, comprehension, class body or the module.

    A class body's names live in the class's namespace dict (slot 0 of its frame);
    its other slots are the ``__class__`` cell (for zero-argument ``super()``) and
    the cells its methods close over, passed through from enclosing functions.
    """

    __slots__ = ("kind", "name", "qualname", "node", "params", "bound", "used", "globals", "nonlocals",
                 "children", "locals", "cells", "free", "slots", "nslots", "_seen", "generator")

    def __init__(self, kind, name, qualname, node):
        self.kind = kind
        self.name = name
        self.qualname = qualname
        self.node = node
        self.params = []
        self.bound = {}      # name -> first binding node (insertion-ordered)
        self.used = {}       # name -> first use node
        self.globals = {}    # declared global: name -> Global node
        self.nonlocals = {}  # declared nonlocal: name -> Nonlocal node
        self.children = []
        self.locals = set()
        self.cells = set()
        self.free = {}       # ordered set of free variable names
        self.slots = {}
        self.nslots = 1
        self._seen = {}      # name -> "use" | "bind", for "used prior to global declaration"
        self.generator = False  # a function holding a yield

    @property
    def is_function(self):
        return self.kind in _FUNCTION_KINDS

    def lookup(self, name):
        """('local', slot), ('cell', slot) for a local or free cell, or ('global', None)."""
        if self.kind == "module":
            return "global", None
        if self.kind == "class":
            if name in self.locals:
                return "classdict", None
            slot = self.slots.get(name)
            if slot is not None and name in self.free:
                return "cell", slot
            return "global", None
        slot = self.slots.get(name)
        if slot is None:
            return "global", None
        if name in self.cells or name in self.free:
            return "cell", slot
        return "local", slot

    def visible_locals(self):
        return [n for n in self.slots]


def analyze(module, filename="<input>", source=""):
    """Scopes for ``module``: {node: Scope} with the module's scope under the key None."""
    analyzer = _Analyzer(filename, source)
    top = Scope("module", "<module>", "", module)
    analyzer.scopes[None] = top
    for stmt in module.body:
        analyzer.stmt(stmt, top)
    _resolve(top, [], analyzer)
    for scope in analyzer.scopes.values():
        _layout(scope)
    return analyzer.scopes


def analyze_expression(expr, filename="<input>", source=""):
    """Scopes for a lone expression (``session.eval``): module-level names, nested lambdas."""
    analyzer = _Analyzer(filename, source)
    top = Scope("module", "<module>", "", expr)
    analyzer.scopes[None] = top
    analyzer.expr(expr, top)
    _resolve(top, [], analyzer)
    for scope in analyzer.scopes.values():
        _layout(scope)
    return analyzer.scopes


class _Analyzer:
    def __init__(self, filename, source):
        self.scopes = {}
        self.filename = filename
        self.source = source

    def error(self, message, node):
        lines = self.source.split("\n")
        text = lines[node.line - 1] if 1 <= node.line <= len(lines) else ""
        return ParseError(message, filename=self.filename, line=node.line, column=node.column,
                          end_line=node.end_line, end_column=node.end_column, source_line=text)

    # -- bindings and uses --------------------------------------------------------------
    def bind(self, name, node, scope):
        scope.bound.setdefault(name, node)
        scope._seen.setdefault(name, "bind")

    def use(self, name, node, scope):
        scope.used.setdefault(name, node)
        scope._seen.setdefault(name, "use")

    def declare(self, stmt, scope, nonlocal_):
        what = "nonlocal" if nonlocal_ else "global"
        if nonlocal_ and scope.kind == "module":
            raise self.error("nonlocal declaration not allowed at module level", stmt)
        for name in stmt.names:
            if name in scope.params:
                raise self.error(f"name '{name}' is parameter and {what}", stmt)
            other = scope.globals if nonlocal_ else scope.nonlocals
            if name in other:
                raise self.error(f"name '{name}' is nonlocal and global", stmt)
            seen = scope._seen.get(name)
            if seen == "bind":
                raise self.error(f"name '{name}' is assigned to before {what} declaration", stmt)
            if seen == "use":
                raise self.error(f"name '{name}' is used prior to {what} declaration", stmt)
            (scope.nonlocals if nonlocal_ else scope.globals)[name] = stmt

    # -- statements ---------------------------------------------------------------------
    def block(self, stmts, scope):
        for s in stmts:
            self.stmt(s, scope)

    def stmt(self, s, scope):
        t = type(s)
        if t is A.Expr:
            self.expr(s.value, scope)
        elif t is A.Assign:
            self.expr(s.value, scope)
            for target in s.targets:
                self.target(target, scope)
        elif t is A.AugAssign:
            if type(s.target) is A.Name:
                self.use(s.target.id, s.target, scope)
            self.expr(s.value, scope)
            self.target(s.target, scope)
        elif t is A.Delete:
            for target in s.targets:
                self.target(target, scope)
        elif t is A.Return:
            if s.value is not None:
                self.expr(s.value, scope)
        elif t is A.Assert:
            self.expr(s.test, scope)
            if s.msg is not None:
                self.expr(s.msg, scope)
        elif t is A.Global:
            self.declare(s, scope, nonlocal_=False)
        elif t is A.Nonlocal:
            self.declare(s, scope, nonlocal_=True)
        elif t is A.Import:
            for alias in s.names:
                self.bind(alias.asname or alias.name.split(".")[0], s, scope)
        elif t is A.ImportFrom:
            for alias in s.names:
                if alias.name == "*":
                    if scope.kind != "module":
                        raise self.error("import * only allowed at module level", s)
                    continue
                self.bind(alias.asname or alias.name, s, scope)
        elif t is A.If or t is A.While:
            self.expr(s.test, scope)
            self.block(s.body, scope)
            self.block(s.orelse, scope)
        elif t is A.For:
            self.expr(s.iter, scope)
            self.target(s.target, scope)
            self.block(s.body, scope)
            self.block(s.orelse, scope)
        elif t is A.With:
            for item in s.items:
                self.expr(item.context_expr, scope)
                if item.target is not None:
                    self.target(item.target, scope)
            self.block(s.body, scope)
        elif t is A.FunctionDef:
            for d in s.decorator_list:
                self.expr(d, scope)
            self.params_defaults(s.params, scope)
            self.bind(s.name, s, scope)
            inner = self.new_scope("function", s.name, s, scope)
            self.params(s.params, inner, s)
            self.block(s.body, inner)
        elif t is A.ClassDef:
            for e in s.decorator_list + s.bases:
                self.expr(e, scope)
            for k in s.keywords:
                self.expr(k.value, scope)
            self.bind(s.name, s, scope)
            inner = self.new_scope("class", s.name, s, scope)
            self.block(s.body, inner)
        elif t is A.Try:
            self.block(s.body, scope)
            for h in s.handlers:
                if h.type is not None:
                    self.expr(h.type, scope)
                if h.name is not None:
                    self.bind(h.name, h, scope)
                self.block(h.body, scope)
            self.block(s.orelse, scope)
            self.block(s.finalbody, scope)
        elif t is A.Raise:
            for e in (s.exc, s.cause):
                if e is not None:
                    self.expr(e, scope)
        elif t is A.AnnAssign:
            self.expr(s.annotation, scope)
            if s.value is not None:
                self.expr(s.value, scope)
                self.target(s.target, scope)
            elif type(s.target) is not A.Name:
                self.expr(s.target, scope)
        # Pass, Break, Continue, Magic: nothing to bind or use

    def new_scope(self, kind, name, node, parent):
        prefix = "" if parent.kind == "module" else parent.qualname + ("." if parent.kind == "class" else ".<locals>.")
        scope = Scope(kind, name, prefix + name, node)
        parent.children.append(scope)
        self.scopes[node] = scope
        return scope

    def params_defaults(self, params, scope):
        for p in params:
            if p.default is not None:
                self.expr(p.default, scope)

    def params(self, params, inner, node):
        for p in params:
            inner.params.append(p.name)
            self.bind(p.name, node, inner)

    def target(self, t, scope):
        kind = type(t)
        if kind is A.Name:
            self.bind(t.id, t, scope)
        elif kind is A.Tuple or kind is A.List:
            for elt in t.elts:
                self.target(elt, scope)
        elif kind is A.Starred:
            self.target(t.value, scope)
        else:  # Attribute, Subscript: their parts are read
            self.expr(t, scope)

    # -- expressions --------------------------------------------------------------------
    def expr(self, e, scope):
        kind = type(e)
        if kind is A.Name:
            self.use(e.id, e, scope)
        elif kind is A.Constant:
            pass
        elif kind is A.Lambda:
            self.params_defaults(e.params, scope)
            inner = self.new_scope("lambda", "<lambda>", e, scope)
            self.params(e.params, inner, e)
            self.expr(e.body, inner)
        elif kind in _COMPREHENSIONS:
            gens = e.generators
            self.expr(gens[0].iter, scope)  # the outermost iterable is evaluated outside
            inner = self.new_scope("comprehension", _COMPREHENSION_NAMES[kind], e, scope)
            for i, gen in enumerate(gens):
                if i:
                    self.expr(gen.iter, inner)
                self.target(gen.target, inner)
                for cond in gen.ifs:
                    self.expr(cond, inner)
            if kind is A.DictComp:
                self.expr(e.key, inner)
                self.expr(e.value, inner)
            else:
                self.expr(e.elt, inner)
        elif kind is A.Yield or kind is A.YieldFrom:
            scope.generator = True
            if e.value is not None:
                self.expr(e.value, scope)
        else:
            for child in A.iter_child_nodes(e):
                self.expr(child, scope)


def _resolve(scope, enclosing, analyzer):
    """Decide local / cell / free / global for every name of ``scope`` and below."""
    if scope.is_function:
        scope.locals = {n for n in scope.bound if n not in scope.globals and n not in scope.nonlocals}
        for name, node in scope.nonlocals.items():
            if not _capture(name, scope, enclosing):
                raise analyzer.error(f"no binding for nonlocal '{name}' found", node)
        for name in scope.used:
            if name not in scope.locals and name not in scope.globals and name not in scope.free:
                _capture(name, scope, enclosing)
    elif scope.kind == "class":
        scope.locals = {n for n in scope.bound if n not in scope.globals and n not in scope.nonlocals}
        for name, node in scope.nonlocals.items():
            if not _capture(name, scope, enclosing):
                raise analyzer.error(f"no binding for nonlocal '{name}' found", node)
        for name in scope.used:
            if name not in scope.locals and name not in scope.globals and name not in scope.free:
                _capture(name, scope, enclosing)
    inner = enclosing + [scope] if scope.is_function else enclosing
    for child in scope.children:
        _resolve(child, inner, analyzer)
    if scope.kind == "class":
        # Methods get at what enclosing functions hold through the class body's frame; a method
        # that names `super` gets the class itself (zero-argument super()), as in Python.
        for child in scope.children:
            if child.kind == "function" and "super" in child.used:
                child.free.setdefault("__class__", None)
                scope.cells.add("__class__")
            for name in child.free:
                if name != "__class__" or "__class__" not in scope.cells:
                    scope.free.setdefault(name, None)


def _capture(name, scope, enclosing):
    """Make ``name`` free in ``scope`` if an enclosing function binds it; False if none does."""
    for i in range(len(enclosing) - 1, -1, -1):
        owner = enclosing[i]
        if name in owner.globals:
            return False
        if name in owner.locals:
            owner.cells.add(name)
            for between in enclosing[i + 1:]:
                between.free.setdefault(name, None)
            scope.free.setdefault(name, None)
            return True
    return False


def _layout(scope):
    if scope.kind == "class":
        slots = {}
        if "__class__" in scope.cells:
            slots["__class__"] = 1
        for name in scope.free:
            slots.setdefault(name, len(slots) + 1)
        scope.slots = slots
        scope.nslots = len(slots) + 1
        return
    if not scope.is_function:
        return
    slots = {}
    for name in scope.params:
        slots.setdefault(name, len(slots) + 1)
    for name in scope.bound:
        if name in scope.locals:
            slots.setdefault(name, len(slots) + 1)
    for name in scope.free:
        slots.setdefault(name, len(slots) + 1)
    scope.slots = slots
    scope.nslots = len(slots) + 1
