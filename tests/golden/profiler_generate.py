"""Writes profiler.json: torch 2.13's profiler tables (as layouts) and schedules for profiler_cases.

Run: PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/profiler_generate.py
"""

import json
import os
import sys

import torch

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
