"""torch.optim.swa_utils: SWALR's rates (values from torch 2.13) and AveragedModel's averages."""

import numpy as np

import gradcalc.engine as torch
from gradcalc.engine.optim import swa_utils


def _rates(swa_lr, anneal_epochs, strategy, lr, steps):
    opt = torch.optim.SGD([torch.ones(2, requires_grad=True)], lr=lr)
    s = swa_utils.SWALR(opt, swa_lr=swa_lr, anneal_epochs=anneal_epochs, anneal_strategy=strategy)
    out = [s.get_last_lr()[0]]
    for _ in range(steps):
        opt.step()
        s.step()
        out.append(s.get_last_lr()[0])
    return out


def test_swalr_rates_equal_torchs():
    assert _rates(0.05, 5, "cos", 0.1, 8) == [0.1, 0.0952254248593737, 0.08272542485937369, 0.06727457514062632,
                                              0.05477457514062632, 0.05, 0.05, 0.05, 0.05]
    assert _rates(0.01, 3, "linear", 0.3, 5) == [0.3, 0.20333333333333334, 0.10666666666666667, 0.01, 0.01, 0.01]


def test_averaged_model_keeps_the_running_mean_and_the_ema():
    model = torch.nn.Linear(2, 1)
    swa = swa_utils.AveragedModel(model)
    ema = swa_utils.AveragedModel(model, multi_avg_fn=swa_utils.get_ema_multi_avg_fn(0.5))
    seen = []
    for k in range(4):
        with torch.no_grad():
            model.weight.fill_(float(k))
        seen.append(float(k))
        swa.update_parameters(model)
        ema.update_parameters(model)
    assert int(swa.n_averaged) == 4
    assert np.allclose(swa.module.weight.detach().numpy(), np.mean(seen))
    expected = 0.0
    for k in seen[1:]:
        expected = 0.5 * expected + 0.5 * k
    assert np.allclose(ema.module.weight.detach().numpy(), expected)
    x = torch.ones(3, 2)
    assert swa(x).shape == (3, 1)
