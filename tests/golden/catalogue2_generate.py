"""Write catalogue2.json from real torch.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/catalogue2_generate.py

The cases of catalogue2_cases.py (their own inputs), recorded by ops_runner.py exactly as the
core op goldens are, each right after ``torch.manual_seed(0)``. Only this script imports torch.
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
    write_ldl_sweep()


def write_ldl_sweep():
    """catalogue2_ldl.json: LAPACK's sytrf/sytrs through torch on 120 symmetric matrices (sizes 2 to 12,
    general, near-zero diagonal, zero diagonal: 1x1 and 2x2 pivots), float64 and float32, with a
    right-hand side each; the replayer wants LD and pivots bit for bit."""
    import numpy as np
    rng = np.random.default_rng(20261203)
    cases = []
    for i in range(120):
        n = 2 + i % 11
        s = np.round(rng.normal(size=(n, n)), 6)
        a = s + s.T
        if i % 3 == 1:
            np.fill_diagonal(a, np.round(rng.normal(size=n) * 0.01, 6))
        elif i % 3 == 2:
            np.fill_diagonal(a, 0.0)
        dtype = torch.float32 if i % 4 == 3 else torch.float64
        A = torch.tensor(a, dtype=dtype)
        b = torch.tensor(np.round(rng.normal(size=(n, 2)), 6), dtype=dtype)
        LD, piv, info = torch.linalg.ldl_factor_ex(A)
        X = torch.linalg.ldl_solve(LD, piv, b) if not info.item() else None
        cases.append({"A": a.tolist(), "b": b.tolist(), "dtype": str(dtype), "LD": LD.tolist(), "pivots": piv.tolist(),
                      "info": info.item(), "X": None if X is None else X.tolist()})
    with open(os.path.join(HERE, "catalogue2_ldl.json"), "w") as f:
        json.dump({"torch_version": torch.__version__, "cases": cases}, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
