"""vmap against the loop it stands for: for each op, vmap(f)(X) equals stack([f(x) for x in X]);
ops with a batching rule run once over the batch (never the per-example loop)."""

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.func import batching_fallback, grad, vmap
from gradcalc.engine.func.batching_rules import RULES

torch.manual_seed(0)
X = torch.randn(5, 4, dtype=torch.float64)
Y = torch.randn(5, 4, dtype=torch.float64)
M = torch.randn(4, 3, dtype=torch.float64)
F = torch.nn.functional

# (name, per-example function, takes the rule path)
CASES = [
    ("add", lambda t: t + 1.5, True), ("mul-captured", lambda t: t * M[:, 0], True),
    ("div", lambda t: t / (1 + t * t), True), ("pow", lambda t: t.abs() ** 1.5, True),
    ("exp-log", lambda t: (t.exp() + 1).log(), True), ("tanh-sigmoid", lambda t: t.tanh() * t.sigmoid(), True),
    ("relu-gelu-silu", lambda t: F.relu(t) + F.gelu(t) + F.silu(t), True),
    ("leaky-elu-softplus", lambda t: F.leaky_relu(t, 0.1) + F.elu(t) + F.softplus(t), True),
    ("clamp", lambda t: t.clamp(-0.5, 0.5), True), ("maximum", lambda t: torch.maximum(t, M[:, 1]), True),
    ("sum", lambda t: t.sum(), True), ("mean-dim", lambda t: t.view(2, 2).mean(1), True),
    ("amax", lambda t: t.amax(), False), ("logsumexp", lambda t: t.view(2, 2).logsumexp(0), True),
    ("var", lambda t: t.var(), True), ("std-dim", lambda t: t.view(2, 2).std(0), True), ("max-dim", lambda t: t.view(2, 2).max(1).values, True),
    ("softmax", lambda t: t.softmax(0), True), ("log-softmax", lambda t: F.log_softmax(t.view(2, 2), -1), True),
    ("matmul-vm", lambda t: t @ M, True), ("matmul-mv", lambda t: M.t() @ t, True),
    ("mm-batched-both", lambda t: t.view(2, 2) @ t.view(2, 2), True), ("dot", lambda t: t.dot(t), True),
    ("linear", lambda t: F.linear(t, M.t(), M[0]), True), ("outer", lambda t: torch.outer(t, t), True),
    ("view-t", lambda t: t.view(2, 2).t(), True), ("reshape", lambda t: t.reshape(-1, 1), True),
    ("transpose", lambda t: t.view(1, 2, 2).transpose(0, 2), True),
    ("permute", lambda t: t.view(2, 1, 2).permute(2, 0, 1), True), ("unsqueeze", lambda t: t.unsqueeze(-1), True),
    ("squeeze", lambda t: t.view(1, 4, 1).squeeze(), True), ("expand", lambda t: t.expand(3, 4), True),
    ("flip", lambda t: t.flip(0), True), ("cumsum", lambda t: t.cumsum(0), True),
    ("select-slice", lambda t: t[1] + t[1:3].sum(), True), ("ellipsis", lambda t: t[..., ::2], True),
    ("cat", lambda t: torch.cat([t, M[:, 0]]), True), ("stack", lambda t: torch.stack([t, M[:, 0]], 1), True),
    ("mse", lambda t: F.mse_loss(t, M[:, 0]), True),
    ("cross-entropy", lambda t: F.cross_entropy(t, torch.tensor(1)), True),
    ("where", lambda t: torch.where(t > 0, t, 0.1 * t), True), ("tril", lambda t: t.view(2, 2).tril(), True),
    ("index-tensor", lambda t: t[torch.tensor([3, 0])], False),
    ("sort", lambda t: t.sort().values, True), ("norm", lambda t: t.norm(), True),
    ("conv1d", lambda t: F.conv1d(t.view(1, 1, 4), M[:2, :1].t().reshape(1, 1, 2)), False),
    ("layer-norm", lambda t: F.layer_norm(t, (4,)), False),
    ("gather", lambda t: t.gather(0, torch.tensor([1, 1])), False),
]


@pytest.mark.parametrize("name,fn,ruled", CASES, ids=[c[0] for c in CASES])
def test_vmap_matches_the_loop(name, fn, ruled, monkeypatch):
    expected = torch.stack([fn(x) for x in X])
    calls = []
    real = batching_fallback.loop

    def counting(cls, args, params, level):
        calls.append(cls.__name__)
        return real(cls, args, params, level)
    monkeypatch.setattr("gradcalc.engine.func.batching_rules.loop", counting)
    got = vmap(fn)(X)
    assert got.shape == expected.shape and got.dtype == expected.dtype
    np.testing.assert_allclose(got.numpy(), expected.numpy(), rtol=1e-12, atol=1e-12)
    if ruled:
        assert not calls, f"{name}: took the per-example loop for {calls}"


def test_two_batched_operands_and_gradients_flow():
    out = vmap(lambda a, b: (a * b).sum() + a.dot(b))(X, Y)
    np.testing.assert_allclose(out.numpy(), (2 * (X * Y).sum(1)).numpy(), rtol=1e-12)
    Xr = X.clone().requires_grad_()
    vmap(lambda t: (t.sin() * M[:, 0]).sum())(Xr).sum().backward()
    np.testing.assert_allclose(Xr.grad.numpy(), (X.cos() * M[:, 0]).numpy(), rtol=1e-12)


def test_per_sample_gradients_equal_a_loop_of_grads():
    def loss(w, x):
        return ((x @ w).tanh() ** 2).sum()
    got = vmap(grad(loss), in_dims=(None, 0))(M, X)
    expected = torch.stack([grad(loss)(M, x) for x in X])
    np.testing.assert_allclose(got.numpy(), expected.numpy(), rtol=1e-12)


def test_randomness_different_draws_per_example():
    torch.manual_seed(1)
    out = vmap(lambda t: torch.rand(()) + t * 0, randomness="different")(X)
    values = out[:, 0].tolist()
    assert len(set(values)) == len(values)
    torch.manual_seed(1)
    same = vmap(lambda t: torch.rand(()) + t * 0, randomness="same")(X)
    assert len(set(same.flatten().tolist())) == 1


def test_hooks_are_off_after_vmap_even_after_an_error():
    from gradcalc.engine import node, random_sampling
    from gradcalc.engine.ops import inplace
    with pytest.raises(RuntimeError):
        vmap(lambda t: t.sum().item())(X)
    assert node.BATCH_HOOK[0] is None and random_sampling.RANDOM_HOOK[0] is None
    assert inplace.INPLACE_HOOK[0] is None


def test_every_rule_names_an_op_of_the_table():
    from gradcalc.engine.node import OPS
    names = {c.__name__ for c in OPS}
    assert set(RULES) <= names, set(RULES) - names
