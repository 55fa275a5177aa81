"""Long input: string literals lex in memory proportional to their length, and input far
past the limits is refused where the limit is passed, not after parsing all of it."""

import json
import re
import subprocess
import sys

import pytest

from gradcalc.parser import ParseError, parse
from gradcalc.parser import parsing, tables
from gradcalc.parser._tables import TABLES_JSON

GRAMMAR = dict(json.loads(TABLES_JSON)["terminals"])

SAMPLES = ['"abc"', "'a\\'b'", '"a\\\nb"', '"""x"y""z"""', "'''a''b'''", 'b"x"', '"unterminated', '"""a""""',
           "'''\\''''", 'rb"\\\\"', '"a\nb"', "''", '""""""', "f'{x}'", '"\\""', "'''\n'\n''\n'''", 'u"é"',
           '"""never closed', "'a' 'b'", '"\\\\\\"', "'''a\\'''b'''"]


@pytest.mark.parametrize("terminal", ["STRING", "LONG_STRING"])
def test_the_linear_string_regex_is_in_use_and_matches_as_the_grammars(terminal):
    linear = tables._LINEAR[GRAMMAR[terminal]]
    assert f"(?P<{terminal}>{linear})" in tables.load().master.pattern
    for text in SAMPLES:
        a, b = re.match(GRAMMAR[terminal], text), re.match(linear, text)
        assert (a and a.group()) == (b and b.group()), text


def _peak_mb(code):
    code += "\nprint([l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    return int(out.stdout.split()[-1]) // 1024


@pytest.mark.parametrize("quote", ["'", "'" * 3])
def test_a_10_mb_string_literal_lexes_in_linear_memory(quote):
    make = ("from gradcalc.parser import parse\n"
            f"src = 's = ' + {quote!r} + 'a' * 10_000_000 + {quote!r} + chr(10)")
    base = _peak_mb(make)
    peak = _peak_mb(make + "\nparse(src)")
    assert peak - base < 120  # a few copies of the 10 MB text; the backtracking regex took 3.8 GB


def test_a_flat_sum_of_millions_of_terms_is_refused_where_it_passes_the_limit():
    src = "x = " + "+".join(["1"] * 1_000_000) + "\n"
    with pytest.raises(ParseError) as info:
        parse(src)
    assert "too deeply nested" in info.value.message
    assert info.value.column < 50_000  # not at the end of the 2,000,000 characters


def test_an_input_of_too_many_tokens_is_refused(monkeypatch):
    monkeypatch.setattr(parsing, "MAX_TOKENS", 50)
    parse("x = [" + ", ".join(["1"] * 20) + "]\n")
    with pytest.raises(ParseError) as info:
        parse("x = [" + ", ".join(["1"] * 100) + "]\n")
    assert info.value.message == "the input is too long: more than 50 tokens (the limit of one input)"
