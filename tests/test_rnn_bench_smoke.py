"""bench/rnn_bench.py still runs against the current engine (one step each; nothing is timed or compared)."""

import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench" / "rnn_bench.py"


def test_rnn_benchmark_runs():
    spec = importlib.util.spec_from_file_location("rnn_bench", BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = mod.measure("gradcalc", 1)
    assert len(out) == len(mod.CASES)
    assert all(v["median_ms"] > 0 for v in out.values())
