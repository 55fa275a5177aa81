"""Write random.json: what real torch draws for the cases of random_cases.py (values,
hashes of the bytes, generator states).

Run with real torch (never a dependency):
    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/random_generate.py
"""

import json
import os
import sys

# torch's AVX2 kernels, which the engine reproduces; on an AVX-512 CPU torch would take its 512-bit
# loops (other lane splits, float32 libm): docs/engine.md, 'The reference machine'
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))

from random_cases import cases  # noqa: E402
from random_runner import run_case  # noqa: E402


def main():
    torch.set_num_threads(1)
    fixture = {"torch": torch.__version__,
               "cpu_capability": torch.backends.cpu.get_cpu_capability(),
               "cases": {name: run_case(torch, snippets) for name, snippets in cases()}}
    path = os.path.join(os.path.dirname(__file__), "random.json")
    with open(path, "w") as f:
        json.dump(fixture, f, separators=(",", ":"))
    print(f"wrote {len(fixture['cases'])} cases to {path} ({os.path.getsize(path):,} bytes)")


if __name__ == "__main__":
    main()
