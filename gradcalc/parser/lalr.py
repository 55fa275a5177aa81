"""The LALR(1) driver: runs the table Lark built for grammar.lark over a token stream.

It reproduces Lark's LALR parser (lark/parsers/lalr_parser.py) and the child
filtering of its parse-tree builder, but calls our AST callbacks directly, the way
Lark does when given ``transformer=``: no parse tree is ever built. The loop keeps
its stacks in lists, so nesting depth never touches Python's recursion limit.
"""

from __future__ import annotations

from typing import Iterator

from .lexer import Token


class UnexpectedToken(Exception):
    """The parser cannot take ``token`` here (worded later by messages.py)."""

    def __init__(self, token: Token, previous: Token | None, expected: frozenset) -> None:
        super().__init__(token.type)
        self.token = token
        self.previous = previous
        self.expected = expected


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

    def reduce(rule) -> None:
        origin, size, include, trailing, expand1, callback, plain = rule
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
        else:
            value = callbacks[callback](children)
        state_stack.append(states[state_stack[-1]][origin])
        value_stack.append(value)

    for token in tokens:
        kind = token.type
        while True:
            action = states[state_stack[-1]].get(kind)
            if action is None:
                raise UnexpectedToken(token, previous, _expected(states[state_stack[-1]]))
            if action >= 0:
                state_stack.append(action)
                value_stack.append(token)
                previous = token
                break
            reduce(rules[-1 - action])

    end = _end_token(previous)
    while True:
        action = states[state_stack[-1]].get("$END")
        if action is None:
            raise UnexpectedToken(end, previous, _expected(states[state_stack[-1]]))
        # Lark's tables never shift $END: it is reduce until the start symbol is done.
        reduce(rules[-1 - action])
        if state_stack[-1] == end_state:
            return value_stack[-1]


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
