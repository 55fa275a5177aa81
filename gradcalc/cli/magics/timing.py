"""%time STMT: run a statement (its value is echoed as usual) and print its wall time."""

from __future__ import annotations

import time


def format_duration(seconds: float) -> str:
    """Three significant digits in the largest unit below the value, as IPython does."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds * 1e9:.3g} ns"


def run(ctx, args: str) -> None:
    if not args.strip():
        raise ctx.error("UsageError", "usage: %time STATEMENT")
    start = time.perf_counter()
    ctx.session.run(args, filename="<time>")
    ctx.output.write(f"Wall time: {format_duration(time.perf_counter() - start)}\n")


# -- %timeit STMT, as IPython's ----------------------------------------------------------------

REPEAT = 7  # IPython's default -r


def timeit(ctx, args: str) -> None:
    """Run STMT in loops of an automatically chosen count (1, 10, 100 ... until a loop
    takes 0.2 s), 7 times, and print the mean and standard deviation of one run, as
    IPython's %timeit prints them. The statement's values are not echoed."""
    import math

    if not args.strip():
        raise ctx.error("UsageError", "usage: %timeit STATEMENT")
    body = ctx.session.compiled(args, filename="<timeit>", atomic=False)  # %timeit is one statement

    def timed(number):
        start = time.perf_counter()
        for _ in range(number):
            body()
        return time.perf_counter() - start

    number = 1
    for index in range(10):
        number = 10 ** index
        if timed(number) >= 0.2:
            break
    runs = [timed(number) / number for _ in range(REPEAT)]
    mean = math.fsum(runs) / len(runs)
    std = math.sqrt(math.fsum((x - mean) ** 2 for x in runs) / len(runs))
    ctx.output.write(f"{format_timespan(mean)} ± {format_timespan(std)} per loop (mean ± std. dev. of "
                     f"{REPEAT} run{'s' if REPEAT != 1 else ''}, {number:,} loop{'s' if number != 1 else ''} each)\n")


def format_timespan(seconds: float, precision: int = 3) -> str:
    """IPython's _format_time: ``6.36 µs``, ``35.6 ns``, ``1.2 s``."""
    import math

    units = ("s", "ms", "µs", "ns")
    scaling = (1, 1e3, 1e6, 1e9)
    order = min(-int(math.floor(math.log10(seconds)) // 3), 3) if seconds > 0.0 else 3
    return "%.*g %s" % (precision, seconds * scaling[order], units[order])
