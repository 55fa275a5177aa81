"""Write the golden forward-AD fixtures from real torch.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/func_fwad_generate.py

Runs every case of func_fwad_cases.py under torch's forward AD (func_fwad_runner.py says
what is recorded) and writes func_fwad.json: {torch_version, inputs, cases: [{id, area,
expr, inputs, record}]}. Only this script imports torch.
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

from func_fwad_cases import INPUTS, build_cases  # noqa: E402
from func_fwad_runner import run_case  # noqa: E402


def _compact(values):
    """Tangent values rounded to 9 significant digits (the replay compares with a tolerance)."""
    if isinstance(values, list):
        return [_compact(v) for v in values]
    if isinstance(values, float) and values == values and abs(values) != float("inf"):
        return float(f"{values:.9g}")
    return values


def main():
    specs = {k: (v.tolist(), dt, rg) for k, (v, dt, rg) in INPUTS.items()}
    out = []
    for case in build_cases():
        torch.manual_seed(0)
        rec = run_case(torch, F, specs, case)
        for o in rec.get("outputs") or ():
            o["tangent"] = _compact(o["tangent"])
        out.append(dict(case, record=rec))
    with open(os.path.join(HERE, "func_fwad.json"), "w") as f:
        json.dump({"torch_version": torch.__version__, "inputs": specs, "cases": out}, f, indent=None,
                  separators=(",", ":"))
        f.write("\n")
    errors = sum(1 for c in out if c["record"]["error"])
    print(f"{len(out)} cases written ({errors} error cases)")


if __name__ == "__main__":
    main()
