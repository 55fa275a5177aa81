"""The gradcalc AST: what the parser hands the interpreter, and nothing else.

Every node is a small immutable object with the fields listed in its class body (in
that order, also in ``cls._fields``) plus its source position:

    line, column          where the node starts: line 1-based, column 1-based
    end_line, end_column  where it ends: end_column is the column just *after* the
                          last character (so a one-line node spans
                          ``end_column - column`` characters, as a caret line needs)

Names follow Python's ``ast`` module wherever the construct is Python's, so
``BinOp(left, op, right)`` means what it means there. Differences from Python's ast:
operators are plain strings (``'+'``, ``'not in'``, ``'and'``), there is no
expression context (Load/Store): the statement a node sits in says what it is for,
sequences are tuples, and ``Magic`` is ours.

Nodes compare and hash by identity (like Python's ast). Use ``dump(node)`` to see or
compare structure, and ``walk``/``iter_child_nodes`` to traverse; all three are
iterative, so a 10,000-deep tree is fine.

Why not ``@dataclass(frozen=True, slots=True)``: creating ~45 dataclasses costs
~40 ms at import (measured), a quarter of gradcalc's whole start-up budget. The
small metaclass below gives the same thing (slots, ordered fields, immutability,
keyword construction) for ~1.5 ms.
"""

from __future__ import annotations



_POSITION = ("line", "column", "end_line", "end_column")
_set = object.__setattr__


class _NodeMeta(type):
    """Turns the annotated fields of a node class into ``__slots__`` and ``_fields``."""

    def __new__(mcls, name, bases, ns):
        own = tuple(k for k in ns.get("__annotations__", {}) if not k.startswith("_"))
        ns["__slots__"] = own
        cls = super().__new__(mcls, name, bases, ns)
        inherited = getattr(cls, "_fields", ())
        cls._fields = inherited + tuple(f for f in own if f not in _POSITION)
        cls.__match_args__ = cls._fields  # `case BinOp(left, "+", right):` works
        return cls


class Node(metaclass=_NodeMeta):
    """Base of all nodes: fields in ``_fields`` order, then keyword-only positions."""

    _fields: tuple = ()
    line: int
    column: int
    end_line: int
    end_column: int

    def __init__(self, *args, line=0, column=0, end_line=0, end_column=0, **kwargs):
        fields = self._fields
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__} takes {len(fields)} fields, got {len(args)}")
        for name, value in zip(fields, args):
            _set(self, name, value)
        for name in fields[len(args):]:
            if name not in kwargs:
                raise TypeError(f"{type(self).__name__} missing field {name!r}")
            _set(self, name, kwargs.pop(name))
        if kwargs:
            raise TypeError(f"{type(self).__name__} has no field {next(iter(kwargs))!r}")
        _set(self, "line", line)
        _set(self, "column", column)
        _set(self, "end_line", end_line)
        _set(self, "end_column", end_column)

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} nodes are immutable")

    def __delattr__(self, name):
        raise AttributeError(f"{type(self).__name__} nodes are immutable")

    def __repr__(self) -> str:
        return dump(self)

    @property
    def position(self) -> tuple[int, int, int, int]:
        """(line, column, end_line, end_column)."""
        return (self.line, self.column, self.end_line, self.end_column)


class Statement(Node):
    """Base of statement nodes (what ``Module.body`` and block bodies hold)."""


class Expression(Node):
    """Base of expression nodes."""


# ------------------------------------------------------------------ module


class Module(Node):
    """A whole input: ``body`` is a tuple of statements (empty for empty input)."""

    body: tuple


# ------------------------------------------------------------------ simple statements


class Expr(Statement):
    """An expression used as a statement; the REPL and ``-e`` echo its value."""

    value: Expression


class Assign(Statement):
    """``t1 = t2 = value``: ``targets`` in source order, assigned left to right.

    A target is a Name, Attribute, Subscript, or a Tuple/List of targets (which may
    contain one Starred): ``a, b = f()``, ``[a, *rest] = xs``, ``x[i] = v``,
    ``x.grad = None``.
    """

    targets: tuple
    value: Expression


class AugAssign(Statement):
    """``target op= value``; ``op`` is the binary operator without ``=`` (``'+'``,
    ``'//'``, ``'@'``, ...). ``target`` is a Name, Attribute or Subscript."""

    target: Expression
    op: str
    value: Expression


class Delete(Statement):
    """``del t1, t2``: targets as for Assign."""

    targets: tuple


class Pass(Statement):
    """``pass``."""


class Break(Statement):
    """``break`` (the parser has checked it is inside a loop)."""


class Continue(Statement):
    """``continue`` (the parser has checked it is inside a loop)."""


class Return(Statement):
    """``return [value]``; ``value`` is None for a bare return (checked to be in a def)."""

    value: Any


class Assert(Statement):
    """``assert test[, msg]``; ``msg`` is None when absent."""

    test: Expression
    msg: Any


class Global(Statement):
    """``global a, b``: ``names`` is a tuple of str."""

    names: tuple


class Nonlocal(Statement):
    """``nonlocal a, b``: ``names`` is a tuple of str."""

    names: tuple


class Alias(Node):
    """One imported name: ``name`` (dotted for ``import a.b.c``) and ``asname`` (or None).

    ``from torch import *`` gives ``Alias('*', None)``.
    """

    name: str
    asname: Any


class Import(Statement):
    """``import torch``, ``import torch as t``, ``import torch.nn.functional as F``.

    Any dotted module parses; the interpreter decides which ones exist.
    """

    names: tuple


class ImportFrom(Statement):
    """``from torch import nn``, ``from torch.nn import functional as F``.

    ``module`` is the dotted module name (str); ``names`` a tuple of Alias.
    """

    module: str
    names: tuple


class Magic(Statement):
    """A line magic: a logical line whose first character is ``%``.

    ``text`` is the whole raw line without its newline (``'%graph y --depth 3'``),
    ``name`` the word after ``%`` (``'graph'``, may be ``''``), and ``args`` the rest,
    stripped (``'y --depth 3'``). Nothing after the ``%`` is parsed.
    """

    name: str
    args: str
    text: str


# ------------------------------------------------------------------ compound statements


class If(Statement):
    """``if test: body`` with ``orelse`` (a tuple of statements, empty if no else).

    ``elif`` is an If alone in the ``orelse`` of the If before it, as in Python.
    """

    test: Expression
    body: tuple
    orelse: tuple


class While(Statement):
    """``while test: body`` with an optional ``else: orelse`` (run when the loop ends
    without ``break``; empty tuple if absent)."""

    test: Expression
    body: tuple
    orelse: tuple


class For(Statement):
    """``for target in iter: body`` [``else: orelse``]; target as for Assign."""

    target: Expression
    iter: Expression
    body: tuple
    orelse: tuple


class WithItem(Node):
    """One ``context_expr [as target]`` of a With; ``target`` is None when absent."""

    context_expr: Expression
    target: Any


class With(Statement):
    """``with a as x, b: body``: ``items`` is a tuple of WithItem, entered in order."""

    items: tuple
    body: tuple


class Param(Node):
    """One parameter of a ``def`` or ``lambda``.

    ``kind`` is ``'positional'`` (``x``, ``x=1``), ``'var_positional'`` (``*args``),
    ``'keyword_only'`` (after ``*args`` or a bare ``*``), or ``'var_keyword'``
    (``**kw``). ``default`` and ``annotation`` are expressions or None. A bare ``*``
    leaves no Param of its own: it only makes the following ones keyword-only.
    Parameters appear in source order; the parser has rejected duplicates and a
    non-default positional after a default one.
    """

    name: str
    kind: str
    default: Any
    annotation: Any


class FunctionDef(Statement):
    """``def name(params) [-> returns]: body``; ``params`` a tuple of Param,
    ``returns`` the annotation or None (annotations are parsed, never checked).
    ``decorator_list``: the ``@expr`` above it, top first (applied bottom first)."""

    name: str
    params: tuple
    returns: Any
    body: tuple
    decorator_list: tuple


class ClassDef(Statement):
    """``class name(bases, keywords): body``; ``bases`` a tuple of expressions,
    ``keywords`` a tuple of Keyword (``metaclass=...`` parses; the interpreter refuses it),
    ``decorator_list`` as for FunctionDef."""

    name: str
    bases: tuple
    keywords: tuple
    body: tuple
    decorator_list: tuple


class ExceptHandler(Node):
    """``except [type [as name]]: body``; ``type`` an expression or None (bare except),
    ``name`` a str or None."""

    type: Any
    name: Any
    body: tuple


class Try(Statement):
    """``try: body`` with ``handlers`` (ExceptHandler), ``orelse`` (the else block) and
    ``finalbody`` (the finally block); the blocks are empty tuples when absent."""

    body: tuple
    handlers: tuple
    orelse: tuple
    finalbody: tuple


class Raise(Statement):
    """``raise [exc [from cause]]``; ``exc`` and ``cause`` expressions or None."""

    exc: Any
    cause: Any


class AnnAssign(Statement):
    """``target: annotation [= value]``; ``value`` None when absent (then nothing is bound)."""

    target: Expression
    annotation: Expression
    value: Any


# ------------------------------------------------------------------ expressions


class Constant(Expression):
    """A literal: int, float, str, bool, None or Ellipsis (``...``) in ``value``.

    Adjacent string literals are already joined. Negative numbers are UnaryOp('-').
    """

    value: Any


class FormattedValue(Expression):
    """One ``{value!conversion:format_spec}`` field of an f-string.

    ``conversion`` is None, ``'r'``, ``'s'`` or ``'a'``; ``format_spec`` is None or a
    JoinedStr (it may itself hold fields: ``f"{x:{width}}"``).
    """

    value: Expression
    conversion: Any
    format_spec: Any


class JoinedStr(Expression):
    """An f-string: ``values`` is a tuple of Constant(str) and FormattedValue parts.

    ``f"{x=}"`` is expanded as Python does: Constant('x=') then the field with
    conversion ``'r'`` (unless a format spec is given).
    """

    values: tuple


class Name(Expression):
    """A variable reference ``id`` (str)."""

    id: str


class List(Expression):
    """``[a, b, *c]``: ``elts`` is a tuple of expressions (Starred allowed)."""

    elts: tuple


class Tuple(Expression):
    """``(a, b)``, ``a, b``, ``()``, ``(a,)``: ``elts`` a tuple of expressions.

    Also the index of ``x[1:, None]`` (a Tuple of Slice/expressions).
    """

    elts: tuple


class Comprehension(Node):
    """``for target in iter if c1 if c2`` inside a ListComp/GeneratorExp."""

    target: Expression
    iter: Expression
    ifs: tuple


class ListComp(Expression):
    """``[elt for ... in ... if ...]``: ``generators`` a tuple of Comprehension,
    outermost first."""

    elt: Expression
    generators: tuple


class GeneratorExp(Expression):
    """``(elt for ...)`` or ``f(elt for ...)``: like ListComp, lazily in Python (the
    interpreter may evaluate it eagerly)."""

    elt: Expression
    generators: tuple


class DictComp(Expression):
    """``{key: value for ...}``."""

    key: Expression
    value: Expression
    generators: tuple


class SetComp(Expression):
    """``{elt for ...}``."""

    elt: Expression
    generators: tuple


class Dict(Expression):
    """``{k: v, **d}``: ``keys`` and ``values`` in order; a ``**d`` entry has key None."""

    keys: tuple
    values: tuple


class Set(Expression):
    """``{a, b, *c}``: ``elts`` as for List (never empty: ``{}`` is a Dict)."""

    elts: tuple


class Yield(Expression):
    """``yield [value]`` (value None when bare); the function containing it is a generator."""

    value: Any


class YieldFrom(Expression):
    """``yield from value``."""

    value: Expression


class BinOp(Expression):
    """``left op right``; ``op`` one of ``+ - * / // % ** @ & | ^ << >>``."""

    left: Expression
    op: str
    right: Expression


class UnaryOp(Expression):
    """``op operand``; ``op`` one of ``'-'``, ``'+'``, ``'~'``, ``'not'``."""

    op: str
    operand: Expression


class BoolOp(Expression):
    """``a and b and c`` / ``a or b``: ``op`` is ``'and'`` or ``'or'``, ``values`` has
    two or more expressions (a chain of one operator is one node, as in Python)."""

    op: str
    values: tuple


class Compare(Expression):
    """``left op1 c1 op2 c2 ...`` (a chain means ``left op1 c1 and c1 op2 c2``, with
    each operand evaluated once). ops: ``< > == != <= >= in 'not in' is 'is not'``."""

    left: Expression
    ops: tuple
    comparators: tuple


class IfExp(Expression):
    """``body if test else orelse``."""

    test: Expression
    body: Expression
    orelse: Expression


class Lambda(Expression):
    """``lambda params: body``; params as for FunctionDef (without annotations)."""

    params: tuple
    body: Expression


class Keyword(Node):
    """``arg=value`` in a call; ``arg`` is None for ``**value``."""

    arg: Any
    value: Expression


class Call(Expression):
    """``func(args, keywords)``: ``args`` a tuple of expressions (Starred for
    ``*xs``), ``keywords`` a tuple of Keyword (source order, ``**kw`` included)."""

    func: Expression
    args: tuple
    keywords: tuple


class Starred(Expression):
    """``*value``: in a call's args, a list/tuple display or an assignment target."""

    value: Expression


class Attribute(Expression):
    """``value.attr``; ``attr`` is a str."""

    value: Expression
    attr: str


class Subscript(Expression):
    """``value[index]``; ``index`` is an expression, a Slice, or a Tuple of those:
    ``x[1]``, ``x[1:3]``, ``x[:, 0]`` (Tuple(Slice, Constant)), ``x[..., None]``,
    ``x[[0, 2]]`` (a List), ``x[mask]``."""

    value: Expression
    index: Expression


class Slice(Expression):
    """``lower:upper:step`` inside a subscript; each part an expression or None."""

    lower: Any
    upper: Any
    step: Any


# ------------------------------------------------------------------ traversal


def replace(node: Node, **changes) -> Node:
    """A copy of ``node`` with some fields (or positions) changed."""
    values = {name: getattr(node, name) for name in node._fields + _POSITION}
    values.update(changes)
    return type(node)(**values)


def iter_fields(node: Node) -> Iterator[tuple[str, Any]]:
    """(name, value) for each field of ``node``, in order (positions excluded)."""
    for name in node._fields:
        yield name, getattr(node, name)


def iter_child_nodes(node: Node) -> Iterator[Node]:
    """The direct child nodes of ``node``, in field order."""
    for name in node._fields:
        value = getattr(node, name)
        if isinstance(value, Node):
            yield value
        elif isinstance(value, tuple):
            for item in value:
                if isinstance(item, Node):
                    yield item


def walk(node: Node) -> Iterator[Node]:
    """Every node under ``node`` (itself included), parents before children."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        children = list(iter_child_nodes(current))
        children.reverse()
        stack.extend(children)


class _Text(str):
    """A piece of dump() output (as opposed to a value still to print)."""


def dump(node: Any, positions: bool = False) -> str:
    """A one-line text of the tree, like ``ast.dump``: ``BinOp(Constant(1), '+', Name('x'))``.

    Fields are shown positionally; ``positions=True`` appends ``@line:col-end_line:end_col``
    to each node. Iterative, so it works on trees of any depth.
    """
    out: list[str] = []
    stack: list = [node]
    while stack:
        item = stack.pop()
        if type(item) is _Text:
            out.append(item)
        elif isinstance(item, Node):
            out.append(type(item).__name__ + "(")
            pending: list = []
            for i, name in enumerate(item._fields):
                if i:
                    pending.append(_Text(", "))
                pending.append(getattr(item, name))
            tail = ")"
            if positions:
                tail += f"@{item.line}:{item.column}-{item.end_line}:{item.end_column}"
            pending.append(_Text(tail))
            stack.extend(reversed(pending))
        elif isinstance(item, tuple):
            pending = [_Text("(")]
            for i, value in enumerate(item):
                if i:
                    pending.append(_Text(", "))
                pending.append(value)
            pending.append(_Text(",)" if len(item) == 1 else ")"))
            stack.extend(reversed(pending))
        else:
            out.append(repr(item))
    return "".join(out)
