"""Programs using the modules (math, random, time, copy, collections, itertools, functools,
operator, string, typing, numpy and the NumPy bridge) print in gradcalc exactly what they
print under CPython (with numpy; torch's venv for those importing torch).

The expected outputs come from generate.py (committed beside the programs).
"""

import os

import pytest

from gradcalc.interpreter import Session, UserError

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.join(HERE, "programs")
EXPECTED = os.path.join(HERE, "expected")
NAMES = sorted(n[:-3] for n in os.listdir(PROGRAMS) if n.endswith(".py"))


def run_program(name):
    out = []
    with open(os.path.join(PROGRAMS, name + ".py"), encoding="utf-8") as f:
        source = f.read()
    session = Session(out=out.append)
    try:
        session.run(source, filename=name + ".py")
    except UserError as e:
        out.append(e.render())
    return "".join(out)


@pytest.mark.parametrize("name", NAMES)
def test_program_prints_what_python_prints(name):
    with open(os.path.join(EXPECTED, name + ".out"), encoding="utf-8") as f:
        expected = f.read()
    assert run_program(name) == expected


def test_every_family_has_ten_programs():
    families = {}
    for name in NAMES:
        family = name.split("_")[0]
        families[family] = families.get(family, 0) + 1
    assert all(n >= 10 for fam, n in families.items() if fam != "bridge"), families
    assert families["numpy"] >= 20 and families["bridge"] >= 8
