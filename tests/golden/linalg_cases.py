"""Golden cases for torch.linalg and the matrix functions at torch level (det, inverse, svd ...).

They use the inputs of ops_cases.py and are recorded as the core op goldens (ops_runner.py:
values, dtypes, grad_fn graphs, first and second order gradients, errors); linalg_generate.py
runs them under real torch. Singular vectors and eigenvectors are determined only up to sign,
so cases compare their absolute values (a gauge-invariant function with the same gradient rules).
The "strided" area (as_strided, resize_) is recorded here with the same machinery.
"""

from ops_cases import _Cases

SPD = "(md @ md.mT + torch.eye(3, dtype=torch.float64))"
SPD32 = "(m @ m.mT + torch.eye(3))"
SYM = "(md + md.mT)"
BATCH = "t3d[:, :, :3]"


def build_cases():
    c = _Cases()
    c.many("det", [
        "torch.linalg.det(md)", "torch.linalg.det(m)", "md.det()", f"torch.det({BATCH})",
        "torch.linalg.det(torch.tensor([[1.0, 2.0], [2.0, 4.0]], dtype=torch.float64, requires_grad=True))",
        "torch.linalg.det(z)", "torch.linalg.det(s)", "torch.linalg.det(i[:, :2])",
        "torch.linalg.slogdet(md)", "torch.slogdet(m)", "md.slogdet()", f"torch.logdet({SPD})", "md.logdet()",
        f"torch.linalg.slogdet({BATCH})",
    ])
    c.many("inverse", [
        "torch.linalg.inv(md)", "torch.linalg.inv(m)", "torch.inverse(md)", "md.inverse()", f"torch.linalg.inv({BATCH})",
        "torch.linalg.inv(torch.tensor([[1.0, 2.0], [2.0, 4.0]]))",
        "torch.linalg.inv(torch.stack([torch.eye(2), torch.tensor([[1.0, 2.0], [2.0, 4.0]])]))",
        "torch.linalg.inv(z)", "torch.linalg.inv_ex(md)", "torch.linalg.inv(i[:, :2])",
        "torch.linalg.solve(md, sd)", "torch.linalg.solve(md, zd)", "torch.linalg.solve(m, z)",
        "torch.linalg.solve(md, xd, left=False)", f"torch.linalg.solve({BATCH}, t3d)", f"torch.linalg.solve({BATCH}, md)",
        "torch.linalg.solve(torch.tensor([[1.0, 2.0], [2.0, 4.0]]), torch.ones(2))",
        "torch.linalg.solve(md, nd)", "torch.linalg.solve(m, zd)", "torch.linalg.solve_ex(md, sd)",
        "torch.linalg.solve_triangular(md + 3 * torch.eye(3, dtype=torch.float64), zd, upper=True)",
        "torch.linalg.solve_triangular(md + 3 * torch.eye(3, dtype=torch.float64), xd, upper=False, left=False)",
        "torch.linalg.solve_triangular(md, zd, upper=True, unitriangular=True)",
        "torch.linalg.pinv(nd)", "torch.linalg.pinv(zd)", "torch.linalg.pinv(md)", "torch.pinverse(n)",
        "torch.linalg.pinv(s)", "torch.linalg.pinv(t3d)",
        "torch.linalg.lstsq(nd, zd.mT[:, :2])", "torch.linalg.lstsq(n, z.mT)", "torch.linalg.lstsq(nd, sd.repeat(2)[:4])",
        "torch.linalg.lstsq(nd, zd.mT, driver='gelsd')", "torch.linalg.lstsq(nd, zd)",
        "torch.linalg.matrix_rank(md)", "torch.linalg.matrix_rank(torch.ones(3, 3))",
        "torch.linalg.matrix_rank(nd, atol=0.5)", "torch.linalg.matrix_rank(t3d)",
    ])
    c.many("cholesky", [
        f"torch.linalg.cholesky({SPD})", f"torch.linalg.cholesky({SPD}, upper=True)", f"torch.linalg.cholesky({SPD32})",
        f"torch.cholesky({SPD})", f"torch.linalg.cholesky_ex({SPD})",
        "torch.linalg.cholesky(torch.tensor([[1.0, 2.0], [2.0, 1.0]]))",
        "torch.linalg.cholesky(torch.stack([torch.eye(2), torch.tensor([[1.0, 2.0], [2.0, 1.0]])]))",
        "torch.linalg.cholesky(z)",
    ])
    c.many("qr", [
        "torch.linalg.qr(nd)", "torch.linalg.qr(md)", "torch.linalg.qr(zd)", "torch.linalg.qr(n)", "torch.qr(nd)",
        "torch.linalg.qr(nd, mode='complete')", "torch.linalg.qr(zd, mode='complete')", "torch.linalg.qr(md, mode='r')",
        "torch.linalg.qr(md, mode='x')", "torch.linalg.qr(sd)", "torch.linalg.qr(t3d)",
    ])
    c.many("eigh", [
        f"(lambda r: (r.eigenvalues, r.eigenvectors.abs()))(torch.linalg.eigh({SYM}))",
        f"(lambda r: (r.eigenvalues, r.eigenvectors.abs()))(torch.linalg.eigh({SPD32}))",
        "torch.linalg.eigh(md, UPLO='U')[0]", "torch.linalg.eigh(md)[0]", f"torch.linalg.eigvalsh({SYM})",
        f"torch.linalg.eigvalsh({BATCH} + {BATCH}.mT)", "torch.linalg.eigh(z)", "torch.linalg.eigh(md, UPLO='X')",
    ])
    c.many("svd", [
        "(lambda r: (r.U.abs(), r.S, r.Vh.abs()))(torch.linalg.svd(nd, full_matrices=False))",
        "(lambda r: (r.U.abs(), r.S, r.Vh.abs()))(torch.linalg.svd(zd, full_matrices=False))",
        "(lambda r: (r.U.abs(), r.S, r.Vh.abs()))(torch.linalg.svd(md))",
        "(lambda r: (r.U.abs(), r.S, r.Vh.abs()))(torch.linalg.svd(n, full_matrices=False))",
        "torch.linalg.svd(nd)[1]", "torch.linalg.svdvals(nd)", "torch.linalg.svdvals(z)", "torch.linalg.svdvals(t3d)",
        "(lambda r: (r.U.abs(), r.S, r.V.abs()))(torch.svd(nd))", "(lambda r: r.S)(torch.svd(zd, compute_uv=False))",
        "torch.linalg.svd(sd)", "torch.linalg.cond(md)", "torch.linalg.cond(md, 'fro')",
    ])
    c.many("matrix functions", [
        "torch.linalg.matrix_power(md, 0)", "torch.linalg.matrix_power(md, 1)", "torch.linalg.matrix_power(md, 2)",
        "torch.linalg.matrix_power(md, 3)", "torch.linalg.matrix_power(md, 5)", "torch.linalg.matrix_power(md, -1)",
        "torch.linalg.matrix_power(md, -2)", f"torch.linalg.matrix_power({BATCH}, 4)", "md.matrix_power(6)",
        "torch.matrix_power(m, 2)", "torch.linalg.matrix_power(zd, 2)",
        "torch.linalg.matrix_exp(md)", "torch.linalg.matrix_exp(m)", "md.matrix_exp()", f"torch.matrix_exp({BATCH})",
        "torch.linalg.matrix_exp(md * 3)", "torch.linalg.matrix_exp(zd)",
        "torch.linalg.cross(xd, yd)", "torch.linalg.cross(xd, sd.expand(2, 3))", "torch.cross(xd, yd, dim=1)",
        "torch.linalg.cross(x4, x4)", "torch.linalg.cross(x, y)",
        "torch.linalg.multi_dot([md, nd.mT, zd.mT])", "torch.linalg.multi_dot([sd, md, md, sd])",
        "torch.linalg.multi_dot([md, zd])", "torch.linalg.multi_dot([nd, md, md, zd, zd.mT])",
        "torch.linalg.multi_dot([md])", "torch.linalg.multi_dot([md, nd])", "torch.linalg.multi_dot([t3d, md])",
        "torch.linalg.multi_dot([md, sd, md])", "torch.linalg.multi_dot([m, md])",
        "torch.linalg.vecdot(xd, yd)", "torch.linalg.vecdot(zd, zd, dim=0)", "torch.linalg.vander(sd)",
        "torch.linalg.vander(x4, N=3)", "torch.linalg.diagonal(t3d)", "torch.linalg.matmul(md, zd)",
        "torch.linalg.tensorinv(md, 1)", "torch.linalg.tensorsolve(md, sd)",
    ])
    c.many("norms", [
        "torch.linalg.norm(md)", "torch.linalg.norm(m)", "torch.linalg.norm(sd)", "torch.linalg.norm(sd, 3)",
        "torch.linalg.norm(md, 'nuc')", "torch.linalg.norm(md, 2)", "torch.linalg.norm(md, -2)",
        "torch.linalg.norm(md, 1)", "torch.linalg.norm(md, -1)", "torch.linalg.norm(md, float('inf'))",
        "torch.linalg.norm(md, -float('inf'))", "torch.linalg.norm(zd, dim=1)", "torch.linalg.norm(t3d, dim=(1, 2))",
        "torch.linalg.norm(t3d, 2)", "torch.linalg.norm(zd, 'fro', dim=(0, 1), keepdim=True)",
        "torch.linalg.vector_norm(xd, float('inf'))", "torch.linalg.vector_norm(xd, 0)",
        "torch.linalg.vector_norm(xd, 1, dim=0, keepdim=True)", "torch.linalg.vector_norm(posd, 0.5)",
        "torch.linalg.vector_norm(xd, -float('inf'), dim=1)", "torch.linalg.vector_norm(x, dtype=torch.float64)",
        "torch.linalg.vector_norm(xd, 3.5, dim=(0, 1))", "torch.linalg.vector_norm(posd, 1.5, dim=-1)",
        "torch.linalg.vector_norm(zer)", "torch.linalg.vector_norm(zer, float('inf'))", "torch.linalg.vector_norm(i)",
        "torch.linalg.vector_norm(sc)", "torch.linalg.vector_norm(x, dim=2)",
        "torch.linalg.matrix_norm(t3d)", "torch.linalg.matrix_norm(t3d, 'nuc', keepdim=True)",
        "torch.linalg.matrix_norm(zd, 1, dim=(1, 0))", "torch.linalg.matrix_norm(t3d, float('inf'), keepdim=True)",
        "torch.linalg.matrix_norm(t3d, -2)", "torch.linalg.matrix_norm(sd)", "torch.linalg.matrix_norm(md, 3)",
    ])
    c.many("lu", [
        "torch.linalg.lu_factor(md)", "torch.linalg.lu_factor(m)", f"torch.linalg.lu_factor({BATCH})",
        "torch.linalg.lu_factor(nd)", "torch.linalg.lu_factor_ex(md)", "torch.linalg.lu(md)", "torch.linalg.lu(nd)",
        "torch.lu_unpack(*torch.linalg.lu_factor(md))", "torch.linalg.lu_solve(*torch.linalg.lu_factor(md), zd)",
        "torch.lu(md)", "torch.lu_solve(zd, *torch.linalg.lu_factor(md))",
        "torch.linalg.lu_factor(torch.tensor([[1.0, 2.0], [2.0, 4.0]]))",
        "torch.triangular_solve(zd, md + 3 * torch.eye(3, dtype=torch.float64))",
        "torch.triangular_solve(zd, md, upper=False, transpose=True)",
        "torch.frobenius_norm(zd, (0, 1))", "torch.nuclear_norm(md)", "torch.nuclear_norm(t3d, (1, 2), True)",
    ])
    # torch-level spellings of nn functions (ATen's signatures), recorded here with the same machinery
    c.many("nn spellings", [
        "torch.batch_norm(t3, None, None, None, None, True, 0.1, 1e-5, False)",
        "torch.batch_norm(t3d, sd[:3] + 2, sd[:3], torch.zeros(3, dtype=torch.float64), torch.ones(3, dtype=torch.float64), False, 0.1, 1e-5, False)",
        "torch.embedding(z, torch.tensor([[0, 2], [1, 1]]))", "torch.embedding(zd, torch.tensor([0, 2, 0]), 0)",
        "torch.binary_cross_entropy_with_logits(x, q)", "torch.binary_cross_entropy_with_logits(xd, qd, None, None, 2)",
        "torch.binary_cross_entropy_with_logits(xd, qd, reduction=0)", "torch.kl_div(x, cp)",
        "torch.kl_div(xd, cpd, 2)", "torch.kl_div(xd, cpd.log(), 0, log_target=True)",
        "torch.cosine_embedding_loss(x, y, torch.tensor([1.0, -1.0]))",
        "torch.cosine_embedding_loss(xd, yd, torch.tensor([1.0, -1.0], dtype=torch.float64), 0.2, 0)",
        "torch.hinge_embedding_loss(x, torch.tensor([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]]))",
        "torch.margin_ranking_loss(s, s.flip(0), torch.tensor([1.0, -1.0, 1.0]), 0.5, 2)",
        "torch.poisson_nll_loss(xd, posd, True, False, 1e-8, 1)", "torch.poisson_nll_loss(posd, posd, False, True, 1e-8, 0)",
        "torch.triplet_margin_loss(x, y, x.flip(0))", "torch.triplet_margin_loss(xd, yd, yd.flip(1), 0.5, 1, 1e-6, True, 2)",
        "torch.constant_pad_nd(x, (1, 2))", "torch.constant_pad_nd(zd, [0, 1, 2, 0], 3.5)",
"torch.binary_cross_entropy_with_logits(x, q, reduction='mean')",
        "torch.rnn_tanh_cell(x, z[:2, :2], n[:2, :], z[:2, :2])", "torch.rnn_relu_cell(xd, zd[:2, :2], nd[:2, :], zd[:2, :2], sd[:2], sd[1:])",
        "torch.lstm_cell(xd, (zd[:2, :2], zd[:2, 2:]), torch.cat([nd, nd]), torch.cat([zd[:2, :2]] * 4), sd.repeat(3)[:8], None)",
        "torch.gru_cell(xd, zd[:2, :2], torch.cat([nd[:2], nd[2:], nd[1:3]]), torch.cat([zd[:2, :2]] * 3), sd.repeat(2), sd.repeat(2))",
    ])
    c.many("catalogue", [
        "x.renorm(2, 0, 1.0)", "zd.renorm(1, 1, 0.5)", "torch.renorm(zd, 3, 0, 0.2)", "xd.renorm(float('inf'), 1, 0.8)",
        "(xd * 1).renorm_(2, 0, 1.0)", "x.renorm(2, 0, -1.0)", "s.renorm(2, 0, 1.0)", "i.renorm(2, 0, 1.0)",
        "z.narrow_copy(1, 1, 2)", "torch.narrow_copy(zd, 0, -2, 2)", "torch.slice_copy(zd, 1, 1, 4, 2)",
        "torch.histogram(x, 4)", "torch.histogram(xd, 3, range=(-1.0, 1.0))", "torch.histogram(x, torch.tensor([-2.0, 0.0, 0.5, 2.0]))",
        "torch.histogram(xd, 4, weight=qd, density=True)", "x.histogram(2)", "torch.histogram(i, 2)",
        "torch.gradient(x)", "torch.gradient(zd, spacing=0.5, dim=1)", "torch.gradient(sd)",
        "x.hardshrink()", "xd.hardshrink(0.7)", "x.prelu(torch.tensor([0.25]))",
        "zd.index_reduce(0, torch.tensor([0, 2, 0, 1]), nd, 'prod')",
        "zd.index_reduce(1, torch.tensor([3, 3]), xd.mT.contiguous()[:, :2] if False else zd[:, :2], 'mean')",
        "zd.index_reduce(0, torch.tensor([2, 2]), zd[:2], 'amax', include_self=False)",
        "z.index_reduce(0, torch.tensor([1, 1, 0]), z, 'amin')",
        "(zd * 1).index_reduce_(0, torch.tensor([0, 2, 0, 1]), nd, 'mean', include_self=False)",
        "zd.index_reduce(0, torch.tensor([0]), zd[:1], 'sum')", "zd.index_reduce(0, torch.tensor([5]), zd[:1], 'prod')",
        "torch.index_reduce(zd, 0, torch.tensor([0, 0]), torch.zeros(2, 4, dtype=torch.float64), 'prod')",
    ])
    c.many("special", [
        "torch.special.expit(x)", "torch.special.gammaln(posd)", "torch.special.psi(pos)", "torch.special.digamma(posd)",
        "torch.special.multigammaln(posd + 2, 2)", "torch.special.softmax(xd, 1)", "torch.special.log_softmax(x, 0)",
        "torch.special.logsumexp(xd, 1)", "torch.special.xlogy(posd, prd)", "torch.special.sinc(xd)",
        "torch.special.i0(xd)", "torch.special.exp2(x)", "torch.special.erfinv(ud)", "torch.special.logit(prd)",
        "torch.special.polygamma(1, posd)", "torch.special.expm1(xd)", "torch.special.log1p(posd)",
        "torch.special.erf(xd)", "torch.special.erfc(xd)",
        "torch.special.ndtr(xd)", "torch.special.ndtri(prd)", "torch.special.log_ndtr(xd * 5)",
        "torch.special.xlog1py(xd, posd)", "torch.special.entr(prd)", "torch.special.erfcx(xd)", "torch.special.i0e(xd)",
    ])
    # views of the storage (not linear algebra, recorded here with the same machinery)
    c.many("strided", [
        "x.as_strided((2, 2), (1, 2), 1)", "xd.as_strided((3, 2), (1, 1))", "torch.as_strided(zd, (2, 3), (4, 1), 2)",
        "xd[1:].as_strided((2,), (1,))", "xd.t().as_strided((3,), (2,))", "x.as_strided((4, 2), (2, 1))",
        "x.as_strided((2,), (-1,))", "x.as_strided((2, 2), (1,))", "torch.as_strided_copy(xd, (2,), (2,))",
        "torch.as_strided_scatter(xd, yd[0, :2], (2,), (2,))", "(lambda t: (t.as_strided_((2,), (3,)), t)[1])(xd * 1)",
        "(lambda t: t.resize_(2, 2))(torch.arange(6.0))", "(lambda t: t.resize_(3, 3)[:2])(torch.arange(6.0))",
        "(lambda t: t.resize_as_(torch.ones(1, 2)))(torch.zeros(3))", "xd.resize(3, 2)", "x.resize_(3)",
        "xd.resize(4)", "(lambda t: t.resize_(2))(torch.arange(6.0).reshape(2, 3).t())",
    ])
    return c.items
