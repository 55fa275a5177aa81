"""torch.profiler: ``profile`` with activities, a ``schedule`` of steps and ``on_trace_ready``.

    from torch.profiler import profile, record_function, ProfilerActivity
    with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
        with record_function("model_inference"):
            model(inputs)
    print(prof.key_averages().table(sort_by="cpu_time_total", row_limit=10))

The recording itself is torch.autograd.profiler's (one range per op); this package
adds what torch.profiler adds on top: the step schedule (skip, wait, warm up, record,
hand the trace over, repeat) and its ``ProfilerStep#N`` ranges.
"""

from ..autograd.profiler import record_function  # noqa: F401
from .actions import ProfilerAction, ProfilerActivity, schedule, supported_activities  # noqa: F401
from .profile import profile, tensorboard_trace_handler  # noqa: F401

__all__ = ["profile", "record_function", "ProfilerActivity", "ProfilerAction", "schedule", "supported_activities",
           "tensorboard_trace_handler", "kineto_available"]


def kineto_available():
    """Whether torch's Kineto tracer is there: gradcalc records with its own, so False."""
    return False
