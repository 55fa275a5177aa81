"""Random numbers: gradcalc's torch-exact samplers against numpy's own generators.

    PYTHONPATH=. python bench/random_bench.py [--torch]

Times ``torch.randn(10**6)`` / ``torch.rand(10**6)`` (float32, torch's draws bit for
bit) and a few other sizes and samplers, next to numpy's ``standard_normal`` /
``random`` of the same size (numpy's PCG64, float64: the yardstick the issue sets,
goal within 3x). ``--torch`` adds real torch's times when it is importable.
Best of several runs, in milliseconds.
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
    tt = None
    if "--torch" in sys.argv:
        try:
            import torch as tt
            tt.set_num_threads(1)
        except ImportError:
            print("(torch is not importable here)")
    print(f"{'':30} {'gradcalc':>10} {'numpy':>10} {'ratio':>7}" + (f" {'torch':>10}" if tt else ""))
    for name, ours, theirs in rows:
        a, b = best(ours), best(theirs)
        line = f"{name:30} {a:10.3f} {b:10.3f} {a / b:7.2f}"
        if tt:
            t = best(lambda: eval("tt." + name.replace("1e6", str(N)).replace("empty", "empty"),
                                  {"tt": tt, "float32": tt.float32}) if "dtype" not in name else None)
            line += f" {t:10.3f}"
        print(line)


if __name__ == "__main__":
    main()
