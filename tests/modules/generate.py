"""Write the expected output of every program in programs/ by running it under the oracle.

    python tests/modules/generate.py            # all programs
    python tests/modules/generate.py numpy_01   # those whose name starts so

The oracle is CPython with numpy (``python3``); a program that imports torch runs under
the reference PyTorch venv (``/work/torchref/bin/python``, or $TORCH_PYTHON). The output
goes to expected/<program>.out; test_programs.py runs each program in gradcalc and
compares. Programs seed every generator they use, so their output is fixed.
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.join(HERE, "programs")
EXPECTED = os.path.join(HERE, "expected")
CPYTHON = os.environ.get("CPYTHON", "python3")
TORCH_PYTHON = os.environ.get("TORCH_PYTHON", "/work/torchref/bin/python")

# gradcalc runs numpy without its AVX-512 loops (see gradcalc/__init__.py); importing it sets
# NPY_DISABLE_CPU_FEATURES in this process's environment, which the oracle inherits, so that
# numpy computes the same float64 exp/log in both.
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
import gradcalc  # noqa: E402,F401


def oracle_for(source):
    return TORCH_PYTHON if "import torch" in source else CPYTHON


def main(prefixes):
    os.makedirs(EXPECTED, exist_ok=True)
    for name in sorted(os.listdir(PROGRAMS)):
        if not name.endswith(".py") or (prefixes and not name.startswith(tuple(prefixes))):
            continue
        path = os.path.join(PROGRAMS, name)
        with open(path, encoding="utf-8") as f:
            source = f.read()
        p = subprocess.run([oracle_for(source), "-W", "ignore", path], cwd=PROGRAMS, capture_output=True,
                           text=True, timeout=300, env=dict(os.environ, PYTHONHASHSEED="0"))
        if p.returncode != 0:
            print(f"{name}: the oracle failed:\n{p.stderr}", file=sys.stderr)
            continue
        with open(os.path.join(EXPECTED, name[:-3] + ".out"), "w", encoding="utf-8") as f:
            f.write(p.stdout)
        print(f"{name}: {len(p.stdout.splitlines())} lines")


if __name__ == "__main__":
    main(sys.argv[1:])
