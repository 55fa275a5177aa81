"""Per-call cost of reductions and shape ops on small tensors (the op table's rows). Measures; never a test.

    PYTHONPATH=$PWD python bench/rows_bench.py [--repeat 7] [--number 2000] [--tree DIR ...]

Each case is forward + backward of one op on a (4, 8) float32 tensor requiring grad:
``x.sum()``, ``x.sum(1)``, ``x.mean()``, ``x.reshape(8, 4)``, ``x.transpose(0, 1)``,
``x.unsqueeze(0)``, ``x.amax(1)``, plus ``x.sum()`` forward only under ``no_grad``.
Figures are µs per call, min over repeats. With ``--tree`` the same cases run for each
checkout in a fresh process, round by round (interleaved, so load from other processes
on the shared machine falls on every tree alike); the table shows each tree's min.
"""

import argparse
import json
import os
import subprocess
import sys
import timeit

SETUP = "import gradcalc.engine as torch; x = torch.ones(4, 8, requires_grad=True); g = torch.ones(8, 4)"
CASES = {
    "sum()": "x.sum().backward()",
    "sum(1)": "x.sum(1).sum().backward()",
    "mean()": "x.mean().backward()",
    "amax(1)": "x.amax(1).sum().backward()",
    "reshape(8,4)": "x.reshape(8, 4).backward(g)",
    "transpose(0,1)": "x.transpose(0, 1).backward(g)",
    "unsqueeze(0)": "x.unsqueeze(0).sum().backward()",
    "sum() no_grad": "with torch.no_grad(): x.sum()",
}


def measure(repeat, number):
    out = {}
    for name, stmt in CASES.items():
        t = timeit.Timer(stmt, SETUP)
        out[name] = min(t.repeat(repeat, number)) / number * 1e6
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--number", type=int, default=2000)
    ap.add_argument("--tree", action="append", help="a checkout to measure (several: interleaved rounds)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if not a.tree:
        res = measure(a.repeat, a.number)
        if a.json:
            print(json.dumps(res))
            return
        for name, us in res.items():
            print(f"{name:16s} {us:8.2f} us")
        return
    best = {t: {} for t in a.tree}
    for _ in range(a.rounds):
        for tree in a.tree:
            env = dict(os.environ, PYTHONPATH=tree)
            r = subprocess.run([sys.executable, __file__, "--json", "--repeat", str(a.repeat), "--number",
                                str(a.number)], env=env, capture_output=True, text=True, check=True, cwd=tree)
            for k, v in json.loads(r.stdout).items():
                best[tree][k] = min(best[tree].get(k, v), v)
    print(f"{'case':16s} " + " ".join(f"{os.path.basename(t.rstrip('/')):>12s}" for t in a.tree) + "   (us per call, min)")
    for k in CASES:
        print(f"{k:16s} " + " ".join(f"{best[t][k]:12.2f}" for t in a.tree))


if __name__ == "__main__":
    main()
