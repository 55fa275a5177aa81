"""Run one golden snippet and capture what it prints; shared by generate.py and the tests.

The snippet runs with only ``torch`` bound (real torch, or gradcalc.engine), its
stdout is captured, object addresses are normalised to ``0xADDR``, and print
options and the default dtype are reset afterwards so cases never leak into
each other.
"""

import contextlib
import io
import re

_ADDRESS = re.compile(r"0x[0-9a-f]+")


def normalise(text):
    return _ADDRESS.sub("0xADDR", text)


def run_snippet(torch, code):
    """Exec ``code`` with ``torch`` bound; return (normalised stdout, namespace)."""
    out = io.StringIO()
    namespace = {"torch": torch}
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, "<golden case>", "exec"), namespace)
    finally:
        torch.set_printoptions(profile="default")
        torch.set_default_dtype(torch.float32)
    return normalise(out.getvalue()), namespace
