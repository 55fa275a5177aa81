"""Write tests/golden/libm32.json: torch's float32 exp/log/tanh/log10/log2/log1p/expm1/sinh/
cosh/atanh/sin/cos on the inputs of libm32_cases.py, as raw little-endian bytes in hex (exact to the
bit), for the rounding in gradcalc/engine/ops/libm32.py.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/libm32_generate.py
"""

import json
import os
import sys

import numpy as np
# torch's AVX2 kernels, which the engine reproduces (docs/engine.md, 'The reference machine')
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from libm32_cases import FUNCS, LAYOUTS, base_values, view  # noqa: E402


def _bytes(a):
    return np.ascontiguousarray(a).astype("<f4").tobytes().hex()


def main():
    out = {"torch_version": torch.__version__, "cases": []}
    for name in FUNCS:
        for layout, _ in LAYOUTS:
            r = getattr(view(torch.from_numpy(base_values(name, layout)), layout), name)()
            out["cases"].append({"op": name, "layout": layout, "shape": list(r.shape), "bytes": _bytes(r.numpy())})
    with open(os.path.join(HERE, "libm32.json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")
    print(f"{len(out['cases'])} cases written")


if __name__ == "__main__":
    main()
