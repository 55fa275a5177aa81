"""Write tests/golden/kernels.json: values of torch kernels gradcalc reproduces bit for bit
(linspace's fused multiply-adds, pow's arithmetic exponents, the whole-tensor sum's order of
additions), as float hex strings.

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
SUM_SIZES = [1, 3, 7, 8, 9, 31, 64, 100, 257, 1000, 2000, 4097, 32768]


def sum_base(n, dtype):
    """n values every machine computes alike (integer arithmetic, then one correctly rounded
    multiplication), not exactly representable, so the order of additions shows."""
    k = np.arange(n, dtype=np.int64)
    return ((((k * 7919) % 2003) - 1001) * 0.0137).astype(dtype)


def _hex(a):
    return [float(v).hex() for v in np.asarray(a, np.float64).ravel()]


def main():
    out = {"torch_version": torch.__version__, "linspace": [], "pow": [], "sum": []}
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
        for n in SUM_SIZES:  # whole-tensor sum and mean, and mse_loss's mean, in torch's order of additions
            x = sum_base(n, dtype)
            t = torch.from_numpy(x)
            out["sum"].append({"dtype": dtype, "n": n, "sum": _hex(t.sum()), "mean": _hex(t.mean()),
                               "mse": _hex(torch.nn.functional.mse_loss(t, t * 0.5))})
    with open(os.path.join(HERE, "kernels.json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")
    print(f"{len(out['linspace'])} linspace, {len(out['pow'])} pow and {len(out['sum'])} sum cases written")


if __name__ == "__main__":
    main()
