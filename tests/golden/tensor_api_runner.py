"""Evaluate one tensor-API golden case and describe what it gave; shared by
tensor_api_generate.py (real torch) and tests/engine/test_tensor_api_golden.py
(gradcalc.engine), so both sides are described by the same code.

Unlike the op goldens, these results are often not tensors: type names, devices,
strides, booleans. A result is described by its Python type and repr (tensors by
shape, dtype, values, requires_grad and grad_fn name); an exception by its type and
message; warnings raised on the way by their messages.
"""

import warnings

import numpy as np

INPUTS = {
    "x": ([[1.5, -2.0, 0.25], [3.0, 0.5, -1.0]], "float32", False),
    "y": ([[0.5, 1.0, -1.5], [2.0, -0.25, 4.0]], "float32", False),
    "xg": ([[1.5, -2.0, 0.25], [3.0, 0.5, -1.0]], "float32", True),
    "d": ([[1.0, 2.0], [3.0, 4.0]], "float64", False),
    "i": ([[1, -2, 3], [4, 0, 6]], "int64", False),
    "i32": ([3, 1, 2], "int32", False),
    "b": ([True, False, True], "bool", False),
    "h": ([1.5, -0.25], "float16", False),
    "u8": ([1, 200], "uint8", False),
    "s": (2.5, "float32", False),
}


def make_inputs(torch):
    return {k: torch.tensor(v, dtype=getattr(torch, dt), requires_grad=rg) for k, (v, dt, rg) in INPUTS.items()}


def _describe(torch, v, depth=0):
    if isinstance(v, torch.Tensor):
        fn = v.grad_fn
        return {"tensor": {"shape": list(v.shape), "dtype": str(v.dtype), "values": v.detach().tolist(),
                           "requires_grad": bool(v.requires_grad), "grad_fn": None if fn is None else fn.name()}}
    if isinstance(v, (list, tuple)) and depth < 3 and type(v) in (list, tuple):
        return {"seq": type(v).__name__, "items": [_describe(torch, e, depth + 1) for e in v]}
    if isinstance(v, (bool, int, float, str, type(None))):
        return {"py": type(v).__name__, "repr": repr(v)}
    if isinstance(v, np.generic):
        return {"py": "numpy", "repr": repr(v)}
    return {"repr": repr(v)}


def run_case(torch, expr):
    env = dict(make_inputs(torch), torch=torch)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = eval(expr, env)
        except Exception as e:  # noqa: BLE001 - the error is what is recorded
            out = {"error": {"type": type(e).__name__, "message": str(e).split("\n")[0]}}
        else:
            out = {"error": None, "result": _describe(torch, result)}
    msgs = [str(w.message).split(" (Triggered internally")[0] for w in caught
            if issubclass(w.category, UserWarning)]
    if msgs:
        out["warnings"] = msgs
    return out
