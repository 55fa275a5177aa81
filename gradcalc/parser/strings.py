"""String literals: prefixes, escapes, and the fields of f-strings.

The lexer hands over the raw token text (prefix and quotes included); this module
turns it into str values and, for f-strings, into literal parts and expression
fields, the expression text of each field with its position in the source, so it can
be parsed like any other expression and report errors where the user sees them.
"""

from __future__ import annotations

import re

from .errors import ParseError

_ESCAPE = re.compile(r"\\(\n|[\\'\"abfnrtv]|[0-7]{1,3}|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|N\{[^}\n]*\}|.?)", re.S)
_SIMPLE = {"\n": "", "\\": "\\", "'": "'", '"': '"', "a": "\a", "b": "\b", "f": "\f",
           "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
_VALID_PREFIXES = {"", "r", "u", "f", "fr", "rf"}


class Literal:
    """One string token, split into its prefix flags and its body (quotes removed)."""

    __slots__ = ("token", "raw", "is_f", "body", "body_offset", "quote")

    def __init__(self, token) -> None:
        text = token.value
        i = 0
        while text[i] not in "'\"":
            i += 1
        prefix = text[:i].lower()
        if "b" in prefix:
            raise _error(token, "bytes literals are not supported in gradcalc")
        if prefix not in _VALID_PREFIXES:
            raise _error(token, f"invalid string prefix '{text[:i]}'")
        quote = text[i] * 3 if text[i:i + 3] in ('"""', "'''") and len(text) - i >= 6 else text[i]
        self.token = token
        self.raw = "r" in prefix
        self.is_f = "f" in prefix
        self.quote = quote
        self.body_offset = i + len(quote)
        self.body = text[self.body_offset:len(text) - len(quote)]


def decode(body: str, raw: bool, token, offset: int) -> str:
    """The value of a (non-f) string body: escapes decoded unless raw."""
    if raw or "\\" not in body:
        return body
    def replace(m: re.Match) -> str:
        esc = m.group(1)
        if esc in _SIMPLE:
            return _SIMPLE[esc]
        head = esc[:1]
        if head in "01234567" and head:
            return chr(int(esc, 8))
        if head in "xuU" and len(esc) > 1:
            code = int(esc[1:], 16)
            if code > 0x10FFFF:
                raise _error(token, "(unicode error) 'unicodeescape' codec can't decode bytes: illegal Unicode "
                             "character", offset + m.start())
            return chr(code)
        if head == "N" and esc.startswith("N{"):
            import unicodedata
            try:
                return unicodedata.lookup(esc[2:-1])
            except KeyError:
                raise _error(token, "(unicode error) 'unicodeescape' codec can't decode bytes: unknown Unicode character name", offset + m.start())
        if head in "xuUN":
            what = {"x": "truncated \\xXX escape", "u": "truncated \\uXXXX escape",
                    "U": "truncated \\UXXXXXXXX escape", "N": "malformed \\N character escape"}[head]
            raise _error(token, f"(unicode error) 'unicodeescape' codec can't decode bytes: {what}", offset + m.start())
        return "\\" + esc  # unknown escapes stay as written, as in Python
    return _ESCAPE.sub(replace, body)


def _error(token, message: str, offset: int = 0) -> ParseError:
    line, column = position_in(token, offset)
    return ParseError(message, line=line, column=column,
                      end_column=column + 1 if offset else token.end_column
                      if token.end_line == token.line else column + 1)


def position_in(token, offset: int) -> tuple[int, int]:
    """(line, column) of character ``offset`` of ``token``'s text."""
    text = token.value
    newlines = text.count("\n", 0, offset)
    if not newlines:
        return token.line, token.column + offset
    return token.line + newlines, offset - text.rfind("\n", 0, offset)


# ---------------------------------------------------------------- f-strings

class Field:
    """One ``{expr!c:spec}`` of an f-string, before its expression is parsed."""

    __slots__ = ("expr", "offset", "conversion", "spec", "debug", "end_offset")

    def __init__(self, expr, offset, conversion, spec, debug, end_offset):
        self.expr = expr  # the expression text
        self.offset = offset  # its offset in the token text
        self.conversion = conversion  # None, 'r', 's' or 'a'
        self.spec = spec  # None or a list of parts (str and Field) for the format spec
        self.debug = debug  # for f"{x=}": the text to show before the value, else None
        self.end_offset = end_offset  # offset just after the closing '}'


def split_fstring(lit: Literal) -> list:
    """The parts of an f-string token: str for literal text (escapes decoded) and
    Field for each replacement field."""
    parts, end = _split(lit, lit.body_offset, lit.body_offset + len(lit.body), nested=0)
    return parts


def _split(lit: Literal, start: int, stop: int, nested: int):
    """Scan token text [start, stop) for literal text and fields; in a format spec
    (``nested`` > 0) a bare '}' ends the spec and is returned as the end offset."""
    text = lit.token.value
    parts: list = []
    chunk: list[str] = []
    chunk_start = start
    i = start

    def flush(upto: int) -> None:
        raw_text = "".join(chunk)
        if raw_text:
            parts.append(decode(raw_text, lit.raw, lit.token, chunk_start))
        chunk.clear()

    while i < stop:
        ch = text[i]
        if ch == "\\" and not lit.raw:
            if text.startswith("N{", i + 1):
                close = text.find("}", i)
                close = stop - 1 if close < 0 or close >= stop else close
                chunk.append(text[i:close + 1])
                i = close + 1
            else:
                chunk.append(text[i:i + 2])
                i += 2
            continue
        if ch == "{":
            if not nested and text.startswith("{", i + 1):
                chunk.append("{")
                i += 2
                continue
            flush(i)
            field, i = _field(lit, i + 1, stop, nested)
            parts.append(field)
            chunk_start = i
            continue
        if ch == "}":
            if nested:
                flush(i)
                return parts, i
            if text.startswith("}", i + 1):
                chunk.append("}")
                i += 2
                continue
            raise _error(lit.token, "f-string: single '}' is not allowed", i)
        chunk.append(ch)
        i += 1
    if nested:
        raise _error(lit.token, "f-string: expecting '}'", stop)
    flush(stop)
    return parts, stop


def _field(lit: Literal, start: int, stop: int, nested: int):
    """Parse one field whose '{' is just before ``start``; returns (Field, offset after '}')."""
    text = lit.token.value
    if nested >= 2:
        raise _error(lit.token, "f-string: expressions nested too deeply", start)
    depth = 0
    quote = None
    i = start
    expr_end = None
    while i < stop:
        ch = text[i]
        if quote:
            if text.startswith(quote, i):
                i += len(quote)
                quote = None
                continue
            if ch == "\\":
                raise _error(lit.token, "f-string expression part cannot include a backslash", i)
            i += 1
            continue
        if ch == "\\":
            raise _error(lit.token, "f-string expression part cannot include a backslash", i)
        if ch in "'\"":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            i += len(quote)
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth:
                depth -= 1
            elif ch == "}":
                expr_end = i
                break
            else:
                raise _error(lit.token, f"f-string: unmatched '{ch}'", i)
        elif ch == "#":
            raise _error(lit.token, "f-string expression part cannot include '#'", i)
        elif depth == 0 and ch == "!" and not text.startswith("!=", i):
            expr_end = i
            break
        elif depth == 0 and ch == ":":
            expr_end = i
            break
        elif (depth == 0 and ch == "=" and not text.startswith("==", i)
              and text[i - 1] not in "=!<>"):
            expr_end = i
            break
        i += 1
    if expr_end is None:
        raise _error(lit.token, "f-string: expecting '}'", i)
    expr = text[start:expr_end]
    if not expr.strip():
        raise _error(lit.token, "f-string: empty expression not allowed", expr_end)
    i = expr_end
    debug = None
    if text[i] == "=":
        i += 1
        while i < stop and text[i] in " \t":
            i += 1
        debug = text[start:i]
    conversion = None
    if i < stop and text[i] == "!":
        conversion = text[i + 1:i + 2]
        if conversion not in ("r", "s", "a") or text[i + 2:i + 3] not in (":", "}"):
            raise _error(lit.token, "f-string: invalid conversion character: expected 's', 'r', or 'a'", i + 1)
        i += 2
    spec = None
    if i < stop and text[i] == ":":
        spec, i = _split(lit, i + 1, stop, nested + 1)
    if i >= stop or text[i] != "}":
        raise _error(lit.token, "f-string: expecting '}'", i)
    if debug is not None and conversion is None and spec is None:
        conversion = "r"
    return Field(expr, start, conversion, spec, debug, i + 1), i + 1
