"""What the modules promise besides printing what Python prints: laziness, sleep that stops,
messages for modules gradcalc does not have."""

import subprocess
import sys
import time

import pytest

from gradcalc.interpreter import Session, UserError


def test_modules_are_built_only_when_imported():
    code = ("import sys\nfrom gradcalc.interpreter import Session\ns = Session(out=lambda t: None)\n"
            "s.run('x = ones(2) + 1\\nprint(x)')\n"
            "print(any(m.startswith('gradcalc.interpreter.modules') for m in sys.modules))\n"
            "s.run('import numpy as np')\n"
            "print('numpy.random' in sys.modules, 'gradcalc.interpreter.modules.numpy_api' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "False\nFalse True\n"  # numpy.random too waits for np.random


def test_sleep_stops_at_the_time_limit():
    s = Session(timeout=0.5)
    start = time.monotonic()
    with pytest.raises(UserError) as e:
        s.run("import time\ntime.sleep(30)")
    assert e.value.kind == "TimeoutError"
    assert time.monotonic() - start < 10


def test_sleep_checks_its_argument_as_python():
    s = Session()
    with pytest.raises(UserError) as e:
        s.run("import time\ntime.sleep(-1)")
    assert e.value.kind == "ValueError" and "non-negative" in e.value.message


@pytest.mark.parametrize("source,kind,words", [
    ("import os", "ModuleNotFoundError", ["No module named 'os'", "sandbox", "%help modules"]),
    ("import matplotlib.pyplot as plt", "ModuleNotFoundError", ["No module named 'matplotlib.pyplot'"]),
    ("import torch.distributions as D", "ModuleNotFoundError", ["gradcalc does not have torch.distributions"]),
    ("from numpy import loadtxt", "ImportError", ["cannot import name 'loadtxt' from 'numpy'"]),
])
def test_missing_modules_say_why(source, kind, words):
    with pytest.raises(UserError) as e:
        Session().run(source)
    assert e.value.kind == kind
    for w in words:
        assert w in e.value.message


def test_import_forms():
    out = []
    s = Session(out=out.append)
    s.run("import numpy.linalg\nimport numpy.random as npr\nfrom math import sqrt, pi as PI\n"
          "from collections import *\nfrom __future__ import annotations\nimport torch.nn.functional as F\n"
          "print(numpy.linalg.det(numpy.eye(2)), npr.seed(0), sqrt(4), PI, deque([1]), F.relu(tensor(-1.0)))")
    assert "".join(out) == "1.0 None 2.0 3.141592653589793 deque([1]) tensor(0.)\n"
