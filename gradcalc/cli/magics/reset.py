"""%reset: forget every variable (the REPL asks first; a script does not)."""

from __future__ import annotations


def run(ctx, args: str) -> None:
    if args.strip() not in ("", "-f"):
        raise ctx.error("UsageError", "%reset takes no arguments (%reset -f: without asking)")
    if ctx.interactive and args.strip() != "-f":
        if not ctx.confirm("Forget every variable?"):
            ctx.output.write("Nothing reset.\n")
            return
    ctx.session.reset()
