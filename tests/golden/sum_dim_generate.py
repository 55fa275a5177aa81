"""Write tests/golden/sum_dim.json: torch's sum and mean along dims (float32/float64, every dim
and dim set of ranks 1-4, keepdim or not) as raw little-endian bytes in hex, for the bit-exact order of
additions in gradcalc/engine/ops/cascade_sum_dim.py.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/sum_dim_generate.py
"""

import json
import os
import sys

import numpy as np
# torch's AVX2 kernels, which the engine reproduces (docs/engine.md, 'The reference machine')
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from sum_dim_cases import cases, values  # noqa: E402


def _bytes(a):
    """The result's raw little-endian bytes in hex (compact, exact to the bit)."""
    return np.ascontiguousarray(a.numpy()).astype(a.numpy().dtype.newbyteorder("<")).tobytes().hex()


def main():
    out = {"torch_version": torch.__version__, "threads": torch.get_num_threads(), "cases": []}
    for op, dtype, shape, dims, keepdim, salt in cases():
        assert int(np.prod(shape)) <= 32768  # larger ones torch may split among threads
        t = torch.from_numpy(values(shape, dtype, salt))
        dim = dims[0] if len(dims) == 1 else list(dims)
        r = getattr(t, op)(dim=dim, keepdim=keepdim)
        out["cases"].append({"op": op, "dtype": dtype, "shape": list(shape), "dims": list(dims),
                             "keepdim": keepdim, "salt": salt, "out_shape": list(r.shape), "bytes": _bytes(r)})
    with open(os.path.join(HERE, "sum_dim.json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")
    print(f"{len(out['cases'])} cases written")


if __name__ == "__main__":
    main()
