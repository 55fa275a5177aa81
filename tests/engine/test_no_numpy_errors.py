"""Random calls with random shapes, dims and dtypes: every failure is an error in torch's
terms (RuntimeError, IndexError, TypeError, ValueError), never numpy's words or a crash."""

import re

import numpy as np
from hypothesis import given, settings, strategies as st

import gradcalc.engine as torch

NUMPY_WORDS = re.compile(r"axis|ufunc|operands could not be broadcast|numpy|ndarray|dtype\('|np\.")
ALLOWED = (RuntimeError, IndexError, TypeError, ValueError, NotImplementedError)

shapes = st.lists(st.integers(0, 3), min_size=0, max_size=3).map(tuple)
dtypes = st.sampled_from([torch.float32, torch.float64, torch.int64, torch.int32, torch.bool, torch.uint8])


def make(shape, dtype):
    return torch.tensor(np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape) % 3 - 1, dtype=dtype)


BINARY = [lambda a, b: a + b, lambda a, b: a - b, lambda a, b: a * b, lambda a, b: a / b, lambda a, b: a ** b,
          lambda a, b: a // b, lambda a, b: a % b, lambda a, b: a @ b, lambda a, b: a < b, lambda a, b: a & b,
          lambda a, b: torch.maximum(a, b), lambda a, b: torch.where(a > 0, a, b), lambda a, b: torch.cat([a, b]),
          lambda a, b: torch.stack([a, b]), lambda a, b: a.expand_as(b), lambda a, b: a.view_as(b),
          lambda a, b: torch.clamp(a, min=b)]
UNARY = [lambda a, d: a.sum(d), lambda a, d: a.mean(d), lambda a, d: a.max(d), lambda a, d: a.prod(d),
         lambda a, d: a.softmax(d), lambda a, d: a.squeeze(d), lambda a, d: a.unsqueeze(d),
         lambda a, d: a.transpose(d, 0), lambda a, d: a[d], lambda a, d: a.select(0, d), lambda a, d: a.norm(dim=d),
         lambda a, d: a.reshape(d, -1), lambda a, d: a.flatten(d), lambda a, d: a.narrow(0, d, 1),
         lambda a, d: a.argmax(d), lambda a, d: a.exp(), lambda a, d: a.sqrt(), lambda a, d: -a, lambda a, d: a.abs(),
         lambda a, d: a.t(), lambda a, d: a.permute(d), lambda a, d: a.item(), lambda a, d: a.repeat(d) if hasattr(a, "repeat") else a,
         lambda a, d: a.unbind(d), lambda a, d: a.min(), lambda a, d: a.relu(), lambda a, d: a.float().log_softmax(d)]


def check(fn):
    try:
        fn()
    except ALLOWED as e:
        assert not NUMPY_WORDS.search(str(e)), f"numpy's words leaked: {type(e).__name__}: {e}"


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(range(len(BINARY))), shapes, shapes, dtypes, dtypes)
def test_binary_ops_fail_in_torchs_terms(i, sa, sb, da, db):
    a, b = make(sa, da), make(sb, db)
    check(lambda: BINARY[i](a, b))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(range(len(UNARY))), shapes, dtypes, st.integers(-4, 4))
def test_unary_ops_fail_in_torchs_terms(i, shape, dtype, dim):
    a = make(shape, dtype)
    check(lambda: UNARY[i](a, dim))
