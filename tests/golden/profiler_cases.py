"""Programs whose profiler output is compared with torch 2.13's (profiler_generate.py writes
profiler.json; tests/engine/test_profiler_golden.py replays them on gradcalc).

Times differ by nature, so a table is compared by its layout: every line's length, where each
right-aligned cell ends, and the cells with times and percentages masked (``layout``). Rows
whose order follows the times are compared as a sorted list.
"""

import re

_TIME = re.compile(r"^-?\d+\.\d{3}(us|ms|s)$")
_SHARE = re.compile(r"^-?\d+\.\d{2}%$|^NaN$")
_CELL = re.compile(r"\S+(?: \S+)*")


def _mask(cell):
    if _TIME.match(cell):
        return "T"
    if _SHARE.match(cell):
        return "P"
    return cell


def layout(table):
    """{"head": [...], "rows": sorted [...], "tail": [...]} of (length, cell ends, masked cells) per line."""
    lines = table.split("\n")
    out = []
    for line in lines:
        if line.startswith("Self CPU time total: "):
            out.append([len("Self CPU time total: "), [], ["Self CPU time total:", "T"]])
            continue
        cells = [(m.end(), _mask(m.group())) for m in _CELL.finditer(line)]
        out.append([len(line), [e for e, _ in cells], [c for _, c in cells]])
    # header block: up to and including the second rule; rows; then the closing rule and total
    rules = [i for i, line in enumerate(lines) if line.startswith("---")]
    if len(rules) < 3:
        return {"head": out, "rows": [], "tail": []}
    head, rows, tail = out[:rules[1] + 1], out[rules[1] + 1:rules[2]], out[rules[2]:]
    return {"head": head, "rows": sorted(rows, key=repr), "tail": tail}


INTRO = """
x = torch.randn(2, 3, requires_grad=True)
y = torch.rand(2, 3, requires_grad=True)
z = torch.ones(2, 3, requires_grad=True)
with torch.autograd.profiler.profile(use_cuda=False) as prf:
    for _ in range(10):
        z = (z / x) * y
OUT.append(prf.key_averages().table(sort_by='self_cpu_time_total'))
OUT.append(prf.key_averages().table(sort_by='count', row_limit=1))
OUT.append(prf.key_averages().table(time_unit='ms'))
OUT.append(prf.key_averages().table(sort_by='cpu_time_total', header='A header line'))
"""

MEMORY = """
profile, ProfilerActivity = torch.profiler.profile, torch.profiler.ProfilerActivity
x = torch.randn(4, 3)
y = torch.randn(4, 3)
with profile(activities=[ProfilerActivity.CPU], profile_memory=True, record_shapes=True) as prof:
    z = x * y
    w = z / y
OUT.append(prof.key_averages().table(sort_by='self_cpu_memory_usage'))
OUT.append(prof.key_averages(group_by_input_shape=True).table(sort_by='cpu_memory_usage'))
"""

NESTED = """
profile, record_function = torch.profiler.profile, torch.profiler.record_function
with profile() as prof:
    with record_function("outer"):
        with record_function("inner"):
            pass
        with record_function("a_rather_long_range_name_that_is_cut_in_the_name_column_of_the_table"):
            pass
OUT.append(prof.key_averages().table(sort_by='cpu_time_total'))
OUT.append(prof.key_averages().table(sort_by='cpu_time_total', max_name_column_width=20))
OUT.append(prof.key_averages().table(sort_by='cpu_time_total', top_level_events_only=True))
OUT.append(prof.key_averages().table(row_limit=0))
OUT.append(str([e.name for e in prof.events()]))
"""

SHAPES = """
profile, record_function = torch.profiler.profile, torch.profiler.record_function
x = torch.randn(3, 2)
a = torch.ones(5)
with profile(record_shapes=True) as prof:
    with record_function("block"):
        y = x * x
        y = a * a
        y = a / a
OUT.append(prof.key_averages(group_by_input_shape=True).table(sort_by='count'))
OUT.append(prof.key_averages(group_by_input_shape=True).table(max_shapes_column_width=10))
"""

SCHEDULE = """
profile, record_function, schedule = torch.profiler.profile, torch.profiler.record_function, torch.profiler.schedule
def run(s, steps, **kw):
    seen = []
    def ready(p):
        seen.append((p.step_num, sorted(set(e.name for e in p.events() if e.name.startswith(('ProfilerStep', 'work'))))))
    actions = []
    with profile(schedule=s, on_trace_ready=ready, **kw) as p:
        for i in range(steps):
            actions.append(p.current_action.name)
            with record_function('work'):
                pass
            p.step()
    OUT.append(repr((actions, seen, p.step_num)))
run(schedule(wait=1, warmup=1, active=2), 9)
run(schedule(wait=1, warmup=1, active=2, repeat=1), 9)
run(schedule(wait=0, warmup=1, active=1, repeat=2, skip_first=2), 9)
run(schedule(wait=2, warmup=1, active=2, repeat=0, skip_first=1, skip_first_wait=1), 12)
run(schedule(wait=1, warmup=1, active=2), 9, acc_events=True)
fn = schedule(wait=2, warmup=2, active=3, repeat=2, skip_first=3)
OUT.append(repr([fn(i).name for i in range(25)]))
"""

FLOPS = """
a = torch.randn(5, 4)
b = torch.randn(4)
with torch.profiler.profile(with_flops=True) as prof:
    a * a
    a + b
    a / a
OUT.append(prof.key_averages().table())
OUT.append(str(sorted((e.name, e.flops) for e in prof.events())))
"""

PROGRAMS = {"intro": INTRO, "memory": MEMORY, "nested": NESTED, "shapes": SHAPES, "schedule": SCHEDULE,
            "flops": FLOPS}


def normal(outputs):
    """The program's outputs as compared: tables by their layout, anything else as printed."""
    return [layout(t) if t == "" or t.startswith(("---", "===")) else t for t in outputs]


def run(torch, source):
    """What the program appended to OUT, as torch (or gradcalc) ran it."""
    import warnings

    out = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(source, {"torch": torch, "OUT": out})
    return out
