"""A statement that fails (or is interrupted, or times out) leaves every variable as it was."""

import threading

import pytest

import gradcalc.engine as torch
from interp_testutil import Run


def test_bindings_restored():
    r = Run()
    r("a = 1\nb = 'keep'")
    err = r.error("for i in range(3):\n    a = i\n    c = i\n    if i == 0:\n        del b\n    if i == 2:\n        1 / 0")
    assert err.kind == "ZeroDivisionError"
    assert r.ns == {"a": 1, "b": "keep"}


def test_each_statement_of_a_line_is_its_own():
    r = Run()
    r.error("a = 1; b = 2; 1 / 0")
    assert r.ns == {"a": 1, "b": 2}  # `;` separates statements, as in Python


def test_tensor_changed_in_place_restored():
    r = Run()
    r("t = ones(3)\nu = t")
    before = r.ns["t"]._version
    err = r.error("if True:\n    t += 1\n    t[0] = 5\n    t.mul_(3)\n    t.zero_()\n    t.nonexistent")
    assert err.kind == "AttributeError"
    assert r.ns["t"] is r.ns["u"]
    assert r.ns["t"].tolist() == [1.0, 1.0, 1.0]
    assert r.ns["t"]._version == before


def test_view_written_in_place_restored():
    r = Run()
    r("t = zeros(2, 2)")
    r.error("if True:\n    v = t[0]\n    v += 7\n    1 / 0")
    assert r.ns["t"].tolist() == [[0.0, 0.0], [0.0, 0.0]]
    assert "v" not in r.ns


def test_gradient_accumulation_restored():
    r = Run()
    r("w = ones(2, requires_grad=True)\n(w * 2).sum().backward()")
    r.error("if True:\n    (w * 5).sum().backward()\n    1 / 0")
    assert r.ns["w"].grad.tolist() == [2.0, 2.0]
    r.error("if True:\n    w.grad = None\n    w.requires_grad = False\n    1 / 0")
    assert r.ns["w"].grad.tolist() == [2.0, 2.0] and r.ns["w"].requires_grad


def test_lists_restored_and_keep_identity():
    r = Run()
    r("xs = [1, [2]]\nalias = xs\nadd = xs.append")
    inner = r.ns["xs"][1]
    r.error("if True:\n    xs.append(3)\n    xs[0] = 9\n    xs += [4]\n    xs[1].append(5)\n    add(6)\n"
            "    xs.sort(key=str)\n    del xs[0]\n    1 / 0")
    assert r.ns["xs"] == [1, [2]] and r.ns["xs"] is r.ns["alias"] and r.ns["xs"][1] is inner


def test_dicts_restored():
    r = Run()
    r("def f(**kw):\n    return kw\nd = f(a=1)")
    r.error("if True:\n    d['b'] = 2\n    d.pop('a')\n    d.update(c=3)\n    1 / 0")
    assert r.ns["d"] == {"a": 1}


def test_closure_cells_restored():
    r = Run()
    r("def counter():\n    c = 0\n    def inc():\n        nonlocal c\n        c += 1\n        return c\n"
      "    return inc\ninc = counter()\ninc()")
    r.error("if True:\n    inc()\n    inc()\n    1 / 0")
    assert r("print(inc())") == "2\n"


def test_grad_mode_restored():
    r = Run()
    r.error("if True:\n    torch.set_grad_enabled(False)\n    1 / 0")
    assert torch.is_grad_enabled()
    r.error("with torch.no_grad():\n    1 / 0")
    assert torch.is_grad_enabled()


def test_success_commits():
    r = Run()
    r("xs = [1]\nt = zeros(1)\nif True:\n    xs.append(2)\n    t += 1")
    assert r.ns["xs"] == [1, 2] and r.ns["t"].tolist() == [1.0]


def test_keyboard_interrupt_rolls_back():
    r = Run()

    def ctrl_c():
        raise KeyboardInterrupt

    r("n = 0\nxs = []")
    r.session.set("ctrl_c", ctrl_c)
    err = r.error("for i in range(5):\n    n += 1\n    xs.append(i)\n    if i == 3:\n        ctrl_c()")
    assert err.kind == "KeyboardInterrupt" and err.message == ""
    assert err.line == 5
    assert r.ns["n"] == 0 and r.ns["xs"] == []


def test_interrupt_from_another_thread_rolls_back():
    r = Run()
    r("n = 0")
    timer = threading.Timer(0.2, r.session.interrupt)
    timer.start()
    err = r.error("while True:\n    n += 1")
    timer.join()
    assert err.kind == "KeyboardInterrupt"
    assert r.ns["n"] == 0
    assert r("n += 1\nprint(n)") == "1\n"  # the session goes on


def test_timeout_rolls_back():
    r = Run(timeout=0.3)
    r("xs = []")
    err = r.error("while True:\n    xs.append(1)\n    if len(xs) > 100:\n        xs.clear()")
    assert err.kind == "TimeoutError" and "time limit" in err.message
    assert r.ns["xs"] == []
    assert r("print(len(xs))") == "0\n"


def test_nested_run_is_undone_with_the_outer_statement():
    r = Run()

    def magic(session, name, args, stmt):
        session.run(args)  # e.g. %time STMT
        raise ValueError("the magic failed after running its statement")

    r.session = type(r.session)(out=r.out.append, magic=magic)
    r("xs = [1]\nt = zeros(1)")
    err = r.error("if True:\n    %time xs.append(2); t.add_(1)\n    pass")
    assert err.kind == "ValueError"
    assert r.ns["xs"] == [1] and r.ns["t"].tolist() == [0.0]


@pytest.mark.parametrize("source", ["exit()", "quit(3)"])
def test_exit_keeps_the_statement(source):
    from gradcalc.interpreter import ExitRequested

    r = Run()
    with pytest.raises(ExitRequested) as info:
        r(f"x = 1\nif True:\n    y = 2\n    {source}\nz = 3")
    assert r.ns == {"x": 1, "y": 2}
    assert info.value.code in (None, 3)


def test_a_long_statement_does_not_keep_every_temporary_it_changed():
    """A training loop is one statement: the undo record keeps only what is still reachable."""
    import tracemalloc

    from gradcalc.interpreter import Session

    def peak(n):
        s = Session()
        tracemalloc.start()
        try:
            s.run(f"for i in range({n}):\n    y = torch.zeros(100000)\n    y.add_(1)\n    tmp = [0] * 1000\n"
                  f"    tmp.append(1)\n")
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    assert peak(400) < 1.3 * peak(100)  # bounded, not growing with the number of iterations
    s = Session()
    s.run("z = torch.ones(3)")
    with pytest.raises(Exception):
        s.run("for i in range(100):\n    w = torch.zeros(10)\n    w.add_(1)\n    z.add_(1)\n    if i == 99:\n        undefined")
    assert s.namespace["z"].tolist() == [1.0] * 3  # the swept temporaries did not cost z its undo


def test_engine_settings_and_freed_graphs_come_back_with_a_failed_statement():
    from gradcalc.interpreter import Session, UserError
    s = Session()
    s.run("x = torch.ones(2, requires_grad=True)\ny = (x * x).sum()")
    with pytest.raises(UserError):
        s.run("for i in range(1):\n    y.backward()\n    torch.set_default_dtype(torch.float64)\n"
              "    torch.set_printoptions(precision=2)\n    torch.autograd.set_detect_anomaly(True)\n    1 / 0")
    assert s.namespace["x"].grad is None
    s.run("y.backward()")  # the graph the failed statement's backward freed is whole again
    assert s.namespace["x"].grad.tolist() == [2.0, 2.0]
    assert torch.get_default_dtype() is torch.float32
    assert torch.get_printoptions()["precision"] == 4
    assert not torch.is_anomaly_enabled()


# -- the journal: the engine tells it of every change --------------------------------------------

def test_journal_rolls_back_inplace_changes_and_grads():
    from gradcalc.interpreter.journal import Journal
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (x * x).sum().backward()
    w = torch.zeros(3)
    v = w[1:]
    with Journal() as j:
        v.add_(5)
        w[0] = 9
        (x * 10).sum().backward()
        x.requires_grad_(False)
    assert w.tolist() == [9.0, 5.0, 5.0]
    j.rollback()
    assert w.tolist() == [0.0, 0.0, 0.0] and w._version == 0
    assert x.grad.tolist() == [2.0, 4.0] and x.requires_grad


HOOK_STATEMENTS = {
    "tensor hook": "h = y.register_hook(lambda g: g * 100)",
    "leaf hook": "h = x.register_hook(lambda g: g * 100)",
    "node hook": "h = y.grad_fn.register_hook(lambda gi, go: (gi[0] * 100,) + gi[1:])",
    "node prehook": "h = y.grad_fn.register_prehook(lambda go: (go[0] * 100,))",
    "post-accumulate hook": "h = x.register_post_accumulate_grad_hook(lambda t: t.grad.mul_(100))",
}


@pytest.mark.parametrize("stmt", list(HOOK_STATEMENTS.values()), ids=list(HOOK_STATEMENTS))
def test_a_failing_statement_leaves_no_hook_behind(stmt):
    r = Run()
    r("x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 3")
    err = r.error(f"if True:\n    {stmt}\n    1 / 0")
    assert err.kind == "ZeroDivisionError"
    r("y.sum().backward()")
    assert r.ns["x"].grad.tolist() == [3.0, 3.0]


def test_a_failing_statement_undoes_retain_grad():
    r = Run()
    r("x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 3")
    r.error("if True:\n    y.retain_grad()\n    1 / 0")
    assert r("print(y.retains_grad)") == "False\n"
    r("y.sum().backward()")
    assert r.ns["y"]._grad is None


@pytest.mark.parametrize("stmt", list(HOOK_STATEMENTS.values()), ids=list(HOOK_STATEMENTS))
def test_a_failing_statement_undoes_handle_remove(stmt):
    r = Run()
    r("x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 3")
    r(stmt.replace("100", "10"))
    r.error("if True:\n    h.remove()\n    1 / 0")
    r("y.sum().backward(retain_graph=True)")
    assert r.ns["x"].grad.tolist() == [30.0, 30.0]
    r("x.grad = None\nh.remove()\ny.sum().backward()")  # the handle kept from before still works
    assert r.ns["x"].grad.tolist() == [3.0, 3.0]


def test_hooks_registered_by_a_statement_that_succeeds_stay():
    r = Run()
    r("x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 3\nh = y.register_hook(lambda g: g * 100)")
    r("y.sum().backward()")
    assert r.ns["x"].grad.tolist() == [300.0, 300.0]


def test_a_second_interrupt_waits_for_the_rollback(monkeypatch):
    """Ctrl-C pressed while a failed statement is being undone: the undo finishes first."""
    import os
    import signal

    from gradcalc.interpreter import journal
    r = Run()
    r("ts = [torch.zeros(3) for i in range(20)]")
    restore, calls = journal._restore, []

    def restore_then_interrupt(t, state):
        calls.append(t)
        if len(calls) == 5:
            os.kill(os.getpid(), signal.SIGINT)  # the second Ctrl-C, in the middle of the undo
        restore(t, state)

    monkeypatch.setattr(journal, "_restore", restore_then_interrupt)
    err = r.error("if True:\n    for t in ts:\n        t += 1\n    1 / 0")
    assert err.kind == "KeyboardInterrupt"
    assert len(calls) == 20
    assert all(t.tolist() == [0.0, 0.0, 0.0] for t in r.ns["ts"])
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
