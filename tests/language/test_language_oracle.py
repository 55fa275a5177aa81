"""CPython is the oracle: each program of programs/ prints under gradcalc exactly what it printed
under python3 (expected/, written by generate.py), and fails, if it fails, with the same last line."""

from __future__ import annotations

import pathlib
import re

import pytest

from gradcalc.interpreter import Session, UserError

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = sorted((HERE / "programs").glob("*.py"))


def run_gradcalc(path: pathlib.Path) -> str:
    out: list[str] = []
    session = Session(out=out.append)
    try:
        session.run(path.read_text(encoding="utf-8"), filename=path.name)
    except UserError as err:
        out.append("!! " + err.last_line() + "\n")
    return "".join(out)


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program_prints_what_cpython_prints(path):
    expected = (HERE / "expected" / (path.stem + ".out")).read_text(encoding="utf-8")
    # near-miss suggestions differ where gradcalc has names Python has not (torch's, bare)
    assert _SUGGESTION.sub("", run_gradcalc(path)) == _SUGGESTION.sub("", expected)


_SUGGESTION = re.compile(r"\. Did you mean: '[^']*'\?$", re.M)


def test_there_are_at_least_150_programs():
    assert len(PROGRAMS) >= 150


def test_every_program_has_its_expected_output():
    assert {p.stem for p in PROGRAMS} == {p.stem for p in (HERE / "expected").glob("*.out")}
