"""Write the golden op fixtures from real torch.

    /tmp/torchref/bin/python tests/golden/ops_generate.py

Runs every case of ops_cases.py under torch (see ops_runner.py for what is
recorded) and writes ops.json: {torch_version, inputs, cases: [{id, area, expr,
inputs, second, record}]}. torch is never a dependency of gradcalc: only this
script imports it.
"""

import json
import os
import sys

# torch's AVX2 kernels, which the engine reproduces; on an AVX-512 CPU torch would take its 512-bit
# loops (other lane splits, float32 libm): docs/engine.md, 'The reference machine'
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from ops_cases import INPUTS, build_cases  # noqa: E402
from ops_runner import run_case  # noqa: E402


def main():
    torch.manual_seed(0)
    specs = {k: (v.tolist(), dt, rg) for k, (v, dt, rg) in INPUTS.items()}
    cases = build_cases()
    out = []
    for case in cases:
        torch.manual_seed(0)
        rec = run_case(torch, F, specs, case)
        out.append(dict(case, record=rec))
    with open(os.path.join(HERE, "ops.json"), "w") as f:
        json.dump({"torch_version": torch.__version__, "inputs": specs, "cases": out}, f, indent=None,
                  separators=(",", ":"))
        f.write("\n")
    errors = sum(1 for c in out if c["record"]["error"])
    print(f"{len(out)} cases written ({errors} error cases)")


if __name__ == "__main__":
    main()
