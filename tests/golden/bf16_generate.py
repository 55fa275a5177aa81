"""Write the golden bfloat16 fixtures from real torch.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/bf16_generate.py

Runs every case of bf16_cases.py under torch (described by autograd_runner.py)
and writes bf16.json: {torch_version, cases: [{id, code, stdout, warnings,
error, result}], saved: {name: bit patterns}}; and serialization/torch_bfloat16.pt, a
torch.save of bfloat16 tensors whose bit patterns bf16.json records. Only this script
imports torch.
"""

import json
import os
import sys

# torch's AVX2 kernels, which the engine reproduces; on an AVX-512 CPU torch would take its 512-bit
# loops (other lane splits, float32 libm): docs/engine.md, 'The reference machine'
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from autograd_runner import run_case  # noqa: E402
from bf16_cases import build_cases  # noqa: E402


def _bits(t):
    return (t.contiguous().view(torch.int16).to(torch.int32) & 0xFFFF).flatten().tolist()


def _save_checkpoint():
    """torch_bfloat16.pt: a contiguous tensor (nan, infinities, -0, a subnormal), a 0-d one, a
    view sharing its storage, a Parameter; returns each one's bit patterns, shape and flags."""
    x = torch.tensor([[1.3, -0.0, float("inf"), float("nan")], [-float("inf"), 1e-40, 3.39e38, -7.25]],
                     dtype=torch.bfloat16)
    obj = {"x": x, "scalar": torch.tensor(2.71828, dtype=torch.bfloat16), "col": x[:, 1],
           "param": torch.nn.Parameter(torch.tensor([0.5, -1.25], dtype=torch.bfloat16))}
    torch.save(obj, os.path.join(HERE, "serialization", "torch_bfloat16.pt"))
    return {k: {"bits": _bits(v.detach()), "shape": list(v.shape), "requires_grad": v.requires_grad}
            for k, v in obj.items()}


def main():
    saved = _save_checkpoint()
    fixtures = []
    for case in build_cases():
        record = run_case(torch, case["code"])
        fixtures.append({"id": case["id"], "code": case["code"], **record})
    with open(os.path.join(HERE, "bf16.json"), "w") as f:
        json.dump({"torch_version": torch.__version__, "cases": fixtures, "saved": saved}, f, indent=1)
        f.write("\n")
    print("%d cases written" % len(fixtures))


if __name__ == "__main__":
    main()
