"""gradcalc.engine.nn is lazy (nn/__init__.py's ``_HOME``/``_STAR`` maps name the submodule
of each layer): a class the engine defines but the maps do not name is unreachable as
``nn.Name``. These tests find every nn.Module class the engine's nn package defines and
check that each is reachable — by the maps in a fresh interpreter (where nothing else has
bound it yet), through ``nn.__all__`` and ``dir(nn)`` — and that every module class of
torch 2.13 (tests/golden/nn_classes.json, written by nn_classes_generate.py) exists."""

import importlib
import inspect
import json
import os
import pkgutil
import subprocess
import sys

import gradcalc.engine.nn as nn
from gradcalc.engine.nn.module import Module

GOLDEN = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "golden")
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, os.pardir))


def _engine_module_classes():
    """{name: class} of every public nn.Module subclass defined in a module of gradcalc.engine.nn."""
    found = {}
    for info in pkgutil.walk_packages(nn.__path__, nn.__name__ + "."):
        mod = importlib.import_module(info.name)
        for name, obj in vars(mod).items():
            if (inspect.isclass(obj) and issubclass(obj, Module) and obj.__module__ == mod.__name__
                    and not name.startswith("_") and name == obj.__name__):
                found[name] = obj
    return found


def _torch_classes():
    with open(os.path.join(GOLDEN, "nn_classes.json")) as f:
        return json.load(f)["classes"]


# public engine classes torch does not export from torch.nn either (torch.nn.modules.linear's)
NOT_IN_TORCH_NN = {"NonDynamicallyQuantizableLinear"}


def test_every_engine_module_class_is_named_by_the_lazy_maps():
    stars = {n for sub in nn._STAR for n in importlib.import_module(f"{nn.__name__}.{sub}").__all__}
    unmapped = sorted(name for name in _engine_module_classes()
                      if name not in nn._HOME and name not in stars and name not in NOT_IN_TORCH_NN)
    assert not unmapped, f"nn classes the lazy maps do not name: {unmapped}"


def test_every_torch_module_class_exists():
    missing = [name for name in _torch_classes() if not isinstance(getattr(nn, name, None), type)]
    assert not missing, f"torch.nn module classes gradcalc lacks: {missing}"
    for name in _torch_classes():
        assert issubclass(getattr(nn, name), Module), name


def test_every_torch_module_class_is_in_all_and_dir():
    names = set(nn.__all__)
    assert not [n for n in _torch_classes() if n not in names]
    assert not [n for n in _torch_classes() if n not in dir(nn)]


def test_reachable_in_a_fresh_interpreter():
    """Through ``nn.__getattr__`` only: nothing imported the layer's submodule before."""
    names = _torch_classes()
    code = ("import gradcalc.engine.nn as nn\nbad = []\n"
            f"for name in {names!r}:\n"
            "    try:\n        cls = getattr(nn, name)\n    except AttributeError:\n        bad.append(name)\n"
            "print(bad)")
    env = dict(os.environ, PYTHONPATH=ROOT)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_engine_classes_are_the_ones_nn_exports():
    """A class defined twice (an old copy left in another file) would shadow the mapped one."""
    for name, cls in _engine_module_classes().items():
        if name in _torch_classes():
            assert getattr(nn, name) is cls, name
