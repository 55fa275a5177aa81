"""torch.func.vmap speed: a ~20-op function of one example over a batch of 64.

    PYTHONPATH=$PWD python bench/func_bench.py [--repeat N] [--dim D]

Compares vmap(f)(X) with the same function written by hand for the batch (one call)
and with a Python loop over the examples (stacked). Issue 19's targets: vmap at most
2x the hand-batched call, at least 10x faster than the loop. Also per-sample gradients:
vmap(grad(loss)) against a loop of grad(loss) per example.
"""

import argparse
import time

import gradcalc.engine as torch
from gradcalc.engine.func import grad, vmap

D, H, BATCH = 16, 32, 64


def make():
    global H
    H = 2 * D
    torch.manual_seed(0)
    W1, b1 = torch.randn(D, H) * 0.3, torch.randn(H) * 0.1
    W2, b2 = torch.randn(H, D) * 0.3, torch.randn(D) * 0.1
    v = torch.randn(D)

    def f(x):  # one example (D,) -> (D,): 20 ops
        h = torch.tanh(x @ W1 + b1)                  # 3
        h = h * torch.sigmoid(h) + 0.5 * h.sin()     # 5
        h = h.relu() - 0.1 * h.exp().clamp(max=3.0)  # 5
        y = h @ W2 + b2                              # 2
        y = y / (1.0 + (y * y).sum().sqrt())        # 5
        return y + v

    def f_batched(X):  # the same, written for a batch (B, D) by hand
        h = torch.tanh(X @ W1 + b1)
        h = h * torch.sigmoid(h) + 0.5 * h.sin()
        h = h.relu() - 0.1 * h.exp().clamp(max=3.0)
        y = h @ W2 + b2
        y = y / (1.0 + (y * y).sum(-1, keepdim=True).sqrt())
        return y + v

    def loss(w, x):
        return ((x @ w).tanh() ** 2).sum()

    return f, f_batched, loss, torch.randn(BATCH, D), torch.randn(D, H)


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
    ap.add_argument("--dim", type=int, default=16, help="example size D (hidden 2D)")
    opts = ap.parse_args()
    global D
    D, repeat = opts.dim, opts.repeat
    f, f_batched, loss, X, W = make()
    vf = vmap(f)
    assert (vf(X) - f_batched(X)).abs().max().item() < 1e-5
    t_hand = best(lambda: f_batched(X), repeat)
    t_vmap = best(lambda: vf(X), repeat)
    t_loop = best(lambda: torch.stack([f(x) for x in X]), max(3, repeat // 5))
    print(f"batch {BATCH}, {D}->{H}->{D}, 20 ops")
    print(f"  hand-batched   {t_hand * 1e3:8.3f} ms")
    print(f"  vmap(f)        {t_vmap * 1e3:8.3f} ms   ({t_vmap / t_hand:.2f}x hand-batched; target <= 2x)")
    print(f"  python loop    {t_loop * 1e3:8.3f} ms   (vmap is {t_loop / t_vmap:.1f}x faster; target >= 10x)")
    ps = vmap(grad(loss), in_dims=(None, 0))
    t_ps = best(lambda: ps(W, X), max(3, repeat // 3))
    g = grad(loss)
    t_ps_loop = best(lambda: torch.stack([g(W, x) for x in X]), 3)
    print(f"per-sample gradients (vmap(grad(loss)), W {D}x{H}):")
    print(f"  vmap(grad)     {t_ps * 1e3:8.3f} ms")
    print(f"  python loop    {t_ps_loop * 1e3:8.3f} ms   ({t_ps_loop / t_ps:.1f}x)")


if __name__ == "__main__":
    main()
