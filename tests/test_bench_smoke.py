"""The benchmark still runs against the current engine (tiny sizes; nothing is timed or compared)."""

import importlib.util
from dataclasses import replace
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench" / "engine_bench.py"


def _bench():
    spec = importlib.util.spec_from_file_location("engine_bench", BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_per_op_and_elementwise_benchmarks_run():
    bench = _bench()
    tiny = replace(bench.QUICK, chain_ops=8, chain_repeats=1, elem_size=16, elem_rounds=1)
    rows = bench.run("per_op", tiny) + bench.run("elementwise", tiny)
    assert [r.key for r in rows] == ["per_op", "elementwise"]
    for r in rows:
        assert r.gradcalc > 0 and r.numpy > 0
        assert not any("MISMATCH" in n for n in r.notes), r.notes
    assert bench.table(rows)
