"""Printing speed: how long repr() takes for small, medium and huge tensors.

    PYTHONPATH=. python bench/print_bench.py

Uses gradcalc.engine's Tensor once it exists (``torch.tensor``/``torch.zeros``),
else a stand-in object over the same ndarray (the printer only reads ``_data``,
``dtype``, ``grad_fn`` and ``requires_grad``). Pass ``--torch`` to time real
torch on the same inputs for comparison, when it is importable.

Measured on the dev machine (2 cores, Python 3.11, numpy 2.4, engine Tensor);
torch 2.13 from its own venv with --torch, same run:
    2x2 float32                    ~6 us      (torch ~65 us)
    1000 float32, not summarised   ~0.45 ms   (torch ~3.7 ms)
    10^7 float32, summarised       ~10 us     (torch ~75 us)
    10^7 as 1000x100x100 float64   ~0.14 ms   (torch ~1.2 ms)
    10^8 float32, summarised       ~10 us     (torch ~80 us)
Summarised printing costs the same whatever the size: only the shown elements
are read and formatted.
"""

import sys
import timeit

import numpy as np

import gradcalc.engine as engine
from gradcalc.engine import printing


class _Dtype:
    def __init__(self, name):
        self.name = name


class _StandIn:
    def __init__(self, data):
        self._data = data
        self.dtype = _Dtype(data.dtype.name)
        self.requires_grad = False
        self.grad_fn = None

    def __repr__(self):
        return printing.tensor_repr(self)


def _ours(a):
    if hasattr(engine, "from_numpy"):
        return engine.from_numpy(a)
    if hasattr(engine, "tensor"):
        return engine.tensor(a)
    return _StandIn(a)


def _cases():
    rng = np.random.default_rng(0)
    yield "2x2 float32", rng.standard_normal((2, 2)).astype(np.float32)
    yield "3 int64", np.arange(3)
    yield "10x10 float64", rng.standard_normal((10, 10))
    yield "1000 float32 (not summarised)", rng.standard_normal(1000).astype(np.float32)
    yield "10^4 float32 (summarised)", rng.standard_normal(10 ** 4).astype(np.float32)
    yield "10^7 float32 (summarised)", rng.standard_normal(10 ** 7).astype(np.float32)
    yield "10^7 as 1000x100x100 float64", rng.standard_normal((1000, 100, 100))
    yield "10^8 float32 (summarised)", np.ones(10 ** 8, np.float32)


def _time(fn):
    number, total = 1, 0.0
    while True:  # grow the loop until one measurement takes >= 0.2 s
        total = min(timeit.repeat(fn, number=number, repeat=3))
        if total >= 0.2 or number >= 10 ** 6:
            return total / number
        number *= 10


def main():
    use_torch = "--torch" in sys.argv
    if use_torch:
        import torch
    kind = "engine Tensor" if hasattr(engine, "tensor") else "stand-in over ndarray"
    print("repr() time per call (%s)" % kind)
    print("%-32s %14s %14s" % ("tensor", "gradcalc", "torch" if use_torch else ""))
    for name, a in _cases():
        ours = _ours(a)
        ours_t = _time(lambda: repr(ours))
        line = "%-32s %11.1f us" % (name, ours_t * 1e6)
        if use_torch:
            theirs = torch.from_numpy(a)
            line += " %11.1f us" % (_time(lambda: repr(theirs)) * 1e6)
        print(line)


if __name__ == "__main__":
    main()
