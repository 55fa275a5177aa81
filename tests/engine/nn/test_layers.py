"""Layer behaviour that golden fixtures cannot pin down without torch's random numbers:
dropout masks, initial weight bounds, and the train/eval switch."""

import math

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine import nn
import gradcalc.engine.nn.functional as F


def test_dropout_in_training():
    torch.manual_seed(0)
    x = torch.ones(200, 50, requires_grad=True)
    y = nn.Dropout(0.3)(x)
    assert y.grad_fn.name() == "MulBackward0"
    kept = y.detach().numpy() != 0
    assert abs(kept.mean() - 0.7) < 0.02
    np.testing.assert_allclose(y.detach().numpy()[kept], 1 / 0.7, rtol=1e-6)
    y.sum().backward()
    np.testing.assert_array_equal(x.grad.numpy() != 0, kept)


def test_dropout2d_zeroes_whole_channels():
    torch.manual_seed(1)
    y = nn.Dropout2d(0.5)(torch.ones(8, 16, 3, 3)).numpy()
    per_channel = y.reshape(8, 16, 9)
    assert ((per_channel == 0).all(-1) | (per_channel == 2).all(-1)).all()


def test_dropout_inplace_and_eval():
    m = nn.Dropout(0.5, inplace=True)
    x = torch.ones(10)
    assert m(x) is x
    m.eval()
    z = torch.ones(3)
    assert m(z) is z


@pytest.mark.parametrize("ctor,fan_in", [
    (lambda: nn.Linear(20, 7), 20), (lambda: nn.Conv2d(3, 6, 5), 75), (lambda: nn.Conv1d(4, 2, 3, groups=2), 6),
    (lambda: nn.Bilinear(4, 5, 3), 4)])
def test_weights_and_biases_start_within_torchs_bounds(ctor, fan_in):
    m = ctor()
    bound = 1 / math.sqrt(fan_in)
    for p in m.parameters():
        assert p.abs().max().item() <= bound + 1e-7
        assert p.abs().max().item() > 0.5 * bound


def test_norm_layers_start_at_identity_and_embedding_is_normal():
    assert nn.BatchNorm2d(3).weight.tolist() == [1, 1, 1] and nn.LayerNorm(2).bias.tolist() == [0, 0]
    torch.manual_seed(0)
    e = nn.Embedding(1000, 20, padding_idx=3)
    assert e.weight[3].abs().sum().item() == 0
    assert abs(e.weight.std().item() - 1) < 0.05


def test_batchnorm_train_then_eval():
    m = nn.BatchNorm1d(2, momentum=None)
    m(torch.tensor([[1.0, 2.0], [3.0, 6.0]]))
    m(torch.tensor([[3.0, 2.0], [5.0, 2.0]]))
    assert m.num_batches_tracked.item() == 2
    np.testing.assert_allclose(m.running_mean.numpy(), [3.0, 3.0])  # cumulative average of the batch means
    m.eval()
    y = m(torch.tensor([[3.0, 3.0]]))
    np.testing.assert_allclose(y.detach().numpy(), [[0.0, 0.0]], atol=1e-6)


def test_conv_backward_is_twice_differentiable():
    x = torch.randn(1, 2, 5, 5, dtype=torch.float64, requires_grad=True)
    w = torch.randn(3, 2, 3, 3, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradgradcheck(lambda a, b: F.conv2d(a, b, padding=1, stride=2), (x, w))
    assert torch.autograd.gradgradcheck(lambda a: F.max_pool2d(a, 2), (x,))
