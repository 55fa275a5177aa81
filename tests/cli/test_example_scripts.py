"""The scripts in examples/scripts/ print, through the CLI, what PyTorch prints for them."""

import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = os.path.join(ROOT, "examples", "scripts")
NAMES = sorted(f[:-3] for f in os.listdir(SCRIPTS) if f.endswith(".py"))


@pytest.mark.parametrize("name", NAMES)
def test_script_prints_what_torch_prints(name):
    run = subprocess.run([sys.executable, "-m", "gradcalc", os.path.join(SCRIPTS, name + ".py")],
                         capture_output=True, text=True, timeout=120, env={**os.environ, "NO_COLOR": "1"})
    assert run.returncode == 0, run.stderr
    with open(os.path.join(SCRIPTS, name + ".expected"), encoding="utf-8") as f:
        expected = f.read()
    assert re.sub(r"0x[0-9a-f]+", "0xADDR", run.stdout).rstrip("\n") == expected.rstrip("\n")
