"""Shared helpers for the parser tests (a unique module name: tests/ has no packages)."""

import os

from gradcalc.parser import ast, parse


def body(source: str) -> str:
    """dump() of the statements of ``source``, without the Module wrapper."""
    return ", ".join(ast.dump(stmt) for stmt in parse(source).body)


def expr(source: str) -> str:
    """dump() of the single expression statement ``source``."""
    (stmt,) = parse(source).body
    assert type(stmt) is ast.Expr, ast.dump(stmt)
    return ast.dump(stmt.value)


# ------------------------------------------------------------------ Python's ast -> ours
# To check our trees against Python's own parser: build our nodes from Python's ast
# and compare the two dump()s.

import ast as pyast  # noqa: E402

A = ast
_BINOPS = {pyast.Add: "+", pyast.Sub: "-", pyast.Mult: "*", pyast.Div: "/", pyast.FloorDiv: "//",
           pyast.Mod: "%", pyast.Pow: "**", pyast.MatMult: "@", pyast.BitAnd: "&", pyast.BitOr: "|",
           pyast.BitXor: "^", pyast.LShift: "<<", pyast.RShift: ">>"}
_UNARY = {pyast.USub: "-", pyast.UAdd: "+", pyast.Invert: "~", pyast.Not: "not"}
_CMP = {pyast.Eq: "==", pyast.NotEq: "!=", pyast.Lt: "<", pyast.LtE: "<=", pyast.Gt: ">",
        pyast.GtE: ">=", pyast.Is: "is", pyast.IsNot: "is not", pyast.In: "in", pyast.NotIn: "not in"}
_CONV = {-1: None, 115: "s", 114: "r", 97: "a"}


def _params(args: pyast.arguments) -> tuple:
    out = []
    defaults = [None] * (len(args.args) - len(args.defaults)) + list(args.defaults)
    for a, d in zip(args.args, defaults):
        out.append(A.Param(a.arg, "positional", conv(d), conv(a.annotation)))
    if args.vararg:
        out.append(A.Param(args.vararg.arg, "var_positional", None, conv(args.vararg.annotation)))
    for a, d in zip(args.kwonlyargs, args.kw_defaults):
        out.append(A.Param(a.arg, "keyword_only", conv(d), conv(a.annotation)))
    if args.kwarg:
        out.append(A.Param(args.kwarg.arg, "var_keyword", None, conv(args.kwarg.annotation)))
    return tuple(out)


def conv(n):
    """Our node for Python's ast node ``n`` (None stays None, lists become tuples)."""
    if n is None:
        return None
    if isinstance(n, list):
        return tuple(conv(x) for x in n)
    t = type(n)
    simple = {
        pyast.Module: lambda: A.Module(conv(n.body)),
        pyast.Expression: lambda: conv(n.body),
        pyast.Expr: lambda: A.Expr(conv(n.value)),
        pyast.Assign: lambda: A.Assign(conv(n.targets), conv(n.value)),
        pyast.AugAssign: lambda: A.AugAssign(conv(n.target), _BINOPS[type(n.op)], conv(n.value)),
        pyast.Delete: lambda: A.Delete(conv(n.targets)),
        pyast.Pass: lambda: A.Pass(),
        pyast.Break: lambda: A.Break(),
        pyast.Continue: lambda: A.Continue(),
        pyast.Return: lambda: A.Return(conv(n.value)),
        pyast.Assert: lambda: A.Assert(conv(n.test), conv(n.msg)),
        pyast.Global: lambda: A.Global(tuple(n.names)),
        pyast.Nonlocal: lambda: A.Nonlocal(tuple(n.names)),
        pyast.Import: lambda: A.Import(conv(n.names)),
        pyast.ImportFrom: lambda: A.ImportFrom(n.module, conv(n.names)),
        pyast.alias: lambda: A.Alias(n.name, n.asname),
        pyast.If: lambda: A.If(conv(n.test), conv(n.body), conv(n.orelse)),
        pyast.While: lambda: A.While(conv(n.test), conv(n.body), conv(n.orelse)),
        pyast.For: lambda: A.For(conv(n.target), conv(n.iter), conv(n.body), conv(n.orelse)),
        pyast.With: lambda: A.With(conv(n.items), conv(n.body)),
        pyast.withitem: lambda: A.WithItem(conv(n.context_expr), conv(n.optional_vars)),
        pyast.FunctionDef: lambda: A.FunctionDef(n.name, _params(n.args), conv(n.returns), conv(n.body),
                                                 conv(n.decorator_list)),
        pyast.ClassDef: lambda: A.ClassDef(n.name, conv(n.bases), conv(n.keywords), conv(n.body),
                                           conv(n.decorator_list)),
        pyast.Try: lambda: A.Try(conv(n.body), conv(n.handlers), conv(n.orelse), conv(n.finalbody)),
        pyast.ExceptHandler: lambda: A.ExceptHandler(conv(n.type), n.name, conv(n.body)),
        pyast.Raise: lambda: A.Raise(conv(n.exc), conv(n.cause)),
        pyast.AnnAssign: lambda: A.AnnAssign(conv(n.target), conv(n.annotation), conv(n.value)),
        pyast.Dict: lambda: A.Dict(conv(n.keys), conv(n.values)),
        pyast.Set: lambda: A.Set(conv(n.elts)),
        pyast.DictComp: lambda: A.DictComp(conv(n.key), conv(n.value), conv(n.generators)),
        pyast.SetComp: lambda: A.SetComp(conv(n.elt), conv(n.generators)),
        pyast.Yield: lambda: A.Yield(conv(n.value)),
        pyast.YieldFrom: lambda: A.YieldFrom(conv(n.value)),
        pyast.Lambda: lambda: A.Lambda(_params(n.args), conv(n.body)),
        pyast.Constant: lambda: A.Constant(n.value),
        pyast.Name: lambda: A.Name(n.id),
        pyast.BinOp: lambda: A.BinOp(conv(n.left), _BINOPS[type(n.op)], conv(n.right)),
        pyast.UnaryOp: lambda: A.UnaryOp(_UNARY[type(n.op)], conv(n.operand)),
        pyast.BoolOp: lambda: A.BoolOp("and" if type(n.op) is pyast.And else "or", conv(n.values)),
        pyast.Compare: lambda: A.Compare(conv(n.left), tuple(_CMP[type(o)] for o in n.ops),
                                         conv(n.comparators)),
        pyast.IfExp: lambda: A.IfExp(conv(n.test), conv(n.body), conv(n.orelse)),
        pyast.Call: lambda: A.Call(conv(n.func), conv(n.args), conv(n.keywords)),
        pyast.keyword: lambda: A.Keyword(n.arg, conv(n.value)),
        pyast.Starred: lambda: A.Starred(conv(n.value)),
        pyast.Attribute: lambda: A.Attribute(conv(n.value), n.attr),
        pyast.Subscript: lambda: A.Subscript(conv(n.value), conv(n.slice)),
        pyast.Slice: lambda: A.Slice(conv(n.lower), conv(n.upper), conv(n.step)),
        pyast.List: lambda: A.List(conv(n.elts)),
        pyast.Tuple: lambda: A.Tuple(conv(n.elts)),
        pyast.ListComp: lambda: A.ListComp(conv(n.elt), conv(n.generators)),
        pyast.GeneratorExp: lambda: A.GeneratorExp(conv(n.elt), conv(n.generators)),
        pyast.comprehension: lambda: A.Comprehension(conv(n.target), conv(n.iter), conv(n.ifs)),
        pyast.JoinedStr: lambda: A.JoinedStr(conv(n.values)),
        pyast.FormattedValue: lambda: A.FormattedValue(conv(n.value), _CONV[n.conversion],
                                                       conv(n.format_spec)),
    }
    return simple[t]()


def python_body(source: str) -> str:
    """What body() should give for ``source``, according to Python's parser."""
    return ", ".join(A.dump(conv(s)) for s in pyast.parse(source).body)


def python_expr(source: str) -> str:
    return A.dump(conv(pyast.parse(source, mode="eval")))


# The seed autograd tutorial, as the repository carries it (tests read only files inside the repo).
SEED = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                    "examples", "scripts", "autograd_tutorial.py")
