"""Anomaly mode finds the forward operation behind a nan gradient.

    python examples/anomaly_mode.py

The classic trap: torch.where picks 0 where x <= 0, but sqrt's backward still runs
there and computes 0 / (2 * sqrt(0)) = nan, which poisons the whole gradient.
"""

import warnings

import gradcalc.engine as torch


def loss_fn(x):
    return torch.where(x > 0, x.sqrt(), torch.zeros_like(x)).sum()


x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
loss_fn(x).backward()
print("gradient:", x.grad)                    # nan where x <= 0

x.grad = None
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():
        try:
            loss_fn(x).backward()
        except RuntimeError as err:
            print("RuntimeError:", err)
            # the exception carries where the failing node's forward ran
            trace = err.anomaly_trace
            print("node:", trace.node_name, "| forward ran at:", trace.where[-1].line)
for w in caught:
    print("warning:", str(w.message).splitlines()[0])

# The fix: feed sqrt only valid values, so its backward is finite everywhere.
safe = torch.where(x > 0, x, torch.ones_like(x))
torch.where(x > 0, safe.sqrt(), torch.zeros_like(x)).sum().backward()
print("safe gradient:", x.grad)
