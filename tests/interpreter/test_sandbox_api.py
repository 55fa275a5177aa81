"""The sandbox's own API (completion and %help use it) and where its lists come from."""

import types

import gradcalc.engine as torch
from gradcalc.engine.ops import FUNCTIONS, METHODS
from gradcalc.interpreter import sandbox
from interp_testutil import Run

LANGUAGE_BUILTINS = {"print", "range", "len", "abs", "min", "max", "sum", "float", "int", "bool", "str", "round",
                     "list", "tuple", "zip", "enumerate", "isinstance", "exit", "quit"}


def test_global_names():
    names = sandbox.global_names()
    assert LANGUAGE_BUILTINS <= set(names)
    assert names["torch"] is sandbox.modules()["torch"]
    for bare in ("ones", "sin", "tensor", "float32", "no_grad", "Tensor", "manual_seed"):
        assert bare in names
    for python_only in ("open", "eval", "exec", "__import__", "globals", "locals", "vars", "compile", "input",
                        "breakpoint", "memoryview"):
        assert python_only not in names
    assert names["float"] is float and names["sum"] is sum  # Python's builtins win over torch's dtypes/ops
    assert not any(n.startswith("_") for n in names)
    assert not any(isinstance(v, types.ModuleType) for v in names.values())


def test_modules_are_ours_not_python_modules():
    mods = sandbox.modules()
    assert {"torch", "torch.nn", "torch.nn.functional", "torch.autograd"} <= set(mods)
    for name, mod in mods.items():
        assert not isinstance(mod, types.ModuleType)
        assert repr(mod) == f"<module '{name}'>"
        assert not any(m.startswith("_") for m in sandbox.members(mod))
        for member in sandbox.members(mod):
            assert not isinstance(getattr(mod, member), types.ModuleType)
    assert mods["torch"].nn is mods["torch.nn"] and mods["torch.nn"].functional is mods["torch.nn.functional"]


def test_torch_namespace_comes_from_the_engine_registry():
    torch_members = set(sandbox.members(sandbox.modules()["torch"]))
    assert set(FUNCTIONS) <= torch_members
    for implementation_module in ("node", "ops", "dtypes", "journal", "limits", "backward", "printing"):
        assert implementation_module not in torch_members
    assert sandbox.modules()["torch"].tensor.__wrapped__ is torch.tensor  # the function, not the module of that name
    assert "relu" in sandbox.members(sandbox.modules()["torch.nn.functional"])
    assert {"grad", "backward", "gradcheck"} <= set(sandbox.members(sandbox.modules()["torch.autograd"]))
    assert "Function" in sandbox.members(sandbox.modules()["torch.autograd"])  # subclassed by a class statement


def test_tensor_members_come_from_the_engine_registry():
    members = set(sandbox.members(torch.ones(1)))
    assert set(METHODS) <= members
    assert {"grad", "requires_grad", "grad_fn", "is_leaf", "data", "shape", "dtype", "backward", "T"} <= members
    assert not any(m.startswith("_") for m in members)


def test_every_member_is_readable_by_the_language():
    r = Run()
    r("x = ones(2, 2)\ny = (ones(2, requires_grad=True) * 2).sum()\nn = y.grad_fn")
    for var in ("x", "n", "torch", "xs", "s"):
        if var == "xs":
            r("xs = [1]")
        if var == "s":
            r("s = 'a'")
        for name in sandbox.members(r.ns.get(var) if var != "torch" else sandbox.modules()["torch"]):
            if var == "x" and name == "imag":  # torch refuses .imag of a real tensor: read it on a complex one
                r("v = (x * 1j).imag")
                continue
            r(f"v = {var}.{name}")


def test_members_of_other_types():
    assert "append" in sandbox.members([])
    assert "format" in sandbox.members("") and "format_map" not in sandbox.members("")
    assert sandbox.members(lambda: 0) == []
    assert sandbox.members(print) == []
    assert sandbox.members(object()) == []
    assert "add" in sandbox.members(torch.Tensor) and "mro" not in sandbox.members(torch.Tensor)
    assert sandbox.members(int) == []
    assert set(sandbox.members(torch.float32)) == {"is_floating_point", "is_complex", "is_signed", "itemsize"}
    node = (torch.ones(1, requires_grad=True) * 2).grad_fn
    assert sandbox.members(node) == ["name", "next_functions", "register_hook", "register_prehook"]
    array_names = set(sandbox.members(torch.ones(1).numpy()))
    assert {"shape", "ndim", "size", "tolist", "item", "sum", "dtype", "T"} <= array_names
    assert not array_names & {"ctypes", "data", "base", "flags", "tofile", "dump", "view", "resize"}


def test_describe():
    sig, doc = sandbox.describe("print")
    assert sig.startswith("print(")
    sig, doc = sandbox.describe(torch.ones)
    assert sig.startswith("ones(") and doc
    assert sandbox.describe("torch.ones") == sandbox.describe(torch.ones)
    assert sandbox.describe("torch")[0] == "torch"
    assert sandbox.describe("len")[0] == "len(obj)"
    assert sandbox.describe("no_such_name") == ("", "")
    assert sandbox.describe("torch.__dict__") == ("", "")


def test_describe_user_functions():
    r = Run()
    r("def step(w, lr=0.1, *rest, momentum=0.9, **kw):\n    'One step of gradient descent.'\n    return w\n"
      "f = lambda a, b=2: a")
    assert sandbox.describe(r.ns["step"]) == ("step(w, lr=0.1, *rest, momentum=0.9, **kw)",
                                              "One step of gradient descent.")
    assert sandbox.describe(r.ns["f"]) == ("<lambda>(a, b=2)", "")
    assert r.error("step.__doc__").kind == "AttributeError"  # the docstring is for %help, not the language



def test_readable_attributes_do_not_depend_on_what_was_imported_first():
    # an optimizer's state is a defaultdict before the program imports collections: what may be
    # read on it is decided once, the same whether collections was imported or not. A fresh
    # process, since the first sight of a type is what is tested.
    import subprocess
    import sys
    from pathlib import Path
    program = ("import torch\nw = torch.ones(2, requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1)\n"
               "print(opt.state.default_factory)\nimport collections\nprint(opt.state.default_factory)\n"
               "sd = torch.nn.Linear(1, 1).state_dict()\nsd.move_to_end('weight')\nprint(list(sd))\n")
    proc = subprocess.run([sys.executable, "-m", "gradcalc", "-"], input=program, capture_output=True, text=True,
                          cwd=Path(__file__).parent.parent.parent, timeout=60)
    assert proc.stderr == ""
    assert proc.stdout == "<class 'dict'>\n<class 'dict'>\n['bias', 'weight']\n"
