"""torch kernels reproduced bit for bit (tests/golden/kernels.json, written by real torch with
kernels_generate.py): linspace's per-element fused multiply-adds, pow's arithmetic exponents
(x·x·x, 1/(x·x), 1/sqrt(x), 1/x) and the whole-tensor sum's cascade (also mean and mse_loss),
which the tutorials' printed losses go through; batch norm's statistics, output, running
statistics and gradients (ops/batch_norm_kernels.py)."""

import json
import os

import numpy as np
import pytest

import gradcalc.engine as torch

with open(os.path.join(os.path.dirname(__file__), os.pardir, "golden", "kernels.json")) as f:
    GOLDEN = json.load(f)


def _same(got, expected_hex):
    want = np.array([float.fromhex(h) for h in expected_hex])
    got = np.asarray(got, np.float64).ravel()
    same = (got == want) | (np.isnan(got) & np.isnan(want))
    same &= np.signbit(got) == np.signbit(want) | np.isnan(want)
    return int((~same).sum())


@pytest.mark.parametrize("case", GOLDEN["linspace"], ids=lambda c: f"{c['dtype']}-{c['args']}")
def test_linspace(case):
    a, b, n = case["args"]
    got = torch.linspace(a, b, n, dtype=getattr(torch, case["dtype"]))
    assert _same(got._data, case["values"]) == 0


@pytest.mark.parametrize("case", GOLDEN["pow"], ids=lambda c: f"{c['dtype']}-{c['exponent']}")
def test_pow_by_a_number(case):
    base = np.array([float.fromhex(h) for h in case["base"]]).astype(case["dtype"])
    with np.errstate(all="ignore"):
        got = torch.tensor(base.tolist(), dtype=getattr(torch, case["dtype"])) ** case["exponent"]
    assert _same(got._data, case["values"]) == 0


@pytest.mark.parametrize("case", GOLDEN["sum"], ids=lambda c: f"{c['dtype']}-{c['n']}")
def test_whole_sum_mean_and_mse_in_torchs_order(case):
    k = np.arange(case["n"], dtype=np.int64)
    base = ((((k * 7919) % 2003) - 1001) * 0.0137).astype(case["dtype"])  # as kernels_generate.sum_base
    t = torch.tensor(base.tolist(), dtype=getattr(torch, case["dtype"]))
    assert _same(t.sum()._data, case["sum"]) == 0
    assert _same(t.mean()._data, case["mean"]) == 0
    assert _same(torch.nn.functional.mse_loss(t, t * 0.5)._data, case["mse"]) == 0


def _array(hexes, dtype, shape):
    return np.array([float.fromhex(h) for h in hexes]).astype(dtype).reshape(shape)


@pytest.mark.parametrize("case", GOLDEN["batch_norm"], ids=lambda c: f"{c['dtype']}-{c['shape']}")
@pytest.mark.parametrize("training", [True, False], ids=["train", "eval"])
def test_batch_norm_in_torchs_order(case, training):
    """torch splits an (N, C) input's rows over its threads: the golden's thread count is set."""
    from gradcalc.engine import threads

    dt, shape = case["dtype"], tuple(case["shape"])
    c = shape[1]
    saved = threads._threads
    threads.set_num_threads(GOLDEN["batch_norm_threads"])
    try:
        x = torch.tensor(_array(case["x"], dt, shape), requires_grad=True)
        w = torch.tensor(_array(case["w"], dt, c), requires_grad=True) if case["affine"] else None
        b = torch.tensor(_array(case["b"], dt, c), requires_grad=True) if case["affine"] else None
        rm, rv = torch.tensor(_array(case["rm"], dt, c)), torch.tensor(_array(case["rv"], dt, c))
        y = torch.nn.functional.batch_norm(x, rm, rv, w, b, training, case["momentum"], 1e-5)
        y.backward(torch.tensor(_array(case["dy"], dt, shape)))
    finally:
        threads._threads = saved
    want = case["train" if training else "eval"]
    assert _same(y._data, want["y"]) == 0
    assert _same(rm._data, want["rm"]) == 0
    assert _same(rv._data, want["rv"]) == 0
    assert _same(x.grad._data, want["gx"]) == 0
    if case["affine"]:
        assert _same(w.grad._data, want["gw"]) == 0
        assert _same(b.grad._data, want["gb"]) == 0
