"""User classes on engine bases (nn.Module, autograd.Function, Dataset), atomic statements over
user objects, dicts and sets, and user-level tracebacks through methods."""

import pytest

from interp_testutil import Run, error, run


def test_custom_autograd_function_subclass():
    out = run("class MyReLU(torch.autograd.Function):\n"
              "    @staticmethod\n"
              "    def forward(ctx, input):\n"
              "        ctx.save_for_backward(input)\n"
              "        ctx.note = 'kept'\n"
              "        return input.clamp(min=0)\n"
              "    @staticmethod\n"
              "    def backward(ctx, grad_output):\n"
              "        input, = ctx.saved_tensors\n"
              "        g = grad_output.clone()\n"
              "        g[input < 0] = 0\n"
              "        print(ctx.note, ctx.needs_input_grad)\n"
              "        return g\n"
              "x = torch.tensor([-1.0, 2.0, 3.0], requires_grad=True)\n"
              "y = MyReLU.apply(x)\n"
              "print(y.grad_fn.name())\n"
              "y.sum().backward()\n"
              "print(x.grad)\n")
    assert out == "MyReLUBackward\nkept (True,)\ntensor([0., 1., 1.])\n"


def test_nn_module_subclass_registers_and_calls_forward():
    out = run("import torch.nn as nn\n"
              "class Net(nn.Module):\n"
              "    def __init__(self):\n"
              "        super().__init__()\n"
              "        self.fc = nn.Linear(2, 1)\n"
              "        self.scale = 3\n"
              "    def forward(self, x):\n"
              "        return self.fc(x) * self.scale\n"
              "net = Net()\n"
              "print([n for n, _ in net.named_parameters()], net.scale, net.training)\n"
              "print(net(torch.ones(4, 2)).shape)\n"
              "net.eval()\n"
              "print(net.training, net.fc.training)\n"
              "print(net)\n")
    assert out == ("['fc.weight', 'fc.bias'] 3 True\ntorch.Size([4, 1])\nFalse False\n"
                   "Net(\n  (fc): Linear(in_features=2, out_features=1, bias=True)\n)\n")


def test_old_style_module_init_and_two_arg_super():
    out = run("import torch.nn as nn\n"
              "class A(nn.Module):\n"
              "    def __init__(self):\n"
              "        nn.Module.__init__(self) if False else super(A, self).__init__()\n"
              "        self.w = nn.Parameter(torch.ones(2))\n"
              "    def forward(self, x):\n"
              "        return (self.w * x).sum()\n"
              "print(A()(torch.ones(2)).item(), len(list(A().parameters())))\n")
    assert out == "2.0 1\n"


def test_module_internals_stay_out_of_reach():
    r = Run()
    r("import torch.nn as nn\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
      "        self.fc = nn.Linear(2, 1)\nnet = Net()")
    for attempt in ("net._parameters", "net._modules", "net.__dict__", "net.__class__", "net._apply",
                    "net._call_impl", "net._forward_hooks", "net._parameters = {}", "net._modules = {}",
                    "net._buffers = {}", "del net._parameters", "net._gradcalc_x = 1", "net.fc._parameters",
                    "net._version", "net._data", "Net._apply", "net._forward_pre_hooks = 1"):
        err = r.error(attempt)
        assert err.kind == "AttributeError", attempt
        assert "Python internals" in err.message, attempt


def test_module_subclass_private_helpers_are_the_programs():
    # the Bi-LSTM CRF tutorial's methods (_forward_alg, _viterbi_decode) and a private attribute
    out = run("import torch.nn as nn\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
              "        self._scale = 2.0\n        self._w = nn.Parameter(torch.ones(2))\n"
              "    def _score(self, x):\n        return (self._w * x).sum() * self._scale\n"
              "    def forward(self, x):\n        return self._score(x)\n"
              "net = Net()\nprint(net(torch.ones(2)).item(), [n for n, _ in net.named_parameters()], net._scale)\n"
              "net._scale = 3.0\nprint(net(torch.ones(2)).item(), Net._score(net, torch.ones(2)).item())\n"
              "del net._scale\ntry:\n    net._scale\nexcept AttributeError as e:\n    print(e)\n")
    assert out == ("4.0 ['_w'] 2.0\n6.0 6.0\n'Net' object has no attribute '_scale'\n")


def test_module_subclass_cannot_preempt_an_engine_internal():
    # set before super().__init__() or later, a name the engine uses stays the engine's
    for body in ("        self._parameters = 5\n        super().__init__()\n",
                 "        super().__init__()\n        self._forward_hooks = 5\n",
                 "        super().__init__()\n        self._backward_hooks = None\n"):
        err = error("import torch.nn as nn\nclass Net(nn.Module):\n    def __init__(self):\n" + body + "net = Net()")
        assert err.kind == "AttributeError" and "Python internals" in err.message, body


def test_dataset_subclass():
    out = run("from torch.utils.data import Dataset, DataLoader\n"
              "class Squares(Dataset):\n"
              "    def __len__(self):\n"
              "        return 4\n"
              "    def __getitem__(self, i):\n"
              "        return torch.tensor(float(i * i))\n"
              "for b in DataLoader(Squares(), batch_size=2):\n"
              "    print(b)\n")
    assert out == "tensor([0., 1.])\ntensor([4., 9.])\n"


def test_engine_errors_are_caught_by_their_type():
    out = run("try:\n    torch.ones(2) @ torch.ones(3)\nexcept RuntimeError as e:\n    print('caught', type(e) is not None)\n"
              "try:\n    torch.ones(2).sumn()\nexcept AttributeError:\n    print('attr')\n")
    assert out == "caught True\nattr\n"


def test_limits_are_not_caught_by_bare_except():
    err = error("try:\n    torch.ones(100000, 100000)\nexcept:\n    print('swallowed')\n", max_elements=1000)
    assert "limit" in err.message
    err = error("while True:\n    try:\n        pass\n    except:\n        pass\n", timeout=0.3)
    assert err.kind == "TimeoutError"
    err = error("def f():\n    try:\n        while True:\n            pass\n    finally:\n        return 1\nf()",
                timeout=0.3)
    assert err.kind == "TimeoutError"


# -- atomic statements over what the new features change ------------------------------------

def test_failed_statement_restores_user_instances_classes_dicts_sets():
    r = Run()
    r("class C:\n    n = 0\n    def __init__(self):\n        self.v = 1\nc = C()\nd = {'a': 1}\ns = {1}\n"
      "def f():\n    pass\n")
    err = r.error("if True:  # one statement\n    c.v = 2; c.w = 3; C.n = 5; C.m = 6; d['b'] = 2; d.pop('a'); "
                  "s.add(2); s |= {3}; f.tag = 1; del c.v; 1 / 0")
    assert err.kind == "ZeroDivisionError"
    assert r("print(c.v, hasattr(c, 'w'), C.n, hasattr(C, 'm'), d, s, hasattr(f, 'tag'))") == \
        "1 False 0 False {'a': 1} {1} False\n"


def test_failed_statement_restores_module_registration():
    r = Run()
    r("import torch.nn as nn\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
      "        self.fc = nn.Linear(2, 1)\nnet = Net()")
    r.error("if True:\n    net.extra = nn.Linear(1, 1); net.fc = nn.Linear(3, 3); 1 / 0")
    assert r("print(len(list(net.parameters())), net.fc.in_features, hasattr(net, 'extra'))") == "2 2 False\n"


def test_setitem_of_user_class_is_rolled_back():
    r = Run()
    r("class Box:\n    def __init__(self):\n        self.d = {}\n    def __setitem__(self, k, v):\n"
      "        self.d[k] = v\nb = Box()\nb['x'] = 1")
    r.error("if True:\n    b['y'] = 2; b['x'] = 5; 1 / 0")
    assert r("print(b.d)") == "{'x': 1}\n"


def test_generator_suspended_across_statements():
    r = Run()
    r("def g():\n    i = 0\n    while True:\n        i += 1\n        yield i\nit = g()")
    assert r("print(next(it))") == "1\n"
    assert r("print(next(it))") == "2\n"


# -- tracebacks through methods ---------------------------------------------------------------

def test_traceback_lists_methods_by_name():
    err = error("class Net:\n    def forward(self, x):\n        return self.inner(x)\n"
                "    def inner(self, x):\n        return x.sumn()\nNet().forward(ones(2))", )
    assert [f[2] for f in err.frames] == ["<module>", "forward", "inner"]
    assert 'File "<test>", line 5' in err.render() and "gradcalc/" not in err.render()


def test_user_exception_uncaught_kind():
    err = error("class MyError(Exception):\n    pass\nraise MyError('bad')")
    assert (err.kind, err.message) == ("MyError", "bad")


def test_stand_in_engine_base_class():
    from gradcalc.interpreter import sandbox

    class Base:  # an engine-like base: machinery in __setattr__ and __call__
        def __init__(self):
            object.__setattr__(self, "_registered", [])

        def __setattr__(self, name, value):
            if not name.startswith("_"):
                self._registered.append(name)
            object.__setattr__(self, name, value)

        def __call__(self, *args):
            return self.forward(*args)

        def registered(self):
            return list(self._registered)

    sandbox._extra_subclassable.append(Base)
    try:
        r = Run()
        r.session.set("Base", Base)
        out = r("class Net(Base):\n    def __init__(self):\n        super().__init__()\n        self.a = 1\n"
                "        self.b = 2\n    def forward(self, x):\n        return x + self.a\n"
                "n = Net()\nprint(n(10), n.registered())\n")
        assert out == "11 ['a', 'b']\n"
        assert r.error("n._registered").kind == "AttributeError"
    finally:
        sandbox._extra_subclassable.remove(Base)


@pytest.mark.parametrize("source,kind,word", [
    ("class C(metaclass=type):\n    pass", "TypeError", "metaclass"),
    ("class C:\n    def __getattr__(self, n):\n        return 1", "TypeError", "__getattr__"),
    ("type('X', (), {})", "TypeError", "class statement"),
])
def test_refused_class_constructs(source, kind, word):
    err = error(source)
    assert err.kind == kind and word in err.message
