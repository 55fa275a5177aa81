"""Golden corner cases of the engine: programs on which gradcalc once disagreed with
torch (issue 22, and what the differential fuzzer in tests/fuzz/ found since).

Each case is a snippet run with only ``torch`` bound, described by
autograd_runner.py (stdout, warnings, the exception that ended it, ``result``);
corners_generate.py runs them under real torch and writes corners.json;
tests/engine/test_corners_golden.py replays them on gradcalc.engine.
"""

import textwrap

CASES = []


def case(id, code):
    CASES.append({"id": id, "code": textwrap.dedent(code).strip("\n") + "\n"})


# ---------------------------------------------------------------- wrong values or gradients
case("pow/zero-base-grad", """
    x = torch.tensor([-0.844, 0.5, 0.0, 2.0], dtype=torch.float64, requires_grad=True)
    (0 ** x).sum().backward()
    result = x.grad
""")
case("pow/zero-base-tensor-grad", """
    x = torch.tensor([-0.844, 0.5, 0.0, 2.0], dtype=torch.float64, requires_grad=True)
    b = torch.zeros(4, dtype=torch.float64, requires_grad=True)
    (b ** x).sum().backward()
    result = (x.grad, b.grad)
""")
case("sign/nan", """
    result = (torch.sign(torch.tensor([float('nan'), -0.0, 2.0])), torch.tensor([float('nan')], dtype=torch.float64).sign())
""")
case("sign/l1-loss-through-nan", """
    F = torch.nn.functional
    x = torch.tensor([-1.5], requires_grad=True)
    F.l1_loss(torch.ones(1), torch.log(x)).backward()
    result = x.grad
""")
case("view/mask-assign-0d-view", """
    x = torch.tensor([-0.247, 0.819], requires_grad=True)
    b = x + 0
    v = b.select(0, 0)
    v[v < 0] = 0.0
    print(v, b)
    v.backward()
    result = (v, b, x.grad)
""")
case("version/saved-output-modified-through-view", """
    x = torch.tensor(1.247, requires_grad=True)
    y = torch.pow(x, x)
    y.reshape(-1).square_()
    y.backward()
""")
case("version/create-graph-saved-output-modified", """
    x = torch.tensor([0.5, 1.5], requires_grad=True)
    y = x.amax()
    with torch.no_grad():
        y.detach().sqrt_()
    (y * 2).backward(create_graph=True)
""")
case("second-order/norm1", """
    x = torch.tensor([0.5, -1.5, 2.0], requires_grad=True)
    g, = torch.autograd.grad(torch.norm(x, 1), x, create_graph=True)
    print(g, g.requires_grad, g.grad_fn)
    g.sum().backward()
    result = x.grad
""")
case("second-order/abs", """
    x = torch.tensor([0.5, -1.5, 2.0], requires_grad=True)
    g, = torch.autograd.grad(x.abs().sum(), x, create_graph=True)
    print(g, g.requires_grad, g.grad_fn)
    g.sum().backward()
    result = x.grad
""")
case("second-order/detached-input-requires-grad", """
    x = torch.tensor([0.5, -1.5, 2.0])
    a = x.detach().requires_grad_()
    gs = torch.autograd.grad((a * 3).sum(), a, create_graph=True)
    result = (gs[0], gs[0].requires_grad)
""")
case("version/create-graph-saved-0d-amax", """
    x = torch.tensor(0.5, requires_grad=True)
    y = x.amax()
    with torch.no_grad():
        y.detach().sqrt_()
    (y * 2).backward(create_graph=True)
""")
case("version/unread-saved-value-still-checked", """
    x = torch.tensor(2.0, requires_grad=True)
    y = x.amax()
    y.detach().mul_(3)
    y.backward()
""")
for _label, _make in (("max1", "x.max()"), ("sum1", "x.sum(0)"), ("pow1", "x ** x"), ("copyslices", "(lambda y: (y.__setitem__(0, 5.0), y)[1])(x * 1)"),
                      ("copy", "(x * 1).copy_(x)"), ("rsub", "1 - x")):
    case(f"message/version-node-name-{_label}", f"""
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        y = {_make}
        z = y * y
        y.detach().mul_(2)
        z.sum().backward()
    """)

# ---------------------------------------------------------------- raises where torch does not, or the reverse
case("overlap/expand-fill", """
    x = torch.tensor([[1.0], [2.0]])
    e = x.expand(2, 2, 1)
    e.fill_(0.)
    result = (e, x)
""")
case("overlap/expand-sin", """
    x = torch.tensor([[1.0], [2.0]])
    e = x.expand(2, 2, 1)
    e.sin_()
    result = (e, x)
""")
case("overlap/expand-add", """
    x = torch.tensor([[1.0], [2.0]])
    x.expand(2, 2, 1).add_(1)
""")
for _op in ("fill_(0.)", "fill_(torch.tensor(1.))", "zero_()", "copy_(torch.ones(2, 2, 1))", "add_(1)", "clamp_(0, 1)",
            "masked_fill_(torch.tensor([[True], [False]]), 1.)", "__setitem__(0, 3.)", "__setitem__(Ellipsis, 3.)",
            "__setitem__(torch.tensor([0]), 3.)", "__setitem__(torch.tensor([[True], [False]]), 3.)", "tril_()", "triu_()",
            "cumsum_(0)", "pow_(2)"):
    case(f"overlap/expanded-{_op}", f"""
        x = torch.tensor([[1.0], [2.0]])
        e = x.expand(2, 2, 1)
        e.{_op}
        result = (e, x)
    """)
case("overlap/expanded-fill-of-graph-tensor", """
    x = torch.tensor([[1.0], [2.0]], requires_grad=True)
    b = x * 1
    e = b.expand(2, 2, 1)
    e.fill_(3.0)
    (b * x).sum().backward()
    result = (b, x.grad)
""")
case("floor-divide/bool-by-zero", """
    result = torch.floor_divide(True, torch.tensor(0., requires_grad=True))
""")
case("smooth-l1/bool-input", """
    F = torch.nn.functional
    t = torch.tensor([0.5, 1.5, -0.25], requires_grad=True)
    loss = F.smooth_l1_loss(torch.tensor([True, False, True]), t)
    loss.backward()
    result = (loss, t.grad)
""")
case("isclose/float-long", """
    torch.isclose(torch.tensor([1.]), torch.tensor([1]))
""")
case("bce-logits/long-input", """
    F = torch.nn.functional
    F.binary_cross_entropy_with_logits(torch.tensor(-5), torch.tensor(0.8, requires_grad=True))
""")
for _a, _b in (("torch.tensor([0.5])", "torch.tensor([1])"), ("torch.tensor([True])", "torch.tensor([0.5])"),
               ("torch.tensor([0.5])", "torch.tensor([True])"), ("torch.tensor([1])", "torch.tensor([1])"),
               ("torch.tensor([0.5], dtype=torch.float64, requires_grad=True)", "torch.tensor([0.25], requires_grad=True)")):
    case(f"bce-logits/dtypes-{_a}-{_b}", f"""
        F = torch.nn.functional
        a, b = {_a}, {_b}
        loss = F.binary_cross_entropy_with_logits(a, b, pos_weight=torch.tensor([2.0]))
        loss.backward()
        result = (loss, a.grad, b.grad)
    """)
for _a, _b in (("torch.tensor([1])", "torch.tensor([1.])"), ("torch.tensor([1.])", "torch.tensor([1.], dtype=torch.float64)"),
               ("torch.tensor([True])", "torch.tensor([True])"), ("torch.tensor([True])", "torch.tensor([1])")):
    case(f"isclose/{_a}-{_b}", f"""
        result = torch.isclose({_a}, {_b})
    """)
    case(f"allclose/{_a}-{_b}", f"""
        result = torch.allclose({_a}, {_b})
    """)
for _expr in ("torch.sub(torch.zeros(2), torch.tensor([True, False]), alpha=2)", "torch.add(torch.zeros(2, dtype=torch.int32), torch.tensor([1, 2]), alpha=2)",
              "torch.add(torch.zeros(2, dtype=torch.float16), torch.tensor([1, 2]), alpha=3)", "torch.remainder(torch.tensor([True]), torch.tensor([0.0]))",
              "torch.floor_divide(torch.tensor([True]), 0.0)", "torch.remainder(torch.tensor([3]), torch.tensor([0.0]))"):
    case(f"dtype/{_expr}", f"""
        result = {_expr}
    """)
case("smooth-l1/int-target-double-backward", """
    F = torch.nn.functional
    t = torch.tensor([0.5, 1.5, -0.25], dtype=torch.float64, requires_grad=True)
    loss = F.mse_loss(t, torch.tensor([1, 0, 2]))
    g, = torch.autograd.grad(loss, t, create_graph=True)
    g.sum().backward()
    result = (loss, g.detach(), g.requires_grad, t.grad)
""")
case("remainder/scalar-first-backward", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    torch.remainder(3, x).sum().backward()
""")
case("multi-view/modified-under-no-grad-is-leaf", """
    x = torch.tensor([1.0, -2.0, 3.0, -4.0], requires_grad=True)
    parts = (x * 1).chunk(2, 0)
    with torch.no_grad():
        parts[1].abs_()
    parts[1].is_leaf
""")

for _split, _use in (("(x * 1).chunk(2, 0)", "parts[1].grad_fn"), ("(x * 1).split(1, 0)", "parts[0] * 2"),
                     ("(x * 1).unbind(0)", "parts[2].is_leaf"), ("(x * 1).split([1, 3])", "parts[0].sum().backward()"),
                     ("(x * 1).chunk(2, 0)", "parts[0].requires_grad")):
    case(f"multi-view/{_split}-then-{_use}", f"""
        x = torch.tensor([1.0, -2.0, 3.0, -4.0], requires_grad=True)
        parts = {_split}
        with torch.no_grad():
            parts[1].abs_()
        result = {_use}
    """)

# ---------------------------------------------------------------- dtypes, grad_fn names, types, messages
case("dtype/add-bool-alpha", """
    result = torch.add(torch.zeros(2), torch.tensor([True, False]), alpha=2)
""")
case("grad-fn/ellipsis-index", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    result = x[...]
""")
case("grad-fn/fill", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    result = (x * 1).fill_(3)
""")
case("grad-fn/sub-scalar-first", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    result = torch.sub(0, x)
""")
case("grad-fn/div-scalar-first", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    result = torch.div(-0.0, x)
""")
case("grad-fn/remainder-scalar-first", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    result = torch.remainder(0, x)
""")
case("grad-fn/matmul-3d-strided", """
    a = torch.arange(12.).reshape(2, 2, 3).requires_grad_()
    b = torch.arange(18.).reshape(2, 3, 3).requires_grad_()
    result = (torch.matmul(a[::2], b), torch.matmul(a, b))
""")
case("grad-fn/setitem-0d-ellipsis", """
    x = torch.tensor(1.0, requires_grad=True)
    t = x * 2
    t[...] = torch.tensor(5.0, requires_grad=True)
    result = t
""")
for op in ("^", "&", "|"):
    case(f"type/float-{'xor' if op == '^' else 'and' if op == '&' else 'or'}", f"""
        torch.tensor([1.0]) {op} torch.tensor([2.0])
    """)
case("type/bitwise-not-float", """
    torch.bitwise_not(torch.tensor([1.0]))
""")
for _expr in ("(x * 1).fill_(torch.tensor(3.))", "(x * 1).fill_(torch.tensor(3., dtype=torch.float64, requires_grad=True))",
              "torch.sub(2, x, alpha=2)", "torch.true_divide(2, x)", "2 / x", "0 - x", "torch.div(2, x, rounding_mode='floor')",
              "torch.div(x, 2, rounding_mode='trunc')", "x.div(torch.tensor([2.0, -3.0], requires_grad=True), rounding_mode='floor')",
              "x // 2", "x[:]", "x[0:5]", "x[(slice(0, 5),)]", "x[(slice(-5, None),)]", "x[..., :]", "x[:, None]"):
    case(f"grad-fn/{_expr}", f"""
        x = torch.tensor([1.5, -2.5], requires_grad=True)
        r = {_expr}
        print(r.grad_fn.next_functions)
        result = (r, torch.autograd.grad(r.sum(), x, allow_unused=True))
    """)
case("grad-fn/fill-tensor-value-grad", """
    x = torch.tensor([1.5, -2.5], requires_grad=True)
    v = torch.tensor(3., dtype=torch.float64, requires_grad=True)
    r = (x * 1).fill_(v)
    r.sum().backward()
    result = (r, x.grad, v.grad)
""")
for _expr in ("torch.tensor([1.0], dtype=torch.float64) & torch.tensor([1.0], dtype=torch.float64)", "torch.tensor([3]) | torch.tensor([1.0])",
              "torch.tensor([3]) & 1.5", "1.5 & torch.tensor([3])", "~torch.tensor([1.0])", "torch.tensor([1.0]).bitwise_not()",
              "torch.tensor([3]) ^ True", "torch.tensor([True]) | 2", "torch.tensor([1.0]).half() | torch.tensor([3])",
              "torch.ones(2).mT", "torch.ones(3, 1).expand(2, 3, 4)"):
    case(f"error/{_expr}", f"""
        result = {_expr}
    """)
for _shape in ((), (2,), (2, 3)):
    for _key in ("...", ":", "0", "None", "(..., None)", "(slice(None), slice(None))", "torch.tensor(True)", "(0, [1])",
                 "(slice(0, 1), [1])", "([0], slice(None))", "(Ellipsis, [1])"):
        for _val in ("5.0", "torch.tensor([5.0])", "torch.tensor(5.0, dtype=torch.float64, requires_grad=True)"):
            case(f"setitem/{_shape}[{_key}]={_val}", f"""
                x = torch.ones({_shape}, requires_grad=True)
                t = x * 2
                t[{_key}] = {_val}
                print(t.grad_fn.next_functions if t.grad_fn is not None else None)
                result = (t, torch.autograd.grad(t.sum(), x))
            """)
for _key in ("[:]", "[0]", "[:, :]", "[..., 0]", "[(slice(None),)]", "[None, :]", "[..., :]", "[...]", "[None]"):
    case(f"getitem/0d{_key}", f"""
        result = torch.tensor(1.5, requires_grad=True){_key}
    """)
for _sa, _sb in (((1, 2, 3), (2, 3, 3)), ((2, 2, 3), (1, 3, 3)), ((1, 2, 3), (1, 3, 3)), ((1, 1, 2, 3), (2, 3, 3)),
                 ((1, 2, 3), (4, 3, 3)), ((2, 1, 2, 3), (1, 3, 3))):
    for _ra, _rb in ((True, True), (False, True), (True, False)):
        case(f"matmul/{_sa}@{_sb}-{_ra}-{_rb}", f"""
            a = torch.arange(float({_sa[0] * _sa[1] * _sa[2] * (_sa[3] if len(_sa) > 3 else 1)})).reshape({_sa}).requires_grad_({_ra})
            b = torch.arange(float({_sb[0] * _sb[1] * _sb[2]})).reshape({_sb}).requires_grad_({_rb})
            r = torch.matmul(a, b)
            print(r.grad_fn, r.grad_fn.next_functions)
            result = (r, torch.autograd.grad(r.sum(), [t for t in (a, b) if t.requires_grad]))
        """)
case("message/version-copyslices", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    b = x * 1
    b[0] = 5.0
    y = b.exp()
    b.mul_(2)
    y.sum().backward()
""")
case("message/version-copyslices-view-sin", """
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    b = x * 1
    b[:1].mul_(2)
    y = b.sin()
    b.add_(1)
    y.sum().backward()
""")
case("message/inplace-cast-long", """
    t = torch.tensor([1, 2])
    t.add_(0.5)
""")
case("message/inplace-cast-int", """
    t = torch.tensor([1, 2], dtype=torch.int32)
    t.mul_(1.5)
""")
case("message/inplace-cast-bool", """
    t = torch.tensor([True])
    t.add_(1)
""")
case("message/expand-last-mismatch", """
    torch.ones(2, 3).expand(3, 4)
""")
case("message/version-shape-view-0d", """
    x = torch.tensor([1.5], requires_grad=True)
    y = (x * 1).view(())
    z = y.exp()
    y.mul_(2)
    z.backward()
""")
case("message/version-shape-reshape", """
    x = torch.tensor([1.5, 2.0], requires_grad=True)
    y = (x * 1).reshape(1, -1)
    z = y.exp()
    y.mul_(2)
    z.sum().backward()
""")

# ---------------------------------------------------------------- found by the differential fuzzer (tests/fuzz/)
_FUZZ = {
    "relu-grad-at-nan": """
        x = torch.tensor([[float('nan'), 1.0, -0.15]], dtype=torch.float64, requires_grad=True)
        result = torch.autograd.grad(torch.nn.functional.relu(x.relu()).sum(), [x])
    """,
    "remainder-second-order-at-zero": """
        a = torch.tensor([[-2.79, 2.0], [-0.32, 0.0]], requires_grad=True)
        r = torch.tensor([[False, True], [False, False]]) % a
        g, = torch.autograd.grad(r.sum(), [a], create_graph=True)
        result = (g, torch.autograd.grad(g.sum(), [a], allow_unused=True))
    """,
    "unbind-views-see-inplace": """
        x = torch.tensor([-0.5, 0.5, 0.5], dtype=torch.float64, requires_grad=True)
        parts = x.unbind(0)
        with torch.no_grad():
            x.square_()
        result = [p.detach() for p in parts]
    """,
    "prod-dim-of-0d-backward": """
        x = torch.tensor(-0.33, requires_grad=True)
        y = x.T.prod(dim=0)
        (y * y).sum().backward()
        result = (y, x.grad)
    """,
    "numpy-scalar-result-inplace": """
        v = torch.tensor(-0.81, requires_grad=True).logical_not()
        v.cumsum_(1)
    """,
    "empty-tensor-inplace": """
        v = torch.tensor([[[], [], [], []]], dtype=torch.float64)
        v.floor_()
        result = v
    """,
    "inplace-keeps-node-when-casting": """
        x = torch.tensor([[0.0, -2.3, -1.54]], requires_grad=True)
        y = x * 1
        y.remainder_(torch.tensor([-0.8, -1.0, -1.85], dtype=torch.float64, requires_grad=True))
        y.sum().backward()
        result = (y, x.grad)
    """,
    "int-pow-negative-exponents": """
        a = torch.tensor([-2, -1, 0, 1, 2, 3, 0, 2, -2, 5])
        result = torch.pow(a, torch.tensor([-1, -1, -1, -1, -2, -3, -2, 0, -3, -1]))
    """,
    "bool-index": """
        x = torch.ones(2, requires_grad=True)
        result = (x[True], x[False], x[None, True], torch.tensor(1.5, requires_grad=True)[True])
    """,
    "squeeze-movedim-0d": """
        v = torch.tensor(-0.75, requires_grad=True)
        result = (v.squeeze(0), v.squeeze(-1), v.movedim(-1, 0), v.mT)
    """,
    "setitem-expand-error": """
        v = torch.tensor([-3, -1, 0, 3])
        v[-1:-1] = v
    """,
    "copy-partial-overlap": """
        v = torch.ones(2, 2)
        v[:1].copy_(v)
    """,
    "mul-partial-overlap": """
        v = torch.ones(3, 2, dtype=torch.float64)
        v[:1].pow_(v)
    """,
    "copy-into-bool-no-history": """
        v = torch.tensor([True])
        v.copy_(torch.tensor([0.0], requires_grad=True))
        result = v
    """,
    "bool-remainder-by-zero": """
        result = torch.tensor([[True, False, True, False]]) % 0
    """,
    "sub-bool-fast-path": """
        v = torch.tensor([[1.66, -1.0], [1.81, 2.0]])
        v.sub_(torch.tensor([True, False]))
    """,
    "min-empty-dim": """
        torch.tensor([]).min(dim=0, keepdim=True)
    """,
    "relu-bool": """
        torch.tensor([True]).relu()
    """,
    "floor-bool": """
        torch.tensor([True]).floor()
    """,
    "argmax-bool": """
        torch.tensor([True]).argmax()
    """,
    "argmin-empty-dim": """
        torch.tensor([]).argmin(dim=-1)
    """,
    "var-int-dim": """
        torch.tensor(3).var(dim=1)
    """,
    "norm-int": """
        torch.tensor(2).norm(p=float('inf'), dim=1)
    """,
    "amin-empty-negative-dim": """
        torch.tensor([]).amin(dim=-1)
    """,
    "clamp-mixed-bounds": """
        x = torch.ones(2)
        x.clamp(x, 0.5)
    """,
    "clamp-cast-name": """
        torch.tensor([-3, -2]).clamp_max_(0.5)
    """,
    "alpha-bool": """
        torch.add(torch.ones(2), torch.ones(2), alpha=True)
    """,
    "alpha-float-int": """
        torch.add(torch.ones(2).long(), torch.ones(2).long(), alpha=0.5)
    """,
    "maximum-number": """
        torch.maximum(torch.ones(2), 1.5)
    """,
    "lt-number-first": """
        torch.lt(1.0, torch.ones(2))
    """,
    "mv-0d-and-ranks": """
        torch.mv(torch.ones(2, 2), torch.ones(2, 2))
    """,
    "roll-0d": """
        torch.tensor(1.).roll(1, 0)
    """,
    "unbind-0d": """
        torch.tensor(1.).unbind(1)
    """,
    "permute-no-dims": """
        torch.tensor(3).permute()
    """,
    "l1-loss-number-target": """
        torch.nn.functional.l1_loss(torch.ones(2, requires_grad=True), -1.5)
    """,
    "copy-broadcast-error": """
        (torch.ones(2, requires_grad=True) * 1).copy_(torch.zeros(2, 2))
    """,
    "div-trunc-broadcast-error": """
        torch.tensor([[True, False]]).div(torch.ones(3, 3), rounding_mode='trunc')
    """,
    "inplace-shape-before-dtype": """
        torch.tensor([[0], [3], [2]]).div_(torch.ones(2, 3, 1))
    """,
    "setitem-view-of-leaf": """
        x = torch.ones(3, requires_grad=True)
        x[1] = 0
    """,
    "bitwise-broadcast-before-dtype": """
        torch.ones(2) ^ torch.ones(3)
    """,
    "nll-loss-long": """
        torch.nn.functional.nll_loss(torch.ones(2, 3).long(), torch.tensor([0, 1]))
    """,
    "index-add-dtypes": """
        torch.tensor([True]).index_add_(0, torch.tensor([0]), torch.tensor([2]))
    """,
    "unflatten-0d": """
        try:
            torch.tensor(-3).unflatten(0, (1, -1))
        except RuntimeError as e:  # torch's text goes on with its C++ backtrace
            print(type(e).__name__, str(e).splitlines()[:2])
    """,
    "softmax-empty": """
        x = torch.tensor([], requires_grad=True)
        result = (x.softmax(0), x.log_softmax(0))
    """,
}
for _id, _code in _FUZZ.items():
    case(f"fuzz/{_id}", _code)


# ---------------------------------------------------------------- found by the fuzzer's second round (issue 22)
_FUZZ2 = {
    "prod-0d-nan-grad": """
        x = torch.tensor(float('nan'), requires_grad=True)
        x.prod().backward(create_graph=True)
        y = torch.tensor([float('nan'), 2.0], requires_grad=True)
        y.prod().backward()
        result = (x.grad, y.grad)
    """,
    "elu-second-derivative-at-zero": """
        x = torch.tensor([[-1.6, 0.0, 0.5]], requires_grad=True)
        (g,) = torch.autograd.grad(torch.nn.functional.elu(x).sum(), [x], create_graph=True)
        (gg,) = torch.autograd.grad(g.sum(), [x])
        x64 = torch.tensor([-1.6, 0.0, 0.5], dtype=torch.float64, requires_grad=True)
        (h,) = torch.autograd.grad(torch.nn.functional.selu(x64).sum(), [x64], create_graph=True)
        (hh,) = torch.autograd.grad(h.sum(), [x64])
        result = (g.detach(), gg, h.detach(), hh)
    """,
    "softmax-0d-nan-and-inf": """
        x = torch.tensor([float('nan'), float('inf'), -float('inf'), 2.0], requires_grad=True)
        s = [v.softmax(0) for v in x.unbind()]
        ls = [v.log_softmax(-1) for v in x.unbind()]
        (g,) = torch.autograd.grad(sum(s) + sum(ls), [x])
        result = (s, ls, g)
    """,
    "softmax-empty-int": """
        result = (torch.tensor([], dtype=torch.int64).log_softmax(-1), torch.tensor([], dtype=torch.bool).softmax(0))
    """,
    "remainder-zero-keeps-dividend-sign": """
        x = torch.tensor([0.0, -0.0, 2.0, -2.0, 1.5, -1.5])
        d = torch.tensor([-0.76, 0.76, -1.0, 1.0, 0.5, -0.5])
        result = (torch.remainder(x, d).rsqrt(), (x % -1.0).rsqrt(), (x % 1.0).rsqrt(),
                  torch.tensor([0.0, -0.0], dtype=torch.float64).remainder_(torch.tensor(-3.0)).rsqrt())
    """,
    "cumsum-bool-0d-and-empty": """
        a = torch.tensor(True)
        a.cumsum_(0)
        b = torch.tensor([[], []], dtype=torch.bool)
        b[:1].cumsum_(0)
        c = torch.tensor(True)
        c.cumprod_(0)
        result = (a, b, c)
    """,
    "remainder-broadcast-before-zero-division": """
        try:
            torch.tensor([[1, 2]]).remainder(torch.tensor([[0, 1, 2], [1, 0, 3]]))
        except RuntimeError as e:
            print(e)
        torch.tensor([[1, 2]]).floor_divide(torch.tensor([[0, 1, 2], [1, 0, 3]]))
    """,
    "remainder-bool-broadcast-first": """
        torch.tensor([[True]]).remainder_(torch.tensor([[False, True, True], [False, True, False]]))
    """,
    "pow-bool-output-shape-first": """
        torch.tensor([True, False, True])[:1].pow_(torch.tensor([True, False, True]))
    """,
}
for _op in ("sigmoid_()", "floor_()", "sqrt_()", "square_()", "abs_()", "tanh_()", "exp_()", "sin_()", "pow_(0.0)",
            "div_(-0.0)", "clamp_max_(True)", "clamp_(0, 1)", "mul_(torch.ones(2, 3))", "remainder_(0)"):
    _FUZZ2[f"overlap-checked-first-{_op}"] = f"""
        torch.tensor([[True], [False]]).expand(2, 2, 1).{_op}
    """
    _FUZZ2[f"overlap-checked-first-int-{_op}"] = f"""
        torch.tensor([[2], [3]]).expand(2, 2, 1).{_op}
    """
_FUZZ2.update({
    "overlap-recorded-fill-zero-masked-fill": """
        x = torch.tensor([0.5, 1.0], requires_grad=True)
        b = x * 1
        b.expand(2, 2).fill_(2.0)
        b.expand(2, 2).zero_()
        e = b.unsqueeze(0).expand(2, 2)
        e.masked_fill_(e > 0, torch.tensor(1.0, requires_grad=True))
        result = (b, e)
    """,
    "overlap-recorded-fill-backward-raises": """
        x = torch.tensor([0.5, 1.0], requires_grad=True)
        b = x * 1
        b.expand(2, 2).fill_(2.0)
        print(b)
        b.sum().backward()
    """,
    "untracked-view-write-makes-base-require-grad": """
        a = torch.tensor([1.0, 2.0])
        w = torch.tensor(0.76, requires_grad=True)
        v = a.t()
        v.masked_fill_(v > 1.5, w)
        print(a.requires_grad, a.is_leaf, a.grad_fn.name(), v.grad_fn.name())
        b = torch.tensor([[2.0, 1.69, 1.0], [1.0, 3.0, 4.0]])
        u = torch.tensor([2.56, 1.0], requires_grad=True)
        b.diagonal(1).copy_(u)
        b[1:].t().mul_(u[0])
        b.T[::2][0] = u[1]
        (b * b).sum().backward()
        c = torch.tensor([[2.0, 1.69, 1.0], [1.0, 3.0, 4.0]]).t()
        c[1].add_(w)
        c.flip(0)[0].div_(w)
        c.sum().backward()
        result = (a, b, c, w.grad, u.grad)
    """,
    "untracked-view-write-int-base": """
        x = torch.tensor([2.0, 1.0], requires_grad=True)
        i = x.to(torch.int64)
        i.view(-1).fill_(torch.tensor(-0.0, requires_grad=True))
        print(i.requires_grad, i.grad_fn.name())
        i.sum()
    """,
    "untracked-view-later-read": """
        a = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
        r = a[0]
        a[1:].mul_(torch.tensor(2.0, requires_grad=True))
        print(r.grad_fn.name(), r.requires_grad)
        (r * 3).sum().backward()
        result = (a, r)
    """,
    "no-grad-view-written-with-grad": """
        a = torch.tensor([1.0, 2.0])
        with torch.no_grad():
            v = a.t()
        v.mul_(torch.tensor(2.0, requires_grad=True))
    """,
    "no-grad-view-of-changed-base": """
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        with torch.no_grad():
            v = x[0]
            x.sub_(0.1)
        print(v.requires_grad)
        v * 2
    """,
    "multi-view-untracked-written-with-grad": """
        a = torch.tensor([1.0, 2.0])
        u = a.unbind()
        u[0].mul_(torch.tensor(2.0, requires_grad=True))
    """,
    "multi-view-untracked-base-written-with-grad": """
        a = torch.tensor([1.0, 2.0])
        u = a.chunk(2)
        a.mul_(torch.tensor(2.0, requires_grad=True))
        u[0] * 1
    """,
    "view-made-before-requires-grad": """
        a = torch.tensor([1.0, 2.0])
        u = a.unbind()
        r = a[0]
        a.requires_grad_()
        y = r * 2
        y.backward()
        print(u[0].requires_grad, u[0].is_leaf, r.requires_grad, r.is_leaf, y.requires_grad, y.grad_fn.name(), a.grad)
        r.mul_(2)
    """,
    "int-tensor-requires-grad-then-op": """
        v = torch.tensor([-3, -3])
        v.fill_(torch.tensor(-0.98, requires_grad=True))
        print(v.requires_grad, v.grad_fn.name())
        v.sum()
    """,
    "bool-masked-fill-with-grad-value": """
        v = torch.tensor([True, False])
        v.masked_fill(v, torch.tensor(-0.98, requires_grad=True))
    """,
    "int-setitem-copy-or-fill": """
        w = torch.tensor(2.0, requires_grad=True)
        a = torch.tensor([1, 2])
        a[torch.tensor([True, False])] = w
        b = torch.tensor([[1, 2]])
        b[0] = torch.tensor([2.0, 3.0], requires_grad=True)
        b[0] = torch.tensor([2.0], requires_grad=True)
        b[:] = torch.tensor([2.0, 3.0], requires_grad=True)
        b[0, 1] = w
        c = torch.tensor([[1, 2]])
        c[0] = w
        d = torch.tensor([True])
        d[0] = w
        print([(t.requires_grad, t.grad_fn.name() if t.grad_fn else None) for t in (a, b, c, d)])
        result = (a.detach(), b, c.detach(), d)
    """,
    "pow-tensor-exponent-is-c-pow": """
        x = torch.tensor([-float('inf'), -0.0, float('inf'), 4.0])
        result = (x ** torch.tensor(0.5, dtype=torch.float64), x ** torch.tensor([0.5]), x ** 0.5,
                  torch.tensor(-float('inf')) ** torch.tensor(0.5), x[:, None] ** torch.tensor([[0.5, 2.0]]))
    """,
    "inplace-recorded-float-into-int": """
        v = torch.tensor([[0, -1, 0, -3], [2, 2, 3, -1]])
        v.narrow(0, 0, 1).remainder_(torch.tensor([1.0, -1.34, -0.62, 0.5], dtype=torch.float64, requires_grad=True))
    """,
    "inplace-recorded-float-into-int-pow": """
        torch.tensor([2]).pow_(torch.tensor([2.38], requires_grad=True))
    """,
})
for _i, _code in enumerate(["torch.zeros(0)[..., 0]", "v = torch.zeros(0); v[..., 0] = 0.0", "v = torch.zeros(2, 0); v[1, 0] = 0.0",
                            "v = torch.zeros(3); v[..., -5] = 0.0", "torch.zeros(3)[None, 5]", "torch.zeros(0)[[0, 0]]",
                            "torch.zeros(2, 0)[:, [0, 0]]", "v = torch.zeros(0); v[[0, 0]] = 1.",
                            "torch.zeros(0, dtype=torch.int64).index_add_(0, torch.tensor([0]), torch.zeros(0, dtype=torch.int64))",
                            "torch.zeros(2).index_add_(0, torch.tensor([0, 1]), torch.ones(3))",
                            "torch.zeros(2).index_add(0, torch.tensor([5]), torch.ones(1))",
                            "torch.zeros(2, 2).index_add_(0, torch.tensor([0]), torch.ones(1, 3))",
                            "torch.zeros(2).index_add(0, torch.tensor([0]), torch.ones(()))",
                            "v = torch.tensor([[True], [False]]); v[..., 0] = v.triu(0)",
                            "torch.ones(4, 1, dtype=torch.bool).expand(4)",
                            "v = torch.zeros(3, 1); v[torch.tensor([False, False, False])] = torch.zeros(3, requires_grad=True)",
                            "v = torch.zeros(3, 1, requires_grad=True).clone(); v[torch.tensor([False, False, False])] = torch.zeros(3)",
                            "torch.nn.functional.binary_cross_entropy(torch.tensor([float('nan'), 0.5]), torch.tensor([1.0, 0.0]))",
                            "v = torch.tensor([[0.74, 1.0], [0.25, 0.5]])[0]; v.requires_grad_(); v.tanh_()"]):
    _FUZZ2[f"message-{_i}"] = f"""
        {_code}
    """
_FUZZ2.update({
    "setitem-value-leading-ones-recorded": """
        v = torch.zeros(2, 3, requires_grad=True).clone()
        w = torch.ones(1, 1, 3, requires_grad=True)
        v[torch.tensor([0, 1])] = w
        v[0] = torch.ones(1, 3, requires_grad=True)
        v[:, 1] = torch.ones(1, 1, 2, requires_grad=True) * 2
        v.sum().backward()
        result = (v, w.grad)
    """,
    "norm-inf-empty": """
        x = torch.tensor([[]], requires_grad=True)
        print(x.norm(p=float('inf'), dim=0), x.norm(p=-float('inf'), dim=0))
        for code in ("x.norm(p=float('inf'), dim=-1)", "x.norm(p=float('inf'))", "x.norm(p=-float('inf'), dim=(1, 0))"):
            try:
                eval(code)
            except RuntimeError as e:
                print(e)
    """,
    "pow-bool-number-base": """
        print(2 ** torch.tensor([False, True]), torch.tensor([False, True]) ** True)
        True ** torch.tensor([False, True])
    """,
    "retain-grad-follows-regenerated-view": """
        x = torch.tensor([[2.08], [-2.18], [2.3]], requires_grad=True)
        v = x.reshape(-1, 1)
        v.retain_grad()
        with torch.no_grad():
            v.copy_(x)
        torch.autograd.grad(v.sum(), [x])
        b = x * 1
        r = b[1:]
        r.retain_grad()
        b[:1].mul_(2)
        (r * 3).sum().backward()
        result = (v.grad, r.grad, x.grad)
    """,
    "mean-int-dtype-before-dim": """
        torch.tensor(-3).mean(dim=1, keepdim=True)
    """,
    "mm-bool-empty": """
        result = [torch.ones(a, dtype=torch.bool) @ torch.ones(b, dtype=torch.bool)
                  for a, b in (((3, 0), (0, 3)), ((0, 2), (2, 3)), ((2, 2), (2, 0)))]
        torch.ones(1, 1, dtype=torch.bool) @ torch.ones(1, 1, dtype=torch.bool)
    """,
})
for _id, _code in _FUZZ2.items():
    case(f"fuzz2/{_id}", _code)


# ---------------------------------------------------------------- the fuzzer's third round
_FUZZ3 = {
    # signed zeros on ties: a number bound keeps self's zero; two tensors keep self's in torch's
    # scalar loop and take the other's in its vectorised one (from 16 float32 / 8 float64 elements)
    "ties-signed-zero-number-bounds": """
        a = torch.tensor([-0.0, 0.0] * 10)
        result = [1 / r for r in (a.clamp_min(0), a.clamp_max(-0.0), a.clamp(0, 0), a.clamp(-0.0, None), torch.relu(a),
                                  torch.nn.functional.hardtanh(a, 0.0, 1.0), torch.fmax(a, -a), torch.fmin(a, -a),
                                  a.clamp_min(torch.tensor(False)))]
    """,
    "ties-signed-zero-tensor-operands": """
        result = []
        for n, dt in ((3, torch.float32), (8, torch.float32), (5, torch.float64), (4, torch.float64)):
            a = torch.tensor([-0.0, 0.0] * n, dtype=dt)
            b = -a
            result += [1 / r for r in (torch.maximum(a, b), torch.minimum(a, b), a.clamp_min(b), a.clamp_max(b),
                                       a.clamp(b, b), torch.max(a, b), torch.min(a, b))]
        a = torch.tensor([[-0.0, 0.0, -0.0, 0.0]] * 5)
        result += [1 / torch.maximum(a, torch.zeros(4)), 1 / torch.maximum(a, torch.zeros(5, 1)),
                   1 / torch.maximum(a.t(), torch.zeros(4, 5)), 1 / torch.minimum(a, torch.tensor(0.0)),
                   1 / torch.maximum(a.expand(2, 5, 4), torch.zeros(2, 1, 4))]
    """,
    "clamp-max-bool-bound-log10-grad": """
        v1 = torch.tensor([[-0.0, 2.0], [-2.03, -0.5], [1.73, 3.0]], requires_grad=True)
        v4 = torch.clamp_max(v1, v1 != v1)
        result = torch.autograd.grad(v4.log10().sum(), [v1])
    """,
    "maximum-minimum-grad-at-nan": """
        nan = float('nan')
        a = torch.tensor([nan, nan, 1., 1., 2., 1.], requires_grad=True)
        b = torch.tensor([nan, 1., nan, 1., 1., 2.], requires_grad=True)
        result = []
        for f in (torch.maximum, torch.minimum, torch.clamp_min, torch.clamp_max, lambda x, y: x.clamp(y, y)):
            result.append(torch.autograd.grad(f(a, b).sum(), [a, b]))
        m = torch.tensor([nan, 1.0], requires_grad=True)
        result += [torch.autograd.grad(torch.minimum(m, m).sum(), m), torch.autograd.grad(torch.maximum(m, m).sum(), m)]
    """,
    # torch's backward functions that read self make gradients that require grad (zero derivative)
    "nll-loss-create-graph-gradient-requires-grad": """
        F = torch.nn.functional
        v1 = torch.tensor([float('nan'), 0.5], requires_grad=True)
        v2 = F.nll_loss(v1, torch.tensor(1))
        v4 = torch.autograd.grad(v2.sum(), [v1], create_graph=True)
        print(v4[0].requires_grad, v4[0].grad_fn)
        result = (v4, torch.autograd.grad(v4[0].sum(), [v1]))
    """,
    "backward-functions-reading-self": """
        F = torch.nn.functional
        result = []
        for f in (F.hardtanh, F.relu6, lambda x: F.threshold(x, 0.1, 2.), F.softshrink, F.hardshrink,
                  lambda x: F.nll_loss(x.view(1, 3), torch.tensor([1]), reduction='none'),
                  lambda x: F.nll_loss(x.view(1, 3, 1, 1), torch.tensor([[[2]]])),
                  lambda x: F.cross_entropy(x.view(1, 3), torch.tensor([1])),
                  lambda x: F.pad(x.view(1, 1, 3), (1, 1), mode='reflect'),
                  lambda x: F.pad(x.view(1, 1, 3), (2, 1), mode='replicate')):
            for x in (torch.tensor([0.5, -1.5, 2.0], requires_grad=True),
                      (torch.tensor([0.5, -1.5, 2.0]) * 2).detach().requires_grad_()):
                g, = torch.autograd.grad(f(x).sum(), x, create_graph=True)
                result.append((g, g.requires_grad, torch.autograd.grad(g.sum(), x)))
        x = torch.tensor([0.5, -1.5, 2.0], requires_grad=True)
        g, = torch.autograd.grad(F.hardtanh(x), x, torch.ones(3, requires_grad=True), create_graph=True)
        print(g)
    """,
    "hardswish-second-derivative-at-3": """
        x = torch.tensor([-3.0, -1.0, 3.0, 4.0], requires_grad=True)
        g, = torch.autograd.grad(torch.nn.functional.hardswish(x).sum(), x, create_graph=True)
        result = (g, torch.autograd.grad(g.sum(), x))
    """,
    "hardsigmoid-second-derivative-not-implemented": """
        x = torch.tensor([-1.0, 0.5], requires_grad=True)
        g, = torch.autograd.grad(torch.nn.functional.hardsigmoid(x).sum(), x, create_graph=True)
        print(g)
        torch.autograd.grad(g.sum(), x)
    """,
    "nll-loss-saves-self": """
        y = torch.tensor([[0.5, -1.5, 2.0]], requires_grad=True) * 1
        loss = torch.nn.functional.nll_loss(y, torch.tensor([1]))
        y.mul_(2)
        loss.backward()
    """,
    "reflection-pad-saves-self": """
        y = torch.tensor([[[0.5, -1.5, 2.0]]], requires_grad=True) * 1
        out = torch.nn.functional.pad(y, (1, 1), mode='reflect')
        y.mul_(2)
        out.sum().backward()
    """,
    "div-rounding-mode-gradient-is-zeros": """
        v1 = torch.tensor([-1.28, -2.89], dtype=torch.float64, requires_grad=True)
        with torch.no_grad():
            v1[:1].sqrt_()
        v2 = torch.neg(v1)
        v3 = v1.div(v2, rounding_mode='floor')
        v5 = torch.autograd.grad((v3 * v3).sum(), [v1], create_graph=True)
        w = torch.tensor([1.5, -2.0], requires_grad=True)
        g = torch.autograd.grad((w.div(3, rounding_mode='trunc') * w).sum(), [w], create_graph=True)
        result = (v5, v5[0].requires_grad, g, g[0].requires_grad)
    """,
    "cumprod-backward-zeros-nan-inf": """
        result = []
        for cg in (False, True):
            v1 = torch.tensor([[2.68, -1.73], [2.0, 0.0], [-1.79, -0.75]], dtype=torch.float64, requires_grad=True)
            v5 = v1.cumprod(-1).cumprod(0).log2()
            result.append(torch.autograd.grad((v5 * v5).sum(), [v1], create_graph=cg))
            v1 = torch.tensor([[2.0, 0.0]], dtype=torch.float64, requires_grad=True)
            result.append(torch.autograd.grad(v1.cumprod(-1).log2().sum(), [v1], create_graph=cg))
            v1 = torch.tensor([2.0, 0.0, 3.0, 0.0, 5.0], dtype=torch.float64, requires_grad=True)
            for g in ([1., 2., 1., 3., 1.], [1., -float('inf'), 1., 0., 1.], [1., float('inf'), -float('inf'), 1., 1.],
                      [0., float('nan'), 1., 1., 1.]):
                result.append(torch.autograd.grad(v1.cumprod(0), [v1], torch.tensor(g, dtype=torch.float64),
                                                  create_graph=cg))
            z = torch.tensor([[0.0], [float('inf')]], requires_grad=True)
            result.append(torch.autograd.grad(z.cumprod(1).sum(), [z], create_graph=cg))
        x = torch.tensor([[1.5, 0.0, -2.0], [0.0, 0.0, 3.0]], dtype=torch.float64, requires_grad=True)
        g, = torch.autograd.grad(x.cumprod(1).sum(), x, create_graph=True)
        print(g.grad_fn)
        result.append((g, torch.autograd.grad(g.sum(), x)))
    """,
    # writes through an expanded tensor: what changes wins (torch writes the shared memory directly)
    "expanded-tril-masked-fill-index-put": """
        v1 = torch.tensor([1.0, -0.5, -0.75, 0.66])
        v1.expand(2, *v1.shape).tril_()
        v2 = torch.tensor([1.0, 2.0, 3.0])
        v2.expand(3, *v2.shape).triu_()
        v3 = torch.tensor([1.0, 2.0, 3.0])
        v3.expand(2, 3).masked_fill_(torch.tensor([[True, False, False], [False, False, True]]), 7.0)
        x = torch.tensor([[1.0, 2.0, 3.0, 4.0]], requires_grad=True)
        v4 = x * 1
        v4.expand(2, 4, 4)[[0]] = torch.tensor(-2.3, requires_grad=True)
        v5 = x[0, :3] * 1
        v5.expand(3, 3).tril_()
        v6 = x[0, :3] * 1
        v6.expand(2, 3).masked_fill_(torch.tensor([[True, False, False], [False, False, True]]), torch.tensor(5.0))
        result = (v1, v2, v3, v4, v5, v6)
    """,
    # setitem: a basic key expands the value before the write's checks; index_put_ as masked_fill_
    "setitem-check-order": """
        for code in ("x = torch.zeros(3, 2, requires_grad=True); x[0] = torch.ones(3, 2)",
                     "x = torch.zeros(3, 2, requires_grad=True); x[0] = torch.ones(2)",
                     "x = torch.zeros(3, 2, requires_grad=True); x[[0]] = torch.ones(3, 2)",
                     "x = torch.zeros(3, 2, requires_grad=True).t(); x[::2] = torch.ones(4, 1, 2)",
                     "x = torch.zeros((), requires_grad=True); x[...] = torch.ones(3, 2, dtype=torch.bool)",
                     "x = torch.zeros((), requires_grad=True); x[...] = torch.ones((), dtype=torch.bool)",
                     "x = torch.zeros(3, 2).expand(2, 3, 2); x[0] = torch.ones(4)",
                     "x = torch.zeros(3).expand(4, 3); x[2] = torch.ones(4, 3)",
                     "x = torch.zeros(3).expand(4, 3); x[2] = torch.ones(3)",
                     "x = torch.zeros(2, 4)\\nwith torch.no_grad():\\n    x[[1, 1]] = torch.tensor([[2.49, 1.0]])",
                     "x = torch.zeros(2, 4); x[[1, 1]] = torch.ones(1, 1, 2)",
                     "x = torch.zeros(2, 4, requires_grad=True).clone(); x[[1, 1]] = torch.ones(1, 1, 3)",
                     "x = torch.zeros(3); x[torch.tensor([True, False, True])] = torch.tensor([1], dtype=torch.int64)",
                     "x = torch.zeros(3); x[torch.tensor([True, False, True])] = torch.tensor([1, 2], dtype=torch.int64)",
                     "x = torch.zeros(1); x[torch.tensor([True])] = x",
                     "x = torch.zeros(0); x[torch.tensor([], dtype=torch.bool)] = x",
                     "x = torch.zeros(2); x[torch.tensor([True, False])] = x",
                     "x = torch.zeros(2, 2); x[:, torch.tensor([True, False])] = x[0, :1]",
                     "x = torch.zeros(1, requires_grad=True)\\nwith torch.no_grad():\\n    x[torch.tensor([True])] = x",
                     "x = torch.tensor([1.5], requires_grad=True).clone(); x[torch.tensor([True])] = x * 2; print(x)"):
            try:
                exec(code)
                print("ok")
            except RuntimeError as e:
                print(e)
    """,
    "clamp-zero-dim-tensor-bound-is-a-number": """
        x = torch.tensor([-2.88, 0.5, 3.0], requires_grad=True)
        print(x.clamp(torch.tensor(3), 1), torch.tensor([-2, 0, 3]).clamp(torch.tensor(0.5), 1),
              torch.clamp(torch.tensor([-2, 0, 3]), torch.tensor(1), 2.5), torch.tensor([-2.88, 0.5]).clamp_(torch.tensor(3), 1))
        for code in ("x.clamp(torch.tensor(0.2, requires_grad=True), 1)", "x.clamp(torch.tensor([0.2]), 1)",
                     "x.clamp(-1, torch.tensor(0.2, requires_grad=True))"):
            try:
                eval(code)
            except TypeError as e:
                print(str(e).split("\\n")[0])
    """,
    "bool-kernels-missing": """
        b = torch.tensor([False, True, True])
        for code in ("torch.clamp_max(b, True)", "torch.clamp_min(b, True)", "torch.clamp(b, True)",
                     "torch.clamp(b, None, False)", "torch.clamp(b, True, True)", "b.clone().clamp_max_(True)",
                     "b.clone().clamp_(True, True)", "torch.tensor([], dtype=torch.bool).clamp_max(True)",
                     "torch.mv(torch.tensor([[True], [False]]), torch.tensor([False]))",
                     "torch.tensor([[True], [False]]) @ torch.tensor([False])",
                     "torch.matmul(torch.ones(2, 2, 1, dtype=torch.bool), torch.tensor([False]))",
                     "torch.bmm(torch.ones(2, 2, 1, dtype=torch.bool), torch.ones(2, 1, 1, dtype=torch.bool))"):
            try:
                eval(code)
                print("ok")
            except NotImplementedError as e:
                print(e)
        result = (torch.clamp(b, 0, 1), torch.clamp_max(b, torch.tensor([True, False, True])),
                  torch.mv(torch.zeros(0, 2, dtype=torch.bool), torch.zeros(2, dtype=torch.bool)),
                  torch.mv(torch.zeros(2, 0, dtype=torch.bool), torch.zeros(0, dtype=torch.bool)),
                  torch.bmm(torch.zeros(2, 0, 1, dtype=torch.bool), torch.ones(2, 1, 1, dtype=torch.bool)))
    """,
    "copy-into-itself-expanded": """
        x = torch.tensor(2.0).expand(3)
        x.copy_(x)
        print(x, x._version)
        torch.ones(2, 1).expand(2, 3).copy_(torch.zeros(2, 3))
    """,
    "full-overlap-same-strides": """
        v3 = torch.tensor([[2.42], [0.5]])
        for code in ("v3.remainder_(v3.mT)", "v3.mul_(v3.view(1, 2).t())", "v3.add_(v3.view(2, 1))"):
            try:
                exec(code)
                print(v3)
            except RuntimeError as e:
                print(e)
    """,
    "inplace-saved-result-modified-later": """
        v1 = torch.tensor([[1.0, -0.1, -0.5, -0.68]], requires_grad=True)
        v2 = v1 // -1
        v2.sigmoid_()
        v2.square_()
        for code in ("v2.sum().backward()", "y = v1 * 1; y.exp_(); y.exp_(); y.sum().backward()",
                     "y = v1 * 1; y.tanh_(); z = y * 2; y.add_(1); z.sum().backward()"):
            try:
                exec(code)
                print(v1.grad)
            except RuntimeError as e:
                print(e)
    """,
    "binary-cross-entropy-target-range": """
        F = torch.nn.functional
        for x, t in (([0.5, 2.0], [0.5, 2.0]), ([0.5, 0.5], [0.5, 2.0]), ([0.5, 0.5], [float('nan'), 0.5]),
                     ([0.5], [-1e-9]), ([0.5, 0.5], [-0.0, 1.0])):
            for dt in (torch.float32, torch.float64):
                try:
                    print(F.binary_cross_entropy(torch.tensor(x, dtype=dt), torch.tensor(t, dtype=dt)))
                except RuntimeError as e:
                    print(e)
    """,
    # issue 22 item 6, the programs as the issue words them: what torch shows of the second derivative
    # through norm(x, 1) and abs (zeros: torch's efficient zero tensor, printed as zeros), and
    # requires_grad of a create_graph gradient for an input made by detach().requires_grad_()
    "issue-item-6-programs": """
        x = torch.tensor([0.5, -1.5, 2.0], requires_grad=True)
        for f in (lambda t: torch.norm(t, 1), lambda t: t.abs().sum(), lambda t: torch.linalg.vector_norm(t, 1)):
            g, = torch.autograd.grad(f(x), x, create_graph=True)
            h, = torch.autograd.grad(g.sum(), x)
            print(g, g.requires_grad, h, h.requires_grad, h.grad_fn, h.sum(), h * 2, h + 1, h[0].item(), h.clone())
        for make in (lambda: torch.tensor([0.5, -1.5, 2.0]).detach().requires_grad_(),
                     lambda: (x * 2).detach().requires_grad_()):
            for f in (lambda a: a * 3, lambda a: a * a, lambda a: a.abs(), lambda a: torch.norm(a, 1),
                      lambda a: a.relu(), lambda a: a.sum(), lambda a: a.exp()):
                a = make()
                gs = torch.autograd.grad(f(a).sum(), a, create_graph=True)
                print(gs[0], gs[0].requires_grad)
    """,
    "tensor-only-binary-functions": """
        x = torch.tensor([0.5, 2.0])
        for n in ("fmax", "fmin", "atan2", "hypot", "logaddexp", "logaddexp2", "nextafter", "heaviside", "ldexp", "dist"):
            calls = [lambda: getattr(torch, n)(x, 2)]
            if n in ("nextafter", "heaviside", "dist"):  # (a row's method names position 2: the function's)
                calls.append(lambda: getattr(x, n)(2.5))
            for call in calls:
                try:
                    call()
                except TypeError as e:
                    print(e)
        print(torch.copysign(x, -1), torch.xlogy(x, 2), torch.fmod(x, 0.75))
    """,
    "functional-inplace-spellings": """
        F = torch.nn.functional
        for n, args in (("hardtanh_", ()), ("elu_", ()), ("leaky_relu_", ()), ("relu_", ()), ("threshold_", (0.1, 2.0))):
            y = torch.tensor([-1.5, 0.5, 2.0], requires_grad=True) * 1
            r = getattr(F, n)(y, *args)
            print(n, r is y, y)
    """,
    "clamp-inplace-argument-kinds": """
        for code in ("v = torch.tensor([0.25, -0.75]); v.clamp_(1.0, torch.tensor([[-1.05, -0.0]]))",
                     "v = torch.tensor([0.25, -0.75], requires_grad=True); v.clamp_(v, 1.0)",
                     "v = torch.tensor([0.25, -0.75]); v.clamp_(torch.tensor(0.1), 1.0); print(v)",
                     "v = torch.tensor([0.25, -0.75]); v.clamp_(min=torch.tensor(0.1), max=1.0); print(v)",
                     "v = torch.tensor([0.25, -0.75]); v.clip_(torch.tensor([0.1, 0.2]), 1.0)"):
            try:
                exec(code)
            except TypeError as e:
                print(str(e).split(chr(10))[0])
    """,
    "piecewise-activations-nan-inf-signed-zero": """
        F = torch.nn.functional
        x = torch.tensor([float('nan'), -0.3, 0.7, -2.0, float('inf'), -3.0, 3.0, -0.0], requires_grad=True)
        result = []
        for f in (lambda t: F.threshold(t, -1.0, 2.0), F.hardshrink, F.softshrink, torch.sgn, F.hardtanh, F.relu6,
                  F.hardswish, F.hardsigmoid):
            y = f(x)
            g, = torch.autograd.grad(y.sum(), x)
            result.append((1 / y, g.clone()))
        print(F.hardtanh(torch.tensor([-3, 0, 2])), F.relu6(torch.tensor([3, 9, -1])), F.threshold(torch.tensor([3, -2]), 0, 7))
    """,
    "tensor-self-only-binary-functions": """
        F = torch.nn.functional
        x = torch.tensor([[3.0, 2.0], [0.0, -0.45]])
        for code in ("torch.fmax(2, x)", "torch.atan2(True, x)", "torch.hypot(-0.0, x)", "torch.copysign(0, x)",
                     "torch.fmod(3, x)", "torch.tensor([[False, True]]).fmod(torch.tensor([[False, True]]))",
                     "F.threshold(torch.tensor(True), -1.0, 0.0)", "F.hardtanh(torch.tensor([False]))"):
            try:
                eval(code)
            except (TypeError, RuntimeError, NotImplementedError) as e:
                print(type(e).__name__, str(e).split(chr(10))[0])
        print(torch.xlogy(2, x))
    """,
    "shape-inplace-ops": """
        for code in (
                     "v1 = torch.tensor([[1.0, -0.47], [3.0, 2.62]]).unsqueeze(0)\\nv1.t_()",
                     "v1 = torch.tensor([[-3, -1, -1], [2, 1, -1]])\\nv2 = v1.expand(2, *v1.shape)\\nv2.squeeze_()\\n"
                     "v2.unsqueeze_(0)\\nprint(v2.shape)\\nv2.t_()",
                     "v1 = torch.tensor([[1.0, 2.0]], requires_grad=True)\\nv1.t_()"):
            try:
                exec(code)
            except RuntimeError as e:
                print(str(e).split(chr(10))[0])
        x = torch.tensor([[1.0, 2.0]], requires_grad=True)
        y = x * 1
        v = y[0]
        w = y[:, :1]
        v.unsqueeze_(0)
        print(v.grad_fn, w.grad_fn, v._version, y._version)
        (v.sum() + w.sum()).backward()
        print(x.grad)
        f = torch.tensor([[-1.14, -1.44], [2.0, 2.0]], requires_grad=True).floor().permute(1, 0)
        f.unsqueeze_(-1)
        print(f.grad_fn, f.shape)
    """,
    "kernel-and-argument-checks-round-3": """
        F = torch.nn.functional
        for code in ("torch.tensor([[False], [True]]).median()", "torch.tensor([[False], [True]]).median(dim=1)",
                     "torch.tensor([[False], [True]]).nanmedian(dim=1)", "torch.tensor(-1.36).cummax(1)",
                     "torch.tensor(-1.36).cummin(-2)", "torch.nn.functional.celu(torch.tensor([3]))",
                     "F.soft_margin_loss(torch.tensor([1.0, 2.0]), torch.tensor([1.0, -1.0], requires_grad=True))",
                     "F.soft_margin_loss(torch.tensor([1.0, 2.0], requires_grad=True), -1.5)",
                     "F.soft_margin_loss(torch.tensor([1, 2]), torch.tensor([1.0, -1.0]))",
                     "F.huber_loss(torch.tensor(True), torch.tensor(1.0), reduction='none')",
                     "torch.tensor([[False, False]]).hypot(torch.tensor([[False, False]]))",
                     "torch.logaddexp(torch.tensor(True), torch.tensor([-1]))",
                     "torch.logaddexp2(torch.tensor([1, 2]), torch.tensor([-1]))",
                     "torch.tensor([[True, False]]).remainder_(0)", "torch.tensor([True, False]).remainder(0)",
                     "torch.bmm(torch.ones(2, 2, 3, dtype=torch.bool), torch.ones(2, 3, 2))",
                     "torch.bmm(torch.ones(2, 2, 3), torch.ones(2, 3, 2, dtype=torch.bool))"):
            try:
                eval(code)
            except (TypeError, RuntimeError, NotImplementedError, IndexError) as e:
                print(type(e).__name__, str(e).split(chr(10))[0])
        x = torch.tensor([-0.35, 1.5], requires_grad=True)
        result = (F.huber_loss(x, torch.tensor([-2.96, 1.0], dtype=torch.float64)),
                  F.huber_loss(x, torch.tensor([-2.96, 1.0], dtype=torch.float64), reduction='none'),
                  F.soft_margin_loss(x, torch.tensor([1.0, -1.0])), torch.atan2(torch.tensor([1, 2]), torch.tensor([-1])))
    """,
    "activation-backward-drops-nan-gradient-atan2-origin": """
        F = torch.nn.functional
        v1 = torch.tensor([[3.0], [0.0], [float('nan')]], requires_grad=True)
        g, = torch.autograd.grad((F.hardsigmoid(v1) ** 2).sum(), v1, create_graph=True)
        x = torch.tensor([-0.94, 0.0, -0.0], requires_grad=True)
        result = [g, torch.autograd.grad(x.atan2(x.clone()).sum(), [x])]
        y = torch.tensor([float('nan'), 0.2, 2.0, -3.0], requires_grad=True)
        for f in (F.hardtanh, lambda t: F.threshold(t, 0.5, 1.0), F.softshrink, F.hardshrink, F.relu6):
            z = f(y)
            result.append(torch.autograd.grad((z * z).sum(), [y]))
    """,
}
for _id, _code in _FUZZ3.items():
    case(f"fuzz3/{_id}", _code)


# Round 5 (issue 22): the classes the widened fuzzer found on seeds 101-109 and 201-208.
_FUZZ4 = {
    "pad-length-checked-before-the-mode": """
        F = torch.nn.functional
        for code in ("F.pad(torch.tensor(0.0), (1, 0), mode='circular')", "F.pad(torch.tensor(0.0), (0, 0))",
                     "F.pad(torch.tensor(True), (1, 0), mode='reflect')", "F.pad(torch.tensor([1.0]), (1, 0, 0, 0))",
                     "F.pad(torch.tensor([[1.0]]), (1, 0, 1), mode='replicate')",
                     "F.pad(torch.tensor([[True]]), (1, 0), mode='replicate')",
                     "F.pad(torch.tensor([[True, False]]), (1, 0), mode='reflect')",
                     "F.pad(torch.tensor([[[[True, False]]]]), (1, 0, 0, 0, 0, 0), mode='replicate')",
                     "F.pad(torch.tensor([[True]]), (1, 0), mode='reflect')",
                     "F.pad(torch.zeros(3, 0), (1, 0), mode='circular')", "F.pad(torch.zeros(3, 2), (-1, -2), mode='circular')",
                     "F.pad(torch.zeros(0, 3), (0, 0), mode='reflect')", "F.pad(torch.zeros(0, 3, 3), (1, 0, 1, 1), mode='replicate')",
                     "F.pad(torch.zeros(1, 0, 3), (1, 0), mode='replicate')"):
            try:
                print(eval(code).shape)
            except (RuntimeError, NotImplementedError) as e:
                print(type(e).__name__, str(e).split(chr(10))[0])
        x = torch.arange(6.0).reshape(1, 2, 3).requires_grad_()
        y = F.pad(x, (0, 0), mode='circular')
        z = F.pad(x, (1, 2), mode='circular')
        (y.sum() + (z * z).sum()).backward()
        result = (y, z, x.grad, F.pad(torch.zeros(3, 0), (0, 0), mode='circular'), F.pad(torch.zeros(1, 0, 3), (1, 0), mode='circular'),
                  F.pad(torch.tensor([[True]]), (1, 0), mode='circular'), F.pad(torch.zeros(0, 1, 3), (1, 0), mode='replicate'))
    """,
    "soft-margin-loss-computes-into-the-input": """
        F = torch.nn.functional
        for code in ("F.soft_margin_loss(torch.tensor([True, False]), torch.tensor([0.5, 1.0]))",
                     "F.soft_margin_loss(torch.tensor([1.0, 2.0]), torch.tensor([[2.0], [1.0]]))",
                     "F.soft_margin_loss(torch.tensor([1, 2]), torch.tensor([[2.0], [1.0]]))",
                     "F.soft_margin_loss(torch.tensor([1, 2]), torch.tensor([2.0, 1.0], dtype=torch.float64))",
                     "F.soft_margin_loss(torch.tensor([[1.0, 2.0]]), torch.tensor([2.0, 3.0, 4.0]))"):
            try:
                eval(code)
            except (RuntimeError, NotImplementedError) as e:
                print(type(e).__name__, str(e).split(chr(10))[0])
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        y = F.soft_margin_loss(x, torch.tensor([2.0, -1.0], dtype=torch.float64))
        y.backward()
        result = (y, x.grad, F.soft_margin_loss(torch.tensor([[1.0, 2.0]]), torch.tensor([2.0, 3.0]), reduction='none'))
    """,
    "clamp-tensor-bounds-broadcast-in-turn": """
        for code in ("torch.tensor(-1).expand(2).clamp_(torch.tensor(-1.83, dtype=torch.float64), torch.tensor([-1.48, -0.75, -2.4]))",
                     "torch.tensor([[False, False, False]]).clamp_(torch.tensor([True]), torch.tensor([-2.0, -0.75, 1.34, -2.09]))",
                     "torch.tensor([True, False]).clamp_(torch.tensor([True, True]), torch.tensor([True, False]))",
                     "torch.tensor([True, False]).clamp(torch.tensor([True, True]), torch.tensor([True, False]))",
                     "torch.tensor([1.0, 2.0]).clamp(torch.tensor([[1.0, 2.0]]), torch.tensor([1.0, 2.0, 3.0]))",
                     "torch.tensor([1, 2]).expand(2, 2).clamp_(torch.tensor([[1.0, 2.0]]), torch.tensor([1.0, 2.0]))",
                     "torch.tensor([True, False, True]).clamp_(torch.tensor([1.0, 2, 3]), torch.tensor([True, False, True]))"):
            try:
                print(eval(code))
            except (RuntimeError, NotImplementedError) as e:
                print(type(e).__name__, str(e).split(chr(10))[0])
        b = torch.tensor([True, False])
        result = (b.clamp(b), b.clamp(None, b), b.clamp(torch.tensor([1, 2]), b))
    """,
    "shape-inplace-ops-bump-the-version": """
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        y = x * 1
        v = y[0]
        w = y.view(2, 1)
        y.unsqueeze_(0)
        print(v.grad_fn.name(), w.grad_fn.name(), y.grad_fn.name(), y._version)
        (v * 2 + w.sum() * 3 + y.sum()).backward()
        a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
        b = a * 1
        r = b[0]
        c = b[:, 1]
        b.t_()
        b[0, 1] = 10.0
        (r * torch.tensor([2.0, 5.0])).sum().backward(retain_graph=True)
        c.sum().backward()
        p = torch.tensor([[1.0, 2.0]], requires_grad=True)
        parts = (p * 1).split(1, 1)
        q = p * 1
        parts = q.split(1, 1)
        q.squeeze_()
        try:
            parts[0].grad_fn
        except RuntimeError as e:
            print(str(e).split(chr(10))[0])
        for code in ("z = torch.tensor([[1.0, 2.0]], requires_grad=True); y = z ** z; z.detach().squeeze_(); y.sum().backward()",
                     "z = torch.tensor([[1.0, 2.0]], requires_grad=True); y = z.exp(); y.detach().t_(); y.sum().backward()"):
            try:
                exec(code)
            except RuntimeError as e:
                print(str(e).split(chr(10))[0])
        t = torch.tensor([2.66, 0.26], requires_grad=True)
        u = t.unsqueeze(0)
        with torch.no_grad():
            u.detach().squeeze_()
        result = (x.grad, a.grad, r, c, u.grad_fn.name(), t._version)
    """,
    "integer-division-by-zero-only-when-the-kernel-runs": """
        for code in ("torch.fmod(torch.tensor([], dtype=torch.int64), -0.0)", "torch.fmod(torch.tensor([3]), 0.0)",
                     "torch.fmod(torch.tensor([3]), 0)", "torch.fmod(torch.tensor([3, 1, 1]), torch.tensor([0, 1]))",
                     "torch.fmod(torch.tensor([], dtype=torch.int64), torch.tensor([0]))",
                     "torch.remainder(torch.tensor([], dtype=torch.int64), 0)",
                     "torch.remainder(torch.tensor([], dtype=torch.int64), torch.tensor(0))",
                     "torch.remainder(torch.tensor([1]), torch.tensor(0))",
                     "torch.tensor([-2, -2])[:1].remainder_(torch.tensor([False, False]))",
                     "torch.tensor([-2, -2])[:1].fmod_(torch.tensor([False, False]))",
                     "torch.tensor([-2, -2])[:1].div_(torch.tensor([False, False]), rounding_mode='floor')",
                     "torch.tensor([], dtype=torch.int64).div(torch.tensor([False]), rounding_mode='trunc')",
                     "torch.tensor([1]).div(torch.tensor([False]), rounding_mode='trunc')",
                     "torch.tensor([], dtype=torch.int64) // 0", "torch.tensor([1]) // 0",
                     "torch.tensor([-7, 7]).div(torch.tensor([2, -2]), rounding_mode='trunc')"):
            try:
                print(eval(code))
            except RuntimeError as e:
                print(type(e).__name__, str(e).split(chr(10))[0])
    """,
    "broadcast-before-the-kernel-dtype-and-empty-reductions": """
        for code in ("torch.tensor([[True, False]]).logaddexp(torch.tensor([[3, 2, -3, -3]]))",
                     "torch.tensor([[True, False]]).hypot(torch.tensor([True, False, True]))",
                     "torch.pow(torch.tensor([[False, True, True], [False, False, True]]), torch.ones(4, 3, dtype=torch.bool))",
                     "torch.tensor([[True, False]]).logaddexp_(torch.tensor([[3, 2, -3, -3]]))",
                     "torch.tensor([[], [], [], []], dtype=torch.bool).median(dim=1)",
                     "torch.tensor([[], [], [], []], dtype=torch.bool).median(dim=0)",
                     "torch.tensor([[], [], [], []], dtype=torch.bool).median()",
                     "torch.tensor([[], [], [], []], dtype=torch.int64).median()",
                     "torch.tensor([[], [], [], []], dtype=torch.int64).nanmedian()",
                     "torch.tensor([[], []]).median()", "torch.tensor([]).cummin(1)", "torch.tensor([]).cummax(-2)",
                     "torch.zeros(2, 0).cummax(3)", "torch.tensor([1.0]).cummin(1)",
                     "torch.matmul(torch.zeros(4, 3, 0), torch.tensor([], dtype=torch.bool))",
                     "torch.matmul(torch.zeros(4, 3, 0), torch.tensor([]))",
                     "torch.matmul(torch.zeros(4, 0, 2, requires_grad=True), torch.tensor([1.0, 2.0]))"):
            try:
                print(eval(code))
            except (RuntimeError, NotImplementedError, IndexError) as e:
                print(type(e).__name__, str(e).split(chr(10))[0])
    """,
    "integer-fill-values-are-checked": """
        for code in ("v = torch.tensor([1, 2]); v.masked_fill_(v > 0, torch.tensor(float('nan'), requires_grad=True))",
                     "v = torch.tensor([1, 2]); v.masked_fill_(v > 0, float('inf'))",
                     "v = torch.tensor([1, 2]); v.masked_fill_(v > 5, torch.tensor(float('inf')))",
                     "v = torch.tensor([1, 2]); v.masked_fill_(v > 0, 1e30)", "v = torch.tensor([1, 2]); v.fill_(float('nan'))",
                     "v = torch.tensor([1, 2], dtype=torch.int32); v.fill_(1e10)",
                     "v = torch.tensor([1, 2]); v[v > 0] = float('nan')", "v = torch.tensor([1, 2]); v[v > 0] = torch.tensor(float('nan'))",
                     "v = torch.tensor([1, 2]); v[...] = float('inf')", "v = torch.tensor([1, 2]); v[5] = float('inf')",
                     "v = torch.tensor([1, 2]); v.fill_(torch.tensor(float('nan')))",
                     "v = torch.tensor([True, False]); v[0] = float('nan')"):
            try:
                exec(code)
                print(v)
            except (RuntimeError, IndexError) as e:
                print(type(e).__name__, str(e).split(chr(10))[0])
        v = torch.tensor([1, 2])
        result = (v.masked_fill(v > 0, 2.7), v.masked_fill(v > 1, -2.5))
    """,
    "huber-loss-backward-wants-equal-dtypes": """
        F = torch.nn.functional
        for target in ("torch.tensor([False, True])", "torch.tensor([1, 2])", "torch.tensor([1.0, 2.0], dtype=torch.float64)"):
            x = torch.tensor([-1.79, 2.0], requires_grad=True)
            y = F.huber_loss(x, eval(target))
            print(y)
            try:
                torch.autograd.grad(y, [x])
            except RuntimeError as e:
                print(str(e).split(chr(10))[0])
        x = torch.tensor([-1.79, 2.0, 3.0, -5.0], requires_grad=True)
        t = torch.tensor([1.0, 2.0, 0.5, -4.5], requires_grad=True)
        y = F.huber_loss(x, t, delta=0.7, reduction='none')
        result = (y, torch.autograd.grad((y * y).sum(), [t, x]))
    """,
    "grad-of-a-view-made-before-its-base-required-grad": """
        v1 = torch.tensor([[1.0], [2.0]])
        v2 = v1.unsqueeze(0)
        v1.requires_grad_()
        result = (v2.requires_grad, v2.is_leaf, torch.autograd.grad((v1 * v1).sum(), [v2, v1], allow_unused=True))
    """,
    "var-without-dim-and-no-degrees-of-freedom": """
        result = []
        for code in ("torch.tensor(0.5, dtype=torch.float64, requires_grad=True).var(dim=-1, correction=1)",
                     "torch.tensor(0.5, dtype=torch.float64, requires_grad=True).var(correction=1)",
                     "torch.tensor([0.5, 1.0], dtype=torch.float64, requires_grad=True).var(correction=2)",
                     "torch.tensor([0.5, 0.5], dtype=torch.float64, requires_grad=True).var(correction=2)",
                     "torch.tensor([0.5, 1.0], dtype=torch.float64, requires_grad=True).var(dim=0, correction=2)",
                     "torch.tensor([0.5, 1.0], requires_grad=True).std(correction=3)",
                     "sum(torch.var_mean(torch.tensor([0.5, 1.0], requires_grad=True), correction=3))",
                     "sum(torch.std_mean(torch.tensor([0.5, 1.0], requires_grad=True), correction=3))"):
            y = eval(code)
            x = y.grad_fn.next_functions[0][0].variable if y.grad_fn.name() != 'AddBackward0' else None
            if x is not None:
                g, = torch.autograd.grad(y, [x], create_graph=True)
                result.append((y, g.detach(), g.requires_grad))
    """,
    "piecewise-backward-kernels-scalar-and-vector-loops": """
        F = torch.nn.functional
        base = [float('nan'), 0.2, 2.0, -3.0, 0.5, -0.5, 3.0, -1.0, 1.0]
        result = []
        for n in (6, 18):
            for dtype in (torch.float32, torch.float64):
                x = torch.tensor((base * 2)[:n], dtype=dtype, requires_grad=True)
                for f in (F.hardshrink, F.softshrink, F.hardtanh, F.relu6, F.hardswish):
                    result.append(torch.autograd.grad(f(x).sum(), [x]))
        x = torch.tensor([[-0.75, -2.76, float('nan'), -1.56], [-0.81, 2.0, -0.86, -0.0]], dtype=torch.float64, requires_grad=True)
        result.append(torch.autograd.grad(F.hardshrink(x).sum(), [x], create_graph=True)[0].detach())
    """,
    "elu-celu-selu-at-nan-and-zero-second-order": """
        F = torch.nn.functional
        result = []
        for f in (F.celu, F.elu, lambda t: F.elu(t, alpha=0.5), F.selu, lambda t: F.celu(t, alpha=0.5), lambda t: F.celu(t, 2.0)):
            for dtype in (torch.float32, torch.float64):
                x = torch.tensor([float('nan'), 0.2, 2.0, -3.0, 0.0, -0.5, -0.06], dtype=dtype, requires_grad=True)
                g, = torch.autograd.grad(f(x).sum(), [x], create_graph=True)
                result.append((g.detach(), torch.autograd.grad(g.sum(), [x])))
    """,
    "second-derivative-through-sgn-is-a-zero-tensor": """
        # issue 22 item 6: reading the second derivative of abs / norm(x, 1) (torch's efficient zero tensor)
        result = []
        for make in (lambda x: x.abs().sum(), lambda x: torch.norm(x, 1), lambda x: x.norm(p=float('inf'))):
            x = torch.tensor([0.5, -1.5, 2.0], requires_grad=True)
            g, = torch.autograd.grad(make(x), x, create_graph=True)
            h, = torch.autograd.grad(g.sum(), x)
            for read in (lambda: h.tolist(), lambda: h.numpy(), lambda: h.add_(1)):
                try:
                    read()
                except RuntimeError as e:
                    print(str(e).split(chr(10))[0])
            result.append((h + 1, h * 2, h.clone().add_(1), h.sum(), h.requires_grad))
        x = torch.tensor([0.5, -1.5, 2.0], requires_grad=True)
        g, = torch.autograd.grad(x.sgn().sum(), x, create_graph=True)
        try:
            g.square_()
        except RuntimeError as e:
            print(str(e).split(chr(10))[0])
        x.abs().sum().backward()
        result.append((x.grad, (g + x).tolist()))
    """,
    "shape-inplace-on-a-view-without-grad-and-as-strided-copies": """
        v1 = torch.tensor([2.06, 0.0, -2.58, -0.0], requires_grad=True)
        v2 = v1.view(-1)
        with torch.no_grad():
            v2.unsqueeze_(0)
        print(v2.grad_fn.name(), v2.requires_grad, v2.is_leaf)
        v0 = v1 * 1
        v3 = v0.view(-1)
        with torch.no_grad():
            v3.unsqueeze_(0)
        (v3 * v3).sum().backward()
        w = torch.tensor([2.06, 0.0, -2.58, -0.0], requires_grad=True)
        w0 = w * 1
        w2 = w0[1:]
        w0.mul_(2)
        (w2 * w2).sum().backward()
        result = (v1.grad, w.grad)
    """,
    "evenly-shared-gradient-at-nan-and-smooth-losses-at-nan": """
        F = torch.nn.functional
        result = []
        for f in (lambda t: t.median(), lambda t: t.max(), lambda t: t.min(), lambda t: t.nanmedian()):
            x = torch.tensor([[float('nan'), 1.59, float('nan'), 2.0], [2.41, 0.75, 2.0, -2.0]], requires_grad=True)
            result.append(torch.autograd.grad(f(x), [x]))
        x = torch.tensor([1.0, 2.0, 2.0], requires_grad=True)
        result.append(torch.autograd.grad(x.max(), [x]))
        x = torch.tensor([float('nan'), 1.59, -1.0, 0.5, 3.0, 1.0, -1.0], requires_grad=True)
        for f in (lambda t: F.smooth_l1_loss(t, torch.zeros(7), reduction='sum'),
                  lambda t: F.smooth_l1_loss(t, torch.zeros(7), reduction='sum', beta=0.5),
                  lambda t: F.huber_loss(t, torch.zeros(7), reduction='sum')):
            result.append(torch.autograd.grad(f(x), [x]))
    """,
    "sgn-saves-self-and-result-elu-vector-loop-at-nan-op-checks-before-overlap": """
        F = torch.nn.functional
        for code in ("v1 = torch.tensor([-0.0], requires_grad=True); v2 = v1.sgn()|with torch.no_grad(): v2.unsqueeze(0).zero_()|torch.autograd.grad(v2.sum(), [v1], create_graph=True)",
                     "v1 = torch.tensor([-0.5], requires_grad=True); v2 = v1.sgn()|with torch.no_grad(): v1.mul_(2)|torch.autograd.grad(v2.sum(), [v1])",
                     "v1 = torch.tensor([-1.07, 0.5], requires_grad=True); v2 = torch.logical_not(v1); v2.expand(2, 2).sub_(v1)",
                     "v1 = torch.tensor([-1.07, 0.5], requires_grad=True); v2 = v1 * 1; v2.expand(2, 2).pow_(v1)"):
            try:
                exec(code.replace("|", chr(10)))
            except RuntimeError as e:
                print(str(e).split(chr(10))[0])
        result = []
        for n in (6, 18):
            for f in (F.elu, F.celu, F.selu, lambda t: F.elu(t, 0.5)):
                x = torch.tensor(([float('nan'), 0.2, 2.0, -3.0, 0.0, -0.5] * 3)[:n], requires_grad=True)
                g, = torch.autograd.grad(f(x).sum(), [x], create_graph=True)
                result.append((g.detach(), torch.autograd.grad(g.sum(), [x])))
    """,
    "vector-matrix-product-is-no-view-mm-keeps-signed-zeros-elu-of-0d": """
        F = torch.nn.functional
        v1 = torch.tensor([1.15, 0.0], requires_grad=True)
        v3 = torch.ones(2, 3, requires_grad=True)
        v5 = v1 @ v3
        print(v5.grad_fn.name(), v5._version, v5.is_leaf)
        w = v5[0]
        v5.mul_(2)
        print(w.grad_fn.name(), w._version)
        v5.sum().backward()
        u = v1 @ v1.tile(2, 1)
        u.view(-1).mul_(u)
        print(u.grad_fn.name(), u._version)
        x = torch.tensor(-2.04, requires_grad=True)
        g, = torch.autograd.grad(F.elu(x.expm1()), [x], create_graph=True)
        result = (v1.grad, v3.grad, torch.mm(torch.tensor([[-0.75], [2.95], [0.25]]), torch.tensor([[2.0, -0.0]])).reciprocal(),
                  torch.mm(torch.tensor([[-0.0, -0.0]]), torch.tensor([[1.0], [2.0]])).reciprocal(), g.shape,
                  torch.autograd.grad(g, [x]))
    """,
}
for _id, _code in _FUZZ4.items():
    case(f"fuzz4/{_id}", _code)


# Round 6 (issue 22): the classes left after round 5, each fixed at its root.
_FUZZ5 = {
    "cat-and-stack-of-non-contiguous-inputs-are-contiguous": """
        v1 = torch.tensor([[[-0.0, 2.45], [-1.47, -2.0]], [[-0.75, -1.26], [0.44, 0.8]]], dtype=torch.float64)
        v2 = v1.movedim(-3, -2)
        v5 = torch.cat([v2, v2], -1)
        v5.view(-1).sqrt_()
        x = torch.ones(2, 3).t()
        print(torch.cat([x, x]).is_contiguous(), torch.cat([x, x], 1).stride(), torch.stack([x, x]).stride(),
              torch.stack([x, x], 1).is_contiguous(), torch.hstack([x, x]).stride(), torch.vstack([x, x]).stride())
        result = (v5, torch.stack([x, x], 2).view(-1), torch.cat([x, x]).view(-1))
    """,
    "setitem-copy-to-partial-overlap": """
        # torch's setitem copies the value into the indexed view with copy_to: a value of the view's shape
        # as it is, a 0-d one by fill_ (which copies an alias first), any other with its leading 1s dropped
        # and expanded; copy_ refuses a partial overlap (same memory span, other strides: a one-element
        # tensor expanded from 0-d has strides 0) and lets a full one through
        codes = ["x = torch.tensor([[0.15]]); v = x[...]; x[True] = v",
                 "x = torch.tensor([[0.15, 1.]]); v = x[...]; x[True] = v",
                 "x = torch.tensor([0.15, 1.]); x[True] = x",
                 "x = torch.tensor(0.15); x[True] = x",
                 "x = torch.tensor([0.15]); x[True] = x[...]",
                 "x = torch.tensor([[0.15]]); x[None] = x",
                 "x = torch.tensor([[0.15]]); x[0] = x",
                 "x = torch.tensor([[0.15, 2.]]); x[0] = x",
                 "x = torch.tensor([[0.15, 2.]]); x[:] = x[0]",
                 "x = torch.tensor([[0.15]]); x[...] = x.unsqueeze(0)",
                 "x = torch.tensor([[0.15]]); x[...] = x.squeeze()",
                 "x = torch.tensor([[0.15]]); x[True] = x.expand(1, 1)",
                 "x = torch.tensor([[0.15]]).expand(1, 1); x[True] = x",
                 "x = torch.tensor([0.15, 2., 3.]); x[1:] = x[:2]",
                 "x = torch.tensor([0.15, 2., 3., 4.]).view(2, 2); x[:] = x.t()",
                 "x = torch.tensor([0.15, 2., 3., 4.]).view(2, 2); x[0, :1] = x[0, :1].view(1, 1)",
                 "x = torch.tensor([0.15, 2., 3., 4.]).view(2, 2); x[:1, :1] = x[0, 0].view(1)",
                 "x = torch.tensor([0.15, 2., 3., 4.]).view(2, 2); x[0, 0] = x[0, :1]; x[1, 1] = torch.tensor([[7.]])",
                 "x = torch.tensor([0.15, 2., 3., 4.]).view(1, 2, 2); x[0] = x[:, :1]",
                 "x = torch.tensor([[0.15]], requires_grad=True); x[True] = x.detach()",
                 "x = torch.tensor([[0.15]], requires_grad=True); y = x * 1; y[True] = y[...]",
                 "x = torch.tensor([[0.15, 1.]], requires_grad=True); y = x * 1; y[True] = y[...]; y.sum().backward(); print(x.grad)",
                 "x = torch.tensor([[1.5]]); x.fill_(x.squeeze()); x.unsqueeze(0).fill_(x[0, 0])",
                 "x = torch.tensor(1.5); x.view(-1).fill_(x)",
                 "x = torch.tensor([[1.], [2.]]); x.expand(2, 2, 1).copy_(x.expand(2, 2, 1))",
                 "x = torch.tensor([[1.], [2.], [3.]]); x.mT.add_(x)",
                 "x = torch.tensor([[0.15, 2.]]); x.add_(x.view(2))",
                 "x = torch.tensor([[0.15]]); x.unsqueeze(0).add_(x)"]
        result = []
        for code in codes:
            x = None
            try:
                exec(code)
                print("ran")
            except RuntimeError as e:
                print(str(e).split(chr(10))[0])
            result.append(x)
    """,
    "smooth-l1-double-backward-and-soft-margin-backward-with-a-bool-operand": """
        # torch's double backward of smooth_l1_loss subtracts the saved operands (a bool one raises; not the
        # first backward, not the gradient in grad_output, not beta 0); soft_margin_loss's backward negates
        # the target first
        F = torch.nn.functional
        for loss in (lambda x, t: F.smooth_l1_loss(x, t), lambda x, t: F.smooth_l1_loss(t, x, reduction='none'),
                     lambda x, t: F.smooth_l1_loss(x, t, beta=0.0), lambda x, t: F.smooth_l1_loss(x, t.long()),
                     lambda x, t: F.soft_margin_loss(x, t)):
            for wrt in ("x", "w"):
                x = torch.tensor([2.0, 0.5], dtype=torch.float64, requires_grad=True)
                w = torch.tensor(1.5, dtype=torch.float64, requires_grad=True)
                try:
                    g, = torch.autograd.grad((loss(x, torch.tensor([True, False])) * w).sum(), [x], create_graph=True)
                    print(g.detach(), g.requires_grad, torch.autograd.grad((g * x).sum(), [x if wrt == "x" else w]))
                except RuntimeError as e:
                    print(str(e).split(chr(10))[0])
    """,
    "zero-tensor-through-products-quotients-and-sums": """
        # torch's efficient zero tensor (sgn's gradient) keeps through mul (0 * inf too), 0 / x and zero + zero;
        # x / 0 is inf and 0 / 0 nan everywhere; zero + x is a copy of x (its -0.0 kept); any other op (and
        # an in-place one) reads it as zeros
        def zero(create_graph=False):
            x = torch.tensor([0.5, -1.5], dtype=torch.float64, requires_grad=True)
            return torch.autograd.grad(x.sgn().sum(), x, create_graph=create_graph)[0]
        x = torch.tensor([-0.0, -2.0], dtype=torch.float64)
        inf = torch.tensor([float('inf'), 1.0], dtype=torch.float64)
        result = []
        for z in (zero(), zero(True)):
            for f in (lambda: z * x, lambda: x * z, lambda: z * inf, lambda: z * 2, lambda: 2 * z, lambda: z * x.float(),
                      lambda: z * x[:, None], lambda: z / x, lambda: x / z, lambda: z / z, lambda: z / 2, lambda: 2 / z,
                      lambda: torch.div(2, z), lambda: z + x, lambda: x + z, lambda: z + z, lambda: z - x, lambda: x - z,
                      lambda: z + 1, lambda: 1 - z, lambda: z.add(x, alpha=2), lambda: z.sub(x, alpha=2), lambda: -z,
                      lambda: z.exp(), lambda: x.clone().mul_(z), lambda: x.clone().div_(z), lambda: x.clone().add_(z),
                      lambda: torch.where(x > 0, z, x)):
                r = f()
                try:
                    r.tolist()
                    result.append(r)
                except RuntimeError as e:
                    result.append(str(e).split(chr(10))[0])
        for make in (lambda v, c: v.logaddexp(c).sgn(), lambda v, c: v.logaddexp(c).sgn_(), lambda v, c: (v * c).sgn() * 3,
                     lambda v, c: (v / c).sgn() + v, lambda v, c: v.sgn() * v.sgn(), lambda v, c: v.exp().sgn()):
            for create_graph in (False, True):
                v = torch.tensor([-1.07, -0.1, 0.4], requires_grad=True)
                g, = torch.autograd.grad(make(v, torch.tensor([-1.64, 0.16, 1.17])).sum(), [v], create_graph=create_graph)
                try:
                    g.square_()
                    print("written", g.requires_grad)
                except RuntimeError as e:
                    print(str(e).split(chr(10))[0], g.requires_grad)
    """,
    "pooling-backward-reads-self": """
        # torch's pooling backwards take self: under create_graph the gradient requires grad (a
        # <Pool>BackwardBackward0 node with an edge to self, zero derivative there), and self's version is
        # checked when backward runs
        F = torch.nn.functional
        pools = (lambda t: F.max_pool1d(t, 2), lambda t: F.max_pool2d(t, 2), lambda t: F.avg_pool1d(t, 2),
                 lambda t: F.avg_pool2d(t, 2, divisor_override=3), lambda t: F.adaptive_avg_pool2d(t, 2),
                 lambda t: F.adaptive_avg_pool1d(t, 1), lambda t: F.adaptive_max_pool1d(t, 1), lambda t: F.adaptive_max_pool2d(t, 1),
                 lambda t: F.max_pool2d(t, 2, return_indices=True)[0], lambda t: F.lp_pool1d(t, 2, 2),
                 lambda t: F.max_pool3d(torch.stack([t, t], 1).unsqueeze(0), 2),
                 lambda t: F.avg_pool3d(torch.stack([t, t], 1).unsqueeze(0), 2),
                 lambda t: F.adaptive_max_pool3d(torch.stack([t, t], 1).unsqueeze(0), 1),
                 lambda t: F.adaptive_avg_pool3d(torch.stack([t, t], 1).unsqueeze(0), (1, 2, 1)),
                 lambda t: F.fractional_max_pool2d(t, 2, output_size=1))
        result = []
        for pool in pools:
            x = torch.tensor([[[0.5, -1.0], [2.0, 3.0]]], requires_grad=True)
            y = pool(x)
            g, = torch.autograd.grad((y * y).sum(), [x], create_graph=True)
            h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
            print(g.grad_fn.name() if g.grad_fn is not None else None, g.requires_grad)
            result.append((g, h))
            x = torch.tensor([[[0.5, -1.0], [2.0, 3.0]]], requires_grad=True)
            y = x * 1
            out = pool(y)
            y.mul_(2)
            try:
                out.sum().backward()
                print("ran")
            except RuntimeError as e:
                print(str(e).split(chr(10))[0])
    """,
}
for _id, _code in _FUZZ5.items():
    case(f"fuzz5/{_id}", _code)


# -- round 6 (seeds 105-109, 205-208, 301-316): last-bit rules, integer tensors with history, layouts --
_FUZZ6 = {
    "hardsigmoid-backward-multiplies-by-the-float32-sixth": """
        # torch's hardsigmoid_backward multiplies by opmath_t(1.0f / 6.0f), in float64 too
        x = torch.tensor([-1.0, 0.5, 2.9, 3.0], dtype=torch.float64, requires_grad=True)
        torch.nn.functional.hardsigmoid(x).backward(torch.tensor([1.0, 3.0, -7.0, 1.0], dtype=torch.float64))
        print(x.grad.tolist())
        with torch.autograd.forward_ad.dual_level():
            d = torch.autograd.forward_ad.make_dual(x.detach(), torch.ones(4, dtype=torch.float64))
            print(torch.autograd.forward_ad.unpack_dual(torch.nn.functional.hardsigmoid(d)).tangent.tolist())
    """,
    "xlogy-with-a-number-other-zero-gradient": """
        # torch: grad_self = xlogy(grad, other): a zero gradient stays 0 where log(other) is -inf or nan
        x = torch.tensor([1.0, 2.0, 0.0], requires_grad=True)
        torch.xlogy(x, 0.0).backward(torch.tensor([0.0, 1.0, 1.0]))
        print(x.grad.tolist())
        x.grad = None
        torch.xlogy(x, -1.0).backward(torch.tensor([0.0, 1.0, 1.0]))
        print(x.grad.tolist())
    """,
    "copysign-gradient-divides-then-masks": """
        x = torch.tensor([float('inf'), -0.0, 0.0, 2.5, -1e-45], requires_grad=True)
        y = torch.copysign(x, torch.tensor([-1.0, 1.0, -1.0, -2.0, 1.0]))
        g, = torch.autograd.grad(y.sum(), x, create_graph=True)
        print(g.tolist(), g.grad_fn.name())
    """,
    "div-gradient-of-the-divisor-divides-twice": """
        # torch: -grad * ((self / other) / other), not self / other²: other² overflows float32 here
        a = torch.tensor([1e30, 3.0, 1e-30], requires_grad=True)
        b = torch.tensor([1e20, 7.0, 1e-25], requires_grad=True)
        (a / b).sum().backward()
        print(b.grad.tolist())
        c = torch.tensor([1e-170], dtype=torch.float64, requires_grad=True)
        d = torch.tensor([1e-160], dtype=torch.float64, requires_grad=True)
        (c / d).sum().backward()
        print(d.grad.tolist())
    """,
    "fmod-gradient-of-the-divisor-is-trunc-division": """
        a = torch.tensor([5.5, -7.25, 1e30], requires_grad=True)
        b = torch.tensor([2.0, 3.0, 3e-9], requires_grad=True)
        g = torch.autograd.grad(torch.fmod(a, b).sum(), b, create_graph=True)[0]
        print(g.tolist(), g.grad_fn.name())
    """,
    "version-error-names-bool-and-complex-types": """
        for dt in (torch.complex64, torch.complex128):
            x = torch.tensor([1.0 + 2.0j, 3.0 - 1.0j], dtype=dt, requires_grad=True)
            y = x * 1
            z = y * y
            y.mul_(2)
            try:
                z.sum().abs().backward()
            except RuntimeError as e:
                print(str(e).split(" Hint")[0])
        x = torch.tensor([0.5, -1.0], requires_grad=True)
        m = x > 0
        w = torch.where(m, x, x * 2)  # saves the condition, a bool tensor
        m.logical_not_()
        try:
            w.sum().backward()
        except RuntimeError as e:
            print(str(e).split(" Hint")[0])
    """,
    "integer-tensor-with-history-setitem-and-copy": """
        codes = ["v1 = torch.tensor([False, False, True, False]); "
                 "v1.narrow(0, 0, 1).fill_(torch.tensor(1.0, requires_grad=True)); v1[True] = v1",
                 "v1[...] = 5; print(v1.grad_fn.name())",
                 "v1[:] = torch.tensor([3, 4]); print(v1.grad_fn.name())",
                 "print(v1[0])", "v1[None] = 3", "v1[True] = 3", "v1[0:1] = torch.tensor([5])",
                 "v1.copy_(torch.tensor([3, 4])); print(v1.grad_fn.name(), v1.requires_grad)",
                 "v1[torch.tensor([True, False])] = 7; print(v1.grad_fn.name())",
                 "v1[torch.tensor([0])] = torch.tensor([7]); print(v1.grad_fn.name())",
                 "v1.zero_(); print(v1.grad_fn.name())"]
        for i, c in enumerate(codes):
            if i:
                c = "v1 = torch.tensor([1, 2]); v1.fill_(torch.tensor(1.0, requires_grad=True)); " + c
            try:
                exec(c)
            except RuntimeError as e:
                print(type(e).__name__, e)
    """,
    "index-put-refuses-index-tensors-sharing-memory": """
        codes = ["v1 = torch.tensor([0., 1.]); v1.index_put_((torch.tensor([1, 0]),), v1)",
                 "v1 = torch.tensor([0., 1.]); v1.index_put_((torch.tensor([True, False]),), v1[:1])",
                 "v1 = torch.tensor([0., 1.]); v1.index_put_((torch.tensor([True, False]),), v1[0])",
                 "v1 = torch.tensor([0, 1]); v1.index_put_((v1,), torch.tensor([5, 6]))",
                 "v1 = torch.tensor([0, 1]); v1.index_put_((v1,), torch.tensor([5., 6.]))",
                 "v1 = torch.tensor([0, 1]); v1.index_put_((v1[:1],), torch.tensor(5))",
                 "v1 = torch.tensor([True, False]); v1.index_put_((v1,), torch.tensor(True))",
                 "v1 = torch.tensor([True, False]); v1.index_put_((v1,), torch.tensor([True]))",
                 "v1 = torch.tensor([True, False]); v1.index_put_((v1,), torch.tensor([True]), accumulate=True)",
                 "v1 = torch.tensor([0, 1]); v1[v1] = torch.tensor([5, 6])",
                 "v1 = torch.tensor([0, 1]); v1.index_put_((v1, v1), torch.tensor(5))",
                 "v = torch.tensor(2., requires_grad=True); v1 = torch.zeros(2) * 1; "
                 "v1.index_put_((torch.tensor([True, False]),), v); print(v1.grad_fn.name())"]
        for c in codes:
            try:
                exec(c)
                print(v1)
            except (RuntimeError, IndexError) as e:
                print(type(e).__name__, e)
    """,
    "scans-write-contiguous-outputs": """
        x = torch.tensor([[1.0, -2.0, 0.5], [0.25, 3.0, -1.0]]).t()
        print(torch.cumsum(x, 1).stride(), torch.cumprod(x, 0).stride(), torch.logcumsumexp(x, 1).stride())
        v, i = torch.cummax(x, 1)
        w, j = torch.cummin(x, 0)
        print(v.stride(), i.stride(), w.stride(), j.stride())
        result = torch.cumsum(x, 1).view(-1)
    """,
    "integer-power-of-a-number-base-with-negative-exponents": """
        print(0 ** torch.tensor(-1), 2 ** torch.tensor([-1, -2, 0, 3]), (-1) ** torch.tensor([-1, -2, -3]))
        print(torch.pow(0, torch.tensor([-1, -2, 0])), torch.pow(True, torch.tensor([-1, 0], dtype=torch.uint8)),
              torch.pow(-3, torch.tensor([-1, 2], dtype=torch.int8)))
    """,
    "huber-loss-checks-the-cast-before-the-kernel": """
        F = torch.nn.functional
        pairs = [(torch.tensor([True]), torch.tensor([1])), (torch.tensor([1]), torch.tensor([1.])),
                 (torch.tensor([1]), torch.tensor([1])), (torch.tensor([True]), torch.tensor([True])),
                 (torch.tensor([True]), torch.tensor([1., 2.]))]
        for a, b in pairs:
            try:
                print(F.huber_loss(a, b))
            except Exception as e:
                print(type(e).__name__, e)
    """,
    "nll-loss-double-backward-writes-only-the-targets": """
        F = torch.nn.functional
        x = torch.tensor([[0.5, -1.0, 2.0], [1.0, 0.0, -0.5]], requires_grad=True)
        t = torch.tensor([2, -100])
        g, = torch.autograd.grad(F.nll_loss(x, t, reduction="none"), x,
                                 torch.tensor([float('nan'), -2.0]), create_graph=True)
        print(g, g.grad_fn.name())
        g, = torch.autograd.grad(F.nll_loss(x, torch.tensor([0, 1]), reduction="none"), x,
                                 torch.tensor([-1.0, float('inf')]))
        print(g.tolist())
    """,
    "elu-family-keeps-negative-zero": """
        F = torch.nn.functional
        for dt in (torch.float32, torch.float64):
            x = torch.tensor([-0.0, 0.0, -1e-30, -2.0, 0.75], dtype=dt)
            for f in (F.elu, F.celu, F.selu, lambda v: F.celu(v, 0.3), lambda v: F.elu(v, 1.7)):
                y = f(x)
                print(torch.signbit(y).tolist(), y.tolist())
    """,
    "backward-of-input-nodes-refuse-a-freed-graph-unless-they-save-nothing": """
        F = torch.nn.functional
        fs = (F.hardtanh, F.softshrink, F.hardshrink, lambda x: F.threshold(x, 0.1, 2.0),
              lambda x: F.nll_loss(x.reshape(3, 4), torch.tensor([0, 1, 2])),
              lambda x: F.avg_pool1d(x.reshape(1, 3, 4), 2), lambda x: F.max_pool1d(x.reshape(1, 3, 4), 2),
              lambda x: F.adaptive_avg_pool1d(x.reshape(1, 3, 4), 2),
              lambda x: F.pad(x.reshape(1, 3, 4), (1, 1), mode="reflect"),
              lambda x: F.pad(x.reshape(1, 3, 4), (1, 1), mode="replicate"))
        for f in fs:
            v1 = torch.tensor([[-2.0, -0.25, -0.3, 0.5], [-0.5, 0.0, -0.74, 0.0], [-0.75, -1.0, 1.18, 1.81]],
                              requires_grad=True)
            try:
                v4 = torch.autograd.grad(f(v1).sum(), [v1], create_graph=True)[0]
                print(v4.grad_fn.name() if v4.grad_fn else None, end=" ")
                torch.autograd.grad(v4.sum(), [v1], allow_unused=True)
                torch.autograd.grad(v4.sum(), [v1], allow_unused=True)
                print("ran")
            except RuntimeError as e:
                print(str(e).split(" Specify")[0])
    """,
    "float32-gelu-of-inf-on-the-vector-path": """
        F = torch.nn.functional
        inf = float("inf")
        for n in (1, 2, 9):
            print(F.gelu(torch.full((n,), inf)), F.gelu(torch.full((n,), inf, dtype=torch.float64)))
        print(F.gelu(torch.full((3,), inf)[::2]), F.gelu(torch.tensor([inf, -inf, 3e38, -3e38, 0.5])))
        print(F.gelu(torch.tensor([inf, -inf, 1e30]), approximate="tanh"))
    """,
    "fmod-of-bools-broadcasts-first": """
        b = torch.tensor([True, False])
        for f in (lambda: torch.fmod(b, torch.tensor([True, False, True])), lambda: torch.fmod(b, b),
                  lambda: torch.fmod(b, True), lambda: torch.fmod(b, 1), lambda: torch.fmod(b, 1.5),
                  lambda: b.fmod(torch.tensor(1)), lambda: torch.fmod(torch.tensor([1, 2]), torch.tensor(True))):
            try:
                print(f())
            except Exception as e:
                print(type(e).__name__, e)
    """,
    "softshrink-vector-lanes-give-plus-zero": """
        F = torch.nn.functional
        for dt in (torch.float32, torch.float64):
            x = torch.tensor([float('nan'), -0.3, -0.0, 0.3, 0.7, -0.7, float('inf'), -float('inf')] * 3, dtype=dt)
            for v in (x, x[:7], x.reshape(4, 6)[:, :5], x.reshape(4, 6).t(), x[::2]):
                y = F.softshrink(v)
                print(y.tolist(), torch.signbit(y).int().tolist())
    """,
    "gradients-fit-the-shape-a-node-recorded": """
        F = torch.nn.functional
        for f in (F.selu, F.relu, torch.exp, lambda v: v * 2, F.silu):
            v1 = torch.tensor([[-0.0, 0.5], [2.0, -0.76]], requires_grad=True)
            v2 = f(v1)
            with torch.no_grad():
                v2.unsqueeze_(0)
            try:
                v2.sum().backward(retain_graph=True)
                print(v1.grad)
            except RuntimeError as e:
                print(str(e)[:150])
        def a():
            x = torch.ones(2, requires_grad=True); y = x * 2
            x.data = torch.ones(3)
            (x * 3).sum().backward(); return x.grad
        def b():
            x = torch.ones(2, requires_grad=True); y = (x * 2).sum()
            x.data = torch.ones(3)
            y.backward(); return x.grad
        def d():
            x = torch.ones(2, 3, requires_grad=True); y = x + 1
            with torch.no_grad():
                x.unsqueeze_(0)
            (x * 3).sum().backward(); return x.grad.shape
        def e():
            x = torch.ones(2, 3, requires_grad=True); y = x + 1
            with torch.no_grad():
                x.squeeze_()
                x.t_()
            (x * 3).sum().backward(); return x.grad.shape
        def g():
            x = torch.ones(1, 3, requires_grad=True); y = x + 1
            with torch.no_grad():
                x.squeeze_()
            (x * 3).sum().backward(); return x.grad.shape
        def h():
            v1 = torch.tensor([[0.0, 1.5], [1.0, 1.5]], requires_grad=True)
            v2 = v1.cumsum(-1)
            with torch.no_grad():
                v1.unsqueeze_(0)
            return torch.autograd.grad(v1.sum(), [v1])[0].shape
        def k():
            v1 = torch.tensor([-2.84], requires_grad=True)
            v3 = v1 % 2
            with torch.no_grad():
                v3.unsqueeze_(0)
            F.soft_margin_loss(v3.mean(dim=1), torch.tensor([-0.23])).backward()
            return v1.grad
        for fn in (a, b, d, e, g, h, k):
            try:
                print(fn())
            except RuntimeError as e:
                print(str(e)[:150])
    """,
    "amax-amin-backward-divides-then-masks": """
        x = torch.tensor([[-2.63, 1.5], [1.5, 0.2]], dtype=torch.float64, requires_grad=True)
        for f in (lambda: x.amin(dim=0, keepdim=True), lambda: x.amax(), lambda: x.amax(1)):
            r = f()
            g, = torch.autograd.grad(r.hypot(r).sum(), x, create_graph=True)
            print(g.grad_fn.name(), g.tolist(), g.flatten().grad_fn.name())
    """,
    "pow-exponent-gradient-masks-result-times-log": """
        F = torch.nn.functional
        for base in (torch.tensor([[False, False]]), torch.tensor([[0, 2]]),
                     torch.tensor([[0., 1.5]], dtype=torch.float64), torch.tensor([[0., 1.5]])):
            for f in (lambda t: t, lambda t: F.threshold(t, -1.0, 0.0)):
                v1 = torch.tensor([[3.0, -1.14]], dtype=torch.float64, requires_grad=True)
                b = base.clone().requires_grad_() if base.is_floating_point() else base
                ins = [v1, b] if b.requires_grad else [v1]
                g = torch.autograd.grad(f(b.pow(v1)).sum(), ins, create_graph=True)
                g2 = torch.autograd.grad(sum(x.sum() for x in g), ins, allow_unused=True)
                print([x.tolist() for x in g], [x.grad_fn.name() for x in g],
                      [x.tolist() if x is not None else None for x in g2])
    """,
    "a-leaf-reshaped-in-place-keeps-its-accumulator-while-a-graph-holds-it": """
        v1 = torch.tensor([[1.0, -1.94, 2.0]], requires_grad=True)
        v2 = v1.masked_fill(v1 < 0, 1)
        with torch.no_grad():
            v1.squeeze_()
        v2.sum().backward(retain_graph=True)
        print(v1.grad, v1.shape)
        v1 = torch.tensor([0.25], requires_grad=True)
        v1.sum().backward()
        with torch.no_grad():
            v1.squeeze_()
        print(torch.autograd.grad(v1.sum(), [v1]))
        v1.sum().backward()
        print(v1.grad)
        v1 = torch.tensor([0.25], requires_grad=True)
        keep = v1 * 1
        with torch.no_grad():
            v1.squeeze_()
        try:
            torch.autograd.grad(v1.sum(), [v1])
        except RuntimeError as e:
            print(e)
    """,
    "the-sign-of-a-domain-error-nan": """
        bad = [-2.15, 2.5, -1.5, -1.0, float('inf'), -float('inf'), float('nan'), -float('nan')]
        for dt in (torch.float32, torch.float64):
            for n in ("asin", "acos", "sqrt", "log1p", "erfinv", "log", "log2"):
                for size in (1, 3):
                    y = getattr(torch, n)(torch.tensor(bad * size, dtype=dt))
                    print(n, dt, torch.signbit(y[:8]).tolist(), torch.copysign(torch.tensor(2.0, dtype=dt), y[:8]).tolist())
    """,
    "sub-refuses-bool-before-it-broadcasts": """
        b = torch.tensor([[False, False, True], [False, False, False]])
        f = torch.ones(4, 1, 2)
        for fn in (lambda: torch.sub(b, f, alpha=0.5), lambda: torch.sub(b, f), lambda: torch.sub(f, b, alpha=2),
                   lambda: torch.sub(b, b, alpha=True), lambda: torch.sub(torch.ones(3, dtype=torch.int64), torch.ones(2), alpha=0.5),
                   lambda: torch.sub(b[0], True, alpha=0.5), lambda: torch.rsub(b, f, alpha=0.5),
                   lambda: torch.add(b, f, alpha=0.5)):
            try:
                print(fn())
            except RuntimeError as e:
                print(e)
    """,
    "broadcast-gradients-are-summed-in-torchs-order": """
        import math
        torch.manual_seed(0)
        x = torch.linspace(-math.pi, math.pi, 2000)
        y = x * 0.5 - x ** 3 * 0.07
        a, b, c, d = (torch.randn((), requires_grad=True) for _ in range(4))
        for t in range(3):
            loss = (a + b * x + c * x ** 2 + d * x ** 3 - y).pow(2).sum()
            loss.backward()
            print(loss.item(), [p.grad.item() for p in (a, b, c, d)])
            with torch.no_grad():
                for p in (a, b, c, d):
                    p -= 1e-6 * p.grad
                    p.grad = None
    """,
    "ops-on-an-integer-tensor-with-a-history-refuse-its-dtype": """
        def mk(dt):
            v = torch.tensor([1, 0], dtype=dt)
            v.fill_(torch.tensor(2.06, requires_grad=True))
            return v
        for dt in (torch.bool, torch.int64):
            for f in (lambda v: v.sgn(), lambda v: v * v, lambda v: v.clone(), lambda v: v + 1, lambda v: v.float(),
                      lambda v: v.sum(), lambda v: v.view(2, 1), lambda v: v * 1.5, lambda v: v.sign(),
                      lambda v: v.max(), lambda v: torch.where(v > 0, v, v)):
                try:
                    r = f(mk(dt))
                    print(r.dtype, r.requires_grad, r.grad_fn.name() if r.grad_fn else None)
                except RuntimeError as e:
                    print(e)
        print(torch.tensor([True, False]).sgn())
    """,
    "grad-that-is-a-zero-tensor-refuses-accumulation-in-place": """
        def a():
            x = torch.tensor([1.0, -2.0], requires_grad=True)
            x.sgn().sum().backward()
            x.sum().backward()
            return x.grad
        def b():
            x = torch.tensor([1.0, -2.0], requires_grad=True)
            x.sum().backward()
            x.sgn().sum().backward()
            return x.grad
        def d():
            x = torch.tensor([1.0, -2.0], requires_grad=True)
            (1.0 - x.sgn()).sum().backward()
            x.sum().backward()
            return x.grad
        def e():
            x = torch.tensor([1.0, -2.0], requires_grad=True)
            x.sgn().sum().backward()
            x.sum().backward(create_graph=True)
            return x.grad
        def f():
            x = torch.tensor([1.0, -2.0], requires_grad=True)
            x.sgn().sum().backward()
            opt = torch.optim.SGD([x], lr=0.1)
            opt.step()
            return x.grad, x.grad * 2, x
        for fn in (a, b, d, e, f):
            try:
                print(fn())
            except RuntimeError as err:
                print(err)
    """,
    "saved-values-are-checked-in-the-order-of-their-names": """
        F = torch.nn.functional
        for f in (lambda a, b: a * b, torch.atan2, lambda a, b: a / b, torch.pow, torch.hypot, torch.maximum,
                  torch.xlogy, torch.fmod, torch.copysign, lambda a, b: F.mse_loss(a, b)):
            a = torch.tensor([1.5, 2.0], requires_grad=True)
            b = torch.tensor([0.5, 3.0], requires_grad=True)
            a2 = a * 1
            b2 = b.reshape(2, 1).reshape(2)
            r = f(a2, b2)
            with torch.no_grad():
                a2.mul_(1)
                b2.mul_(1)
            try:
                r.sum().backward()
                print("ran")
            except RuntimeError as e:
                print(str(e).split(" Hint")[0])
        v1 = torch.tensor([0.35, -0.5, 2.0], requires_grad=True)
        v3 = v1.neg()
        v5 = v3 ** v1
        with torch.no_grad():
            v3.select(-1, 0).squeeze_()
        v5.abs_()
        try:
            torch.autograd.grad(v5.sum(), [v1])
        except RuntimeError as e:
            print(str(e).split(" Hint")[0])
        v1 = torch.tensor([[-2.0], [float('nan')], [1.09], [0.25]], dtype=torch.float64, requires_grad=True)
        v3 = v1.atan2(v1.t())
        with torch.no_grad():
            v1.squeeze_()
        try:
            torch.autograd.grad((v3 * v3).sum(), [v1], create_graph=True)
        except RuntimeError as e:
            print(str(e).split(" Hint")[0])
    """,
}
for _id, _code in _FUZZ6.items():
    case(f"fuzz6/{_id}", _code)


# ---------------------------------------------------------------- the catalogue's last names (issue 18)
_CATALOGUE = {
    "sym-helpers-on-plain-values": """
        import numpy as np
        cases = [lambda: torch.sym_int(2.7), lambda: torch.sym_int(-2.7), lambda: torch.sym_int(torch.tensor(3.5)),
                 lambda: torch.sym_float(torch.tensor(2)), lambda: torch.sym_float(3), lambda: torch.sym_max(1, 2.0),
                 lambda: torch.sym_max(3, 2), lambda: torch.sym_max(True, 0), lambda: torch.sym_min(np.float32(1.5), 2),
                 lambda: torch.sym_max(torch.tensor(1), 2), lambda: torch.sym_min("a", 2), lambda: torch.sym_not(0),
                 lambda: torch.sym_not(torch.tensor(True)), lambda: torch.sym_sqrt(4), lambda: torch.sym_sqrt(-1),
                 lambda: torch.sym_sum([1, 2, 3]), lambda: torch.sym_sum(1, 2.5), lambda: torch.sym_sum([]),
                 lambda: torch.sym_sum(torch.tensor([1., 2.]), torch.tensor(3.)), lambda: torch.sym_ite(False, 1, 2),
                 lambda: torch.sym_ite(1, 1, 2), lambda: torch.sym_ite(True, 1, 2.0), lambda: torch.sym_int(None)]
        for c in cases:
            try:
                r = c()
                print(type(r).__name__, r)
            except Exception as e:
                print(type(e).__name__, e)
    """,
    "grid-sampler-2d-and-3d": """
        x4 = torch.arange(18, dtype=torch.float64).reshape(2, 1, 3, 3).requires_grad_()
        g4 = (torch.arange(16, dtype=torch.float64).reshape(2, 2, 2, 2) / 8 - 1).requires_grad_()
        x5 = torch.arange(16, dtype=torch.float64).reshape(1, 1, 2, 2, 4).requires_grad_()
        g5 = torch.arange(12, dtype=torch.float64).reshape(1, 1, 2, 2, 3) / 6 - 1
        for f in (lambda: torch.grid_sampler_2d(x4, g4, 0, 0, False), lambda: torch.grid_sampler_2d(x4, g4, 2, 1, True),
                  lambda: torch.grid_sampler_3d(x5, g5, 0, 2, False), lambda: torch.grid_sampler_3d(x5, g5, 1, 0, True),
                  lambda: torch.grid_sampler_2d(x5, g5, 0, 0, False), lambda: torch.grid_sampler_3d(x4, g4, 0, 0, False),
                  lambda: torch.grid_sampler_3d(x5, g5, 2, 0, False), lambda: torch.is_distributed(x4),
                  lambda: x4.is_distributed(), lambda: torch.grid_sampler_2d(x4.int(), g4.int(), 0, 0, False)):
            try:
                r = f()
                print(r)
                if isinstance(r, torch.Tensor):
                    print(r.grad_fn.name(), torch.autograd.grad(r.sum(), x4 if r.dim() == 4 else x5))
            except Exception as e:
                print(type(e).__name__, e)
    """,
    "conv-tbc": """
        x = (torch.arange(30, dtype=torch.float64).reshape(5, 2, 3) / 7 - 1).requires_grad_()
        w = (torch.arange(24, dtype=torch.float64).reshape(2, 3, 4) / 5 - 2).requires_grad_()
        b = torch.tensor([0.5, -1., 2., 0.25], dtype=torch.float64, requires_grad=True)
        y = torch.conv_tbc(x, w, b, 1)
        print(y, torch.nn.functional.conv_tbc(x, w, b).shape)
        gs = torch.autograd.grad((y * y).sum(), (x, w, b), create_graph=True)
        print(gs, [g.grad_fn.name() for g in gs])
        print(torch.autograd.grad(gs[0].sum() + gs[1].sum() + gs[2].sum(), (x, w, b)))
        for f in (lambda: torch.conv_tbc(x, w, b, -1), lambda: torch.conv_tbc(x[0], w, b),
                  lambda: torch.conv_tbc(x, w[0], b), lambda: torch.conv_tbc(x, w, b[:2]),
                  lambda: torch.conv_tbc(x, w.transpose(1, 2), b), lambda: torch.conv_tbc(x, w.float(), b),
                  lambda: torch.conv_tbc(x[:1], w, b), lambda: torch.conv_tbc(x, w, b, 3),
                  lambda: torch.conv_tbc(x.int(), w.int(), b.int())):
            try:
                print(f().detach())
            except Exception as e:
                print(type(e).__name__, e)
    """,
    "functional-in-place-activations": """
        F = torch.nn.functional
        for f in (lambda x: F.relu_(x), lambda x: F.elu_(x, 0.5), lambda x: F.hardtanh_(x, -1, 1),
                  lambda x: F.leaky_relu_(x, 0.2), lambda x: F.threshold_(x, 0.5, 9.), lambda x: F.celu_(x, 2.),
                  lambda x: F.selu_(x)):
            a = torch.tensor([-3., -0.5, 0.0, 2.], requires_grad=True)
            b = a * 1
            r = f(b)
            r.sum().backward()
            print(r is b, r, a.grad)
        for f in (lambda x: F.celu_(x, 0.7), lambda x: F.selu_(x), lambda x: F.elu_(x, 1.3),
                  lambda x: F.elu(x, -0.5, inplace=True), lambda x: F.celu(x, -0.5, inplace=True)):
            a = torch.tensor([-3., -0.5, 0.0, 2., float('nan')], dtype=torch.float64, requires_grad=True)
            try:
                g, = torch.autograd.grad(f(a * 1).sum(), a, create_graph=True)
                print(g, torch.autograd.grad(g.sum(), a))
            except RuntimeError as e:
                print(type(e).__name__, e)
    """,
}
for _id, _code in _CATALOGUE.items():
    case(f"catalogue/{_id}", _code)


def build_cases():
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), "duplicate case ids"
    return CASES
