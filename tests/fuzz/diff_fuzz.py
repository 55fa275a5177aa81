"""A differential fuzzer: random programs run statement by statement under real torch
and under gradcalc.engine, every observable compared.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/fuzz/diff_fuzz.py --seed 1 --programs 2000

Not a test (CI has no torch): a tool run by hand with the reference venv. Each program
starts from literal leaves (rank 0-3, empty and size-1 dims, exact zeros, ties, clamp
bounds, int and bool tensors) and grows one statement at a time: ops from the op table
below (pointwise, binary with tensors and Python numbers, reductions, views, indexing,
linear algebra, losses), views of leaves and non-leaves then in-place ops (also under
no_grad), hooks, retain_grad, detach/requires_grad_, backward and autograd.grad with
create_graph then second derivatives, and now and then a deliberate error. The program
is grown under torch, so each next statement is chosen from the real shapes and dtypes;
the finished program is then replayed under the engine.

After every statement both sides describe every tensor variable: shape, dtype, values,
requires_grad, is_leaf, grad_fn name, .grad; a statement that raises is described by
the exception's type and first line (the program stops there). The first difference
is the program's mismatch; mismatches are grouped by (statement kind, op, what
differed) and the shortest program of each group is written to --out.

Four kinds of difference are counted apart, not as the engine's mismatches:

- ``after-float32-drift``: torch's float32 kernels (MKL VML / SLEEF) and numpy's round some
  values differently in the last bit; both are within float32's tolerance and compare equal,
  but a later float64 value, comparison or rounding made from one can differ. Decided by
  replaying the program on the engine with torch's values written into every drifted float32
  variable (and .grad) right after the statement that made it (``replay_drift``): only a
  difference that then disappears is this artefact.
- ``float32-intermediate``: a float64 result of an op whose torch kernel computes a float32
  intermediate the engine cannot round as SLEEF does (``FLOAT32_INTERMEDIATES`` names each op
  and why), equal at float32 precision.
- ``torch-median-of-expanded``: a torch bug, not the engine's: torch 2.13's median along a dim
  of a tensor with zero strides reads the wrong memory; counted apart only when torch, given the
  same tensor made contiguous, agrees with the engine.
- ``torch-internal-assert``: torch raised its own ``INTERNAL ASSERT FAILED ... please report a bug
  to PyTorch`` where the engine did not: a torch bug, not reproduced.
"""

import argparse
import json
import math
import os
import random
import re
import sys
import time
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.abspath(os.path.join(HERE, os.pardir, os.pardir)))
import gradcalc  # noqa: E402,F401  (before numpy: it chooses numpy's C-library loops, gradcalc/__init__.py)

import numpy as np  # noqa: E402

# The engine reproduces torch's AVX2 kernels (the reference machine's): on a CPU with AVX-512 torch would
# take its 512-bit loops, whose lane splits and float32 libm differ in the last bit and in nan lanes
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402
import torch.nn.functional as TF  # noqa: E402

import gradcalc.engine as gtorch  # noqa: E402
import gradcalc.engine.nn.functional as GF  # noqa: E402

# ----------------------------------------------------------------------------- the op table
# Each entry: name -> (kind, template). Templates use {a} {b} for operands and {d} for a dim.
UNARY = ("abs neg exp log sqrt sin cos tanh sigmoid relu reciprocal floor ceil round trunc sign square log2 log10 "
         "rsqrt tan exp2 expm1 log1p frac sinh cosh asin acos atan erf clone contiguous isnan isinf isfinite "
         "logical_not bitwise_not sgn nan_to_num").split()
FUNCTIONAL = ("F.relu F.gelu F.silu F.elu F.softplus F.leaky_relu F.softsign F.tanhshrink F.sigmoid F.tanh "
              "F.normalize F.hardtanh F.relu6 F.hardswish F.hardsigmoid F.logsigmoid F.softshrink F.hardshrink "
              "F.threshold F.selu F.celu F.mish").split()
BINARY_FN = ("add sub mul div pow remainder floor_divide maximum minimum eq ne lt le gt ge bitwise_and bitwise_or "
             "bitwise_xor logical_and logical_or logical_xor isclose fmax fmin atan2 hypot copysign xlogy logaddexp "
             "fmod").split()
BINARY_OP = "+ - * / ** % // & | ^ == != < <= > >=".split()
REDUCE = "sum mean prod amax amin max min std var logsumexp norm argmax argmin cumsum cumprod any all count_nonzero " \
         "softmax log_softmax median nansum logcumsumexp cummax cummin".split()
SCANS = ("softmax", "log_softmax", "cumsum", "cumprod", "logcumsumexp", "cummax", "cummin")
VIEWS = ("view reshape t T mT transpose permute unsqueeze squeeze flatten expand select narrow getitem diagonal "
         "chunk split unbind movedim unflatten flip roll repeat tile tril triu detach alias_slice").split()
INPLACE = ("add_ sub_ mul_ div_ pow_ clamp_ clamp_min_ clamp_max_ relu_ sigmoid_ exp_ abs_ neg_ zero_ fill_ copy_ "
           "masked_fill_ square_ sqrt_ setitem tanh_ sin_ floor_ round_ remainder_ cumsum_ tril_ index_add_ triu_ exp_ "
           "sgn_ t_ squeeze_ unsqueeze_ clamp_tensor_ hardtanh_").split()
LOSSES = ("F.mse_loss F.l1_loss F.smooth_l1_loss F.binary_cross_entropy_with_logits F.binary_cross_entropy "
          "F.cross_entropy F.nll_loss F.huber_loss F.soft_margin_loss").split()
LINALG = "matmul mm mv dot outer @ cat stack where clamp clamp_min clamp_max masked_fill bmm F.pad".split()

OPS = UNARY + FUNCTIONAL + BINARY_FN + BINARY_OP + REDUCE + VIEWS + INPLACE + LOSSES + LINALG

POOL = [0.0, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 1.5, 3.0, 0.25, -0.75, 1.0, 2.0]


def _fmt(v):
    if isinstance(v, float):
        if math.isnan(v):
            return "float('nan')"
        if math.isinf(v):
            return "float('inf')" if v > 0 else "-float('inf')"
        return repr(v)
    return repr(v)


class Gen:
    """Grows one program under torch, choosing each statement from the real state."""

    def __init__(self, rng):
        self.r = rng
        self.lines = []
        self.env = {"torch": torch, "F": TF}
        self.n = 0
        self.handles = 0

    # -- the variables ---------------------------------------------------------
    def tensors(self, pred=None):
        out = []
        for k, v in self.env.items():
            if isinstance(v, torch.Tensor) and (pred is None or pred(v)):
                out.append(k)
        return out

    def pick(self, pred=None):
        names = self.tensors(pred)
        return self.r.choice(names) if names else None

    def new(self):
        self.n += 1
        return f"v{self.n}"

    # -- literals --------------------------------------------------------------
    def shape(self):
        r = self.r
        rank = r.choice([0, 1, 1, 2, 2, 2, 3])
        return tuple(r.choice([0, 1, 2, 2, 3, 3, 4]) if r.random() < 0.15 else r.choice([1, 2, 3, 4])
                     for _ in range(rank))

    def literal(self, shape=None, kind=None):
        r = self.r
        shape = self.shape() if shape is None else shape
        kind = kind or r.choice(["f32"] * 6 + ["f64"] * 3 + ["i64", "bool"])
        n = int(np.prod(shape)) if shape else 1
        if kind == "bool":
            vals = [r.random() < 0.5 for _ in range(n)]
        elif kind == "i64":
            vals = [r.randint(-3, 3) for _ in range(n)]
        else:
            vals = [r.choice(POOL) if r.random() < 0.5 else round(r.uniform(-3, 3), 2) for _ in range(n)]
            if n and r.random() < 0.03:
                vals[r.randrange(n)] = float("nan")
        data = np.array(vals, dtype=object).reshape(shape).tolist() if shape else vals[0]
        text = re.sub(r"nan", "float('nan')", repr(data)) if kind not in ("bool", "i64") else repr(data)
        if n == 0:
            text = repr(np.zeros(shape).tolist())
        dt = {"f32": "", "f64": ", dtype=torch.float64", "i64": "", "bool": ""}[kind]
        if kind == "i64" and n == 0:
            dt = ", dtype=torch.int64"
        if kind == "bool" and n == 0:
            dt = ", dtype=torch.bool"
        rg = ", requires_grad=True" if kind in ("f32", "f64") and r.random() < 0.75 else ""
        return f"torch.tensor({text}{dt}{rg})"

    def scalar(self):
        return self.r.choice(["2", "0", "-1", "0.5", "-1.5", "0.0", "True", "3", "1.0", "-0.0"])

    # -- statements ------------------------------------------------------------
    def dim(self, t, allow_none=False):
        r = self.r
        nd = t.dim()
        if allow_none and r.random() < 0.25:
            return None
        if nd == 0 or r.random() < 0.05:
            return r.choice([0, -1, 1])
        return r.randrange(-nd, nd)

    def partner(self, a):
        """An operand for ``a``: a broadcast-compatible variable, a fresh literal, or a number."""
        r = self.r
        t = self.env[a]
        if r.random() < 0.3:
            return self.scalar()
        same = self.tensors(lambda v: _broadcasts(v.shape, t.shape))
        if same and r.random() < 0.6:
            return r.choice(same)
        if r.random() < 0.5:
            return self.literal(tuple(t.shape) if r.random() < 0.7 else tuple(t.shape)[1:])
        return self.literal()

    def stmt(self):
        r = self.r
        tensors = self.tensors()
        if not tensors or r.random() < 0.12:
            return f"{self.new()} = {self.literal()}", "leaf", "tensor"
        k = r.random()
        if k < 0.22:
            return self.s_unary()
        if k < 0.42:
            return self.s_binary()
        if k < 0.52:
            return self.s_reduce()
        if k < 0.66:
            return self.s_view()
        if k < 0.80:
            return self.s_inplace()
        if k < 0.85:
            return self.s_misc()
        if k < 0.90:
            return self.s_loss_linalg()
        return self.s_backward()

    def s_unary(self):
        r = self.r
        a = self.pick()
        op = r.choice(UNARY + FUNCTIONAL)
        if op.startswith("F."):
            extra = ""
            if op == "F.normalize" and self.env[a].dim():
                extra = f", dim={self.dim(self.env[a])}"
            elif op == "F.threshold":
                extra = f", {r.choice(['0.0', '0.5', '-1.0'])}, {r.choice(['0.0', '2.0'])}"
            elif op == "F.hardtanh" and r.random() < 0.5:
                extra = f", {r.choice(['-0.5', '0.0'])}, {r.choice(['0.5', '1.0', '0.0'])}"
            return f"{self.new()} = {op}({a}{extra})", "unary", op
        form = r.random()
        if form < 0.5:
            return f"{self.new()} = {a}.{op}()", "unary", op
        if op in ("clone", "contiguous"):
            return f"{self.new()} = {a}.{op}()", "unary", op
        return f"{self.new()} = torch.{op}({a})", "unary", op

    def s_binary(self):
        r = self.r
        a = self.pick()
        b = self.partner(a)
        if r.random() < 0.4:
            op = r.choice(BINARY_OP)
            if r.random() < 0.3 and not b.startswith("v"):
                return f"{self.new()} = {b} {op} {a}", "binary", "r" + op
            return f"{self.new()} = {a} {op} {b}", "binary", op
        op = r.choice(BINARY_FN)
        extra = ""
        if op in ("add", "sub") and r.random() < 0.3:
            extra = f", alpha={r.choice(['2', '0.5', '-1', 'True'])}"
        if op == "div" and r.random() < 0.3:
            extra = f", rounding_mode={r.choice(['floor', 'trunc'])!r}"
        if r.random() < 0.2 and not b.startswith("v"):
            return f"{self.new()} = torch.{op}({b}, {a}{extra})", "binary", op + "-scalar-first"
        if r.random() < 0.5 and b.startswith(("v", "torch")):
            return f"{self.new()} = {a}.{op}({b}{extra})", "binary", op
        return f"{self.new()} = torch.{op}({a}, {b}{extra})", "binary", op

    def s_reduce(self):
        r = self.r
        a = self.pick()
        t = self.env[a]
        op = r.choice(REDUCE)
        d = self.dim(t, allow_none=op not in SCANS)
        args = []
        if op in SCANS:
            args.append(str(d))
        elif d is not None:
            if r.random() < 0.2 and t.dim() >= 2 and op in ("sum", "mean", "amax", "amin", "std", "var", "logsumexp",
                                                              "norm", "count_nonzero"):
                args.append(f"dim=({d}, {(d + 1) % t.dim()})")
            else:
                args.append(f"dim={d}")
            if op not in ("count_nonzero", "nansum") and r.random() < 0.4:
                args.append("keepdim=True")
        if op in ("std", "var") and r.random() < 0.3:
            args.append(f"correction={r.choice([0, 1, 2])}")
        if op == "norm" and r.random() < 0.5:
            args.insert(0, "p=" + r.choice(["1", "2", "3", "float('inf')", "0"]))
        return f"{self.new()} = {a}.{op}({', '.join(args)})", "reduce", op

    def s_view(self):
        r = self.r
        a = self.pick()
        t = self.env[a]
        nd = t.dim()
        shp = tuple(t.shape)
        op = r.choice(VIEWS)
        new = self.new()
        if op == "view":
            return f"{new} = {a}.view({r.choice(['-1', '()' if t.numel() == 1 else '-1', str(list(reversed(shp)))[1:-1] or '()'])})", "view", op
        if op == "reshape":
            return f"{new} = {a}.reshape({r.choice(['1, -1', '-1', '-1, 1'])})", "view", op
        if op in ("t", "T", "mT"):
            return (f"{new} = {a}.{op}()" if op == "t" else f"{new} = {a}.{op}"), "view", op
        if op == "transpose":
            return f"{new} = {a}.transpose({self.dim(t)}, {self.dim(t)})", "view", op
        if op == "permute":
            p = list(range(nd))
            r.shuffle(p)
            return f"{new} = {a}.permute({', '.join(map(str, p))})", "view", op
        if op == "unsqueeze":
            return f"{new} = {a}.unsqueeze({r.randrange(-nd - 1, nd + 1)})", "view", op
        if op == "squeeze":
            return f"{new} = {a}.squeeze({'' if r.random() < 0.5 else self.dim(t)})", "view", op
        if op == "flatten":
            return f"{new} = {a}.flatten()", "view", op
        if op == "expand":
            return f"{new} = {a}.expand({', '.join(map(str, (2,) + tuple(d if d != 1 else r.choice([1, 3]) for d in shp)))})", "view", op
        if op == "select":
            d = self.dim(t)
            return f"{new} = {a}.select({d}, {r.choice([0, -1, 1])})", "view", op
        if op == "narrow":
            return f"{new} = {a}.narrow({self.dim(t)}, {r.choice([0, 1])}, {r.choice([0, 1, 2])})", "view", op
        if op == "getitem":
            return f"{new} = {a}[{self.index(t)}]", "view", op
        if op == "diagonal":
            return f"{new} = {a}.diagonal({r.choice([0, 1, -1])})", "view", op
        if op in ("chunk", "split"):
            return f"{new} = {a}.{op}({r.choice([1, 2])}, {self.dim(t)})", "view", op
        if op == "unbind":
            return f"{new} = {a}.unbind({self.dim(t)})", "view", op
        if op == "movedim":
            return f"{new} = {a}.movedim({self.dim(t)}, {self.dim(t)})", "view", op
        if op == "unflatten":
            return f"{new} = {a}.unflatten({self.dim(t)}, (1, -1))", "view", op
        if op == "flip":
            return f"{new} = {a}.flip({self.dim(t)})", "view", op
        if op == "roll":
            return f"{new} = {a}.roll({r.choice([1, -1, 2])}, {self.dim(t)})", "view", op
        if op in ("repeat", "tile"):
            return f"{new} = {a}.{op}({', '.join(['2'] + ['1'] * nd)})", "view", op
        if op in ("tril", "triu"):
            return f"{new} = {a}.{op}({r.choice([0, 1, -1])})", "view", op
        if op == "detach":
            return f"{new} = {a}.detach(){'.requires_grad_()' if r.random() < 0.4 else ''}", "view", op
        return f"{new} = {a}[{r.choice(['...', ':', '..., :', ':, None', 'None'])}]", "view", op

    def index(self, t):
        r = self.r
        nd = t.dim()
        shp = tuple(t.shape)
        choice = r.random()
        if nd == 0 or choice < 0.1:
            return r.choice(["...", "None", "True", ":"])
        d0 = shp[0]
        if choice < 0.35:
            return str(r.randrange(-d0, d0) if d0 else 0)
        if choice < 0.55:
            return f"{r.choice(['', '1', '-1'])}:{r.choice(['', '2', '-1', '5'])}{r.choice(['', ':2'])}"
        if choice < 0.7:
            return f"[{', '.join(str(r.randrange(-d0, d0) if d0 else 0) for _ in range(r.choice([1, 2])))}]"
        if choice < 0.85:
            return f"torch.tensor({np.array([r.random() < 0.5 for _ in range(d0)]).tolist()}, dtype=torch.bool)"
        return f"..., {r.randrange(-shp[-1], shp[-1]) if shp[-1] else 0}"

    def s_inplace(self):
        r = self.r
        a = self.pick()
        t = self.env[a]
        op = r.choice(INPLACE)
        if r.random() < 0.35:
            # write through a fresh view of the variable
            vt = r.choice(["[0]", "[:1]", ".view(-1)", ".t()", ".select(-1, 0)", "[...]", ".unsqueeze(0)",
                           ".expand(2, *{a}.shape)", ".diagonal()", ".narrow(0, 0, 1)", ".detach()"])
            target = f"{a}{vt.replace('{a}', a)}"
        else:
            target = a
        if op == "setitem":
            val = r.choice([self.scalar(), self.literal(()), self.pick() or "0.0"])
            stmt = f"{a}[{self.index(t)}] = {val}"
        elif op in ("add_", "sub_", "mul_", "div_", "pow_", "remainder_", "copy_"):
            stmt = f"{target}.{op}({self.partner(a)})"
        elif op == "clamp_":
            stmt = f"{target}.clamp_({r.choice(['-0.5', '0', 'None'])}, {r.choice(['0.5', '1', '0'])})"
        elif op in ("clamp_min_", "clamp_max_"):
            stmt = f"{target}.{op}({r.choice(['0', '0.5', '-1'])})"
        elif op == "fill_":
            stmt = f"{target}.fill_({r.choice(['2.0', '0', self.literal(())])})"
        elif op == "masked_fill_":
            stmt = f"{target}.masked_fill_({target} > 0, {r.choice(['0.0', '1', self.literal(())])})"
        elif op == "cumsum_":
            stmt = f"{target}.cumsum_({self.dim(t)})"
        elif op in ("tril_", "triu_"):
            stmt = f"{target}.{op}({r.choice(['', '1', '-1'])})"
        elif op == "unsqueeze_":
            stmt = f"{target}.unsqueeze_({r.choice([0, -1])})"
        elif op == "clamp_tensor_":
            stmt = f"{target}.clamp_({self.partner(a)}, {self.partner(a)})"
        elif op == "hardtanh_":
            stmt = f"F.hardtanh_({target})"
        elif op == "index_add_":
            stmt = f"{target}.index_add_(0, torch.tensor([0]), {target}[:1] * 2)"
        else:
            stmt = f"{target}.{op}()"
        if r.random() < 0.25:
            return f"with torch.no_grad():\n    {stmt}", "inplace-nograd", op
        return stmt, "inplace", op

    def s_misc(self):
        r = self.r
        a = self.pick()
        k = r.random()
        if k < 0.3:
            return f"{a}.retain_grad()", "misc", "retain_grad"
        if k < 0.55:
            self.handles += 1
            fn = r.choice(["lambda g: g * 2", "lambda g: None", "lambda g: g + 1", "lambda g: g.clone().zero_()"])
            return f"h{self.handles} = {a}.register_hook({fn})", "misc", "register_hook"
        if k < 0.7:
            return f"{self.new()} = {a}.detach().requires_grad_()", "misc", "detach-requires-grad"
        if k < 0.85:
            return f"{a}.requires_grad_()", "misc", "requires_grad_"
        return f"{self.new()} = {a}.to(torch.{r.choice(['float64', 'float32', 'int64', 'bool'])})", "misc", "to"

    def s_loss_linalg(self):
        r = self.r
        a = self.pick()
        t = self.env[a]
        op = r.choice(LOSSES + LINALG)
        new = self.new()
        if op in ("F.mse_loss", "F.l1_loss", "F.smooth_l1_loss", "F.binary_cross_entropy_with_logits", "F.huber_loss",
                  "F.soft_margin_loss"):
            extra = f", reduction={r.choice(['mean', 'sum', 'none'])!r}" if r.random() < 0.4 else ""
            return f"{new} = {op}({a}, {self.partner(a)}{extra})", "loss", op
        if op == "F.binary_cross_entropy":
            return f"{new} = {op}({a}.sigmoid(), {self.literal(tuple(t.shape))}.clamp(0, 1))", "loss", op
        if op in ("F.cross_entropy", "F.nll_loss"):
            n = t.shape[0] if t.dim() >= 2 else 1
            c = t.shape[1] if t.dim() >= 2 else (t.shape[0] if t.dim() else 1)
            tgt = [r.randrange(0, max(c, 1)) for _ in range(n)] if t.dim() >= 2 else (r.randrange(0, max(c, 1)))
            return f"{new} = {op}({a}, torch.tensor({tgt}))", "loss", op
        if op in ("matmul", "@", "mm", "mv", "dot", "outer"):
            b = self.pick(lambda v: v.dim() >= 1 and t.dim() >= 1 and v.shape[0] == t.shape[-1]) or self.literal(
                (tuple(t.shape)[-1:] if t.dim() else ()) + tuple(r.choice([(), (2,)])))
            if op == "@":
                return f"{new} = {a} @ {b}", "linalg", op
            return f"{new} = torch.{op}({a}, {b})", "linalg", op
        if op == "bmm":
            b = self.pick(lambda v: v.dim() == 3 and t.dim() == 3 and v.shape[0] == t.shape[0] and v.shape[1] == t.shape[2]) \
                or self.literal((tuple(t.shape)[:1] + tuple(t.shape)[2:3] + (2,)) if t.dim() == 3 else (1, 1, 1))
            return f"{new} = torch.bmm({a}, {b})", "linalg", op
        if op == "F.pad":
            mode = r.choice(["'reflect'", "'replicate'", "'constant'", "'circular'"])
            return f"{new} = F.pad({a}, ({r.choice([0, 1, 2])}, {r.choice([0, 1])}), mode={mode})", "linalg", op
        if op in ("cat", "stack"):
            b = self.pick(lambda v: v.shape == t.shape) or a
            return f"{new} = torch.{op}([{a}, {b}], {self.dim(t) if op == 'cat' else 0})", "linalg", op
        if op == "where":
            return f"{new} = torch.where({a} > 0, {a}, {self.partner(a)})", "linalg", op
        if op == "clamp":
            return f"{new} = {a}.clamp({r.choice(['-0.5', '0', 'None', self.partner(a)])}, {r.choice(['0.5', '1', 'None'])})", "linalg", op
        if op in ("clamp_min", "clamp_max"):
            return f"{new} = torch.{op}({a}, {r.choice(['0', '0.5', self.partner(a)])})", "linalg", op
        return f"{new} = {a}.masked_fill({a} < 0, {r.choice(['0.0', '1', self.literal(())])})", "linalg", op

    def s_backward(self):
        r = self.r
        outs = self.tensors(lambda v: v.requires_grad)
        if not outs:
            return self.s_unary()
        a = r.choice(outs)
        leaves = self.tensors(lambda v: v.requires_grad and v.is_leaf)
        k = r.random()
        red = f"{a}.sum()" if r.random() < 0.8 else f"({a} * {a}).sum()"
        if k < 0.35 or not leaves:
            cg = ", create_graph=True" if r.random() < 0.3 else ""
            rg = ", retain_graph=True" if r.random() < 0.7 else ""
            return f"{red}.backward({rg.lstrip(', ') if not cg else (rg + cg).lstrip(', ')})", "backward", "backward"
        ins = r.sample(leaves, min(len(leaves), r.choice([1, 2])))
        cg = r.random() < 0.6
        new = self.new()
        text = (f"{new} = torch.autograd.grad({red}, [{', '.join(ins)}], allow_unused=True"
                f"{', create_graph=True' if cg else ''}{', retain_graph=True' if r.random() < 0.6 else ''})")
        GRADIENTS.add(new)
        if cg and r.random() < 0.7:
            g = self.new()
            GRADIENTS.add(g)
            text += (f"\n{g} = {new}[0]\nif {g} is not None and {g}.requires_grad:\n"
                     f"    {self.new()} = torch.autograd.grad({g}.sum(), [{ins[0]}], allow_unused=True)")
        return text, "grad", "autograd.grad" + ("-create_graph" if cg else "")


# Variables holding gradients: their grad_fn (the graph a create_graph backward recorded) is not
# compared, since the engine writes backward rules in its own ops (the values and requires_grad
# are compared; see docs/engine.md).
GRADIENTS = set()


def _broadcasts(s1, s2):
    try:
        np.broadcast_shapes(tuple(s1), tuple(s2))
        return True
    except ValueError:
        return False


# ----------------------------------------------------------------------------- running and describing
_ADDR = re.compile(r"0x[0-9a-f]+")


def _first_line(e):
    text = str(e).strip().split("\n", 1)[0]
    return _ADDR.sub("0xADDR", text)


def _values(t):
    try:
        return t.detach().tolist()
    except Exception:  # noqa: BLE001 - torch's storage-less zero tensors
        return None


def _attr(f):
    try:
        return f()
    except Exception as e:  # noqa: BLE001
        return f"ERR {type(e).__name__}: {_first_line(e)}"


def describe(env, is_tensor):
    out = {}
    for k in sorted(env):
        v = env[k]
        if isinstance(v, (tuple, list)) and v and all(x is None or is_tensor(x) for x in v):
            items = {f"{k}[{i}]": x for i, x in enumerate(v)}
        elif is_tensor(v):
            items = {k: v}
        else:
            continue
        for name, t in items.items():
            if t is None:
                out[name] = None
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                fn = _attr(lambda: t.grad_fn)
                g = _attr(lambda: t.grad)
            out[name] = {
                "shape": list(t.shape), "dtype": str(t.dtype), "values": _values(t),
                "requires_grad": _attr(lambda: t.requires_grad), "is_leaf": _attr(lambda: t.is_leaf),
                "grad_fn": fn if isinstance(fn, str) or fn is None else fn.name(),
                "grad": g if isinstance(g, str) or g is None else {"dtype": str(g.dtype), "values": _values(g)},
            }
    return out


def run(lines, mod, F, is_tensor, overrides=None):
    """Run the statements; a list of (description | error) after each. ``overrides``: {statement index:
    [(variable, field, values)]}, values written into the engine's tensors right after that statement
    (see ``replay_drift``)."""
    env = {"torch": mod, "F": F}
    trace = []
    for k, line in enumerate(lines):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                exec(compile(line, "<fuzz>", "exec"), env)
            except Exception as e:  # noqa: BLE001 - the error is the observation
                trace.append({"error": f"{type(e).__name__}: {_first_line(e)}"})
                break
        if overrides and k in overrides:
            for name, field, values in overrides[k]:
                _override(env, name, field, values)
        trace.append(describe(env, is_tensor))
    return trace


_ITEM = re.compile(r"(\w+)(?:\[(\d+)\])?$")


def _override(env, name, field, values):
    """Write torch's values into an engine tensor's memory (its views and saved copies see them too,
    as they would in torch); a tensor whose memory cannot be written (a broadcast) is left alone."""
    m = _ITEM.match(name)
    t = env.get(m.group(1))
    if m.group(2) is not None and isinstance(t, (tuple, list)):
        t = t[int(m.group(2))]
    if t is None:
        return
    if field == "grad":
        t = t.grad
        if t is None:
            return
    try:
        t._data[...] = np.array(values, dtype=t._data.dtype)
    except (ValueError, TypeError, AttributeError):
        pass


def _close(a, b, tol):
    if isinstance(a, list) or isinstance(b, list):
        return isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and all(
            _close(x, y, tol) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if a is None or b is None:
        return a is b
    if isinstance(a, float) and math.isnan(a) or isinstance(b, float) and math.isnan(b):
        return isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b)
    if isinstance(a, float) and math.isinf(a) or isinstance(b, float) and math.isinf(b):
        return a == b
    return abs(a - b) <= tol * (1 + abs(a))


def _exact(a, b):
    """The same numbers bit for bit (nan equals nan; the sign of zero is not looked at here)."""
    if isinstance(a, list) or isinstance(b, list):
        return isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and all(
            _exact(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return a == b


# What a float32 kernel of torch (SLEEF's vectorised exp, log1p, tanh, cos, ...) and numpy's own may
# differ by: a few units in the last place of a float32.
FLOAT32_ULPS = 2e-6

# Mismatch kinds that are the fuzzer's artefacts, not the engine's: reported and counted apart.
ARTEFACTS = {"after-float32-drift", "float32-intermediate", "torch-median-of-expanded", "torch-internal-assert"}


def _drift_explains(a, b):
    """Whether a difference in a value computed after a float32 last-bit drift is that drift's doing:
    within float32 precision for floats; any difference for bools and integers (a comparison or a
    rounding of two values one ulp apart can flip)."""
    if isinstance(a, list) or isinstance(b, list):
        return isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and all(
            _drift_explains(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float):
        if math.isnan(a) or math.isnan(b) or math.isinf(a) or math.isinf(b):
            return _exact(a, b)
        return abs(a - b) <= FLOAT32_ULPS * max(abs(a), abs(b), 1e-30)
    return True


def compare(want, got):
    """The first difference: (statement index, what, detail) or None."""
    for i, (w, g) in enumerate(zip(want, got)):
        if "error" in w or "error" in g:
            we, ge = w.get("error"), g.get("error")
            if we == ge:
                continue
            if we is None:
                return i, "unexpected-error", f"engine: {ge}"
            if ge is None:
                return i, "missing-error", f"torch: {we}"
            if we.split(":")[0] != ge.split(":")[0]:
                return i, "error-type", f"torch: {we} | engine: {ge}"
            return i, "error-message", f"torch: {we} | engine: {ge}"
        for name in w:
            if name not in g:
                return i, "missing-variable", name
            a, b = w[name], g[name]
            if a is None or b is None:
                if a is not b:
                    return i, "none", f"{name}: torch {a!r} engine {b!r}"
                continue
            for field in ("shape", "dtype", "requires_grad", "is_leaf", "grad_fn"):
                if field == "grad_fn" and name.split("[")[0] in GRADIENTS:
                    continue
                if a[field] != b[field]:
                    return i, field, f"{name}: torch {a[field]!r} engine {b[field]!r}"
            tol = 1e-9 if "float64" in a["dtype"] else 2e-4
            if a["values"] is not None and b["values"] is not None and not _close(a["values"], b["values"], tol):
                return i, "values", f"{name}: torch {a['values']!r} engine {b['values']!r}"
            ga, gb = a["grad"], b["grad"]
            if isinstance(ga, dict) and isinstance(gb, dict):
                if ga["dtype"] != gb["dtype"]:
                    return i, "grad-dtype", f"{name}: torch {ga['dtype']} engine {gb['dtype']}"
                tol = 1e-9 if "float64" in ga["dtype"] else 2e-4
                if ga["values"] is not None and gb["values"] is not None and not _close(ga["values"], gb["values"], tol):
                    return i, "grad", f"{name}.grad: torch {ga['values']!r} engine {gb['values']!r}"
            elif ga != gb:
                return i, "grad", f"{name}.grad: torch {ga!r} engine {gb!r}"
    if len(want) != len(got):
        return min(len(want), len(got)), "length", f"torch ran {len(want)} statements, engine {len(got)}"
    return None


def _drifted(a, b):
    """float32 values that differ bit for bit but only by float32 rounding (torch's SLEEF/MKL kernels
    and numpy's round some results differently in the last bit)."""
    return (isinstance(a, dict) and isinstance(b, dict) and a["dtype"] == b["dtype"] == "torch.float32"
            and a["values"] is not None and b["values"] is not None and not _exact(a["values"], b["values"])
            and _drift_explains(a["values"], b["values"]))


def drifts(want, got, upto):
    """{statement index: [(variable, field, torch's values)]} of every float32 last-bit drift (values
    and .grad) seen up to statement ``upto``."""
    out = {}
    for i, (w, g) in enumerate(zip(want[:upto + 1], got[:upto + 1])):
        if "error" in w or "error" in g:
            break
        for name, a in w.items():
            b = g.get(name)
            if _drifted(a, b):
                out.setdefault(i, []).append((name, "values", a["values"]))
            if isinstance(a, dict) and isinstance(b, dict) and _drifted(a["grad"], b["grad"]):
                out.setdefault(i, []).append((name, "grad", a["grad"]["values"]))
    return out


# torch kernels that compute a float32 intermediate the engine cannot round as they do: the result,
# promoted to float64, then differs from the engine's at float32 precision. Each entry: the statement's
# op -> why.
FLOAT32_INTERMEDIATES = {
    "F.binary_cross_entropy_with_logits": "with a float32 input and a float64 target, torch computes "
    "log_sigmoid(input) in float32 (SLEEF's vectorised log1p/exp, whose last bit numpy's float32 kernels do "
    "not reproduce), then (1 - target) * input - log_sigmoid(input) in float64",
}


def float32_intermediate(stmts, want, got, d):
    """A float64 result of an op in FLOAT32_INTERMEDIATES that differs only at float32 precision is the
    named known difference ``float32-intermediate``, not a mismatch."""
    i, what, detail = d
    if what != "values" or i >= len(stmts) or stmts[i][2] not in FLOAT32_INTERMEDIATES:
        return d
    target = stmts[i][0].split(" = ", 1)[0].strip()
    a, b = want[i].get(target), got[i].get(target)
    if (isinstance(a, dict) and isinstance(b, dict) and a["dtype"] == b["dtype"] == "torch.float64"
            and not detail.startswith(target + ".") and _drift_explains(a["values"], b["values"])
            and all(_close(want[i][n]["values"], got[i][n]["values"], 1e-9) for n in want[i]
                    if n != target and isinstance(want[i][n], dict) and isinstance(got[i].get(n), dict)
                    and want[i][n]["values"] is not None and got[i][n]["values"] is not None
                    and "float64" in want[i][n]["dtype"])):
        return i, "float32-intermediate", detail + f" ({FLOAT32_INTERMEDIATES[stmts[i][2]]})"
    return d


_MEDIAN = re.compile(r"\b(v\d+)\.median\(")


def torch_median_of_expanded(lines, stmts, got, d):
    """torch 2.13's median along a dim of a tensor with zero strides (an expanded gradient such as
    the one ``autograd.grad(x.sum(), x)`` returns) reads memory it should not (values like 4.7e-310).
    A values difference of a ``median`` statement that disappears when torch is given the same tensor
    made contiguous is that torch bug, the named known difference ``torch-median-of-expanded``."""
    i, what, detail = d
    if what != "values" or i >= len(stmts) or stmts[i][2] != "median" or not _MEDIAN.search(lines[i]):
        return d
    fixed = lines[:i] + [_MEDIAN.sub(r"\1.contiguous().median(", lines[i])] + lines[i + 1:]
    want = run(fixed, torch, TF, lambda v: isinstance(v, torch.Tensor))
    d2 = compare(want, got)
    if d2 is None or d2[0] > i:
        return i, "torch-median-of-expanded", detail + " (torch's median of the contiguous copy agrees)"
    return d


def torch_internal_assert(d):
    """torch's own ``INTERNAL ASSERT FAILED ... please report a bug to PyTorch`` (e.g. "unknown ivalue tag 4"
    in Scalar.cpp, reached by the backward of ``div(x, sgn(True ** x), rounding_mode='trunc')``) is a torch
    bug, not behaviour to reproduce: the named known difference ``torch-internal-assert``."""
    i, what, detail = d
    if what in ("missing-error", "error-type", "error-message") and "INTERNAL ASSERT FAILED" in detail.split(" | ")[0]:
        return i, "torch-internal-assert", detail
    return d


def replay_drift(lines, want, got, d):
    """Whether the difference ``d`` is the doing of float32 last-bit drift: the program is replayed on
    the engine with torch's values written into every drifted float32 variable (and .grad) right after
    the statement that made it. Returns (difference, artefact): artefact True when the replay runs
    clean; when the replay moves the first difference to a later statement, that one is judged the
    same way (a real difference there is reported, not the drifted one)."""
    overrides = {}
    names = []
    for _ in range(5):
        new = drifts(want, got, d[0])
        added = False
        for k, items in new.items():
            have = overrides.setdefault(k, [])
            for item in items:
                if all(item[:2] != h[:2] for h in have):
                    have.append(item)
                    label = f"{item[0]}{'.grad' if item[1] == 'grad' else ''}"
                    if not any(n.startswith(label + " ") for n in names):
                        names.append(f"{label} (statement {k + 1})")
                    added = True
        if not added:
            return d, False
        got = run(lines, gtorch, GF, lambda v: isinstance(v, gtorch.Tensor), overrides)
        d2 = compare(want, got)
        if d2 is None:
            return (d[0], "after-float32-drift", d[2] + f" (none when the engine gets torch's float32 values of "
                                                        f"{', '.join(names)})"), True
        if d2[0] <= d[0] and d2[1] == d[1]:
            return d, False  # torch's values do not remove it
        d = d2
    return d, False


def grow(rng, length):
    """A program grown under torch: its statements, kinds and ops."""
    gen = Gen(rng)
    stmts = []
    for _ in range(length):
        text, kind, op = gen.stmt()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                exec(compile(text, "<fuzz>", "exec"), gen.env)
            except Exception:  # noqa: BLE001 - a deliberate or natural error ends the program
                stmts.append((text, kind, op))
                break
        stmts.append((text, kind, op))
    return stmts


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--programs", type=int, default=1000)
    p.add_argument("--length", type=int, default=12, help="statements per program at most")
    p.add_argument("--out", default="/tmp/diff_fuzz_report.json")
    p.add_argument("--show", type=int, default=40, help="classes to print")
    args = p.parse_args(argv)
    classes = {}
    mismatches = 0
    artefacts = 0
    t0 = time.time()
    for k in range(args.programs):
        rng = random.Random(args.seed * 1_000_003 + k)
        GRADIENTS.clear()
        torch.manual_seed(0)
        stmts = grow(rng, rng.randint(3, args.length))
        lines = [s[0] for s in stmts]
        want = run(lines, torch, TF, lambda v: isinstance(v, torch.Tensor))
        got = run(lines, gtorch, GF, lambda v: isinstance(v, gtorch.Tensor))
        d = compare(want, got)
        if d is None:
            continue
        d, _ = replay_drift(lines, want, got, d)
        d = float32_intermediate(stmts, want, got, d)
        d = torch_median_of_expanded(lines, stmts, got, d)
        d = torch_internal_assert(d)
        i, what, detail = d
        if what in ARTEFACTS:
            artefacts += 1
        else:
            mismatches += 1
        _, kind, op = stmts[min(i, len(stmts) - 1)]
        key = f"{kind}:{op}:{what}"
        prog = "\n".join(lines[:i + 1])
        c = classes.setdefault(key, {"count": 0, "program": prog, "detail": detail, "seed": [args.seed, k]})
        c["count"] += 1
        if len(prog) < len(c["program"]):
            c.update(program=prog, detail=detail, seed=[args.seed, k])
    dt = time.time() - t0
    real = sum(1 for key in classes if key.split(":")[-1] not in ARTEFACTS)
    print(f"seed {args.seed}: {args.programs} programs in {dt:.0f}s, {mismatches} mismatching, {real} classes; "
          f"{artefacts} artefacts ({', '.join(sorted(ARTEFACTS))}), {len(classes) - real} classes")
    for key, c in sorted(classes.items(), key=lambda kv: -kv[1]["count"])[:args.show]:
        print(f"\n== {key} x{c['count']}  (seed {c['seed']})\n{c['program']}\n-> {c['detail'][:400]}")
    with open(args.out, "w") as f:
        json.dump({"seed": args.seed, "programs": args.programs, "mismatches": mismatches, "artefacts": artefacts,
                   "classes": classes}, f,
                  indent=1)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
