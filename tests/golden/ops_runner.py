"""Evaluate one golden op case and describe what it did; shared by ops_generate.py
(real torch) and tests/engine/test_ops_golden.py (gradcalc.engine), so both sides
are described by the same code.

A record holds, for each output tensor, its shape, dtype, values, and grad_fn
graph (node names, nested by ``next_functions``); the gradient of
``sum_k (out_k * w_k).sum()`` with respect to every input that requires grad; and
the second-order gradient (the gradient of ``sum_i (grad_i * v_i).sum()``, taken
with ``create_graph=True``). An expression that raises is described by the
exception's type name and message.
"""

import warnings

import numpy as np

MAX_NODES = 80


def make_inputs(torch, specs, names):
    out = {}
    for name in names:
        values, dtype, requires_grad = specs[name]
        out[name] = torch.tensor(values, dtype=getattr(torch, dtype), requires_grad=requires_grad)
    return out


def weights(torch, t, salt=0):
    """A fixed, non-constant tensor shaped like ``t`` (in its dtype)."""
    n = int(np.prod(t.shape)) if len(t.shape) else 1
    w = (((np.arange(n) + salt) % 5) - 2) * 0.5 + 0.75
    return torch.tensor(w.reshape(tuple(t.shape)).tolist(), dtype=t.dtype)


def graph(fn):
    """The grad_fn graph below ``fn`` as text: ``Name(child, child)``; a node seen before is ``@Name``."""
    seen = set()
    count = [0]

    def rec(node):
        if node is None:
            return "None"
        name = node.name()
        if id(node) in seen:
            return "@" + name
        seen.add(id(node))
        count[0] += 1
        if count[0] > MAX_NODES:
            return "..."
        kids = [rec(f) for f, _ in node.next_functions]
        return name + ("(" + ", ".join(kids) + ")" if kids else "")

    return None if fn is None else rec(fn)


def _values(t):
    try:
        return t.detach().tolist()
    except RuntimeError:  # torch's "efficient zero" tensors have no storage to read
        return np.zeros(tuple(t.shape)).tolist()


def _describe_tensor(t):
    return {"shape": list(t.shape), "dtype": str(t.dtype), "values": _values(t),
            "requires_grad": bool(t.requires_grad), "graph": graph(t.grad_fn)}


def _error(e):
    return {"type": type(e).__name__, "message": str(e)}


def run_case(torch, F, specs, case):
    """Evaluate ``case`` (a dict from ops_cases) and return its record."""
    inputs = make_inputs(torch, specs, case["inputs"])
    env = dict(inputs, torch=torch, F=F)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            result = eval(case["expr"], env)
        except Exception as e:  # noqa: BLE001 - the error is what is recorded
            return {"error": _error(e)}
        outs = list(result) if isinstance(result, (tuple, list)) else [result]
        if not all(isinstance(o, torch.Tensor) for o in outs):
            return {"error": {"type": "NotTensor", "message": repr(type(result))}}
        record = {"error": None, "outputs": [_describe_tensor(o) for o in outs]}
        diff = [o for o in outs if o.requires_grad]
        rg = [n for n in case["inputs"] if inputs[n].requires_grad]
        if not diff or not rg:
            return record
        try:
            loss = sum((o * weights(torch, o, k)).sum() for k, o in enumerate(diff))
            grads = torch.autograd.grad(loss, [inputs[n] for n in rg], create_graph=case["second"],
                                        allow_unused=True)
        except Exception as e:  # noqa: BLE001
            record["grad_error"] = _error(e)
            return record
        record["grads"] = {n: None if g is None else _describe_grad(g) for n, g in zip(rg, grads)}
        if not case["second"]:
            return record
        second = [(n, g) for n, g in zip(rg, grads) if g is not None and g.requires_grad]
        if not second:
            record["grads2"] = None
            return record
        try:
            s = sum((g * weights(torch, g, 3 + k)).sum() for k, (n, g) in enumerate(second))
            grads2 = torch.autograd.grad(s, [inputs[n] for n in rg], allow_unused=True)
        except Exception as e:  # noqa: BLE001
            record["grad2_error"] = _error(e)
            return record
        record["grads2"] = {n: None if g is None else _describe_grad(g) for n, g in zip(rg, grads2)}
        return record


def _describe_grad(g):
    return {"shape": list(g.shape), "dtype": str(g.dtype), "values": _values(g)}
