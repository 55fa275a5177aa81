"""Instructions per op of benchmark (a)'s chain, counted by callgrind: load-independent.

The machine is shared and timings swing by ±20% and more; an instruction count does not.
Only the measured call is counted (``--toggle-collect=builtin_eval``: the chain runs
inside ``eval``), with the garbage collector off (its cost depends on what else is alive):

    valgrind --tool=callgrind --toggle-collect=builtin_eval --callgrind-out-file=/dev/null \\
        $(python -c 'import sys; print(sys.executable)') bench/per_op_icount.py forward 2000
    # "I refs" / 2000 = instructions per op (the eval's own parse adds ~4k per op at 2000 ops)

``forward``: the chain's forward; ``backward``: its backward (the forward runs uncounted).
"""

import gc
import os
import sys

import gradcalc.engine as torch

sys.path.insert(0, os.path.dirname(__file__))
from engine_bench import SHIFT, chain_mix  # noqa: E402  (the same chain as (a))

mode, n = sys.argv[1], int(sys.argv[2])
x = torch.tensor(0.1, requires_grad=True)
w = torch.tensor(SHIFT)
chain_mix(x, w, 10).backward()  # warm: lazy imports, array forms, allocator tuning
gc.disable()
x = torch.tensor(0.1, requires_grad=True)
y = None


def forward():
    global y
    y = chain_mix(x, w, n // 4)


def backward():
    y.backward()


if mode == "forward":
    eval("forward()")
else:
    forward()
    eval("backward()")
os._exit(0)  # the graph's teardown is not counted
