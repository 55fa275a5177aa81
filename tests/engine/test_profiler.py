"""torch.autograd.profiler and torch.profiler on the engine: what is recorded (names, nesting,
self time, shapes, memory, backward nodes), the table's options, and that the engine is left
exactly as it was when the profile ends, whatever happened inside it. Never timed."""

import pytest

import gradcalc.engine as torch
from gradcalc.engine import node as _node
from gradcalc.engine.autograd import profiler_hooks as hooks
from gradcalc.engine.autograd.profiler import profile, record_function
from gradcalc.engine.autograd.profiler_util import format_memory, format_time, format_time_share


def _ops_untouched():
    from gradcalc.engine.ops import METHODS

    assert not hooks.installed() and hooks.ACTIVE[0] is None
    for cls in _node.OPS:
        assert not hasattr(cls.__dict__.get("forward"), hooks._WRAPPED_MARK), cls
        assert not hasattr(cls.__dict__.get("backward"), hooks._WRAPPED_MARK), cls
    for name, value in list(vars(torch.Tensor).items()) + list(METHODS.items()):
        assert not hasattr(value, hooks._WRAPPED_MARK), name


def test_intro_autograd_rows():
    x = torch.randn(2, 3, requires_grad=True)
    y = torch.randn(2, 3, requires_grad=True)
    z = torch.ones(2, 3, requires_grad=True)
    with torch.autograd.profiler.profile() as prf:
        for _ in range(7):
            z = (z / x) * y
    avg = {e.key: e for e in prf.key_averages()}
    assert set(avg) == {"aten::div", "aten::mul"}
    assert avg["aten::div"].count == avg["aten::mul"].count == 7
    table = prf.key_averages().table(sort_by="self_cpu_time_total")
    lines = table.split("\n")
    assert lines[0] == "-------------  " + "------------  " * 6
    assert lines[1] == ("         Name    Self CPU %      Self CPU   CPU total %     CPU total  CPU time avg    "
                        "# of Calls  ")
    assert lines[-2].startswith("Self CPU time total: ") and lines[-1] == ""
    assert sum(line.endswith("           7  ") for line in lines) == 2
    _ops_untouched()


def test_sort_by_and_row_limit():
    a = torch.ones(3)
    with profile() as prf:
        for _ in range(3):
            a * a
        a / a
    rows = [line.split()[0] for line in prf.key_averages().table(sort_by="count").split("\n")[3:-3]]
    assert rows == ["aten::mul", "aten::div"]
    limited = prf.key_averages().table(sort_by="count", row_limit=1)
    assert "aten::mul" in limited and "aten::div" not in limited
    with pytest.raises(AttributeError, match="'FunctionEventAvg' object has no attribute 'bogus'"):
        prf.key_averages().table(sort_by="bogus")
    for key in ("cpu_time_total", "self_cpu_time_total", "cpu_time", "cuda_time_total", "self_cuda_time_total",
                "cpu_memory_usage", "self_cpu_memory_usage", "cuda_memory_usage", "xpu_time_total"):
        assert "aten::mul" in prf.key_averages().table(sort_by=key)


def test_nesting_and_self_time():
    a = torch.ones(4)
    with profile() as prf:
        with record_function("outer"):
            with record_function("inner"):
                a * a
            a + a
    events = {e.name: e for e in prf.function_events}
    outer, inner = events["outer"], events["inner"]
    assert [c.name for c in outer.cpu_children] == ["inner", "aten::add"]
    assert inner.cpu_parent is outer and events["aten::mul"].cpu_parent is inner
    assert outer.self_cpu_time_total == pytest.approx(
        outer.cpu_time_total - inner.cpu_time_total - events["aten::add"].cpu_time_total)
    assert inner.self_cpu_time_total == pytest.approx(inner.cpu_time_total - events["aten::mul"].cpu_time_total)
    assert outer.start_us <= inner.start_us <= inner.end_us <= outer.end_us
    total = prf.key_averages().total_average()
    assert total.key == "Total" and total.count == 4
    assert total.self_cpu_time_total == pytest.approx(prf.self_cpu_time_total)
    assert total.self_cpu_time_total == pytest.approx(outer.cpu_time_total)


def test_record_function_decorator_and_outside_profile():
    @record_function("step")
    def step(t):
        return t * 2

    assert step(torch.ones(2)).tolist() == [2.0, 2.0]  # no profile: nothing recorded, nothing fails
    with profile() as prf:
        step(torch.ones(2))
        step(torch.ones(2))
    avg = {e.key: e.count for e in prf.key_averages()}
    assert avg == {"step": 2, "aten::mul": 2}


def test_shapes_and_memory():
    a = torch.ones(4, 3)
    with torch.profiler.profile(record_shapes=True, profile_memory=True) as prof:
        a * a
        a.t()
    rows = {(e.key, str(e.input_shapes)): e for e in prof.key_averages(group_by_input_shape=True)}
    assert ("aten::mul", "[[4, 3], [4, 3]]") in rows and ("aten::t", "[[4, 3]]") in rows
    assert rows[("aten::mul", "[[4, 3], [4, 3]]")].cpu_memory_usage == 48
    assert rows[("aten::t", "[[4, 3]]")].cpu_memory_usage == 0  # a view allocates nothing
    table = prof.key_averages(group_by_input_shape=True).table()
    assert "CPU Mem  Self CPU Mem" in table and "Input Shapes" in table and "48 B" in table


def test_backward_rows():
    w = torch.randn(3, requires_grad=True)
    with torch.profiler.profile() as prof:
        (w * 2).sum().backward()
    names = [e.name for e in prof.events()]
    for name in ("autograd::engine::evaluate_function: SumBackward0", "SumBackward0",
                 "autograd::engine::evaluate_function: MulBackward0", "MulBackward0",
                 "autograd::engine::evaluate_function: torch::autograd::AccumulateGrad",
                 "torch::autograd::AccumulateGrad"):
        assert names.count(name) == 1, name
    events = {e.name: e for e in prof.events()}
    assert events["MulBackward0"].cpu_parent is events["autograd::engine::evaluate_function: MulBackward0"]
    assert w.grad.tolist() == [2.0, 2.0, 2.0]
    _ops_untouched()


def test_hooks_removed_after_an_exception():
    a = torch.ones(2)
    with pytest.raises(RuntimeError):
        with profile():
            a * a
            torch.ones(2) + torch.ones(3)
    _ops_untouched()
    with pytest.raises(ZeroDivisionError):
        with torch.profiler.profile():
            1 / 0
    _ops_untouched()


def test_start_stop_and_one_profile_at_a_time():
    p = torch.profiler.profile()
    p.start()
    assert hooks.installed()
    with pytest.raises(RuntimeError, match="already recording"):
        with profile():
            pass
    torch.ones(2) * 3
    p.stop()
    _ops_untouched()
    assert [e.key for e in p.key_averages()] == ["aten::mul"]
    with profile() as prf:
        with pytest.raises(RuntimeError, match="didn't finish"):
            prf.key_averages()


def test_op_class_declared_while_recording_is_profiled():
    class ScaleByThree(_node.Node):
        def forward(ctx, x):
            return x._data * 3

    with profile() as prf:
        class DoubleIt(_node.Node):
            def forward(ctx, x):
                return x._data * 2
        DoubleIt.apply(torch.ones(2))
        ScaleByThree.apply(torch.ones(2))
    assert {e.key for e in prf.key_averages()} == {"aten::double_it", "aten::scale_by_three"}
    _ops_untouched()
    _node.OPS.remove(ScaleByThree)
    _node.OPS.remove(DoubleIt)


def test_aten_names():
    assert hooks.aten_name("AddmmBackward0") == "aten::addmm"
    assert hooks.aten_name("MaxPool2DWithIndicesBackward0") == "aten::max_pool2d_with_indices"
    assert hooks.aten_name("LogSoftmaxBackward0") == "aten::_log_softmax"
    assert hooks.aten_name("ThresholdBackwardBackward0") == "aten::threshold_backward"
    assert hooks.aten_name("TBackward0") == "aten::t"
    assert hooks.aten_name("SumBackward1") == "aten::sum"


def test_formatting_as_torch():
    assert [format_time(t) for t in (0, 1.5, 999.9994, 1000, 1234567)] == [
        "0.000us", "1.500us", "999.999us", "1.000ms", "1.235s"]
    assert format_time_share(1, 3) == "33.33%" and format_time_share(0, 0) == "NaN"
    assert [format_memory(n) for n in (0, 60, 1024, 1536, 3 * 1024 ** 2, -2048, 1024 ** 3)] == [
        "0 B", "60 B", "1.00 KB", "1.50 KB", "3.00 MB", "-2.00 KB", "1.00 GB"]


def test_empty_profile_and_time_unit():
    with profile() as prf:
        pass
    assert prf.key_averages().table() == "" and str(prf) == ""
    with profile() as prf:
        torch.ones(2) * 2
    assert prf.key_averages().table(time_unit="s").rstrip().split("\n")[-1].endswith("s")
    assert "0.000ms" in prf.key_averages().table(time_unit="ms") or "ms" in prf.key_averages().table(time_unit="ms")


def test_schedule_arguments():
    sched = torch.profiler.schedule
    with pytest.raises(AssertionError, match="Invalid profiler schedule arguments"):
        sched(wait=0, warmup=0, active=0)
    with pytest.warns(UserWarning, match="won't be using warmup"):
        sched(wait=1, warmup=0, active=1)
    with pytest.raises(ValueError, match="DEVICE_STOPPED"):
        torch.profiler.profile(schedule=lambda step: torch.profiler.ProfilerAction.DEVICE_STOPPED)


def test_flops_as_torch_counts_them():
    # torch 2.13: addmm 2*M*K*N = 120, mm 240, bmm 2*B*M*K*N = 240, mul/add the results' count
    a, w, b, m = torch.randn(5, 4), torch.randn(3, 4), torch.randn(3), torch.randn(4, 6)
    with torch.profiler.profile(with_flops=True) as prof:
        torch.nn.functional.linear(a, w, b)
        a.mm(m)
        torch.bmm(torch.randn(2, 5, 4), torch.randn(2, 4, 3))
        a * 2
        a + a
        a - a
    flops = {e.name: e.flops for e in prof.events()}
    assert flops["aten::addmm"] == 120 and flops["aten::mm"] == 240 and flops["aten::bmm"] == 240
    assert flops["aten::mul"] == 20 and flops["aten::add"] == 20 and flops["aten::sub"] == 0
    table = prof.key_averages().table()
    assert "Total FLOPs" in table and " 240.000  " in table and "          --  " in table
    with torch.profiler.profile() as plain:
        a.mm(m)
    assert "FLOPs" not in plain.key_averages().table()


def test_reprs_as_torch():
    p = profile()
    assert str(p) == repr(p) == "<unfinished torch.autograd.profile>"
    with p:
        torch.ones(2) * 2
    assert repr(p).startswith("[<FunctionEvent id=0 name=aten::mul overload_name= device_type=DeviceType.CPU ")
    assert str(p).startswith("-----")
    assert repr(torch.profiler.profile()).startswith("<torch.profiler.profiler.profile object at 0x")
    assert repr(record_function("x")).startswith("<torch.autograd.profiler.record_function object at 0x")
    assert str(torch.profiler.ProfilerActivity.CPU) == "ProfilerActivity.CPU"
    assert repr(torch.profiler.ProfilerAction.RECORD) == "<ProfilerAction.RECORD: 2>"


def test_inplace_custom_function_and_optimizer_rows():
    from gradcalc.engine import optim
    from gradcalc.engine.ops import METHODS
    from gradcalc.engine.tensor import Tensor

    add_, iadd = Tensor.add_, METHODS["add_"]

    class Sq(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return 2 * x * g

    w = torch.ones(3, requires_grad=True)
    opt = optim.SGD([w], lr=0.1)
    with profile(record_shapes=True, profile_memory=True) as prf:
        Sq.apply(w).sum().backward()
        opt.step()
        opt.zero_grad()
        with torch.no_grad():
            t = torch.zeros(2)
            t.add_(1)
            t += 1
            t.relu_()
    names = [e.name for e in prf.function_events]
    for name in ("Sq", "autograd::engine::evaluate_function: SqBackward", "SqBackward",
                 "Optimizer.step#SGD.step", "Optimizer.zero_grad#SGD.zero_grad", "aten::relu_"):
        assert names.count(name) == 1, (name, names)
    assert names.count("aten::add_") >= 2 and "aten::relu" not in names
    events = {e.name: e for e in prf.function_events}
    assert events["aten::relu_"].cpu_memory_usage == 0 and events["aten::relu_"].input_shapes == [[2]]
    assert events["aten::mul"].cpu_parent.name in ("Sq", "SqBackward")
    assert w.tolist() == pytest.approx([0.8, 0.8, 0.8]) and t.tolist() == [2.0, 2.0]
    assert Tensor.add_ is add_ and METHODS["add_"] is iadd
    assert type(Sq).__dict__.get("_apply") is None and "_apply" not in Sq.__dict__
    _ops_untouched()
