"""Instructions per MLP training step (benchmark (b)'s step), counted by callgrind: load-independent.

    PY=$(python -c 'import sys; print(sys.executable)')
    OPENBLAS_NUM_THREADS=1 PYTHONHASHSEED=0 valgrind --tool=callgrind --toggle-collect=builtin_eval \\
        --callgrind-out-file=/dev/null $PY bench/mlp_icount.py gradcalc 12     # and: ... gradcalc 2
    # ("I refs" at 12 steps - at 2 steps) / 10 = instructions per step; "numpy" for the hand-written step

Only the steps run inside ``eval`` are counted, with the garbage collector off; three untimed steps
first (lazy imports, generated array forms, allocator tuning). The matmuls are counted too (the
same BLAS calls on both sides), so the difference between gradcalc and numpy is the engine's.
"""

import gc
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from engine_bench import _lib_mlp, mlp_init, mlp_step, numpy_mlp_step  # noqa: E402

which, n = sys.argv[1], int(sys.argv[2])
X, Y, params = mlp_init()
if which == "numpy":
    for _ in range(3):
        numpy_mlp_step(params, X, Y)
    gc.disable()
    eval("[numpy_mlp_step(params, X, Y) for _ in range(n)]")
else:
    import gradcalc.engine as torch

    Xt, Yt, pt = _lib_mlp(torch, X, Y, params)
    for _ in range(3):
        mlp_step(torch, pt, Xt, Yt)
    gc.disable()
    eval("[mlp_step(torch, pt, Xt, Yt) for _ in range(n)]")
os._exit(0)  # the teardown is not counted
