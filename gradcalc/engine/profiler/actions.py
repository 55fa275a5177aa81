"""The activities a profile can record and the schedule deciding what each step does."""

from __future__ import annotations

import enum
import warnings


class ProfilerActivity(enum.Enum):
    """What a profile records: ``CPU`` (the only one gradcalc has: it runs on the CPU)."""

    CPU = 0
    XPU = 1
    MTIA = 2
    CUDA = 3
    HPU = 4
    PrivateUse1 = 5


class ProfilerAction(enum.Enum):
    """What the profiler does during a step."""

    NONE = 0
    WARMUP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3
    DEVICE_STOPPED = 4


def supported_activities():
    """The activities this build can record: ``{ProfilerActivity.CPU}``."""
    return {ProfilerActivity.CPU}


def schedule(*, wait, warmup, active, repeat=0, skip_first=0, skip_first_wait=0):
    """A schedule for ``profile(schedule=...)``: skip ``skip_first`` steps, then cycles of ``wait``
    idle steps, ``warmup`` steps and ``active`` recorded steps (the last one hands the trace to
    ``on_trace_ready``), ``repeat`` times (0: until the profile ends). ``skip_first_wait`` drops
    the first cycle's wait."""
    for arg, value in (("wait", wait), ("warmup", warmup), ("active", active), ("repeat", repeat),
                       ("skip_first", skip_first), ("skip_first_wait", skip_first_wait)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"schedule(): argument '{arg}' must be int, not {type(value).__name__}")
    if wait < 0 or warmup < 0 or active <= 0 or repeat < 0 or skip_first < 0:
        raise AssertionError(
            f"Invalid profiler schedule arguments. Got wait={wait} (need >= 0), warmup={warmup} (need >= 0), "
            f"active={active} (need > 0), repeat={repeat} (need >= 0), skip_first={skip_first} (need >= 0).")
    if warmup == 0:
        warnings.warn("Profiler won't be using warmup, this can skew profiler results", UserWarning, stacklevel=2)
    cycle = wait + warmup + active

    def schedule_fn(step):
        if step < 0:
            raise AssertionError(f"Step must be non-negative. Got {step}.")
        if step < skip_first:
            return ProfilerAction.NONE
        step -= skip_first
        if skip_first_wait != 0:
            step += wait
        if repeat > 0 and step / cycle >= repeat:
            return ProfilerAction.NONE
        at = step % cycle
        if at < wait:
            return ProfilerAction.NONE
        if at < wait + warmup:
            return ProfilerAction.WARMUP
        return ProfilerAction.RECORD if at < cycle - 1 else ProfilerAction.RECORD_AND_SAVE
    return schedule_fn


def default_schedule(step):
    """Without a schedule a profile records every step."""
    return ProfilerAction.RECORD
