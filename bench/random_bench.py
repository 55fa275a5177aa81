"""Random numbers: gradcalc's torch-exact samplers against numpy's own generators.

    PYTHONPATH=. python bench/random_bench.py [--torch]

Times ``torch.randn(10**6)`` / ``torch.rand(10**6)`` (float32, torch's draws bit for
bit) and a few other sizes and samplers, next to numpy's ``standard_normal`` /
``random`` of the same size (numpy's PCG64, float64: the yardstick the issue sets,
goal within 3x). ``--torch`` adds real torch's times when it is importable.
Best of several runs, in milliseconds.

Measured on the dev machine (2 cores shared with other jobs, load average 8-9, so
absolute times are inflated; the ratios are what to read), Python 3.11, numpy 2.4:
    randn(1e6) float32     ~100-120 ms   numpy standard_normal ~40-45 ms   ratio 2.2-3.0
    rand(1e6) float32      ~17-19 ms     numpy random ~8-15 ms             ratio 1.2-2.2
    randn(1e6) float64     ~140-190 ms   ratio ~4 (glibc log/sin/cos per element)
    rand(1e6) float64      ~75-115 ms    ratio ~9: two 32-bit mt19937 words per double,
                           and numpy converts uint64 to double without SIMD
    torch 2.13 itself (same run, --torch): randn(1e6) ~17 ms, rand(1e6) ~13 ms
The float32 normal fill repeats avx_mathfun's float32 operations one by one in
numpy (some thirty passes over cache-sized chunks); the words come from numpy's own
MT19937 at about 10 ns each.
"""

import sys
import timeit

import numpy as np

import gradcalc.engine as engine

N = 10 ** 6


def best(fn, number=5, repeat=5):
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e3


def main():
    engine.manual_seed(0)
    rng = np.random.default_rng(0)
    rows = [
        ("randn(1e6) float32", lambda: engine.randn(N), lambda: rng.standard_normal(N)),
        ("rand(1e6) float32", lambda: engine.rand(N), lambda: rng.random(N)),
        ("randn(1e6) float64", lambda: engine.randn(N, dtype=engine.float64), lambda: rng.standard_normal(N)),
        ("rand(1e6) float64", lambda: engine.rand(N, dtype=engine.float64), lambda: rng.random(N)),
        ("randn(64, 1000)", lambda: engine.randn(64, 1000), lambda: rng.standard_normal((64, 1000))),
        ("randn(3)", lambda: engine.randn(3), lambda: rng.standard_normal(3)),
        ("randint(0, 10, (1e6,))", lambda: engine.randint(0, 10, (N,)), lambda: rng.integers(0, 10, N)),
        ("randperm(60000)", lambda: engine.randperm(60000), lambda: rng.permutation(60000)),
        ("empty(1e6).bernoulli_(0.5)", lambda: engine.empty(N).bernoulli_(0.5), lambda: rng.random(N) < 0.5),
    ]
    print(f"{'':30} {'gradcalc':>10} {'numpy':>10} {'ratio':>7}")
    for name, ours, theirs in rows:
        a, b = best(ours), best(theirs)
        print(f"{name:30} {a:10.3f} {b:10.3f} {a / b:7.2f}")
    if "--torch" in sys.argv:
        try:
            import torch
        except ImportError:
            print("(torch is not importable here)")
            return
        torch.set_num_threads(1)
        print(f"torch: randn(1e6) {best(lambda: torch.randn(N)):.3f}  rand(1e6) {best(lambda: torch.rand(N)):.3f}")


if __name__ == "__main__":
    main()
