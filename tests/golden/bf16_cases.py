"""Golden cases of torch.bfloat16 (issue 18): dtype, conversions, creation, printing,
elementwise ops, reductions, matmul, nn, autograd, optimizers and torch's refusals.

Each case is a snippet run with only ``torch`` bound, described by autograd_runner.py;
bf16_generate.py runs them under real torch and writes bf16.json;
tests/engine/test_bf16_golden.py replays them on gradcalc.engine and compares values
exactly (bfloat16 values are float32s with 8 significant bits: no tolerance).
"""

import textwrap

CASES = []


def case(id, code):
    CASES.append({"id": id, "code": textwrap.dedent(code).strip("\n") + "\n"})


X = "torch.tensor([[0.3, -1.7, 2.2, 1e-3], [3.14159, -0.0, 100.7, -5.55]], dtype=torch.bfloat16)"
P = "torch.tensor([[0.3, 1.7, 2.2, 1e-3], [3.14159, 0.5, 10.7, 5.55]], dtype=torch.bfloat16)"

# ---------------------------------------------------------------- dtype and names
case("dtype/names", """
    d = torch.bfloat16
    print(d, repr(d), d.is_floating_point, d.is_complex, d.itemsize, d.is_signed)
    x = torch.ones(3, dtype=d)
    print(x.dtype, x.type(), x.element_size(), x.nbytes, x.itemsize, x.is_floating_point())
    result = x
""")
case("dtype/promotion", """
    b, h, f, d = torch.bfloat16, torch.float16, torch.float32, torch.float64
    print(torch.promote_types(b, h), torch.promote_types(b, f), torch.promote_types(b, d),
          torch.promote_types(b, torch.int64), torch.promote_types(torch.bool, b), torch.promote_types(b, b))
    x = torch.tensor([1.5, 2.5], dtype=b)
    print((x + 1.1).dtype, (x + torch.tensor(1.1)).dtype, (x + torch.tensor([1.1, 2.0])).dtype,
          (x + torch.tensor([1, 2])).dtype, (x + torch.tensor([1.0, 2.0], dtype=h)).dtype,
          (x * torch.tensor(2.0, dtype=d)).dtype, torch.result_type(x, 2.0))
    result = (x + 1.1, x + torch.tensor(1.1), x + torch.tensor([1.1, 2.0]), x + torch.tensor([1, 2]),
              x + torch.tensor([1.0, 2.0], dtype=h))
""")
case("dtype/type-call", """
    x = torch.tensor([1.3, 2.7])
    y = x.type(torch.bfloat16)
    print(y.type(), y.dtype)
    result = y
""")

# ---------------------------------------------------------------- conversions
case("convert/tensor-dtype", """
    result = torch.tensor([0.1, 1.00390625, 1.01171875, 1.0 + 2 ** -8 + 2 ** -20, -3.3e38, 3.4e38, 1e-40,
                           float('inf'), float('nan'), -0.0, 65504.0], dtype=torch.bfloat16)
""")
case("convert/float-to-bf16-ties", """
    x = torch.tensor([1.00390625, 1.01171875, 1.0078125 + 2 ** -9, 255.5, 256.5, 257.0, -1.00390625])
    result = (x.bfloat16(), x.to(torch.bfloat16), x.double().bfloat16(), x.half().bfloat16())
""")
case("convert/double-rounding", """
    x = torch.tensor([1.0 + 2 ** -8 + 2 ** -30, 1.0 + 2 ** -8 - 2 ** -30, 1.0 + 2 ** -8], dtype=torch.float64)
    result = (x.bfloat16(), x.to(torch.bfloat16).double())
""")
case("convert/back", """
    x = torch.tensor([1.3, -2.7, 1e5, 7e-3]).bfloat16()
    result = (x.float(), x.double(), x.to(torch.float16), x.half(), x.int(), x.long(), x.bool(), x.to(torch.int8))
""")
case("convert/ints", """
    i = torch.tensor([1, 255, 257, 1000001, -3])
    result = (i.bfloat16(), i.to(torch.bfloat16), torch.tensor([True, False]).bfloat16())
""")
case("convert/item-tolist", """
    x = torch.tensor([1.3, 2.7], dtype=torch.bfloat16)
    print(x[0].item(), x.tolist(), float(x[1]), int(x[1]))
""")
case("convert/numpy-refused", """
    x = torch.tensor([1.3, 2.7], dtype=torch.bfloat16)
    x.numpy()
""")
case("convert/to-same-is-self", """
    x = torch.tensor([1.3, 2.7], dtype=torch.bfloat16)
    f = torch.tensor([1.3, 2.7])
    print(x.to(torch.bfloat16) is x, f.to(torch.bfloat16) is f, x.float() is x, x.bfloat16() is x)
""")
case("convert/complex", """
    x = torch.tensor([1.3, 2.7], dtype=torch.bfloat16)
    print((x + 1j).dtype)
""")

# ---------------------------------------------------------------- creation
case("create/constant", """
    b = torch.bfloat16
    result = (torch.zeros(2, 3, dtype=b), torch.ones(3, dtype=b), torch.full((2,), 3.14159, dtype=b),
              torch.empty(2, dtype=b).shape, torch.empty(2, dtype=b).dtype, torch.zeros_like(torch.ones(2), dtype=b),
              torch.ones_like(torch.ones(2, dtype=b)), torch.full_like(torch.ones(2, dtype=b), 1.1),
              torch.eye(2, dtype=b))
""")
case("create/ranges", """
    b = torch.bfloat16
    result = (torch.arange(0, 3, 0.3, dtype=b), torch.arange(5, dtype=b), torch.arange(250, 260, dtype=b),
              torch.linspace(0, 1, 7, dtype=b), torch.linspace(-3, 700, 5, dtype=b), torch.logspace(0, 2, 4, dtype=b))
""")
case("create/random", """
    b = torch.bfloat16
    torch.manual_seed(0)
    a = torch.rand(5, dtype=b)
    c = torch.randn(5, dtype=b)
    d = torch.randint(0, 10, (4,), dtype=b)
    e = torch.empty(6, dtype=b).uniform_(-2, 3)
    f = torch.empty(6, dtype=b).normal_(1.0, 2.0)
    result = (a, c, d, e, f)
""")
case("create/random-large", """
    torch.manual_seed(3)
    result = (torch.rand(40, dtype=torch.bfloat16), torch.randn(40, dtype=torch.bfloat16),
              torch.rand(3, 5, dtype=torch.bfloat16).bernoulli())
""")
case("create/default-dtype", """
    torch.set_default_dtype(torch.bfloat16)
    try:
        x = torch.tensor([1.3, 2.0])
        print(x, x.dtype, torch.ones(2).dtype, torch.get_default_dtype())
    finally:
        torch.set_default_dtype(torch.float32)
    result = x
""")

# ---------------------------------------------------------------- printing
case("print/reprs", f"""
    x = {X}
    print(x)
    print(repr(x[0, 0]))
    print(str(x[1]))
    print(torch.tensor(3.0, dtype=torch.bfloat16))
    print(torch.zeros(0, dtype=torch.bfloat16))
    print(torch.tensor([1e10, 1e-10], dtype=torch.bfloat16))
    print(torch.tensor([1, 2, 3], dtype=torch.bfloat16))
    print(torch.tensor([float('nan'), float('inf'), -1.0], dtype=torch.bfloat16))
""")
case("print/layouts", """
    torch.manual_seed(0)
    print(torch.randn(30, 40, dtype=torch.bfloat16))
    print(torch.arange(2000, dtype=torch.bfloat16))
    print(torch.tensor([[1e-5, 1.0], [123456.0, -7.5]], dtype=torch.bfloat16))
    print(torch.tensor([0.1, 0.25, 1e8], dtype=torch.bfloat16))
    torch.set_printoptions(precision=2, sci_mode=True)
    try:
        print(torch.tensor([3.14159, 2.71828], dtype=torch.bfloat16))
    finally:
        torch.set_printoptions(profile="default")
    x = torch.tensor(2.5, dtype=torch.bfloat16, requires_grad=True)
    print(x * 3, str(x), repr(x.detach()), x.item(), f"{x.item():.3f}")
    print(torch.empty(2, 0, 3, dtype=torch.bfloat16))
""")
case("convert/array-refused", """
    import numpy
    numpy.asarray(torch.tensor([1.5], dtype=torch.bfloat16))
""")
case("print/grad", f"""
    x = {X}.requires_grad_()
    print(x)
    print(x * 2)
    print((x * 2).sum())
    print(x.sum().grad_fn)
""")

# ---------------------------------------------------------------- elementwise
case("ew/binary", f"""
    x = {X}
    y = torch.tensor([[1.1, 2.3, -0.7, 3.0], [0.9, 1.9, 7.7, 2.2]], dtype=torch.bfloat16)
    result = (x + y, x - y, x * y, x / y, x + 2.3, 2.3 - x, x * 1.1, x / 3, 1 / y, x // y, x % y,
              torch.maximum(x, y), torch.minimum(x, y), torch.atan2(x, y), x.add(y, alpha=0.3), torch.lerp(x, y, 0.3))
""")
case("ew/pow", f"""
    x = {P}
    result = (x ** 2, x ** 0.5, x ** 3, 2 ** x, x ** x, x.pow(-1.5), torch.sqrt(x), torch.rsqrt(x), x.square())
""")
case("ew/unary", f"""
    x = {X}
    result = (x.exp(), x.sin(), x.cos(), x.tanh(), x.sigmoid(), x.relu(), x.abs(), -x, x.neg(), x.sign(),
              x.floor(), x.ceil(), x.round(), x.trunc(), x.frac(), x.reciprocal(), x.clamp(-1, 1), x.expm1(),
              x.atan(), x.erf(), x.tan(), x.sinh(), x.cosh())
""")
case("ew/logs", f"""
    x = {P}
    result = (x.log(), x.log2(), x.log10(), x.log1p(), x.asinh(), torch.special.gammaln(x), x.lgamma(), x.digamma())
""")
case("ew/activations", f"""
    F = torch.nn.functional
    x = {X}
    result = (F.gelu(x), F.gelu(x, approximate='tanh'), F.silu(x), F.softplus(x), F.elu(x), F.leaky_relu(x, 0.1),
              F.hardtanh(x), F.mish(x), F.logsigmoid(x), F.relu6(x), F.selu(x), F.hardswish(x))
""")
case("ew/compare", f"""
    x = {X}
    y = torch.tensor([[0.3, 2.3, -0.7, 3.0], [0.9, 1.9, 7.7, 2.2]], dtype=torch.bfloat16)
    result = (x > y, x == y, x <= 0.3, x != 0.3, torch.isnan(x), torch.isfinite(x / 0), x.eq(0.3), torch.where(x > 0, x, y),
              torch.where(x > 0, x, 0.1))
""")
case("ew/inplace", f"""
    x = {X}
    x.add_(1.1)
    x.mul_(torch.tensor(1.3))
    x.sub_(torch.tensor([0.1, 0.2, 0.3, 0.4]))
    x.clamp_(-3, 3)
    result = x
""")
case("ew/inplace-more", """
    x = torch.tensor([1.3281, -0.5977, 2.2, 1e-3], dtype=torch.bfloat16)
    out = []
    for f in (lambda y: y.mul_(torch.tensor(1.3)), lambda y: y.mul_(1.3), lambda y: y.add_(1.3), lambda y: y.div_(3),
              lambda y: y.copy_(torch.tensor([1.3, 2.7, 0.1, 0.2])), lambda y: y.copy_(torch.tensor([1.3, 2.7, 0.1, 0.2], dtype=torch.float64)),
              lambda y: y.fill_(1.3), lambda y: y.masked_fill_(torch.tensor([True, False, True, False]), 1.3),
              lambda y: y.clamp_(-0.3, 0.33), lambda y: y.exp_(), lambda y: y.addcmul_(x, x, value=0.3),
              lambda y: y.lerp_(torch.ones(4, dtype=torch.bfloat16), 0.3), lambda y: y.index_fill_(0, torch.tensor([1]), 0.3),
              lambda y: y.sub_(x, alpha=0.7), lambda y: y.add_(torch.ones(4), alpha=1.1)):
        y = x.clone()
        f(y)
        out.append(y)
    result = out
""")
case("ew/mixed-float32", f"""
    x = {X}
    f = torch.tensor([[0.11, 0.22, 0.33, 0.44]])
    result = (x + f, f * x, x * torch.tensor(0.1, dtype=torch.float64), x * torch.tensor([0.1], dtype=torch.float64))
""")

# ---------------------------------------------------------------- reductions
case("reduce/sum-mean", f"""
    x = {X}
    result = (x.sum(), x.sum(0), x.sum(1), x.mean(), x.mean(1), x.sum(dtype=torch.float32), x.prod(), x.prod(1),
              x.cumsum(1), x.cumprod(1), x.norm(), x.abs().amax(), x.amin(1), x.logsumexp(1))
""")
case("reduce/sum-long", """
    x = (torch.arange(1000) % 7).bfloat16() * 0.1
    result = (x.sum(), x.mean(), x.reshape(10, 100).sum(1), x.std(), x.var())
""")
case("reduce/max-argmax", f"""
    x = {X}
    result = (x.max(), x.min(), x.max(1), x.argmax(), x.argmin(1), x.sort(1), x.topk(2), torch.median(x),
              x.std(), x.var(1), x.std(1, unbiased=False))
""")

# ---------------------------------------------------------------- linear algebra
case("matmul/forms", f"""
    x = {X}
    w = torch.tensor([[0.1, 0.2], [0.3, -0.4], [1.5, 0.25], [-2.0, 0.7]], dtype=torch.bfloat16)
    v = torch.tensor([0.5, 1.5, -0.5, 2.5], dtype=torch.bfloat16)
    b = torch.stack([x, x * 2])
    result = (x @ w, x.mm(w), torch.matmul(x, v), v @ v, torch.bmm(b, torch.stack([w, w])), x @ x.T,
              torch.nn.functional.linear(x, w.T, torch.tensor([0.1, 0.2], dtype=torch.bfloat16)), torch.outer(v, v),
              torch.addmm(torch.ones(2, 2, dtype=torch.bfloat16), x, w), torch.dot(v, v), torch.mv(x, v))
""")
case("matmul/mixed-refused", f"""
    x = {X}
    x @ torch.ones(4, 2)
""")
case("linalg/inv-refused", """
    torch.linalg.inv(torch.eye(2, dtype=torch.bfloat16))
""")
case("linalg/det-refused", """
    torch.linalg.det(torch.eye(2, dtype=torch.bfloat16))
""")

# ---------------------------------------------------------------- shape ops
case("shape/ops", f"""
    x = {X}
    result = (x.T, x.reshape(8), x[0], x[:, 1:3], x.unsqueeze(0).shape, torch.cat([x, x]), torch.stack([x[0], x[1]]),
              x.flip(0), x.roll(1, 1), x.repeat(1, 2), x.expand(3, 2, 4).dtype, x.clone(), x.contiguous(),
              x.masked_fill(x > 1, 0.3), x.index_select(1, torch.tensor([0, 2])), x.gather(1, torch.tensor([[0], [3]])),
              torch.cat([x, torch.ones(1, 4)]), x.chunk(2, 1))
""")
case("shape/setitem", f"""
    x = {X}
    x[0, 0] = 3.14159
    x[1] = torch.tensor([0.1, 0.2, 0.3, 0.4])
    result = x
""")

# ---------------------------------------------------------------- nn
case("nn/softmax-losses", f"""
    F = torch.nn.functional
    x = {X}
    t = torch.tensor([1, 2])
    y = torch.tensor([[0.1, 0.2, 0.3, 0.4], [1.0, 2.0, 3.0, 4.0]], dtype=torch.bfloat16)
    result = (F.softmax(x, 1), F.log_softmax(x, 1), F.cross_entropy(x, t), F.mse_loss(x, y), F.l1_loss(x, y),
              F.softmax(x, 0), F.nll_loss(F.log_softmax(x, 1), t), F.cross_entropy(x, t, reduction='none'))
""")
case("nn/linear-module", """
    torch.manual_seed(0)
    m = torch.nn.Linear(4, 3).to(torch.bfloat16)
    x = torch.tensor([[0.5, -1.5, 2.0, 0.25]], dtype=torch.bfloat16)
    y = m(x)
    y.sum().backward()
    result = (m.weight, m.bias, y, m.weight.grad, m.bias.grad)
""")
case("nn/module-bfloat16", """
    torch.manual_seed(1)
    m = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 2)).bfloat16()
    x = torch.tensor([[0.5, -1.5, 2.0], [1.0, 0.1, -0.2]], dtype=torch.bfloat16)
    loss = torch.nn.functional.cross_entropy(m(x), torch.tensor([0, 1]))
    loss.backward()
    print(m[0].weight.dtype)
    result = (loss, m[0].weight.grad, m[2].bias.grad)
""")

# ---------------------------------------------------------------- autograd
case("grad/elementwise", f"""
    x = {P}.requires_grad_()
    y = (x * x.sin() + x.exp() / 3).sum()
    y.backward()
    result = (y, x.grad)
""")
case("grad/fns", f"""
    x = {P}.requires_grad_()
    outs = [x + 1, x[0], x.T, x * 2, x.exp(), x.log(), x.sigmoid(), x.tanh(), x.sum(), x.mean(), x @ x.T, x.pow(2), x.float(), x.relu(), torch.nn.functional.softmax(x, 1)]
    print([o.grad_fn.name() for o in outs])
""")
case("grad/scalar-backward", """
    x = torch.tensor(1.7, dtype=torch.bfloat16, requires_grad=True)
    y = x * x * 3.3
    y.backward()
    result = (y, x.grad)
""")
case("grad/through-cast", """
    x = torch.tensor([1.3, 2.7, -0.3], requires_grad=True)
    y = x.bfloat16()
    z = (y * y * 1.1).sum()
    z.backward()
    result = (y, z, x.grad)
""")
case("grad/mixed", """
    x = torch.tensor([1.3, 2.7, -0.3], dtype=torch.bfloat16, requires_grad=True)
    w = torch.tensor([0.11, 0.22, 0.33], requires_grad=True)
    z = (x * w).sum()
    z.backward()
    result = (z, x.grad, w.grad)
""")
case("grad/accumulate", """
    x = torch.tensor([1.3, 2.7, -0.3], dtype=torch.bfloat16, requires_grad=True)
    for k in range(3):
        (x * 1.37 * (k + 1)).sum().backward()
    result = x.grad
""")
case("grad/matmul", """
    a = torch.tensor([[0.3, -1.7, 2.2], [3.1, 0.5, -0.6]], dtype=torch.bfloat16, requires_grad=True)
    b = torch.tensor([[1.1, 0.2], [0.3, -0.4], [1.5, 0.25]], dtype=torch.bfloat16, requires_grad=True)
    (a @ b).pow(2).sum().backward()
    result = (a.grad, b.grad)
""")

# ---------------------------------------------------------------- optimizers
case("optim/sgd", """
    w = torch.tensor([1.3, -2.7, 0.3], dtype=torch.bfloat16, requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
    for _ in range(3):
        opt.zero_grad()
        (w * w).sum().backward()
        opt.step()
    result = w
""")
case("optim/adam", """
    w = torch.tensor([1.3, -2.7, 0.3], dtype=torch.bfloat16, requires_grad=True)
    opt = torch.optim.Adam([w], lr=0.1)
    for _ in range(3):
        opt.zero_grad()
        (w * w).sum().backward()
        opt.step()
    result = (w, opt.state[w]['exp_avg'], opt.state[w]['exp_avg_sq'])
""")

case("optim/sgd-nesterov-wd", """
    w = torch.tensor([1.3, -2.7, 0.3, 0.01], dtype=torch.bfloat16, requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.05, momentum=0.9, nesterov=True, weight_decay=0.01)
    for _ in range(4):
        opt.zero_grad()
        (w * w * w).sum().backward()
        opt.step()
    result = (w, [v for v in opt.state[w].values() if torch.is_tensor(v) and v.dim()])
""")
case("optim/adamw", """
    w = torch.tensor([1.3, -2.7, 0.3, 0.01], dtype=torch.bfloat16, requires_grad=True)
    opt = torch.optim.AdamW([w], lr=0.05, weight_decay=0.1)
    for _ in range(4):
        opt.zero_grad()
        (w * w * w).sum().backward()
        opt.step()
    result = (w, [v for v in opt.state[w].values() if torch.is_tensor(v) and v.dim()])
""")
case("optim/adam-amsgrad", """
    w = torch.tensor([1.3, -2.7, 0.3, 0.01], dtype=torch.bfloat16, requires_grad=True)
    opt = torch.optim.Adam([w], lr=0.05, amsgrad=True)
    for _ in range(4):
        opt.zero_grad()
        (w * w * w).sum().backward()
        opt.step()
    result = (w, [v for v in opt.state[w].values() if torch.is_tensor(v) and v.dim()])
""")
case("optim/rmsprop", """
    w = torch.tensor([1.3, -2.7, 0.3, 0.01], dtype=torch.bfloat16, requires_grad=True)
    opt = torch.optim.RMSprop([w], lr=0.01, momentum=0.5, centered=True)
    for _ in range(4):
        opt.zero_grad()
        (w * w * w).sum().backward()
        opt.step()
    result = (w, [v for v in opt.state[w].values() if torch.is_tensor(v) and v.dim()])
""")
case("optim/adagrad", """
    w = torch.tensor([1.3, -2.7, 0.3, 0.01], dtype=torch.bfloat16, requires_grad=True)
    opt = torch.optim.Adagrad([w], lr=0.1)
    for _ in range(4):
        opt.zero_grad()
        (w * w * w).sum().backward()
        opt.step()
    result = (w, [v for v in opt.state[w].values() if torch.is_tensor(v) and v.dim()])
""")
case("optim/adamax", """
    w = torch.tensor([1.3, -2.7, 0.3, 0.01], dtype=torch.bfloat16, requires_grad=True)
    opt = torch.optim.Adamax([w], lr=0.1)
    for _ in range(4):
        opt.zero_grad()
        (w * w * w).sum().backward()
        opt.step()
    result = (w, [v for v in opt.state[w].values() if torch.is_tensor(v) and v.dim()])
""")
case("optim/nadam", """
    w = torch.tensor([1.3, -2.7, 0.3, 0.01], dtype=torch.bfloat16, requires_grad=True)
    opt = torch.optim.NAdam([w], lr=0.1)
    for _ in range(4):
        opt.zero_grad()
        (w * w * w).sum().backward()
        opt.step()
    result = (w, [v for v in opt.state[w].values() if torch.is_tensor(v) and v.dim()])
""")
case("optim/radam", """
    w = torch.tensor([1.3, -2.7, 0.3, 0.01], dtype=torch.bfloat16, requires_grad=True)
    opt = torch.optim.RAdam([w], lr=0.1)
    for _ in range(4):
        opt.zero_grad()
        (w * w * w).sum().backward()
        opt.step()
    result = (w, [v for v in opt.state[w].values() if torch.is_tensor(v) and v.dim()])
""")
case("optim/adadelta", """
    w = torch.tensor([1.3, -2.7, 0.3, 0.01], dtype=torch.bfloat16, requires_grad=True)
    opt = torch.optim.Adadelta([w], lr=1.0)
    for _ in range(4):
        opt.zero_grad()
        (w * w * w).sum().backward()
        opt.step()
    result = (w, [v for v in opt.state[w].values() if torch.is_tensor(v) and v.dim()])
""")
case("optim/asgd", """
    w = torch.tensor([1.3, -2.7, 0.3, 0.01], dtype=torch.bfloat16, requires_grad=True)
    opt = torch.optim.ASGD([w], lr=0.1)
    for _ in range(4):
        opt.zero_grad()
        (w * w * w).sum().backward()
        opt.step()
    result = (w, [v for v in opt.state[w].values() if torch.is_tensor(v) and v.dim()])
""")
case("optim/rprop", """
    w = torch.tensor([1.3, -2.7, 0.3, 0.01], dtype=torch.bfloat16, requires_grad=True)
    opt = torch.optim.Rprop([w], lr=0.1)
    for _ in range(4):
        opt.zero_grad()
        (w * w * w).sum().backward()
        opt.step()
    result = (w, [v for v in opt.state[w].values() if torch.is_tensor(v) and v.dim()])
""")
case("optim/large-sgd-adam", """
    torch.manual_seed(5)
    w0 = torch.randn(45).bfloat16()
    out = []
    for make in (lambda p: torch.optim.SGD(p, lr=0.03, momentum=0.9, weight_decay=0.01),
                 lambda p: torch.optim.Adam(p, lr=0.01), lambda p: torch.optim.AdamW(p, lr=0.01)):
        w = w0.clone().requires_grad_()
        opt = make([w])
        for _ in range(3):
            opt.zero_grad()
            (w * w * w).sum().backward()
            opt.step()
        out.append(w)
    result = out
""")
case("optim/unmatched-refused", """
    w = torch.tensor([1.3, -2.7], dtype=torch.bfloat16, requires_grad=True)
    torch.optim.RMSprop([w])
""")

def build_cases():
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), "duplicate case ids"
    return CASES
