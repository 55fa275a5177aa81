"""One optimizer step over the blitz CIFAR-10 network's parameters: gradcalc vs torch (SPEC §6).

    PYTHONPATH=$PWD /work/torchref/bin/python bench/optim_bench.py [--rounds N]
    python bench/optim_bench.py            # gradcalc alone, when torch is not installed

The parameters are LeNet's (conv 6x3x5x5, conv 16x6x5x5, fc 400-120-84-10 with biases,
62,006 float32 numbers) with fixed gradients. The same function drives both
libraries (the engine is a drop-in for torch's names). torch runs on one thread, with
its single-tensor step (``foreach=False``, what it uses on the CPU by default) and,
for reference, with ``foreach=True``. Target (issue 17): gradcalc's step no slower
than torch's single-tensor step. Columns are interleaved round by round, so load from
other processes falls on all alike; the figure is the median of the rounds (the
minimum in brackets). ``--cpu`` times with the process's CPU clock (torch runs one thread),
which a busy machine disturbs far less than the wall clock.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SHAPES = [(6, 3, 5, 5), (6,), (16, 6, 5, 5), (16,), (120, 400), (120,), (84, 120), (84,), (10, 84), (10,)]
ALGORITHMS = [
    ("SGD", {"lr": 0.001, "momentum": 0.9}),
    ("Adam", {"lr": 0.001}),
    ("AdamW", {"lr": 0.001}),
    ("RMSprop", {"lr": 0.001}),
    ("Adagrad", {"lr": 0.01}),
]


def setup(lib, name, options):
    rng = np.random.default_rng(0)
    params = [lib.tensor(rng.standard_normal(s).astype(np.float32), requires_grad=True) for s in SHAPES]
    for p in params:
        p.grad = lib.tensor(rng.standard_normal(p.shape).astype(np.float32))
    opt = getattr(lib.optim, name)(params, **options)
    opt.step()  # state made: the timed steps are steady-state steps
    return opt


CLOCK = time.perf_counter


def time_steps(opt, n):
    t0 = CLOCK()
    for _ in range(n):
        opt.step()
    return (CLOCK() - t0) / n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--steps", type=int, default=20, help="steps per round")
    ap.add_argument("--cpu", action="store_true",
                    help="time with the process's CPU clock instead of the wall clock (a loaded machine "
                         "deschedules both columns at random; CPU time is much steadier)")
    args = ap.parse_args()
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time
    import gradcalc.engine as gc_torch
    columns = [("gradcalc", gc_torch, {})]
    try:
        import torch
        torch.set_num_threads(1)
        columns += [("torch single", torch, {"foreach": False}), ("torch foreach", torch, {"foreach": True})]
    except ImportError:
        print("torch not installed: gradcalc alone")
    print(f"one step over LeNet's {sum(int(np.prod(s)) for s in SHAPES):,} float32 parameters "
          f"({len(SHAPES)} tensors), us per step: median [min] of {args.rounds} rounds x {args.steps} steps")
    header = f"{'':10s}" + "".join(f"{c[0]:>22s}" for c in columns)
    if len(columns) > 1:
        header += f"{'gradcalc/single':>18s}"
    print(header)
    for name, options in ALGORITHMS:
        opts = [setup(lib, name, dict(options, **extra)) for _, lib, extra in columns]
        times = [[] for _ in columns]
        for _ in range(args.rounds):
            for i, opt in enumerate(opts):
                times[i].append(time_steps(opt, args.steps) * 1e6)
        meds = [statistics.median(t) for t in times]
        line = f"{name:10s}" + "".join(f"{m:12.0f} [{min(t):6.0f}]" for m, t in zip(meds, times))
        if len(columns) > 1:
            line += f"{meds[0] / meds[1]:17.2f}x"
        print(line)


if __name__ == "__main__":
    main()
