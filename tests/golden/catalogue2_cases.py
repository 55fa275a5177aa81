"""Golden cases for the second catalogue round: the ATen-level recurrent functions
(``torch.lstm gru rnn_tanh rnn_relu``, padded and packed), ``torch.embedding_bag``'s 4-tuple,
the low-rank samplers (``svd_lowrank pca_lowrank lobpcg``) and ``torch.linalg.ldl_factor``/
``ldl_solve``.

Recorded as the core op goldens are (ops_runner.py: values, dtypes, grad_fn graphs, first and
second order gradients, errors); every case runs right after ``manual_seed(0)``, so the random
draws of the samplers are part of the record. catalogue2_generate.py runs them under real torch.

This module needs only numpy.
"""

import re

import numpy as np

_rng = np.random.default_rng(2026)


def _u(shape, lo=-0.8, hi=0.8):
    return np.round(_rng.uniform(lo, hi, shape), 4)


INPUTS = {}


def _add(name, values, dtype, rg=True):
    INPUTS[name] = (values, dtype, rg)


# a sequence (T=5, N=2, H_in=3), its packed form (batch sizes 2, 2, 1) and hidden states (H=4)
_x, _xp, _h, _c = _u((5, 2, 3), -1.5, 1.5), _u((5, 3), -1.5, 1.5), _u((2, 2, 4)), _u((2, 2, 4))
for suffix, dt in (("", "float32"), ("d", "float64")):
    _add("rx" + suffix, _x, dt)
    _add("px" + suffix, _xp, dt)
    _add("h0" + suffix, _h[:1], dt)
    _add("c0" + suffix, _c[:1], dt)
    _add("hb" + suffix, _h, dt)          # two hidden states: bidirectional or two layers
    _add("cb" + suffix, _c, dt)
# one layer's weights per mode (gate count 4, 3, 1), then a bidirectional layer's reverse direction
for mode, gates in (("l", 4), ("g", 3), ("r", 1)):
    _wi, _wh, _bi, _bh = _u((gates * 4, 3)), _u((gates * 4, 4)), _u(gates * 4), _u(gates * 4)
    _wir, _whr, _bir, _bhr = _u((gates * 4, 3)), _u((gates * 4, 4)), _u(gates * 4), _u(gates * 4)
    _wi2, _wh2 = _u((gates * 4, 4)), _u((gates * 4, 4))
    for suffix, dt in (("", "float32"), ("d", "float64")):
        for name, v in (("wi", _wi), ("wh", _wh), ("bi", _bi), ("bh", _bh), ("wir", _wir), ("whr", _whr),
                        ("bir", _bir), ("bhr", _bhr), ("wi2", _wi2), ("wh2", _wh2)):
            _add(f"{mode}{name}{suffix}", v, dt)
# LSTM with projections (proj_size 2): w_hh is (16, 2), w_hr (2, 4)
_add("lwhpd", _u((16, 2)), "float64")
_add("lwhrd", _u((2, 4)), "float64")
_add("hpd", _u((1, 2, 2)), "float64")
# embedding_bag
_add("ew", _u((6, 3), -2, 2), "float32")
_add("ewd", _u((6, 3), -2, 2), "float64")
_add("psw", _u((7,), 0.1, 1.0), "float32")
# low rank and ldl: a tall matrix of rank about 3, symmetric matrices
_a = _rng.normal(size=(7, 3)) @ _rng.normal(size=(3, 5)) + 0.01 * _rng.normal(size=(7, 5))
_add("la", np.round(_a, 4), "float64")
_add("laf", np.round(_a, 4), "float32")
_s = _rng.normal(size=(6, 6))
_add("spd", np.round(_s @ _s.T + 6 * np.eye(6), 4), "float64")
_add("spdf", np.round(_s @ _s.T + 6 * np.eye(6), 4), "float32", False)
_add("sym", np.round(_s + _s.T, 4), "float64")
_add("symf", np.round(_s + _s.T, 4), "float32")
_add("symb", np.round(np.stack([_s + _s.T, _s @ _s.T - 3 * np.eye(6)]), 4), "float64")
_add("rhs", _u((6, 2), -2, 2), "float64")
_add("rhsf", _u((6, 2), -2, 2), "float32")
_add("rhsb", _u((2, 6, 3), -2, 2), "float64")


def _uses(expr, name):
    return re.search(r"(?<![\w.'\"])" + re.escape(name) + r"(?![\w'\"])", expr) is not None


class _Cases:
    def __init__(self):
        self.items = []

    def add(self, expr, area, second=True):
        assert all(c["expr"] != expr for c in self.items), expr
        names = sorted(n for n in INPUTS if _uses(expr, n))
        self.items.append({"id": expr, "area": area, "expr": expr, "inputs": names, "second": second})

    def many(self, area, exprs, second=True):
        for e in exprs:
            self.add(e, area, second)


def _w(mode, d, reverse=False, layer2=False, bias=True):
    """The flat weight list of one layer (and direction) as an expression."""
    names = ["wi2" if layer2 else ("wir" if reverse else "wi"), "wh2" if layer2 else ("whr" if reverse else "wh")]
    if bias:
        names += ["bir", "bhr"] if reverse else ["bi", "bh"]
    return ", ".join(f"{mode}{n}{d}" for n in names)


def build_cases():
    c = _Cases()
    # -- torch.lstm / gru / rnn_tanh / rnn_relu -----------------------------------------------
    for d in ("", "d"):
        second = d == "d"
        c.many("rnn", [
            f"torch.lstm(rx{d}, [h0{d}, c0{d}], [{_w('l', d)}], True, 1, 0.0, False, False, False)",
            f"torch.lstm(rx{d}, (h0{d}, c0{d}), [{_w('l', d, bias=False)}], False, 1, 0.0, False, False, False)",
            f"torch.lstm(rx{d}, [hb{d}, cb{d}], [{_w('l', d)}, {_w('l', d, reverse=True)}], True, 1, 0.0, True, True, False)",
            f"torch.lstm(rx{d}.transpose(0, 1), [h0{d}, c0{d}], [{_w('l', d)}], True, 1, 0.0, False, False, True)",
            f"torch.lstm(rx{d}, [hb{d}, cb{d}], [{_w('l', d)}, {_w('l', d, layer2=True)}], True, 2, 0.0, False, False, False)",
            f"torch.lstm(px{d}, torch.tensor([2, 2, 1]), [h0{d}, c0{d}], [{_w('l', d)}], True, 1, 0.0, False, False)",
            f"torch.lstm(px{d}, torch.tensor([2, 2, 1]), [hb{d}, cb{d}], [{_w('l', d)}, {_w('l', d, reverse=True)}], True, 1, 0.0, False, True)",
        ], second=second)
        for mode, fn in (("g", "gru"), ("r", "rnn_tanh"), ("r", "rnn_relu")):
            c.many("rnn", [
                f"torch.{fn}(rx{d}, h0{d}, [{_w(mode, d)}], True, 1, 0.0, False, False, False)",
                f"torch.{fn}(rx{d}, h0{d}, [{_w(mode, d, bias=False)}], False, 1, 0.0, False, False, False)",
                f"torch.{fn}(rx{d}, hb{d}, [{_w(mode, d)}, {_w(mode, d, reverse=True)}], True, 1, 0.0, False, True, False)",
                f"torch.{fn}(rx{d}.transpose(0, 1), h0{d}, [{_w(mode, d)}], True, 1, 0.0, False, False, True)",
                f"torch.{fn}(rx{d}, hb{d}, [{_w(mode, d)}, {_w(mode, d, layer2=True)}], True, 2, 0.0, True, False, False)",
                f"torch.{fn}(px{d}, torch.tensor([2, 2, 1]), h0{d}, [{_w(mode, d)}], True, 1, 0.0, False, False)",
                f"torch.{fn}(px{d}, torch.tensor([2, 2, 1]), hb{d}, [{_w(mode, d)}, {_w(mode, d, reverse=True)}], True, 1, 0.0, False, True)",
            ], second=second)
    c.many("rnn", [
        "torch.lstm(rxd, [h0d, hpd], [lwid, lwhpd, lbid, lbhd, lwhrd], True, 1, 0.0, False, False, False)"
        .replace("[h0d, hpd]", "[hpd, c0d]"),
        "torch.lstm(rxd, [h0d, c0d], [lwid, lwhd, lbid, lbhd], True, 2, 0.5, True, False, False)",
        "torch.gru(rxd, hbd, [gwid, gwhd, gbid, gbhd, gwi2d, gwh2d, gbid, gbhd], True, 2, 0.5, True, False, False)",
        "torch.lstm(rxd, [h0d], [lwid, lwhd, lbid, lbhd], True, 1, 0.0, False, False, False)",
        "torch.lstm(rxd, [h0d, c0d], [lwid, lwhd, lbid], True, 1, 0.0, False, False, False)",
        "torch.lstm(rxd, [h0d, c0d], [lwid, lwhd, lbid, lbhd], False, 1, 0.0, False, False, False)",
        "torch.lstm(rxd, [h0d[0], c0d[0]], [lwid, lwhd, lbid, lbhd], True, 1, 0.0, False, False, False)",
        "torch.gru(rxd, h0d, [gwid, gwhd, gbid], True, 1, 0.0, False, False, False)",
        "torch.rnn_tanh(rxd, hbd, [rwid, rwhd, rbid, rbhd], True, 1, 0.0, False, True, False)",
        "torch.rnn_relu(rxd, hbd, [rwid, rwhd, rbid, rbhd, rwird, rwhrd, rbird, rbhrd], True, 1, 0.0, False, False, False)",
    ])
    # -- torch.embedding_bag ---------------------------------------------------------------------
    idx, off = "torch.tensor([0, 2, 1, 4, 2, 5, 3])", "torch.tensor([0, 2, 2, 5])"
    for w in ("ew", "ewd"):
        for mode in (0, 1, 2):
            c.many("embedding_bag", [
                f"torch.embedding_bag({w}, {idx}, {off}, False, {mode})",
                f"torch.embedding_bag({w}, {idx}, {off}, False, {mode}, False, None, True)",
                f"torch.embedding_bag({w}, {idx}, {off}, False, {mode}, False, None, False, 2)",
                f"torch.embedding_bag({w}, {idx}, {off}, False, {mode}, False, None, True, 4)",
                f"torch.embedding_bag({w}, torch.tensor([2, 2, 1, 3]), torch.tensor([0, 2]), False, {mode}, False, None, False, 2)",
                f"torch.embedding_bag({w}, {idx}.int(), {off}.int(), True, {mode})",
            ])
    c.many("embedding_bag", [
        f"torch.embedding_bag(ew, {idx}, {off}, False, 0, False, psw)",
        f"torch.embedding_bag(ew, {idx}, {off}, False, 0, False, psw, False, 3)",
        f"torch.embedding_bag(ew, {idx}, {off}, False, 0, False, None, False, -1)",
        f"torch.embedding_bag(ew.t().contiguous().t(), {idx}, {off})",
        f"torch.embedding_bag(ew[:, :2], {idx}, {off}, False, 2)",
        f"torch.embedding_bag(ew, {idx}, {off}, mode=1)",
        "torch.embedding_bag(ew, torch.tensor([], dtype=torch.long), torch.tensor([0, 0]), False, 1)",
        "torch.embedding_bag(ew, torch.tensor([3, 3, 1]), torch.tensor([0]), False, 2)",
        f"torch.embedding_bag(ew, {idx}, {off}, False, 3)",
        f"torch.embedding_bag(ew, {idx}, {off}, False, 1, False, psw)",
        f"torch.embedding_bag(ew, {idx}, {off}.reshape(4, 1))",
        f"torch.embedding_bag(ew, {idx}.float(), {off})",
        f"torch.embedding_bag(ew, {idx} + 3, torch.tensor([0]))",
        "torch.embedding_bag(ewd, torch.tensor([0, 0, 1, 2, 2, 5]), torch.tensor([0, 2]), True, 0)",
        "torch.embedding_bag(ewd, torch.tensor([0, 0, 1, 2, 2, 5]), torch.tensor([0, 2]), True, 1, False, None, False, 1)",
        f"torch.embedding_bag(ew, {idx}, torch.tensor([1, 2]))",
        f"torch.embedding_bag(ew, {idx}, torch.tensor([0, 9]))",
        f"torch.embedding_bag(ew, {idx}, {off}, per_sample_weights=psw[:5])",
        f"torch.embedding_bag(ew, {idx}, None)",
        "F.embedding_bag(torch.tensor([[0, 9], [1, 2]]), ew)",
        f"F.embedding_bag({idx}, ew, {off}, mode='max', scale_grad_by_freq=True)",
        f"F.embedding_bag({idx}, ew, {off}, mode='sum', include_last_offset=True)",
        f"F.embedding_bag({idx}, ewd, {off}, mode='mean', include_last_offset=True)",
        f"F.embedding_bag({idx}, ew, {off}, mode='max', include_last_offset=True)",
        "F.embedding_bag(torch.tensor([[0, 2, 1], [4, 4, 5]]), ewd, per_sample_weights=psw[:6].double().reshape(2, 3), mode='sum')",
    ])
    # -- svd_lowrank, pca_lowrank, lobpcg (seeded: each case runs after manual_seed(0)) -------------
    # Singular vectors and eigenvectors are defined up to sign, and torch's MKL LAPACK may choose other
    # signs than gradcalc's LAPACK (a wide SVD's LQ path, eigh): the cases that return vectors fix
    # each column's sign by its first row (the sign has no gradient), so values and gradients compare.
    usv = "(lambda U, S, V: (U * U[..., :1, :].sign(), S, V * U[..., :1, :].sign()))"
    ex = "(lambda E, X: (E, X * X[..., :1, :].sign()))"
    c.many("lowrank", [
        "torch.svd_lowrank(la, q=3)[1]", f"{usv}(*torch.svd_lowrank(la, q=3))", f"{usv}(*torch.svd_lowrank(la))",
        f"{usv}(*torch.svd_lowrank(la, q=4, niter=1))", f"{usv}(*torch.svd_lowrank(la.mT, q=3))",
        f"{usv}(*torch.svd_lowrank(la, q=2, niter=0, M=la[:1] * 0.5))", f"{usv}(*torch.svd_lowrank(laf, q=3))",
        f"{usv}(*torch.svd_lowrank(torch.stack([la, la.flip(0)]), q=2))",
        "(torch.svd_lowrank(la, q=3)[1], torch.randn(3, dtype=torch.float64))",
        "torch.pca_lowrank(la)[1]", f"{usv}(*torch.pca_lowrank(la))", f"{usv}(*torch.pca_lowrank(la, q=2, center=False))",
        f"{usv}(*torch.pca_lowrank(la.mT, q=3, niter=3))", f"{usv}(*torch.pca_lowrank(laf, 3))",
        "torch.pca_lowrank(la, q=9)", "torch.pca_lowrank(la, niter=-1)",
        "torch.svd_lowrank(torch.tensor([[1, 2], [3, 4], [5, 7]]), q=2)[1]",
    ])
    c.many("lobpcg", [
        "torch.lobpcg(spd, k=2)[0]", f"{ex}(*torch.lobpcg(spd, k=2))", f"{ex}(*torch.lobpcg(spd))",
        f"{ex}(*torch.lobpcg(spd, k=2, largest=False))", f"{ex}(*torch.lobpcg(spd, k=2, method='basic'))",
        f"{ex}(*torch.lobpcg(sym, k=1, largest=False, niter=4))", f"{ex}(*torch.lobpcg(spd, k=1, n=2))",
        f"{ex}(*torch.lobpcg(spd, X=rhs))", f"{ex}(*torch.lobpcg(spd, k=1, tol=1e-4))",
        f"{ex}(*torch.lobpcg(symb, k=1))", "torch.lobpcg(spd.detach(), k=1, B=spd.detach() / 10 + torch.eye(6, dtype=torch.float64))[0]",
        "torch.lobpcg(spd, k=1, B=spd.detach() / 10 + torch.eye(6, dtype=torch.float64))[0]",
        "(torch.lobpcg(spd, k=2)[0], torch.randn(2, dtype=torch.float64))",
        f"{ex}(*torch.lobpcg(spdf, k=2))", f"{ex}(*torch.lobpcg(spd, k=2, ortho_bparams={{'ortho_use_drop': True}}))",
        "torch.lobpcg(spd, k=3)", "torch.lobpcg(la, k=1)", "torch.lobpcg(spd, X=rhs[:5])",
    ], second=False)
    # -- linalg.ldl_factor / ldl_factor_ex / ldl_solve ------------------------------------------------
    zd = "torch.tensor([[0.0, 1.0, 2.0, -1.0], [1.0, 0.0, 3.0, 0.5], [2.0, 3.0, 0.0, 1.5], [-1.0, 0.5, 1.5, 0.0]], dtype=torch.float64)"
    solve = "(lambda f, b: torch.linalg.ldl_solve(f[0], f[1], b))"
    c.many("ldl", [
        "torch.linalg.ldl_factor(sym)", "torch.linalg.ldl_factor_ex(sym)", "torch.linalg.ldl_factor(spd)",
        "torch.linalg.ldl_factor(sym, hermitian=True)", "torch.linalg.ldl_factor(symf)", "torch.linalg.ldl_factor(symb)",
        f"torch.linalg.ldl_factor({zd})", f"torch.linalg.ldl_factor({zd}.float())", "torch.linalg.ldl_factor(sym.detach())",
        "torch.linalg.ldl_factor_ex(torch.zeros(3, 3, dtype=torch.float64))",
        "torch.linalg.ldl_factor_ex(torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 5.0], [3.0, 5.0, 6.0]]))",
        "torch.linalg.ldl_factor(torch.zeros(3, 3, dtype=torch.float64))",
        "torch.linalg.ldl_factor(torch.ones(2, 3))", "torch.linalg.ldl_factor(torch.tensor([[1, 2], [2, 1]]))",
        "torch.linalg.ldl_factor(torch.ones(3))", "torch.linalg.ldl_factor(torch.tensor([[0.0, 1.0], [1.0, 0.0]]))",
        f"{solve}(torch.linalg.ldl_factor(sym.detach()), rhs)", f"{solve}(torch.linalg.ldl_factor(sym.detach()), rhs.detach())",
        f"{solve}(torch.linalg.ldl_factor(spd.detach()), rhs)", f"{solve}(torch.linalg.ldl_factor(symf.detach()), rhsf)",
        f"{solve}(torch.linalg.ldl_factor({zd}), rhs[:4])", f"{solve}(torch.linalg.ldl_factor(symb.detach()), rhsb)",
        f"torch.linalg.ldl_solve(*torch.linalg.ldl_factor(sym.detach()), rhs, hermitian=True)",
        f"{solve}(torch.linalg.ldl_factor(sym.detach()), rhs[:4])",
        f"{solve}(torch.linalg.ldl_factor(sym.detach()), rhsf)",
        "torch.linalg.ldl_solve(torch.linalg.ldl_factor(sym.detach())[0], torch.linalg.ldl_factor(sym.detach())[1].long(), rhs)",
        "torch.linalg.ldl_solve(torch.linalg.ldl_factor(sym.detach())[0], torch.linalg.ldl_factor(sym.detach())[1].float(), rhs)",
        "torch.linalg.ldl_solve(torch.linalg.ldl_factor(sym.detach())[0], torch.linalg.ldl_factor(sym.detach())[1][:5], rhs)",
        "torch.linalg.ldl_solve(torch.linalg.ldl_factor(sym.detach())[0], torch.linalg.ldl_factor(sym.detach())[1], rhs[:, 0])",
        "torch.linalg.ldl_factor(sym.detach(), out=(torch.empty(0, dtype=torch.float64), torch.empty(0, dtype=torch.int32)))",
        "torch.linalg.ldl_factor_ex(symf, out=(torch.empty(6, 6), torch.empty(0, dtype=torch.int32), torch.empty(0, dtype=torch.int32)))",
        "torch.linalg.ldl_factor(sym.detach(), out=(torch.empty(0, dtype=torch.float64),))",
        "torch.linalg.ldl_factor(sym.detach(), out=(torch.empty(0, dtype=torch.float64), torch.empty(0)))",
        "torch.linalg.ldl_factor(sym.detach(), out=(torch.empty(0), torch.empty(0, dtype=torch.int32)))",
        f"torch.linalg.ldl_solve(*torch.linalg.ldl_factor(sym.detach()), rhs.detach(), out=torch.empty(6, 2, dtype=torch.float64))",
    ])
    return c.items
