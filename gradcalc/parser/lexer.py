"""Source text -> tokens, using the terminal regexes Lark ordered for grammar.lark."""

from __future__ import annotations

import re




class Token:
    """One token. Same attribute names as a Lark Token, so the builder (and the error
    wording) read positions the same way from tokens and from AST nodes.

    column is 1-based; end_column is the column just after the last character.
    """

    __slots__ = ("type", "value", "start_pos", "end_pos", "line", "column", "end_line", "end_column")

    def __init__(self, type, value, start_pos, end_pos, line, column, end_line, end_column):
        self.type = type
        self.value = value
        self.start_pos = start_pos
        self.end_pos = end_pos
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r}, {self.line}:{self.column})"


class LexFailure(Exception):
    """No terminal matches at ``pos`` (worded later by messages.lex_error)."""

    def __init__(self, pos: int, line: int, column: int) -> None:
        super().__init__(pos)
        self.pos = pos
        self.line = line
        self.column = column


def tokenize(
    text: str,
    tables,
    accepts_magic: Callable[[], bool] | None = None,
    start_line: int = 1,
    start_column: int = 1,
) -> Iterator[Token]:
    """Yield the tokens of ``text`` (ignored terminals dropped).

    ``accepts_magic`` asks the running parser whether a ``%`` here starts a line magic
    (only at the start of a statement); elsewhere ``%`` is the operator.
    ``start_line``/``start_column`` place the text inside a bigger source (f-string
    fields), so every position is already the one the user sees.
    """
    match = tables.master.match
    magic_match = tables.magic.match
    keywords = tables.keywords
    newline_types = tables.newline_types
    ignore = tables.ignore
    single_chars = tables.single_chars
    name_match = _NAME.match
    spaces_match = _SPACES.match
    pos = 0
    size = len(text)
    line = start_line
    line_start = 1 - start_column  # column == pos - line_start + 1
    while pos < size:
        ch = text[pos]
        # Fast paths, same result as the master regex: names (not string prefixes),
        # runs of spaces, and punctuation that is a whole token by itself.
        if ch in _NAME_START:
            m = name_match(text, pos)
            end = m.end()
            if end - pos > 2 or end == size or text[end] not in "'\"":
                value = m.group()
                column = pos - line_start + 1
                yield Token(keywords.get(value, "NAME"), value, pos, end, line, column, line,
                            column + (end - pos))
                pos = end
                continue
        elif ch == " ":
            pos = spaces_match(text, pos).end()
            continue
        elif ch in single_chars:
            column = pos - line_start + 1
            yield Token(single_chars[ch], ch, pos, pos + 1, line, column, line, column + 1)
            pos += 1
            continue
        if ch == "%" and accepts_magic is not None and accepts_magic():
            m = magic_match(text, pos)
            kind = "MAGIC"
        else:
            m = match(text, pos)
            if m is None or m.end() == pos:
                raise LexFailure(pos, line, pos - line_start + 1)
            kind = m.lastgroup
        end = m.end()
        value = m.group()
        column = pos - line_start + 1
        if kind in newline_types and "\n" in value:
            end_line = line + value.count("\n")
            next_line_start = pos + value.rindex("\n") + 1
            end_column = end - next_line_start + 1
        else:
            end_line = line
            next_line_start = line_start
            end_column = column + (end - pos)
        if kind not in ignore:
            if kind == "NAME":
                kind = keywords.get(value, "NAME")
            yield Token(kind, value, pos, end, line, column, end_line, end_column)
        line = end_line
        line_start = next_line_start
        pos = end


_NAME_START = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
_NAME = re.compile(r"[^\W\d]\w*")
_SPACES = re.compile(r"[ \t\f]+")
