"""Recurrent layers, gradcalc against PyTorch eager: forward+backward of LSTM/GRU over a
sequence. Measures; never a test.

    python bench/rnn_bench.py [--torch PYTHON] [--steps N] [--quick]

Issue 16's target: an ``LSTM(10, 20)`` over 50 time steps, forward and backward, within 2x
torch. Cases: LSTM(10, 20) batch 1 and 16 (float32: torch's oneDNN layer, gradcalc's
MkldnnRnnLayerBackward0), the same as float64 (both composed of ops), GRU(10, 20) batch 16.
Each library runs in its own process with one thread (OMP/MKL/OpenBLAS = 1); the figure is
the median (and min) time of one forward+backward after warm-up, and the two processes
alternate round by round so load on the shared cores falls on both alike.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CASES = (("LSTM", 1, "float32"), ("LSTM", 16, "float32"), ("LSTM", 16, "float64"), ("GRU", 16, "float32"))
SEQ = 50


def _one_thread_env():
    env = dict(os.environ)
    for k in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        env[k] = "1"
    env["PYTHONPATH"] = str(REPO)
    return env


def measure(lib, steps):
    if lib == "torch":
        import torch
        torch.set_num_threads(1)
    else:
        import gradcalc.engine as torch
    out = {}
    for kind, batch, dtype in CASES:
        torch.manual_seed(0)
        dt = getattr(torch, dtype)
        model = getattr(torch.nn, kind)(10, 20).to(dt)
        x = torch.randn(SEQ, batch, 10, dtype=dt)

        def step():
            model.zero_grad()
            o, _ = model(x)
            o.sum().backward()

        for _ in range(3):
            step()
        times = []
        for _ in range(steps):
            t = time.perf_counter()
            step()
            times.append(time.perf_counter() - t)
        out[f"{kind} batch {batch} {dtype}"] = {"median_ms": statistics.median(times) * 1e3,
                                                "min_ms": min(times) * 1e3}
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--torch", default="/work/torchref/bin/python")
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="few steps, one round (the smoke test)")
    ap.add_argument("--lib", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.quick:
        args.steps, args.rounds = 2, 1
    if args.lib:
        print(json.dumps(measure(args.lib, args.steps)))
        return
    libs = [("gradcalc", sys.executable)]
    if Path(args.torch).exists():
        libs.append(("torch", args.torch))
    runs = {lib: [] for lib, _ in libs}
    for _ in range(args.rounds):
        for lib, python in libs:
            proc = subprocess.run([python, __file__, "--lib", lib, "--steps", str(args.steps)],
                                  capture_output=True, text=True, env=_one_thread_env(), check=True)
            runs[lib].append(json.loads(proc.stdout.strip().splitlines()[-1]))
    print(f"{SEQ} time steps, input 10, hidden 20: forward + backward, one thread; median and min over "
          f"{args.rounds} rounds x {args.steps} steps; load {os.getloadavg()[0]:.1f}")
    print(f"{'case':<26} {'gradcalc ms':>12} {'torch ms':>10} {'ratio':>7} {'ratio (min)':>12}")
    for name in runs["gradcalc"][0]:
        g_med = statistics.median(r[name]["median_ms"] for r in runs["gradcalc"])
        g_min = min(r[name]["min_ms"] for r in runs["gradcalc"])
        if "torch" in runs:
            t_med = statistics.median(r[name]["median_ms"] for r in runs["torch"])
            t_min = min(r[name]["min_ms"] for r in runs["torch"])
            print(f"{name:<26} {g_med:>12.2f} {t_med:>10.2f} {g_med / t_med:>7.2f} {g_min / t_min:>12.2f}")
        else:
            print(f"{name:<26} {g_med:>12.2f} {'—':>10}")


if __name__ == "__main__":
    main()
