"""Write catalogue2.json from real torch.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/catalogue2_generate.py

The cases of catalogue2_cases.py (their own inputs), recorded by ops_runner.py exactly as the
core op goldens are, each right after ``torch.manual_seed(0)``. Only this script imports torch.
"""

import json
import os
import sys

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from catalogue2_cases import INPUTS, build_cases  # noqa: E402
from ops_runner import run_case  # noqa: E402


def main():
    specs = {k: (v.tolist(), dt, rg) for k, (v, dt, rg) in INPUTS.items()}
    out = []
    for case in build_cases():
        torch.manual_seed(0)
        out.append(dict(case, record=run_case(torch, F, specs, case)))
    with open(os.path.join(HERE, "catalogue2.json"), "w") as f:
        json.dump({"torch_version": torch.__version__, "inputs": specs, "cases": out}, f, indent=None,
                  separators=(",", ":"))
        f.write("\n")
    errors = sum(1 for c in out if c["record"]["error"])
    print(f"{len(out)} cases written ({errors} error cases)")


if __name__ == "__main__":
    main()
