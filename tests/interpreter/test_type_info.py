"""torch.finfo / torch.iinfo: the same figures, reprs and errors as torch 2.13 (the expected
output in tests/golden/ is torch's, regenerated as that program's header says), and no way out
of the sandbox through the objects they return."""

from pathlib import Path

import pytest

from interp_testutil import Run
from test_sandbox_escapes import _check

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def test_the_program_prints_what_torch_printed():
    program = (GOLDEN / "type_info_program.py").read_text()
    expected = (GOLDEN / "type_info_program.expected").read_text()
    assert Run()(program) == expected


def test_a_finfo_is_read_only():
    r = Run()
    err = r.error("f = torch.finfo(torch.float32)\nf.eps = 1.0\n")
    assert err.kind == "AttributeError" and "eps" in err.message


ESCAPES = [
    ("torch.finfo().__class__", "AttributeError", "__class__"),
    ("torch.finfo().__slots__", "AttributeError", "__slots__"),
    ("torch.finfo().__init__", "AttributeError", "__init__"),
    ("torch.iinfo(torch.int8).__reduce__()", "AttributeError", "__reduce__"),
    ("torch.finfo.__subclasses__()", "AttributeError", "__subclasses__"),
    ("torch.finfo.__dict__", "AttributeError", "__dict__"),
    ("torch.finfo(print)", "TypeError", "must be torch.dtype"),
    ("torch.iinfo(None)", "TypeError", "must be torch.dtype"),
    ("type(torch.finfo()).__mro__", "AttributeError", "__mro__"),
]


@pytest.fixture
def session():
    r = Run()
    r("import torch\n")
    return r


@pytest.mark.parametrize("attempt,kind,word", ESCAPES, ids=[e[0] for e in ESCAPES])
def test_expression_escape_fails(session, attempt, kind, word):
    _check(session, f"leak = {attempt}", kind, word)


def test_what_the_language_reads(session):
    out = session("f = torch.finfo(torch.bfloat16)\ni = torch.iinfo(torch.uint8)\n"
                  "print(f.eps, f.max, f.dtype, i.max, i.min, i.bits, type(f), f == torch.finfo(torch.bfloat16))\n")
    assert out == "0.0078125 3.3895313892515355e+38 bfloat16 255 0 8 <class 'torch.finfo'> True\n"
