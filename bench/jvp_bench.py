"""Forward-mode speed: one Jacobian-vector product of a 20-op function, and jacfwd against jacrev.

    OPENBLAS_NUM_THREADS=1 PYTHONPATH=$PWD python bench/jvp_bench.py [--repeat N] [--dim D]

``torch.func.jvp(f, (x,), (t,))`` runs ``f`` once on dual tensors: each op's tangent comes
from its forward rule (an op of the table with a rule of its own: one cheap expression) or
from its backward by the double-vjp trick (the op recorded again, its backward with a
graph, that graph backwards). Printed: one call of ``f``, one ``jvp``, and their ratio;
``jacfwd`` and ``jacrev`` of a function R^4 -> R^1000 (issue 19: jacfwd is the faster, as in torch),
and ``autograd.functional.jacobian`` of it by strategy.
"""

import argparse
import time

import gradcalc.engine as torch
from gradcalc.engine.func import jacfwd, jacrev, jvp


def make(D):
    H = 2 * D
    torch.manual_seed(0)
    W1, b1 = torch.randn(D, H) * 0.3, torch.randn(H) * 0.1
    W2, b2 = torch.randn(H, D) * 0.3, torch.randn(D) * 0.1
    v = torch.randn(D)

    def f(x):  # (D,) -> (D,): 20 ops (the same function as bench/func_bench.py)
        h = torch.tanh(x @ W1 + b1)                  # 3
        h = h * torch.sigmoid(h) + 0.5 * h.sin()     # 5
        h = h.relu() - 0.1 * h.exp().clamp(max=3.0)  # 5
        y = h @ W2 + b2                              # 2
        y = y / (1.0 + (y * y).sum().sqrt())        # 5
        return y + v

    return f, torch.randn(D), torch.randn(D)


def wide(x):  # R^4 -> R^1000
    k = torch.arange(250, dtype=x.dtype) / 250.0
    return torch.cat([(x[0] * k).sin(), (x[1] + k).exp(), x[2] * x[3] * k, (x * x).sum() * k])


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--dim", type=int, default=16)
    opts = ap.parse_args()
    f, x, t = make(opts.dim)
    t_f = best(lambda: f(x), opts.repeat)
    t_jvp = best(lambda: jvp(f, (x,), (t,)), opts.repeat)
    print(f"20-op function, D={opts.dim}")
    print(f"  f(x)             {t_f * 1e3:8.3f} ms")
    print(f"  jvp(f, (x,), (t,)) {t_jvp * 1e3:6.3f} ms   ({t_jvp / t_f:.1f}x one call)")
    x4 = torch.tensor([0.3, -0.2, 0.5, 1.1])
    jf, jr = jacfwd(wide), jacrev(wide)
    assert (jf(x4) - jr(x4)).abs().max().item() < 1e-4
    t_fwd = best(lambda: jf(x4), max(3, opts.repeat // 10))
    t_rev = best(lambda: jr(x4), 3)
    print("R^4 -> R^1000")
    print(f"  jacfwd           {t_fwd * 1e3:8.3f} ms")
    print(f"  jacrev           {t_rev * 1e3:8.3f} ms   (jacfwd is {t_rev / t_fwd:.1f}x faster)")
    F = torch.autograd.functional
    t_ffwd = best(lambda: F.jacobian(wide, x4, vectorize=True, strategy="forward-mode"), max(3, opts.repeat // 10))
    t_frev = best(lambda: F.jacobian(wide, x4), 3)
    print(f"  autograd.functional.jacobian forward-mode {t_ffwd * 1e3:8.3f} ms, reverse-mode {t_frev * 1e3:8.3f} ms")


if __name__ == "__main__":
    main()
