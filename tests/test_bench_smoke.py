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


def _load(name):
    path = BENCH.parent / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_tutorial_scripts_run_through_gradcalc():
    """bench/tutorial_bench.py --quick: each tutorial script once through ``python -m gradcalc``
    (no torch, nothing compared but that they run)."""
    bench = _load("tutorial_bench")
    results = bench.measure(rounds=1, torch_python="", log=None, warmup=False)
    assert set(results) == set(bench.NAMES)
    for r in results.values():
        assert len(r["gradcalc"]) == 1 and r["gradcalc"][0] > 0 and r["torch"] is None
    assert bench.agree("1 2.0001\n", "1 2.0\n") and not bench.agree("1 3\n", "1 2\n")
    assert "poly_autograd" in bench.table(results)


def test_startup_bench_runs_including_the_repl_prompt():
    """bench/startup_bench.py: -e '1+1' against import numpy, and the REPL's time to its first
    prompt in a pseudo-terminal (one run each; nothing is compared)."""
    bench = _load("startup_bench")
    r = bench.measure(runs=1, as_is=False, warmups=0)
    assert r["cli_available"] and r["gradcalc_s"] > 0 and r["gradcalc_cpu_s"] > 0
    q = bench.measure_repl(runs=1, warmups=0)
    assert q["gradcalc_s"] > 0 and q["numpy_s"] > 0
