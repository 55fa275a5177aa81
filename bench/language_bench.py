"""The interpreter's cost per statement and per call (issue 13). Measures; never a test.

    PYTHONPATH=. python bench/language_bench.py                 # this checkout
    python bench/language_bench.py --compare /work/main .       # two checkouts side by side

Programs (min of 5 runs each, seconds):
  scalar_loop     a 1e5-iteration loop of scalar arithmetic and a list append
  polynomial      the "Learning PyTorch with Examples" polynomial fit with tensors
                  (y = sin(x) by a + b x + c x^2 + d x^3, 2000 steps of manual gradients)
  function_calls  1e5 calls of a two-argument user function
  method_calls    1e5 calls of a two-argument method on a user object (needs classes)
The target: no program that does not use the new features gets slower, and a method
call costs at most 2x a plain function call.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

PROGRAMS = {
    "scalar_loop": """
total = 0.0
xs = []
for i in range(100000):
    total = total + i * 0.5 - (i % 7)
    if i % 1000 == 0:
        xs.append(total)
""",
    "polynomial": """
x = torch.linspace(-3.14159, 3.14159, 2000)
y = torch.sin(x)
a = torch.tensor(0.1); b = torch.tensor(0.2); c = torch.tensor(-0.1); d = torch.tensor(0.05)
learning_rate = 1e-6
for t in range(2000):
    y_pred = a + b * x + c * x ** 2 + d * x ** 3
    loss = (y_pred - y).pow(2).sum().item()
    grad_y_pred = 2.0 * (y_pred - y)
    grad_a = grad_y_pred.sum()
    grad_b = (grad_y_pred * x).sum()
    grad_c = (grad_y_pred * x ** 2).sum()
    grad_d = (grad_y_pred * x ** 3).sum()
    a -= learning_rate * grad_a
    b -= learning_rate * grad_b
    c -= learning_rate * grad_c
    d -= learning_rate * grad_d
""",
    "function_calls": """
def add(a, b):
    return a + b
s = 0
for i in range(100000):
    s = add(s, i)
""",
    "method_calls": """
class Acc:
    def add(self, a, b):
        return a + b
acc = Acc()
s = 0
for i in range(100000):
    s = acc.add(s, i)
""",
}


def measure() -> dict:
    from gradcalc.interpreter import Session, UserError

    out = {}
    for name, source in PROGRAMS.items():
        best = None
        for _ in range(5):
            session = Session(out=lambda text: None)
            start = time.perf_counter()
            try:
                session.run(source)
            except UserError:
                best = None
                break
            took = time.perf_counter() - start
            best = took if best is None else min(best, took)
        out[name] = best
    return out


def main(argv: list[str]) -> int:
    if argv[:1] == ["--compare"]:
        # rounds interleaved, min per program: load from other processes falls on all columns alike
        rows = {checkout: {} for checkout in argv[1:]}
        for _ in range(3):
            for checkout in argv[1:]:
                env = dict(os.environ, PYTHONPATH=os.path.abspath(checkout))
                proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--json"], env=env,
                                      capture_output=True, text=True, check=True)
                for name, t in json.loads(proc.stdout).items():
                    old = rows[checkout].get(name)
                    rows[checkout][name] = t if old is None or (t is not None and t < old) else old
        names = list(PROGRAMS)
        print("program".ljust(16) + "".join(c[-24:].rjust(26) for c in rows))
        for name in names:
            cells = "".join((f"{r[name] * 1000:.1f} ms" if r.get(name) else "n/a").rjust(26) for r in rows.values())
            print(name.ljust(16) + cells)
        return 0
    result = measure()
    if argv[:1] == ["--json"]:
        print(json.dumps(result))
    else:
        for name, t in result.items():
            print(f"{name:16s} {t * 1000:.1f} ms" if t else f"{name:16s} n/a")
        if result.get("method_calls") and result.get("function_calls"):
            print(f"method/function call ratio: {result['method_calls'] / result['function_calls']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
