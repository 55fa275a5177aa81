"""Start-up time: ``gradcalc -e '1+1'`` against ``python -c "import numpy"`` (SPEC §6: <= 1.5x).

    python bench/startup_bench.py [--runs N]

Both commands run under the interpreter running this script, with the same
environment (the repository on PYTHONPATH), alternating one run of each so that
load from other processes on the machine hits both alike; the figure is the
median wall time of N runs, spawn included (a user pays for it too).

``gradcalc`` is started as ``python -m gradcalc``: the console script installed
by pip does the same import, but under pyenv it sits behind a bash shim that
would add tens of milliseconds that are not gradcalc's. While ``-e`` does not
work yet (the language and CLI are being written), the import of the engine is
measured instead, and the result says so.
"""

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

BASELINE = ("python -c 'import numpy'", ["-c", "import numpy"])
CLI = ("gradcalc -e '1+1'", ["-m", "gradcalc", "-e", "1+1"])
FALLBACK = ("python -c 'import gradcalc.engine'", ["-c", "import gradcalc.engine"])


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
    return env


def _cli_works(env):
    """Whether ``gradcalc -e '1+1'`` runs and prints 2 (the CLI may not exist yet)."""
    try:
        r = subprocess.run([sys.executable, *CLI[1]], env=env, capture_output=True, text=True,
                           timeout=60)
    except subprocess.TimeoutExpired:
        return False
    return r.returncode == 0 and r.stdout.strip() == "2"


def _wall(args, env):
    t0 = time.perf_counter()
    subprocess.run([sys.executable, *args], env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t0


def measure(runs=20):
    """Median start-up wall times (seconds) of gradcalc and of ``import numpy``, and their ratio."""
    env = _env()
    cli_ok = _cli_works(env)
    label, args = CLI if cli_ok else FALLBACK
    for _ in range(2):  # warm the OS file cache for both
        _wall(BASELINE[1], env)
        _wall(args, env)
    ours, base = [], []
    for _ in range(runs):
        base.append(_wall(BASELINE[1], env))
        ours.append(_wall(args, env))
    ours_med, base_med = statistics.median(ours), statistics.median(base)
    return {
        "command": label,
        "baseline_command": BASELINE[0],
        "cli_available": cli_ok,
        "runs": runs,
        "gradcalc_s": ours_med,
        "numpy_s": base_med,
        "gradcalc_min_s": min(ours),
        "numpy_min_s": min(base),
        "ratio": ours_med / base_med,
    }


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    a = ap.parse_args(argv)
    r = measure(a.runs)
    if not r["cli_available"]:
        print("gradcalc -e does not run yet: measuring the engine's import instead")
    print(f"{r['command']:<36} {r['gradcalc_s'] * 1e3:8.1f} ms  (median of {r['runs']})")
    print(f"{r['baseline_command']:<36} {r['numpy_s'] * 1e3:8.1f} ms")
    print(f"ratio {r['ratio']:.2f}x   target <= 1.5x   {'PASS' if r['ratio'] <= 1.5 else 'FAIL'}")


if __name__ == "__main__":
    main()
