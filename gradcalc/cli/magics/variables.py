"""%vars: a table of the session's variables (modules bound by ``import`` left out)."""

from __future__ import annotations

import types
import warnings

COLUMNS = ("name", "kind", "shape", "dtype", "requires_grad", "grad_fn", "grad")


def rows(namespace: dict):
    """One tuple of strings per variable, sorted by name (the table's content)."""
    result = []
    for name in sorted(namespace):
        value = namespace[name]
        if name.startswith("_") or isinstance(value, types.ModuleType) or _is_module_like(value):
            continue
        result.append((name, *describe_value(value)))
    return result


def describe_value(value):
    """(kind, shape, dtype, requires_grad, grad_fn, grad) of one value; '' where it does not apply."""
    if _is_tensor(value):
        grad_fn = value.grad_fn
        with warnings.catch_warnings():  # torch warns when a non-leaf's .grad is read
            warnings.simplefilter("ignore")
            has_grad = value.grad is not None
        return ("tensor", str(tuple(value.shape)), str(value.dtype).replace("torch.", ""),
                "True" if value.requires_grad else "False",
                type(grad_fn).__name__ if grad_fn is not None else
                (type(grad_fn).__name__ if grad_fn is not None else ""),
                "set" if has_grad else "")
    kind = type(value).__name__
    if isinstance(value, (list, tuple)):
        return (kind, f"len {len(value)}", "", "", "", "")
    if callable(value):
        return ("function", "", "", "", "", "")
    return (kind, "", "", "", "", "")


def _is_tensor(value) -> bool:
    from gradcalc.engine.tensor import is_tensor
    return is_tensor(value)


def _is_module_like(value) -> bool:
    # The interpreter binds torch's namespaces as module objects of its own.
    return type(value).__name__ == "module"  # the sandbox's torch namespaces


def run(ctx, args: str) -> None:
    if args.strip():
        raise ctx.error("UsageError", "%vars takes no arguments")
    table_rows = rows(ctx.session.namespace)
    if not table_rows:
        ctx.output.write("No variables.\n")
        return
    from rich import box
    from rich.table import Table

    color = ctx.output.color
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, highlight=False,
                  header_style="bold" if color else None)
    for column in COLUMNS:
        table.add_column(column, no_wrap=True)
    for name, kind, shape, dtype, requires_grad, grad_fn, grad in table_rows:
        if color:
            from rich.text import Text

            table.add_row(Text(name, "bold"), kind, shape, Text(dtype, "blue"),
                          Text(requires_grad, "yellow" if requires_grad == "True" else ""),
                          Text(grad_fn, "green"), grad)
        else:
            table.add_row(name, kind, shape, dtype, requires_grad, grad_fn, grad)
    ctx.output.print(table)
