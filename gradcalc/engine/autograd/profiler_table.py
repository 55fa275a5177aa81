"""``EventList.table()``: torch 2.13's profiler summary, column for column.

The layout (learned from torch's ``profiler_util._build_table``): every column
right-aligned in its width followed by two spaces; the name column as wide as the
longest name plus 4 (at most ``max_name_column_width``, longer names cut to it with
``...``); the figures 12 wide; ``Input Shapes`` when some entry has shapes, ``Source
Location`` (left-aligned) when some entry has a stack; dashed rules of the column
widths above and below the header and under the rows; then ``Self CPU time total:``.
Percentages are of the table's summed self CPU time (before ``row_limit`` cuts rows).
"""

from __future__ import annotations

import math

from .profiler_util import format_memory, format_time, format_time_share, sort_attribute, _in_unit

_FIGURE_WIDTH = 12
_GAP = 2


class _Columns:
    """The row format being built: widths and alignments, and the dashed rule under them."""

    def __init__(self):
        self.specs = []

    def add(self, width, align=">"):
        self.specs.append((width, align))

    def row(self, values):
        return "".join(f"{str(v):{a}{w}}" + " " * _GAP for v, (w, a) in zip(values, self.specs))

    def rule(self):
        return "".join("-" * w + " " * _GAP for w, _ in self.specs)

    def length(self):
        return sum(w + _GAP for w, _ in self.specs) - _GAP


def _flops_unit(smallest):
    """(scale, header) so the smallest FLOP count reads in units torch would pick."""
    names = ("FLOPs", "KFLOPs", "MFLOPs", "GFLOPs", "TFLOPs", "PFLOPs")
    level = max(0, min(math.log10(smallest) / 3, float(len(names) - 1)))
    return 10 ** (math.floor(level) * -3.0), names[int(level)]


def _trim_path(path, width):
    if len(path) > width:
        path = path[len(path) - width:]
        if len(path) > 3:
            path = "..." + path[3:]
    return path


def build_table(events, sort_by=None, header=None, row_limit=100, max_src_column_width=75,
                max_name_column_width=55, max_shapes_column_width=80, with_flops=False, profile_memory=False,
                top_level_events_only=False, time_unit=None):
    if len(events) == 0:
        return ""
    from .profiler_util import EventList

    if sort_by is not None:
        attr = sort_attribute(sort_by)
        events = EventList(sorted(events, key=lambda e: getattr(e, attr), reverse=True),
                           profile_memory=profile_memory, with_flops=with_flops)
    has_shapes = any(e.input_shapes is not None and len(e.input_shapes) > 0 for e in events)
    stacks = [e.stack for e in events if e.stack]
    name_width = max(len(e.key) for e in events) + 4
    if max_name_column_width is not None:
        name_width = min(name_width, max_name_column_width)
    shapes_width = max(len(str(e.input_shapes)) for e in events) + 4
    if max_shapes_column_width is not None:
        shapes_width = min(shapes_width, max_shapes_column_width)
    src_width = None
    if stacks:
        src_width = max(len(entry) for stack in stacks for entry in stack) + 4
        if max_src_column_width is not None:
            src_width = min(src_width, max_src_column_width)

    headers = ["Name", "Self CPU %", "Self CPU", "CPU total %", "CPU total", "CPU time avg"]
    if profile_memory:
        headers += ["CPU Mem", "Self CPU Mem"]
    headers.append("# of Calls")
    cols = _Columns()
    cols.add(name_width)
    for _ in headers[1:]:
        cols.add(_FIGURE_WIDTH)
    if has_shapes:
        headers.append("Input Shapes")
        cols.add(shapes_width)
    if stacks:
        headers.append("Source Location")
        cols.add(src_width, "<")
    flops_scale = None
    if with_flops:
        counted = [e.flops for e in events if e.flops > 0]
        if counted:
            flops_scale, flops_header = _flops_unit(min(counted))
            headers.append(f"Total {flops_header}")
            cols.add(_FIGURE_WIDTH)

    total_self = sum(e.self_cpu_time_total for e in events)
    lines = []
    if header is not None:
        lines += ["=" * cols.length(), header]
    if top_level_events_only:
        lines += ["=" * cols.length(), "This report only display top-level ops statistics"]
    rule = cols.rule()
    lines += [rule, cols.row(headers), rule]
    shown = 0
    for e in events:
        if shown == row_limit:
            break
        if top_level_events_only and e.cpu_parent is not None:
            continue
        shown += 1
        name = e.key
        if max_name_column_width is not None and len(name) >= max_name_column_width - 3:
            name = name[:max_name_column_width - 3] + "..."
        values = [name, format_time_share(e.self_cpu_time_total, total_self),
                  _in_unit(e.self_cpu_time_total, time_unit), format_time_share(e.cpu_time_total, total_self),
                  _in_unit(e.cpu_time_total, time_unit), _in_unit(e.cpu_time, time_unit)]
        if profile_memory:
            values += [format_memory(e.cpu_memory_usage), format_memory(e.self_cpu_memory_usage)]
        values.append(e.count)
        if has_shapes:
            values.append(str(e.input_shapes)[:shapes_width])
        if flops_scale is not None:
            values.append("--" if e.flops <= 0 else f"{e.flops * flops_scale:8.3f}")
        if stacks:
            values.append(_trim_path(e.stack[0], src_width) if e.stack else "")
        lines.append(cols.row(values))
        if stacks:
            blank = [""] * (len(headers) - 1)
            for entry in e.stack[1:]:
                lines.append(cols.row(blank + [_trim_path(entry, src_width)]))
            lines.append(cols.row(blank + [""]))
    lines.append(rule)
    total = _in_unit(total_self, time_unit) if time_unit else format_time(total_self)
    lines.append(f"Self CPU time total: {total}")
    return "".join(line + "\n" for line in lines)
