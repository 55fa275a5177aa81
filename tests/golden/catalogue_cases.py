"""Golden cases for the op catalogue added beyond the core ops (special functions,
sorting and selection, scatter/gather, cumulative, structure, more reductions).

They use the inputs of ops_cases.py and are recorded the same way (ops_runner.py:
values, dtypes, grad_fn graphs, first and second order gradients, errors);
catalogue_generate.py runs them under real torch.
"""

from ops_cases import _Cases


def build_cases():
    c = _Cases()
    # -- special functions ------------------------------------------------------------
    for op, v in (("asinh", "x"), ("acosh", "(pos + 1)"), ("atanh", "u"), ("arcsinh", "x"), ("arccosh", "(pos + 1)"),
                  ("arctanh", "u"), ("erfc", "x"), ("erfinv", "u"), ("lgamma", "pos"), ("digamma", "pos"),
                  ("i0", "x"), ("sinc", "x"), ("logit", "pr"), ("deg2rad", "x"), ("rad2deg", "x"), ("sgn", "x")):
        c.add(f"torch.{op}({v})", "special")
        c.add(f"{v}.{op}()" if v.isidentifier() else f"torch.{op}({v[:-1]}d + 1))" if v.startswith("(") else
              f"{v}d.{op}()", "special")
        c.add(f"torch.{op}(i)", "special", second=False)
    c.many("special", [
        "torch.polygamma(1, pos)", "torch.polygamma(2, posd)", "posd.polygamma(3)", "torch.polygamma(0, pos)",
        "torch.polygamma(1, i)", "torch.mvlgamma(pos + 1, 2)", "torch.mvlgamma(posd + 2, 3)", "torch.mvlgamma(pos, 3)",
        "torch.logit(pr, 0.2)", "torch.logit(prd, eps=0.3)", "torch.lgamma(torch.tensor([0.0, -1.0, -2.5, 1e-3]))",
        "torch.digamma(torch.tensor([0.0, -1.0, -2.5, 1e-3, 30.0]))", "torch.digamma(torch.tensor([0.5, 7.25, 100.0], dtype=torch.float64))",
        "torch.erfinv(torch.tensor([1.0, -1.0, 0.0, 1.5, 0.999]))", "torch.erfinv(torch.tensor([0.3, -0.999999], dtype=torch.float64))",
        "torch.erfc(torch.tensor([5.0, -5.0, 30.0]))", "torch.i0(torch.tensor([0.0, 10.0, -3.0]))",
        "torch.sinc(torch.tensor([0.0, 1.0, 0.5]))", "torch.nan_to_num(torch.tensor([float('nan'), float('inf'), -float('inf'), 1.0]))",
        "torch.nan_to_num(torch.tensor([float('nan'), float('inf'), -float('inf')]), nan=1.0, posinf=2.0, neginf=-2.0)",
        "x.nan_to_num()", "torch.nan_to_num(i)", "torch.signbit(torch.tensor([-0.0, 0.0, -1.0, 2.0]))", "torch.signbit(i)",
        "torch.isposinf(torch.tensor([float('inf'), -float('inf'), 1.0]))", "torch.isneginf(torch.tensor([float('inf'), -float('inf'), 1.0]))",
        "torch.isreal(x)", "torch.sgn(b)", "h.asinh()", "h.erfinv()", "h.lgamma()",
    ])
    # -- sorting and selection ---------------------------------------------------------
    c.many("sorting", [
        "x.sort()", "x.sort(0)", "xd.sort(1, descending=True)", "torch.sort(t3, dim=1)", "tie.sort()",
        "tie.sort(descending=True)", "i.sort()", "b.sort()", "sc.sort()", "torch.sort(x4, stable=True)",
        "torch.tensor([1.0, float('nan'), 0.0, float('nan'), 2.0]).sort()",
        "torch.tensor([1.0, float('nan'), 0.0, float('nan'), 2.0]).sort(descending=True)",
        "x.argsort()", "x.argsort(0, descending=True)", "i.argsort()", "torch.argsort(tie, stable=True)",
        "torch.msort(z)", "x.topk(2)", "xd.topk(1, 0)", "x.topk(2, largest=False)", "z.topk(3, dim=0)", "i.topk(2)",
        "x.topk(4)", "x4.topk(0)", "x.kthvalue(2)", "zd.kthvalue(1, 0)", "x.kthvalue(2, 0, keepdim=True)",
        "x.kthvalue(4)", "x.median()", "xd.median()", "z.median(1)", "zd.median(0, keepdim=True)", "i.median()",
        "e.median()", "torch.tensor([1.0, float('nan'), 3.0]).median()",
        "torch.tensor([[1.0, float('nan'), 3.0], [0.5, 2.0, 1.0]]).median(1)",
        "torch.tensor([1.0, float('nan'), 3.0, 4.0]).nanmedian()",
        "torch.tensor([[1.0, float('nan'), 3.0], [float('nan')] * 3]).nanmedian(1)", "x.nanmedian()",
        "torch.tensor([[1.0, 3.0, 3.0, 1.0, 2.0], [2.0, 2.0, 5.0, 5.0, 0.0]], requires_grad=True).mode(1)",
        "torch.tensor([[1, 3, 3, 1, 2], [2, 2, 5, 5, 0]]).mode(0)", "x.mode()",
        "torch.unique(torch.tensor([3, 1, 3, 2]))", "torch.unique(torch.tensor([3, 1, 3, 2]), return_inverse=True)",
        "torch.unique(torch.tensor([3, 1, 3, 2]), return_counts=True, return_inverse=True)",
        "torch.unique(torch.tensor([[1, 2], [1, 2], [0, 5]]), dim=0)", "torch.unique(torch.tensor([2.5, 1.0, 2.5]))",
        "torch.tensor([3, 1, 3, 2]).unique(sorted=True)",
        "torch.unique_consecutive(torch.tensor([1, 1, 2, 2, 3, 1]))",
        "torch.unique_consecutive(torch.tensor([1, 1, 2, 2, 3, 1]), return_inverse=True, return_counts=True)",
        "torch.searchsorted(torch.tensor([1, 3, 5, 7]), torch.tensor([3, 6, 9]))",
        "torch.searchsorted(torch.tensor([1, 3, 5, 7]), torch.tensor([3, 6, 9]), right=True)",
        "torch.searchsorted(torch.tensor([1.0, 3.0, 5.0]), 3.0)", "torch.searchsorted(torch.tensor([1, 3, 5]), 3, side='right')",
        "torch.searchsorted(torch.tensor([[1, 3, 5], [2, 4, 6]]), torch.tensor([[3, 6], [1, 5]]))",
        "torch.searchsorted(torch.tensor([1, 3, 5]), torch.tensor([3]), out_int32=True)",
        "torch.bucketize(torch.tensor([[3, 6], [1, 9]]), torch.tensor([1, 3, 5, 7]))",
        "torch.bucketize(torch.tensor([3, 6, 1]), torch.tensor([1, 3, 5, 7]), right=True)",
    ])
    # -- cumulative ------------------------------------------------------------------------
    c.many("cumulative", [
        "x.cummax(1)", "xd.cummax(0)", "tie.cummax(1)", "x.cummin(1)", "tie.cummin(0)", "i.cummax(1)", "sc.cummax(0)",
        "torch.tensor([1.0, float('nan'), 0.5, 3.0]).cummax(0)", "torch.tensor([1.0, float('nan'), 0.5]).cummin(0)",
        "x.logcumsumexp(1)", "xd.logcumsumexp(0)", "big.logcumsumexp(1)", "i.logcumsumexp(1)",
        "x.diff()", "xd.diff(dim=0)", "z.diff(n=2)", "x4.diff(prepend=torch.tensor([0.5]), append=torch.tensor([1.0, 2.0]))",
        "i.diff()", "b.diff()", "x.diff(n=3)", "x.diff(n=0)",
        "torch.cumulative_trapezoid(x)", "torch.cumulative_trapezoid(zd, dim=0)", "torch.cumulative_trapezoid(x, dx=0.5)",
    ])
    # -- binary math --------------------------------------------------------------------------
    c.many("math", [
        "torch.atan2(x, y)", "torch.atan2(xd, s)", "x.atan2(yd)", "torch.arctan2(i, i32)", "torch.atan2(x, 2)" if False else "torch.atan2(i, y)",
        "torch.hypot(x, y)", "xd.hypot(yd)", "torch.fmod(x, 1.5)", "torch.fmod(x, y)", "torch.fmod(i, 4)",
        "torch.fmod(i, i32)", "torch.fmod(xd, -0.75)", "torch.copysign(x, y)", "torch.copysign(x, -1.0)",
        "torch.copysign(i, -1)", "torch.copysign(zer, yd)", "torch.logaddexp(x, y)", "torch.logaddexp(big, x)",
        "torch.logaddexp2(xd, yd)", "torch.xlogy(pos, y.abs() + 0.1)", "torch.xlogy(zer, posd)", "torch.xlogy(2.0, pos)",
        "torch.xlogy(pos, 3.0)", "torch.xlogy(i, i)", "torch.lerp(x, y, 0.3)", "torch.lerp(xd, yd, qd)",
        "torch.lerp(x, y, torch.tensor(0.25))", "x.lerp(y, q)", "torch.addcmul(x, y, s, value=0.5)",
        "torch.addcmul(xd, yd, qg)", "torch.addcdiv(x, y, pos, value=2)", "torch.addcdiv(xd, yd, posd)",
        "torch.addcdiv(i, i, i)", "torch.float_power(x, 2)", "torch.float_power(pos, y)", "torch.float_power(i, 2)",
        "torch.float_power(2, x)", "torch.fmax(x, y)", "torch.fmin(xd, yd)",
        "torch.fmax(torch.tensor([1.0, float('nan'), float('nan')]), torch.tensor([float('nan'), 2.0, float('nan')]))",
        "torch.heaviside(x, y)", "torch.heaviside(torch.tensor([-1.0, 0.0, 2.0]), torch.tensor([0.5]))",
        "torch.nextafter(torch.tensor([1.0, 2.0]), torch.tensor([2.0, 1.0]))", "torch.ldexp(x, i)",
        "torch.ldexp(xd, torch.tensor([1, 2, 3]))",
    ])
    # -- structure --------------------------------------------------------------------------
    c.many("structure", [
        "torch.atleast_1d(sc)", "torch.atleast_2d(s)", "torch.atleast_2d(x)", "torch.atleast_3d(x)", "torch.atleast_3d(s)",
        "torch.atleast_1d(sc, x)", "torch.atleast_2d([sc, s])", "torch.hstack([x, y])", "torch.hstack([s, s])",
        "torch.hstack((sc, s))" if False else "torch.hstack([s, x4])", "torch.vstack([x, y])", "torch.vstack([s, s])",
        "torch.row_stack([x, s])", "torch.dstack([x, y])", "torch.dstack([s, s])", "torch.column_stack([s, s])",
        "torch.column_stack([x.t(), s])", "torch.block_diag(x, m)", "torch.block_diag(sc, s, x)", "torch.block_diag(i, x)",
        "torch.meshgrid(s, x4, indexing='ij')", "torch.meshgrid(s, x4, indexing='xy')", "torch.cartesian_prod(s, x4)",
        "torch.cartesian_prod(s)", "torch.combinations(x4)", "torch.combinations(x4, 3)",
        "torch.combinations(s, with_replacement=True)", "x.tensor_split(2, 1)", "z.tensor_split([1, 3], 1)",
        "torch.tensor_split(z, 3)", "torch.hsplit(z, 2)", "torch.vsplit(z, [1])", "torch.dsplit(t3, 2)",
        "torch.hsplit(z, 3)", "x.rot90()", "z.rot90(2)", "t3.rot90(-1, (1, 2))", "x.rot90(1, (0, 0))",
        "x.repeat_interleave(2)", "x.repeat_interleave(2, dim=0)", "z.repeat_interleave(torch.tensor([1, 0, 2]), dim=0)",
        "torch.repeat_interleave(torch.tensor([2, 1]))", "i.repeat_interleave(3, 1)", "torch.diagflat(s)",
        "torch.diagflat(x, 1)", "x.ravel()", "x.t().ravel()",
        "x.take(torch.tensor([[0, 5], [2, 2]]))", "x.take(torch.tensor([-1]))", "x.take(torch.tensor([6]))",
        "torch.take_along_dim(x, torch.tensor([[0], [2]]), 1)", "torch.take_along_dim(x, torch.tensor([5, 0]))",
        "torch.take_along_dim(z, z.argsort(1), 1)", "x.masked_select(x > 0)", "x.masked_select(torch.tensor([True, False, True]))",
        "xd.masked_select(b)", "x.masked_scatter(x > 0, y)", "xd.masked_scatter(b, torch.arange(1.0, 7.0, dtype=torch.float64, requires_grad=True))",
        "x.index_copy(0, torch.tensor([1, 0]), y)", "z.index_copy(1, torch.tensor([3, 0]), n[:3, :2])",
        "x.index_fill(1, torch.tensor([0, 2]), -1.0)", "z.index_fill(0, torch.tensor([1]), 5)", "i.index_fill(1, torch.tensor([1]), 7)",
        "x.scatter_reduce(1, torch.tensor([[0, 0, 1], [2, 1, 1]]), y, 'sum')",
        "x.scatter_reduce(1, torch.tensor([[0, 0, 1], [2, 1, 1]]), y, 'sum', include_self=False)",
        "x.scatter_reduce(1, torch.tensor([[0, 0, 1], [2, 1, 1]]), y, 'mean')",
        "x.scatter_reduce(1, torch.tensor([[0, 0, 1], [2, 1, 1]]), y, 'amax')",
        "x.scatter_reduce(1, torch.tensor([[0, 0, 1], [2, 1, 1]]), y, 'amin', include_self=False)",
        "pos.scatter_reduce(1, torch.tensor([[0, 0, 1], [2, 1, 1]]), pos * 2, 'prod')",
        "x.scatter_reduce(0, torch.tensor([[0, 1, 0]]), y, 'sum')", "x.scatter_reduce(1, torch.tensor([[0, 0, 1], [2, 1, 1]]), y, 'max')",
        "torch.argwhere(i)", "torch.argwhere(b)",
    ])
    # -- reductions and products ---------------------------------------------------------------
    c.many("reduction", [
        "torch.addmv(s[:2], x, s)", "torch.addmv(sd[:2], xd, sd, beta=0.5, alpha=2)", "torch.addmv(sc, x, s)",
        "torch.addr(x, s[:2], s)", "torch.addr(xd, sd[:2], sd, beta=0, alpha=3)",
        "torch.baddbmm(t3[:, :, :2], t3, t3.transpose(1, 2)[:, :, :2] if False else t3[:, :, :2].transpose(1, 2).transpose(1, 2).new_ones(2, 4, 2) * 0.5)",
        "torch.baddbmm(x[:, :2].unsqueeze(0), t3[:1, :2], t3[:1].transpose(1, 2)[:, :, :2], beta=0.5, alpha=2)",
        "torch.addbmm(m, t3[:, :3, :2] if False else t3[:, :, :2].transpose(1, 2).transpose(1, 2)[:, :3, :2], t3[:, :2, :3])",
        "torch.vdot(s, sd.float())", "torch.inner(x, y)", "torch.inner(s, s)", "torch.inner(x, sc)", "torch.kron(x, m)",
        "torch.kron(s, x4)", "torch.kron(xd, sd)", "torch.tensordot(t3, z, dims=([1, 2], [0, 1]))" if False else
        "torch.tensordot(t3, z, dims=1)", "torch.tensordot(x, y, dims=([1], [1]))", "torch.tensordot(t3, x, ([0, 1], [0, 1]))",
        "torch.chain_matmul(m, m, z)", "x.nansum()", "x.nansum(1)", "torch.tensor([1.0, float('nan'), 2.0], requires_grad=True).nansum()",
        "i.nansum()", "b.nansum()", "torch.nansum(xd, 0, keepdim=True)",
        "torch.tensor([[1.0, float('nan'), 2.0], [float('nan')] * 3], requires_grad=True).nanmean(1)", "x.nanmean()", "i.nanmean()",
        "x.aminmax()", "xd.aminmax(dim=1)", "tie.aminmax(dim=1, keepdim=True)", "tie.aminmax()", "i.aminmax()",
        "x.quantile(0.5)", "x.quantile(0.3, dim=1)", "xd.quantile(torch.tensor([0.25, 0.75], dtype=torch.float64), dim=0, keepdim=True)",
        "z.quantile(0.4, 1, interpolation='lower')", "z.quantile(0.4, 1, interpolation='higher')",
        "z.quantile(0.4, 1, interpolation='midpoint')", "z.quantile(0.4, 1, interpolation='nearest')",
        "x.quantile(torch.tensor([0.1, 0.9]))", "i.quantile(0.5)", "x.quantile(1.5)",
        "torch.tensor([1.0, float('nan'), 3.0, 2.0]).nanquantile(0.5)", "torch.tensor([1.0, float('nan'), 3.0]).quantile(0.5)",
        "torch.histc(x)", "torch.histc(x, bins=4, min=-1, max=1)", "torch.histc(xd, 5)", "torch.histc(i)",
        "torch.bincount(torch.tensor([1, 1, 3, 0]))", "torch.bincount(torch.tensor([1, 1, 3]), minlength=6)",
        "torch.bincount(torch.tensor([1, 1, 3]), weights=torch.tensor([0.5, 1.0, 2.0]))",
        "torch.bincount(torch.tensor([1, 1, 3]), weights=torch.tensor([0.5, 1.0, 2.0], dtype=torch.float64))",
        "torch.bincount(torch.tensor([-1, 1]))", "torch.cov(x)", "torch.cov(zd, correction=0)", "torch.cov(s)",
        "torch.cov(x, fweights=torch.tensor([1, 2, 1]))", "torch.cov(xd, aweights=w3d)", "torch.corrcoef(z)",
        "torch.corrcoef(xd)", "torch.dist(x, y)", "torch.dist(xd, yd, 1)", "torch.dist(x, y, 3)", "torch.dist(x, y, float('inf'))",
        "torch.dist(x, s, 0)", "torch.cdist(n, x4.reshape(2, 2).repeat(1, 2)[:, :3] if False else z[:2, :3])",
        "torch.cdist(nd, nd)", "torch.cdist(t3, t3[:, :2], p=1)", "torch.cdist(n, n[:2], p=3)", "torch.cdist(n, n[:2], p=float('inf'))",
    ])
    # -- aliases and small composed ops ------------------------------------------------------
    c.many("aliases", [
        "torch.multiply(x, y)", "torch.divide(x, pos)", "torch.subtract(x, y, alpha=2)", "torch.moveaxis(t3, 0, 2)",
        "x.adjoint()", "torch.adjoint(x)", "torch.t_copy(x)", "torch.transpose_copy(t3, 0, 1)", "torch.permute_copy(t3, (2, 0, 1))",
        "torch.unsqueeze_copy(x, 0)", "torch.squeeze_copy(x.unsqueeze(1))", "torch.select_copy(x, 1, 2)",
        "torch.narrow_copy(z, 1, 1, 2)", "torch.detach_copy(x)", "torch.unsafe_chunk(z, 2, 1)", "torch.unsafe_split(z, 2)",
        "torch.trapezoid(x)", "torch.trapezoid(zd, dim=0)", "torch.trapezoid(x, dx=0.5)", "torch.trapz(x, s)",
        "torch.trapezoid(x, torch.tensor([0.0, 1.0, 3.0]))", "torch.broadcast_tensors(x, s)", "torch.broadcast_tensors(s, sc, x)",
        "torch.bitwise_left_shift(i, 2)", "torch.bitwise_right_shift(i, i32.abs())", "i.bitwise_left_shift(i32)",
        "torch.gcd(i, torch.tensor([[4, 6, 9], [2, 7, 12]]))", "torch.lcm(i, torch.tensor([[4, 6, 9], [2, 7, 12]]))",
        "torch.gcd(x, x)", "torch.isin(i, torch.tensor([1, 6, 9]))", "torch.isin(x, y)", "torch.isin(i, 3, invert=True)",
        "torch.frexp(x)", "torch.frexp(i)", "torch.unravel_index(torch.tensor([4, 1, 7]), (2, 4))",
        "torch.unravel_index(torch.tensor(5), (3, 2))", "x.put(torch.tensor([0, 4]), torch.tensor([9.0, 8.0]))",
        "x.put(torch.tensor([1, 1]), s[:2], accumulate=True)", "xd.put(torch.tensor([[5], [0]]), sd[:2].reshape(2, 1))",
        "x.put(torch.tensor([7]), s[:1])", "torch.select_scatter(x, s, 0, 1)", "torch.select_scatter(z, s, 1, -1)",
        "torch.slice_scatter(z, n[:3, :2], 1, 0, 2)", "torch.slice_scatter(z, n[:2, :3].t()[:, :2].t() if False else z[:2] * 2, 0, 1)",
        "torch.slice_scatter(z, z[:, ::2] * 3, 1, 0, None, 2)", "torch.diagonal_scatter(m, s)", "torch.diagonal_scatter(z, s[:2] * 2, 1)",
        "torch.select_scatter(x, s[:2], 0, 0)", "x.sum_to_size(1, 3)", "t3.sum_to_size(3, 1)", "x.sum_to_size(3)",
        "(x * 1).fill_diagonal_(5.0)", "torch.zeros(5, 2).fill_diagonal_(1.0, wrap=True)", "x.unfold(1, 2, 1)",
        "z.unfold(0, 2, 1)", "x4.unfold(0, 2, 2)", "x.unfold(1, 4, 1)", "torch.cross(m, n[:3], dim=1)", "torch.cross(md, nd[:3].double() if False else md * 2, dim=0)",
        "torch.linalg.cross(m, n[:3])" if False else "torch.cross(t3[:, :, :3], t3[:, :, 1:], dim=2)", "torch.cross(x, y, dim=1)",
        "torch.cross(x, y)",
    ])
    return c.items
