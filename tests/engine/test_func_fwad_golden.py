"""Replay the golden forward-AD cases (tests/golden/func_fwad.json, written by real torch through
tests/golden/func_fwad_generate.py) on gradcalc.engine: every op golden expression with its
floating inputs made dual, and torch.nn.functional's layers and losses. Compared: the error (type
and message, torch's "not implemented for forward AD" ones included), each output's shape, dtype,
whether it carries a tangent, and the tangent's values (float32 to a few ulps of the values'
scale: torch's MKL kernels and its formulas' order of operations differ by ulps)."""

import json
import os
import sys

import numpy as np
import pytest

import gradcalc.engine as torch
import gradcalc.engine.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "golden")
sys.path.insert(0, GOLDEN)

from func_fwad_runner import run_case  # noqa: E402

with open(os.path.join(GOLDEN, "func_fwad.json")) as f:
    _DATA = json.load(f)
SPECS = _DATA["inputs"]
FIXTURES = _DATA["cases"]

# id: why gradcalc's tangent differs from torch's (each must still differ: a fix shows up here)
KNOWN_DIFFERENCES = {
    "torch.ldexp(x, i)": "torch rounds 2**other to an integer for a negative integer exponent (0); the gradient "
                         "differs the same way (test_catalogue_golden.py)",
    "x.cumprod(0, dtype=torch.int64)": "torch fails an internal assert (an integer result given a float tangent); "
                                       "gradcalc gives the integer result no tangent",
    "F.mse_loss(x, i)": "torch's forward formula casts the tangent to the integer target's dtype and raises; "
                        "gradcalc promotes as the loss itself does",
    "pos.scatter_reduce(1, torch.tensor([[0, 0, 1], [2, 1, 1]]), pos * 2, 'prod')":
        "torch leaves scatter_reduce's 'prod' result without a tangent; gradcalc gives it the true one",
    "x.scatter_reduce(1, torch.tensor([[0, 0, 1], [2, 1, 1]]), y, 'max')":
        "torch accepts reduce='max'; gradcalc asks for 'amax' (test_catalogue_golden.py)",
    "torch.frexp(x)": "gradcalc's frexp records no graph (no FrexpBackward0): its mantissa has no tangent",
    "torch.triangular_solve(zd, md + 3 * torch.eye(3, dtype=torch.float64))":
        "torch's triangular_solve JVP uses the whole tangent of A, the triangle the solve never reads included "
        "(generic_solve_jvp); gradcalc's is the derivative (finite differences agree)",
    "(zd * 1).index_reduce_(0, torch.tensor([0, 2, 0, 1]), nd, 'mean', include_self=False)":
        "in place, torch checks the shapes before refusing forward AD; gradcalc refuses first, as torch's "
        "out-of-place index_reduce does",
    "torch.triangular_solve(zd, md, upper=False, transpose=True)":
        "torch's triangular_solve JVP uses the whole tangent of A (see above)",
}
# id: an op gradcalc does not have yet (the case is compared as soon as it runs)
UNSUPPORTED = {
    "F.conv_transpose1d(t3, k1.transpose(0, 1))": "conv_transpose1d (issue 16)",
    "F.interpolate(t3, size=6, mode='linear')": "interpolate's 'linear' mode (issue 16)",
    "F.interpolate(img, size=(4, 4), mode='bicubic')": "interpolate's 'bicubic' mode (issue 16)",
    "torch.special.i1(x)": "torch.special.i1 (issue 18)",
    "torch.special.i1e(x)": "torch.special.i1e (issue 18)",
}


def _compare(expected, got, dtype):
    a = np.asarray(expected, dtype=np.float64)
    b = np.asarray(got, dtype=np.float64)
    assert a.shape == b.shape
    if dtype == "torch.float64":
        rtol, atol = 1e-7, 1e-9
    else:
        rtol, atol = 2e-4, 2e-5 * max(1.0, float(np.nanmax(np.abs(a), initial=0.0)) if a.size else 1.0)
    np.testing.assert_allclose(b, a, rtol=rtol, atol=atol, equal_nan=True)


def test_fixtures_cover_the_op_goldens():
    assert len(FIXTURES) > 1000 and len({c["id"] for c in FIXTURES}) == len(FIXTURES)


@pytest.mark.parametrize("case", FIXTURES, ids=[c["id"] for c in FIXTURES])
def test_tangents_match_torch(case):
    torch.manual_seed(0)
    want = case["record"]
    got = run_case(torch, F, SPECS, case)
    if case["id"] in UNSUPPORTED and got["error"] and not want["error"]:
        pytest.skip(f"not in gradcalc yet: {UNSUPPORTED[case['id']]}")
    if case["id"] in KNOWN_DIFFERENCES:
        assert got != want, f"{case['id']} now matches torch: remove it from KNOWN_DIFFERENCES"
        return
    assert got["error"] == want["error"], f"{case['expr']}: error {got['error']} != torch's {want['error']}"
    if want["error"]:
        return
    assert len(got["outputs"]) == len(want["outputs"])
    for k, (g, w) in enumerate(zip(got["outputs"], want["outputs"])):
        where = f"{case['expr']} output {k}"
        assert (g["shape"], g["dtype"]) == (w["shape"], w["dtype"]), where
        assert (g["tangent"] is None) == (w["tangent"] is None), (
            f"{where}: tangent {'missing' if g['tangent'] is None else 'present'}, torch's "
            f"{'missing' if w['tangent'] is None else 'present'}")
        if w["tangent"] is not None:
            try:
                _compare(w["tangent"], g["tangent"], w["dtype"])
            except AssertionError as e:
                raise AssertionError(f"{where}: tangent differs\n{e}") from None
