"""%explain opt.step(): a dry run of the optimizer's real step on copies, rendered per group."""

import numpy as np
import pytest

from gradcalc.interpreter import UserError

from differentiate_support import MagicError, new_session, run_magic

SETUP = """\
import torch.nn as nn
w = torch.tensor([1.0, -2.0], requires_grad=True)
model = nn.Linear(2, 1)
opt = torch.optim.{ctor}
def fill():
    opt.zero_grad()
    ((w * w).sum() + model(torch.ones(1, 2)).sum() ** 2).backward()
fill()
opt.step()
fill()
"""

CTORS = ["SGD([w], lr=0.1, momentum=0.9, nesterov=True)", "SGD([w], lr=0.1, weight_decay=0.1, maximize=True)",
         "Adam([{'params': [w]}, {'params': model.parameters(), 'lr': 0.5}], amsgrad=True)",
         "AdamW([w], weight_decay=0.1)", "Adamax([w])", "NAdam([w])", "RAdam([w])",
         "RMSprop([w], centered=True, momentum=0.5)", "Adagrad([w], lr_decay=0.1)", "Adadelta([w])",
         "ASGD([w], t0=1)", "Rprop([w])"]


def _snapshot(ns):
    opt = ns["opt"]
    params = [p for g in opt.param_groups for p in g["params"]]
    return ([p.detach().numpy().copy() for p in params], [None if p.grad is None else p.grad.numpy().copy() for p in params],
            {id(p): {k: (v.numpy().copy() if hasattr(v, "numpy") else v) for k, v in s.items()}
             for p, s in opt.state.items()})


def _same(a, b):
    (pa, ga, sa), (pb, gb, sb) = a, b
    assert all(np.array_equal(x, y) for x, y in zip(pa, pb))
    assert all((x is None and y is None) or np.array_equal(x, y) for x, y in zip(ga, gb))
    assert sa.keys() == sb.keys()
    for k in sa:
        assert sa[k].keys() == sb[k].keys()
        for key in sa[k]:
            assert np.array_equal(np.asarray(sa[k][key]), np.asarray(sb[k][key]))


@pytest.mark.parametrize("ctor", CTORS)
def test_explain_changes_nothing_and_shows_what_the_real_step_then_does(ctor):
    session = new_session()
    session.run(SETUP.format(ctor=ctor))
    before = _snapshot(session.namespace)
    text = run_magic(session, "%explain opt.step()")
    _same(before, _snapshot(session.namespace))
    assert "a dry run" in text and "parameter group 0" in text and "rule" in text and "[0] w  (2,) float32" in text
    session.run("opt.step()")
    # the value the explanation announced for w is the one the real step gave it
    after = session.namespace["w"]
    shown = text.split("[0] w")[1].split("value")[1].split("→ ")[1].split("\n")[0]
    assert shown == repr(after.detach())


def test_rule_follows_the_options():
    session = new_session()
    session.run(SETUP.format(ctor="SGD([w], lr=0.1, momentum=0.9, nesterov=True, weight_decay=0.01)"))
    text = run_magic(session, "%explain opt.step()")
    assert "g = g + weight_decay·p" in text and "g = g + momentum·buf   (Nesterov)" in text
    assert "momentum_buffer" in text and "nesterov=True" in text and "foreach" not in text
    session.run("opt2 = torch.optim.RMSprop([w])")
    text = run_magic(session, "%explain opt2.step()")
    assert "avg = √square_avg + eps" in text and "grad_avg" not in text and "(none yet)" in text


def test_module_parameters_are_named_and_gradless_ones_said_so():
    session = new_session()
    session.run(SETUP.format(ctor="Adam([{'params': [w]}, {'params': model.parameters(), 'lr': 0.5}])"))
    session.run("model.bias.grad = None")
    text = run_magic(session, "%explain opt.step()")
    assert "[1] model.weight  (1, 2) float32" in text and "parameter group 1" in text and "lr=0.5" in text
    assert "[2] model.bias  (1,) float32\n      no gradient: the step leaves it as it is" in text


def test_step_hooks_do_not_run_and_lbfgs_is_refused():
    session = new_session()
    session.run(SETUP.format(ctor="SGD([w], lr=0.1)") + "calls = []\nh = opt.register_step_pre_hook(lambda *a: calls.append(1))\n")
    run_magic(session, "%explain opt.step()")
    assert session.namespace["calls"] == []
    session.run("lb = torch.optim.LBFGS([w])")
    with pytest.raises(MagicError) as e:
        run_magic(session, "%explain lb.step()")
    assert "closure" in e.value.message


def test_a_step_call_on_something_else_is_an_ordinary_expression():
    session = new_session()
    with pytest.raises(UserError) as e:
        run_magic(session, "%explain torch.ones(2).step()")
    assert "'Tensor' object has no attribute 'step'" in str(e.value)
