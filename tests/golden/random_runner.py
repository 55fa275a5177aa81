"""Runs one case of random_cases.py with a given ``torch`` (real torch when generating
the fixture, gradcalc.engine when testing): the record of every snippet's value."""

import math

from random_cases import record


def run_case(torch, snippets):
    ns = {"torch": torch, "math": math}
    out = []
    for src in snippets:
        try:
            code = compile(src, "<case>", "eval")
        except SyntaxError:
            exec(compile(src, "<case>", "exec"), ns)
            out.append(None)
            continue
        try:
            out.append(record(eval(code, ns)))
        except Exception as e:  # noqa: BLE001 - the error is the recorded result
            out.append({"error": type(e).__name__, "message": str(e).split("\n")[0]})
    return out
