"""Write tests/golden/kernels.json: values of torch kernels gradcalc reproduces bit for bit
(linspace's fused multiply-adds, pow's arithmetic exponents), as float hex strings.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/kernels_generate.py
"""

import json
import math
import os

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
LINSPACE = [(-math.pi, math.pi, 2000), (0.1, 0.7, 1001), (-10, 10, 4099), (3, -2.5, 33), (-1, 1, 17), (0.3, 0.9, 7),
            (0, 1, 2), (1.5, 1.5, 7)]
POW_EXPONENTS = [2, 3, -2, -0.5, -1, 0, 1]


def _hex(a):
    return [float(v).hex() for v in np.asarray(a, np.float64).ravel()]


def main():
    out = {"torch_version": torch.__version__, "linspace": [], "pow": []}
    for dtype in ("float32", "float64"):
        for a, b, n in LINSPACE:
            out["linspace"].append({"args": [a, b, n], "dtype": dtype,
                                    "values": _hex(torch.linspace(a, b, n, dtype=getattr(torch, dtype)))})
        rng = np.random.default_rng(7)
        x = (rng.standard_normal(257) * 3).astype(dtype)
        x[:4] = [0.0, -0.0, np.inf, -np.inf]
        for e in POW_EXPONENTS:
            y = torch.from_numpy(x) ** e
            out["pow"].append({"dtype": dtype, "exponent": e, "base": _hex(x), "values": _hex(y)})
    with open(os.path.join(HERE, "kernels.json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")
    print(f"{len(out['linspace'])} linspace and {len(out['pow'])} pow cases written")


if __name__ == "__main__":
    main()
