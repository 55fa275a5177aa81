"""Write torch.nn's module classes (nn_classes.json) from real torch: every public name of
torch.nn that is a class derived from torch.nn.Module, sorted.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/nn_classes_generate.py

tests/engine/nn/test_nn_registry.py checks that gradcalc.engine.nn has each of them.
"""

import json
import os
import warnings

# torch's AVX2 kernels, which the engine reproduces; on an AVX-512 CPU torch would take its 512-bit
# loops (other lane splits, float32 libm): docs/engine.md, 'The reference machine'
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402
import torch.nn as nn

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    warnings.simplefilter("ignore")
    names = sorted(n for n in dir(nn) if not n.startswith("_") and isinstance(getattr(nn, n), type)
                   and issubclass(getattr(nn, n), nn.Module))
    with open(os.path.join(HERE, "nn_classes.json"), "w") as f:
        json.dump({"torch_version": torch.__version__, "classes": names}, f, indent=None, separators=(",", ":"))
        f.write("\n")
    print(f"{len(names)} torch.nn module classes written")


if __name__ == "__main__":
    main()
