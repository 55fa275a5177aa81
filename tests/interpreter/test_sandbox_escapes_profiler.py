"""Ways out of the sandbox through torch.profiler / torch.autograd.profiler: the profiles, the
events and averages they hand out, the tables, record_function as a decorator; and the engine
left as it was (no wrapper on the op classes) after an exception inside a profile, a failed
statement that started one, a profile left open across statements."""

import pytest

from gradcalc.engine import node as _node
from gradcalc.engine.autograd import profiler_hooks as hooks
from interp_testutil import Run
from test_sandbox_escapes import _check

SETUP = ("from torch.profiler import profile, record_function, ProfilerActivity, schedule\n"
         "x = torch.ones(2, 3, requires_grad=True)\n"
         "with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:\n"
         "    with record_function('block'):\n"
         "        y = (x * 2).sum()\n"
         "    y.backward()\n"
         "ev = prof.events()\n"
         "avg = prof.key_averages()\n"
         "@record_function('deco')\n"
         "def f(t):\n    return t * 2\n"
         "rf = record_function('r')\n")

ESCAPES = [
    ("prof._recording", "AttributeError", "_recording"),
    ("prof.profiler._recorder", "AttributeError", "_recorder"),
    ("prof.profiler._events", "AttributeError", "_events"),
    ("prof.__dict__", "AttributeError", "__dict__"),
    ("prof.__class__", "AttributeError", "__class__"),
    ("prof._transit", "AttributeError", "_transit"),
    ("prof.start.__func__", "AttributeError", "__func__"),
    ("prof.start.__self__", "AttributeError", "__self__"),
    ("prof.key_averages.__globals__", "AttributeError", "__globals__"),
    ("prof.on_trace_ready.__code__", "AttributeError", "__code__"),
    ("ev._profile_memory", "AttributeError", "_profile_memory"),
    ("ev.__class__", "AttributeError", "__class__"),
    ("ev.table.__globals__", "AttributeError", "__globals__"),
    ("ev[0].__class__", "AttributeError", "__class__"),
    ("ev[0].__slots__", "AttributeError", "__slots__"),
    ("ev[0].cpu_children.__class__", "AttributeError", "__class__"),
    ("avg[0].__class__", "AttributeError", "__class__"),
    ("avg[0].add.__func__", "AttributeError", "__func__"),
    ("avg.total_average().__repr__.__globals__", "AttributeError", "__repr__"),
    ("f.__wrapped__", "AttributeError", "__wrapped__"),
    ("f.__closure__", "AttributeError", "__closure__"),
    ("f.__globals__", "AttributeError", "__globals__"),
    ("rf.__call__", "AttributeError", "__call__"),
    ("rf._event", "AttributeError", "_event"),
    ("rf.__enter__", "AttributeError", "__enter__"),
    ("record_function.__init__", "AttributeError", "__init__"),
    ("ProfilerActivity.__members__", "AttributeError", "__members__"),
    ("ProfilerActivity.CPU.__class__", "AttributeError", "__class__"),
    ("torch.profiler.profile.__init__.__globals__", "AttributeError", "__init__"),
    ("torch.profiler.actions", "AttributeError", "actions"),
    ("torch.profiler.warnings", "AttributeError", "warnings"),
    ("torch.autograd.profiler._hooks", "AttributeError", "_hooks"),
    ("torch.autograd.profiler.functools", "AttributeError", "functools"),
    ("torch.autograd.profiler_util", "AttributeError", "profiler_util"),
    ("schedule(wait=1, warmup=1, active=1).__closure__", "AttributeError", "__closure__"),
    ("record_function(print)", "TypeError", "must be str"),
]


@pytest.fixture
def session():
    r = Run()
    r(SETUP)
    return r


@pytest.mark.parametrize("attempt,kind,word", ESCAPES, ids=[e[0] for e in ESCAPES])
def test_expression_escape_fails(session, attempt, kind, word):
    _check(session, f"leak = {attempt}", kind, word)
    assert not hooks.installed()


def test_what_the_language_reads(session):
    out = session("print(ev[0].name, len(ev) > 3, avg[0].key, avg[0].count, type(avg).__name__ if False else 1)\n"
                  "print(sorted(e.key for e in avg))\n"
                  "print(ProfilerActivity.CPU, torch.profiler.ProfilerAction.RECORD_AND_SAVE.name)\n"
                  "print(prof.step_num, prof.current_action)\n"
                  "print(f(torch.ones(1)))\n")
    assert out.split("\n")[0] == "block True block 1 1"
    assert "'aten::mul'" in out and "'autograd::engine::evaluate_function: MulBackward0'" in out
    assert "ProfilerActivity.CPU RECORD_AND_SAVE" in out
    assert "0 ProfilerAction.RECORD" in out
    assert "tensor([2.])" in out


def _untouched():
    assert not hooks.installed() and hooks.ACTIVE[0] is None
    for cls in _node.OPS:
        assert not hasattr(cls.__dict__.get("forward"), hooks._WRAPPED_MARK), cls


def test_exception_inside_with_removes_the_hooks(session):
    session("z = torch.zeros(2)\n")
    err = session.error("with profile() as p2:\n    z.add_(1)\n    w = torch.ones(2) + torch.ones(3)\n")
    assert err.kind == "RuntimeError"
    _untouched()
    assert session.ns["z"].tolist() == [0.0, 0.0]  # the statement's undo still works
    assert "p2" not in session.ns


def test_failed_statement_that_started_a_profile_stops_it(session):
    err = session.error("if True:\n    p3 = profile()\n    p3.start()\n    q = torch.ones(2) * 2\n    1 / 0\n")
    assert err.kind == "ZeroDivisionError"
    _untouched()
    assert "p3" not in session.ns and "q" not in session.ns


def test_profile_left_open_across_statements(session):
    session("p4 = profile()\np4.start()\n")
    assert hooks.installed()
    session("q = torch.ones(2) * 2\n")
    err = session.error("r = torch.ones(2) / 0\nr.nonexistent\n")  # a failure does not stop a profile it did not start
    assert err.kind == "AttributeError"
    assert hooks.installed()
    out = session("p4.stop()\nprint(sorted(e.key for e in p4.key_averages()))\n")
    _untouched()
    assert "aten::mul" in out and "aten::div" in out


def test_decorator_hooks_and_trace_ready_run_user_code(session):
    out = session("seen = []\n"
                  "def ready(p):\n    seen.append(p.step_num)\n"
                  "with profile(schedule=schedule(wait=0, warmup=1, active=1), on_trace_ready=ready) as p5:\n"
                  "    for i in range(4):\n        f(torch.ones(1))\n        p5.step()\n"
                  "print(seen)\n")
    assert out == "[2, 4]\n"
    _untouched()


WHILE_RECORDING = [
    ("torch.Tensor.add_._gc_profiler_original", "AttributeError", "_gc_profiler_original"),
    ("x.add_.__func__", "AttributeError", "__func__"),
    ("x.add_.__wrapped__", "AttributeError", "__wrapped__"),
    ("torch.Tensor.add_.__closure__", "AttributeError", "__closure__"),
    ("torch.autograd.Function._apply", "AttributeError", "_apply"),
]


@pytest.mark.parametrize("attempt,kind,word", WHILE_RECORDING, ids=[e[0] for e in WHILE_RECORDING])
def test_wrappers_are_opaque_while_recording(session, attempt, kind, word):
    session("p6 = profile()\np6.start()\n")
    try:
        _check(session, f"leak = {attempt}", kind, word)
        assert hooks.installed()
    finally:
        session("p6.stop()\n")
    _untouched()


def test_trace_file_needs_file_access(session):
    err = session.error("prof.export_chrome_trace('trace.json')\n")
    assert err.kind == "PermissionError"
