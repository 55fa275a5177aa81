"""Write the golden bfloat16 fixtures from real torch.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/bf16_generate.py

Runs every case of bf16_cases.py under torch (described by autograd_runner.py)
and writes bf16.json: {torch_version, cases: [{id, code, stdout, warnings,
error, result}]}. Only this script imports torch.
"""

import json
import os
import sys

# torch's AVX2 kernels, which the engine reproduces; on an AVX-512 CPU torch would take its 512-bit
# loops (other lane splits, float32 libm): docs/engine.md, 'The reference machine'
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from autograd_runner import run_case  # noqa: E402
from bf16_cases import build_cases  # noqa: E402


def main():
    fixtures = []
    for case in build_cases():
        record = run_case(torch, case["code"])
        fixtures.append({"id": case["id"], "code": case["code"], **record})
    with open(os.path.join(HERE, "bf16.json"), "w") as f:
        json.dump({"torch_version": torch.__version__, "cases": fixtures}, f, indent=1)
        f.write("\n")
    print("%d cases written" % len(fixtures))


if __name__ == "__main__":
    main()
