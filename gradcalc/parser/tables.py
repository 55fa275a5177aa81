"""Loads the generated LALR tables (``_tables.py``) once per process, on first use."""

from __future__ import annotations

import re

_loaded = None
_ASCII_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"


# The string terminals of grammar.lark, each with the same language written as an
# "unrolled loop" (a run of plain characters, then an escape or lone quote and a run,
# repeated). Python's re keeps a backtracking record for every repetition of a group:
# the grammar's ``(?:plain|escape)*`` cost hundreds of bytes per character of a string
# literal (a 10 MB literal took gigabytes); a repeated character class keeps none, so
# the unrolled form needs memory only per escape. Keyed by the grammar's regex: a grammar
# that changes the terminal gets its own regex back (tests/parser/test_lexer_memory.py
# checks that the rewrite is in use and matches as the grammar's does).
_LINEAR = {
    '[a-zA-Z]{0,2}("(?!"")(?:[^"\\\\\n]|\\\\[\\s\\S])*"|\'(?!\'\')(?:[^\'\\\\\n]|\\\\[\\s\\S])*\')':
        '[a-zA-Z]{0,2}("(?!"")[^"\\\\\\n]*(?:\\\\[\\s\\S][^"\\\\\\n]*)*"|\'(?!\'\')[^\'\\\\\\n]*(?:\\\\[\\s\\S][^\'\\\\\\n]*)*\')',
    '[a-zA-Z]{0,2}("""(?:[^"\\\\]|\\\\[\\s\\S]|"(?!""))*"""|\'\'\'(?:[^\'\\\\]|\\\\[\\s\\S]|\'(?!\'\'))*\'\'\')':
        '[a-zA-Z]{0,2}("""[^"\\\\]*(?:(?:\\\\[\\s\\S]|"(?!""))[^"\\\\]*)*"""|\'\'\'[^\'\\\\]*(?:(?:\\\\[\\s\\S]|\'(?!\'\'))[^\'\\\\]*)*\'\'\')',
}


class Tables:
    """The grammar compiled for the runtime: lexer regexes and the LALR table.

    states        list of dicts: symbol -> action; action >= 0 is "shift/goto that
                  state", action < 0 is "reduce by rule -1 - action"
    rules         list of (origin, size, include, trailing_nones, expand1, callback
                  name, plain, unit): see generate.describe_rule; plain means "keep
                  the children as they are", unit "one child, passed up unchanged"
    master        one compiled regex over all terminals, in Lark's priority order
    magic         the regex of MAGIC, tried only where the parser accepts a magic
    keywords      NAME text -> keyword terminal ("if" -> "IF")
    """

    def __init__(self, data: dict) -> None:
        self.grammar_sha256 = data["grammar_sha256"]
        self.states = data["states"]
        self.start_states = data["start_states"]
        self.end_states = data["end_states"]
        self.terminal_texts = data["terminal_texts"]
        rules = []
        for origin, size, include, trailing, expand1, callback in data["rules"]:
            plain = (
                trailing == 0
                and len(include) == size
                and all(not splice and not nones for _, splice, nones in include)
            )
            include = tuple((i, bool(splice), nones) for i, splice, nones in include)
            unit = plain and size == 1 and bool(expand1)
            rules.append((origin, size, include, trailing, bool(expand1), callback, plain, unit))
        self.rules = rules
        self.master = re.compile(
            "|".join(f"(?P<{name}>{_LINEAR.get(regex, regex)})" for name, regex in data["terminals"])
        )
        self.magic = re.compile(data["special_terminals"]["MAGIC"])
        self.keywords = data["keywords"].get("NAME", {})
        self.newline_types = frozenset(data["newline_types"])
        self.ignore = frozenset(data["ignore"])
        # Fast paths for the lexer (see lexer.tokenize): one-character tokens that no
        # other terminal can start with, decided from the terminals' literal texts.
        # Characters that can start a regex terminal (names, numbers, strings,
        # comments, newlines, magics, spaces, continuations) never take a fast path.
        regex_starts = set("0123456789.'\"\n#% \t\f\\") | set(_ASCII_LETTERS)
        texts = [t for n, t in data["terminal_texts"].items() if n in self._used(data)]
        self.single_chars = {
            text: name for name, text in data["terminal_texts"].items()
            if len(text) == 1 and text not in regex_starts
            and sum(1 for other in texts if other.startswith(text)) == 1
        }

    @staticmethod
    def _used(data: dict) -> set:
        return {name for name, _ in data["terminals"]}


def load() -> Tables:
    global _loaded
    if _loaded is None:
        import json

        from ._tables import TABLES_JSON

        _loaded = Tables(json.loads(TABLES_JSON))
    return _loaded
