"""Write tests/golden/kernels.json: values of torch kernels gradcalc reproduces bit for bit
(linspace's fused multiply-adds, pow's arithmetic exponents, the whole-tensor sum's order of
additions, batch norm's statistics, output and gradients), as float hex strings.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/kernels_generate.py
"""

import json
import math
import os

import numpy as np
# torch's AVX2 kernels, which the engine reproduces; on an AVX-512 CPU torch would take its 512-bit
# loops (other lane splits, float32 libm): docs/engine.md, 'The reference machine'
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
LINSPACE = [(-math.pi, math.pi, 2000), (0.1, 0.7, 1001), (-10, 10, 4099), (3, -2.5, 33), (-1, 1, 17), (0.3, 0.9, 7),
            (0, 1, 2), (1.5, 1.5, 7)]
POW_EXPONENTS = [2, 3, -2, -0.5, -1, 0, 1]
SUM_SIZES = [1, 3, 7, 8, 9, 31, 64, 100, 257, 1000, 2000, 4097, 32768]
# (N, C, spatial...) inputs: spatial lengths below, at and past the 8-float vector with ragged
# tails; (N, C) inputs split over torch's threads, channels below and past one vector
BATCH_NORM_SHAPES = [(1, 4, 4), (3, 5, 7), (2, 3, 16), (2, 2, 25), (3, 2, 40), (2, 3, 4, 5), (4, 3, 3, 3),
                     (2, 2, 2, 3, 2), (5, 4), (2, 7), (9, 3), (16, 10), (33, 4), (64, 6), (8, 64)]


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
    out["batch_norm_threads"] = torch.get_num_threads()
    out["batch_norm"] = batch_norm_cases()
    with open(os.path.join(HERE, "kernels.json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")
    print(f"{len(out['linspace'])} linspace, {len(out['pow'])} pow, {len(out['sum'])} sum and "
          f"{len(out['batch_norm'])} batch norm cases written")


def batch_norm_cases():
    """Training and evaluation forward, running statistics and gradients of F.batch_norm."""
    cases = []
    rng = np.random.default_rng(11)
    for dtype in ("float32", "float64"):
        for index, shape in enumerate(BATCH_NORM_SHAPES):
            c = shape[1]
            x = (rng.random(shape) * (20 if index % 2 else 1) + rng.standard_normal()).astype(dtype)
            w = rng.standard_normal(c).astype(dtype)
            b = rng.standard_normal(c).astype(dtype)
            rm0 = rng.standard_normal(c).astype(dtype)
            rv0 = (rng.random(c) + 0.5).astype(dtype)
            dy = rng.standard_normal(shape).astype(dtype)
            affine = index % 3 != 2
            momentum = 0.1 if index % 2 == 0 else 0.3
            case = {"dtype": dtype, "shape": list(shape), "affine": affine, "momentum": momentum,
                    "x": _hex(x), "w": _hex(w), "b": _hex(b), "rm": _hex(rm0), "rv": _hex(rv0), "dy": _hex(dy)}
            for training in (True, False):
                xt = torch.from_numpy(x).requires_grad_()
                wt = torch.from_numpy(w).requires_grad_() if affine else None
                bt = torch.from_numpy(b).requires_grad_() if affine else None
                rm, rv = torch.from_numpy(rm0.copy()), torch.from_numpy(rv0.copy())
                y = torch.nn.functional.batch_norm(xt, rm, rv, wt, bt, training, momentum, 1e-5)
                y.backward(torch.from_numpy(dy))
                key = "train" if training else "eval"
                case[key] = {"y": _hex(y.detach()), "rm": _hex(rm), "rv": _hex(rv), "gx": _hex(xt.grad),
                             "gw": _hex(wt.grad) if affine else None, "gb": _hex(bt.grad) if affine else None}
            cases.append(case)
    return cases


if __name__ == "__main__":
    main()
