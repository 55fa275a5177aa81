"""Run one golden complex/fft case and describe what it did; shared by complex_generate.py
(real torch) and the replayers (gradcalc.engine), so both sides are described alike.

As autograd_runner.py (stdout, warnings, error, result), with complex values kept in JSON:
a complex tensor's values are its ``view_as_real`` pairs (and ``"complex": true``), a Python
complex is ``{"complex": [re, im]}``.
"""

import contextlib
import io
import warnings

from autograd_runner import _TORCH_INTERNAL, _TRIGGERED, normalise, values_close  # noqa: F401


def _is_tensor(value):
    return hasattr(value, "grad_fn") and hasattr(value, "detach") and hasattr(value, "dtype")


def describe(value, torch):
    if _is_tensor(value):
        fn = value.grad_fn
        t = value.detach()
        is_complex = t.is_complex()
        if is_complex:
            t = torch.view_as_real(t.resolve_conj())
        return {"tensor": {
            "shape": list(value.shape),
            "dtype": str(value.dtype),
            "requires_grad": bool(value.requires_grad),
            "grad_fn": None if fn is None else fn.name(),
            "complex": is_complex,
            "values": t.tolist(),
        }}
    if isinstance(value, tuple):
        return {"tuple": [describe(v, torch) for v in value]}
    if isinstance(value, list):
        return {"list": [describe(v, torch) for v in value]}
    if isinstance(value, complex):
        return {"complex": [value.real, value.imag]}
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
            torch.set_default_dtype(torch.float32)
    messages = []
    for w in caught:
        first = str(w.message).split("\n", 1)[0]
        if first.startswith(_TORCH_INTERNAL) or "ComplexHalf support is experimental" in first:
            continue
        messages.append(f"{w.category.__name__}: {_TRIGGERED.sub('', first)}")
    return {
        "stdout": normalise(out.getvalue()),
        "warnings": messages,
        "error": None if error is None else normalise(error),
        "result": describe(namespace.get("result"), torch),
    }


def diff(expected, actual, path="result", rtol=1e-5, atol=1e-6):
    """The first difference between two descriptions (None when they agree); values within tolerance."""
    if isinstance(expected, dict) and "tensor" in expected:
        if not (isinstance(actual, dict) and "tensor" in actual):
            return f"{path}: expected a tensor, got {actual!r}"
        e, a = expected["tensor"], actual["tensor"]
        for key in ("shape", "dtype", "requires_grad", "grad_fn", "complex"):
            if e.get(key) != a.get(key):
                return f"{path}.{key}: expected {e.get(key)!r}, got {a.get(key)!r}"
        if not values_close(e["values"], a["values"], rtol, atol):
            return f"{path}.values: expected {e['values']!r}, got {a['values']!r}"
        return None
    if isinstance(expected, dict):
        if not isinstance(actual, dict) or expected.keys() != actual.keys():
            return f"{path}: expected {expected!r}, got {actual!r}"
        for key in expected:
            d = diff(expected[key], actual[key], f"{path}.{key}", rtol, atol)
            if d:
                return d
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(expected) != len(actual):
            return f"{path}: expected {len(expected)} items, got {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            d = diff(e, a, f"{path}[{i}]", rtol, atol)
            if d:
                return d
        return None
    if isinstance(expected, float) and isinstance(actual, (int, float)) and not isinstance(actual, bool):
        return None if values_close(expected, actual, rtol, atol) else f"{path}: expected {expected!r}, got {actual!r}"
    return None if expected == actual and type(expected) is type(actual) else \
        f"{path}: expected {expected!r}, got {actual!r}"
