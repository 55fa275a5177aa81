"""The blitz CIFAR-10 network (LeNet) training step, gradcalc against PyTorch eager. Measures; never a test.

    python bench/nn_bench.py [--torch PYTHON] [--steps N] [--batches 4,64]

Conv2d(3,6,5) → ReLU → MaxPool2d(2) → Conv2d(6,16,5) → ReLU → MaxPool2d(2) → Linear 400-120-84-10,
CrossEntropyLoss, and an SGD-with-momentum update written out (buf = 0.9 buf + grad; p -= lr buf)
under no_grad, so both libraries do identical work whether or not torch.optim exists here.
Each library runs in its own process with one thread (OMP/MKL/OpenBLAS = 1); the figure is
the median time of one step (ms) after warm-up. The torch side runs the same script under
the reference interpreter (default /work/torchref/bin/python). ``--cpu`` times each step with
the process's CPU clock instead of the wall clock.
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


def _one_thread_env():
    env = dict(os.environ)
    for k in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        env[k] = "1"
    env["PYTHONPATH"] = str(REPO)
    return env


CLOCK = time.perf_counter


def measure(lib, batches, steps):
    if lib == "torch":
        import torch
        torch.set_num_threads(1)
    else:
        import gradcalc.engine as torch
    nn, F = torch.nn, torch.nn.functional

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(3, 6, 5)
            self.pool = nn.MaxPool2d(2, 2)
            self.conv2 = nn.Conv2d(6, 16, 5)
            self.fc1 = nn.Linear(16 * 5 * 5, 120)
            self.fc2 = nn.Linear(120, 84)
            self.fc3 = nn.Linear(84, 10)

        def forward(self, x):
            x = self.pool(F.relu(self.conv1(x)))
            x = self.pool(F.relu(self.conv2(x)))
            x = torch.flatten(x, 1)
            x = F.relu(self.fc1(x))
            x = F.relu(self.fc2(x))
            return self.fc3(x)

    out = {}
    for batch in batches:
        torch.manual_seed(0)
        net = Net()
        criterion = nn.CrossEntropyLoss()
        params = list(net.parameters())
        bufs = [torch.zeros_like(p) for p in params]
        x = torch.randn(batch, 3, 32, 32)
        y = torch.randint(0, 10, (batch,))

        def step():
            net.zero_grad()
            loss = criterion(net(x), y)
            loss.backward()
            with torch.no_grad():
                for p, b in zip(params, bufs):
                    b.mul_(0.9).add_(p.grad)
                    p.sub_(b * 0.001)
            return loss

        for _ in range(5):
            step()
        times = []
        for _ in range(steps):
            t = CLOCK()
            step()
            times.append(CLOCK() - t)
        out[str(batch)] = {"median_ms": statistics.median(times) * 1e3, "min_ms": min(times) * 1e3}
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--torch", default="/work/torchref/bin/python")
    ap.add_argument("--steps", type=int, default=50)
    ap.add_argument("--batches", default="4,64")
    ap.add_argument("--cpu", action="store_true",
                    help="time with the process's CPU clock (one thread each: a loaded machine disturbs it "
                         "far less than the wall clock)")
    ap.add_argument("--lib", help=argparse.SUPPRESS)
    args = ap.parse_args()
    batches = [int(b) for b in args.batches.split(",")]
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time
    if args.lib:
        print(json.dumps(measure(args.lib, batches, args.steps)))
        return
    results = {}
    for lib, python in (("gradcalc", sys.executable), ("torch", args.torch)):
        if lib == "torch" and not Path(python).exists():
            continue
        proc = subprocess.run([python, __file__, "--lib", lib, "--steps", str(args.steps), "--batches", args.batches]
                              + (["--cpu"] if args.cpu else []),
                              capture_output=True, text=True, env=_one_thread_env(), check=True)
        results[lib] = json.loads(proc.stdout.strip().splitlines()[-1])
    print(f"LeNet training step (forward, CrossEntropyLoss, backward, SGD momentum), one thread, median of "
          f"{args.steps} steps{' (CPU time)' if args.cpu else ''}")
    print(f"{'batch':>6} {'gradcalc ms':>12} {'torch ms':>10} {'ratio':>7}")
    for b in batches:
        g = results["gradcalc"][str(b)]["median_ms"]
        t = results.get("torch", {}).get(str(b), {}).get("median_ms")
        print(f"{b:>6} {g:>12.2f} {t if t is None else f'{t:10.2f}':>10} {'' if t is None else f'{g / t:7.2f}'}")


if __name__ == "__main__":
    main()
