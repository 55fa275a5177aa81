"""Write the golden printing fixtures from real torch.

    /tmp/torchref/bin/python tests/golden/generate.py

Runs every case of cases.py under torch and writes
* printing.json: [{id, code, expected}, ...] (+ for array cases: opts and the
  printed tensor's dtype, requires_grad and grad_fn name);
* printing_arrays.npz: the printed tensor's values for each array case (key = id),
  so the formatter can be checked on plain ndarrays.
torch is never a dependency of gradcalc: only this script imports it.
"""

import json
import os
import sys

import numpy as np
# torch's AVX2 kernels, which the engine reproduces; on an AVX-512 CPU torch would take its 512-bit
# loops (other lane splits, float32 libm): docs/engine.md, 'The reference machine'
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from cases import build_cases  # noqa: E402
from golden_runner import run_snippet  # noqa: E402


def main():
    cases = build_cases()
    fixtures, arrays = [], {}
    for case in cases:
        expected, namespace = run_snippet(torch, case["code"])
        entry = {"id": case["id"], "code": case["code"], "expected": expected}
        if "opts" in case:
            t = namespace["t"]
            grad_fn = t.grad_fn
            entry.update(
                opts=case["opts"],
                dtype=str(t.dtype).replace("torch.", ""),
                requires_grad=t.requires_grad,
                grad_fn=None if grad_fn is None else grad_fn.name(),
            )
            arrays[case["id"]] = t.detach().numpy().copy()
        fixtures.append(entry)
    with open(os.path.join(HERE, "printing.json"), "w") as f:
        json.dump({"torch_version": torch.__version__, "cases": fixtures}, f, indent=1)
        f.write("\n")
    np.savez_compressed(os.path.join(HERE, "printing_arrays.npz"), **arrays)
    print("%d cases (%d array cases) written" % (len(fixtures), len(arrays)))


if __name__ == "__main__":
    main()
