"""Parse-tree-to-AST step: one callback per grammar rule, called as the parser reduces.

Each callback gets the rule's kept children (tokens, AST nodes, or the small tuples
some rules hand up to their parent) exactly as Lark's ``transformer=`` would, and
returns an AST node. Positions come from the first and last token or node of the
construct. Checks that Python makes while parsing (what can be assigned to, argument
order, parameter defaults) are made here, with Python's messages.
"""

from __future__ import annotations

import sys

from . import ast as A
from .errors import ParseError

# Python keywords that are not part of the language: a clear message instead of a
# puzzling "invalid syntax" (the lexer reads them as names).
UNSUPPORTED_KEYWORDS = frozenset({"async", "await"})


def _pos(first, last) -> dict:
    return {"line": first.line, "column": first.column,
            "end_line": last.end_line, "end_column": last.end_column}


def _error(message: str, at, kind: str = "SyntaxError", until=None) -> ParseError:
    until = until or at
    return ParseError(message, kind=kind, line=at.line, column=at.column,
                      end_line=until.end_line, end_column=until.end_column)


def _check_name(tok) -> str:
    name = tok.value
    if name in UNSUPPORTED_KEYWORDS:
        raise _error(f"'{name}' is not supported in gradcalc", tok)
    return name


def with_position(node: A.Node, first, last) -> A.Node:
    """A copy of ``node`` spanning first..last (used to include parentheses)."""
    values = [getattr(node, f) for f in node._fields]
    return type(node)(*values, **_pos(first, last))


# What Python calls each kind of expression in "cannot assign to ..." messages.
def describe(node) -> str:
    if isinstance(node, A.Constant):
        if node.value is None or node.value is True or node.value is False:
            return str(node.value)
        if node.value is Ellipsis:
            return "ellipsis"
        return "literal"
    return {
        A.Call: "function call", A.BinOp: "expression", A.UnaryOp: "expression",
        A.BoolOp: "expression", A.Compare: "comparison", A.IfExp: "conditional expression",
        A.Lambda: "lambda", A.ListComp: "list comprehension",
        A.GeneratorExp: "generator expression", A.JoinedStr: "f-string expression",
        A.Tuple: "tuple", A.List: "list", A.Starred: "starred", A.Name: "name",
        A.Attribute: "attribute", A.Subscript: "subscript", A.Dict: "dict literal", A.Set: "set display",
        A.DictComp: "dict comprehension", A.SetComp: "set comprehension", A.Yield: "yield expression",
        A.YieldFrom: "yield expression",
    }.get(type(node), "expression")


def check_target(node, action: str = "assign to", hint: bool = False) -> None:
    """Raise Python's error unless ``node`` can be assigned to (or deleted)."""
    stack = [(node, True)]
    while stack:
        current, top = stack.pop()
        kind = type(current)
        if kind is A.Name or kind is A.Attribute or kind is A.Subscript:
            continue
        if kind is A.Tuple or kind is A.List:
            starred = [e for e in current.elts if type(e) is A.Starred]
            if action == "delete" and starred:
                raise _error("cannot delete starred", starred[0])
            if len(starred) > 1:
                raise _error("multiple starred expressions in assignment", starred[1])
            stack.extend((e, False) for e in current.elts)
            continue
        if kind is A.Starred:
            if top:
                raise _error("starred assignment target must be in a list or tuple", current)
            stack.append((current.value, False))
            continue
        suffix = " here. Maybe you meant '==' instead of '='?" if hint and top else ""
        raise _error(f"cannot {action} {describe(current)}{suffix}", current)


def _flatten(items) -> tuple:
    """Statements from a block: simple_stmt gives lists, compound ones nodes."""
    out = []
    for item in items:
        if type(item) is list:
            out.extend(item)
        elif item is not None:
            out.append(item)
    return tuple(out)


def _end_of(body) -> object:
    return body[-1] if body else None


class Builder:
    """The callbacks, by rule (or alias) name, as grammar.lark names them."""

    # ------------------------------------------------------------ module
    def file_input(self, c):
        body = _flatten(c)
        if body:
            return A.Module(body, **_pos(body[0], body[-1]))
        return A.Module((), line=1, column=1, end_line=1, end_column=1)

    def eval_input(self, c):
        return c[0]

    # ------------------------------------------------------------ simple statements
    def magic_stmt(self, c):
        tok = c[0]
        text = tok.value.rstrip()
        word, _, rest = text[1:].partition(" ")
        if "\t" in word:
            word, _, more = word.partition("\t")
            rest = more + " " + rest
        return A.Magic(word, rest.strip(), text, line=tok.line, column=tok.column,
                       end_line=tok.line, end_column=tok.column + len(text))

    def simple_stmt(self, c):
        return c

    def expr_stmt(self, c):
        value = c[0]
        if type(value) is tuple:  # a yield_expr
            value = value[0]
        if type(value) is A.Starred:
            raise _error("can't use starred expression here", value)
        return A.Expr(value, **_pos(value, value))

    def assign_stmt(self, c):
        c = [x[0] if type(x) is tuple else x for x in c]
        *targets, value = c
        if type(value) is A.Starred:
            raise _error("can't use starred expression here", value)
        for t in targets:
            check_target(t, hint=True)
        return A.Assign(tuple(targets), value, **_pos(targets[0], value))

    def augassign_op(self, c):
        return c[0]

    def augassign_stmt(self, c):
        target, op, value = c
        if type(value) is tuple:
            value = value[0]
        if type(target) not in (A.Name, A.Attribute, A.Subscript):
            raise _error(f"'{describe(target)}' is an illegal expression for augmented assignment", target)
        return A.AugAssign(target, op.value[:-1], value, **_pos(target, value))

    def annassign_stmt(self, c):
        target, annotation, value = c if len(c) == 3 else (*c, None)
        if type(value) is tuple:
            value = value[0]
        if type(target) is A.Tuple:
            raise _error("only single target (not tuple) can be annotated", target)
        if type(target) is A.List:
            raise _error("only single target (not list) can be annotated", target)
        if type(target) not in (A.Name, A.Attribute, A.Subscript):
            raise _error("illegal target for annotation", target)
        return A.AnnAssign(target, annotation, value, **_pos(target, value or annotation))

    def raise_stmt(self, c):
        kw, exc, cause = c
        return A.Raise(exc, cause, **_pos(kw, cause or exc or kw))

    # A yield is handed up as a 1-tuple, so that the statements that may hold one can
    # tell it from an ordinary expression (elsewhere it must be parenthesized).
    def yield_expr(self, c):
        kw, value = c
        if type(value) is A.Starred:
            raise _error("can't use starred expression here", value)
        return (A.Yield(value, **_pos(kw, value or kw)),)

    def yield_from(self, c):
        kw, value = c
        return (A.YieldFrom(value, **_pos(kw, value)),)

    def paren_yield(self, c):
        lpar, inner, rpar = c
        return inner[0]  # Python places a yield without its parentheses

    def del_stmt(self, c):
        kw, target = c
        targets = target.elts if type(target) is A.Tuple and target.elts and target.line == target.elts[0].line \
            and target.column == target.elts[0].column else (target,)
        for t in targets:
            check_target(t, action="delete")
        return A.Delete(tuple(targets), **_pos(kw, target))

    def pass_stmt(self, c):
        return A.Pass(**_pos(c[0], c[0]))

    def break_stmt(self, c):
        return A.Break(**_pos(c[0], c[0]))

    def continue_stmt(self, c):
        return A.Continue(**_pos(c[0], c[0]))

    def return_stmt(self, c):
        kw, value = c
        if type(value) is A.Starred:
            raise _error("can't use starred expression here", value)
        return A.Return(value, **_pos(kw, value or kw))

    def assert_stmt(self, c):
        kw, test, msg = c
        return A.Assert(test, msg, **_pos(kw, msg or test))

    def global_stmt(self, c):
        return A.Global(tuple(_check_name(t) for t in c[1:]), **_pos(c[0], c[-1]))

    def nonlocal_stmt(self, c):
        return A.Nonlocal(tuple(_check_name(t) for t in c[1:]), **_pos(c[0], c[-1]))

    def dotted_name(self, c):
        return tuple(c)

    def dotted_as_name(self, c):
        names, asname = c
        dotted = ".".join(_check_name(t) for t in names)
        return A.Alias(dotted, asname and _check_name(asname), **_pos(names[0], asname or names[-1]))

    def import_as_name(self, c):
        name, asname = c
        return A.Alias(_check_name(name), asname and _check_name(asname), **_pos(name, asname or name))

    def import_stmt(self, c):
        return A.Import(tuple(c[1:]), **_pos(c[0], c[-1]))

    def from_import_stmt(self, c):
        kw, names, *aliases = c
        module = ".".join(_check_name(t) for t in names)
        if len(aliases) == 1 and getattr(aliases[0], "type", None) == "STAR":
            star = aliases[0]
            aliases = [A.Alias("*", None, **_pos(star, star))]
        return A.ImportFrom(module, tuple(aliases), **_pos(kw, aliases[-1]))

    # ------------------------------------------------------------ compound statements
    def suite(self, c):
        return _flatten(c)

    def elif_clause(self, c):
        return c  # [ELIF, test, body]: if_stmt chains them

    def if_stmt(self, c):
        kw, test, body, *elifs, orelse = c
        orelse = orelse or ()
        for elif_kw, elif_test, elif_body in reversed(elifs):
            last = _end_of(orelse) or elif_body[-1]
            orelse = (A.If(elif_test, elif_body, orelse, **_pos(elif_kw, last)),)
        return A.If(test, body, orelse, **_pos(kw, _end_of(orelse) or body[-1]))

    def while_stmt(self, c):
        kw, test, body, orelse = c
        orelse = orelse or ()
        return A.While(test, body, orelse, **_pos(kw, _end_of(orelse) or body[-1]))

    def for_stmt(self, c):
        kw, target, iterable, body, orelse = c
        check_target(target)
        orelse = orelse or ()
        return A.For(target, iterable, body, orelse, **_pos(kw, _end_of(orelse) or body[-1]))

    def with_item(self, c):
        context, target = c
        if target is not None:
            check_target(target)
        return A.WithItem(context, target, **_pos(context, target or context))

    def with_stmt(self, c):
        kw, *items, body = c
        return A.With(tuple(items), body, **_pos(kw, body[-1]))

    def funcdef(self, c):
        kw, name, params, returns, body = c
        return A.FunctionDef(_check_name(name), params or (), returns, body, (), **_pos(kw, body[-1]))

    def classdef(self, c):
        kw, name, lpar, arguments, rpar, body = c
        bases, keywords = arguments if arguments is not None else ((), ())
        for k in keywords:
            if k.arg is None:
                raise _error("'**' in a class definition is not supported in gradcalc", k)
        return A.ClassDef(_check_name(name), bases, keywords, body, (), **_pos(kw, body[-1]))

    def decorator(self, c):
        return c  # [AT, expression]

    def decorated(self, c):
        *decorators, definition = c
        values = [d[1] for d in decorators]
        fields = {f: getattr(definition, f) for f in definition._fields}
        fields["decorator_list"] = tuple(values)
        return type(definition)(**fields, **_pos(definition, definition))

    def except_clause(self, c):
        kw, exc_type, name, body = c
        return A.ExceptHandler(exc_type, name and _check_name(name), body, **_pos(kw, body[-1]))

    def finally_clause(self, c):
        return c[1]

    def try_stmt(self, c):
        kw, body, *handlers, orelse, finalbody = c
        orelse = orelse or ()
        finalbody = finalbody or ()
        bare = [h for h in handlers[:-1] if h.type is None]
        if bare:
            raise _error("default 'except:' must be last", bare[0])
        last = _end_of(finalbody) or _end_of(orelse) or handlers[-1]
        return A.Try(body, tuple(handlers), orelse, finalbody, **_pos(kw, last))

    def try_finally(self, c):
        kw, body, finalbody = c
        return A.Try(body, (), (), finalbody, **_pos(kw, finalbody[-1]))

    # ------------------------------------------------------------ parameters
    # Each param callback hands up (kind, first token, name token, default, annotation);
    # `parameters` assigns keyword-only kinds and checks the list as Python does.
    def param(self, c):
        name, annotation, default = c
        return ("positional", name, name, default, annotation, default or annotation or name)

    def star_param(self, c):
        star = c[0]
        name = c[1] if len(c) > 1 else None
        annotation = c[2] if len(c) > 2 else None
        return ("var_positional", star, name, None, annotation, annotation or name or star)

    def double_star_param(self, c):
        star, name, annotation = c
        return ("var_keyword", star, name, None, annotation, annotation or name)

    def param_plain(self, c):
        name, default = c
        return ("positional", name, name, default, None, default or name)

    def star_param_plain(self, c):
        star, name = c
        return ("var_positional", star, name, None, None, name or star)

    def double_star_param_plain(self, c):
        star, name = c
        return ("var_keyword", star, name, None, None, name)

    def parameters(self, c):
        params = []
        seen = set()
        saw_default = saw_star = saw_kwargs = False
        bare_star = None
        for kind, first, name_tok, default, annotation, last in c:
            if saw_kwargs:
                raise _error("arguments cannot follow var-keyword argument", first)
            if kind == "var_positional":
                if saw_star:
                    raise _error("* argument may appear only once", first)
                saw_star = True
                if name_tok is None:
                    bare_star = first
                    continue
            elif kind == "var_keyword":
                saw_kwargs = True
            elif saw_star:
                kind = "keyword_only"
                bare_star = None
            elif default is not None:
                saw_default = True
            elif saw_default:
                raise _error("non-default argument follows default argument", name_tok)
            name = _check_name(name_tok)
            if name in seen:
                raise _error(f"duplicate argument '{name}' in function definition", name_tok)
            seen.add(name)
            params.append(A.Param(name, kind, default, annotation, **_pos(first, last)))
        if bare_star is not None:
            raise _error("named arguments must follow bare *", bare_star)
        return tuple(params)

    lambda_params = parameters

    # ------------------------------------------------------------ expressions
    def tuple_bare(self, c):
        comma = c[-1] if c and isinstance(c[-1], A.Node) is False else None
        elts = tuple(x for x in c if isinstance(x, A.Node))
        return A.Tuple(elts, **_pos(elts[0], comma or elts[-1]))

    def star_expr(self, c):
        return A.Starred(c[1], **_pos(c[0], c[1]))

    def if_exp(self, c):
        body, test, orelse = c
        return A.IfExp(test, body, orelse, **_pos(body, orelse))

    def lambdef(self, c):
        kw, params, body = c
        return A.Lambda(params or (), body, **_pos(kw, body))

    lambdef_nocond = lambdef

    def or_test(self, c):
        return A.BoolOp("or", tuple(c), **_pos(c[0], c[-1]))

    def and_test(self, c):
        return A.BoolOp("and", tuple(c), **_pos(c[0], c[-1]))

    def not_op(self, c):
        return A.UnaryOp("not", c[1], **_pos(c[0], c[1]))

    def comp_op(self, c):
        return " ".join(t.value for t in c)

    def comparison(self, c):
        return A.Compare(c[0], tuple(c[1::2]), tuple(c[2::2]), **_pos(c[0], c[-1]))

    def _binary_chain(self, c):
        """a op b op c ... folded to the left (the repetition arrives flat)."""
        left = c[0]
        line, column = left.line, left.column
        BinOp = A.BinOp
        for i in range(1, len(c), 2):
            right = c[i + 1]
            left = BinOp(left, c[i].value, right, line=line, column=column,
                         end_line=right.end_line, end_column=right.end_column)
        return left

    expr = xor_expr = and_expr = shift_expr = arith_expr = term = _binary_chain

    def unary_op(self, c):
        op, operand = c
        return A.UnaryOp(op.value, operand, **_pos(op, operand))

    def power(self, c):
        base, op, exponent = c
        return A.BinOp(base, "**", exponent, **_pos(base, exponent))

    def call(self, c):
        func, lpar, arguments, rpar = c
        args, keywords = arguments if arguments is not None else ((), ())
        return A.Call(func, args, keywords, **_pos(func, rpar))

    def subscript(self, c):
        value, lsqb, index, rsqb = c
        return A.Subscript(value, index, **_pos(value, rsqb))

    def attribute(self, c):
        value, name = c
        return A.Attribute(value, _check_name(name), **_pos(value, name))

    def empty_tuple(self, c):
        return A.Tuple((), **_pos(c[0], c[1]))

    def paren(self, c):
        lpar, inner, rpar = c
        if type(inner) is A.Starred:
            raise _error("cannot use starred expression here", inner)
        return with_position(inner, lpar, rpar)

    def tuple_paren(self, c):
        elts = tuple(x for x in c[1:-1] if isinstance(x, A.Node))
        return A.Tuple(elts, **_pos(c[0], c[-1]))

    def genexp(self, c):
        lpar, elt, generators, rpar = c
        return A.GeneratorExp(elt, generators, **_pos(lpar, rpar))

    def dict(self, c):
        entries = [x for x in c[1:-1] if x is not None]
        keys = tuple(k for k, _ in entries)
        values = tuple(v for _, v in entries)
        return A.Dict(keys, values, **_pos(c[0], c[-1]))

    def dict_entry(self, c):
        return (c[0], c[1])

    def dict_unpack(self, c):
        return (None, c[1])

    def dictcomp(self, c):
        lbrace, (key, value), generators, rbrace = c
        if key is None:
            raise _error("dict unpacking cannot be used in dict comprehension", value)
        return A.DictComp(key, value, generators, **_pos(lbrace, rbrace))

    def set(self, c):
        elts = tuple(x for x in c[1:-1] if x is not None)
        return A.Set(elts, **_pos(c[0], c[-1]))

    def setcomp(self, c):
        lbrace, elt, generators, rbrace = c
        if type(elt) is A.Starred:
            raise _error("iterable unpacking cannot be used in comprehension", elt)
        return A.SetComp(elt, generators, **_pos(lbrace, rbrace))

    def list(self, c):
        elts = tuple(x for x in c[1:-1] if x is not None)
        return A.List(elts, **_pos(c[0], c[-1]))

    def listcomp(self, c):
        lsqb, elt, generators, rsqb = c
        if type(elt) is A.Starred:
            raise _error("iterable unpacking cannot be used in comprehension", elt)
        return A.ListComp(elt, generators, **_pos(lsqb, rsqb))

    def comp_for(self, c):
        kw, target, iterable = c
        check_target(target)
        return ("for", kw, target, iterable)

    def comp_if(self, c):
        return ("if", c[0])

    def comp_clauses(self, c):
        generators = []
        for clause in c:
            if clause[0] == "for":
                _, kw, target, iterable = clause
                generators.append([kw, target, iterable, []])
            else:
                generators[-1][3].append(clause[1])
        return tuple(
            A.Comprehension(target, iterable, tuple(ifs), **_pos(kw, ifs[-1] if ifs else iterable))
            for kw, target, iterable, ifs in generators
        )

    # ------------------------------------------------------------ atoms
    def name(self, c):
        tok = c[0]
        return A.Name(_check_name(tok), line=tok.line, column=tok.column,
                      end_line=tok.end_line, end_column=tok.end_column)

    def dec_number(self, c):
        tok = c[0]
        try:
            value = int(tok.value.replace("_", ""))
        except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits)
            raise ParseError(f"Exceeds the limit ({sys.get_int_max_str_digits()} digits) for integer string "
                             f"conversion: value has {len(tok.value.replace('_', ''))} digits; use "
                             f"sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for "
                             f"huge integer literals to avoid decimal conversion limits.",
                             line=tok.line, column=tok.column, end_column=tok.end_column) from None
        return A.Constant(value, **_pos(tok, tok))

    def based_number(self, c):
        tok = c[0]
        return A.Constant(int(tok.value.replace("_", ""), 0), **_pos(tok, tok))

    def float_number(self, c):
        tok = c[0]
        return A.Constant(float(tok.value.replace("_", "")), **_pos(tok, tok))

    def imag_number(self, c):
        tok = c[0]  # Python's imaginary literal: 2j is complex(0, 2.0)
        return A.Constant(complex(0.0, float(tok.value[:-1].replace("_", ""))), **_pos(tok, tok))

    def ellipsis(self, c):
        return A.Constant(Ellipsis, **_pos(c[0], c[0]))

    def const_none(self, c):
        return A.Constant(None, **_pos(c[0], c[0]))

    def const_true(self, c):
        return A.Constant(True, **_pos(c[0], c[0]))

    def const_false(self, c):
        return A.Constant(False, **_pos(c[0], c[0]))

    def strings(self, c):
        from .strings import Literal, decode, split_fstring  # only loaded if there are strings

        literals = [Literal(tok) for tok in c]
        first, last = c[0], c[-1]
        if not any(lit.is_f for lit in literals):
            value = "".join(decode(lit.body, lit.raw, lit.token, lit.body_offset) for lit in literals)
            return A.Constant(value, **_pos(first, last))
        parts: list = []
        for lit in literals:
            if lit.is_f:
                parts.extend(_fstring_parts(lit, split_fstring(lit)))
            else:
                parts.append(decode(lit.body, lit.raw, lit.token, lit.body_offset))
        return A.JoinedStr(_join_parts(parts, first, last), **_pos(first, last))

    # ------------------------------------------------------------ calls and subscripts
    def arguments(self, c):
        args = []
        keywords = []
        names = set()
        seen_keyword = seen_double_star = False
        for item in c:
            if type(item) is A.Keyword:
                if item.arg is None:
                    seen_double_star = True
                else:
                    if item.arg in names:
                        raise _error(f"keyword argument repeated: {item.arg}", item)
                    names.add(item.arg)
                    seen_keyword = True
                keywords.append(item)
            elif type(item) is A.Starred:
                if seen_double_star:
                    raise _error("iterable argument unpacking follows keyword argument unpacking", item)
                args.append(item)
            else:
                if seen_double_star:
                    raise _error("positional argument follows keyword argument unpacking", item)
                if seen_keyword:
                    raise _error("positional argument follows keyword argument", item)
                args.append(item)
        return tuple(args), tuple(keywords)

    def genexp_argument(self, c):
        elt, generators = c
        return (A.GeneratorExp(elt, generators, **_pos(elt, generators[-1])),), ()

    def keyword_argument(self, c):
        name, value = c
        if type(name) is not A.Name:
            raise _error('expression cannot contain assignment, perhaps you meant "=="?', name, until=value)
        return A.Keyword(name.id, value, **_pos(name, value))

    def starred_argument(self, c):
        return A.Starred(c[1], **_pos(c[0], c[1]))

    def double_starred_argument(self, c):
        return A.Keyword(None, c[1], **_pos(c[0], c[1]))

    def subscriptlist(self, c):
        comma = c[-1]
        items = c[:-1]
        if comma is None and len(items) == 1:
            return items[0]
        return A.Tuple(tuple(items), **_pos(items[0], comma or items[-1]))

    def slice(self, c):
        lower, colon, upper, step = c
        step_colon, step_value = step if step is not None else (None, None)
        last = step_value or step_colon or upper or colon
        return A.Slice(lower, upper, step_value, **_pos(lower or colon, last))

    def sliceop(self, c):
        return (c[0], c[1])


def _fstring_parts(lit, raw_parts: list) -> list:
    """Literal text and FormattedValue nodes for one f-string token."""
    from .parsing import parse_field
    from .strings import position_in

    out: list = []
    for part in raw_parts:
        if type(part) is str:
            out.append(part)
            continue
        if part.debug is not None:
            out.append(part.debug)
        line, column = position_in(lit.token, part.offset)
        value = parse_field(part.expr, line, column)
        spec = None
        if part.spec is not None:
            spec_parts = _fstring_parts(lit, part.spec)  # a format spec nests at most twice
            spec = A.JoinedStr(_join_parts(spec_parts, value, value), **_pos(value, value))
        end_line, end_column = position_in(lit.token, part.end_offset)
        out.append(A.FormattedValue(value, part.conversion, spec, line=line, column=column - 1,
                                    end_line=end_line, end_column=end_column))
    return out


def _join_parts(parts: list, first, last) -> tuple:
    """Merge adjacent literal texts into one Constant each (empty ones dropped)."""
    values: list = []
    text: list[str] = []
    for part in parts:
        if type(part) is str:
            text.append(part)
            continue
        if text:
            joined = "".join(text)
            if joined:
                values.append(A.Constant(joined, **_pos(first, last)))
            text = []
        values.append(part)
    joined = "".join(text)
    if joined:
        values.append(A.Constant(joined, **_pos(first, last)))
    return tuple(values)
