"""Write the golden fixtures of nn_gaps_last_cases.py (nn_gaps_last.json) from real torch.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/nn_gaps_last_generate.py

Each case runs under torch (see nn_runner.py for what is recorded). torch is never a
dependency of gradcalc: only this script imports it.
"""

import json
import os
import sys
import warnings

# torch's AVX2 kernels, which the engine reproduces; on an AVX-512 CPU torch would take its 512-bit
# loops (other lane splits, float32 libm): docs/engine.md, 'The reference machine'
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402
import torch.nn as nn
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from nn_gaps_last_cases import CASES  # noqa: E402
from nn_runner import run_case  # noqa: E402


def main():
    warnings.simplefilter("ignore")
    torch.set_num_threads(1)
    out = []
    for case in CASES:
        torch.manual_seed(0)
        out.append(dict(case, record=run_case(torch, nn, F, case)))
    with open(os.path.join(HERE, "nn_gaps_last.json"), "w") as f:
        json.dump({"torch_version": torch.__version__, "cases": out}, f, indent=None, separators=(",", ":"))
        f.write("\n")
    print(f"{len(out)} cases written ({sum(1 for c in out if c['record']['error'])} error cases)")


if __name__ == "__main__":
    main()
