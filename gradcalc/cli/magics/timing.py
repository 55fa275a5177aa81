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
