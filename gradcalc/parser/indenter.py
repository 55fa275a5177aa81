"""The post-lexer: Python's rules for lines, indentation and brackets.

It does what Lark's ``Indenter`` does (and what ``grammar.lark`` expects from it):
newlines inside brackets are dropped, and at the start of each logical line the
indentation is compared with the enclosing ones to emit _INDENT/_DEDENT tokens. On
top of that it keeps the bookkeeping Python's tokenizer keeps, so that errors can be
worded as Python words them: the stack of open brackets (for "'(' was never closed"
and mismatched closers), tabs against spaces (TabError), the header that opened a
block (for "expected an indented block after 'while' statement on line 3") and
whether the input ended early (what input_status() calls "incomplete").

It is written as a plain generator over our own lexer, with its state in a
``LineState`` per parse, so parses can nest (f-string fields are parsed while the
string's own statement is being parsed).
"""

from __future__ import annotations



from .errors import ParseError
from .lexer import Token

OPENERS = {"LPAR": ")", "LSQB": "]", "LBRACE": "}"}
CLOSERS = {"RPAR": "(", "RSQB": "[", "RBRACE": "{"}
MAX_INDENT_LEVELS = 100  # Python's limit too ("too many levels of indentation")


class LineState:
    """What the post-lexer knows about the input so far (read by messages.py)."""

    __slots__ = ("brackets", "indents", "at_eof", "block_header", "logical_first", "last", "ended_first",
                 "line_start", "longest_line", "most_indents", "elifs")

    def __init__(self) -> None:
        self.brackets: list[Token] = []  # open brackets, innermost last
        self.indents: list[tuple[int, int]] = [(0, 0)]  # (width with tab=8, with tab=1)
        self.at_eof = False  # the lexer is exhausted: what follows is made up at EOF
        self.block_header: Token | None = None  # first token of the last line ending in ':'
        self.logical_first: Token | None = None  # first token of the current logical line
        self.ended_first: Token | None = None  # first token of the logical line before
        self.last: Token | None = None  # last real token passed on
        # For checks.py: an upper bound on how deep the AST can be (see depth_bound).
        self.line_start = 0
        self.longest_line = 0  # in characters, a logical line
        self.most_indents = 1
        self.elifs = 0

    def depth_bound(self) -> int:
        """No AST path is longer than this: each expression level takes at least one
        character of its logical line, each block two levels per indentation, and
        each `elif` one more (it nests in the If before it)."""
        return self.longest_line + 2 * self.most_indents + self.elifs + 4


def _measure(indent: str) -> tuple[int, int]:
    """Indentation width as Python's tokenizer measures it: tabs to multiples of 8
    and, to detect inconsistency, tabs as 1."""
    col = alt = 0
    for ch in indent:
        if ch == " ":
            col += 1
            alt += 1
        elif ch == "\t":
            col = (col // 8 + 1) * 8
            alt += 1
        else:  # form feed resets, as in CPython
            col = alt = 0
    return col, alt


def indent_tokens(tokens: Iterator[Token], state: LineState, expression: bool) -> Iterator[Token]:
    """Pass ``tokens`` on with newlines filtered and _INDENT/_DEDENT added.

    ``expression`` mode (a lone expression: f-string fields, ``--grad EXPR``) drops
    every newline, as if the whole text were inside brackets.
    """
    brackets = state.brackets
    indents = state.indents
    first = True
    for tok in tokens:
        kind = tok.type
        if kind == "_NEWLINE":
            if brackets or expression:
                continue
            last = state.last
            if last is not None and last.type == "COLON":
                state.block_header = state.logical_first
            state.ended_first = state.logical_first
            state.logical_first = None
            state.last = tok
            length = tok.start_pos - state.line_start
            if length > state.longest_line:
                state.longest_line = length
            state.line_start = tok.end_pos
            yield tok
            yield from _indentation(tok, indents)
            if len(indents) > state.most_indents:
                state.most_indents = len(indents)
        else:
            if first and not expression and tok.column > 1:
                raise ParseError(
                    "unexpected indent", kind="IndentationError",
                    line=tok.line, column=tok.column, end_column=tok.end_column,
                )
            if state.logical_first is None:
                state.logical_first = tok
            if kind in OPENERS:
                brackets.append(tok)
            elif kind in CLOSERS:
                _close_bracket(tok, brackets)
            elif kind == "ELIF":
                state.elifs += 1
            state.last = tok
            yield tok
        first = False

    state.at_eof = True
    if expression and state.last is not None:
        state.longest_line = state.last.end_pos - state.line_start
    if brackets:
        opener = brackets[-1]
        raise ParseError(
            f"'{opener.value}' was never closed", line=opener.line, column=opener.column,
            end_column=opener.end_column, incomplete=True,
        )
    if expression:
        return
    last = state.last
    if last is not None and last.type != "_NEWLINE":
        # The text always ends with a newline, so only a trailing `\` can eat it.
        raise ParseError(
            "unexpected EOF while parsing", line=last.end_line, column=last.end_column,
            incomplete=True,
        )
    line = last.end_line if last is not None else 1
    while len(indents) > 1:
        indents.pop()
        yield Token("_DEDENT", "", 0, 0, line, 1, line, 1)


def _indentation(newline: Token, indents: list) -> Iterator[Token]:
    """_INDENT/_DEDENT tokens for the line that follows ``newline``."""
    value = newline.value
    tail = value[value.rfind("\n") + 1:]
    col, alt = _measure(tail)
    line, column = newline.end_line, newline.end_column
    top_col, top_alt = indents[-1]
    if col == top_col:
        if alt != top_alt:
            raise _tab_error(line, column)
        return
    if col > top_col:
        if alt <= top_alt:
            raise _tab_error(line, column)
        if len(indents) > MAX_INDENT_LEVELS:
            raise ParseError(
                "too many levels of indentation", kind="IndentationError",
                line=line, column=column,
            )
        indents.append((col, alt))
        yield Token("_INDENT", tail, 0, 0, line, column, line, column)
        return
    while col < indents[-1][0]:
        indents.pop()
        yield Token("_DEDENT", tail, 0, 0, line, column, line, column)
    if col != indents[-1][0]:
        raise ParseError(
            "unindent does not match any outer indentation level", kind="IndentationError",
            line=line, column=column,
        )
    if alt != indents[-1][1]:
        raise _tab_error(line, column)


def _tab_error(line: int, column: int) -> ParseError:
    return ParseError(
        "inconsistent use of tabs and spaces in indentation", kind="TabError",
        line=line, column=1, end_column=max(2, column),
    )


def _close_bracket(tok: Token, brackets: list) -> None:
    if not brackets:
        raise ParseError(
            f"unmatched '{tok.value}'", line=tok.line, column=tok.column, end_column=tok.end_column,
        )
    opener = brackets.pop()
    if OPENERS[opener.type] != tok.value:
        where = f" on line {opener.line}" if opener.line != tok.line else ""
        raise ParseError(
            f"closing parenthesis '{tok.value}' does not match opening parenthesis "
            f"'{opener.value}'{where}",
            line=tok.line, column=tok.column, end_column=tok.end_column,
        )
