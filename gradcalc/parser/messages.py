"""Words for parse failures: what was expected, in Python's phrasing, never token names."""

from __future__ import annotations

from .builder import UNSUPPORTED_KEYWORDS
from .errors import ParseError
from .indenter import LineState
from .lalr import UnexpectedToken
from .lexer import LexFailure, Token

# Tokens that can start an expression: if the parser wanted one of these, it wanted
# an expression.
EXPRESSION_STARTERS = frozenset({
    "NAME", "DEC_NUMBER", "HEX_NUMBER", "OCT_NUMBER", "BIN_NUMBER", "FLOAT_NUMBER",
    "IMAG_NUMBER", "STRING", "LONG_STRING", "LPAR", "LSQB", "MINUS", "PLUS", "TILDE",
    "NOT", "LAMBDA", "NONE", "TRUE", "FALSE", "ELLIPSIS", "LBRACE",
})
# Tokens that are a complete operand: two of them in a row is a missing operator/comma.
OPERAND_ENDS = frozenset({
    "NAME", "DEC_NUMBER", "HEX_NUMBER", "OCT_NUMBER", "BIN_NUMBER", "FLOAT_NUMBER",
    "IMAG_NUMBER", "STRING", "LONG_STRING", "RPAR", "RSQB", "RBRACE", "NONE", "TRUE", "FALSE",
    "ELLIPSIS",
})
NUMBER_TYPES = frozenset({"DEC_NUMBER", "HEX_NUMBER", "OCT_NUMBER", "BIN_NUMBER", "FLOAT_NUMBER"})
LINE_BREAKS = frozenset({"_NEWLINE", "_INDENT", "_DEDENT", "$END"})

# What a block header is called in "expected an indented block after ...".
HEADER_NAMES = {
    "IF": "'if' statement", "ELIF": "'elif' statement", "ELSE": "'else' statement",
    "WHILE": "'while' statement", "FOR": "'for' statement", "WITH": "'with' statement",
    "DEF": "function definition", "CLASS": "class definition", "TRY": "'try' statement",
    "EXCEPT": "'except' statement", "FINALLY": "'finally' statement",
}
COMPOUND_KEYWORDS = frozenset({"IF", "ELIF", "ELSE", "WHILE", "FOR", "WITH", "DEF", "CLASS", "TRY", "EXCEPT",
                               "FINALLY"})


def _at(message: str, tok, kind: str = "SyntaxError", incomplete: bool = False) -> ParseError:
    end_column = tok.end_column if tok.end_line == tok.line and tok.end_column > tok.column else tok.column + 1
    return ParseError(message, kind=kind, line=tok.line, column=tok.column,
                      end_line=tok.line, end_column=end_column, incomplete=incomplete)


def show(tok: Token) -> str:
    """How to name a token in a message: its text, or what it stands for."""
    if tok.type == "_NEWLINE":
        return "end of line"
    if tok.type in ("$END", "_DEDENT"):
        return "end of input"
    return f"'{tok.value}'"


def _only_blank_from(text: str, line: int) -> bool:
    """Whether lines ``line``.. of ``text`` hold nothing but whitespace."""
    return not any(part.strip() for part in text.split("\n")[line - 1:])


def unexpected_token(err: UnexpectedToken, state: LineState, text: str) -> ParseError:
    tok, prev, expected = err.token, err.previous, err.expected
    kind = tok.type
    eof = state.at_eof

    if kind == "_INDENT":
        return _at("unexpected indent", tok, kind="IndentationError")
    if "_INDENT" in expected:
        header = state.block_header
        what = HEADER_NAMES.get(header.type, "':'") if header is not None else "':'"
        where = f" on line {header.line}" if header is not None else ""
        # At the end of the input the block may still come (the REPL waits for it); a
        # dedent made by the final newline of a nested header counts as the end too.
        at_end = eof or tok.type == "_DEDENT" and _only_blank_from(text, tok.line)
        return _at(f"expected an indented block after {what}{where}", tok,
                   kind="IndentationError", incomplete=at_end)
    for candidate in (prev, tok):
        if candidate is not None and candidate.type == "NAME" and candidate.value in UNSUPPORTED_KEYWORDS:
            return _at(f"'{candidate.value}' is not supported in gradcalc", candidate)

    if prev is not None and prev.type in NUMBER_TYPES and tok.start_pos == prev.end_pos \
            and (tok.value[:1].isalnum() or tok.value[:1] == "_"):
        return _number_error(prev, tok)

    if kind == "NAME" and len(tok.value) <= 2 and text[tok.end_pos:tok.end_pos + 1] in ("'", '"') \
            and set(tok.value.lower()) <= set("rbfu"):
        # A string prefix whose string does not close: the lexer fell back to a name.
        return _at(f"unterminated string literal (detected at line {tok.line})", tok)

    first = state.logical_first
    if first is None and kind == "_NEWLINE":
        first = state.ended_first  # the line that this newline ends
    at_line_start = prev is None or prev.type in LINE_BREAKS
    if kind == "COLON" and text[tok.end_pos:tok.end_pos + 1] == "=":
        return _at("the ':=' operator is not supported in gradcalc", tok)
    if kind == "EQUAL" and prev is not None and prev.type == "COLON" and prev.end_pos == tok.start_pos:
        return _at("the ':=' operator is not supported in gradcalc", prev)
    if kind == "PERCENT" and prev is not None and prev.type == "SEMICOLON":
        return _at("a magic (%name) must start its own line, not follow ';'", tok)
    if kind == "DOT" and prev is not None and prev.type == "FROM":
        return _at("relative imports are not supported in gradcalc", tok)
    if state.brackets and state.brackets[-1].type == "LPAR" and (
            (kind == "COMMA" and "RPAR" in expected and "COMMA" not in expected and "FOR" in expected)
            or (kind == "FOR" and "COMMA" in expected and "RPAR" in expected)):
        return _at("Generator expression must be parenthesized", tok)
    if kind == "_NEWLINE" or kind in LINE_BREAKS:
        if "COLON" in expected and first is not None and first.type in COMPOUND_KEYWORDS \
                and prev is not None and prev.type not in ("COLON",):
            if not expected & EXPRESSION_STARTERS or prev.type in OPERAND_ENDS:
                return _at("expected ':'", tok)
        if "ELSE" in expected and prev is not None and prev.type in OPERAND_ENDS:
            return _at("expected 'else' after 'if' expression", tok)

    if kind == "EQUAL" and "EQUAL" not in expected:
        return _at("invalid syntax. Maybe you meant '==' instead of '='?", tok)

    if prev is not None and prev.type == "IMPORT" and kind != "NAME":
        return _at("expected a name after 'import'", tok)
    if expected <= {"NAME", "STAR"} and "NAME" in expected and prev is not None and kind != "NAME":
        return _at(f"expected a name after {show(prev)}", tok)
    if expected & EXPRESSION_STARTERS and kind not in EXPRESSION_STARTERS and prev is not None \
            and prev.type not in LINE_BREAKS and prev.type not in OPERAND_ENDS \
            and prev.type != "SEMICOLON" \
            and not (prev.type == "COLON" and kind in LINE_BREAKS and "_NEWLINE" in expected):
        return _at(f"expected an expression after {show(prev)}", tok)

    if eof and kind in ("$END", "_DEDENT"):
        return _at("unexpected EOF while parsing", tok, incomplete=True)

    if prev is not None and prev.type in OPERAND_ENDS and kind in EXPRESSION_STARTERS \
            and kind not in ("MINUS", "PLUS", "TILDE", "LPAR", "LSQB"):
        if prev.type == "NAME" and prev.value == "print" and first is prev:
            return _at("Missing parentheses in call to 'print'. Did you mean print(...)?", prev)
        if state.brackets and prev.end_line == tok.line:
            return _at("invalid syntax. Perhaps you forgot a comma?", tok)
    return _at("invalid syntax", tok)


def later_tokenizer_error(tokens, text: str) -> ParseError | None:
    """Python's rule for a generic "invalid syntax": if the rest of the input has an
    error of its own (a bracket never closed, an unterminated string, bad
    indentation), that one is the real cause and is reported instead."""
    try:
        for _ in tokens:
            pass
    except ParseError as err:
        return err
    except LexFailure as failure:
        return lex_error(text, failure)
    return None


def _number_error(number: Token, tok: Token) -> ParseError:
    """A number glued to a name or another number: ``1abc``, ``1_``, ``0x``, ``09``."""
    head = tok.value[:1]
    if number.value == "0" and head in "xX":
        return _at("invalid hexadecimal literal", tok)
    if number.value == "0" and head in "oO":
        return _at("invalid octal literal", tok)
    if number.value == "0" and head in "bB":
        return _at("invalid binary literal", tok)
    if set(number.value) <= {"0", "_"} and head.isdigit():
        return ParseError(
            "leading zeros in decimal integer literals are not permitted; use an 0o prefix "
            "for octal integers", line=number.line, column=number.column,
            end_column=tok.end_column,
        )
    return _at("invalid decimal literal", number)


def lex_error(text: str, failure: LexFailure) -> ParseError:
    """Why no token starts at ``failure.pos``."""
    pos = failure.pos
    ch = text[pos]
    line, column = failure.line, failure.column

    def here(message: str, incomplete: bool = False, width: int = 1) -> ParseError:
        return ParseError(message, line=line, column=column, end_column=column + width,
                          incomplete=incomplete)

    if ch in "'\"":
        start = pos
        while start > 0 and pos - start < 2 and text[start - 1] in "rRbBfFuU":
            start -= 1
        if start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
            start = pos
        column -= pos - start
        if text.startswith(ch * 3, pos):
            last_line = line + text.count("\n", pos, len(text.rstrip("\n")))
            return here(f"unterminated triple-quoted string literal (detected at line {last_line})",
                        incomplete=True)
        return here(f"unterminated string literal (detected at line {line})")
    if ch == "\\":
        column += 1
        return here("unexpected character after line continuation character")
    if ch == "\x00":
        return here("source code cannot contain null bytes")
    code = ord(ch)
    if code < 32 or 0x7F <= code < 0xA0 or not ch.isprintable():
        return here(f"invalid non-printable character U+{code:04X}")
    if code < 128:
        return here("invalid syntax")
    return here(f"invalid character '{ch}' (U+{code:04X})")
