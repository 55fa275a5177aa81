"""What the parser costs: start-up in a fresh process, and throughput on big input.

    python bench/startup_parser.py            # start-up table + 100,000-line script
    python bench/startup_parser.py --quick    # fewer runs

Start-up is measured as SPEC.md §6 measures gradcalc itself: wall time of fresh
processes, against `python -c pass` and `python -c "import numpy"`. The parser's own
share is "parse('1+1')" minus "pass". (A benchmark, never a timed test.)
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CASES = [
    ("python -c pass", "pass"),
    ("import numpy", "import numpy"),
    ("import lark (for comparison)", "import lark"),
    ("import gradcalc.parser", "import gradcalc.parser"),
    ("parse('1+1')", "from gradcalc.parser import parse; parse('1+1')"),
]


def wall(code: str, runs: int) -> tuple[float, float]:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], env=env, check=True)
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def startup(runs: int) -> None:
    print(f"fresh-process wall time, {runs} runs each (PYTHONDONTWRITEBYTECODE="
          f"{os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r})")
    results = {}
    for label, code in CASES:
        try:
            results[label] = wall(code, runs)
        except subprocess.CalledProcessError:
            continue
        best, median = results[label]
        print(f"  {label:32s} min {best * 1e3:6.1f} ms   median {median * 1e3:6.1f} ms")
    base = results["python -c pass"][0]
    parse_cost = results["parse('1+1')"][0] - base
    numpy = results["import numpy"][0]
    print(f"  parser's share of a one-liner: {parse_cost * 1e3:.1f} ms "
          f"({parse_cost / (numpy - base) * 100:.0f}% of what importing numpy adds)")


def throughput() -> None:
    sys.path.insert(0, str(ROOT))
    from gradcalc.parser import ParseError, parse

    lines = []
    for i in range(25000):
        lines += [
            f"x{i} = torch.ones(2, 3, requires_grad=True) * {i} + 1.5",
            f"y = (x{i} ** 2).sum() / len(xs[1:, ::2])",
            f"if y > {i}:",
            f"    print(f\"{{y.item():.4f}}\", x{i}.grad)",
        ]
    source = "\n".join(lines) + "\n"
    start = time.perf_counter()
    module = parse(source)
    took = time.perf_counter() - start
    print(f"100,000-line script ({len(source) / 1e6:.1f} MB, {len(module.body)} statements): "
          f"{took:.2f} s")
    for label, text in [("10,000 nested parentheses", "(" * 10000 + "1" + ")" * 10000),
                        ("1+1+... (100,000 terms)", "+".join(["1"] * 100000))]:
        start = time.perf_counter()
        try:
            parse(text)
            outcome = "parsed"
        except ParseError as err:
            outcome = f"{err.kind}: {err.message}"
        print(f"{label}: {time.perf_counter() - start:.2f} s, {outcome}")


if __name__ == "__main__":
    startup(5 if "--quick" in sys.argv else 20)
    throughput()
