"""The random-number cases, shared by random_generate.py (run with real torch) and
tests/engine/test_random_golden.py (run with gradcalc.engine as ``torch``).

A case is a list of source snippets run in order in one namespace holding ``torch``
and ``math``; the value of every snippet that is an expression is recorded
(``record`` below), so each case checks the numbers and, through the draws that
follow, how many words each call consumed and what it left in the normal cache.
"""

import hashlib

SEEDS = [0, 1, 42, 2 ** 32 + 5]
SIZES = list(range(1, 41)) + [63, 64, 65, 1000, 100000]
SAMPLE = 16  # values kept of a large result (evenly spaced, first and last included)


def cases():
    out = []
    for s in SEEDS:
        for n in SIZES:
            out.append((f"seed{s}-n{n}", [
                f"torch.manual_seed({s})", f"torch.randn({n})", "torch.randn(1)", f"torch.rand({n})",
                f"torch.rand({n}, dtype=torch.float64)", f"torch.randn({n}, dtype=torch.float64)", "torch.randn(2)",
                f"torch.randint(0, 10, ({n},))", "torch.rand(1)"]))
    for s in SEEDS:
        out.append((f"shapes-seed{s}", [
            f"torch.manual_seed({s})", "torch.randn(2, 3, 4)", "torch.rand(5, 17)", "torch.randn(3, 5)",
            "torch.randn(4, 4, dtype=torch.float64)", "torch.randint(-3, 3, (2, 3, 2))", "torch.randn(())",
            "torch.rand(())", "torch.randn(0)", "torch.rand(2, 0)", "torch.randn(1)"]))
    out += [
        ("interleaved", ["torch.manual_seed(0)", "torch.randn(3)", "torch.rand(2)", "torch.randn(5)",
                         "torch.randn(1)", "torch.randn(20)", "torch.randn(1)", "torch.randn(1)",
                         "torch.randn(2, dtype=torch.float64)", "torch.randn(1)"]),
        ("conformance-start", ["torch.manual_seed(0)", "x = torch.randn(64, 1000)", "x", "torch.randn(64, 10)",
                               "torch.empty(100, 1000).uniform_(-1 / math.sqrt(1000), 1 / math.sqrt(1000))",
                               "torch.empty(100).uniform_(-1 / math.sqrt(1000), 1 / math.sqrt(1000))",
                               "torch.empty(10, 100).uniform_(-0.1, 0.1)", "torch.empty(10).uniform_(-0.1, 0.1)"]),
        ("non-contiguous", ["torch.manual_seed(0)", "x = torch.zeros(5, 4)", "x.t().normal_()", "x",
                            "y = torch.zeros(20, 30)", "y.t().normal_()", "y", "z = torch.zeros(6, 8)",
                            "z.t().uniform_(-2, 3)", "z", "w = torch.zeros(4, 5, dtype=torch.float64)",
                            "w.t().normal_(1.5, 0.5)", "w", "v = torch.zeros(3, 6, 8)", "v.transpose(0, 2).normal_()",
                            "v", "u = torch.zeros(10, 10)", "u.t().random_(0, 100)", "u", "torch.randn(1)"]),
        ("normal-params", ["torch.manual_seed(3)", "torch.empty(37).normal_(0.5, 2.0)",
                           "torch.empty(5).normal_(-1.0, 0.25)", "torch.empty(32).normal_(2.0, 0.1)",
                           "torch.empty(40, dtype=torch.float64).normal_(-3.0, 1e-3)",
                           "torch.empty(7, dtype=torch.float64).normal_(0.3, 0.7)", "torch.empty(16).normal_(0, 0)",
                           "torch.normal(2, 3, (5,))", "torch.normal(2.0, 3.0, size=(20,))",
                           "torch.normal(torch.arange(4.0), 1.0)", "torch.normal(torch.arange(20.0), 0.5)",
                           "torch.normal(0.5, torch.arange(1.0, 5.0))",
                           "torch.normal(torch.arange(3.0), torch.ones(2, 3) * 2)",
                           "torch.normal(torch.zeros(17, dtype=torch.float64), torch.full((17,), 3.0, dtype=torch.float64))",
                           "torch.randn(1)"]),
        ("uniform-params", ["torch.manual_seed(5)", "torch.empty(10).uniform_(-3, 5)",
                            "torch.empty(10, dtype=torch.float64).uniform_(-3, 5)", "torch.empty(10).uniform_(2, 2)",
                            "torch.empty(1000).uniform_(-1e-3, 1e-3)", "torch.empty(7).uniform_(1e6, 1e6 + 1)",
                            "torch.rand(4)"]),
        ("randint", ["torch.manual_seed(7)", "torch.randint(10, (5,))", "torch.randint(3, 10, (2, 2))",
                     "torch.randint(-2 ** 40, 2 ** 40, (6,))", "torch.randint(0, 2 ** 28, (4,))",
                     "torch.randint(0, 2 ** 28 - 1, (4,))", "torch.randint(10, (5,), dtype=torch.float32)",
                     "torch.randint(10, (5,), dtype=torch.int32)", "torch.randint(0, 2, (9,), dtype=torch.bool)",
                     "torch.randint(-100, 100, (6,), dtype=torch.int8)", "torch.randint(0, 255, (6,), dtype=torch.uint8)",
                     "torch.randint(high=6, size=(3,))", "torch.randint(2, 3, (3,))", "torch.rand(2)"]),
        ("random_", ["torch.manual_seed(11)", "torch.zeros(4, dtype=torch.int64).random_()",
                     "torch.zeros(4, dtype=torch.int32).random_()", "torch.zeros(4, dtype=torch.int16).random_()",
                     "torch.zeros(4, dtype=torch.int8).random_()", "torch.zeros(4, dtype=torch.uint8).random_()",
                     "torch.zeros(6, dtype=torch.bool).random_()", "torch.zeros(4).random_()",
                     "torch.zeros(4, dtype=torch.float64).random_()", "torch.zeros(5).random_(5)",
                     "torch.zeros(5).random_(2, 9)", "torch.zeros(5, dtype=torch.int64).random_(-2 ** 63)",
                     "torch.zeros(5, dtype=torch.int64).random_(-5)", "torch.zeros(5, dtype=torch.int16).random_(-5)",
                     "torch.zeros(3).random_(2 ** 30)", "torch.rand(1)"]),
        ("randperm", ["torch.manual_seed(0)", "torch.randperm(0)", "torch.randperm(1)", "torch.randperm(2)",
                      "torch.randperm(5)", "torch.randperm(10)", "torch.randperm(100)", "torch.randperm(1000)",
                      "torch.randperm(60000)", "torch.randperm(6, dtype=torch.float32)", "torch.rand(2)"]),
        ("sampler", ["torch.manual_seed(0)", "seed = int(torch.empty((), dtype=torch.int64).random_().item())",
                     "seed", "g = torch.Generator()", "g.manual_seed(seed)", "torch.randperm(10, generator=g)",
                     "torch.randperm(10, generator=g)", "torch.rand(2)"]),
        ("bernoulli", ["torch.manual_seed(0)", "torch.bernoulli(torch.full((10,), 0.3))",
                       "torch.bernoulli(torch.full((10,), 0.3, dtype=torch.float64))",
                       "torch.zeros(10).bernoulli_(0.3)", "torch.zeros(4, 5).bernoulli_(0.8).div_(0.8)",
                       "torch.zeros(3, 4).bernoulli_(torch.tensor([0.1, 0.5, 0.9, 1.0]))",
                       "torch.zeros(2, 3, dtype=torch.int64).bernoulli_(0.5)",
                       "torch.zeros(5, dtype=torch.bool).bernoulli_(0.5)",
                       "torch.tensor([0.2, 0.7, 0.0, 1.0]).bernoulli()", "torch.bernoulli(torch.zeros(6), 0.5)",
                       "torch.zeros(6, 5).t().bernoulli_(0.5)",
                       "torch.zeros(3, 4).t().bernoulli_(torch.tensor([0.2, 0.5, 0.9]))",
                       "torch.zeros(3, 4).t().bernoulli_(torch.rand(4, 3, dtype=torch.float64))", "torch.rand(2)"]),
        ("dropout-recipe", ["torch.manual_seed(0)", "x = torch.randn(4, 5)",
                            "x * torch.empty_like(x).bernoulli_(0.7).div_(0.7)",
                            "torch.ones(8) * torch.empty(8).bernoulli_(0.5).div_(0.5)", "torch.rand(1)"]),
        ("random_-keywords", ["torch.manual_seed(0)", "torch.zeros(4).random_(3, to=9)",
                              "torch.zeros(4, dtype=torch.int64).random_(to=9)", "torch.rand(1)"]),
        ("multinomial", ["torch.manual_seed(0)", "w = torch.tensor([1.0, 2.0, 3.0, 4.0])",
                         "torch.multinomial(w, 1)", "torch.multinomial(w, 2)", "torch.multinomial(w, 4)",
                         "torch.multinomial(w, 10, replacement=True)", "torch.multinomial(w, 1, replacement=True)",
                         "torch.multinomial(torch.tensor([[0.1, 0.9], [0.7, 0.3], [0.5, 0.5]]), 2)",
                         "torch.multinomial(torch.tensor([[0.1, 0.9, 0.0], [0.0, 0.3, 0.3]]), 6, replacement=True)",
                         "torch.multinomial(torch.rand(50, dtype=torch.float64), 20, replacement=True)",
                         "torch.multinomial(torch.rand(50), 20)", "w.multinomial(3)", "torch.rand(2)"]),
        ("other-distributions", ["torch.manual_seed(2)", "torch.empty(7).exponential_()",
                                 "torch.empty(7, dtype=torch.float64).exponential_(2.5)",
                                 "torch.empty(100).exponential_(0.5)", "torch.empty(7).geometric_(0.3)",
                                 "torch.empty(7, dtype=torch.int64).geometric_(0.2)",
                                 "torch.empty(7, dtype=torch.float64).geometric_(0.9)", "torch.empty(7).log_normal_()",
                                 "torch.empty(20, dtype=torch.float64).log_normal_(0.5, 0.25)",
                                 "torch.randn(1)", "torch.empty(7).cauchy_()",
                                 "torch.empty(7, dtype=torch.float64).cauchy_(1.0, 2.0)", "torch.rand(2)"]),
        ("like", ["torch.manual_seed(9)", "x = torch.zeros(3, 4)", "torch.rand_like(x)", "torch.randn_like(x)",
                  "torch.randn_like(torch.zeros(5, 5, dtype=torch.float64))", "torch.randint_like(x, 10)",
                  "torch.randint_like(x, 3, 10)", "torch.rand_like(x, dtype=torch.float64)",
                  "torch.rand_like(torch.zeros(4, 6).t())", "torch.randn_like(torch.zeros(5, 4).t())",
                  "torch.rand(1)"]),
        ("float16", ["torch.manual_seed(0)", "torch.rand(5, dtype=torch.float16)",
                     "torch.randn(5, dtype=torch.float16)", "torch.randn(40, dtype=torch.float16)",
                     "torch.randn(32, dtype=torch.float16)", "torch.rand(2)"]),
        ("generators", ["torch.manual_seed(0)", "g = torch.Generator()", "g.initial_seed()",
                        "torch.randn(3, generator=g)", "torch.randn(3)", "torch.rand(20, generator=g)",
                        "torch.randn(20, generator=g)", "g.manual_seed(2 ** 32 + 5)", "g.initial_seed()",
                        "torch.rand(3, generator=g)", "torch.randint(0, 7, (4,), generator=g)",
                        "torch.randperm(7, generator=g)", "torch.empty(3).normal_(generator=g)",
                        "torch.empty(3).uniform_(generator=g)", "torch.empty(3).bernoulli_(0.5, generator=g)",
                        "torch.multinomial(torch.ones(5), 2, generator=g)", "g.get_state()", "torch.randn(2)",
                        "h = torch.Generator().manual_seed(42)", "torch.rand(3, generator=h)",
                        "torch.normal(0.0, 1.0, (3,), generator=h)"]),
        ("views", ["torch.manual_seed(4)", "x = torch.zeros(6, 8)", "x[:, ::2].normal_()", "x",
                   "x[1:4].uniform_()", "x", "y = torch.zeros(40)", "y[::2].normal_()", "y",
                   "y[5:30].normal_()", "y", "torch.zeros(2, 3, 4).permute(2, 0, 1).uniform_()", "torch.rand(1)"]),
        ("states", ["torch.manual_seed(7)", "torch.get_rng_state()", "torch.randn(3)", "s = torch.get_rng_state()",
                    "s", "a = torch.randn(5)", "a", "torch.set_rng_state(s)", "torch.randn(5)",
                    "torch.randn(1000)", "t = torch.get_rng_state()", "t", "torch.rand(3)",
                    "torch.set_rng_state(t)", "torch.rand(3)", "g = torch.Generator()",
                    "g.set_state(torch.get_rng_state())", "torch.rand(3, generator=g)",
                    "torch.randn(1, dtype=torch.float64)", "torch.get_rng_state()", "torch.random.get_rng_state()",
                    "torch.random.manual_seed(1)", "torch.random.initial_seed()", "torch.rand(1)"]),
        ("fork_rng", ["torch.manual_seed(0)", "with torch.random.fork_rng():\n    a = torch.randn(3)", "a",
                      "torch.randn(3)", "with torch.random.fork_rng(enabled=False):\n    b = torch.randn(3)", "b",
                      "torch.randn(3)"]),
        ("fused-multiply-add", ["torch.manual_seed(123)",
                                "torch.empty(100000, dtype=torch.float64).uniform_(-0.37, 1.91)",
                                "torch.empty(100000).uniform_(-0.37, 1.91)",
                                "torch.empty(20000, dtype=torch.float64).cauchy_(1.3, 2.7)",
                                "torch.empty(20000).cauchy_(1.3, 2.7)", "torch.empty(300, 200).t().normal_(0.3, 1.7)",
                                "torch.empty(300, 200, dtype=torch.float64).t().normal_(0.3, 1.7)",
                                "torch.empty(100000, dtype=torch.float64).normal_(0.3, 1.7)",
                                "torch.empty(100000).normal_(0.3, 1.7)",
                                "torch.empty(20000, dtype=torch.float64).log_normal_(0.3, 1.7)",
                                "torch.empty(20000, dtype=torch.float64).exponential_(1.7)",
                                "torch.empty(20000, dtype=torch.float64).geometric_(0.17)",
                                "torch.randn(1000, dtype=torch.float16)",
                                "torch.multinomial(torch.rand(1000), 1000, replacement=True)",
                                "torch.multinomial(torch.rand(1000), 500)", "torch.rand(2)"]),
        ("seeds", ["torch.manual_seed(-1)", "torch.initial_seed()", "torch.rand(2)", "torch.manual_seed(2 ** 63)",
                   "torch.initial_seed()", "torch.rand(2)", "torch.manual_seed(2 ** 64 - 1)", "torch.rand(2)",
                   "torch.manual_seed(-2 ** 63)", "torch.initial_seed()", "torch.manual_seed(2 ** 32 + 5)",
                   "torch.initial_seed()", "torch.Generator().initial_seed()", "torch.manual_seed(True)",
                   "torch.initial_seed()", "torch.rand(1)"]),
    ]
    out += _autograd_cases()
    return out


_NEXT = "','.join(f[0].name() if f[0] is not None else 'None' for f in {}.grad_fn.next_functions)"


def _autograd_cases():
    """In-place samplers on a tensor with history put torch's node in the graph (zero gradient);
    torch.normal/bernoulli with tensor parameters get torch's grad_fn and zero gradients."""
    out = []
    for name, call in [("normal_", "normal_()"), ("normal_-params", "normal_(1.5, 0.5)"), ("uniform_", "uniform_(-1, 2)"),
                       ("bernoulli_-number", "bernoulli_(0.5)"), ("bernoulli_-tensor", "bernoulli_(torch.full((3,), 0.5))"),
                       ("random_", "random_()"), ("random_-to", "random_(5)"), ("random_-from-to", "random_(1, 5)"),
                       ("exponential_", "exponential_()"), ("geometric_", "geometric_(0.5)"), ("cauchy_", "cauchy_()"),
                       ("log_normal_", "log_normal_()"), ("normal_-16", "normal_()")]:
        shape = "(4, 5)" if name == "normal_-16" else "(3,)"
        out.append((f"grad-{name}", [
            "torch.manual_seed(0)", f"x = torch.ones({shape}, requires_grad=True)", "y = x * 2", f"y.{call}",
            "y.grad_fn.name()", _NEXT.format("y"), "(y * x).sum().backward()", "x.grad", "torch.rand(2)"]))
    out += [
        ("grad-bernoulli_-p-requires-grad", [
            "torch.manual_seed(0)", "p = torch.full((3,), 0.5, requires_grad=True)",
            "x = torch.ones(3, requires_grad=True)", "y = x * 2", "y.bernoulli_(p)", "y.grad_fn.name()",
            _NEXT.format("y"), "(y * x).sum().backward()", "x.grad", "p.grad",
            "z = torch.ones(3)", "z.bernoulli_(p)", "z.grad_fn.name()", "z.requires_grad"]),
        ("grad-view-uniform_", [
            "torch.manual_seed(0)", "x = torch.ones(2, 3, requires_grad=True)", "z = x * 1", "v = z[0]",
            "v.uniform_()", "(z * x).sum().backward()", "x.grad"]),
        ("grad-normal-tensors", [
            "torch.manual_seed(0)", "m = torch.zeros(3, requires_grad=True)", "s = torch.ones(3, requires_grad=True)",
            "z = torch.normal(m, s)", "z", "z.grad_fn.name()", _NEXT.format("z"), "(z * z).sum().backward()",
            "m.grad", "s.grad",
            "m2 = torch.zeros(2, 3, requires_grad=True)", "z2 = torch.normal(m2, torch.ones(3) * 2)", "z2",
            "z2.grad_fn.name()", _NEXT.format("z2"), "z2.sum().backward()", "m2.grad",
            "z3 = torch.normal(m, 2.0)", "z3", "z3.grad_fn.name()", "z3.sum().backward()", "m.grad",
            "s2 = torch.ones(3, requires_grad=True)", "z4 = torch.normal(torch.zeros(2, 1), s2)", "z4",
            "z4.grad_fn.name()", "z4.sum().backward()", "s2.grad",
            "z5 = torch.normal(1.0, s2)", "z5.grad_fn.name()", "torch.rand(2)"]),
        ("grad-bernoulli", [
            "torch.manual_seed(0)", "p = torch.full((3,), 0.5, requires_grad=True)", "b = torch.bernoulli(p)", "b",
            "b.grad_fn.name()", _NEXT.format("b"), "b.sum().backward()", "p.grad", "c = p.bernoulli()",
            "c.grad_fn.name()", "d = torch.bernoulli(p, 0.3)", "d", "d.grad_fn.name()", "d.sum().backward()",
            "torch.rand(2)"]),
        ("grad-leaf-refused", [
            "torch.manual_seed(0)", "x = torch.ones(3, requires_grad=True)", "x.normal_()", "x.uniform_()",
            "x.bernoulli_(0.5)", "torch.rand(2)"]),
    ]
    return out


def record(value):
    """What the fixture keeps of a snippet's value (tensors: dtype, shape, a hash of the
    bytes and their values, or a sample of them when large)."""
    import numpy as np

    if hasattr(value, "numpy") and hasattr(value, "dtype"):
        arr = np.ascontiguousarray(value.detach().numpy() if hasattr(value, "detach") else value.numpy())
        flat = arr.reshape(-1)
        if flat.size > 64:
            idx = np.unique(np.linspace(0, flat.size - 1, SAMPLE).astype(np.int64))
        else:
            idx = np.arange(flat.size)
        vals = flat[idx]
        if arr.dtype.kind == "f":
            vals = [float(v) for v in vals.astype(np.float64)]
        else:
            vals = [int(v) for v in vals.astype(np.int64)]
        return {"dtype": str(arr.dtype), "shape": list(arr.shape), "sha1": hashlib.sha1(arr.tobytes()).hexdigest(),
                "index": [int(i) for i in idx] if flat.size > 64 else None, "values": vals}
    if isinstance(value, (bool, int, float, str)):
        return {"py": value}
    return None  # generators and None: not compared
