"""Write tensor_api.json from real torch.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/tensor_api_generate.py

Runs every case of tensor_api_cases.py under torch (tensor_api_runner.py says what is
recorded). torch is never a dependency of gradcalc: only this script imports it.
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

from tensor_api_cases import build_cases  # noqa: E402
from tensor_api_runner import run_case  # noqa: E402


def main():
    out = []
    for case in build_cases():
        torch.set_default_device("cpu")
        out.append(dict(case, record=run_case(torch, case["expr"])))
    with open(os.path.join(HERE, "tensor_api.json"), "w") as f:
        json.dump({"torch_version": torch.__version__, "cases": out}, f, indent=None, separators=(",", ":"))
        f.write("\n")
    errors = sum(1 for c in out if c["record"]["error"])
    print(f"{len(out)} cases written ({errors} error cases)")


if __name__ == "__main__":
    main()
