"""The LALR(1) driver: runs the table Lark built for grammar.lark over a token stream.

It reproduces Lark's LALR parser (lark/parsers/lalr_parser.py) and the child
filtering of its parse-tree builder, but calls our AST callbacks directly, the way
Lark does when given ``transformer=``: no parse tree is ever built. The loop keeps
its stacks in lists, so nesting depth never touches Python's recursion limit.
"""

from __future__ import annotations



from .lexer import Token


class UnexpectedToken(Exception):
    """The parser cannot take ``token`` here (worded later by messages.py)."""

    def __init__(self, token: Token, previous: Token | None, expected: frozenset) -> None:
        super().__init__(token.type)
        self.token = token
        self.previous = previous
        self.expected = expected


# (state below, state on top, lookahead) -> top state after all unit reductions.
unit_chains: dict = {}


def parse_tokens(tokens: Iterator[Token], tables, start: str, callbacks: dict,
                 state_stack: list) -> object:
    """Parse ``tokens`` from ``start``; returns the value of the start symbol.

    ``state_stack`` is given by the caller (initially empty) so that the lexer can
    look at the parser's current state while it runs. ``callbacks`` maps callback
    names to functions taking the list of kept children.
    """
    states = tables.states
    rules = tables.rules
    end_state = tables.end_states[start]
    state_stack.append(tables.start_states[start])
    value_stack: list = []
    previous = None
    at_end = False
    token_iter = iter(tokens)
    while True:
        token = next(token_iter, None)
        if token is None:
            token = _end_token(previous)
            at_end = True
        kind = token.type
        while True:
            action = states[state_stack[-1]].get(kind)
            if action is None:
                raise UnexpectedToken(token, previous, _expected(states[state_stack[-1]]))
            if action >= 0:
                # Lark's tables never shift $END: at the end it is reduce until done.
                state_stack.append(action)
                value_stack.append(token)
                previous = token
                break
            origin, size, include, trailing, expand1, callback, plain, unit = rules[-1 - action]
            if unit:
                # `?a: b` with one child: the value stays, only the state on top
                # changes. Most reductions are these (one per precedence level, a
                # dozen per operand), and the chain they form depends only on the
                # state below, the state on top and the lookahead: remember where
                # it ends.
                if at_end:
                    state_stack[-1] = states[state_stack[-2]][origin]
                    if state_stack[-1] == end_state:
                        return value_stack[-1]
                    continue
                key = (state_stack[-2], state_stack[-1], kind)
                top = unit_chains.get(key)
                if top is None:
                    below = state_stack[-2]
                    top = states[below][origin]
                    while True:
                        nxt = states[top].get(kind)
                        if nxt is None or nxt >= 0 or not rules[-1 - nxt][7]:
                            break
                        top = states[below][rules[-1 - nxt][0]]
                    unit_chains[key] = top
                state_stack[-1] = top
                continue
            if size:
                children = value_stack[-size:]
                del state_stack[-size:]
                del value_stack[-size:]
            else:
                children = []
            if not plain:
                filtered: list = []
                for index, splice, nones in include:
                    if nones:
                        filtered.extend([None] * nones)
                    child = children[index]
                    if splice:
                        if filtered:
                            filtered.extend(child)
                        else:
                            # Reuse the list: keeps long left-recursive repetitions linear.
                            filtered = child
                    else:
                        filtered.append(child)
                if trailing:
                    filtered.extend([None] * trailing)
                children = filtered
            if expand1 and len(children) == 1:
                value = children[0]
            elif callback[0] == "_":
                value = children  # an inlined rule: its parent splices these
                if len(children) > _CHAIN_LIMIT and callback.startswith(_CHAINS):
                    raise _too_deep(token)
            else:
                value = callbacks[callback](children)
            state_stack.append(states[state_stack[-1]][origin])
            value_stack.append(value)
            if at_end and state_stack[-1] == end_state:
                return value_stack[-1]


# ``a + b + c ...`` arrives as one flat list and becomes a left-nested chain, refused by
# the nesting limit (checks.MAX_DEPTH) once built. A chain far past that limit is refused
# while it is being read, so a flat sum of millions of terms fails in a moment.
_CHAINS = ("__arith_expr_star", "__term_star", "__shift_expr_star", "__and_expr_star", "__xor_expr_star",
           "__expr_star")
_CHAIN_LIMIT = 20_000  # items: 10,000 operators, ten times the nesting limit


def _too_deep(token: Token):
    from .errors import ParseError

    return ParseError("expression too deeply nested (the limit is 1000 levels)", line=token.line,
                      column=token.column, end_line=token.end_line, end_column=max(token.end_column, token.column + 1))


def _expected(row: dict) -> frozenset:
    return frozenset(sym for sym in row if sym.isupper())


def _end_token(previous: Token | None) -> Token:
    """The end-of-input token, placed where Python places its EOF errors."""
    if previous is None:
        return Token("$END", "", 0, 0, 1, 1, 1, 1)
    if previous.type == "_NEWLINE":
        return Token("$END", "", previous.start_pos, previous.start_pos,
                     previous.line, previous.column, previous.line, previous.column + 1)
    return Token("$END", "", previous.end_pos, previous.end_pos,
                 previous.end_line, previous.end_column, previous.end_line, previous.end_column + 1)
