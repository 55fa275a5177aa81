"""How much of torch's public API gradcalc's language reaches, measured against an installed torch.

    PYTHONPATH=$PWD /work/torchref/bin/python tools/api_coverage.py [--missing] [--json FILE]

torch's list of overridable public callables (``torch.overrides.get_testing_overrides()``)
is the yardstick, as the issue asks. Names are grouped as the user meets them:
``torch.X`` functions, ``Tensor`` methods and properties, and the ``torch.nn.functional``,
``torch.linalg``, ``torch.fft`` and ``torch.special`` namespaces. gradcalc "has" a name
when the sandboxed language can reach it (``gradcalc.interpreter.sandbox``): that is
what a user typing the name meets, not merely what the engine defines.

Names left out on purpose (docs/api_coverage.md) are counted apart, with their reason,
so the figures say what is missing and what is refused by design.
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import torch  # noqa: E402  (the reference; gradcalc never imports it)


def torch_names():
    """{"torch": set, "Tensor": set, "torch.nn.functional": set, ...} of torch's public overridable names."""
    overrides = torch.overrides.get_testing_overrides()
    ids = {id(f) for f in overrides}
    groups = {}
    namespaces = {"torch": torch, "torch.nn.functional": torch.nn.functional, "torch.linalg": torch.linalg,
                  "torch.fft": torch.fft, "torch.special": torch.special}
    for label, mod in namespaces.items():
        groups[label] = {n for n in dir(mod) if not n.startswith("_") and id(getattr(mod, n, None)) in ids}
    methods = set()
    for klass in torch.Tensor.__mro__:
        for name, attr in vars(klass).items():
            if name.startswith("_"):
                continue
            for cand in (attr, getattr(attr, "__get__", None), getattr(attr, "fget", None)):
                if cand is not None and id(cand) in ids:
                    methods.add(name)
    groups["Tensor"] = methods
    return groups


def gradcalc_names():
    """The same groups, as the sandboxed language reaches them."""
    from gradcalc.interpreter import sandbox

    mods = sandbox.modules()
    out = {}
    for label in ("torch", "torch.nn.functional", "torch.linalg", "torch.fft", "torch.special"):
        m = mods.get(label)
        out[label] = set(m._members) if m is not None else set()
    out["Tensor"] = set(sandbox._tensor_names())
    return out


def left_out():
    """{name: reason} of the names gradcalc leaves out on purpose (from docs/api_coverage.md)."""
    path = os.path.join(os.path.dirname(HERE), "docs", "api_coverage.md")
    reasons = {}
    if not os.path.exists(path):
        return reasons
    with open(path) as f:
        for line in f:
            # table rows: | `name` `name` ... | reason |
            if line.startswith("| `"):
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                if len(cells) >= 2:
                    for tok in cells[0].split():
                        reasons[tok.strip("`")] = cells[1]
    return reasons


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--missing", action="store_true", help="list the missing names of each group")
    ap.add_argument("--json", help="write the figures and lists to this file")
    args = ap.parse_args()
    want, have, excused = torch_names(), gradcalc_names(), left_out()
    report = {"torch_version": torch.__version__}
    for label in ("torch", "Tensor", "torch.nn.functional", "torch.linalg", "torch.fft", "torch.special"):
        w = want[label]
        h = w & have[label]
        missing = sorted(w - h)
        by_design = [n for n in missing if n in excused or f"{label}.{n}" in excused]
        todo = [n for n in missing if n not in by_design]
        pct = 100.0 * len(h) / len(w) if w else 100.0
        print(f"{label:22s} {len(h):4d} / {len(w):4d}  ({pct:5.1f}%)   missing {len(todo)}, left out on purpose "
              f"{len(by_design)}")
        if args.missing and todo:
            print("    missing: " + " ".join(todo))
        report[label] = {"have": len(h), "total": len(w), "missing": todo, "left_out": by_design}
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
