"""Counts float32 elements where a pointwise function differs from torch's, by route: numpy's
float32 loop, the float64 evaluation rounded once (ops/libm32.py's ``via_double``), and what
gradcalc computes now. Sizes around torch's 8-float vector, contiguous and strided inputs.

    ATEN_CPU_CAPABILITY=avx2 PYTHONPATH=$PWD /work/torchref/bin/python bench/libm32_mismatch.py [names...]
"""
import os
import sys

os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")  # torch's AVX2 kernels, as the engine reproduces
import gradcalc  # noqa: F401,E402  (before numpy: numpy's float64 libm is glibc's, as the engine expects)
import gradcalc.engine as E  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402

SIZES = (1, 7, 8, 100, 10000)
# name: (numpy function, typical range, widest magnitude): half the values uniform in the range,
# half of log-uniform magnitude 1e-8..widest (both signs where the domain allows)
FUNCS = {"exp": (np.exp, (-20, 20), 88), "log": (np.log, (0.001, 100), 1e30), "sin": (np.sin, (-10, 10), 1e4),
         "cos": (np.cos, (-10, 10), 1e4), "tanh": (np.tanh, (-5, 5), 20), "log10": (np.log10, (0.001, 100), 1e30),
         "log2": (np.log2, (0.001, 100), 1e30), "log1p": (np.log1p, (-0.9, 10), 1e30),
         "expm1": (np.expm1, (-5, 5), 88), "sinh": (np.sinh, (-5, 5), 88), "cosh": (np.cosh, (-5, 5), 88),
         "atanh": (np.arctanh, (-0.99, 0.99), 0.999), "asin": (np.arcsin, (-1, 1), 1), "acos": (np.arccos, (-1, 1), 1),
         "atan": (np.arctan, (-10, 10), 1e10), "asinh": (np.arcsinh, (-10, 10), 1e10),
         "acosh": (np.arccosh, (1, 10), 1e10), "tan": (np.tan, (-1.5, 1.5), 1e4), "exp2": (np.exp2, (-20, 20), 127),
         "sqrt": (np.sqrt, (0, 100), 1e30)}
POSITIVE = {"log", "log10", "log2", "sqrt", "acosh"}


def sample(rng, name, n):
    _, (lo, hi), wide = FUNCS[name]
    x = rng.uniform(lo, hi, n)
    mag = 10.0 ** rng.uniform(-8, np.log10(wide), n)
    if name == "log1p":
        mag = np.where(rng.random(n) < 0.5, mag, -np.minimum(mag, 0.999))
    elif name == "acosh":
        mag = 1 + mag
    elif name not in POSITIVE:
        mag = mag * rng.choice([-1.0, 1.0], n)
    x[1::2] = mag[1::2]
    return x.astype(np.float32)


def bad(want, got):
    return int((want.view(np.int32) != got.view(np.int32)).sum())


def main(names, seeds=range(5)):
    print(f"{'':8s} {'layout':10s} " + " ".join(f"{n:>16d}" for n in SIZES) + "   (numpy f32 / f64 rounded / gradcalc)")
    for name in names:
        fn = FUNCS[name][0]
        for layout in ("contiguous", "strided"):
            cells = []
            for n in SIZES:
                counts = np.zeros(3, int)
                for seed in seeds:
                    base = sample(np.random.default_rng([seed, n]), name, 2 * n)
                    x = base[::2] if layout == "strided" else base[:n]
                    with np.errstate(all="ignore"):
                        want = getattr(torch, name)(torch.from_numpy(base)[::2] if layout == "strided"
                                                    else torch.from_numpy(base[:n])).numpy()
                        f32 = fn(x)
                        f64 = fn(x.astype(np.float64)).astype(np.float32)
                        ours = getattr(E.from_numpy(base)[::2] if layout == "strided" else E.from_numpy(base[:n]),
                                       name)().numpy()
                    counts += (bad(want, f32), bad(want, f64), bad(want, ours))
                cells.append("/".join(map(str, counts)))
            print(f"{name:8s} {layout:10s} " + " ".join(f"{c:>16s}" for c in cells))


if __name__ == "__main__":
    main(sys.argv[1:] or list(FUNCS))
