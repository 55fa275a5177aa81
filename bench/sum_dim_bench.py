"""sum/mean along a dim in torch's order of additions (ops/cascade_sum_dim.py) against numpy's
own sum, for tutorial sizes: medians of timeit repeats, in µs, and the ratio.

    .venv/bin/python bench/sum_dim_bench.py
"""

import statistics
import timeit

import gradcalc  # noqa: F401  (before numpy, as everywhere in gradcalc)
import numpy as np

from gradcalc.engine.ops.cascade_sum_dim import sum_along
from gradcalc.engine.ops.cascade_sum import sum_all

CASES = [((64, 10), 1), ((64, 10), 0), ((32, 784), 0), ((32, 784), 1), ((64, 784), 0), ((1000,), 0),
         ((128, 128), 0), ((16, 3, 8, 8), 1)]


def _median_us(fn, number=200, repeat=7):
    return statistics.median(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e6


def main():
    rng = np.random.default_rng(0)
    print(f"{'shape':>16} {'dim':>3} {'ordered µs':>11} {'numpy µs':>9} {'ratio':>6}")
    for shape, dim in CASES:
        x = rng.standard_normal(shape).astype(np.float32)
        ours = (lambda: sum_all(x)) if x.ndim == 1 else (lambda: sum_along(x, (dim,)))
        t_np = _median_us(lambda: x.sum(axis=dim))
        if ours() is None:  # over 32,768 elements: numpy's sum stands, nothing else to time
            print(f"{str(shape):>16} {dim:>3} {'—':>11} {t_np:9.1f} {'—':>6}  (numpy's sum stands)")
            continue
        t_ours = _median_us(ours)
        print(f"{str(shape):>16} {dim:>3} {t_ours:11.1f} {t_np:9.1f} {t_ours / t_np:6.1f}")


if __name__ == "__main__":
    main()
