"""torch.optim from the language: imports, attributes, param_groups editing, no escapes."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "interpreter"))
from interp_testutil import Run, error  # noqa: E402

LOOP = """
import torch
import torch.optim as optim
w = torch.tensor([1.0, -2.0], requires_grad=True)
opt = optim.SGD([w], lr=0.1, momentum=0.9)
for i in range(3):
    opt.zero_grad()
    loss = (w * w).sum()
    loss.backward()
    opt.step()
print(w)
"""


def test_training_loop_runs_in_the_language():
    assert Run()(LOOP) == "tensor([ 0.0620, -0.1240], requires_grad=True)\n"


def test_module_forms_resolve():
    r = Run()
    r("import torch.optim\nfrom torch.optim import Adam\nfrom torch.optim.lr_scheduler import StepLR\n"
      "import torch.optim.lr_scheduler as lrs\n")
    assert r("print(torch.optim.SGD is not None, lrs.StepLR is StepLR)") == "True True\n"


def test_param_groups_are_plain_dicts_the_user_may_change():
    r = Run()
    r("import torch\nw = torch.ones(2, requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1)\n"
      "for g in opt.param_groups:\n    g['lr'] = 0.5\n")
    assert r("print(opt.param_groups[0]['lr'], len(opt.state))") == "0.5 0\n"


def test_scheduler_in_the_language():
    r = Run()
    out = r("import torch\nw = torch.ones(2, requires_grad=True)\nopt = torch.optim.SGD([w], lr=1.0)\n"
            "s = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)\n"
            "for i in range(4):\n    opt.step()\n    s.step()\n    print(s.get_last_lr())\n")
    assert out == "[1.0]\n[0.5]\n[0.5]\n[0.25]\n"


@pytest.mark.parametrize("source", [
    "import torch\nw = torch.ones(2, requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1)\nopt.__dict__",
    "import torch\nw = torch.ones(2, requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1)\nopt._opt_called",
    "import torch\nw = torch.ones(2, requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1)\nopt.step.__globals__",
    "import torch\nw = torch.ones(2, requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1)\nopt.state.__class__",
    "import torch\ntorch.optim.optimizer",
    "import torch.optim.optimizer",
])
def test_no_way_out_through_optim(source):
    err = error(source)
    assert err is not None
