"""Write the torch.save/torch.load fixtures (tests/golden/serialization/) with real torch.

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/serialization_generate.py

For each object of serialization_cases.build:
* ``torch_<name>.pt``: written by torch.save (what gradcalc must load);
* ``gradcalc_<name>.pt``: written by gradcalc's torch.save, then loaded here by real torch with
  ``weights_only=True`` (CI has no torch: this is where "torch loads gradcalc's files" is checked;
  the tests check that gradcalc still writes these exact bytes);
* serialization.json: torch's repr of each object, and of what torch loaded from gradcalc's file.
"""

import json
import os
import sys

# torch's AVX2 kernels, which the engine reproduces; on an AVX-512 CPU torch would take its 512-bit
# loops (other lane splits, float32 libm): docs/engine.md, 'The reference machine'
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)

import gradcalc.engine as gc  # noqa: E402  (numpy only: runs beside torch)

from serialization_cases import build  # noqa: E402

OUT = os.path.join(HERE, "serialization")


def same(t, g):
    """Whether ``t`` (what torch loaded) is gradcalc's object ``g``: same structure, types, dtypes, shapes,
    bits of every element, requires_grad, Parameter or not."""
    import numpy as np

    if isinstance(t, torch.Tensor):
        return (isinstance(g, gc.Tensor) and str(t.dtype) == str(g.dtype) and tuple(t.shape) == tuple(g.shape)
                and t.requires_grad == g.requires_grad
                and isinstance(t, torch.nn.Parameter) == isinstance(g, gc.nn.Parameter)
                and t.detach().numpy().tobytes() == np.ascontiguousarray(g.detach().numpy()).tobytes())
    if isinstance(t, dict):
        return type(t) is type(g) and list(t) == list(g) and all(same(t[k], g[k]) for k in t)
    if isinstance(t, (list, tuple)) and not isinstance(t, torch.Size):
        return type(t) is type(g) and len(t) == len(g) and all(same(x, y) for x, y in zip(t, g))
    if isinstance(t, (torch.Size, torch.dtype, torch.device)):
        return repr(t) == repr(g)
    return type(t) is type(g) and t == g


def main():
    os.makedirs(OUT, exist_ok=True)
    record = {"torch_version": torch.__version__, "cases": {}}
    ours = build(gc)
    for name, obj in build(torch).items():
        torch.save(obj, os.path.join(OUT, f"torch_{name}.pt"))
        ours_path = os.path.join(OUT, f"gradcalc_{name}.pt")
        gc.save(ours[name], ours_path)
        loaded = torch.load(ours_path, weights_only=True)
        if not same(loaded, ours[name]):
            raise SystemExit(f"{name}: torch read gradcalc's file as\n{loaded!r}\nnot\n{ours[name]!r}")
        record["cases"][name] = {"repr": repr(obj), "torch_loaded_gradcalc_file": repr(loaded)}
    with open(os.path.join(HERE, "serialization.json"), "w") as f:
        json.dump(record, f, indent=1)
        f.write("\n")
    print(f"{len(record['cases'])} cases written; torch loaded every file gradcalc wrote")


if __name__ == "__main__":
    main()
