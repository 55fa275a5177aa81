"""torch.autograd.profiler: ``profile`` times every op a block runs; ``record_function`` names a range.

    with torch.autograd.profiler.profile() as prf:
        z = (z / x) * y
    print(prf.key_averages().table(sort_by="self_cpu_time_total"))

While a profile records, each op is an ``aten::<op>`` range (``aten::div``,
``aten::mul``), each backward node an ``autograd::engine::evaluate_function: ...``
range, each ``record_function`` a range of its own name; a range's self time is its
time less the ranges inside it. The engine is only watched between the profile's
start and its end (profiler_hooks.py): code that is not profiled runs untouched.

One profile records at a time (torch's nested profiles corrupt each other's
results without a word; here the second one says so).
"""

from __future__ import annotations

import functools
import warnings

from . import profiler_hooks as _hooks
from .profiler_util import EventList, FunctionEvent, FunctionEventAvg  # noqa: F401

__all__ = ["profile", "record_function", "EventList", "FunctionEvent", "FunctionEventAvg"]

_RUNNING = [None]  # the profile recording now (the interpreter undoes a failed statement's start)


class profile:
    """Context manager that records the time (and with ``profile_memory`` the memory) of every op
    run inside it. ``record_shapes`` keeps each op's input shapes (``key_averages(group_by_input_shape=True)``)."""

    def __init__(self, enabled=True, *, use_cuda=False, use_device=None, record_shapes=False, with_flops=False,
                 profile_memory=False, with_stack=False, with_modules=False, use_kineto=False, use_cpu=True,
                 experimental_config=None, acc_events=False, custom_trace_id_callback=None,
                 post_processing_timeout_s=None):
        self.enabled = bool(enabled)
        if use_cuda:
            warnings.warn("The attribute `use_cuda` will be deprecated soon, please use ``use_device = 'cuda'`` "
                          "instead.", FutureWarning, stacklevel=2)
            use_device = "cuda"
        if use_device is not None and use_device != "cpu":
            warnings.warn(f"{str(use_device).upper()} is not available, disabling {str(use_device).upper()} "
                          "profiling", UserWarning, stacklevel=2)
        self.use_cuda = False
        self.use_device = None
        self.record_shapes = bool(record_shapes)
        self.with_flops = bool(with_flops)
        self.profile_memory = bool(profile_memory)
        self.with_stack = bool(with_stack)
        self.with_modules = bool(with_modules)
        self.use_cpu = bool(use_cpu)
        self.acc_events = bool(acc_events)
        self.entered = False
        self._recorder = None
        self._events = None

    # -- running --------------------------------------------------------------------------------
    def __enter__(self):
        if not self.enabled:
            return self
        if self.entered:
            raise RuntimeError("Profiler context manager is not reentrant")
        self._start()
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        if self.enabled and self._recorder is not None:
            self._stop()
        return False

    def _start(self):
        recorder = _hooks.Recorder(self.record_shapes, self.profile_memory, self.with_flops)
        _hooks.install(recorder)
        self.entered = True
        self._recorder = recorder
        _RUNNING[0] = self

    def _stop(self):
        recorder = self._recorder
        recorder.close_all()
        if _RUNNING[0] is self:
            _RUNNING[0] = None
        if _hooks.ACTIVE[0] is recorder:
            _hooks.uninstall()
        self._recorder = None
        events = recorder.events
        if self.acc_events and self._events is not None:
            events = list(self._events) + events
        self._events = EventList(events, profile_memory=self.profile_memory, with_flops=self.with_flops)

    # -- results --------------------------------------------------------------------------------
    def _finished(self):
        if self._recorder is not None:
            raise RuntimeError("Profiler didn't finish running")
        if self._events is None:
            return EventList(profile_memory=self.profile_memory, with_flops=self.with_flops)
        return self._events

    @property
    def function_events(self):
        """Every range recorded, in the order they started (an EventList of FunctionEvent)."""
        return self._finished()

    def key_averages(self, group_by_input_shape=False, group_by_stack_n=0, group_by_overload_name=False):
        """The ranges averaged by name (and input shapes, and top of stack, when asked)."""
        return self._finished().key_averages(group_by_input_shape, group_by_stack_n, group_by_overload_name)

    def table(self, sort_by=None, row_limit=100, max_src_column_width=75, max_name_column_width=55,
              max_shapes_column_width=80, header=None, top_level_events_only=False, time_unit=None):
        """The table of every range (not averaged; ``key_averages().table()`` averages)."""
        return self._finished().table(sort_by=sort_by, row_limit=row_limit,
                                      max_src_column_width=max_src_column_width,
                                      max_name_column_width=max_name_column_width,
                                      max_shapes_column_width=max_shapes_column_width, header=header,
                                      top_level_events_only=top_level_events_only, time_unit=time_unit)

    def total_average(self):
        return self._finished().total_average()

    @property
    def self_cpu_time_total(self):
        """The self CPU time of every range, summed (us)."""
        return self._finished().self_cpu_time_total

    def export_chrome_trace(self, path):
        """Write the recorded ranges to ``path`` as a Chrome trace (JSON)."""
        return self._finished().export_chrome_trace(path)

    def __str__(self):
        if self._recorder is not None or self._events is None:
            return "<unfinished torch.autograd.profile>"
        return str(self._events)

    def __repr__(self):
        if self._recorder is not None or self._events is None:
            return "<unfinished torch.autograd.profile>"
        return repr(self._events)


class record_function:
    """Names a range in the profile: ``with record_function("model_inference"): ...``, or as a
    decorator ``@record_function("step")``. Records nothing when no profile is running."""

    def __init__(self, name, args=None):
        if not isinstance(name, str):
            raise TypeError(f"record_function(): argument 'name' must be str, not {type(name).__name__}")
        self.name = name
        self.args = args
        self._event = None
        self._recorder = None

    def __enter__(self):
        recorder = _hooks.ACTIVE[0]
        if recorder is not None:
            self._recorder = recorder
            # torch reports every step's range as one name (its _rewrite_name): ProfilerStep*
            name = "ProfilerStep*" if self.name.startswith("ProfilerStep#") else self.name
            self._event = recorder.push(name, user=True)
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        recorder, event = self._recorder, self._event
        self._recorder = self._event = None
        if recorder is not None and _hooks.ACTIVE[0] is recorder:
            recorder.pop(event)
        return False

    def __call__(self, fn):
        """``@record_function(name)``: every call of ``fn`` is a range named ``name``."""
        if not callable(fn):
            raise TypeError(f"record_function can decorate a function, not {type(fn).__name__}")
        name = self.name

        def recorded(*args, **kwargs):
            with record_function(name):
                return fn(*args, **kwargs)
        try:
            functools.update_wrapper(recorded, fn, assigned=("__name__", "__qualname__", "__doc__"), updated=())
        except (AttributeError, TypeError):
            pass
        return recorded

    def __repr__(self):
        return f"<torch.autograd.profiler.record_function object at {id(self):#x}>"


def running():
    """The profile recording now, or None (the interpreter notes it around each statement)."""
    return _RUNNING[0]


def stop_running_since(before):
    """A failed statement started the running profile (``before`` was running when it began):
    stop it, so no wrapper outlives the statement that put it there."""
    now = _RUNNING[0]
    if now is not None and now is not before:
        now._stop()
