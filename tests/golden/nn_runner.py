"""Run one golden nn case under a torch-like module (real torch, or gradcalc.engine) and
record what torch defines: the module's repr, the output's values, dtype, shape and grad_fn
name, the gradients w.r.t. the inputs and every parameter, the state_dict keys and buffers,
or the error's type and message.

A case is Python source run with ``torch``, ``nn``, ``F``, ``fill`` and ``inp`` bound. It
sets ``out`` (a tensor, or a tuple of tensors) and may set ``model`` and ``inputs``.
``fill(module)`` overwrites every parameter with fixed values and ``inp(*shape)`` makes a
fixed input that requires grad, so no random numbers are involved and no weights need to
be stored. This module needs only numpy.
"""

import numpy as np


def _values(shape, salt, low=-1.0, high=1.0):
    n = int(np.prod(shape)) if shape else 1
    v = np.sin(np.arange(1, n + 1) * 1.7 + salt * 0.37) * 0.5 + 0.5
    return (low + (high - low) * v).reshape(shape)


def make_helpers(torch):
    counter = [0]

    def inp(*shape, requires_grad=True, low=-1.0, high=1.0, dtype=None):
        counter[0] += 1
        t = torch.tensor(_values(shape, counter[0], low, high).tolist(),
                         dtype=dtype or torch.float32)
        return t.requires_grad_(requires_grad)

    def fill(module, scale=0.5):
        with torch.no_grad():
            for i, (_name, p) in enumerate(module.named_parameters()):
                p.copy_(torch.tensor(_values(tuple(p.shape), 100 + i, -scale, scale).tolist(), dtype=p.dtype))
        return module

    return inp, fill


def _flat(t):
    """The values, or for a large tensor a fingerprint (its first values and three weighted sums),
    so that the fixtures stay small."""
    v = np.asarray(t.detach().double().numpy() if hasattr(t, "detach") else t, np.float64).ravel()
    if v.size <= 256:
        return v.tolist()
    w = np.sin(np.arange(v.size) * 0.61)
    return {"n": int(v.size), "head": v[:32].tolist(), "sum": float(v.sum()), "abs": float(np.abs(v).sum()),
            "wsum": float((v * w).sum())}


def _tensor_record(torch, t):
    return {"values": _flat(t), "shape": list(t.shape), "dtype": str(t.dtype),
            "grad_fn": t.grad_fn.name() if t.grad_fn is not None else None}


def run_case(torch, nn, F, case):
    inp, fill = make_helpers(torch)
    env = {"torch": torch, "nn": nn, "F": F, "fill": fill, "inp": inp, "np": np}
    rec = {"error": None}
    try:
        exec(case["code"], env)
    except Exception as e:  # the case records the error
        rec["error"] = [type(e).__name__, str(e)]
        return rec
    model = env.get("model")
    if model is not None and case.get("params"):
        rec["params"] = {k: _flat(v) for k, v in model.state_dict().items()}
    if model is not None:
        rec["repr"] = repr(model)
        rec["state_keys"] = list(model.state_dict().keys())
        rec["buffers"] = {k: _flat(b) for k, b in model.named_buffers()}
    if "text" in env:  # a string the case wants compared exactly (reprs of non-module results)
        rec["text"] = env["text"]
    out = env.get("out")
    if out is None:
        return rec
    outs = out if isinstance(out, tuple) else (out,)
    rec["out"] = [_tensor_record(torch, o) for o in outs]
    if case.get("backward", True) and outs[0].requires_grad:
        loss = 0
        for k, o in enumerate(outs):
            if o.requires_grad and o.dtype.is_floating_point:
                w = torch.tensor(_values(tuple(o.shape), 50 + k).tolist(), dtype=o.dtype)
                loss = loss + (o * w).sum()
        loss.backward()
        grads = {}
        for i, x in enumerate(env.get("inputs", ())):
            if getattr(x, "grad", None) is not None:
                grads[f"input{i}"] = _flat(x.grad)
        if model is not None:
            for name, p in model.named_parameters():
                if p.grad is not None:
                    grads[name] = _flat(p.grad)
        rec["grads"] = grads
    return rec
