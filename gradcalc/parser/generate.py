"""Regenerate ``_tables.py`` from ``grammar.lark`` (a developer tool, not used at run time).

    python -m gradcalc.parser.generate          # rewrite _tables.py
    python -m gradcalc.parser.generate --check  # exit 1 if _tables.py is stale
    python -m gradcalc.parser.generate --stdout # print what it would write

Why tables and not Lark at run time: ``import lark`` plus building (or unpickling) the
parser costs 50-60 ms per process, and a ``lark.tools.standalone`` module 60-70 ms
(its code and data must be compiled when no ``.pyc`` can be written); start-up is a
product requirement (SPEC.md §6). So Lark does the hard part here, once: it reads the
grammar, builds the LALR(1) table and orders the lexer's terminals. We keep exactly
that, as one JSON string in ``_tables.py``, and ``lexer.py`` + ``lalr.py`` (a hundred
lines) run it, with Lark's own semantics for filtering children (``?rule``,
``_rule``, ``[x]`` placeholders, dropped anonymous tokens).
"""

from __future__ import annotations

import hashlib
import json
import sys
from copy import copy
from pathlib import Path

HERE = Path(__file__).resolve().parent
GRAMMAR = HERE / "grammar.lark"
TABLES = HERE / "_tables.py"
START = ["file_input", "eval_input"]

# Terminals the runtime lexer treats itself, outside the big regex (see lexer.py).
SPECIAL_TERMINALS = {"MAGIC"}


def grammar_sha256(text: str | None = None) -> str:
    if text is None:
        text = GRAMMAR.read_text(encoding="utf-8")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def build_tables() -> dict:
    import lark
    from lark import Lark
    from lark.lexer import BasicLexer
    from lark.parsers.lalr_analysis import Shift

    text = GRAMMAR.read_text(encoding="utf-8")
    lk = _build_checked(text)

    # --- lexer: Lark's own order and keyword ("unless") handling, without MAGIC.
    conf = copy(lk.lexer_conf)
    specials = {t.name: t for t in conf.terminals if t.name in SPECIAL_TERMINALS}
    conf.terminals = [t for t in conf.terminals if t.name not in SPECIAL_TERMINALS]
    basic = BasicLexer(conf)
    scanner = basic.scanner
    terminals = [[t.name, t.pattern.to_regexp()] for t in scanner.terminals]
    keywords = {
        name: {t.pattern.value: t.name for t in cb.scanner.terminals}
        for name, cb in basic.callback.items()
    }
    newline_types = sorted(basic.newline_types)
    ignore = sorted(basic.ignore_types)

    # --- parser: the LALR table. Lark's numbering of states and rules follows set
    # and dict order inside Lark, which changes from run to run; renumber both
    # canonically (rules by origin and expansion, states breadth-first from the
    # start states over sorted symbols) so the same grammar gives the same file.
    table = lk.parser.parser.parser.parse_table
    all_rules = {arg for row in table.states.values() for action, arg in row.values()
                 if action is not Shift}
    ordered_rules = sorted(all_rules, key=lambda r: (r.origin.name, [sym.name for sym in r.expansion]))
    rule_ids = {rule: i for i, rule in enumerate(ordered_rules)}
    rules = [describe_rule(rule) for rule in ordered_rules]

    new_id: dict = {}
    queue = [table.start_states[start] for start in START]
    for old in queue:
        if old in new_id:
            continue
        new_id[old] = len(new_id)
        for sym, (action, arg) in sorted(table.states[old].items()):
            if action is Shift and arg not in new_id:
                queue.append(arg)
    assert len(new_id) == len(table.states)
    states: list = [None] * len(new_id)
    for old, new in new_id.items():
        states[new] = {
            sym: new_id[arg] if action is Shift else -1 - rule_ids[arg]
            for sym, (action, arg) in sorted(table.states[old].items())
        }

    terminal_texts = {t.name: t.pattern.value for t in lk.terminals if t.pattern.type == "str"}
    return {
        "grammar_sha256": grammar_sha256(text),
        "lark_version": lark.__version__,
        "terminals": terminals,
        "special_terminals": {n: t.pattern.to_regexp() for n, t in specials.items()},
        "terminal_texts": terminal_texts,
        "keywords": keywords,
        "newline_types": newline_types,
        "ignore": ignore,
        "rules": rules,
        "states": states,
        "start_states": {k: new_id[v] for k, v in table.start_states.items()},
        "end_states": {k: new_id[v] for k, v in table.end_states.items()},
    }


def _build_checked(text: str):
    """Build the Lark LALR parser, failing on any conflict: Lark resolves
    shift/reduce conflicts silently (as shift), which would hide grammar bugs."""
    import logging

    from lark import Lark, logger

    conflicts: list[str] = []

    class Catch(logging.Handler):
        def emit(self, record):
            message = record.getMessage()
            if "conflict" in message.lower():
                conflicts.append(message)

    handler = Catch()
    old_level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        Lark(text, parser="lalr", lexer="basic", start=START, maybe_placeholders=True, debug=True)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old_level)
    if conflicts:
        raise SystemExit("grammar.lark has LALR conflicts:\n" + "\n".join(conflicts))
    # Without debug=True Lark numbers the states (debug keeps them as item sets).
    return Lark(text, parser="lalr", lexer="basic", start=START, maybe_placeholders=True)


def describe_rule(rule) -> list:
    """[origin, size, include, trailing_nones, expand1, callback] for one rule.

    ``include`` lists, for each child that is kept, [index, splice, nones_before]:
    the same plan Lark's ``maybe_create_child_filter`` makes (parse_tree_builder.py).
    """
    expansion = rule.expansion
    opts = rule.options
    empty = opts.empty_indices
    if empty:
        bits = "".join(str(int(b)) for b in empty)
        nones_at = [len(ones) for ones in bits.split("0")]
    else:
        nones_at = [0] * (len(expansion) + 1)
    include = []
    pending = 0
    for i, sym in enumerate(expansion):
        pending += nones_at[i]
        if opts.keep_all_tokens or not (sym.is_term and sym.filter_out):
            splice = (not sym.is_term) and sym.name.startswith("_")
            include.append([i, int(splice), pending])
            pending = 0
    pending += nones_at[len(expansion)]
    callback = rule.alias or opts.template_source or rule.origin.name
    expand1 = bool(opts.expand1 and not rule.alias)
    return [rule.origin.name, len(expansion), include, pending, int(expand1), str(callback)]


def render(tables: dict) -> str:
    payload = json.dumps(tables, separators=(",", ":"), sort_keys=True)
    return (
        '"""LALR tables for grammar.lark. GENERATED by `python -m gradcalc.parser.generate`:'
        " do not edit.\"\"\"\n"
        f"GRAMMAR_SHA256 = {tables['grammar_sha256']!r}\n"
        f"LARK_VERSION = {tables['lark_version']!r}\n"
        f"TABLES_JSON = {payload!r}\n"
    )


def main(argv: list[str]) -> int:
    tables = build_tables()
    text = render(tables)
    if "--stdout" in argv:
        sys.stdout.write(text)
        return 0
    if "--check" in argv:
        current = TABLES.read_text(encoding="utf-8") if TABLES.exists() else ""
        if f"GRAMMAR_SHA256 = {tables['grammar_sha256']!r}" not in current:
            print("gradcalc/parser/_tables.py is stale: run python -m gradcalc.parser.generate")
            return 1
        return 0
    TABLES.write_text(text, encoding="utf-8")
    print(f"wrote {TABLES} ({len(text)} bytes, {len(tables['states'])} states)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
