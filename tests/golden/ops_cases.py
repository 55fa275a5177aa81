"""The golden op cases: expressions whose values, dtypes, shapes, grad_fn graphs,
gradients and error messages real torch defines.

``INPUTS`` are the named tensors the expressions use (fixed values, so every run
sees the same numbers); ``build_cases()`` lists the expressions, grouped by area.
An expression is evaluated with ``torch``, ``F`` (``torch.nn.functional``) and
fresh copies of the inputs bound. It may return a tensor or a tuple/list of
tensors (``split``, ``std_mean``). ``ops_generate.py`` runs them under real torch
and writes ``ops.json``; ``tests/engine/test_ops_golden.py`` replays them.

This module needs only numpy.
"""

import numpy as np

_rng = np.random.default_rng(7)


def _u(lo, hi, shape, decimals=3):
    return np.round(_rng.uniform(lo, hi, shape), decimals)


def _probs(shape):
    p = _rng.uniform(0.1, 1.0, shape)
    return np.round(p / p.sum(-1, keepdims=True), 4)


# name: (values, dtype, requires_grad)
INPUTS = {
    "x": (_u(-2, 2, (2, 3)), "float32", True),
    "y": (_u(-2, 2, (2, 3)), "float32", True),
    "xd": (_u(-2, 2, (2, 3)), "float64", True),
    "yd": (_u(-2, 2, (2, 3)), "float64", True),
    "x4": (_u(-2, 2, (4,)), "float32", True),
    "s": (_u(-2, 2, (3,)), "float32", True),
    "sd": (_u(-2, 2, (3,)), "float64", True),
    "z": (_u(-2, 2, (3, 4)), "float32", True),
    "zd": (_u(-2, 2, (3, 4)), "float64", True),
    "m": (_u(-2, 2, (3, 3)), "float32", True),
    "md": (_u(-2, 2, (3, 3)), "float64", True),
    "t3": (_u(-2, 2, (2, 3, 4)), "float32", True),
    "t3d": (_u(-2, 2, (2, 3, 4)), "float64", True),
    "n": (_u(-1, 1, (4, 3)), "float32", True),
    "nd": (_u(-1, 1, (4, 3)), "float64", True),
    "bias": (_u(-1, 1, (4,)), "float32", True),
    "biasd": (_u(-1, 1, (4,)), "float64", True),
    "pos": (_u(0.2, 3, (2, 3)), "float32", True),
    "posd": (_u(0.2, 3, (2, 3)), "float64", True),
    "u": (_u(-0.9, 0.9, (2, 3)), "float32", True),
    "ud": (_u(-0.9, 0.9, (2, 3)), "float64", True),
    "pr": (_u(0.05, 0.95, (2, 3)), "float32", True),
    "prd": (_u(0.05, 0.95, (2, 3)), "float64", True),
    "q": (_u(0, 1, (2, 3)), "float32", False),
    "qd": (_u(0, 1, (2, 3)), "float64", False),
    "qg": (_u(0, 1, (2, 3)), "float64", True),
    "cp": (_probs((2, 3)), "float32", False),
    "cpd": (_probs((2, 3)), "float64", False),
    "cp3": (_probs((2, 4, 3)).transpose(0, 2, 1).copy(), "float32", False),
    "tie": (np.array([[1.0, 3.0, 3.0], [2.0, 2.0, 0.5]]), "float32", True),
    "zer": (np.array([[1.5, 0.0, 2.0], [0.0, 0.0, -1.0]]), "float64", True),
    "zer4": (np.array([2.0, 0.5, 0.0, -1.5]), "float64", True),
    "big": (np.array([[100.0, 101.0, 99.0], [-100.0, -98.0, -99.0]]), "float32", True),
    "sc": (np.array(0.75), "float32", True),
    "scd": (np.array(-1.25), "float64", True),
    "i": (np.array([[1, -2, 3], [4, 0, 6]]), "int64", False),
    "i32": (np.array([[3, 1, 2], [0, 5, 4]]), "int32", False),
    "b": (np.array([[True, False, True], [False, False, True]]), "bool", False),
    "w3": (np.array([1.0, 2.0, 0.5]), "float32", False),
    "w3d": (np.array([1.0, 2.0, 0.5]), "float64", False),
    "w23": (_u(0.5, 2, (2, 3)), "float32", False),
    "e": (np.zeros((0,)), "float32", False),
    "h": (_u(-2, 2, (2, 3), 2), "float16", False),
}


class _Cases:
    def __init__(self):
        self.items = []
        self.seen = set()

    def add(self, expr, area, second=True):
        assert expr not in self.seen, expr
        self.seen.add(expr)
        names = sorted(n for n in INPUTS if _uses(expr, n))
        self.items.append({"id": expr, "area": area, "expr": expr, "inputs": names, "second": second})

    def many(self, area, exprs, second=True):
        for e in exprs:
            self.add(e, area, second)


def _uses(expr, name):
    import re
    return re.search(r"(?<![\w.'\"])" + re.escape(name) + r"(?![\w'\"])", expr) is not None


def build_cases():
    c = _Cases()

    # -- pointwise ------------------------------------------------------------------
    domain = {"log2": "pos", "log10": "pos", "rsqrt": "pos", "log1p": "pos", "tan": "u", "asin": "u",
              "acos": "u", "exp2": "x", "expm1": "x", "frac": "x", "sinh": "x", "cosh": "x", "atan": "x",
              "erf": "x"}
    for op, v in domain.items():
        c.add(f"torch.{op}({v})", "pointwise")
        c.add(f"{v}d.{op}()", "pointwise")
        if op != "frac":
            c.add(f"i.{op}()", "pointwise")
            c.add(f"b.{op}()", "pointwise")
        c.add(f"torch.{op}(sc if '{op}' not in ('log2', 'log10', 'rsqrt', 'log1p') else sc * 2)", "pointwise")
        c.add(f"({v} * 1).{op}_()", "pointwise")
    c.many("pointwise", [
        "i.frac()", "b.frac()", "h.frac()", "h.log2()", "i32.log10()", "torch.expm1(torch.tensor([1e-10, -1e-8]))",
        "torch.log1p(torch.tensor([1e-10, -0.5]))", "torch.rsqrt(torch.tensor([0.0, 4.0]))",
        "torch.log2(torch.tensor([0.0, -1.0, 8.0]))", "torch.erf(torch.tensor([0.0, 10.0, -10.0]))",
        "(x * 10).frac()",
        # the existing ones, for completeness
        "x.abs()", "x.sign()", "i.sign()", "b.sign()", "x.exp()", "pos.log()", "pos.sqrt()", "x.sin()", "x.cos()",
        "x.tanh()", "x.sigmoid()", "x.relu()", "i.relu()", "x.neg()", "x.square()", "i.square()", "b.square()",
        "pos.reciprocal()", "i.reciprocal()", "(x * 3).floor()", "(x * 3).ceil()", "(x * 3).round()",
        "(x * 3).trunc()", "i.floor()", "torch.round(x, decimals=1)", "x.clamp(-0.5, 0.5)", "x.clamp(min=y)",
        "x.clamp_min(0.1)", "torch.clamp_max(x, 0.5)", "torch.clamp_min(x, y)", "x.clamp_max(y)",
        "(x * 1).clamp_min_(0.0)", "i.clamp_min(2)", "torch.where(x > 0, x, y)", "torch.maximum(x, y)",
        "torch.minimum(x, yd)", "x ** 2", "x ** y.abs()", "2 ** x", "x / y", "1 / pos", "x % 1.5", "x * y",
        "x + yd", "x - 1", "1 - x", "i * 2.5", "i / 2", "i // 2",
    ])

    # -- reductions -----------------------------------------------------------------
    c.many("reduction", [
        "x.amax()", "x.amax(0)", "x.amax(1, keepdim=True)", "t3.amax((0, 2))", "t3d.amin(-1)", "x.amin()",
        "torch.amin(x, dim=(0, 1))", "torch.amax(xd, 1)", "tie.amax(1)", "tie.amax()", "tie.amin(0)",
        "i.amax(0)", "i.amin()", "x.amax(dim=())", "x.amax(2)", "x.amax((0, 0))", "e.amax()", "e.amax(0)",
        "e.amax(1)", "sc.amax()", "sc.amax(0)",
        "x.std()", "x.std(0)", "x.std(1, keepdim=True)", "x.std(unbiased=False)", "x.std(0, correction=0)",
        "x.std(0, True)", "x.std(True)", "x.std(False)", "xd.std(dim=None)", "t3.std((0, 2))",
        "t3d.std((0, 2), keepdim=True, correction=2)", "x.var()", "xd.var(1)", "t3.var((0, 2))",
        "x.var(0, correction=2)", "x.var(0, correction=5)", "x[:1].std(0)", "x[:1].var(0)", "sc.std()",
        "torch.std(xd, dim=1)", "torch.var(x, 1, unbiased=False, keepdim=True)", "x.var(dim=(), correction=0)",
        "tie.std(1)", "tie.var()",
        "torch.std_mean(x)", "torch.std_mean(xd, 0)", "torch.var_mean(x, 0)", "torch.var_mean(t3d, (0, 2), keepdim=True)",
        "torch.std_mean(x, 1, correction=0)", "torch.var_mean(x, unbiased=False)",
        "i.std()", "i.var(0)", "torch.std_mean(i)",
        "x.logsumexp(0)", "x.logsumexp(1, keepdim=True)", "t3.logsumexp((0, 2))", "big.logsumexp(1)",
        "torch.logsumexp(xd, -1)", "i.logsumexp(0)", "sc.logsumexp(0)", "x.logsumexp(2)",
        "torch.logsumexp(torch.tensor([[-float('inf'), -float('inf')]]), 1)",
        "x.cumsum(0)", "x.cumsum(1)", "t3.cumsum(-1)", "x.cumsum(0, dtype=torch.float64)", "i.cumsum(1)",
        "b.cumsum(0)", "i.cumsum(0, dtype=torch.float32)", "i32.cumsum(1)", "torch.cumsum(xd, dim=1)",
        "sc.cumsum(0)", "x.cumprod(1)", "zer.cumprod(1)", "zer.cumprod(0)", "zer4.cumprod(0)", "xd.cumprod(0)",
        "i.cumprod(1)", "torch.cumprod(t3d, 2)", "(x * 1).cumsum_(1)", "(x * 1).cumprod_(0)", "x.cumsum(2)",
        "x.cumprod(0, dtype=torch.int64)", "sc.cumprod(0)", "torch.std(x, (0, 1), True)", "x.var((1,), keepdim=True)",
        "h.cumsum(1)", "h.logsumexp(0)", "i.cumsum(0, dtype=torch.float16)", "torch.cumprod(i32, 0)",
        "x.amax(-1) + x.amin(-1)", "(x * x.cumsum(1)).sum()", "t3d.logsumexp(-1).std()",
        # the existing reductions
        "x.sum()", "x.sum(0)", "x.sum((0, 1))", "x.sum(1, keepdim=True)", "i.sum()", "b.sum(0)",
        "x.sum(dtype=torch.float64)", "x.mean()", "x.mean(0)", "t3.mean((0, 2), keepdim=True)", "i.mean()",
        "x.prod()", "x.prod(1)", "zer.prod(1)", "zer.prod()", "x.max()", "x.max(0)", "x.min(1, keepdim=True)",
        "tie.max()", "x.norm()", "x.norm(dim=1)", "x.norm(p=1)", "x.norm(p=3, dim=0, keepdim=True)",
        "x.argmax()", "x.argmin(1)", "torch.argmax(x, 0, keepdim=True)",
    ])

    # -- linear algebra -------------------------------------------------------------
    c.many("linalg", [
        "torch.einsum('ij,jk->ik', m, m)", "torch.einsum('ij,jk', x, z)", "torch.einsum('ii', m)",
        "torch.einsum('ii->i', md)", "torch.einsum('ij->ji', x)", "torch.einsum('ij->', x)",
        "torch.einsum('ij->j', x)", "torch.einsum('i,i->', s, s)", "torch.einsum('i,i', s, sd.float())",
        "torch.einsum('i,j->ij', s, x4)", "torch.einsum('bij,bkj->bik', t3, t3)", "torch.einsum('...ij->...ji', t3)",
        "torch.einsum('ijk,ij->k', t3, x)", "torch.einsum('ij,jk,kl->il', m, m, m)", "torch.einsum('ij,->ij', m, sc)",
        "torch.einsum('ii,ii->', m, m)", "torch.einsum('ij,j->i', i, torch.tensor([1, 2, 3]))",
        "torch.einsum('ij,jk->ik', md, md)", "torch.einsum('bij,j->bi', t3d, torch.ones(4, dtype=torch.float64))",
        "torch.einsum('...j,j->...', t3, x4)", "torch.einsum('ij,jk->ik', [m, m])", "torch.einsum('Ab,bC->AC', x, z)",
        "torch.einsum('ij, jk -> ik', x, z)", "torch.einsum('ijk->kji', t3)", "torch.einsum('iij->j', t3.narrow(1, 0, 2).transpose(0, 1).reshape(2, 2, 4))",
        "torch.einsum('bij,bjk->bik', t3d, t3d.transpose(1, 2))", "torch.einsum('i,i,i->i', s, s, s)",
        "torch.einsum('ij,ij->ij', x, y)", "torch.einsum('ij,ij->i', xd, yd)", "torch.einsum('ij,kl->ijkl', x, m)",
        "torch.einsum('...,...->...', x, y)", "torch.einsum('i...->...', t3)", "torch.einsum('...ii->...i', md.expand(2, 3, 3))",
        "torch.einsum('ji,jk->ik', z, z)", "torch.einsum('ab,cd,bc->ad', m, m, m)",
        "torch.einsum(m, [0, 1], m, [1, 2], [0, 2])", "torch.einsum(x, [0, 1])",
        "torch.einsum('ij,jk->ik', m)", "torch.einsum('ij->ik', m)", "torch.einsum('ij->ii', m)",
        "torch.einsum('i', m)", "torch.einsum('i.j', m)", "torch.einsum('ij,jk->ik', m, t3)",
        "torch.einsum('i1', m)", "torch.einsum('ii->i', x)", "torch.einsum('ij,ij->', m, x.t())",
        "torch.einsum('...,...->', m, x)", "torch.einsum('ij', m, m)", "torch.einsum('ij,jk->ik', m, md)",
        "torch.einsum('i,i', s, torch.tensor([1, 2, 3]))", "torch.einsum('...ij->...', m)",
        # the existing products
        "m @ m", "m.mm(m)", "m.mv(s)", "s.dot(s)", "s @ s", "s @ m", "m @ s", "t3 @ z.t()", "m @ t3", "t3 @ z",
        "t3.bmm(t3.transpose(1, 2))", "torch.outer(s, x4)", "torch.matmul(x, z)", "i @ i.t()",
        "torch.addmm(bias, x, n.t())", "torch.addmm(biasd, xd, nd.t(), beta=2, alpha=0.5)",
        "torch.addmm(torch.zeros(2, 4), x, n.t())", "torch.addmm(n.t()[:2], x, n.t())", "torch.addmm(bias[0], x, n.t())",
        "torch.addmm(bias[:3], x, n.t())", "torch.addmm(bias, x, n)", "torch.addmm(bias, x, n.t(), beta=0)",
        "torch.addmm(s, m, m)",
        "torch.mm(m, s)", "torch.mm(m, md)", "torch.bmm(t3, t3d.transpose(1, 2))",
    ])

    # -- structure ------------------------------------------------------------------
    c.many("structure", [
        "x.split(1)", "x.split(2, 1)", "x.split([1, 2], 1)", "torch.split(t3, 2, -1)", "torch.split(x, [1, 1])",
        "x.split(1, 1)[1] * 2", "x.split(5, 1)", "x.split([0, 3], 1)", "x.chunk(2, 1)", "x.chunk(3, 1)",
        "t3.chunk(2, 2)", "torch.chunk(x, 5, 1)", "xd.chunk(2)", "i.split(1, 1)", "x.split_with_sizes([2, 1], 1)",
        "x.split(0)", "x.split(-1)", "x.split([1, 1], 1)", "x.split([1, -1, 3], 1)", "x.split(2, 5)", "x.chunk(0)",
        "x.chunk(-1)", "x.chunk(2, 2)", "sc.split(1)", "e.split(2)", "e.chunk(2)",
        "x.unbind(1)", "torch.unbind(t3, 2)", "x.unbind()", "i.unbind(0)",
        "x.flip(0)", "x.flip(0, 1)", "t3.flip((0, 2))", "torch.flip(x, [1])", "x.fliplr()", "x.flipud()",
        "i.flip(1)", "x.flip(())", "x.flip(0, 0)", "x.flip(2)", "sc.flip(0)",
        "x.roll(1, 0)", "x.roll(-1, 1)", "x.roll(1)", "x.roll((1, 2), (0, 1))", "t3.roll(5, 2)", "torch.roll(i, 2)",
        "xd.roll(-4)", "x.roll(1, (0, 1))", "x.roll((1, 2), 0)", "x.roll(1, 2)", "x.roll(())",
        "x.repeat(2, 1)", "x.repeat(1, 2, 2)", "x4.repeat(3)", "sc.repeat(2, 3)", "x.repeat((2, 2))", "i.repeat(1, 2)",
        "x.repeat(2)", "x.repeat(-1, 1)", "x.repeat(1, 0)",
        "x.tile(2)", "x.tile((2, 1, 1))", "torch.tile(i, (2,))", "x.tile(())", "xd.tile(2, 2)", "x.tile(-1)",
        "x.narrow(1, 0, 2)", "torch.narrow(t3, -1, 1, 2)", "x.narrow(0, -1, 1)", "x.narrow(0, 1, 3)",
        "x.narrow(0, 3, 0)", "x.narrow(0, -3, 1)", "x.narrow(2, 0, 1)", "x.detach().narrow(0, 2, 0)",
        "x.gather(1, torch.tensor([[0], [2]]))", "x.gather(0, torch.tensor([[1, 0, 1]]))",
        "torch.gather(t3, 2, torch.tensor([[[0, 3], [1, 1], [2, 0]], [[3, 3], [0, 1], [1, 2]]]))",
        "x.gather(1, torch.tensor([[0, 0], [1, 2]]))",
        "i.gather(1, torch.tensor([[2], [0]]))", "x.gather(1, torch.tensor([[0.0]]))", "x.gather(1, torch.tensor([[3]]))",
        "x.scatter(1, torch.tensor([[0], [2]]), y[:, :1])", "x.scatter(0, torch.tensor([[1, 0, 1]]), 0.5)",
        "torch.scatter_add(x, 1, torch.tensor([[0, 0], [2, 1]]), y[:, :2])", "x.scatter_add(0, torch.tensor([[1, 0, 1]]), y[:1])",
        "i.scatter(1, torch.tensor([[0], [2]]), 9)",
        "x.index_select(1, torch.tensor([0, 2]))", "x.index_select(0, torch.tensor([1, 1, 0]))",
        "torch.index_select(t3, 2, torch.tensor([3, 0]))", "i.index_select(0, torch.tensor([1]))",
        "x.index_select(0, torch.tensor(1))", "x.index_select(0, torch.tensor([0], dtype=torch.int32))",
        "x.index_select(-1, torch.tensor([2, 2, 2, 0]))", "sc.index_select(0, torch.tensor([0]))",
        "x.index_select(0, torch.tensor([0.0]))", "x.index_select(0, torch.tensor([2]))",
        "x.index_select(0, torch.tensor([[0]]))", "x.index_select(2, torch.tensor([0]))",
        "x.index_select(0, torch.tensor([-1]))",
        "x.masked_fill(b, 0.0)", "x.masked_fill(x > 0.5, 2)", "torch.masked_fill(x, torch.tensor([True, False, True]), -1.0)",
        "x.masked_fill(b, torch.tensor(3.0))", "i.masked_fill(b, 7)", "(x * 1).masked_fill_(b, 0.25)",
        "x.masked_fill(i, 0.0)", "x.masked_fill(b, torch.tensor([1.0, 2.0]))",
        "m.tril()", "m.tril(1)", "x.triu(-1)", "t3.tril()", "torch.triu(z, 1)", "i.tril()", "x.tril(-5)",
        "z.triu(10)", "(m * 1).tril_()", "(m * 1).triu_(1)", "s.tril()", "s.triu()",
        "m.diag()", "x.diag(1)", "s.diag()", "s.diag(-1)", "torch.diag(z, -1)", "i.diag()", "x.diag(5)",
        "sd.diag(2)", "t3.diag()", "sc.diag()",
        "m.diagonal()", "x.diagonal(1)", "t3.diagonal(0, 1, 2)", "t3.diagonal(1, 0, 2)", "t3.diagonal(-1, 2, 1)",
        "torch.diagonal(z, -1)", "x.diagonal(5)", "i.diagonal()", "md.diagonal(offset=-2)",
        "x.diagonal(0, 0, 0)", "x.diagonal(0, 0, 2)", "s.diagonal()",
        "torch.diag_embed(x)", "torch.diag_embed(s, 1)", "torch.diag_embed(sd, -1, 0, 1)",
        "m.trace()", "x.trace()", "z.trace()", "torch.trace(i)", "s.trace()", "t3.trace()",
        "torch.trace(torch.tensor([[True]]))", "torch.trace(md)",
        "x.index_add(0, torch.tensor([1, 0, 1]), torch.ones(3, 3))", "torch.index_add(x, 1, torch.tensor([2, 2]), y[:, :2], alpha=2)",
        "(x * 1).index_add_(1, torch.tensor([0]), y[:, :1])", "xd.index_add(0, torch.tensor([0]), yd[1:])",
        "x.index_add(0, torch.tensor([2]), y[:1])", "x.index_add(0, torch.tensor([-1]), y[:1])", "x.gather(1, torch.tensor([[0], [2]], dtype=torch.int32))",
        "x.diag_embed()", "x.diag_embed(1, 0, 2)", "torch.diag_embed(x, 0, 1, 1)",
        "x.flip(dims=[0])", "torch.tile(x, dims=(2,))", "x.repeat(repeats=(2, 1))", "x.split(split_size=1)",
        "torch.split(x, split_size_or_sections=[2, 1], dim=1)", "x.roll(shifts=1, dims=0)", "x.flip()",
        "x.chunk(chunks=2, dim=1)", "torch.diagonal(z, offset=1, dim1=1, dim2=0)", "torch.tril(z, diagonal=-1)",
        # in-place writes through the views these ops return
        "(x * 1).split(1)[0].mul_(2)", "(x * 1).unbind(0)[1].add_(1)", "(x * 1).split([1, 2], 1)[1].zero_()",
        "(x * 1).chunk(3, 1)[2].neg_()", "(x * 1).split(1)[0][0].mul_(2)", "(x * 1).unbind(0)[0][1:].mul_(2)",
        "(x * 1).split(1)[0].view(3).mul_(2)", "(x * 1).split(1)[0].split(1, 1)[0].mul_(2)", "(lambda y: (y.diagonal().mul_(3), y)[1])(m * 1)",
        "(lambda y: (y.diagonal(1).fill_(0.5), y)[1])(z * 1)", "(lambda y: (y.diagonal()[0].add_(1), y)[1])(m * 1)",
        # existing shape ops
        "torch.cat([x, y])", "torch.cat([x, yd], 1)", "torch.stack([x, y], 1)", "x.reshape(3, 2)", "x.t()",
        "x.T", "x.permute(1, 0)", "x[None].expand(2, 2, 3)", "x.unsqueeze(0).squeeze(0)", "x.flatten()",
        "x.transpose(0, 1)", "x[0]", "x[:, 1]", "x[::2]", "x[[0, 1]]", "x[x > 0.5]", "x[:, [0, 2]]", "x[..., 0]",
    ])

    # -- torch.nn.functional ----------------------------------------------------------
    c.many("functional", [
        "F.relu(x)", "F.relu(i)", "F.leaky_relu(x)", "F.leaky_relu(x, 0.2)", "F.leaky_relu(xd, negative_slope=0.3)",
        "F.leaky_relu(i)", "F.leaky_relu(b)", "F.gelu(x)", "F.gelu(xd)", "F.gelu(x, approximate='tanh')",
        "F.gelu(xd, approximate='tanh')", "F.gelu(x, approximate='foo')", "F.gelu(i)", "F.silu(x)", "F.silu(xd)",
        "F.silu(i)", "F.elu(x)", "F.elu(xd, alpha=0.5)", "F.elu(x, alpha=-1.0)", "F.elu(i)", "F.softplus(x)",
        "F.softplus(xd, beta=2, threshold=1)", "F.softplus(big)", "F.softplus(x, beta=0.5)", "F.softplus(i)",
        "F.sigmoid(x)", "F.tanh(xd)", "F.softmax(x, 0)", "F.softmax(x, dim=1)", "F.softmax(x, 1, dtype=torch.float64)",
        "F.log_softmax(x, 1)", "F.log_softmax(xd, 0)", "F.softmax(x)", "F.log_softmax(t3)", "F.softmax(s)",
        "F.softmax(i, 0)", "F.log_softmax(i, 0)", "F.relu(x, inplace=False)",
        "F.relu(x * 1, inplace=True)", "F.leaky_relu(x * 1, 0.1, True)", "F.elu(x * 1, inplace=True)",
        "F.silu(x * 1, inplace=True)", "F.relu(x, True)",
        "F.mse_loss(x, y)", "F.mse_loss(x, y, reduction='sum')", "F.mse_loss(x, y, reduction='none')",
        "F.mse_loss(xd, q)", "F.mse_loss(x, y[0])", "F.mse_loss(x, y, reduction='foo')", "F.mse_loss(i, i)",
        "F.mse_loss(x, i)", "F.mse_loss(x, z[:2, :2])", "F.mse_loss(x, xd.detach())",
        "F.mse_loss(x, y, weight=w23)", "F.mse_loss(x, y, reduction='none', weight=w23)",
        "F.l1_loss(x, y)", "F.l1_loss(x, y, reduction='sum')", "F.l1_loss(x, y, reduction='none')",
        "F.l1_loss(xd, qd)", "F.l1_loss(x, y[1])", "F.l1_loss(i, i)", "F.l1_loss(x, y, weight=w23)",
        "F.smooth_l1_loss(x, y)", "F.smooth_l1_loss(x, y, beta=0.5)", "F.smooth_l1_loss(x, y, beta=0.0)",
        "F.smooth_l1_loss(xd, yd, reduction='none')", "F.smooth_l1_loss(x, y, reduction='sum', beta=2.0)",
        "F.smooth_l1_loss(x, x.detach(), beta=-1.0)", "F.smooth_l1_loss(i, i)",
        "F.cross_entropy(x, torch.tensor([0, 2]))", "F.cross_entropy(xd, torch.tensor([1, 0]), reduction='sum')",
        "F.cross_entropy(x, torch.tensor([0, 2]), reduction='none')",
        "F.cross_entropy(x, torch.tensor([0, 2]), weight=w3)", "F.cross_entropy(x, torch.tensor([0, 2]), ignore_index=2)",
        "F.cross_entropy(x, torch.tensor([0, -100]))", "F.cross_entropy(x, torch.tensor([2, 2]), ignore_index=2)",
        "F.cross_entropy(x, torch.tensor([0, 2]), label_smoothing=0.1)",
        "F.cross_entropy(xd, torch.tensor([0, 2]), label_smoothing=0.1, reduction='none')",
        "F.cross_entropy(x, torch.tensor([0, 2]), label_smoothing=0.1, reduction='sum')",
        "F.cross_entropy(xd, torch.tensor([0, 2]), label_smoothing=0.2, weight=w3d)",
        "F.cross_entropy(x, torch.tensor([1, 2]), label_smoothing=0.3, ignore_index=2)",
        "F.cross_entropy(x, torch.tensor([1, 2]), label_smoothing=0.3, ignore_index=2, weight=w3, reduction='none')",
        "F.cross_entropy(x, cp)", "F.cross_entropy(xd, cpd, reduction='sum')", "F.cross_entropy(x, cp, reduction='none')",
        "F.cross_entropy(x, cp, weight=w3)", "F.cross_entropy(x, cp, label_smoothing=0.2)",
        "F.cross_entropy(xd, cpd, weight=w3d, reduction='none')", "F.cross_entropy(x[0], torch.tensor(1))",
        "F.cross_entropy(x[0], cp[0])", "F.cross_entropy(t3, torch.tensor([[0, 1, 2, 0], [1, 1, 1, 2]]))",
        "F.cross_entropy(t3, torch.tensor([[0, 1, 2, 0], [1, 1, 1, 2]]), reduction='none')",
        "F.cross_entropy(t3, cp3)", "F.cross_entropy(x, qg)",
        "F.cross_entropy(x, torch.tensor([0, 1, 2]))", "F.cross_entropy(x, torch.rand(2, 2))",
        "F.cross_entropy(x, torch.tensor([0, 1]), label_smoothing=1.5)", "F.cross_entropy(x, cp, ignore_index=1)",
        "F.cross_entropy(x, torch.tensor([0.0, 1.0]))", "F.cross_entropy(x, torch.tensor([0, 3]))",
        "F.cross_entropy(x, torch.tensor([0, -1]))", "F.cross_entropy(i, torch.tensor([0, 1]))",
        "F.cross_entropy(x, torch.tensor([0, 1]), weight=torch.tensor([1.0, 2.0]))",
        "F.cross_entropy(x, torch.tensor([0, 1]), reduction='mean ')",
        "F.nll_loss(x, torch.tensor([0, 2]))", "F.nll_loss(x, torch.tensor([0, 2]), reduction='none')",
        "F.nll_loss(xd, torch.tensor([0, 2]), weight=w3d, reduction='sum')", "F.nll_loss(x, torch.tensor([0, 2]), ignore_index=0)",
        "F.nll_loss(x, torch.tensor([0, 2]), weight=w3)", "F.nll_loss(x[0], torch.tensor(2))",
        "F.nll_loss(x, torch.tensor([1, 1]), ignore_index=1)", "F.nll_loss(t3, torch.tensor([[0, 1, 2, 0], [1, 1, 1, 2]]))",
        "F.nll_loss(x, torch.tensor([0, 3]))", "F.nll_loss(x, torch.tensor([0.0, 1.0]))",
        "F.nll_loss(x, torch.tensor([0, 1, 2]))", "F.nll_loss(x, torch.tensor([[0, 1]]))",
        "F.nll_loss(x.detach()[0], torch.tensor([0]))",
        "F.binary_cross_entropy(pr, q)", "F.binary_cross_entropy(prd, qd, reduction='none')",
        "F.binary_cross_entropy(pr, q, weight=w3)", "F.binary_cross_entropy(pr, q, reduction='sum')",
        "F.binary_cross_entropy(prd, qg)", "F.binary_cross_entropy(torch.tensor([0.0, 1.0, 0.5]), torch.tensor([1.0, 0.0, 0.5]))",
        "F.binary_cross_entropy(pr, q[0])", "F.binary_cross_entropy(x, q)", "F.binary_cross_entropy(pr, b.float().long())",
        "F.binary_cross_entropy(pr, q, weight=torch.ones(2))", "F.binary_cross_entropy(pr, qd)",
        "F.binary_cross_entropy_with_logits(x, q)", "F.binary_cross_entropy_with_logits(x, q, pos_weight=w3)",
        "F.binary_cross_entropy_with_logits(xd, qd, weight=w3d, reduction='none')",
        "F.binary_cross_entropy_with_logits(xd, qg)", "F.binary_cross_entropy_with_logits(big, q, reduction='sum')",
        "F.binary_cross_entropy_with_logits(x, q, weight=w23, pos_weight=w3, reduction='sum')",
        "F.binary_cross_entropy_with_logits(x, q[0])", "F.binary_cross_entropy_with_logits(x, b.long())",
        "F.binary_cross_entropy_with_logits(x, q, pos_weight=torch.ones(2))",
        "F.linear(x, n)", "F.linear(x, n, bias)", "F.linear(xd, nd, biasd)", "F.linear(t3, z)", "F.linear(t3, z, x4[:3])",
        "F.linear(t3.transpose(1, 2), n, bias)", "F.linear(s, n)", "F.linear(s, n, bias)", "F.linear(x, s)",
        "F.linear(x, n[:, :2])", "F.linear(x, n, bias[:3])", "F.linear(x, nd)", "F.linear(x, n, bias[0])",
        "F.normalize(x)", "F.normalize(x, p=1, dim=0)", "F.normalize(xd, eps=10.0)", "F.normalize(s, dim=0)",
        "F.normalize(t3, dim=-1)", "F.normalize(x, dim=2)", "F.normalize(i)",
        "F.mse_loss(x, y, size_average=False)", "F.l1_loss(x, y, reduce=False)", "F.mse_loss(x, y, reduction='elementwise_mean')",
        "F.nll_loss(x, torch.tensor([0, 2]), size_average=True, reduce=True)",
        "F.cross_entropy(t3d, torch.tensor([[0, 1, 2, 0], [1, 1, 1, 2]]), weight=w3d, ignore_index=1)",
        "F.cross_entropy(t3d, torch.tensor([[0, 1, 2, 0], [1, 1, 1, 2]]), label_smoothing=0.25)",
        "F.nll_loss(torch.tensor(1.0), torch.tensor(0))", "F.nll_loss(t3, torch.tensor([[0, 1, 2], [0, 1, 2]]))",
        "F.cross_entropy(x, torch.tensor([0, 1]), weight=w3d)", "torch.addmm(bias, s, n.t())", "torch.addmm(s, m, md)",
        "F.elu(x * 1, alpha=-1.0, inplace=True)", "F.softplus(xd, beta=2.0)", "F.gelu(h.float())",
        "F.silu(big)", "F.gelu(big)", "F.elu(big)", "F.leaky_relu(big, 0.5)",
        "F.binary_cross_entropy_with_logits(big, q, pos_weight=w3)", "F.smooth_l1_loss(big, big.detach() * 0.99)",
    ])
    return c.items
