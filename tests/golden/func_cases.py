"""The golden torch.func cases: snippets whose behaviour real torch defines.

Each case runs with only ``torch`` bound (real torch in func_generate.py,
gradcalc.engine in tests/engine/test_func_golden.py); what it prints, warns,
raises and leaves in ``result`` is compared by autograd_runner's rules. Dicts are
turned into tuples of (key, value) pairs by the case itself (the runner describes
tuples, lists and tensors). Inputs are literals, no random numbers.
"""

import textwrap

CASES = []


def case(id, *parts):
    code = "\n".join(textwrap.dedent(p).strip("\n") for p in parts)
    CASES.append({"id": id, "code": code.strip() + "\n"})


HEAD = """
    F = torch.func
    grad, grad_and_value, vjp, jacrev, hessian = F.grad, F.grad_and_value, F.vjp, F.jacrev, F.hessian
    functional_call, stack_module_state = F.functional_call, F.stack_module_state
    vmap, jvp, jacfwd, linearize = F.vmap, F.jvp, F.jacfwd, F.linearize
    fwAD = torch.autograd.forward_ad
    def items(d):
        return tuple((k, v) for k, v in d.items())
    x = torch.tensor([0.5, -1.0, 2.0])
    y = torch.tensor([1.5, 0.25, -0.75])
"""

# ---------------------------------------------------------------- grad
case("grad/cube", HEAD, "result = grad(lambda x: (x ** 3).sum())(x)")
case("grad/scalar-sin", HEAD, "result = grad(torch.sin)(torch.tensor(0.3))")
case("grad/argnums-1", HEAD, "result = grad(lambda x, y: (x * y.exp()).sum(), argnums=1)(x, y)")
case("grad/argnums-neg", HEAD, "result = grad(lambda x, y: (x * y.exp()).sum(), argnums=-2)(x, y)")
case("grad/argnums-tuple", HEAD, "result = grad(lambda x, y: (x * y.exp()).sum(), argnums=(0, 1))(x, y)")
case("grad/argnums-tuple-reversed", HEAD, "result = grad(lambda x, y: (x.sin() * y).sum(), argnums=(1, 0))(x, y)")
case("grad/has-aux", HEAD, "result = grad(lambda x: ((x ** 2).sum(), x.cos()), has_aux=True)(x)")
case("grad/has-aux-tuple-aux", HEAD, "result = grad(lambda x: ((x ** 2).sum(), (x, x.sum())), has_aux=True)(x)")
case("grad/kwargs-not-differentiated", HEAD, """
    def f(x, scale=1.0):
        return (x * scale).sum()
    result = grad(f)(x, scale=y)
""")
case("grad/dict-argument", HEAD, """
    p = {"w": x, "b": torch.tensor(0.5)}
    result = items(grad(lambda p: (p["w"] * 2 + p["b"]).pow(2).sum())(p))
""")
case("grad/list-argument", HEAD, "result = grad(lambda ps: (ps[0] * ps[1]).sum())([x, y])")
case("grad/tuple-argument", HEAD, "result = grad(lambda ps: (ps[0] * ps[1]).sum())((x, y))")
case("grad/unused-input-zeros", HEAD, "result = grad(lambda x, y: (y ** 2).sum())(x, y)")
case("grad/constant-output-zeros", HEAD, "result = grad(lambda x: torch.tensor(1.0))(x)")
case("grad/integer-output-zeros", HEAD, "result = grad(lambda x: x.long().sum())(x)")
case("grad/captured-constant", HEAD, """
    c = torch.tensor([2.0, 3.0, 4.0])
    result = grad(lambda x: (x * c).sum())(x)
""")
case("grad/captured-requires-grad", HEAD, """
    w = torch.tensor([2.0, 3.0, 4.0], requires_grad=True)
    g = grad(lambda x: (x * w).sum())(x)
    g.sum().backward()
    result = (g, w.grad)
""")
case("grad/input-requires-grad", HEAD, """
    xr = x.clone().requires_grad_()
    g = grad(lambda x: (x ** 3).sum())(xr)
    g.sum().backward()
    result = (g.requires_grad, xr.grad)
""")
case("grad/under-no-grad", HEAD, """
    xr = x.clone().requires_grad_()
    with torch.no_grad():
        g = grad(lambda x: (x ** 3).sum())(xr)
    result = g
""")
case("grad/x-unchanged", HEAD, """
    g = grad(lambda x: (x ** 2).sum())(x)
    result = (x, x.requires_grad, x.grad)
""")
case("grad/grad-of-grad", HEAD, "result = grad(grad(torch.sin))(torch.tensor(0.7))")
case("grad/grad-grad-grad", HEAD, "result = grad(grad(grad(lambda x: x ** 4)))(torch.tensor(1.5))")
case("grad/nested-closure", HEAD, """
    def outer(x):
        inner = grad(lambda y: (x * y).sum() ** 2)
        return inner(x).sum()
    result = grad(outer)(x)
""")
case("grad/perturbation-confusion", HEAD, """
    def f(x):
        g = grad(lambda y: x * y)(torch.tensor(1.0))
        return x * g
    result = grad(f)(torch.tensor(3.0))
""")
case("grad/grad-and-value", HEAD, "result = grad_and_value(lambda x: (x ** 2).sum())(x)")
case("grad/grad-and-value-aux", HEAD, "result = grad_and_value(lambda x: ((x ** 2).sum(), x.max()), has_aux=True)(x)")
case("grad/float64", HEAD, "result = grad(lambda x: x.exp().sum())(x.double())")
case("grad/repr", HEAD, """
    def f(x):
        return x.sum()
    print(grad(f))
    print(type(grad(f)))
""")
for name, code in [
        ("non-scalar", "grad(lambda x: x ** 2)(x)"),
        ("not-a-tensor", "grad(lambda x: 1.0)(x)"),
        ("input-not-tensor", "grad(lambda x: x)(1.0)"),
        ("argnum-out-of-range", "grad(lambda x: x.sum(), argnums=2)(x)"),
        ("argnum-negative-out-of-range", "grad(lambda x, y: x.sum(), argnums=-3)(x, y)"),
        ("argnums-empty", "grad(lambda x: x.sum(), argnums=())(x)"),
        ("argnums-repeated", "grad(lambda x: x.sum(), argnums=(0, 0))(x)"),
        ("argnums-float", "grad(lambda x: x.sum(), argnums=1.0)(x)"),
        ("argnums-list", "grad(lambda x: x.sum(), argnums=[0])(x)"),
        ("argnums-tuple-of-float", "grad(lambda x: x.sum(), argnums=(0.0,))(x)"),
        ("has-aux-not-pair", "grad(lambda x: x.sum(), has_aux=True)(x)"),
        ("has-aux-triple", "grad(lambda x: (x.sum(), x, x), has_aux=True)(x)"),
        ("has-aux-aux-not-tensor", "grad(lambda x: (x.sum(), 'aux'), has_aux=True)(x)"),
        ("integer-input", "grad(lambda x: x.sum())(torch.arange(3))"),
        ("no-arguments", "grad(lambda: torch.tensor(1.0))()"),
        ("dict-with-int", "grad(lambda p: p['a'].sum())({'a': x, 'n': 3})"),
        ("user-error-propagates", "grad(lambda x: x.view(5).sum())(x)"),
]:
    case(f"grad/error/{name}", HEAD, code)

# ---------------------------------------------------------------- vjp
case("vjp/basic", HEAD, """
    out, fn = vjp(torch.sin, x)
    result = (out, fn(torch.ones(3)))
""")
case("vjp/two-primals", HEAD, """
    out, fn = vjp(lambda a, b: a * b.exp(), x, y)
    result = (out, fn(torch.tensor([1.0, 2.0, 3.0])))
""")
case("vjp/tuple-output", HEAD, """
    out, fn = vjp(lambda a: (a.sin(), a.sum()), x)
    result = (out, fn((torch.ones(3), torch.tensor(2.0))))
""")
case("vjp/dict-output", HEAD, """
    out, fn = vjp(lambda a: {"s": a.sin(), "c": a.cos()}, x)
    result = (items(out), fn({"s": torch.ones(3), "c": torch.ones(3)}))
""")
case("vjp/has-aux", HEAD, """
    out, fn, aux = vjp(lambda a: (a ** 2, a.sum()), x, has_aux=True)
    result = (out, fn(torch.ones(3)), aux)
""")
case("vjp/call-twice", HEAD, """
    out, fn = vjp(torch.exp, x)
    result = (fn(torch.ones(3)), fn(torch.tensor([1.0, 0.0, 2.0])))
""")
case("vjp/create-graph-default-detached", HEAD, """
    out, fn = vjp(torch.exp, x)
    (g,) = fn(torch.ones(3))
    result = (out.requires_grad, g.requires_grad)
""")
case("vjp/captured-requires-grad", HEAD, """
    w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    out, fn = vjp(lambda a: a * w, x)
    (g,) = fn(torch.ones(3))
    result = (out, g)
""")
case("vjp/grad-of-vjp", HEAD, """
    def f(a):
        _, fn = vjp(torch.sin, a)
        return fn(torch.ones(3))[0].sum()
    result = grad(f)(x)
""")
case("vjp/repr", HEAD, """
    out, fn = vjp(torch.sin, x)
    print(fn)
""")
for name, code in [
        ("wrong-cotangent-shape", "vjp(torch.sin, x)[1](torch.ones(2))"),
        ("wrong-cotangent-structure", "vjp(torch.sin, x)[1]((torch.ones(3),))"),
        ("wrong-cotangent-structure-tuple", "vjp(lambda a: (a, a), x)[1](torch.ones(3))"),
        ("integer-output", "vjp(lambda a: a.long(), x)"),
        ("non-tensor-output", "vjp(lambda a: 3.0, x)"),
        ("none-output", "vjp(lambda a: None, x)"),
        ("has-aux-not-pair", "vjp(lambda a: a, x, has_aux=True)"),
        ("primal-not-tensor", "vjp(lambda a: a, 2.0)"),
]:
    case(f"vjp/error/{name}", HEAD, code)

# ---------------------------------------------------------------- jacrev / hessian
case("jacrev/sin", HEAD, "result = jacrev(torch.sin)(x)")
case("jacrev/matrix-input", HEAD, "result = jacrev(lambda m: m @ y)(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))")
case("jacrev/scalar-output", HEAD, "result = jacrev(lambda a: (a ** 2).sum())(x)")
case("jacrev/scalar-input", HEAD, "result = jacrev(lambda t: torch.stack([t, t ** 2, t.sin()]))(torch.tensor(0.5))")
case("jacrev/argnums-1", HEAD, "result = jacrev(lambda a, b: a * b ** 2, argnums=1)(x, y)")
case("jacrev/argnums-tuple", HEAD, "result = jacrev(lambda a, b: a * b ** 2, argnums=(0, 1))(x, y)")
case("jacrev/tuple-output", HEAD, "result = jacrev(lambda a: (a.exp(), a.sum()))(x)")
case("jacrev/tuple-output-argnums-tuple", HEAD, "result = jacrev(lambda a, b: (a * b, (a - b).sum()), argnums=(0, 1))(x, y)")
case("jacrev/dict-output", HEAD, "result = items(jacrev(lambda a: {'e': a.exp(), 's': a.sum()})(x))")
case("jacrev/dict-input", HEAD, "result = items(jacrev(lambda p: p['a'] * p['b'])({'a': x, 'b': y}))")
case("jacrev/has-aux", HEAD, "result = jacrev(lambda a: (a.sin(), a.cos()), has_aux=True)(x)")
case("jacrev/chunk-size", HEAD, "result = jacrev(torch.tanh, chunk_size=1)(x)")
case("jacrev/jacrev-of-jacrev", HEAD, "result = jacrev(jacrev(lambda a: a.sin() * a[0]))(x)")
case("jacrev/grad-inside", HEAD, "result = jacrev(grad(lambda a: (a ** 3).sum()))(x)")
case("jacrev/captured-requires-grad", HEAD, """
    w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    j = jacrev(lambda a: a * w)(x)
    j.sum().backward()
    result = (j, w.grad)
""")
case("jacrev/empty-output", HEAD, "result = jacrev(lambda a: a[:0])(x)")
case("hessian/sin-sum", HEAD, "result = hessian(lambda a: a.sin().sum())(x)")
case("hessian/quadratic", HEAD, """
    A = torch.tensor([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
    result = hessian(lambda a: a @ A @ a)(x)
""")
case("hessian/argnums-tuple", HEAD, "result = hessian(lambda a, b: (a * b).sin().sum(), argnums=(0, 1))(x, y)")
case("hessian/argnums-1", HEAD, "result = hessian(lambda a, b: (a * b ** 3).sum(), argnums=1)(x, y)")
case("hessian/vector-output", HEAD, "result = hessian(lambda a: a ** 3)(torch.tensor([1.0, 2.0]))")
for name, code in [
        ("chunk-size-zero", "jacrev(torch.sin, chunk_size=0)"),
        ("non-tensor-output", "jacrev(lambda a: 1.0)(x)"),
        ("argnum-out-of-range", "jacrev(torch.sin, argnums=1)(x)"),
        ("integer-output", "jacrev(lambda a: a.long())(x)"),
]:
    case(f"jacrev/error/{name}", HEAD, code)

# ---------------------------------------------------------------- functional_call / stack_module_state
LIN = """
    lin = torch.nn.Linear(3, 2)
    with torch.no_grad():
        lin.weight.copy_(torch.tensor([[0.1, 0.2, 0.3], [-0.4, 0.5, -0.6]]))
        lin.bias.copy_(torch.tensor([0.01, -0.02]))
    W = torch.tensor([[1.0, 0.0, -1.0], [2.0, 1.0, 0.0]])
    B = torch.tensor([0.5, 0.5])
"""
case("functional_call/dict", HEAD, LIN, """
    out = functional_call(lin, {"weight": W, "bias": B}, (x,))
    result = (out, lin.weight, lin.bias)
""")
case("functional_call/args-not-tuple", HEAD, LIN, "result = functional_call(lin, {'weight': W}, x)")
case("functional_call/partial-dict", HEAD, LIN, "result = functional_call(lin, {'bias': B}, (x,))")
case("functional_call/tuple-of-dicts", HEAD, LIN, "result = functional_call(lin, ({'weight': W}, {'bias': B}), (x,))")
case("functional_call/kwargs", HEAD, """
    class M(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.w = torch.nn.Parameter(torch.tensor([1.0, 2.0, 3.0]))
        def forward(self, a, scale=1.0):
            return (self.w * a * scale).sum()
    m = M()
    result = functional_call(m, {"w": y}, (x,), {"scale": torch.tensor(2.0)})
""")
case("functional_call/buffers", HEAD, """
    bn = torch.nn.BatchNorm1d(3)
    bn.eval()
    out = functional_call(bn, {"running_mean": torch.tensor([1.0, 2.0, 3.0]),
                               "running_var": torch.tensor([4.0, 1.0, 0.25])}, (x.unsqueeze(0),))
    result = (out, bn.running_mean)
""")
case("functional_call/nested-module", HEAD, """
    net = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Tanh(), torch.nn.Linear(2, 1))
    params = {"0.weight": torch.ones(2, 3), "0.bias": torch.zeros(2), "2.weight": torch.tensor([[1.0, -1.0]]),
              "2.bias": torch.tensor([0.1])}
    result = functional_call(net, params, (x,))
""")
case("functional_call/grad-wrt-params", HEAD, LIN, """
    params = {k: v.detach() for k, v in lin.named_parameters()}
    def loss(p, inp):
        return functional_call(lin, p, (inp,)).pow(2).sum()
    g = grad(loss)(params, x)
    result = (items(g), lin.weight.grad)
""")
case("functional_call/restores-after-error", HEAD, LIN, """
    try:
        functional_call(lin, {"weight": torch.ones(2, 2)}, (x,))
    except RuntimeError:
        pass
    result = lin.weight
""")
case("functional_call/tie-weights", HEAD, """
    class Tied(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.a = torch.nn.Linear(3, 3, bias=False)
            self.b = torch.nn.Linear(3, 3, bias=False)
            self.b.weight = self.a.weight
        def forward(self, v):
            return self.b(self.a(v))
    m = Tied()
    result = functional_call(m, {"a.weight": torch.eye(3) * 2}, (x,))
""")
case("functional_call/tie-weights-false", HEAD, """
    class Tied(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.a = torch.nn.Linear(3, 3, bias=False)
            self.b = torch.nn.Linear(3, 3, bias=False)
            with torch.no_grad():
                self.a.weight.copy_(torch.eye(3))
            self.b.weight = self.a.weight
        def forward(self, v):
            return self.b(self.a(v))
    m = Tied()
    result = functional_call(m, {"a.weight": torch.eye(3) * 2}, (x,), tie_weights=False)
""")
for name, code in [
        ("strict-missing", "functional_call(lin, {'weight': W}, (x,), strict=True)"),
        ("strict-unexpected", "functional_call(lin, {'weight': W, 'bias': B, 'extra': B}, (x,), strict=True)"),
        ("repeated-keys", "functional_call(lin, ({'weight': W}, {'weight': W}), (x,))"),
        ("not-dicts", "functional_call(lin, ({'weight': W}, 3), (x,))"),
        ("not-a-dict", "functional_call(lin, 3, (x,))"),
]:
    case(f"functional_call/error/{name}", HEAD, LIN, code)
case("stack_module_state/basic", HEAD, """
    models = []
    for k in range(3):
        m = torch.nn.Linear(2, 1)
        with torch.no_grad():
            m.weight.fill_(float(k))
            m.bias.fill_(-float(k))
        models.append(m)
    params, buffers = stack_module_state(models)
    result = (items(params), items(buffers), params["weight"].is_leaf)
""")
case("stack_module_state/buffers", HEAD, """
    models = [torch.nn.BatchNorm1d(2), torch.nn.BatchNorm1d(2)]
    params, buffers = stack_module_state(models)
    result = (items(params), items(buffers))
""")
for name, code in [
        ("empty", "stack_module_state([])"),
        ("mixed-mode", "stack_module_state([torch.nn.Linear(2, 1), torch.nn.Linear(2, 1).eval()])"),
        ("mixed-classes", "stack_module_state([torch.nn.Linear(2, 1), torch.nn.Tanh()])"),
        ("mixed-requires-grad", "stack_module_state([torch.nn.Linear(2, 1), torch.nn.Linear(2, 1).requires_grad_(False)])"),
]:
    case(f"stack_module_state/error/{name}", HEAD, code)

# ---------------------------------------------------------------- vmap
VX = """
    X = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75], [-2.0, 3.0, 0.1], [0.0, 1.0, -1.0]])
    W = torch.tensor([[1.0, -1.0], [0.5, 2.0], [-0.25, 0.75]])
"""
for name, code in [
        ("sin", "result = vmap(torch.sin)(X)"),
        ("pointwise-chain", "result = vmap(lambda t: (t.exp() * 2 - t.tanh()) / (1 + t ** 2))(X)"),
        ("captured-broadcast", "result = vmap(lambda t: t * y + x.sum())(X)"),
        ("scalar-output", "result = vmap(lambda t: (t * y).sum())(X)"),
        ("matmul-vector-matrix", "result = vmap(lambda t: t @ W)(X)"),
        ("matmul-matrix-vector", "result = vmap(lambda t: W.t() @ t)(X)"),
        ("dot", "result = vmap(torch.dot)(X, X.flip(0))"),
        ("mv", "result = vmap(torch.mv, in_dims=(None, 0))(W.t(), X)"),
        ("outer-product", "result = vmap(lambda a: torch.outer(a, y))(X)"),
        ("linear", "result = vmap(lambda t: torch.nn.functional.linear(t, W.t(), torch.tensor([0.5, -0.5])))(X)"),
        ("softmax", "result = vmap(lambda t: t.softmax(0))(X)"),
        ("log-softmax-neg-dim", "result = vmap(lambda t: t.log_softmax(-1))(X)"),
        ("sum-dim-keepdim", "result = vmap(lambda t: t.view(3, 1).sum(0, keepdim=True))(X)"),
        ("mean-max", "result = vmap(lambda t: (t.mean(), t.max()))(X)"),
        ("max-dim", "result = tuple(vmap(lambda t: t.max(0))(X))"),
        ("cumsum", "result = vmap(lambda t: t.cumsum(0))(X)"),
        ("norm", "result = vmap(lambda t: t.norm())(X)"),
        ("view-transpose", "result = vmap(lambda t: t.view(1, 3).t().reshape(3))(X)"),
        ("unsqueeze-squeeze", "result = vmap(lambda t: t.unsqueeze(-1).unsqueeze(0).squeeze())(X)"),
        ("permute", "result = vmap(lambda t: t.view(3, 1, 1).permute(2, 0, 1))(X)"),
        ("expand", "result = vmap(lambda t: t.expand(2, 3))(X)"),
        ("index", "result = vmap(lambda t: (t[0], t[1:], t[..., ::2]))(X)"),
        ("index-tensor", "result = vmap(lambda t: t[torch.tensor([2, 0])])(X)"),
        ("cat-stack", "result = vmap(lambda t: (torch.cat([t, y]), torch.stack([y, t], 1)))(X)"),
        ("unbind", "result = vmap(lambda t: t.unbind(0)[1])(X)"),
        ("where-compare", "result = vmap(lambda t: torch.where(t > 0, t, -t))(X)"),
        ("comparisons", "result = vmap(lambda t: ((t > 0) & (t < 2), t == 1.0, 0 < t))(X)"),
        ("argmax-loop", "result = vmap(lambda t: t.argmax())(X)"),
        ("clamp", "result = vmap(lambda t: t.clamp(min=-1.0, max=1.0))(X)"),
        ("mse-loss", "result = vmap(lambda t: torch.nn.functional.mse_loss(t, y))(X)"),
        ("cross-entropy", "result = vmap(lambda t, c: torch.nn.functional.cross_entropy(t, c))(X, torch.tensor([0, 2, 1, 1]))"),
        ("conv-fallback", "result = vmap(lambda t: torch.nn.functional.conv1d(t.view(1, 1, 3), torch.ones(1, 1, 2)))(X)"),
        ("in-dims-1", "result = vmap(lambda t: t * 2, in_dims=1)(X)"),
        ("in-dims-neg", "result = vmap(lambda t: t.sum(), in_dims=-1)(X)"),
        ("in-dims-tuple-none", "result = vmap(lambda a, b: a + b, in_dims=(0, None))(X, y)"),
        ("in-dims-nested", "result = vmap(lambda p: p[0] * p[1], in_dims=((0, None),))((X, y))"),
        ("in-dims-dict", "result = vmap(lambda d: d['a'] - d['b'])({'a': X, 'b': X.flip(0)})"),
        ("out-dims-1", "result = vmap(lambda t: t * t, out_dims=1)(X)"),
        ("out-dims-tuple", "result = vmap(lambda t: (t, t.sum()), out_dims=(1, 0))(X)"),
        ("out-dims-none", "result = vmap(lambda t: (t * 2, y), out_dims=(0, None))(X)"),
        ("unbatched-output-expanded", "result = vmap(lambda t: y * 2)(X)"),
        ("kwargs-not-mapped", "result = vmap(lambda t, scale=1.0: t * scale)(X, scale=y)"),
        ("nested", "result = vmap(vmap(lambda a: a * 2 + 1))(X)"),
        ("nested-outer-product", "result = vmap(vmap(torch.mul, in_dims=(0, None)), in_dims=(None, 0))(y, X[0])"),
        ("nested-in-dims", "result = vmap(vmap(lambda a: a.sum(), in_dims=0), in_dims=1)(X)"),
        ("chunk-size", "result = vmap(torch.exp, chunk_size=3)(X)"),
        ("chunk-size-1", "result = vmap(lambda t: (t.sum(), t), chunk_size=1)(X)"),
        ("randomness-same", "torch.manual_seed(0)\nresult = vmap(lambda t: torch.rand(3) + t * 0, randomness='same')(X)"),
        ("grad-per-example", "result = vmap(grad(lambda t: (t ** 3).sum()))(X)"),
        ("per-sample-grads", """
            lin = torch.nn.Linear(3, 2)
            with torch.no_grad():
                lin.weight.copy_(torch.tensor([[0.1, 0.2, 0.3], [-0.4, 0.5, -0.6]]))
                lin.bias.copy_(torch.tensor([0.01, -0.02]))
            params = {k: v.detach() for k, v in lin.named_parameters()}
            targets = torch.tensor([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5], [1.0, 1.0]])
            def loss(p, xi, ti):
                return ((functional_call(lin, p, (xi,)) - ti) ** 2).mean()
            result = items(vmap(grad(loss), in_dims=(None, 0, 0))(params, X, targets))
        """),
        ("jacrev-per-example", "result = vmap(jacrev(lambda t: t.sin() * t.sum()))(X)"),
        ("hessian-per-example", "result = vmap(hessian(lambda t: (t ** 3).sum()))(X)"),
        ("grad-of-vmap", "result = grad(lambda t: vmap(torch.sin)(t).sum())(X)"),
        ("jacrev-of-vmap", "result = jacrev(vmap(lambda t: t * t.sum()))(X[:2])"),
        ("vmap-requires-grad-input", """
            Xr = X.clone().requires_grad_()
            out = vmap(lambda t: (t ** 2).sum())(Xr)
            out.sum().backward()
            result = (out, Xr.grad)
        """),
        ("inplace-on-batched", "result = vmap(lambda t: t.clone().mul_(2).add_(1))(X)"),
        ("repr", "def f(t):\n    return t\nprint(vmap(f))"),
]:
    case(f"vmap/{name}", HEAD, VX, code)
for name, code in [
        ("item", "vmap(lambda t: t.sum().item())(X)"),
        ("control-flow", "vmap(lambda t: 1 if t.sum() > 0 else 0)(X)"),
        ("inplace-captured", "c = torch.zeros(3)\nvmap(lambda t: c.add_(t))(X)"),
        ("randomness-error", "vmap(lambda t: torch.rand(3) + t)(X)"),
        ("randomness-bad", "vmap(lambda t: t, randomness='bad')(X)"),
        ("in-dim-out-of-range", "vmap(lambda t: t, in_dims=2)(X)"),
        ("in-dims-structure", "vmap(lambda t: t, in_dims=(0, 1))(X)"),
        ("in-dims-float", "vmap(lambda t: t, in_dims=0.5)(X)"),
        ("in-dims-list", "vmap(lambda t: t, in_dims=[0])(X)"),
        ("in-dims-none", "vmap(lambda t: t, in_dims=None)(X)"),
        ("sizes-differ", "vmap(lambda a, b: a, in_dims=(0, 0))(X, torch.zeros(5, 3))"),
        ("no-inputs", "vmap(lambda: torch.zeros(1))()"),
        ("non-tensor-input", "vmap(lambda t: t)(3.0)"),
        ("all-none", "vmap(lambda t: t, in_dims=(None,))(X)"),
        ("non-tensor-output", "vmap(lambda t: 3.0)(X)"),
        ("out-dim-out-of-range", "vmap(lambda t: t, out_dims=2)(X)"),
        ("out-dims-structure", "vmap(lambda t: t.sum(), out_dims=(0, 1))(X)"),
        ("out-dims-none-batched", "vmap(lambda t: t, out_dims=None)(X)"),
        ("chunk-size-zero", "vmap(lambda t: t, chunk_size=0)(X)"),
        ("tolist", "vmap(lambda t: t.tolist())(X)"),
        ("user-error", "vmap(lambda t: t.view(4))(X)"),
]:
    case(f"vmap/error/{name}", HEAD, VX, code)

# ---------------------------------------------------------------- forward mode
for name, code in [
        ("jvp/sin", "result = jvp(torch.sin, (x,), (y,))"),
        ("jvp/two-primals", "result = jvp(lambda a, b: a * b.exp(), (x, y), (y, x))"),
        ("jvp/tuple-output", "result = jvp(lambda a: (a.sin(), a.sum()), (x,), (y,))"),
        ("jvp/has-aux", "result = jvp(lambda a: (a ** 2, a.cos()), (x,), (y,), has_aux=True)"),
        ("jvp/matmul", "result = jvp(lambda m: m @ x, (torch.eye(3) * 2,), (torch.ones(3, 3),))"),
        ("jvp/matmul-family", """
            M = torch.tensor([[1.0, 2.0, 0.5], [-1.0, 0.0, 3.0]])
            B = torch.stack([M, M * 2])
            result = (jvp(lambda a: M.mv(a), (x,), (y,)), jvp(lambda a: a.dot(x), (x,), (y,)),
                      jvp(lambda a, m: m.mm(a.unsqueeze(1)), (x, M), (y, M * 0.5)),
                      jvp(lambda m: m.bmm(B.transpose(1, 2)), (B,), (B * 0.1,)),
                      jvp(lambda b, m: torch.addmm(b, m, M.t(), beta=0.5, alpha=2.0), (y[:2], M), (x[:2], M)),
                      jvp(lambda m: torch.nn.functional.linear(m, M, y[:2]), (M.t(),), (M.t() * 3,)))
        """),
        ("jvp/independent-output", "result = jvp(lambda a: y * 2, (x,), (y,))"),
        ("jvp/captured-requires-grad", """
            w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
            out, t = jvp(lambda a: a * w, (x,), (y,))
            result = (out, t)
        """),
        ("jvp/grad-of-jvp", "result = grad(lambda a: jvp(torch.sin, (a,), (y,))[1].sum())(x)"),
        ("jvp/jvp-of-grad", "result = jvp(grad(lambda a: (a ** 3).sum()), (x,), (y,))"),
        # forward over reverse through rules reading the op's result (the saved output keeps its tangent)
        ("jvp/jvp-of-grad-result-rules",
         "result = jvp(grad(lambda a: (a.exp() * a.tanh() + a.sigmoid() + a.abs().sqrt()).sum()), (x,), (y,))"),
        ("jvp/jvp-of-grad-softmax",
         "result = jvp(grad(lambda a: (torch.softmax(a, 0) * y).sum() + torch.log_softmax(a, 0)[1]), (x,), (y,))"),
        ("jacfwd/sin", "result = jacfwd(torch.sin)(x)"),
        ("jacfwd/argnums-tuple", "result = jacfwd(lambda a, b: a * b ** 2, argnums=(0, 1))(x, y)"),
        ("jacfwd/tuple-output", "result = jacfwd(lambda a: (a.exp(), a.sum()))(x)"),
        ("jacfwd/has-aux", "result = jacfwd(lambda a: (a.sin(), a.cos()), has_aux=True)(x)"),
        ("jacfwd/matrix", "result = jacfwd(lambda m: (m @ y).tanh())(torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 0.0]]))"),
        ("jacfwd/jacfwd-of-jacfwd", "result = jacfwd(jacfwd(lambda a: (a ** 3).sum()))(x)"),
        ("jacfwd/jacfwd-of-jacrev", "result = jacfwd(jacrev(lambda a: a.sin().sum() * a[0]))(x)"),
        ("jacfwd/jacrev-of-jacfwd", "result = jacrev(jacfwd(lambda a: a.sin() * a.sum()))(x)"),
        ("jacfwd/vmap", "result = vmap(jacfwd(torch.tanh))(torch.stack([x, y]))"),
        ("linearize/exp", """
            out, fn = linearize(torch.exp, x)
            result = (out, fn(y), fn(x))
        """),
        ("forward_ad/basic", """
            with fwAD.dual_level():
                d = fwAD.make_dual(x, y)
                out = (d.sin() * d).sum() + d.exp().mean()
                p, t = fwAD.unpack_dual(out)
            result = (p, t, fwAD.unpack_dual(out).tangent)
        """),
        ("forward_ad/namedtuple", """
            with fwAD.dual_level():
                u = fwAD.unpack_dual(fwAD.make_dual(x, y) * 2)
                print(type(u).__name__, u._fields)
            result = (u.primal, u.tangent)
        """),
        ("forward_ad/enter-exit", """
            lvl = fwAD.enter_dual_level()
            d = fwAD.make_dual(x, y)
            t = fwAD.unpack_dual(d.tanh()).tangent
            fwAD.exit_dual_level()
            result = (lvl, t, fwAD.unpack_dual(d).tangent)
        """),
        ("forward_ad/nn-layer", """
            lin = torch.nn.Linear(3, 2)
            with torch.no_grad():
                lin.weight.copy_(torch.tensor([[0.1, 0.2, 0.3], [-0.4, 0.5, -0.6]]))
                lin.bias.copy_(torch.tensor([0.01, -0.02]))
            with fwAD.dual_level():
                out = torch.nn.functional.softmax(lin(fwAD.make_dual(x, y)).relu(), 0)
                result = fwAD.unpack_dual(out).tangent
        """),
        ("forward_ad/forward-over-reverse", """
            xr = x.clone().requires_grad_()
            with fwAD.dual_level():
                d = fwAD.make_dual(xr, y)
                out = (d.exp() + d.tanh() * d + d.sigmoid() + d.abs().sqrt() + d.reciprocal()).sum()
                g, = torch.autograd.grad(out, xr, create_graph=True)
                result = (g.detach(), fwAD.unpack_dual(g).tangent.detach())
        """),
        ("forward_ad/print-dual", """
            with fwAD.dual_level():
                d = fwAD.make_dual(x, y)
                print(d)
                print(d * 2)
                print(d.sum())
                print(fwAD.make_dual(torch.zeros(2, 3), torch.ones(2, 3)))
                result = repr(d.exp())
        """),
        ("forward_ad/custom-function-jvp", """
            class MyExp(torch.autograd.Function):
                @staticmethod
                def forward(ctx, a):
                    out = a.exp()
                    ctx.save_for_backward(out)
                    ctx.save_for_forward(out)
                    return out
                @staticmethod
                def backward(ctx, g):
                    (out,) = ctx.saved_tensors
                    return g * out
                @staticmethod
                def jvp(ctx, t):
                    (out,) = ctx.saved_tensors
                    return t * out * 10
            xr = x.clone().requires_grad_()
            with fwAD.dual_level():
                p, t = fwAD.unpack_dual(MyExp.apply(fwAD.make_dual(x, y)))
                o = MyExp.apply(fwAD.make_dual(xr, y))
                t2 = fwAD.unpack_dual(o).tangent
            o.sum().backward()
            result = (p, t, t2.detach(), xr.grad)
        """),
        ("forward_ad/custom-function-setup-context", """
            class Scale(torch.autograd.Function):
                @staticmethod
                def forward(a, b, k):
                    return a * b * k
                @staticmethod
                def setup_context(ctx, inputs, output):
                    a, b, k = inputs
                    ctx.k = k
                    ctx.save_for_forward(a, b)
                @staticmethod
                def backward(ctx, g):
                    return g, g, None
                @staticmethod
                def jvp(ctx, ta, tb, tk):
                    a, b = ctx.saved_tensors
                    print("tb", tb, "tk", tk)
                    return (ta * b + a * tb) * ctx.k
            with fwAD.dual_level():
                result = fwAD.unpack_dual(Scale.apply(fwAD.make_dual(x, y), torch.tensor([1.0, 2.0, 3.0]), 2.0))
        """),
        ("forward_ad/custom-function-two-outputs", """
            class Two(torch.autograd.Function):
                @staticmethod
                def forward(ctx, a):
                    return a * 2, a.sum()
                @staticmethod
                def backward(ctx, g, h):
                    return g * 2 + h
                @staticmethod
                def jvp(ctx, t):
                    return t * 2, t.sum()
            with fwAD.dual_level():
                u, v = Two.apply(fwAD.make_dual(x, y))
                result = (fwAD.unpack_dual(u).tangent, fwAD.unpack_dual(v).tangent)
        """),
        ("forward_ad/custom-function-in-jvp-transform", """
            class Cube(torch.autograd.Function):
                @staticmethod
                def forward(ctx, a):
                    ctx.save_for_forward(a)
                    return a ** 3
                @staticmethod
                def backward(ctx, g):
                    return g
                @staticmethod
                def jvp(ctx, t):
                    (a,) = ctx.saved_tensors
                    return 3 * a ** 2 * t
            result = jvp(Cube.apply, (x,), (y,))
        """),
        ("forward_ad/custom-function-setup-context-in-transforms", """
            class Cube(torch.autograd.Function):
                @staticmethod
                def forward(a):
                    return a ** 3
                @staticmethod
                def setup_context(ctx, inputs, output):
                    (a,) = inputs
                    ctx.save_for_backward(a)
                    ctx.save_for_forward(a)
                @staticmethod
                def backward(ctx, g):
                    (a,) = ctx.saved_tensors
                    return 3 * a ** 2 * g
                @staticmethod
                def jvp(ctx, t):
                    (a,) = ctx.saved_tensors
                    return 3 * a ** 2 * t
            # (jacfwd/jacrev vmap in torch: a Function needs a vmap rule there)
            result = (jvp(Cube.apply, (x,), (y,)), grad(lambda a: Cube.apply(a).sum())(x),
                      jvp(grad(lambda a: Cube.apply(a).sum()), (x,), (y,)))
        """),
        ("forward_ad/in-place-writes", """
            def t_of(a):
                return fwAD.unpack_dual(a).tangent
            with fwAD.dual_level():
                a = fwAD.make_dual(x.clone(), y) * 1
                a.zero_()
                b = fwAD.make_dual(x.clone(), y) * 1
                b.copy_(torch.tensor([5.0, 6.0, 7.0]))
                c = x.clone()
                c.copy_(fwAD.make_dual(torch.tensor([5.0, 6.0, 7.0]), y))
                d = x.clone()
                d.copy_(fwAD.make_dual(torch.tensor(5.0), torch.tensor(2.0)))
                e = fwAD.make_dual(x.clone(), y) * 1
                e[1] = 10.0
                f = x.clone()
                f[1:] = fwAD.make_dual(torch.tensor([5.0, 6.0]), torch.tensor([7.0, 8.0]))
                g = fwAD.make_dual(x.clone(), y) * 1
                g[0] = fwAD.make_dual(torch.tensor(5.0), torch.tensor(9.0))
                h = fwAD.make_dual(x.clone(), y) * 1
                v = h[1:]
                v.mul_(2)
                k = fwAD.make_dual(x.clone(), y) * 1
                k[torch.tensor([0, 2])] = 0.0
                m = fwAD.make_dual(x.clone(), y) * 1
                m[1:].zero_()
                n = fwAD.make_dual(x.clone(), y) * 1
                n.add_(fwAD.make_dual(torch.ones(3), torch.ones(3)))
                p = fwAD.make_dual(x.clone(), y) * 1
                p[:2].sin_()
                result = (t_of(a), t_of(b), t_of(c), t_of(d), t_of(e), t_of(f), t_of(g), t_of(h), t_of(v), t_of(k),
                          t_of(m), t_of(n), t_of(p))
        """),
        ("forward_ad/unpack-plain", """
            with fwAD.dual_level():
                result = fwAD.unpack_dual(x)
        """),
        ("forward_ad/backward-through-primal", """
            xr = x.clone().requires_grad_()
            with fwAD.dual_level():
                d = fwAD.make_dual(xr, y)
                p, t = fwAD.unpack_dual((d ** 2).sum())
            p.backward()
            result = (p, t, xr.grad)
        """),
]:
    case(name, HEAD, code)
for name, code in [
        ("jvp/error/primals-not-tuple", "jvp(torch.sin, x, (y,))"),
        ("jvp/error/structure", "jvp(torch.sin, (x,), (y, y))"),
        ("jvp/error/non-tensor-output", "jvp(lambda a: 1.0, (x,), (y,))"),
        ("jvp/error/has-aux-not-pair", "jvp(lambda a: a, (x,), (y,), has_aux=True)"),
        ("jvp/error/strict", "jvp(lambda a: y * 2, (x,), (y,), strict=True)"),
        ("forward_ad/error/no-level", "fwAD.make_dual(x, y)"),
        ("forward_ad/error/nested", "with fwAD.dual_level():\n    fwAD.enter_dual_level()"),
        ("forward_ad/error/integer", "with fwAD.dual_level():\n    fwAD.make_dual(torch.tensor([1, 2]), y[:2])"),
]:
    case(name, HEAD, code)
CUSTOM = """
    def custom(jvp_fn, two=False):
        class Fn(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a):
                return (a * 2, a * 3) if two else a * 2
            @staticmethod
            def backward(ctx, *g):
                return g[0]
        if jvp_fn is not None:
            Fn.jvp = staticmethod(jvp_fn)
        return Fn
"""
for name, code in [
        ("no-jvp", "with fwAD.dual_level():\n    custom(None).apply(fwAD.make_dual(x, y))"),
        ("too-few", "with fwAD.dual_level():\n    custom(lambda ctx, t: t, two=True).apply(fwAD.make_dual(x, y))"),
        ("too-many", "with fwAD.dual_level():\n    custom(lambda ctx, t: (t, t)).apply(fwAD.make_dual(x, y))"),
        ("wrong-size", "with fwAD.dual_level():\n    custom(lambda ctx, t: t[:1]).apply(fwAD.make_dual(x, y))"),
        ("not-a-tensor", "with fwAD.dual_level():\n    custom(lambda ctx, t: 3.0).apply(fwAD.make_dual(x, y))"),
]:
    case(f"forward_ad/error/custom-function-{name}", HEAD, CUSTOM, code)
for name, code in [
        ("forward_ad/no-dual-input-needs-no-jvp", """
            with fwAD.dual_level():
                result = custom(None).apply(x)
        """),
]:
    case(name, HEAD, code)


# ---------------------------------------------------------------- nested forward levels
# a jvp inside a jvp opens a level of its own (functorch's levels): both run forward mode, an outer
# tangent never leaks into an inner one's; the public dual_level API still refuses to nest
for name, code in [
        ("jvp-of-jvp", "result = jvp(lambda a: jvp(lambda b: b.sin() * b, (a,), (y,))[1], (x,), (x,))"),
        ("jvp-of-jvp-of-jvp", """
            f1 = lambda a: jvp(torch.tanh, (a,), (y,))[1]
            f2 = lambda a: jvp(f1, (a,), (y,))[1]
            result = jvp(f2, (x,), (y,))
        """),
        ("perturbation-confusion", """
            def outer(a):
                return jvp(lambda b: a * b, (torch.tensor(1.0),), (torch.tensor(1.0),))[1]
            result = jvp(outer, (torch.tensor(2.0),), (torch.tensor(1.0),))
        """),
        ("captured-outer-dual", """
            def outer(a):
                return jvp(lambda b: (a * b).sin() + b * b, (y,), (x,))
            result = jvp(outer, (x,), (y,))
        """),
        ("jacfwd-jacfwd-two-args", "result = jacfwd(jacfwd(lambda a, b: (a * b.exp()).sum() * a[0], argnums=(0, 1)))(x, y)"),
        ("jacfwd-jacfwd-vector", "result = jacfwd(jacfwd(lambda a: a.sin() * a.prod()))(x)"),
        ("jacfwd-jacfwd-jacfwd", "result = jacfwd(jacfwd(jacfwd(lambda a: (a.exp() * a[1]).sum())))(x)"),
        ("jacfwd-jacfwd-has-aux", "result = jacfwd(jacfwd(lambda a: ((a ** 3).sum(), a.cos()), has_aux=True), has_aux=True)(x)"),
        ("hessian-of-jacfwd", "result = hessian(jacfwd(lambda a: a.sin() * a.sum()))(x)"),
        ("jacfwd-jacfwd-jacrev", "result = jacfwd(jacfwd(jacrev(lambda a: (a ** 4).sum() * a[2])))(x)"),
        ("jacrev-jacfwd-jacfwd", "result = jacrev(jacfwd(jacfwd(lambda a: (a.sin() * a).sum())))(x)"),
        ("jacfwd-jacfwd-ops", """
            M = torch.tensor([[1.0, 2.0, 0.5], [-1.0, 0.0, 3.0]])
            def f(a):
                h = torch.tanh(M @ a)
                return (torch.softmax(h, 0) * torch.stack([h.exp(), h * 2]).sum(0)).sum() + a.norm()
            result = jacfwd(jacfwd(f))(x)
        """),
        ("jacfwd-jacfwd-nn", """
            lin = torch.nn.Linear(3, 2)
            with torch.no_grad():
                lin.weight.copy_(torch.tensor([[0.1, 0.2, 0.3], [-0.4, 0.5, -0.6]]))
                lin.bias.copy_(torch.tensor([0.01, -0.02]))
            result = jacfwd(jacfwd(lambda a: torch.nn.functional.gelu(lin(a)).sum()))(x)
        """),
        ("jvp-of-jvp-requires-grad", """
            xr = x.clone().requires_grad_()
            t = jvp(lambda a: jvp(lambda b: (b ** 3).sum(), (a,), (y,))[1], (xr,), (y,))[1]
            t.backward()
            result = (t, xr.grad)
        """),
        ("vmap-of-jacfwd-jacfwd", "result = vmap(jacfwd(jacfwd(lambda a: (a ** 3).sum())))(torch.stack([x, y]))"),
        ("jacfwd-jacfwd-of-vmap", "result = jacfwd(jacfwd(lambda a: vmap(torch.sin)(a).sum()))(x)"),
]:
    case(f"nested_forward/{name}", HEAD, code)
for name, code in [
        ("jvp-inside-dual-level", "with fwAD.dual_level():\n    jvp(torch.sin, (x,), (y,))"),
        ("dual-level-inside-jvp", """
            def f(a):
                with fwAD.dual_level():
                    return a * 2
            jvp(f, (x,), (y,))
        """),
        ("jacfwd-inside-dual-level", "with fwAD.dual_level():\n    jacfwd(torch.sin)(x)"),
]:
    case(f"nested_forward/error/{name}", HEAD, code)


def build_cases():
    return list(CASES)
