"""A failed statement leaves nn.Module hooks and the random generators as they were."""

import pytest

from interp_testutil import Run

_SETUP = ("import torch\nimport torch.nn as nn\ntorch.manual_seed(0)\nlin = nn.Linear(2, 1)\n"
          "x = torch.ones(1, 2)\nseen = []\n")


@pytest.mark.parametrize("register", [
    "lin.register_forward_hook(lambda m, i, o: o * 100)",
    "lin.register_forward_hook(lambda m, i, o: o * 100, prepend=True, with_kwargs=False)",
    "lin.register_forward_pre_hook(lambda m, i: (i[0] * 100,))",
    "lin.register_full_backward_hook(lambda m, gi, go: seen.append(1))",
    "lin.register_full_backward_pre_hook(lambda m, go: seen.append(1))",
])
def test_a_failing_statement_leaves_no_module_hook_behind(register):
    r = Run()
    r(_SETUP)
    before = r("print(lin(x).item())")
    r.error(f"if True:\n    h = {register}\n    1/0")
    assert r("print(lin(x).item())") == before
    r("lin(x).sum().backward()")
    assert r("print(seen)") == "[]\n"


def test_a_failing_statement_undoes_a_module_hook_handle_remove():
    r = Run()
    r(_SETUP + "h = lin.register_forward_hook(lambda m, i, o: o * 0)")
    r.error("if True:\n    h.remove()\n    1/0")
    assert r("print(lin(x).item() == 0)") == "True\n"
    r("h.remove()")  # the handle still reaches the restored hook
    assert r("print(lin(x).item() != 0)") == "True\n"


def test_module_hooks_of_a_statement_that_succeeds_stay():
    r = Run()
    r(_SETUP + "h = lin.register_forward_hook(lambda m, i, o: o * 0)")
    assert r("print(lin(x).item() == 0)") == "True\n"


@pytest.mark.parametrize("draw", [
    "torch.randn(3)", "torch.rand(20)", "torch.randn(1)", "torch.randint(0, 10, (5,))", "torch.randperm(7)",
    "torch.empty(4).normal_()", "torch.manual_seed(5)", "torch.seed()", "nn.Linear(3, 3)",
    "torch.nn.functional.dropout(torch.ones(8))", "torch.set_rng_state(torch.manual_seed(3).get_state())",
])
def test_a_failing_statement_leaves_the_generator_as_before(draw):
    r = Run()
    # a cached normal sample (randn(3)) is part of the state too
    r("import torch\nimport torch.nn as nn\ntorch.manual_seed(0)\na = torch.randn(3)\ns0 = torch.get_rng_state()")
    r.error(f"if True:\n    {draw}\n    1/0")
    assert r("print(torch.equal(torch.get_rng_state(), s0), torch.initial_seed())") == "True 0\n"
    assert r("print(torch.randn(3))") == "tensor([ 0.5684, -1.0845, -1.3986])\n"


def test_a_failing_statement_leaves_a_generator_object_as_before():
    r = Run()
    r("import torch\ng = torch.Generator().manual_seed(7)\ns0 = g.get_state()")
    r.error("if True:\n    torch.randn(40, generator=g)\n    1/0")
    assert r("print(torch.equal(g.get_state(), s0))") == "True\n"


def test_draws_of_a_statement_that_succeeds_stay():
    r = Run()
    r("import torch\ntorch.manual_seed(0)\na = torch.randn(3)")
    assert r("print(torch.randn(3))") == "tensor([ 0.5684, -1.0845, -1.3986])\n"


_OPT = _SETUP + "opt = torch.optim.SGD(lin.parameters(), lr=0.1)\n"


@pytest.mark.parametrize("register", [
    "opt.register_step_pre_hook(lambda o, a, k: seen.append('pre'))",
    "opt.register_step_post_hook(lambda o, a, k: seen.append('post'))",
    "torch.optim.optimizer.register_optimizer_step_pre_hook(lambda o, a, k: seen.append('gpre'))",
    "torch.optim.optimizer.register_optimizer_step_post_hook(lambda o, a, k: seen.append('gpost'))",
    "opt.register_state_dict_pre_hook(lambda o: seen.append('sd'))",
    "opt.register_load_state_dict_post_hook(lambda o: seen.append('lsd'), prepend=True)",
])
def test_a_failing_statement_leaves_no_optimizer_hook_behind(register):
    r = Run()
    r(_OPT)
    r.error(f"if True:\n    h = {register}\n    1/0")
    r("lin(x).sum().backward()\nopt.step()\nopt.load_state_dict(opt.state_dict())")
    assert r("print(seen)") == "[]\n"


def test_a_failing_statement_undoes_an_optimizer_hook_handle_remove():
    r = Run()
    r(_OPT + "h = opt.register_step_pre_hook(lambda o, a, k: seen.append('pre'))")
    r.error("if True:\n    h.remove()\n    1/0")
    r("lin(x).sum().backward()\nopt.step()")
    assert r("print(seen)") == "['pre']\n"
    r("h.remove()\nopt.step()")
    assert r("print(seen)") == "['pre']\n"


def test_the_full_backward_hook_flag_goes_with_a_failed_registration():
    r = Run()
    r(_SETUP)
    r.error("if True:\n    h = lin.register_full_backward_hook(lambda m, gi, go: None)\n    1/0")
    lin = r.session.namespace["lin"]  # the flag is private (unreachable from the language): read from Python
    assert lin.__dict__["_is_full_backward_hook"] is None
