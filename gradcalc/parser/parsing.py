"""The parser's entry points: source text in, AST (or one ParseError) out.

Pipeline: lexer.tokenize -> indenter.indent_tokens -> lalr.parse_tokens, which calls
builder.Builder's callbacks as it reduces; then checks.py looks at the whole tree.
Lexer and parser failures are worded by messages.py. Nothing is built until the
first parse, and then only once per process (tables.load).
"""

from __future__ import annotations

import gc

from . import ast as A
from .checks import MAX_DEPTH, check_depth, check_statements, check_yields
from .errors import ParseError
from .indenter import LineState, indent_tokens
from .lalr import UnexpectedToken, parse_tokens
from .lexer import LexFailure, tokenize
from .tables import load

_callbacks: dict | None = None


def _get_callbacks() -> dict:
    global _callbacks
    if _callbacks is None:
        from .builder import Builder

        builder = Builder()
        names = {rule[5] for rule in load().rules if not rule[5].startswith("_")}
        _callbacks = {name: getattr(builder, name) for name in names if hasattr(builder, name)}
    return _callbacks


def unix_newlines(source: str) -> str:
    """CRLF and CR become LF."""
    return source.replace("\r\n", "\n").replace("\r", "\n") if "\r" in source else source


def normalize(source: str) -> str:
    """CRLF and CR become LF, a BOM goes, and the text ends with a newline."""
    if source.startswith("\ufeff"):
        source = source[1:]
    source = unix_newlines(source)
    if not source.endswith("\n"):
        source += "\n"
    return source


def run(text: str, start: str, expression: bool, line: int = 1, column: int = 1):
    """Parse normalized ``text`` from ``start``; returns (result, LineState).

    Raises ParseError with positions but without filename/source_line (the public
    functions add those, so nested parses of f-string fields do not).
    """
    tables = load()
    state = LineState()
    state_stack: list = []
    if expression:
        accepts_magic = None
    else:
        states = tables.states

        def accepts_magic() -> bool:
            return "MAGIC" in states[state_stack[-1]]

    tokens = tokenize(text, tables, accepts_magic, line, column)
    if len(text) > MAX_TOKENS:  # only a text this long can hold that many tokens
        tokens = _at_most(tokens, MAX_TOKENS)
    tokens = indent_tokens(tokens, state, expression)
    try:
        result = parse_tokens(tokens, tables, start, _get_callbacks(), state_stack)
    except LexFailure as failure:
        from .messages import lex_error

        raise lex_error(text, failure) from None
    except UnexpectedToken as unexpected:
        from .messages import later_tokenizer_error, unexpected_token

        err = unexpected_token(unexpected, state, text)
        if err.message == "invalid syntax":
            later = later_tokenizer_error(tokens, text)
            if later is not None:
                later.incomplete = False  # there is a real error before it
                err = later
        raise err from None
    return result, state


# A program longer than this is refused as soon as the lexer reaches it, rather than after
# seconds of parsing (a flat 1+1+... of millions of terms was refused only by the nesting
# limit, once wholly parsed). A 100,000-line script is 1.1 million tokens; a string literal is
# one token however long.
MAX_TOKENS = 5_000_000


def _at_most(tokens, limit):
    for count, token in enumerate(tokens, 1):
        if count > limit:
            raise ParseError(f"the input is too long: more than {limit:,} tokens (the limit of one input)",
                             line=token.line, column=token.column, end_line=token.line,
                             end_column=token.column + 1)
        yield token


def _located(err: ParseError, text: str, filename: str) -> ParseError:
    err.filename = filename
    lines = text.split("\n")
    if 1 <= err.line <= len(lines):
        err.source_line = lines[err.line - 1]
    return err


def parse(source: str, filename: str = "<input>", max_depth: int = MAX_DEPTH) -> A.Module:
    """Parse a script (or what the REPL got) into a Module.

    Raises ParseError (kind SyntaxError, IndentationError or TabError). The tree is
    at most ``max_depth`` levels deep, or parsing fails with "too deeply nested".
    """
    text = normalize(source)
    # The tree has no reference cycles, and the cyclic GC re-scanning a growing tree
    # made big scripts ~40% slower: pause it while parsing.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        module, state = run(text, "file_input", expression=False)
        check_statements(module)
        if "yield" in text:
            check_yields(module)
        if state.depth_bound() > max_depth:
            check_depth(module, max_depth)
    except ParseError as err:
        raise _located(err, text, filename) from None
    finally:
        if gc_was_enabled:
            gc.enable()
    return module


def parse_expression(source: str, filename: str = "<input>", max_depth: int = MAX_DEPTH) -> A.Expression:
    """Parse one expression (newlines are ignored), e.g. for ``gradcalc --grad EXPR``."""
    text = normalize(source)
    try:
        if not text.strip():
            raise ParseError("expected an expression", line=1, column=1)
        expr, state = run(text, "eval_input", expression=True)
        if state.depth_bound() > max_depth:
            check_depth(expr, max_depth)
    except ParseError as err:
        raise _located(err, text, filename) from None
    return expr


def parse_field(text: str, line: int, column: int) -> A.Expression:
    """Parse the expression of an f-string field found at (line, column)."""
    return run(text, "eval_input", expression=True, line=line, column=column)[0]
