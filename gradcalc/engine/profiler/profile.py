"""torch.profiler.profile: torch.autograd.profiler's recording driven by a schedule of steps.

Each ``step()`` asks the schedule what the next step does and moves between the
actions as torch's profiler does: NONE -> WARMUP prepares a recording, -> RECORD starts
it, RECORD_AND_SAVE -> (next step) stops it and hands the profile to ``on_trace_ready``.
Without a schedule every step records and the trace is handed over when the profile
stops. With a schedule each recorded step is a ``ProfilerStep#N`` range, as in torch.
"""

from __future__ import annotations

import warnings

from ..autograd import profiler as _autograd_profiler
from .actions import ProfilerAction, ProfilerActivity, default_schedule

_A = ProfilerAction
_WARNED = set()


def _warn_once(message):
    if message not in _WARNED:
        _WARNED.add(message)
        warnings.warn(message, UserWarning, stacklevel=4)


class profile:
    """Profiler context manager (and ``start()``/``stop()``/``step()`` object).

    ``activities``: ``[ProfilerActivity.CPU]`` (the default); ``schedule``: what each step does
    (``torch.profiler.schedule``); ``on_trace_ready(prof)``: called when a recorded cycle ends;
    ``record_shapes``, ``profile_memory``, ``with_stack``, ``with_flops``: what each op's range keeps.
    """

    def __init__(self, *, activities=None, schedule=None, on_trace_ready=None, record_shapes=False,
                 profile_memory=False, with_stack=False, with_flops=False, with_modules=False,
                 experimental_config=None, execution_trace_observer=None, acc_events=False, use_cuda=None,
                 custom_trace_id_callback=None, post_processing_timeout_s=None):
        if use_cuda is not None:
            warnings.warn("`use_cuda` is deprecated, use `activities` argument instead", FutureWarning, stacklevel=2)
        if activities is not None:
            chosen = set()
            for item in activities:
                if isinstance(item, ProfilerActivity):
                    chosen.add(item)
                elif isinstance(item, dict):
                    chosen.update(item)
                else:
                    raise TypeError(f"profile(): activities must be ProfilerActivity values, not "
                                    f"{type(item).__name__}")
            if not chosen:
                raise AssertionError("No valid profiler activities found")
            self.activities = chosen
        else:
            self.activities = {ProfilerActivity.CPU}
        if schedule is not None and not callable(schedule):
            raise TypeError(f"profile(): schedule must be a function of the step number, not {type(schedule).__name__}")
        if on_trace_ready is not None and not callable(on_trace_ready):
            raise TypeError(f"profile(): on_trace_ready must be a function, not {type(on_trace_ready).__name__}")
        self.record_shapes = bool(record_shapes)
        self.profile_memory = bool(profile_memory)
        self.with_stack = bool(with_stack)
        self.with_flops = bool(with_flops)
        self.with_modules = bool(with_modules)
        self.acc_events = bool(acc_events)
        self.schedule = schedule if schedule is not None else default_schedule
        self.record_steps = schedule is not None
        self.on_trace_ready = on_trace_ready
        self.step_num = 0
        self.profiler = None  # the torch.autograd.profiler.profile of the current cycle
        self.current_action = self._ask(0)
        self._step_range = None
        self._recording = False
        self._metadata = {}

    def _ask(self, step):
        action = self.schedule(step)
        if not isinstance(action, ProfilerAction):
            raise TypeError(f"the profiler's schedule must return a ProfilerAction, not {type(action).__name__}")
        if action is _A.DEVICE_STOPPED:
            raise ValueError("ProfilerAction.DEVICE_STOPPED is set internally by the profiler and must not be "
                             "returned by a user-provided schedule")
        return action

    # -- the steps ------------------------------------------------------------------------------
    def __enter__(self):
        self.start()
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.stop()
        return False

    def start(self):
        self._transit(_A.NONE, self.current_action)
        self._open_step_range()

    def stop(self):
        self._close_step_range()
        self._transit(self.current_action, None)

    def step(self):
        """The next step begins: do what the schedule says for it."""
        self._close_step_range()
        previous = self.current_action
        following = self._ask(self.step_num + 1)
        self.step_num += 1
        self.current_action = following
        self._transit(previous, following)
        self._open_step_range()

    def _open_step_range(self):
        if self.record_steps:
            self._step_range = _autograd_profiler.record_function(f"ProfilerStep#{self.step_num}")
            self._step_range.__enter__()

    def _close_step_range(self):
        if self._step_range is not None:
            self._step_range.__exit__(None, None, None)
            self._step_range = None

    def _transit(self, previous, current):
        """torch's action map: what moving from one step's action to the next one's does."""
        N, W, R, S = _A.NONE, _A.WARMUP, _A.RECORD, _A.RECORD_AND_SAVE
        prepare, begin, end, ready = self._prepare, self._begin, self._end, self._ready
        plans = {
            (N, W): [prepare], (N, R): [prepare, begin], (N, S): [prepare, begin],
            (W, N): [lambda: _warn_plain("Incorrect schedule: WARMUP followed by NONE"), begin, end],
            (W, R): [begin], (W, S): [begin],
            (R, N): [lambda: _warn_plain("Incorrect schedule: RECORD followed by NONE"), end],
            (R, W): [lambda: _warn_plain("Incorrect schedule: RECORD followed by WARMUP"), end],
            (S, N): [end, ready], (S, W): [end, ready, prepare], (S, R): [end, ready, prepare, begin],
            (S, S): [end, ready, prepare, begin],
            (W, None): [begin, end], (R, None): [end, ready], (S, None): [end, ready],
        }
        for action in plans.get((previous, current), ()):
            action()

    def _prepare(self):
        if self.profiler is not None and not self.acc_events:
            _warn_once("Warning: Profiler clears events at the end of each cycle. Only events from the current "
                       "cycle will be reported. To keep events across cycles, set acc_events=True.")
        if self.profiler is None or not self.acc_events:
            self.profiler = _autograd_profiler.profile(record_shapes=self.record_shapes, with_flops=self.with_flops,
                                                       profile_memory=self.profile_memory,
                                                       with_stack=self.with_stack, with_modules=self.with_modules,
                                                       acc_events=self.acc_events)

    def _begin(self):
        self.profiler._start()
        self._recording = True

    def _end(self):
        if self._recording:
            self._recording = False
            self.profiler._stop()

    def _ready(self):
        if self.on_trace_ready is not None:
            self.on_trace_ready(self)

    # -- results --------------------------------------------------------------------------------
    def key_averages(self, group_by_input_shape=False, group_by_stack_n=0, group_by_overload_name=False):
        """The last recorded cycle's ranges averaged by name (and shapes, stack, when asked)."""
        if self.profiler is None:
            raise AssertionError("Profiler must be initialized before getting key averages")
        return self.profiler.key_averages(group_by_input_shape, group_by_stack_n, group_by_overload_name)

    def events(self):
        """The last recorded cycle's ranges (FunctionEvent), in the order they started."""
        if self.profiler is None:
            raise AssertionError("Profiler must be initialized before accessing events")
        return self.profiler.function_events

    def export_chrome_trace(self, path):
        """Write the last recorded cycle to ``path`` as a Chrome trace (JSON)."""
        if self.profiler is None:
            raise AssertionError("Profiler must be initialized before exporting chrome trace")
        return self.profiler.export_chrome_trace(path)

    def add_metadata(self, key, value):
        """Metadata for the trace file (kept; gradcalc's trace files hold only the ranges)."""
        self._metadata[str(key)] = str(value)

    def add_metadata_json(self, key, value):
        self._metadata[str(key)] = str(value)

    def get_trace_id(self):
        return None

    def __repr__(self):
        return f"<torch.profiler.profiler.profile object at {id(self):#x}>"


def _warn_plain(message):
    warnings.warn(message, UserWarning, stacklevel=5)


def tensorboard_trace_handler(dir_name, worker_name=None, use_gzip=False, use_python_export=False):
    """An ``on_trace_ready`` that writes each cycle's trace to ``dir_name`` as
    ``<worker>.<time ns>.pt.trace.json`` (a directory TensorBoard's profiler plugin reads)."""
    import time

    if not isinstance(dir_name, str):
        raise TypeError(f"tensorboard_trace_handler(): dir_name must be a str, not {type(dir_name).__name__}")
    if use_gzip:
        raise ValueError("tensorboard_trace_handler(): use_gzip is not supported by gradcalc (it writes plain JSON)")

    def handler_fn(prof):
        worker = worker_name or "gradcalc"
        prof.export_chrome_trace(f"{dir_name.rstrip('/')}/{worker}.{time.time_ns()}.pt.trace.json")
    return handler_fn

