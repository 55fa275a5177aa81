"""Split a magic's arguments into the expression and its ``--options`` (%graph, %explain).

The expression comes first and may contain spaces (``%graph x * y``); an option is
a known ``--name`` after whitespace, its value running to the next known option
(``%explain y --gradient [0.1, 1.0, 0.0001] --dry``).
"""

from __future__ import annotations

import re


class ArgsError(ValueError):
    """Arguments a magic cannot use; the message says what is wrong."""


def split_args(text: str, options: dict) -> tuple:
    """``(expression, {option: value})``; ``options`` maps each name to whether it takes a value."""
    names = "|".join(re.escape(name) for name in sorted(options, key=len, reverse=True))
    pattern = re.compile(r"(?:^|\s)--(" + names + r")(?=\s|=|$)")
    matches = list(pattern.finditer(text))
    expr = text[:matches[0].start()] if matches else text
    found = {}
    for i, m in enumerate(matches):
        name = m.group(1)
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        value = text[m.end():end].strip()
        if value.startswith("="):
            value = value[1:].strip()
        if name in found:
            raise ArgsError(f"--{name} given twice")
        if options[name]:
            if not value:
                raise ArgsError(f"--{name} needs a value")
            found[name] = value
        else:
            if value:
                raise ArgsError(f"--{name} takes no value (got {value!r})")
            found[name] = True
    stray = re.search(r"(?:^|\s)(--[A-Za-z][\w-]*)", expr)
    if stray:
        raise ArgsError(f"unknown option {stray.group(1)}")
    expr = expr.strip()
    if not expr:
        raise ArgsError("expected an expression")
    return expr, found


def unquote(text: str) -> str:
    """A file name as typed, with one pair of surrounding quotes removed."""
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text
