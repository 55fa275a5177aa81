"""The golden autograd cases: snippets whose behaviour real torch defines.

``build_cases()`` returns a list of ``{"id", "code"}``. Each snippet runs with only
``torch`` bound (real torch in autograd_generate.py, gradcalc.engine in
tests/engine/test_autograd_golden.py); what it prints, warns, raises and leaves in
``result`` is compared (see autograd_runner.py). Inputs are literals; no case
depends on a random generator (gradgradcheck's random grad_outputs only ever
reach a printed first line).

Sections: autograd.grad, backward and its errors, hooks, custom Functions,
anomaly mode, the functional API (jacobian, hessian, vjp, jvp, hvp, vhp), gradcheck.
"""

import textwrap

CASES = []


def case(id, *parts):
    """A case from code parts (shared set-up lines, then the case's own lines), each dedented."""
    code = "\n".join(textwrap.dedent(p).strip("\n") for p in parts)
    CASES.append({"id": id, "code": code.strip() + "\n"})


# ============================================================== autograd.grad
X2 = "x = torch.tensor([1.0, 2.0], requires_grad=True)\n"

case("grad/basic", X2, """
    y = (x ** 2).sum()
    result = torch.autograd.grad(y, x)
    print(x.grad)
""")
case("grad/list-of-inputs", X2, """
    w = torch.tensor([3.0, 4.0], requires_grad=True)
    result = torch.autograd.grad((x * w).sum(), [x, w])
""")
case("grad/unused-input", X2, """
    z = torch.tensor([1.0, 2.0], requires_grad=True)
    torch.autograd.grad((x ** 2).sum(), [x, z])
""")
case("grad/unused-first-input", X2, """
    z = torch.tensor([1.0, 2.0], requires_grad=True)
    torch.autograd.grad((x ** 2).sum(), [z, x])
""")
case("grad/allow-unused", X2, """
    z = torch.tensor([1.0, 2.0], requires_grad=True)
    result = torch.autograd.grad((x ** 2).sum(), [x, z], allow_unused=True)
""")
case("grad/materialize-grads", X2, """
    z = torch.tensor([1.0, 2.0], requires_grad=True)
    result = torch.autograd.grad((x ** 2).sum(), [x, z], materialize_grads=True)
""")
case("grad/materialize-with-allow-unused-false", X2, """
    torch.autograd.grad(x.sum(), x, allow_unused=False, materialize_grads=True)
""")
case("grad/non-scalar-without-grad-outputs", X2, """
    torch.autograd.grad(x ** 2, x)
""")
case("grad/non-scalar-with-grad-outputs", X2, """
    y = x ** 2
    result = torch.autograd.grad(y, x, torch.tensor([1.0, 0.5]))
""")
case("grad/grad-outputs-wrong-shape", X2, """
    torch.autograd.grad(x ** 2, x, torch.ones(3))
""")
case("grad/grad-outputs-other-dtype", X2, """
    result = torch.autograd.grad(x.sum(), x, torch.tensor(2.0, dtype=torch.float64))
""")
case("grad/grad-outputs-python-number", X2, """
    result = torch.autograd.grad(x.sum(), x, grad_outputs=2.0)
""")
case("grad/grad-outputs-integer-tensor", X2, """
    result = torch.autograd.grad(x.sum(), x, grad_outputs=torch.tensor(2))
""")
case("grad/grad-outputs-one-element-for-scalar", X2, """
    torch.autograd.grad(x.sum(), x, torch.tensor([2.0]))
""")
case("grad/several-outputs", X2, """
    y1 = x.sum()
    y2 = (x * x).sum()
    result = (torch.autograd.grad([y1, y2], x, retain_graph=True),
              torch.autograd.grad([y1, y2], x, [torch.tensor(2.0), None]))
""")
case("grad/output-list-with-none-grad-non-scalar", X2, """
    torch.autograd.grad([x * 2], x, [None])
""")
case("grad/grad-untouched", X2, """
    y = (x * 3).sum()
    g = torch.autograd.grad(y, x)
    print(x.grad, g)
""")
case("grad/non-leaf-input", X2, """
    h = x * 3
    y = (h ** 2).sum()
    result = (torch.autograd.grad(y, h, retain_graph=True), torch.autograd.grad(y, [h, x]))
    print(x.grad)
""")
case("grad/input-is-output", X2, """
    result = torch.autograd.grad(x, x, torch.ones(2))
""")
case("grad/input-without-requires-grad", """
    x = torch.tensor([1.0, 2.0])
    torch.autograd.grad((x ** 2).sum(), x)
""")
case("grad/output-without-requires-grad", X2, """
    w = torch.tensor([1.0, 2.0])
    torch.autograd.grad((w * 2).sum(), x)
""")
case("grad/second-output-without-requires-grad", X2, """
    w = torch.tensor([1.0, 2.0])
    torch.autograd.grad([x.sum(), w.sum()], x)
""")
case("grad/empty-inputs", X2, """
    torch.autograd.grad(x.sum(), [])
""")
case("grad/empty-outputs", X2, """
    torch.autograd.grad([], x)
""")
case("grad/non-tensor-input", X2, """
    torch.autograd.grad(x.sum(), [x, 3])
""")
case("grad/second-call-frees-graph", X2, """
    y = (x * x).sum()
    torch.autograd.grad(y, x)
    torch.autograd.grad(y, x)
""")
case("grad/second-call-without-saved-tensors", X2, """
    y = (x * 2).sum()
    torch.autograd.grad(y, x)
    result = torch.autograd.grad(y, x)
""")
case("grad/retain-graph", X2, """
    y = (x * x).sum()
    torch.autograd.grad(y, x, retain_graph=True)
    result = torch.autograd.grad(y, x)
""")
case("grad/same-input-twice", X2, """
    result = torch.autograd.grad((x * x).sum(), [x, x])
""")
case("grad/create-graph", X2, """
    (g,) = torch.autograd.grad((x ** 3).sum(), x, create_graph=True)
    (h,) = torch.autograd.grad(g.sum(), x)
    result = (g, h)
""")
case("grad/create-graph-retains-graph", X2, """
    y = (x ** 3).sum()
    torch.autograd.grad(y, x, create_graph=True)
    result = torch.autograd.grad(y, x)
""")
case("grad/is-grads-batched", X2, """
    y = x ** 2
    result = torch.autograd.grad(y, x, torch.eye(2), is_grads_batched=True)
""")
case("grad/is-grads-batched-scalar", X2, """
    torch.autograd.grad(x.sum(), x, is_grads_batched=True)
""")
case("grad/tuple-input-gives-tuple", X2, """
    result = (torch.autograd.grad(x.sum(), (x,)), torch.autograd.grad(x.sum(), x))
""")
case("grad/third-derivative-of-x4", """
    x = torch.tensor(2.0, requires_grad=True)
    y = x ** 4
    (g1,) = torch.autograd.grad(y, x, create_graph=True)
    (g2,) = torch.autograd.grad(g1, x, create_graph=True)
    (g3,) = torch.autograd.grad(g2, x, create_graph=True)
    result = (g1.detach(), g2.detach(), g3.detach())
""")
case("grad/mixed-partials", """
    x = torch.tensor(1.5, dtype=torch.float64, requires_grad=True)
    y = torch.tensor(-0.5, dtype=torch.float64, requires_grad=True)
    f = x ** 3 * y ** 2 + torch.sin(x * y)
    gx, gy = torch.autograd.grad(f, (x, y), create_graph=True)
    gxy, = torch.autograd.grad(gx, y, retain_graph=True)
    gyx, = torch.autograd.grad(gy, x)
    result = (gx, gy, gxy, gyx)
""")
case("grad/no-grad-mode-inside", X2, """
    y = (x ** 2).sum()
    with torch.no_grad():
        (g,) = torch.autograd.grad(y, x, create_graph=True)
    result = g
""")

# ============================================================== backward and its errors
case("backward/scalar-only", X2, """
    (x * 2).backward()
""")
case("backward/no-grad-fn", """
    x = torch.tensor([1.0, 2.0])
    (x * 2).sum().backward()
""")
case("backward/integer-scalar", """
    x = torch.tensor(2)
    x.backward()
""")
case("backward/twice", X2, """
    y = x * x
    y.sum().backward()
    y.sum().backward()
""")
case("backward/twice-without-saved-tensors", X2, """
    y = x * 2 + 1
    y.sum().backward()
    y.sum().backward()
    print(x.grad)
""")
case("backward/twice-saved-output", X2, """
    y = x.exp()
    y.sum().backward()
    y.sum().backward()
""")
case("backward/retain-graph", X2, """
    y = (x * x).sum()
    y.backward(retain_graph=True)
    y.backward()
    print(x.grad)
""")
case("backward/accumulates", X2, """
    for _ in range(3):
        (x * x).sum().backward()
    print(x.grad)
""")
case("backward/grad-none-resets", X2, """
    (x * 3).sum().backward()
    x.grad = None
    (x * 2).sum().backward()
    print(x.grad)
""")
case("backward/grad-zero", X2, """
    (x * 3).sum().backward()
    g = x.grad
    x.grad.zero_()
    (x * 2).sum().backward()
    print(x.grad, g is x.grad)
""")
case("backward/assign-grad", """
    x = torch.tensor(1.0, requires_grad=True)
    x.grad = torch.tensor(2.0)
    (x * 3).backward()
    print(x.grad)
""")
case("backward/assign-grad-wrong-size", """
    x = torch.tensor(1.0, requires_grad=True)
    x.grad = torch.tensor([1.0])
""")
case("backward/assign-grad-wrong-type", """
    x = torch.tensor(1.0, requires_grad=True)
    x.grad = 3.0
""")
case("backward/gradient-argument", X2, """
    y = x * 2
    y.backward(torch.tensor([1.0, 0.5]))
    print(x.grad)
""")
case("backward/gradient-wrong-shape", X2, """
    (x * 2).backward(torch.tensor([1.0, 1.0, 1.0]))
""")
case("backward/gradient-as-list", X2, """
    (x * 2).backward([1.0, 0.5])
""")
case("backward/autograd-backward-several", X2, """
    torch.autograd.backward([(x * 2).sum(), (x * 3).sum()])
    print(x.grad)
    torch.autograd.backward([x * 2, (x * 3).sum()], [torch.ones(2), None])
    print(x.grad)
""")
case("backward/inputs-leaf", X2, """
    w = torch.tensor([3.0, 4.0], requires_grad=True)
    (x * w).sum().backward(inputs=[x])
    print(x.grad, w.grad)
""")
case("backward/inputs-non-leaf", X2, """
    w = torch.tensor([3.0, 4.0], requires_grad=True)
    h = x * w
    (h * h).sum().backward(inputs=[h, w])
    print(x.grad, w.grad, h.grad)
""")
case("backward/inputs-single-tensor", X2, """
    (x * x).sum().backward(inputs=x)
    print(x.grad)
""")
case("backward/inputs-empty", X2, """
    x.sum().backward(inputs=[])
""")
case("backward/inputs-not-requiring-grad", X2, """
    z = torch.tensor([1.0, 2.0])
    x.sum().backward(inputs=[z])
""")
case("backward/inputs-unused", X2, """
    z = torch.tensor([1.0, 2.0], requires_grad=True)
    x.sum().backward(inputs=[z])
    print(z.grad, x.grad)
""")
case("backward/inplace-modified-saved-input", X2, """
    h = x * 2
    y = h * h
    h.add_(1)
    y.sum().backward()
""")
case("backward/inplace-modified-saved-output", X2, """
    y = x.exp()
    y.mul_(2)
    y.sum().backward()
""")
case("backward/leaf-inplace", X2, """
    x.add_(1)
""")
case("backward/leaf-inplace-under-no-grad", X2, """
    with torch.no_grad():
        x.add_(1)
    print(x, x.requires_grad)
""")
case("backward/create-graph", """
    x = torch.tensor(1.0, requires_grad=True)
    y = x * x * x
    y.backward(create_graph=True)
    g = x.grad
    x.grad = None
    g.backward()
    print(g.requires_grad, x.grad)
""")
case("backward/non-leaf-grad-warns", X2, """
    y = x * 2
    print(y.grad)
""")
case("backward/requires-grad-flags", """
    x = torch.tensor([1.0, 2.0])
    print(x.requires_grad_(), x.requires_grad_(False).requires_grad)
""")
case("backward/requires-grad-on-integer", """
    x = torch.tensor([1, 2])
    x.requires_grad_()
""")
case("backward/requires-grad-false-on-non-leaf", X2, """
    y = x * 2
    y.requires_grad_(False)
""")
case("backward/requires-grad-true-on-non-leaf", X2, """
    y = x * 2
    print(y.requires_grad_(True) is y)
""")
case("backward/detach", X2, """
    y = (x * 2).detach()
    print(y.requires_grad, y.grad_fn, y.is_leaf)
""")

# ============================================================== hooks
case("hooks/order-and-replacement", X2, """
    y = x * 2
    y.register_hook(lambda g: print("h1", g))
    y.register_hook(lambda g: g * 10)
    y.register_hook(lambda g: print("h3", g))
    y.retain_grad()
    y.register_hook(lambda g: print("h4", g) or g + 1)
    y.sum().backward()
    print(y.grad, x.grad)
""")
case("hooks/retain-grad-then-hook", X2, """
    y = x * 2
    y.retain_grad()
    y.register_hook(lambda g: g * 10)
    y.sum().backward()
    print(y.grad, x.grad)
""")
case("hooks/leaf-hooks-and-remove", X2, """
    x.register_hook(lambda g: print("h1", g))
    x.register_hook(lambda g: g * 10)
    h = x.register_hook(lambda g: g * 100)
    h.remove()
    h.remove()
    (x * 2).sum().backward()
    print(x.grad)
    (x * 2).sum().backward()
    print(x.grad)
""")
case("hooks/post-accumulate", X2, """
    x.register_post_accumulate_grad_hook(lambda t: print("post", t.grad))
    x.register_hook(lambda g: print("pre", g))
    (x * 2).sum().backward()
    x.grad = None
    (x * 3).sum().backward()
    print(x.grad)
""")
case("hooks/post-accumulate-on-non-leaf", X2, """
    y = x * 2
    y.register_post_accumulate_grad_hook(lambda t: None)
""")
case("hooks/hook-on-tensor-without-grad", """
    x = torch.tensor([1.0, 2.0])
    x.register_hook(lambda g: g)
""")
case("hooks/hook-returns-non-tensor", X2, """
    y = x * 2
    y.register_hook(lambda g: 3)
    y.sum().backward()
""")
case("hooks/hook-changes-shape", X2, """
    y = x * 2
    y.register_hook(lambda g: torch.ones(3))
    y.sum().backward()
""")
case("hooks/retain-grad-on-leaf-without-grad", """
    x = torch.tensor([1.0, 2.0])
    x.retain_grad()
""")
case("hooks/retain-grad-accumulates", X2, """
    x.retain_grad()
    print(x.retains_grad)
    y = x * 2
    y.retain_grad()
    y.retain_grad()
    print(y.retains_grad)
    (y * y).sum().backward(retain_graph=True)
    print(y.grad)
    (y * y).sum().backward()
    print(y.grad)
""")
case("hooks/removed-hook-before-retain", X2, """
    y = x * 2
    y.retain_grad()
    h = y.register_hook(lambda g: g * 2)
    h.remove()
    y.sum().backward()
    print(y.grad, x.grad)
""")
case("hooks/node-hooks", """
    x = torch.tensor(1.0, requires_grad=True)
    y = x * 2
    y.grad_fn.register_hook(lambda gi, go: print("post", gi, go))
    y.grad_fn.register_prehook(lambda go: print("pre", go))
    y.backward()
""")
case("hooks/node-hooks-replace", """
    x = torch.tensor(1.0, requires_grad=True)
    y = x * 2
    y.grad_fn.register_prehook(lambda go: (go[0] * 3,))
    y.grad_fn.register_hook(lambda gi, go: (gi[0] * 5, None))
    y.backward()
    print(x.grad)
""")
case("hooks/node-post-hook-wrong-count", """
    x = torch.tensor(1.0, requires_grad=True)
    y = x * 2
    y.grad_fn.register_hook(lambda gi, go: (gi[0] * 5,))
    y.backward()
""")
case("hooks/accumulate-grad-node", """
    x = torch.tensor(1.0, requires_grad=True)
    y = x * 2
    acc = y.grad_fn.next_functions[0][0]
    print(acc.variable is x, acc.next_functions)
    acc.register_prehook(lambda go: print("acc pre", go))
    y.backward()
""")
case("hooks/grad-of-hooked-tensor-in-autograd-grad", X2, """
    y = x * 2
    y.register_hook(lambda g: g * 10)
    result = torch.autograd.grad(y.sum(), x)
""")
case("hooks/leaf-hook-in-autograd-grad", X2, """
    x.register_hook(lambda g: g * 10)
    result = torch.autograd.grad((x * 2).sum(), x)
    print(x.grad)
""")

case("hooks/retain-grad-in-autograd-grad", X2, """
    y = x * 2
    y.retain_grad()
    g = torch.autograd.grad((y * y).sum(), x)
    print(y.grad, g)
""")
case("hooks/retain-grad-with-inputs", X2, """
    y = x * 2
    y.retain_grad()
    (y * y).sum().backward(inputs=[x])
    print(y.grad, x.grad)
""")
case("hooks/hook-on-grad-input", X2, """
    y = x * 2
    y.register_hook(lambda g: g * 100)
    print(torch.autograd.grad((y * y).sum(), y))
""")
case("hooks/retain-grad-create-graph", X2, """
    y = x * 2
    y.retain_grad()
    z = (y * y).sum()
    z.backward(create_graph=True)
    print(y.grad, x.grad)
    z.backward(create_graph=True)
    print(y.grad, x.grad)
""")
case("hooks/retained-grad-not-written-in-place", X2, """
    y = x * 2
    y.retain_grad()
    z = (y * y).sum()
    z.backward(retain_graph=True)
    g = y.grad
    z.backward()
    print(y.grad, g)
""")
case("hooks/create-graph-accumulates", """
    x = torch.tensor(2.0, requires_grad=True)
    y = x ** 2
    y.backward(create_graph=True)
    print(x.grad)
    y.backward(create_graph=True)
    print(x.grad)
    w = torch.tensor(2.0, requires_grad=True)
    w.grad = torch.tensor(1.0)
    (w ** 2).backward(create_graph=True)
    print(w.grad)
""")

# ============================================================== custom Function
FN_SCALE = """
class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x * k
    @staticmethod
    def backward(ctx, g):
        return g * ctx.k, None
"""
case("function/exp", """
    class MyExp(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            print("forward grad enabled:", torch.is_grad_enabled())
            r = x.exp()
            ctx.save_for_backward(r)
            return r
        @staticmethod
        def backward(ctx, g):
            print("backward grad enabled:", torch.is_grad_enabled(), ctx.needs_input_grad)
            r, = ctx.saved_tensors
            return g * r
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = MyExp.apply(x)
    print(y, y.grad_fn.name(), y.grad_fn, y.grad_fn.next_functions)
    g, = torch.autograd.grad(y.sum(), x, create_graph=True)
    g.sum().backward()
    result = (y, g, x.grad)
""")
case("function/non-tensor-argument", FN_SCALE, """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Scale.apply(x, 3)
print(y, y.grad_fn.next_functions, y.grad_fn.needs_input_grad)
y.sum().backward()
print(x.grad)
""")
case("function/too-few-gradients", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, k):
            return x * k
        @staticmethod
        def backward(ctx, g):
            return g
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    F.apply(x, 3).sum().backward()
""")
case("function/too-many-gradients", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2
        @staticmethod
        def backward(ctx, g):
            return g, g
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    F.apply(x).sum().backward()
""")
case("function/extra-nones-allowed", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, k):
            return x * k
        @staticmethod
        def backward(ctx, g):
            return g, None, None
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    F.apply(x, 3).sum().backward()
    print(x.grad)
""")
case("function/extra-non-none", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, k):
            return x * k
        @staticmethod
        def backward(ctx, g):
            return g, None, 1
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    F.apply(x, 3).sum().backward()
""")
case("function/gradient-for-non-tensor", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, k):
            return x * k
        @staticmethod
        def backward(ctx, g):
            return g, g
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    F.apply(x, 3).sum().backward()
""")
case("function/gradient-not-a-tensor", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2
        @staticmethod
        def backward(ctx, g):
            return 3.0
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    F.apply(x).sum().backward()
""")
case("function/gradient-wrong-shape", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, k, x):
            return x * k
        @staticmethod
        def backward(ctx, g):
            return None, torch.ones(3)
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    F.apply(2, x).sum().backward()
""")
case("function/gradient-broadcast-shape", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2
        @staticmethod
        def backward(ctx, g):
            return torch.ones(3, 2)
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    F.apply(x).sum().backward()
    print(x.grad)
""")
case("function/gradient-other-dtype", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2
        @staticmethod
        def backward(ctx, g):
            return torch.ones(2, dtype=torch.float64)
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    F.apply(x).sum().backward()
    print(x.grad, x.grad.dtype)
""")
case("function/multiple-and-non-tensor-outputs", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2, "hello", x * 3, 5
        @staticmethod
        def backward(ctx, g1, g2, g3, g4):
            print("grads", g1, g2, g3, g4)
            return g1 * 2 + g3 * 3
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    a, s, b, n = F.apply(x)
    print(a, s, b, n, a.output_nr, b.output_nr)
    a.sum().backward()
    print(x.grad)
""")
case("function/materialize-grads-false", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.set_materialize_grads(False)
            return x * 2, x * 3
        @staticmethod
        def backward(ctx, g1, g2):
            print("grads", g1, g2)
            return g1 * 2 if g2 is None else g1 * 2 + g2 * 3
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    a, b = F.apply(x)
    a.sum().backward()
    print(x.grad)
""")
case("function/mark-non-differentiable", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            i = x.argmax()
            m = x.max()
            ctx.mark_non_differentiable(i)
            ctx.save_for_backward(x, i)
            return m, i
        @staticmethod
        def backward(ctx, gm, gi):
            print("grads", gm, gi)
            x, i = ctx.saved_tensors
            r = torch.zeros_like(x)
            r[i] = gm
            return r
    x = torch.tensor([3.0, 1.0, 5.0], requires_grad=True)
    m, i = F.apply(x)
    print(m, i, i.requires_grad, i.grad_fn, i.is_leaf)
    (m * 2).backward()
    print(x.grad)
""")
case("function/integer-output-not-differentiable", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2, x.argmax()
        @staticmethod
        def backward(ctx, g, gi):
            print("gi", gi)
            return g * 2
    x = torch.tensor([3.0, 1.0, 5.0], requires_grad=True)
    a, i = F.apply(x)
    print(i.requires_grad, i.grad_fn)
    a.sum().backward()
    print(x.grad)
""")
case("function/returns-input", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x
        @staticmethod
        def backward(ctx, g):
            return g * 2
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    y = F.apply(x)
    print(y is x, y, x.grad_fn)
    y.sum().backward()
    print(x.grad)
""")
case("function/mark-dirty", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            x.mul_(2)
            ctx.mark_dirty(x)
            return x
        @staticmethod
        def backward(ctx, g):
            return g * 2
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    h = x * 1
    y = F.apply(h)
    print(y is h, y, h.grad_fn.name(), h._version)
    y.sum().backward()
    print(x.grad)
""")
case("function/mark-dirty-leaf", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            x.mul_(2)
            ctx.mark_dirty(x)
            return x
        @staticmethod
        def backward(ctx, g):
            return g * 2
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    F.apply(x)
""")
case("function/save-none", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x, None)
            return x * 2
        @staticmethod
        def backward(ctx, g):
            x, n = ctx.saved_tensors
            print(n)
            return g * 2
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    F.apply(x).sum().backward()
    print(x.grad)
""")
case("function/save-non-tensor", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x, 3)
            return x * 2
        @staticmethod
        def backward(ctx, g):
            return g * 2
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    F.apply(x)
""")
case("function/saved-input-modified", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * 2
        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return g * 2
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    y = F.apply(x)
    with torch.no_grad():
        x.mul_(2)
    y.sum().backward()
""")
case("function/saved-freed-after-backward", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * 2
        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return g * 2
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    y = F.apply(x)
    y.sum().backward()
    y.sum().backward()
""")
case("function/no-saved-tensors-twice", FN_SCALE, """
x = torch.tensor([3.0, 1.0], requires_grad=True)
y = Scale.apply(x, 2)
y.sum().backward()
y.sum().backward()
print(x.grad)
""")
case("function/missing-backward", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    F.apply(x).sum().backward()
""")
case("function/missing-forward", """
    class F(torch.autograd.Function):
        @staticmethod
        def backward(ctx, g):
            return g
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    F.apply(x)
""")
case("function/non-tuple-outputs", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return [x * 2, x * 3]
        @staticmethod
        def backward(ctx, g):
            return g
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    print(F.apply(x))
    class G(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return 5
        @staticmethod
        def backward(ctx, g):
            return g
    print(G.apply(x))
""")
case("function/needs-input-grad", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, y):
            print(ctx.needs_input_grad)
            return x * y
        @staticmethod
        def backward(ctx, g):
            print(ctx.needs_input_grad)
            return g, None
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    F.apply(x, torch.ones(2)).sum().backward()
    F.apply(x, 2.0).sum().backward()
    with torch.no_grad():
        print(F.apply(x, 2.0).requires_grad)
    print(F.apply(torch.ones(2), torch.ones(2)).grad_fn)
""")
case("function/tensor-input-without-grad-edge", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, y):
            return x * y
        @staticmethod
        def backward(ctx, g):
            return g, g
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    y = F.apply(x, torch.ones(2))
    print(y.grad_fn.next_functions)
    y.sum().backward()
    print(x.grad)
""")
case("function/keyword-arguments", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, k=2, w=None):
            print("needs", ctx.needs_input_grad)
            return x * k if w is None else x * k * w
        @staticmethod
        def backward(ctx, g):
            return (g * 2,)
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    w = torch.tensor([3.0, 1.0], requires_grad=True)
    for call in (lambda: F.apply(x), lambda: F.apply(x, k=4), lambda: F.apply(x=x),
                 lambda: F.apply(x, 2, w), lambda: F.apply(x, 2, w=w)):
        y = call()
        print(len(y.grad_fn.next_functions))
        try:
            y.sum().backward()
            print("ok", x.grad)
        except RuntimeError as e:
            print("RuntimeError", e)
""")
case("function/keyword-argument-gap", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, k=2, w=None):
            return x * k
        @staticmethod
        def backward(ctx, g):
            return g
    w = torch.tensor([3.0, 1.0], requires_grad=True)
    F.apply(torch.ones(2), w=w)
""")
case("function/setup-context", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(x, k):
            return x * k
        @staticmethod
        def setup_context(ctx, inputs, output):
            x, k = inputs
            print("setup", type(output).__name__, k)
            ctx.k = k
        @staticmethod
        def backward(ctx, g):
            return g * ctx.k, None
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    y = F.apply(x, k=3)
    y.sum().backward()
    print(x.grad, y.grad_fn.name())
""")
case("function/node-hooks", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x.exp()
        @staticmethod
        def backward(ctx, g):
            return g
    x = torch.tensor([3.0, 1.0], requires_grad=True)
    y = F.apply(x)
    print(y.grad_fn.metadata, y.grad_fn._forward_cls is F)
    y.grad_fn.register_hook(lambda gi, go: print("post", gi, go))
    y.grad_fn.register_prehook(lambda go: print("pre", go))
    y.sum().backward()
""")
case("function/instantiated", """
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x
        @staticmethod
        def backward(ctx, g):
            return g
    F()(torch.ones(1))
""")
case("function/once-differentiable", """
once_differentiable = torch.autograd.function.once_differentiable
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3
    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        x, = ctx.saved_tensors
        print("grad enabled", torch.is_grad_enabled())
        return g * 3 * x ** 2
x = torch.tensor([2.0], requires_grad=True)
g, = torch.autograd.grad(Cube.apply(x), x, create_graph=True)
print(g, g.grad_fn)
g, = torch.autograd.grad(Cube.apply(x), x, torch.ones(1, requires_grad=True), create_graph=True)
print(g, g.grad_fn.name())
g.backward()
""")
case("function/gradcheck", """
    class MyExp(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            r = x.exp()
            ctx.save_for_backward(r)
            return r
        @staticmethod
        def backward(ctx, g):
            r, = ctx.saved_tensors
            return g * r
    x = torch.tensor([0.3, -0.7, 1.1], dtype=torch.float64, requires_grad=True)
    print(torch.autograd.gradcheck(MyExp.apply, (x,)), torch.autograd.gradgradcheck(MyExp.apply, (x,)))
""")

MY_EXP_SAVES_RESULT = """
class MyExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        r = x.exp()
        ctx.save_for_backward(r)
        return r
    @staticmethod
    def backward(ctx, g):
        r, = ctx.saved_tensors
        return g * r
"""
case("function/saved-output-modified", MY_EXP_SAVES_RESULT, """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = MyExp.apply(x)
y.add_(1)
y.sum().backward()
""")
case("function/saved-input-modified-after-rebase", """
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.exp()
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * x.exp()
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 1
y = F.apply(h)
h.add_(1)
y.sum().backward()
""")
case("function/two-inputs-two-outputs", """
class Two(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        return x + y, x * y
    @staticmethod
    def backward(ctx, ga, gb):
        return ga + gb, ga - gb
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
a, b = Two.apply(x, w)
print(len(a.grad_fn.next_functions), a.grad_fn is b.grad_fn)
print(torch.autograd.grad(b.sum(), [x, w], retain_graph=True))
(a.sum() + b.sum()).backward()
print(x.grad, w.grad)
result = torch.autograd.functional.jacobian(lambda p, q: Two.apply(p, q), (x, w))
""")
case("function/double-backward-through-saved-output", MY_EXP_SAVES_RESULT, """
x = torch.tensor([0.5, -1.0], dtype=torch.float64, requires_grad=True)
y = MyExp.apply(x)
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
h, = torch.autograd.grad(g.sum(), x, create_graph=True)
k, = torch.autograd.grad(h.sum(), x)
result = (g, h, k)
""")
case("function/hessian-of-a-function", MY_EXP_SAVES_RESULT, """
x = torch.tensor([0.5, -1.0], dtype=torch.float64)
result = torch.autograd.functional.hessian(lambda t: (MyExp.apply(t) * t).sum(), x)
""")

# ============================================================== anomaly mode
case("anomaly/nan-in-mul", X2, """
    with torch.autograd.detect_anomaly():
        y = (x * 0).sqrt()
        y.sum().backward()
""")
case("anomaly/flags", """
    print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
    with torch.autograd.detect_anomaly(check_nan=False):
        print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
    print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
    m = torch.autograd.set_detect_anomaly(True)
    print(torch.is_anomaly_enabled())
    with m:
        pass
    print(torch.is_anomaly_enabled())
""")
case("anomaly/check-nan-off", X2, """
    torch.autograd.set_detect_anomaly(True, check_nan=False)
    y = (x * 0).sqrt()
    y.sum().backward()
    print(x.grad)
""")
case("anomaly/custom-function-nan", """
    class Bad(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x.clone()
        @staticmethod
        def backward(ctx, g):
            return g * float("nan")
    torch.autograd.set_detect_anomaly(True)
    x = torch.tensor([1.0], requires_grad=True)
    (Bad.apply(x) * 2).sum().backward()
""")
case("anomaly/no-forward-info", X2, """
    y = (x * 0).sqrt()
    torch.autograd.set_detect_anomaly(True)
    y.sum().backward()
""")
case("anomaly/inplace-error-also-reported", X2, """
    torch.autograd.set_detect_anomaly(True)
    h = x * 2
    y = h * h
    with torch.no_grad():
        h.add_(1)
    y.sum().backward()
""")
case("anomaly/no-anomaly-no-change", X2, """
    torch.autograd.set_detect_anomaly(True)
    y = (x.exp() * x.sin()).sum()
    g, = torch.autograd.grad(y, x, create_graph=True)
    g.sum().backward()
    result = (g, x.grad)
""")
case("anomaly/in-place-op-node", X2, """
    with torch.autograd.detect_anomaly():
        y = x * 1
        y.mul_(0)
        y.sqrt().sum().backward()
""")
case("anomaly/setitem-node", """
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    with torch.autograd.detect_anomaly():
        y = x * 1
        y[0] = 0.0
        y.sqrt().sum().backward()
""")
case("anomaly/not-a-decorator", """
    @torch.autograd.detect_anomaly()
    def f():
        pass
""")

# ============================================================== functional API
FN = "F = torch.autograd.functional\n"
X3 = "x = torch.tensor([0.5, -1.0, 2.0])\n"
XY = "x = torch.tensor([0.5, -1.0, 2.0])\ny = torch.tensor([1.5, 0.25, -0.75])\n"

# jacobian: every nesting (tensor or tuple inputs x tensor or tuple outputs)
JAC_FUNCS = {
    "t-t": ("lambda x: x ** 2 * 3", "x"),
    "t-tuple": ("lambda x: (x ** 2, x.sum())", "x"),
    "tuple-t": ("lambda x, y: x * y", "(x, y)"),
    "tuple-tuple": ("lambda x, y: (x * y, x + y.sum())", "(x, y)"),
    "tuple1-t": ("lambda x: x.exp()", "(x,)"),
    "t-tuple1": ("lambda x: (x.exp(),)", "x"),
}
for name, (fn, inputs) in JAC_FUNCS.items():
    for opts in ("", ", create_graph=True", ", vectorize=True", ", vectorize=True, strategy='forward-mode'"):
        tag = {"": "", ", create_graph=True": "/create-graph", ", vectorize=True": "/vectorize",
               ", vectorize=True, strategy='forward-mode'": "/forward-mode"}[opts]
        case(f"functional/jacobian/{name}{tag}", FN, XY, f"""
            result = F.jacobian({fn}, {inputs}{opts})
        """)
case("functional/jacobian/matrix-input", FN, """
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    result = F.jacobian(lambda x: x @ x, x)
""")
case("functional/jacobian/scalar-input-and-output", FN, """
    x = torch.tensor(0.5, dtype=torch.float64)
    result = F.jacobian(lambda x: x.sin() * x, x)
""")
case("functional/jacobian/input-requires-grad", FN, """
    x = torch.tensor([0.5, -1.0], requires_grad=True)
    result = (F.jacobian(lambda x: x * x, x), F.jacobian(lambda x: x * x, x, create_graph=True))
""")
case("functional/jacobian/unused-input", FN, XY, """
    result = F.jacobian(lambda x, y: x * 2, (x, y))
""")
case("functional/jacobian/unused-input-strict", FN, XY, """
    F.jacobian(lambda x, y: x * 2, (x, y), strict=True)
""")
case("functional/jacobian/constant-output", FN, X3, """
    result = F.jacobian(lambda x: torch.ones(2), x)
""")
case("functional/jacobian/constant-output-strict", FN, X3, """
    F.jacobian(lambda x: torch.ones(2), x, strict=True)
""")
case("functional/jacobian/linear-strict-create-graph", FN, X3, """
    F.jacobian(lambda x: x * 2, x, strict=True, create_graph=True)
""")
case("functional/jacobian/strict-ok", FN, X3, """
    result = F.jacobian(lambda x: x.sin(), x, strict=True)
""")
case("functional/jacobian/strict-vectorize", FN, X3, """
    F.jacobian(lambda x: x.sin(), x, strict=True, vectorize=True)
""")
case("functional/jacobian/bad-strategy", FN, X3, """
    F.jacobian(lambda x: x.sin(), x, strategy="sideways")
""")
case("functional/jacobian/forward-mode-not-vectorized", FN, X3, """
    F.jacobian(lambda x: x.sin(), x, strategy="forward-mode")
""")
case("functional/jacobian/forward-mode-create-graph", FN, X3, """
    F.jacobian(lambda x: x.sin(), x, strategy="forward-mode", vectorize=True, create_graph=True)
""")
case("functional/jacobian/forward-mode-strict", FN, X3, """
    F.jacobian(lambda x: x.sin(), x, strategy="forward-mode", vectorize=True, strict=True)
""")
case("functional/jacobian/non-tensor-input", FN, """
    F.jacobian(lambda x: x, [1.0, 2.0])
""")
case("functional/jacobian/non-tensor-in-tuple", FN, X3, """
    F.jacobian(lambda x, k: x * k, (x, 2.0))
""")
case("functional/jacobian/non-tensor-output", FN, X3, """
    F.jacobian(lambda x: 3.0, x)
""")
case("functional/jacobian/float64", FN, """
    x = torch.tensor([0.5, -1.0], dtype=torch.float64)
    result = F.jacobian(lambda x: (x.exp() * x.sum(), x.prod()), x)
""")
case("functional/jacobian/does-not-touch-grad", FN, """
    x = torch.tensor([0.5, -1.0], requires_grad=True)
    F.jacobian(lambda x: x ** 2, x)
    print(x.grad)
""")
case("functional/jacobian/captured-tensor-is-a-constant", FN, """
    x = torch.tensor([0.5, -1.0])
    w = x
    result = F.jacobian(lambda t: t * w, x)
""")

# hessian
HESS = {
    "cube": ("lambda x: (x ** 3).sum()", "x"),
    "sin-x-y2": ("lambda x, y: (torch.sin(x) * y ** 2).sum()", "(x, y)"),
    "tuple1": ("lambda x: (x.exp() * x).sum()", "(x,)"),
    "quadratic-form": ("lambda x: (x * torch.tensor([1.0, 2.0, 3.0]) * x).sum() + x[0] * x[1]", "x"),
}
for name, (fn, inputs) in HESS.items():
    for opts in ("", ", create_graph=True", ", vectorize=True",
                 ", vectorize=True, outer_jacobian_strategy='forward-mode'"):
        tag = {"": "", ", create_graph=True": "/create-graph", ", vectorize=True": "/vectorize",
               ", vectorize=True, outer_jacobian_strategy='forward-mode'": "/forward-mode"}[opts]
        case(f"functional/hessian/{name}{tag}", FN, XY, f"""
            result = F.hessian({fn}, {inputs}{opts})
        """)
case("functional/hessian/matrix-input", FN, """
    x = torch.tensor([[1.0, 2.0], [3.0, -1.0]], dtype=torch.float64)
    result = F.hessian(lambda x: (x @ x).pow(2).sum(), x)
""")
case("functional/hessian/one-element-output", FN, X3, """
    result = F.hessian(lambda x: (x ** 3).sum().reshape(1, 1), x)
""")
case("functional/hessian/non-scalar-output", FN, X3, """
    F.hessian(lambda x: x ** 2, x)
""")
case("functional/hessian/tuple-output", FN, X3, """
    F.hessian(lambda x: ((x ** 2).sum(),), x)
""")
case("functional/hessian/linear", FN, X3, """
    result = F.hessian(lambda x: (x * 2).sum(), x)
""")
case("functional/hessian/linear-strict", FN, X3, """
    F.hessian(lambda x: (x * 2).sum(), x, strict=True)
""")
case("functional/hessian/unused-input", FN, XY, """
    result = F.hessian(lambda x, y: (x ** 3).sum(), (x, y))
""")
case("functional/hessian/bad-strategy", FN, X3, """
    F.hessian(lambda x: (x ** 3).sum(), x, outer_jacobian_strategy="nope")
""")
case("functional/hessian/forward-mode-not-vectorized", FN, X3, """
    F.hessian(lambda x: (x ** 3).sum(), x, outer_jacobian_strategy="forward-mode")
""")

# vjp / jvp / vhp / hvp
V3 = "v = torch.tensor([1.0, 0.5, -2.0])\n"
for api in ("vjp", "jvp"):
    case(f"functional/{api}/tensor", FN, X3, V3, f"""
        result = F.{api}(lambda x: x ** 2 * x.sum(), x, v)
    """)
    case(f"functional/{api}/tuple", FN, XY, f"""
        v = (torch.tensor([1.0, 0.5, -2.0]), torch.tensor([0.0, 1.0, 3.0]))
        result = F.{api}(lambda x, y: (x * y, x.exp() - y), (x, y), v)
    """)
    case(f"functional/{api}/create-graph", FN, V3, f"""
        x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
        result = F.{api}(lambda x: x.sin() * x, x, v, create_graph=True)
    """)
    case(f"functional/{api}/v-none-single-element", FN, f"""
        x = torch.tensor([0.5])
        result = F.{api}(lambda x: x.exp(), x)
    """)
    case(f"functional/{api}/v-none-not-allowed", FN, X3, f"""
        F.{api}(lambda x: x.exp(), x)
    """)
    case(f"functional/{api}/v-wrong-size", FN, X3, f"""
        F.{api}(lambda x: x.exp(), x, torch.ones(2))
    """)
    case(f"functional/{api}/v-tuple-wrong-length", FN, XY, f"""
        F.{api}(lambda x, y: (x * y, x + y), (x, y), (torch.ones(3),))
    """)
    case(f"functional/{api}/v-tuple-for-single", FN, X3, f"""
        F.{api}(lambda x: x * 2, x, (torch.ones(3), torch.ones(3)))
    """)
    case(f"functional/{api}/v-tuple-entry-wrong-size", FN, XY, f"""
        F.{api}(lambda x, y: (x * y, x + y), (x, y), (torch.ones(3), torch.ones(2)))
    """)
    case(f"functional/{api}/v-not-a-tensor", FN, X3, f"""
        F.{api}(lambda x: x * 2, x, [1.0, 2.0, 3.0])
    """)
    case(f"functional/{api}/unused-input", FN, XY, V3, f"""
        result = F.{api}(lambda x, y: x * 2, (x, y), {"(v, v)" if api == "jvp" else "v"})
    """)
    case(f"functional/{api}/unused-input-strict", FN, XY, V3, f"""
        F.{api}(lambda x, y: x * 2, (x, y), {"(v, v)" if api == "jvp" else "v"}, strict=True)
    """)
    case(f"functional/{api}/constant-output", FN, X3, V3, f"""
        result = F.{api}(lambda x: torch.ones(3), x, v)
    """)
    case(f"functional/{api}/constant-output-strict", FN, X3, V3, f"""
        F.{api}(lambda x: torch.ones(3), x, v, strict=True)
    """)
    case(f"functional/{api}/linear-strict-create-graph", FN, X3, V3, f"""
        F.{api}(lambda x: x * 2, x, v, strict=True, create_graph=True)
    """)
case("functional/jvp/output-tuple-nesting", FN, X3, V3, """
    result = F.jvp(lambda x: (x * 2, x.sum()), x, v)
""")
case("functional/vjp/output-tuple-nesting", FN, X3, V3, """
    result = F.vjp(lambda x: (x * 2, x.sum()), x, (v, torch.tensor(1.0)))
""")

for api in ("hvp", "vhp"):
    case(f"functional/{api}/tensor", FN, X3, V3, f"""
        result = F.{api}(lambda x: (x ** 3).sum() + x[0] * x[2], x, v)
    """)
    case(f"functional/{api}/tuple", FN, XY, f"""
        v = (torch.tensor([1.0, 0.5, -2.0]), torch.tensor([0.0, 1.0, 3.0]))
        result = F.{api}(lambda x, y: (torch.sin(x) * y ** 2).sum(), (x, y), v)
    """)
    case(f"functional/{api}/create-graph", FN, V3, f"""
        x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
        result = F.{api}(lambda x: (x.sin() * x).sum(), x, v, create_graph=True)
    """)
    case(f"functional/{api}/v-none-single-element", FN, f"""
        x = torch.tensor([0.5])
        result = F.{api}(lambda x: (x ** 4).sum(), x)
    """)
    case(f"functional/{api}/v-none-not-allowed", FN, X3, f"""
        F.{api}(lambda x: (x ** 4).sum(), x)
    """)
    case(f"functional/{api}/non-scalar-output", FN, X3, V3, f"""
        F.{api}(lambda x: x ** 4, x, v)
    """)
    case(f"functional/{api}/tuple-output", FN, X3, V3, f"""
        F.{api}(lambda x: ((x ** 4).sum(),), x, v)
    """)
    case(f"functional/{api}/linear", FN, X3, V3, f"""
        result = F.{api}(lambda x: (x * 2).sum(), x, v)
    """)
    case(f"functional/{api}/linear-strict", FN, X3, V3, f"""
        F.{api}(lambda x: (x * 2).sum(), x, v, strict=True)
    """)
    case(f"functional/{api}/quadratic-strict", FN, X3, V3, f"""
        F.{api}(lambda x: (x * x).sum(), x, v, strict=True)
    """)
    case(f"functional/{api}/unused-input-strict", FN, XY, V3, f"""
        F.{api}(lambda x, y: (x ** 3).sum(), (x, y), (v, v), strict=True)
    """)
    case(f"functional/{api}/v-wrong-size", FN, X3, f"""
        F.{api}(lambda x: (x ** 3).sum(), x, torch.ones(2))
    """)

# ============================================================== gradcheck / gradgradcheck
BAD_SQUARE = """
class BadSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 2
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * 3 * x
"""
case("gradcheck/passes", """
    x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
    y = torch.tensor([1.5, 0.25, -0.75], dtype=torch.float64, requires_grad=True)
    print(torch.autograd.gradcheck(torch.sin, (x,)), torch.autograd.gradcheck(lambda a, b: a * b.exp(), (x, y)))
    print(torch.autograd.gradcheck(lambda a: (a, a.sum() * 2), x))
""")
case("gradcheck/mismatch-message", BAD_SQUARE, """
x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
torch.autograd.gradcheck(BadSquare.apply, (x,))
""")
case("gradcheck/mismatch-float32", BAD_SQUARE, """
x = torch.tensor([1.0, 2.0], requires_grad=True)
torch.autograd.gradcheck(BadSquare.apply, (x,))
""")
case("gradcheck/raise-exception-false", BAD_SQUARE, """
x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(BadSquare.apply, (x,), raise_exception=False))
""")
case("gradcheck/tolerances", BAD_SQUARE, """
x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(BadSquare.apply, (x,), rtol=0.6, raise_exception=False))
print(torch.autograd.gradcheck(BadSquare.apply, (x,), atol=2.01, rtol=0.0, raise_exception=False))
print(torch.autograd.gradcheck(BadSquare.apply, (x,), atol=1.9, rtol=0.0, raise_exception=False))
print(torch.autograd.gradcheck(lambda t: t ** 2, (x,), eps=1e-3))
""")
case("gradcheck/second-input-mismatch", BAD_SQUARE, """
x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
y = torch.tensor([0.5], dtype=torch.float64, requires_grad=True)
torch.autograd.gradcheck(lambda a, b: a * b + BadSquare.apply(b), (x, y))
""")
case("gradcheck/input-index-counts-differentiable-inputs", BAD_SQUARE, """
c = torch.tensor([1.0, 2.0], dtype=torch.float64)
y = torch.tensor([0.5, 1.5], dtype=torch.float64, requires_grad=True)
torch.autograd.gradcheck(lambda a, b: a * BadSquare.apply(b), (c, y))
""")
case("gradcheck/second-output-mismatch", BAD_SQUARE, """
x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
torch.autograd.gradcheck(lambda a: (a * 2, BadSquare.apply(a)), (x,))
""")
case("gradcheck/output-index-counts-differentiable-outputs", BAD_SQUARE, """
x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
torch.autograd.gradcheck(lambda a: (a.detach(), BadSquare.apply(a)), (x,))
""")
case("gradcheck/no-input-requires-grad", """
    x = torch.tensor([1.0, 2.0], dtype=torch.float64)
    torch.autograd.gradcheck(torch.sin, (x,))
""")
case("gradcheck/non-tensor-inputs", """
    x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    print(torch.autograd.gradcheck(lambda a, k, s: a * k, (x, 3.0, "s")))
""")
case("gradcheck/float32-warns", """
    x = torch.tensor([0.5, 1.0], requires_grad=True)
    print(torch.autograd.gradcheck(lambda t: t * 2, (x,), eps=1e-3, atol=1e-2))
""")
case("gradcheck/no-differentiable-outputs", """
    x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    print(torch.autograd.gradcheck(lambda a: torch.ones(2, dtype=torch.float64), (x,)))
    torch.autograd.gradcheck(lambda a: a.detach() * 2, (x,))
""")
case("gradcheck/not-multiplied-by-grad-output", """
    class Ones(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 1
        @staticmethod
        def backward(ctx, g):
            return torch.ones_like(g)
    x = torch.tensor([1.0], dtype=torch.float64, requires_grad=True)
    torch.autograd.gradcheck(Ones.apply, (x,))
""")
case("gradcheck/nan-gradient-fails", """
    class NanGrad(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 1
        @staticmethod
        def backward(ctx, g):
            return g * float("nan")
    x = torch.tensor([1.0], dtype=torch.float64, requires_grad=True)
    print(torch.autograd.gradcheck(NanGrad.apply, (x,), raise_exception=False))
""")
case("gradcheck/gradgradcheck-passes", """
    x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
    y = torch.tensor([1.5, 0.25, -0.75], dtype=torch.float64, requires_grad=True)
    print(torch.autograd.gradgradcheck(lambda a, b: (a.sin() * b ** 2).sum() + a * b, (x, y)))
    print(torch.autograd.gradgradcheck(lambda a: a * 3, (x,)))
""")
case("gradcheck/gradgradcheck-given-grad-outputs", """
    x = torch.tensor([0.5, -1.0], dtype=torch.float64, requires_grad=True)
    go = torch.tensor([1.0, -2.0], dtype=torch.float64, requires_grad=True)
    print(torch.autograd.gradgradcheck(lambda a: a.exp() * a, (x,), (go,)))
""")
case("gradcheck/gradgradcheck-mismatch", """
    class DetachedBackward(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x ** 3
        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return g * 3 * x.detach() ** 2
    x = torch.tensor([0.5, -1.0], dtype=torch.float64, requires_grad=True)
    print(torch.autograd.gradcheck(DetachedBackward.apply, (x,)))
    try:
        torch.autograd.gradgradcheck(DetachedBackward.apply, (x,))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
    print(torch.autograd.gradgradcheck(DetachedBackward.apply, (x,), raise_exception=False))
""")


def build_cases():
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), "duplicate case ids"
    return CASES
