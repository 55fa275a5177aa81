"""torch.backends.cudnn's flags assign as in torch (tutorials set them for reproducibility)."""

import pytest

from interp_testutil import Run


@pytest.fixture(autouse=True)
def _flags_put_back():
    yield  # the flags are process-wide, as torch's: each test starts from torch's defaults
    Run()("import torch\ntorch.backends.cudnn.deterministic = False\ntorch.backends.cudnn.benchmark = False\n"
          "torch.backends.cudnn.enabled = True\ntorch.backends.cudnn.allow_tf32 = True")


def test_tutorial_reproducibility_lines_run():
    r = Run()
    r("import torch\ntorch.backends.cudnn.deterministic = True\ntorch.backends.cudnn.benchmark = False")
    assert r("print(torch.backends.cudnn.deterministic, torch.backends.cudnn.benchmark)") == "True False\n"
    r("torch.backends.cudnn.enabled = False\ntorch.backends.cudnn.allow_tf32 = False")
    assert r("print(torch.backends.cudnn.enabled, torch.backends.cudnn.allow_tf32)") == "False False\n"


def test_a_flag_takes_only_a_bool_in_torchs_words():
    r = Run()
    r("import torch")
    err = r.error("torch.backends.cudnn.benchmark = 1")
    assert (err.kind, err.message) == ("RuntimeError", "set_benchmark_cudnn expects a bool, but got int")
    err = r.error("torch.backends.cudnn.deterministic = 'yes'")
    assert (err.kind, err.message) == ("RuntimeError", "set_deterministic_cudnn expects a bool, but got str")
    assert r("print(torch.backends.cudnn.benchmark)") == "False\n"


def test_a_failed_statement_puts_the_flag_back():
    r = Run()
    r("import torch")
    r.error("if True:\n    torch.backends.cudnn.deterministic = True\n    1/0")
    assert r("print(torch.backends.cudnn.deterministic)") == "False\n"
    from gradcalc.engine.backends import cudnn
    assert cudnn.deterministic is False


def test_other_module_attributes_stay_read_only():
    r = Run()
    r("import torch")
    for stmt in ("torch.backends.cudnn.version = 1", "torch.backends.foo = 1", "torch.pi = 3"):
        err = r.error(stmt)
        assert err.kind == "AttributeError" and "read-only" in err.message
