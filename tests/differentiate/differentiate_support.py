"""Helpers for the differentiator tests: a session, a magic context, the rendered cases.

The session is the real interpreter's when it exists, else the stand-in
(differentiate_standin), so these tests follow the Session as it lands.
"""

import io
import os
import re

try:
    from gradcalc.interpreter import Session, UserError
except ImportError:  # the interpreter has not landed yet
    from differentiate_standin import StandinSession as Session, UserError

HERE = os.path.dirname(__file__)
EXPECTED = os.path.join(HERE, "expected")

ANSI = re.compile(r"\x1b\[[0-9;]*m")


class MagicError(Exception):
    def __init__(self, kind, message):
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


class RecordingOutput:
    """The part of cli.render.Output the magics use, recording what they print."""

    def __init__(self, color=False):
        self.color = color
        self.buffer = io.StringIO()

    def write(self, text):
        self.buffer.write(text)

    def print(self, renderable=""):
        from rich.console import Console

        console = Console(file=self.buffer, force_terminal=True, color_system="truecolor", width=200,
                          soft_wrap=True, markup=False, emoji=False, highlight=False)
        console.print(renderable)

    @property
    def text(self):
        return self.buffer.getvalue()


class Ctx:
    """A magic's context (cli.magics.MagicContext's shape): session, output, error()."""

    def __init__(self, session, color=False):
        self.session = session
        self.output = RecordingOutput(color)
        self.stmt = None

    def error(self, kind, message):
        return MagicError(kind, message)


def new_session():
    return Session(out=lambda text: None)


def run_magic(session, line, color=False):
    """Run ``%name args`` through the magic's own ``run``; returns what it printed."""
    from importlib import import_module

    name, _, args = line.lstrip("%").partition(" ")
    ctx = Ctx(session, color)
    import_module(f"gradcalc.cli.magics.{name}").run(ctx, args)
    return ctx.output.text


TUTORIAL = """\
x = torch.ones(2, 2, requires_grad=True)
y = x + 2
z = y * y * 3
out = z.mean()
"""

# the same computation in one line, as issue 6 writes it
TUTORIAL_ONE_LINE = """\
x = torch.ones(2, 2, requires_grad=True)
out = (3*(x+2)**2).mean()
"""

TUTORIAL_VECTOR = """\
x = torch.tensor([0.3, -0.7, 0.2], requires_grad=True)
y = x * 2
while y.data.norm() < 1000:
    y = y * 2
v = torch.tensor([0.1, 1.0, 0.0001], dtype=torch.float)
"""

BROADCAST = """\
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
b = torch.tensor([10., 20., 30.], requires_grad=True)
c = a * b
"""

SHARED = """\
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = torch.tensor([4., 5., 6.], requires_grad=True)
s = torch.cat([a * 2, b, a + b]).sum()
"""

CHAIN = """\
w = torch.tensor([1.0, 2.0], requires_grad=True)
t = w
for i in range(3000):
    t = t * 1.0001
"""

ACCUMULATE = """\
x = torch.tensor([1., 2.], requires_grad=True)
q = (x * x).sum()
q.backward(retain_graph=True)
"""

LARGE = """\
big = torch.arange(2000.).reshape(40, 50).requires_grad_()
m = (big.sin() * 2).sum()
"""

MULTI = """\
p = torch.tensor([1., 2., 3., 4.], requires_grad=True)
lo, hi = p.split(2)
r = (lo * hi).sum()
"""

# a forward-mode pass through ops whose forward rule is their own (tanh, sin) and one derived from the backward (mv)
FORWARD = """\
a = torch.tensor([1., 2.], requires_grad=True)
W = torch.tensor([[0.5, -1.], [0.25, 0.1]], requires_grad=True)
h = (W @ a).tanh().sin()
"""

# name -> (setup code, magic line). Expected output: expected/<name>.txt
CASES = {
    "graph_tutorial": (TUTORIAL, "%graph out"),
    "graph_shared": (SHARED, "%graph s"),
    "graph_chain_depth": (CHAIN, "%graph t --depth 4"),
    "graph_leaf": (TUTORIAL, "%graph x"),
    "graph_no_graph": (TUTORIAL, "%graph torch.ones(2)"),
    "graph_grad_fn": (TUTORIAL, "%graph y.grad_fn"),
    "graph_multi_output": (MULTI, "%graph r"),
    "explain_tutorial": (TUTORIAL, "%explain out --accumulate"),
    "explain_tutorial_dry": (TUTORIAL, "%explain out"),  # dry is the default
    "explain_tutorial_one_line": (TUTORIAL_ONE_LINE, "%explain out --accumulate"),
    "explain_vector": (TUTORIAL_VECTOR, "%explain y --gradient v --accumulate"),
    "explain_broadcast": (BROADCAST, "%explain c --gradient torch.ones(2, 3) --dry"),
    "explain_accumulate": (ACCUMULATE, "%explain q --accumulate"),
    "explain_large": (LARGE, "%explain m --dry"),
    "explain_multi_output": (MULTI, "%explain r --accumulate"),
    "explain_forward": (FORWARD, "%explain h --forward --tangent {'a': [1., 0.]}"),
}


def render_case(name, color=False):
    setup, line = CASES[name]
    session = new_session()
    session.run(setup)
    return run_magic(session, line, color)


def expected_path(name):
    return os.path.join(EXPECTED, name + ".txt")


def tutorial_dot():
    """The DOT text %graph out --dot writes for the tutorial's graph."""
    import tempfile

    session = new_session()
    session.run(TUTORIAL)
    with tempfile.TemporaryDirectory() as d:
        here = os.getcwd()
        os.chdir(d)  # files only under the working directory
        try:
            run_magic(session, "%graph out --dot g.dot")
            with open("g.dot", encoding="utf-8") as f:
                return f.read()
        finally:
            os.chdir(here)
