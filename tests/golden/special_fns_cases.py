"""Golden cases for torch.special's Bessel/Airy functions, orthogonal polynomials, zeta, i1/i1e
and the incomplete gamma functions (igamma/igammac, gammainc/gammaincc).

Recorded by ops_runner.py as the core op goldens are (values, dtypes, grad_fn graphs, first and
second order gradients, errors); special_fns_generate.py runs them under real torch. The sweep
inputs (``sw``, ``swd`` ...) cover every branch of torch's kernels (the Airy function's three
regimes, J/Y below and above 5, I/K below and above 2 and 8, the polynomials' recurrence and
trigonometric forms, igamma's series, continued fraction and asymptotic regimes).
"""

import numpy as np

from ops_cases import INPUTS as _OPS_INPUTS, _Cases, _uses

_rng = np.random.default_rng(18)

_SWEEP = np.concatenate([np.round(_rng.uniform(-12, 12, 40), 4), np.round(_rng.uniform(-1.5, 1.5, 16), 4),
                         [0.0, 1e-6, -1e-6, 2.09, -2.09, 5.0, 8.0, 2.0, 0.5, 1.0, -1.0, 30.0, 120.0, 60.0]])
_POS = np.concatenate([np.round(_rng.uniform(0.01, 12, 40), 4), [1e-6, 2.0, 8.0, 5.0, 0.5, 30.0, 90.0]])
_PX = np.concatenate([np.round(_rng.uniform(-1.2, 1.2, 30), 4), [0.0, 1.0, -1.0, 0.5, 1.5, -2.0]])
_PN = np.concatenate([_rng.integers(-1, 13, 30), [3, 4, 5, 9, 12, 2]]).astype(np.float64)
_GA = np.concatenate([np.round(_rng.uniform(0.05, 6, 24), 4), np.round(_rng.uniform(20, 190, 8), 3),
                      [250.0, 400.0, 0.0, 0.0, 1.0, 2.5, 3.0, 0.5]])
_GX = np.concatenate([np.round(_rng.uniform(0.01, 8, 24), 4), np.round(_GA[24:32] * _rng.uniform(0.85, 1.15, 8), 3),
                      [260.0, 390.0, 1.0, 0.0, 0.0, 0.3, 30.0, 1e-3]])

INPUTS = dict(_OPS_INPUTS)
INPUTS.update({
    "sw": (_SWEEP, "float32", False), "swd": (_SWEEP, "float64", False),
    "sp": (_POS, "float32", False), "spd": (_POS, "float64", False),
    "px": (_PX, "float32", False), "pxd": (_PX, "float64", False),
    "pn": (_PN, "float32", False), "pnd": (_PN, "float64", False), "pni": (_PN.astype(np.int64), "int64", False),
    "ga": (_GA, "float32", False), "gad": (_GA, "float64", False),
    "gx": (_GX, "float32", True), "gxd": (_GX, "float64", True),
    "edge": (np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-30, -1e-30]), "float64", False),
})

UNARY = ("airy_ai bessel_j0 bessel_j1 bessel_y0 bessel_y1 modified_bessel_i0 modified_bessel_i1 modified_bessel_k0 "
         "modified_bessel_k1 scaled_modified_bessel_k0 scaled_modified_bessel_k1 spherical_bessel_j0").split()
POLYS = ("chebyshev_polynomial_t chebyshev_polynomial_u chebyshev_polynomial_v chebyshev_polynomial_w "
         "shifted_chebyshev_polynomial_t shifted_chebyshev_polynomial_u shifted_chebyshev_polynomial_v "
         "shifted_chebyshev_polynomial_w hermite_polynomial_h hermite_polynomial_he laguerre_polynomial_l "
         "legendre_polynomial_p").split()


class _SpecialCases(_Cases):
    def add(self, expr, area, second=True):
        assert expr not in self.seen, expr
        self.seen.add(expr)
        names = sorted(n for n in INPUTS if _uses(expr, n))
        self.items.append({"id": expr, "area": area, "expr": expr, "inputs": names, "second": second})


def build_cases():
    c = _SpecialCases()
    for f in UNARY:
        c.many("bessel", [f"torch.special.{f}(sw)", f"torch.special.{f}(swd)", f"torch.special.{f}(edge)",
                          f"torch.special.{f}(x)", f"torch.special.{f}(i)"])
    c.many("bessel", ["torch.special.bessel_j0(h)", "torch.special.bessel_j0(1.0)", "torch.special.airy_ai(b)",
                      "torch.special.modified_bessel_k0(sp)", "torch.special.modified_bessel_k1(spd)",
                      "torch.special.bessel_y0(spd)", "torch.special.bessel_y1(sp)",
                      "torch.special.spherical_bessel_j0(sc)", "torch.special.bessel_j1(scd)"])
    for f in POLYS:
        c.many("polynomial", [f"torch.special.{f}(px, pn)", f"torch.special.{f}(pxd, pnd)",
                              f"torch.special.{f}(pxd, pni)", f"torch.special.{f}(px, 3)", f"torch.special.{f}(0.5, pni)",
                              f"torch.special.{f}(x, 12)"])
    c.many("polynomial", [
        "torch.special.chebyshev_polynomial_t(0.5, 3)", "torch.special.chebyshev_polynomial_t(h, 2)",
        "torch.special.chebyshev_polynomial_t(px[:3], pn[:4])", "torch.special.hermite_polynomial_h(px, float('nan'))",
        "torch.special.legendre_polynomial_p(i, 2)", "torch.special.laguerre_polynomial_l(pxd, 2.7)",
        "torch.special.chebyshev_polynomial_u(px[:2].reshape(2, 1), pn[:3])",
        "torch.special.hermite_polynomial_he(px, 200)", "torch.special.hermite_polynomial_h(pxd, 600)",
        "torch.special.chebyshev_polynomial_t(torch.tensor([1.0, -1.0, 0.3]), torch.tensor([7, 7, 7]))",
    ])
    c.many("i1", [
        "torch.special.i1(x)", "torch.special.i1(xd)", "torch.special.i1(swd)", "torch.special.i1(sw)",
        "torch.special.i1(i)", "torch.special.i1(h)", "torch.special.i1(zer)", "torch.special.i1e(x)",
        "torch.special.i1e(xd)", "torch.special.i1e(swd)", "torch.special.i1e(sw)", "torch.special.i1e(zer)",
        "torch.special.i1(edge)", "torch.special.i1e(edge)", "torch.special.i1(xd * 5)", "torch.special.i1e(xd * 6)",
        "torch.i0(swd)", "torch.i0(sw)", "torch.i0(x)", "torch.special.i1(1.0)",
        "torch.special.i0e(x)", "torch.special.i0e(xd)", "torch.special.i0e(swd)", "torch.special.i0e(sw)",
        "torch.special.i0e(zer)", "torch.special.i0e(i)", "torch.special.i0e(h)", "torch.special.i0e(edge)",
    ])
    c.many("zeta", [
        "torch.special.zeta(pos + 1, posd)", "torch.special.zeta(posd + 1, pos)", "torch.special.zeta(2.0, pos)",
        "torch.special.zeta(3, posd)", "torch.special.zeta(pos + 1, 2.0)", "torch.special.zeta(x, y)",
        "torch.special.zeta(torch.tensor([2.0, 1.0, 0.5, 2.0, 3.0, 2.5]), torch.tensor([1.0, 1.0, 1.0, 0.0, -1.5, -1.5]))",
        "torch.special.zeta(i + 3, i32 + 1)", "torch.special.zeta(h, h)", "torch.special.zeta(2.0, 3.0)",
        "torch.special.zeta(posd + 1, posd)", "torch.special.zeta(pos.detach() + 1, posd)",
        "torch.special.zeta(xd.detach() + 2, posd)", "torch.special.zeta(pos.detach() + 1, pos)",
    ])
    c.many("igamma", [
        "torch.igamma(pos, posd)", "torch.igamma(posd, pos)", "torch.igammac(pos, pos)", "torch.igammac(posd, posd)",
        "torch.igamma(ga, gx)", "torch.igamma(gad, gxd)", "torch.igammac(ga, gx)", "torch.igammac(gad, gxd)",
        "torch.special.gammainc(gad, gxd)", "torch.special.gammaincc(ga, gx)", "gad.igamma(gxd)", "gad.igammac(gxd)",
        "(gad * 1).igamma_(gxd.detach())", "(ga * 1).igammac_(gx.detach())", "torch.igamma(pos, 2.0)",
        "torch.igamma(i, i)", "torch.igamma(h, h)", "torch.igamma(pos, i)",
        "torch.igamma(torch.tensor([1.0, -1.0, 0.0, 0.0, float('inf'), 2.0, float('nan')]), "
        "torch.tensor([1.0, 1.0, 1.0, 0.0, 1.0, float('inf'), 1.0]))",
        "torch.igammac(torch.tensor([1.0, -1.0, 0.0, 0.0, float('inf'), 2.0, float('inf')]), "
        "torch.tensor([1.0, 1.0, 1.0, 0.0, 1.0, float('inf'), float('inf')]))",
        "torch.igamma(x, y)", "(x * 1).igamma_(pos)", "(gxd * 1).igamma_(gad)", "torch.igamma(posd.detach(), posd)",
        "torch.igammac(posd.detach(), pos)", "torch.igamma(gad, pos.detach().sum() * gxd)",
    ])
    c.many("random", [
        "torch.poisson(pos * 10)", "torch.poisson(pos.detach() * 4)", "torch.poisson(posd.detach() * 20)",
        "torch.poisson(i)", "torch.poisson(x)", "torch.poisson(h.abs())", "torch.poisson(sp * 3)",
        "torch.poisson(torch.tensor([0.5, 3.0, 9.99, 10.0, 25.0, 150.0, 0.0, 1e4] * 8))",
        "torch.poisson(torch.tensor([1.0]), generator=torch.Generator().manual_seed(3))",
        "(torch.poisson(spd * 2), torch.rand(4))", "torch.poisson(torch.tensor([[1.0, 3.0], [40.0, 5.0]]).t())",
        "torch.binomial(pos.detach() * 30, pr.detach())", "torch.binomial(posd.detach() * 30, prd.detach())",
        "torch.binomial(pos * 30, pr.detach())", "torch.binomial(i, pr)", "torch.binomial(pos.detach(), prd.detach())",
        "torch.binomial(torch.tensor([10.0, 100.0]), torch.tensor([float('nan'), 0.3]))",
        "torch.binomial(torch.tensor([10.0, 100.0, 5.0, 1000.0, 0.0, 37.0, 1e6, 20.0] * 8), "
        "torch.tensor([0.5, 0.3, 0.9, 0.01, 0.5, 0.97, 0.37, 0.6] * 8))",
        "torch.binomial(torch.tensor([10.0, 100.0, 5.0, 1000.0, 0.0, 37.0, 1e6, 20.0] * 8, dtype=torch.float64), "
        "torch.tensor([0.5, 0.3, 0.9, 0.01, 0.5, 0.97, 0.37, 0.6] * 8, dtype=torch.float64))",
        "torch.binomial(torch.full((3, 4), 50.0), torch.tensor([0.1, 0.5, 0.7, 1.0]))",
        "(torch.binomial(torch.full((6,), 12.0), torch.full((6,), 0.2)), torch.randn(3))",
        "torch.binomial(h, h)", "torch.binomial(torch.tensor([4.0]), torch.tensor([-0.5]))",
    ])
    c.many("native", [
        "torch.native_layer_norm(t3, [4], None, None, 1e-5)", "torch.native_layer_norm(t3d, [3, 4], None, None, 1e-5)",
        "torch.native_layer_norm(z, (4,), s.detach().repeat(2)[:4] if False else bias, bias * 0.5, 1e-5)",
        "torch.native_layer_norm(x, [4], None, None, 1e-5)",
        "torch.native_batch_norm(t3, None, None, None, None, True, 0.1, 1e-5)",
        "torch.native_batch_norm(t3d, sd, sd * 2, None, None, True, 0.1, 1e-5)",
        "torch.native_batch_norm(t3, None, None, torch.zeros(3), torch.ones(3), False, 0.1, 1e-5)",
        "torch.native_group_norm(t3, None, None, 2, 3, 4, 3, 1e-5)",
        "torch.native_group_norm(t3d.reshape(2, 4, 3), biasd, biasd, 2, 4, 3, 2, 1e-5)",
        "torch.native_group_norm(t3, None, None, 2, 3, 4, 2, 1e-5)",
        "torch.native_dropout(t3, 0.5, True)", "torch.native_dropout(t3d, 0.2, True)", "torch.native_dropout(x, 0.5, False)",
        "torch.native_dropout(x, 0.5, None)", "torch.native_dropout(x, 1.0, True)", "torch.native_dropout(e, 0.5, True)",
        "(torch.native_dropout(z, 0.3, True), torch.rand(2))",
        "torch.native_channel_shuffle(t3.reshape(2, 4, 3), 2)", "torch.native_channel_shuffle(torch.arange(8.).reshape(1, 4, 2), 2)",
        "torch.native_channel_shuffle(t3, 2)",
        "torch.norm_except_dim(t3, 2, 0)", "torch.norm_except_dim(t3d, 2, -1)", "torch.norm_except_dim(t3, 3, 1)",
        "torch.norm_except_dim(t3d, 2, 2)", "torch.norm_except_dim(z, 1, 0)",
        "torch.batch_norm_update_stats(t3.detach(), torch.zeros(3), torch.ones(3), 0.1)",
        "torch.batch_norm_update_stats(t3, None, None, 0.1)",
        "torch.nonzero_static(i, size=4)", "torch.nonzero_static(i, size=8, fill_value=-7)", "i.nonzero_static(size=2)",
        "torch.nonzero_static(b, size=3)",
    ])
    c.many("householder", [
        "torch.geqrf(n)", "torch.geqrf(nd)", "torch.geqrf(t3d)", "nd.geqrf()", "torch.geqrf(md.detach())",
        "torch.geqrf(i)", "torch.geqrf(s)",
        "torch.linalg.householder_product(*torch.geqrf(nd.detach()))",
        "torch.linalg.householder_product(nd, sd)", "torch.linalg.householder_product(n, s[:2])",
        "torch.orgqr(nd, sd)", "nd.orgqr(sd)", "torch.linalg.householder_product(t3d.transpose(1, 2), t3d[:, 0, :3])",
        "torch.linalg.householder_product(z, s)", "torch.linalg.householder_product(nd, biasd)",
        "torch.linalg.householder_product(nd, sd.float())",
        "torch.ormqr(nd, sd, t3d[0].t()[:4, :2] if False else zd.t()[:4, :2])",
        "torch.ormqr(nd, sd, zd.t(), transpose=True)", "torch.ormqr(nd, sd[:2], zd, left=False)",
        "torch.ormqr(nd, sd, zd, left=False, transpose=True)", "nd.ormqr(sd, zd.t())", "torch.ormqr(nd, sd, zd)",
        "torch.ormqr(nd, sd, zd.t().float())", "torch.ormqr(nd, sd.float(), zd.t())", "torch.ormqr(nd, sd[:2], zd.t())",
        "torch.ormqr(nd, sd, sd)", "torch.ormqr(i, i[0], i)", "torch.geqrf(s.reshape(3, 1))",
    ])
    _hdd = [
        'torch.histogramdd(torch.tensor([[0., 1.], [1., 0.], [2., 0.], [2., 2.]]), bins=[3, 3], weight=torch.tensor([1., 2., 4., 8.]))',
        'torch.histogramdd(torch.tensor([[0., 1.], [1., 0.], [2., 0.], [2., 2.]]), bins=[2, 2], density=True)',
        'torch.histogramdd(torch.tensor([[0., 1.], [1., 0.], [2., 0.], [2., 2.]]), bins=2, range=[0., 1., 0., 1.])',
        'torch.histogramdd(torch.tensor([[0., 1.], [1., 0.], [2., 0.], [2., 2.]]), bins=[torch.tensor([0., 1., 2.]), torch.tensor([0., 2.])])',
        'torch.histogramdd(t3, bins=[2, 3, 4])',
        'torch.histogramdd(t3d, bins=3, density=True)',
        'torch.histogramdd(z, 2)',
        'torch.histogramdd(i, 2)',
        'torch.histogramdd(s, 2)',
        'torch.histogramdd(torch.tensor([[1., 1.], [1., 1.]]), 2)',
        'torch.histogramdd(t3, bins=[2, 2])',
        'torch.histogramdd(x, bins=[1, 2, 3], weight=y[:, 0].detach())',
    ]
    c.many("histogramdd", [h + ".hist" for h in _hdd] + [h + ".bin_edges" for h in _hdd])
    c.many("i1", [
        "torch.special.erfcx(x)", "torch.special.erfcx(xd)", "torch.special.erfcx(swd)", "torch.special.erfcx(sw)",
        "torch.special.erfcx(edge)", "torch.special.erfcx(i)", "torch.special.erfcx(torch.tensor([30.0, 60.0, 1e9, -7.0, -27.0]))",
        "torch.special.log_ndtr(x)", "torch.special.log_ndtr(xd)", "torch.special.log_ndtr(swd)",
        "torch.special.log_ndtr(sw)", "torch.special.log_ndtr(edge)", "torch.special.log_ndtr(i)",
        "torch.special.ndtri(pr)", "torch.special.ndtri(prd)", "torch.special.ndtri(qd)",
        "torch.special.ndtri(torch.tensor([0.0, 1.0, -0.5, 1.5, 1e-20, 1 - 1e-12, 0.5], dtype=torch.float64))",
        "torch.special.ndtri(b)", "torch.special.entr(pos)", "torch.special.entr(posd)", "torch.special.entr(zer)",
        "torch.special.entr(x)", "torch.special.entr(edge)", "torch.special.entr(i)",
        "torch.special.erfcx(x, out=torch.empty(2, 3))",
    ])
    c.many("out", [
        "torch.special.bessel_j0(x.detach(), out=torch.empty(2, 3))", "torch.special.i1(x, out=torch.empty(2, 3))",
        "torch.special.i1(x.detach(), out=torch.empty(2, 3, dtype=torch.float64))",
        "torch.special.zeta(pos.detach() + 1, 2.0, out=torch.empty(2, 3))",
        "torch.special.gammainc(pos.detach(), pos.detach(), out=torch.empty(1))",
        "torch.special.chebyshev_polynomial_t(x.detach(), 3, out=torch.empty(2, 3))",
        "torch.special.erf(x.detach(), out=torch.empty(2, 3))", "torch.special.erf(x, out=torch.empty(2, 3))",
        "torch.special.chebyshev_polynomial_t(x.detach(), 3, out=torch.empty(2, 3, dtype=torch.long))",
        "torch.igamma(pos.detach(), pos.detach(), out=torch.empty(2, 3))",
    ])
    c.many("cuda_only", [
        "torch.batch_norm_stats(t3, 1e-5)", "torch.batch_norm_elemt(t3, None, None, torch.zeros(3), torch.ones(3), 1e-5)",
        "torch.batch_norm_gather_stats(t3, torch.zeros(2, 3), torch.ones(2, 3), None, None, 0.1, 1e-5, 4)",
        "torch.native_norm(x)", "torch.native_norm(x, 2, [1], False, None)",
    ])
    return c.items
