"""Writes profiler.json: torch 2.13's profiler tables (as layouts) and schedules for profiler_cases.

Run: PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/profiler_generate.py
"""

import json
import os
import sys

# torch's AVX2 kernels, which the engine reproduces; on an AVX-512 CPU torch would take its 512-bit
# loops (other lane splits, float32 libm): docs/engine.md, 'The reference machine'
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))
from profiler_cases import PROGRAMS, normal, run  # noqa: E402


def main():
    torch.manual_seed(0)
    golden = {}
    for name, source in PROGRAMS.items():
        golden[name] = normal(run(torch, source))
    path = os.path.join(os.path.dirname(__file__), "profiler.json")
    with open(path, "w") as f:
        json.dump(golden, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
