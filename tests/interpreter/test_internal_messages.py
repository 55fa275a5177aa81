"""Wrong arguments get torch's or Python's words, never the engine's insides (numpy, ufuncs,
private attributes, module paths), and unbound methods check their self as torch's do."""

import re
import warnings

import pytest

import gradcalc.engine as torch
from gradcalc.interpreter import sandbox
from interp_testutil import Run

INSIDES = re.compile(r"numpy|ufunc|\bnp\.|ndarray|dtype\('|'_[A-Za-z]\w*'|\b_[a-z]\w*\(|gradcalc\.")


def _functions():
    for dotted, mod in sandbox.modules().items():
        for name in sorted(mod._members):
            value = mod._members[name]
            if callable(value) and not isinstance(value, (type, sandbox.module)):
                yield f"{dotted}.{name}", value


def _wrong_values():
    return [None, "a", print, torch.tensor([True, False]), torch.tensor(1.5)]


SKIP = {"torch.manual_seed", "torch.seed", "torch.set_printoptions", "torch.set_default_dtype"}


CUDA_MISSING = "AssertionError: Torch not compiled with CUDA enabled"


@pytest.fixture(autouse=True)
def _engine_settings_restored():
    """The walk calls every function, setters of process-wide settings included: put them back."""
    from gradcalc.engine.optim import optimizer
    from gradcalc.interpreter import atomic
    settings = atomic._engine_settings()
    global_hooks = [(hooks, list(hooks)) for hooks in (optimizer._global_pre_hooks, optimizer._global_post_hooks)]
    yield
    atomic._restore_engine_settings(settings)
    for hooks, before in global_hooks:  # register_optimizer_step_pre_hook(None) takes None, as torch's
        hooks[:] = before


def test_the_op_table_walked_with_wrong_arguments_never_shows_the_engines_insides():
    t = torch.ones(2, 2)
    leaks = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for where, fn in _functions():
            if where in SKIP:
                continue
            for bad in _wrong_values():
                for args in ((bad,), (t, bad), (bad, t), (torch.tensor(2.0), bad)):
                    try:
                        fn(*args)
                    except Exception as exc:  # noqa: BLE001 - every message is checked
                        message = f"{type(exc).__name__}: {exc}".replace("expected np.ndarray", "").replace(
                            "from_numpy()", "")  # torch's words, torch's name
                        if message == CUDA_MISSING:  # torch's own AssertionError on a CPU build
                            continue
                        if where.startswith("torch.sym_") and type(exc).__name__ == "AssertionError":
                            continue  # torch's own assertions, naming numpy's number types as torch's do
                        if INSIDES.search(message) or type(exc).__name__ not in (
                                "TypeError", "RuntimeError", "ValueError", "IndexError", "NotImplementedError",
                                "PermissionError",  # torch.save/load of a file name: no file access here
                                "_LinAlgError"):  # torch.linalg.LinAlgError (a RuntimeError), torch's own name
                            leaks.append((where, [type(a).__name__ for a in args], message[:150]))
    assert leaks == []


def test_tensor_methods_walked_with_wrong_arguments():
    leaks = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in sandbox.members(torch.Tensor):
            for bad in _wrong_values():
                t = torch.ones(2, 2)
                try:
                    sandbox.get_attribute(t, name)(bad)
                except Exception as exc:  # noqa: BLE001
                    message = f"{type(exc).__name__}: {exc}".replace("numpy()", "")  # the method's name
                    if INSIDES.search(message):
                        leaks.append((name, type(bad).__name__, message[:150]))
    assert leaks == []


@pytest.mark.parametrize("code, message", [
    ("torch.Tensor.numpy(5)",
     "TypeError: descriptor 'numpy' for 'torch._C.TensorBase' objects doesn't apply to a 'int' object"),
    ("torch.Tensor.tolist(print)", "TypeError: descriptor 'tolist' for 'torch._C.TensorBase' objects doesn't "
                                   "apply to a 'builtin_function_or_method' object"),
    ("import torch.nn.functional as F\nF.relu(print)",
     "TypeError: relu(): argument 'input' (position 1) must be Tensor, not builtin_function_or_method"),
    ("torch.maximum('a', torch.ones(2))", "TypeError: maximum(): argument 'input' (position 1) must be Tensor, not str"),
    ("torch.sin(None)", "TypeError: sin(): argument 'input' (position 1) must be Tensor, not NoneType"),
    ("torch.add(torch.ones(2), None)", "TypeError: add(): argument 'other' (position 2) must be Tensor, not NoneType"),
    ("import torch.nn.functional as F\nb = torch.tensor([True, False])\nF.binary_cross_entropy(b, b)",
     "NotImplementedError: \"binary_cross_entropy\" not implemented for 'Bool'"),
    ("x = torch.zeros(3)\nx[torch.tensor([True, False])] = 1", "IndexError: The shape of the mask [2] at index 0 "
                                                             "does not match the shape of the indexed tensor [3] at index 0"),
])
def test_torch_words(code, message):
    err = Run().error(code)
    assert f"{err.kind}: {err.message}" == message


def test_nonzero_of_a_0d_tensor_is_torchs():
    assert Run(echo=True)("torch.full((), -1).nonzero()\ntorch.zeros(()).nonzero()") == (
        "tensor([], size=(1, 0), dtype=torch.int64)\ntensor([], size=(0, 0), dtype=torch.int64)\n")


def test_the_class_attribute_numpy_gives_what_the_instance_gives():
    """torch.Tensor.numpy(x) is x.numpy(): the same array kind, sharing x's memory (as torch), its
    writes undone with a failed statement."""
    r = Run()
    r("x = torch.ones(2)\nv = torch.Tensor.numpy(x)\nw = x.numpy()")
    assert type(r.ns["v"]) is type(r.ns["w"])
    r("v[0] = 5")
    assert r.ns["x"].tolist() == [5.0, 1.0]
    r.error("if True:\n    v[1] = 7\n    1 / 0")
    assert r.ns["x"].tolist() == [5.0, 1.0]


def test_function_reprs_are_torchs():
    out = Run(echo=True)("import torch.nn.functional as F\ntorch.zeros\nF.relu\nF.gelu\ntorch.Tensor.add\n"
                         "x = torch.ones(1)\nx.add\ntorch.manual_seed")
    lines = out.splitlines()
    assert re.fullmatch(r"<built-in method zeros of type object at 0x[0-9a-f]+>", lines[0])
    assert re.fullmatch(r"<function relu at 0x[0-9a-f]+>", lines[1])
    assert lines[2] == "<built-in function gelu>"
    assert lines[3] == "<method 'add' of 'torch._C.TensorBase' objects>"
    assert re.fullmatch(r"<built-in method add of Tensor object at 0x[0-9a-f]+>", lines[4])
    assert re.fullmatch(r"<function manual_seed at 0x[0-9a-f]+>", lines[5])


def test_torch_version_is_a_version_string():
    assert Run(echo=True)("torch.__version__\nimport torch as t\nprint(t.__version__ >= '2')") == \
        "'2.13.0+gradcalc'\nTrue\n"
    assert Run().error("import torch.nn as nn\nnn.__version__").kind == "AttributeError"


@pytest.mark.parametrize("typo, meant", [("sinn", "sin"), ("rands", "randn"), ("zeross", "zeros")])
def test_did_you_mean_prefers_the_closest_common_name(typo, meant):
    assert Run().error(typo).message.endswith(f"Did you mean: '{meant}'?")
    assert Run().error(f"torch.{typo}").message.endswith(f"Did you mean: '{meant}'?")


def test_help_shows_the_signature_and_description():
    out = Run()("help(torch.ones)\nx = torch.ones(2)\nhelp(x.sum)")
    assert out.startswith("ones(") and "\nsum(" in out


@pytest.mark.parametrize("code, message", [
    ("x = torch.ones(2)\nx.requires_grad = 'yes'", "RuntimeError: requires_grad must be a bool"),
    ("x = torch.ones(2)\nx.requires_grad = 1", "RuntimeError: requires_grad must be a bool"),
    ("x = torch.ones(2)\nx.requires_grad_(None)",
     "TypeError: requires_grad_(): argument 'requires_grad' (position 1) must be bool, not NoneType"),
])
def test_requires_grad_takes_a_bool_as_torch(code, message):
    err = Run().error(code)
    assert f"{err.kind}: {err.message}" == message
