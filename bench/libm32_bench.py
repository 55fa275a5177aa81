"""The cost of torch's float32 rounding of pointwise functions (ops/libm32.py): numpy's float32
loop (the route before) against the float64 route (evaluation in float64 rounded once, or
cpu_kernel_vec's blocks for sinh/cosh/atanh), and the whole gradcalc op (sin and cos stay on
numpy's loop: their float64 route is here for the record), on 10^6 contiguous float32
elements: medians of timeit repeats, in ms, and the route's ratio to numpy's loop.

    .venv/bin/python bench/libm32_bench.py
"""

import statistics
import timeit

import gradcalc  # noqa: F401  (before numpy, as everywhere in gradcalc)
import gradcalc.engine as E
import numpy as np
from gradcalc.engine.ops.libm32 import vector_body, via_double

FUNCS = {"exp": (np.exp, -20, 20), "log": (np.log, 0.001, 100), "sin": (np.sin, -10, 10), "cos": (np.cos, -10, 10),
         "tanh": (np.tanh, -5, 5), "log10": (np.log10, 0.001, 100), "log2": (np.log2, 0.001, 100),
         "log1p": (np.log1p, -0.9, 10), "expm1": (np.expm1, -5, 5), "sinh": (np.sinh, -5, 5),
         "cosh": (np.cosh, -5, 5), "atanh": (np.arctanh, -0.99, 0.99)}


def _median_ms(fn, number=5, repeat=9):
    return statistics.median(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e3


def main():
    rng = np.random.default_rng(0)
    print(f"{'op':>6} {'numpy f32 ms':>12} {'f64 route ms':>12} {'ratio':>6} {'op ms':>7}")
    for name, (fn, lo, hi) in FUNCS.items():
        x = rng.uniform(lo, hi, 10 ** 6).astype(np.float32)
        t = E.from_numpy(x)
        t_np = _median_ms(lambda: fn(x))
        route = (vector_body if name in ("sinh", "cosh", "atanh") else via_double)(fn)
        t_fw = _median_ms(lambda: route(x))
        t_op = _median_ms(lambda: getattr(t, name)())
        print(f"{name:>6} {t_np:12.2f} {t_fw:12.2f} {t_fw / t_np:6.2f} {t_op:7.2f}")


if __name__ == "__main__":
    main()
