"""Tutorial-style programs end to end, start-up included: gradcalc against python with torch
(issue 20: each <= 0.5x torch's time).

    python bench/tutorial_bench.py [--rounds N] [--only poly_autograd,classifier]
    python bench/tutorial_bench.py --quick     # each script once through gradcalc (no torch)
    python bench/tutorial_bench.py --cpu       # CPU time (user + system) of each process, not wall

The scripts are in ``bench/tutorials/``; each is a plain PyTorch program (``import torch``)
that gradcalc runs as a file (``python -m gradcalc SCRIPT``) and torch's venv runs as
``python SCRIPT``:

- ``poly_tensors``: "Learning PyTorch with Examples", Tensors: a cubic fitted to sin(x) with
  hand-written gradients, 2000 steps on 2000 points;
- ``poly_autograd``: the same with ``loss.backward()`` and the update under ``no_grad``;
- ``poly_nn_optim``: ``nn.Sequential(nn.Linear(3, 1), nn.Flatten(0, 1))``, ``MSELoss``,
  ``RMSprop``, 2000 steps;
- ``classifier``: a ``Module`` subclass (2-32-32-3, ReLU), ``DataLoader`` over a
  ``TensorDataset`` (600 points, batches of 16, shuffled), ``CrossEntropyLoss``, SGD with
  momentum, 10 epochs.

Wall time of the whole process (what a learner waits for), each side in a fresh process,
one thread each (OMP/MKL/OpenBLAS = 1: the machine's two cores are shared, and torch's
pool spinning on a busy machine made its times vary 5x). gradcalc runs from compiled
bytecode as an installed copy has it (a private ``PYTHONPYCACHEPREFIX``, filled by a
warm-up run; this machine sets ``PYTHONDONTWRITEBYTECODE``). Rounds are interleaved
(one run of each script on each side per round); the table gives the median and the
minimum, and the ratios of each. The outputs are compared as conformance/check.py does
(equal, or every number within rtol 1e-2 or atol 1e-3: float32 sums drift with summation order).
"""

import argparse
import os
import re
import statistics
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = REPO / "bench" / "tutorials"
TORCH_PYTHON = "/work/torchref/bin/python"
NAMES = ("poly_tensors", "poly_autograd", "poly_nn_optim", "classifier")
TARGET = 0.5
NUM = re.compile(r"-?(?:\d+\.?\d*(?:e[-+]?\d+)?|\.\d+(?:e[-+]?\d+)?|inf|nan)")


def _env(pycache=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        env[var] = "1"
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
    return env


def _children_cpu():
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _run(cmd, env, cpu=False):
    """(seconds, stdout): wall time, or with ``cpu`` the child's CPU time (user + system), which a
    loaded machine disturbs far less."""
    t0 = _children_cpu() if cpu else time.perf_counter()
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    dt = (_children_cpu() if cpu else time.perf_counter()) - t0
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))} failed:\n{r.stderr[-2000:]}")
    return dt, r.stdout


def agree(got, want, rtol=1e-2, atol=1e-3):
    """Equal text once numbers are masked, and every number within rtol of torch's (or atol:
    RMSprop divides each gradient by its own running size, so a coefficient that should be 0
    ends as lr-sized noise whose sign depends on the last bits of float32 sums, ~5e-4 here and
    1e-8 in torch)."""
    if NUM.sub("#", got) != NUM.sub("#", want):
        return False
    for g, w in zip(NUM.findall(got), NUM.findall(want)):
        if g != w and abs(float(g) - float(w)) > atol + rtol * abs(float(w)):
            return False
    return True


def _loadavg():
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def measure(names=NAMES, rounds=5, torch_python=TORCH_PYTHON, log=print, warmup=True, cpu=False):
    """{name: {"gradcalc": [s...], "torch": [s...] or None, "agree": bool or None}}

    (without ``warmup`` the first round compiles gradcalc's bytecode: the smoke test's setting)."""
    with tempfile.TemporaryDirectory(prefix="gradcalc-tutorial-pyc-") as pycache:
        gc_env, torch_env = _env(pycache), _env()
        use_torch = bool(torch_python) and Path(torch_python).exists()
        results = {n: {"gradcalc": [], "torch": [] if use_torch else None, "agree": None} for n in names}
        outputs = {}
        for n in (names if warmup else ()):  # warm-up: bytecode cache, OS file cache; outputs compared
            script = str(SCRIPTS / f"{n}.py")
            _, out = _run([sys.executable, "-m", "gradcalc", script], gc_env)
            if use_torch:
                _, ref = _run([torch_python, script], torch_env)
                results[n]["agree"] = agree(out, ref)
            outputs[n] = out
        for r in range(rounds):
            for n in names:
                script = str(SCRIPTS / f"{n}.py")
                results[n]["gradcalc"].append(_run([sys.executable, "-m", "gradcalc", script], gc_env, cpu)[0])
                if use_torch:
                    results[n]["torch"].append(_run([torch_python, script], torch_env, cpu)[0])
            if log:
                log(f"  round {r + 1}/{rounds} done (load {_loadavg()})")
    return results


def table(results):
    lines = [f"{'script':16s} {'gradcalc s':>18s} {'torch s':>18s} {'ratio med':>10s} {'ratio min':>10s}"
             f"  {'target':>7s}  output"]
    for n, r in results.items():
        g = r["gradcalc"]
        gm, gn = statistics.median(g), min(g)
        if r["torch"]:
            t = r["torch"]
            tm, tn = statistics.median(t), min(t)
            ok = gm / tm <= TARGET and gn / tn <= TARGET
            lines.append(f"{n:16s} {gm:9.3f} [{gn:6.3f}] {tm:9.3f} [{tn:6.3f}] {gm / tm:9.2f}x {gn / tn:9.2f}x"
                         f"  {'PASS' if ok else 'FAIL':>7s}  {'agrees' if r['agree'] else 'DIFFERS'}")
        else:
            lines.append(f"{n:16s} {gm:9.3f} [{gn:6.3f}] {'—':>18s}")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--only", help="comma-separated script names")
    ap.add_argument("--torch-python", default=TORCH_PYTHON, help="a python with torch ('' for none)")
    ap.add_argument("--quick", action="store_true", help="one round, gradcalc only")
    ap.add_argument("--cpu", action="store_true",
                    help="time each process's CPU (user + system) instead of the wall clock")
    a = ap.parse_args(argv)
    names = tuple(a.only.split(",")) if a.only else NAMES
    if a.quick:
        a.rounds, a.torch_python = 1, ""
    print(f"load average {_loadavg()}; {'CPU ' if a.cpu else ''}seconds per script, median [min] of {a.rounds} "
          f"interleaved rounds, one thread each")
    results = measure(names, a.rounds, a.torch_python, warmup=not a.quick, cpu=a.cpu)
    print(table(results))
    print(f"load average {_loadavg()}")
    return results


if __name__ == "__main__":
    main()
