"""What a profile recorded, and torch's summary table of it (torch.autograd.profiler_util).

``FunctionEvent`` is one timed range (an op, a backward node, a ``record_function``),
``FunctionEventAvg`` the sum of the events sharing a key, ``EventList`` a list of
either with ``key_averages()`` and ``table()``. The table is laid out as torch 2.13
lays it out (column widths, two-space separators, ``Self CPU time total:``), so a
tutorial's printed table has torch's shape; the times are gradcalc's own.

Times are microseconds (floats), memory bytes, as torch's.
"""

from __future__ import annotations

__all__ = ["EventList", "FunctionEvent", "FunctionEventAvg"]

_US_IN_S = 1_000_000.0
_US_IN_MS = 1_000.0

# The sort keys torch accepts name CUDA/XPU device columns; they all mean "device" there
# (and the device figures are zero here: gradcalc runs on the CPU).
_DEVICE_WORDS = ("cuda", "xpu", "privateuse1")

#: ``write(path, text, what)``: how a trace file is written. The engine alone writes where it
#: is told; the interpreter puts its file rules here (interpreter/files.py).
TRACE_WRITER = [None]


def format_time(time_us):
    """``12.345us``, ``1.234ms``, ``2.000s``: torch's three units, three decimals."""
    if time_us >= _US_IN_S:
        return f"{time_us / _US_IN_S:.3f}s"
    if time_us >= _US_IN_MS:
        return f"{time_us / _US_IN_MS:.3f}ms"
    return f"{time_us:.3f}us"


def format_time_share(time_us, total_us):
    """A percentage of the table's total self time (``NaN`` when nothing was timed)."""
    if total_us == 0:
        return "NaN"
    return f"{time_us * 100.0 / total_us:.2f}%"


def format_memory(nbytes):
    """``60 B``, ``1.50 KB``, ``2.00 MB``, ``1.00 GB`` (powers of 1024)."""
    for unit, size in (("GB", 1024 ** 3), ("MB", 1024 ** 2), ("KB", 1024)):
        if abs(nbytes) >= size:
            return f"{nbytes / size:.2f} {unit}"
    return f"{nbytes} B"


def _in_unit(time_us, unit):
    """A time in the unit ``table(time_unit=...)`` asked for, else in its own unit."""
    if unit == "s":
        return f"{time_us / _US_IN_S:.3f}s"
    if unit == "ms":
        return f"{time_us / _US_IN_MS:.3f}ms"
    if unit == "us":
        return f"{time_us:.3f}us"
    return format_time(time_us)


class _Times:
    """The derived figures torch's events and averages both have."""

    __slots__ = ()

    @property
    def cpu_time(self):
        """Average CPU time per call (us)."""
        return 0.0 if self.count == 0 else self.cpu_time_total / self.count

    @property
    def device_time(self):
        return 0.0

    cuda_time = device_time

    @property
    def self_device_time_total(self):
        return 0

    @property
    def device_time_total(self):
        return 0

    self_cuda_time_total = self_device_time_total
    cuda_time_total = device_time_total

    @property
    def device_memory_usage(self):
        return 0

    @property
    def self_device_memory_usage(self):
        return 0

    cuda_memory_usage = device_memory_usage
    self_cuda_memory_usage = self_device_memory_usage

    @property
    def cpu_time_str(self):
        return format_time(self.cpu_time)

    @property
    def cpu_time_total_str(self):
        return format_time(self.cpu_time_total)

    @property
    def self_cpu_time_total_str(self):
        return format_time(self.self_cpu_time_total)

    @property
    def device_time_str(self):
        return format_time(0)

    device_time_total_str = self_device_time_total_str = device_time_str


class FunctionEvent(_Times):
    """One recorded range: its name, start and end (us), the ranges it contains."""

    __slots__ = ("id", "name", "start_us", "end_us", "input_shapes", "stack", "cpu_parent", "cpu_children",
                 "cpu_memory_usage", "self_cpu_memory_usage", "sequence_nr", "is_user_annotation", "flops",
                 "__weakref__")

    def __init__(self, id, name, start_us, input_shapes=None, stack=None, sequence_nr=-1,
                 is_user_annotation=False):
        self.id = id
        self.name = name
        self.start_us = start_us
        self.end_us = start_us
        self.input_shapes = input_shapes if input_shapes is not None else []
        self.stack = stack if stack is not None else []
        self.cpu_parent = None
        self.cpu_children = []
        self.cpu_memory_usage = 0
        self.self_cpu_memory_usage = 0
        self.sequence_nr = sequence_nr
        self.is_user_annotation = is_user_annotation
        self.flops = 0

    # what torch's FunctionEvent also answers (gradcalc profiles one CPU thread, no devices)
    key = property(lambda self: self.name)
    trace_name = property(lambda self: self.name)
    overload_name = property(lambda self: "")
    count = property(lambda self: 1)
    node_id = property(lambda self: -1)
    thread = property(lambda self: 1)
    is_async = property(lambda self: False)
    is_remote = property(lambda self: False)
    is_legacy = property(lambda self: False)
    device_type = property(lambda self: "DeviceType.CPU")
    use_device = property(lambda self: None)
    scope = property(lambda self: 0)
    kernels = property(lambda self: [])

    @property
    def time_range(self):
        """(start, end) in us."""
        return (self.start_us, self.end_us)

    @property
    def cpu_time_total(self):
        return self.end_us - self.start_us

    @property
    def self_cpu_time_total(self):
        """The range's own time: its total less its children's totals."""
        return self.cpu_time_total - sum(c.cpu_time_total for c in self.cpu_children)

    def append_cpu_child(self, child):
        self.cpu_children.append(child)

    def __repr__(self):
        return (f"<FunctionEvent id={self.id} name={self.name} overload_name= device_type=DeviceType.CPU "
                f"node_id=-1 cpu_time={self.cpu_time_str} start_us={self.start_us:.3f} end_us={self.end_us:.3f} "
                f"cpu_children={[c.id for c in self.cpu_children]} None_time=0.000us name={self.name} thread=1 "
                f"input_shapes={self.input_shapes} cpu_memory_usage={self.cpu_memory_usage} None_memory_usage=0 "
                f"is_async=False is_remote=False seq_nr={self.sequence_nr} is_legacy=False>")


class FunctionEventAvg(_Times):
    """The events sharing a key, summed: ``count`` calls, total and self times, memory."""

    __slots__ = ("key", "count", "cpu_time_total", "self_cpu_time_total", "input_shapes", "stack",
                 "cpu_memory_usage", "self_cpu_memory_usage", "cpu_parent", "cpu_children", "is_user_annotation",
                 "flops")

    def __init__(self):
        self.key = None
        self.count = 0
        self.cpu_time_total = 0
        self.self_cpu_time_total = 0
        self.input_shapes = None
        self.stack = None
        self.cpu_memory_usage = 0
        self.self_cpu_memory_usage = 0
        self.cpu_parent = None
        self.cpu_children = None
        self.is_user_annotation = False
        self.flops = 0

    overload_name = property(lambda self: "")
    node_id = property(lambda self: 0)
    is_async = property(lambda self: False)
    is_remote = property(lambda self: False)
    is_legacy = property(lambda self: False)
    device_type = property(lambda self: "DeviceType.CPU")
    use_device = property(lambda self: None)

    def add(self, other):
        """Add an event (or another average) of the same key."""
        if not isinstance(other, (FunctionEvent, FunctionEventAvg)):
            raise TypeError(f"can only add a FunctionEvent or a FunctionEventAvg, not {type(other).__name__}")
        if self.key is None:
            self.key = other.key
            self.input_shapes = other.input_shapes
            self.stack = other.stack
            self.cpu_parent = other.cpu_parent
            self.cpu_children = other.cpu_children
            self.is_user_annotation = other.is_user_annotation
        self.cpu_time_total += other.cpu_time_total
        self.self_cpu_time_total += other.self_cpu_time_total
        self.cpu_memory_usage += other.cpu_memory_usage
        self.self_cpu_memory_usage += other.self_cpu_memory_usage
        self.flops += other.flops
        self.count += other.count
        return self

    def __iadd__(self, other):
        return self.add(other)

    def __repr__(self):
        return (f"<FunctionEventAvg key={self.key} self_cpu_time={self.self_cpu_time_total_str} "
                f"cpu_time={self.cpu_time_str}  self_cuda_time=0.000us cuda_time=0.000us "
                f"input_shapes={'' if self.input_shapes is None else self.input_shapes} "
                f"cpu_memory_usage={self.cpu_memory_usage} cuda_memory_usage=0>")


class EventList(list):
    """A list of events (or of averages) that prints as torch's table."""

    def __init__(self, *args, profile_memory=False, with_flops=False, **kwargs):
        super().__init__(*args)
        self._profile_memory = profile_memory
        self._with_flops = with_flops

    def __str__(self):
        return self.table()

    @property
    def self_cpu_time_total(self):
        return sum(e.self_cpu_time_total for e in self)

    def table(self, sort_by=None, row_limit=100, max_src_column_width=75, max_name_column_width=55,
              max_shapes_column_width=80, header=None, top_level_events_only=False, time_unit=None):
        """The summary table torch prints: one row per entry, ``sort_by`` an attribute (descending)."""
        from .profiler_table import build_table

        return build_table(self, sort_by=sort_by, header=header, row_limit=row_limit,
                           max_src_column_width=max_src_column_width,
                           max_name_column_width=max_name_column_width,
                           max_shapes_column_width=max_shapes_column_width, with_flops=self._with_flops,
                           profile_memory=self._profile_memory, top_level_events_only=top_level_events_only,
                           time_unit=time_unit)

    def key_averages(self, group_by_input_shapes=False, group_by_stack_n=0, group_by_overload_name=False):
        """One ``FunctionEventAvg`` per name (and input shapes, and top of stack, when asked), in the
        order each key first occurred."""
        stats = {}
        for evt in self:
            key = (evt.key,)
            if group_by_input_shapes:
                key += (str(evt.input_shapes),)
            if group_by_stack_n > 0:
                key += tuple((evt.stack or [])[:group_by_stack_n])
            avg = stats.get(key)
            if avg is None:
                avg = stats[key] = FunctionEventAvg()
            avg.add(evt)
        out = EventList(stats.values(), profile_memory=self._profile_memory, with_flops=self._with_flops)
        for avg in out:
            avg.stack = (avg.stack or [])[:group_by_stack_n]
            if not group_by_input_shapes:
                avg.input_shapes = ""
        return out

    def total_average(self):
        """Every entry summed into one average keyed ``Total``."""
        total = FunctionEventAvg()
        for evt in self:
            total.key = None
            total.add(evt)
        total.key = "Total"
        return total

    def export_chrome_trace(self, path):
        """Write the events as a Chrome trace (``chrome://tracing``, Perfetto) to ``path``."""
        import json

        events = [{"ph": "X", "cat": "user_annotation" if e.is_user_annotation else "cpu_op", "name": e.name,
                   "pid": 1, "tid": 1, "ts": round(e.start_us, 3), "dur": round(e.cpu_time_total, 3),
                   "args": {"Input Dims": e.input_shapes} if e.input_shapes else {}}
                  for e in self if isinstance(e, FunctionEvent)]
        trace = {"schemaVersion": 1, "displayTimeUnit": "ms", "traceEvents": events}
        write_trace(path, json.dumps(trace), "export_chrome_trace")

    def supported_export_stacks_metrics(self):
        return ["self_cpu_time_total", "self_cuda_time_total", "self_xpu_time_total", "self_privateuse1_time_total"]


def write_trace(path, text, what):
    """Write a trace file: through the interpreter's file rules when it set them."""
    writer = TRACE_WRITER[0]
    if writer is not None:
        writer(path, text, what)
        return
    import os

    parent = os.path.dirname(path)
    if parent:
        os.makedirs(parent, exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def sort_attribute(sort_by):
    """The attribute a ``sort_by`` key names (``cuda_time_total`` is ``device_time_total``)."""
    for word in _DEVICE_WORDS:
        sort_by = sort_by.replace(word, "device")
    return sort_by
