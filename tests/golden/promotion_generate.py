"""Write promotion.json: the result dtype torch gives for binary ops over every pair of
operand kinds (dimensioned tensors, 0-d tensors, Python scalars) and dtypes.

Run with real torch (never a dependency): /tmp/torchref/bin/python tests/golden/promotion_generate.py
"""

import json
import os

# torch's AVX2 kernels, which the engine reproduces; on an AVX-512 CPU torch would take its 512-bit
# loops (other lane splits, float32 libm): docs/engine.md, 'The reference machine'
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]
SCALARS = {"py_bool": True, "py_int": 3, "py_float": 2.5}
OPS = {"add": lambda a, b: a + b, "mul": lambda a, b: a * b, "div": lambda a, b: a / b,
       "sub": lambda a, b: a - b, "pow": lambda a, b: a ** b, "lt": lambda a, b: a < b}


def operand(kind, dtype):
    if kind == "dim":
        return torch.ones(2, dtype=getattr(torch, dtype))
    if kind == "zero":
        return torch.ones((), dtype=getattr(torch, dtype))
    return SCALARS[dtype]


def main():
    cases = []
    kinds = [("dim", d) for d in DTYPES] + [("zero", d) for d in DTYPES] + [("scalar", s) for s in SCALARS]
    for op_name, op in OPS.items():
        for ka, da in kinds:
            if ka == "scalar":
                continue
            for kb, db in kinds:
                a, b = operand(ka, da), operand(kb, db)
                try:
                    r = op(a, b)
                    out = {"dtype": str(r.dtype).replace("torch.", ""), "shape": list(r.shape)}
                except Exception as e:  # noqa: BLE001 - the error is the expected result
                    out = {"error": type(e).__name__, "message": str(e).split("\n")[0]}
                cases.append({"op": op_name, "a": [ka, da], "b": [kb, db], **out})
    path = os.path.join(os.path.dirname(__file__), "promotion.json")
    with open(path, "w") as f:
        json.dump(cases, f, indent=0)
    print(f"wrote {len(cases)} cases to {path}")


if __name__ == "__main__":
    main()
