"""Write the golden complex fixtures from real torch.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/complex_generate.py

Runs every case of complex_cases.py under torch and writes complex.json:
{torch_version, cases: [{id, code, stdout, warnings, error, result}, ...]}.
torch is never a dependency of gradcalc: only this script imports it.
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

from complex_cases import build_cases  # noqa: E402
from complex_runner import run_case  # noqa: E402


def main():
    fixtures = []
    for case in build_cases():
        record = run_case(torch, case["code"])
        fixtures.append({"id": case["id"], "code": case["code"], **record})
    with open(os.path.join(HERE, "complex.json"), "w") as f:
        json.dump({"torch_version": torch.__version__, "cases": fixtures}, f, separators=(",", ":"))
        f.write("\n")
    print("%d cases written" % len(fixtures))
    # a torch.save file with complex tensors, for tests/engine/test_complex_serialization.py
    torch.save({"z": torch.tensor([1 + 2j, -3.5j]), "w": torch.tensor([[1j, 2]], dtype=torch.complex128),
                "v": torch.arange(6.).reshape(3, 2)[:, 0].to(torch.cfloat)},
               os.path.join(HERE, "serialization", "torch_complex.pt"))


if __name__ == "__main__":
    main()
