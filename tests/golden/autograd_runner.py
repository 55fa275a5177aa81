"""Run one golden autograd case and describe what it did; shared by
autograd_generate.py (real torch) and tests/engine/test_autograd_golden.py
(gradcalc.engine), so both sides are described by the same code.

A case is a snippet run with only ``torch`` bound. What is recorded:

* ``stdout``: what it printed (object addresses normalised to ``0xADDR``);
* ``warnings``: ``Category: first line`` of every warning it raised (torch's C++
  suffix "(Triggered internally at ...)" removed);
* ``error``: ``TypeName: message`` of the exception that ended it, or None;
* ``result``: the value the snippet left in ``result``, described structurally:
  tuples and lists stay tuples and lists (tagged, so the nesting is compared),
  a tensor becomes its shape, dtype, requires_grad, grad_fn name and values.
"""

import contextlib
import io
import math
import re
import warnings

_ADDRESS = re.compile(r"0x[0-9a-f]+")
_TRIGGERED = re.compile(r"\s*\(Triggered internally at [^)]*\)\s*$")
# warnings torch's own machinery emits (its vmap, behind forward-mode jacobians): not behaviour to copy
_TORCH_INTERNAL = ("`torch.jit.script` is deprecated",)


def normalise(text):
    return _ADDRESS.sub("0xADDR", text)


def _is_tensor(value):
    return hasattr(value, "grad_fn") and hasattr(value, "detach") and hasattr(value, "dtype")


def _values(t):
    try:
        return t.detach().tolist()
    except RuntimeError:  # torch's "efficient zero" tensors have no storage to read
        return _zeros(list(t.shape))


def _zeros(shape):
    return 0.0 if not shape else [_zeros(shape[1:]) for _ in range(shape[0])]


def describe(value):
    """A JSON-able description of a result (nesting kept)."""
    if _is_tensor(value):
        fn = value.grad_fn
        return {"tensor": {
            "shape": list(value.shape),
            "dtype": str(value.dtype),
            "requires_grad": bool(value.requires_grad),
            "grad_fn": None if fn is None else fn.name(),
            "values": _values(value),
        }}
    if isinstance(value, tuple):
        return {"tuple": [describe(v) for v in value]}
    if isinstance(value, list):
        return {"list": [describe(v) for v in value]}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return {"type": type(value).__name__}


def run_case(torch, code):
    """Exec ``code`` with ``torch`` bound; return {stdout, warnings, error, result}."""
    out = io.StringIO()
    namespace = {"torch": torch}
    error = None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            with contextlib.redirect_stdout(out):
                exec(compile(code, "<golden case>", "exec"), namespace)
        except Exception as e:  # noqa: BLE001 - the exception is what is recorded
            error = f"{type(e).__name__}: {e}"
        finally:
            torch.autograd.set_detect_anomaly(False)
    messages = []
    for w in caught:
        first = str(w.message).split("\n", 1)[0]
        if first.startswith(_TORCH_INTERNAL):
            continue
        messages.append(f"{w.category.__name__}: {_TRIGGERED.sub('', first)}")
    return {
        "stdout": normalise(out.getvalue()),
        "warnings": messages,
        "error": None if error is None else normalise(error),
        "result": describe(namespace.get("result")),
    }


def values_close(a, b, rtol=1e-5, atol=1e-6):
    """Nested lists of numbers equal within tolerance (nan equals nan, infinities must match)."""
    if isinstance(a, list) or isinstance(b, list):
        return isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and all(
            values_close(x, y, rtol, atol) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, float) and math.isnan(a):
        return isinstance(b, float) and math.isnan(b)
    if isinstance(a, float) and math.isinf(a):
        return a == b
    return abs(a - b) <= atol + rtol * abs(b)


def diff(expected, actual, path="result"):
    """The first difference between two descriptions (None when they agree)."""
    if isinstance(expected, dict) and "tensor" in expected:
        if not (isinstance(actual, dict) and "tensor" in actual):
            return f"{path}: expected a tensor, got {actual!r}"
        e, a = expected["tensor"], actual["tensor"]
        for key in ("shape", "dtype", "requires_grad", "grad_fn"):
            if key in e and e[key] != a.get(key):
                return f"{path}.{key}: expected {e[key]!r}, got {a[key]!r}"
        if not values_close(e["values"], a["values"]):
            return f"{path}.values: expected {e['values']!r}, got {a['values']!r}"
        return None
    if isinstance(expected, dict):
        if not isinstance(actual, dict) or expected.keys() != actual.keys():
            return f"{path}: expected {expected!r}, got {actual!r}"
        for key in expected:
            d = diff(expected[key], actual[key], f"{path}.{key}")
            if d:
                return d
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(expected) != len(actual):
            return f"{path}: expected {len(expected)} items, got {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            d = diff(e, a, f"{path}[{i}]")
            if d:
                return d
        return None
    if isinstance(expected, float) and isinstance(actual, (int, float)) and not isinstance(actual, bool):
        return None if values_close(expected, actual) else f"{path}: expected {expected!r}, got {actual!r}"
    return None if expected == actual and type(expected) is type(actual) else \
        f"{path}: expected {expected!r}, got {actual!r}"
