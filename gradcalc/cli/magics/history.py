"""%history [N]: the inputs of this REPL session, numbered (the last N of them)."""

from __future__ import annotations


def run(ctx, args: str) -> None:
    text = args.strip()
    entries = list(ctx.history)
    first = 1
    if text:
        if not (text.isascii() and text.isdigit()):
            raise ctx.error("UsageError", "usage: %history [N] (N: how many of the last inputs)")
        count = int(text)
        first = max(1, len(entries) - count + 1)
        entries = entries[len(entries) - count:] if count else []
    width = len(str(first + len(entries) - 1)) if entries else 1
    lines = []
    for number, source in enumerate(entries, start=first):
        body = source.split("\n")
        lines.append(f"{number:>{width}}: {body[0]}")
        lines.extend(" " * (width + 2) + line for line in body[1:])
    if lines:
        ctx.output.write("\n".join(lines) + "\n")
