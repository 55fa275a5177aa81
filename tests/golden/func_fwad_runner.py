"""Evaluate one golden forward-AD case and describe the tangents it gave; shared by
func_fwad_generate.py (real torch) and tests/engine/test_func_fwad_golden.py
(gradcalc.engine), so both sides are described by the same code.

Every floating input that requires grad in the op golden cases becomes a dual tensor
(``forward_ad.make_dual``) with a fixed tangent (``ops_runner.weights`` with a salt
per input); the expression runs inside ``dual_level()``. A record holds, for each
output tensor, its shape, dtype and tangent (None: the output carries none); an
expression that raises is described by the exception's type name and message
(torch's "not implemented for forward AD" errors among them).
"""

import warnings

from ops_runner import _error, make_inputs, weights


def dual_names(specs, names):
    """The inputs a case makes dual: floating and requiring grad in the op goldens."""
    return [n for n in names if specs[n][2] and specs[n][1].startswith("float")]


def run_case(torch, F, specs, case):
    """Evaluate ``case`` (a dict with ``expr`` and ``inputs``) under forward AD; its record."""
    fwAD = torch.autograd.forward_ad
    inputs = make_inputs(torch, specs, case["inputs"])
    duals = dual_names(specs, case["inputs"])
    with warnings.catch_warnings(), fwAD.dual_level():
        warnings.simplefilter("ignore")
        env = dict(inputs, torch=torch, F=F)
        for k, n in enumerate(duals):
            primal = inputs[n].detach()
            env[n] = fwAD.make_dual(primal, weights(torch, primal, 7 + k))
        try:
            result = eval(case["expr"], env)
        except Exception as e:  # noqa: BLE001 - the error is what is recorded
            return {"error": _error(e)}
        outs = list(result) if isinstance(result, (tuple, list)) else [result]
        if not all(isinstance(o, torch.Tensor) for o in outs):
            return {"error": {"type": "NotTensor", "message": repr(type(result))}}
        described = []
        for o in outs:
            primal, tangent = fwAD.unpack_dual(o)
            described.append({"shape": list(o.shape), "dtype": str(o.dtype),
                              "tangent": None if tangent is None else _values(torch, tangent)})
        return {"error": None, "outputs": described}


def _values(torch, t):
    try:
        return t.detach().tolist()
    except RuntimeError:  # torch's "efficient zero" tensors have no storage to read
        return torch.zeros(tuple(t.shape)).tolist()
