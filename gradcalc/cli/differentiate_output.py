"""How ``--grad`` shows its results: a table (Rich in a terminal, aligned text in a pipe), or JSON.

Both tables hold the same rows and the same characters in each cell:

    x**2*sin(y)
            shape  dtype    value
    value   ()     float64  4.3148
    d/dx    ()     float64  2.8766
    d/dy    ()     float64  7.8982

Values are printed by the engine's tensor printer (torch's formatting and
summarisation); ``--json`` gives every number in full.
"""

from __future__ import annotations

import json
import math

import numpy as np

from gradcalc.engine.dtypes import from_numpy_dtype
from gradcalc.engine.printing_layout import array_body

HEADERS = ("", "shape", "dtype", "value")


def _label(kind, name):
    return {"gradient": f"d/d{name}", "jacobian": f"d/d{name}", "vjp": f"vjp d/d{name}"}[kind]


def rows(expr, result, value_array):
    """``[(label, shape, dtype, value text)]``: the value, then each derivative."""
    out = [("value",) + _cells(value_array)]
    if result.jvp is not None:  # --tangent: the tangents taken, then J·t
        for name, t in result.tangents.items():
            out.append((f"tangent {name}",) + _cells(t))
        out.append(("jvp",) + _cells(result.jvp))
    for name, g in result.grads.items():
        out.append((_label(result.kind, name),) + _cells(g))
    if result.hvp is not None:  # --hvp: the vector taken, then H·v (its part for each name)
        for name, t in result.tangents.items():
            out.append((f"v {name}",) + _cells(t))
        for name, h in result.hvp.items():
            out.append((f"hvp d/d{name}",) + _cells(h))
    if result.hessian is not None:
        for (a, b), h in result.hessian.items():
            label = f"d²/d{a}²" if a == b else f"d²/d{a} d{b}"
            out.append((label,) + _cells(h))
    return out


def _cells(a):
    a = np.asarray(a)
    dtype = from_numpy_dtype(a.dtype)
    text = "[]" if a.size == 0 else array_body(a, 0)
    return str(tuple(a.shape)), dtype.name if dtype is not None else str(a.dtype), text


def plain_table(expr, table_rows) -> str:
    """Aligned columns; a multi-line value keeps its later lines under its first."""
    widths = [max(len(r[i]) for r in list(table_rows) + [HEADERS]) for i in range(3)]
    lines = [expr, _join([h.ljust(w) for h, w in zip(HEADERS[:3], widths)] + [HEADERS[3]])]
    indent = sum(widths) + 2 * 3
    for r in table_rows:
        value = r[3].replace("\n", "\n" + " " * indent)
        lines.append(_join([c.ljust(w) for c, w in zip(r[:3], widths)] + [value]))
    return "\n".join(line.rstrip() for line in "\n".join(lines).split("\n")) + "\n"


def _join(cells):
    return "  ".join(cells)


def rich_table(expr, table_rows):
    """The same rows as a Rich Table (the value column highlighted as the REPL does)."""
    from rich.table import Table
    from rich.text import Text

    from gradcalc.cli.render import highlight_value

    table = Table(title=Text(expr, style="bold"), title_justify="left", show_edge=True, header_style="bold")
    table.add_column(HEADERS[0], style="bold cyan", no_wrap=True)
    table.add_column(HEADERS[1], style="blue", no_wrap=True)
    table.add_column(HEADERS[2], style="blue", no_wrap=True)
    table.add_column(HEADERS[3], no_wrap=True)
    for label, shape, dtype, value in table_rows:
        table.add_row(label, shape, dtype, highlight_value(value))
    return table


def _number(x):
    """JSON has no NaN or infinity: those are written as the strings "nan", "inf", "-inf"."""
    if isinstance(x, float) and not math.isfinite(x):
        return "nan" if math.isnan(x) else ("inf" if x > 0 else "-inf")
    return x


def _nested(a):
    """Nested lists of numbers (the depth is the array's ndim, a handful)."""
    def convert(x):
        return [convert(e) for e in x] if isinstance(x, list) else _number(x)
    return convert(np.asarray(a).tolist())


def _entry(a):
    a = np.asarray(a)
    dtype = from_numpy_dtype(a.dtype)
    return {"value": _nested(a), "shape": list(a.shape), "dtype": dtype.name if dtype else str(a.dtype)}


def json_text(expr, inputs, result, value_array, vjp=None, warnings=()) -> str:
    """One JSON object: the expression, inputs, value, derivatives (nested lists), shapes, dtypes."""
    doc = {"expression": expr,
           "inputs": {n: _entry(t.detach().numpy()) for n, t in inputs.items()}}
    doc.update(_entry(value_array))
    doc["kind"] = result.kind
    doc["mode"] = result.mode
    if vjp is not None:
        doc["vjp"] = _entry(vjp)
    if result.tangents is not None:
        doc["tangent" if result.jvp is not None else "v"] = {n: _entry(t) for n, t in result.tangents.items()}
    if result.jvp is not None:
        doc["jvp"] = _entry(result.jvp)
    else:
        doc["gradients"] = {n: _entry(g) for n, g in result.grads.items()}
    if result.hvp is not None:
        doc["hvp"] = {n: _entry(h) for n, h in result.hvp.items()}
    if result.hessian is not None:
        doc["hessian"] = {a: {b: _entry(h) for (a2, b), h in result.hessian.items() if a2 == a}
                          for a in result.grads}
    doc["warnings"] = list(warnings)
    return json.dumps(doc, ensure_ascii=False) + "\n"
