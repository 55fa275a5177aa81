"""Which of gradcalc's ops have a forward-AD golden (func_fwad.json, func.json)?

    PYTHONPATH=$PWD python tests/golden/func_fwad_coverage.py [--list]

Replays every forward-AD golden case on gradcalc.engine with forward mode's ``push``
watched, and prints the node classes (``node.OPS``) whose forward rule no golden case
runs; ``--list`` also prints the covered ones. Needs no torch.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def covered_ops():
    import gradcalc.engine as torch
    import gradcalc.engine.autograd.forward_jvp as fj
    import gradcalc.engine.nn.functional as F
    from autograd_runner import run_case as run_snippet
    from func_fwad_runner import run_case

    seen = set()
    real = fj.push

    def watched(cls, args, params):
        try:
            out = real(cls, args, params)
        except Exception:  # (torch's refusal where it has no forward rule is covered too)
            seen.add(cls.__name__)
            raise
        if out is not NotImplemented:
            seen.add(cls.__name__)
        return out

    import gradcalc.engine.autograd.forward_ad as fwAD
    fwAD.push = watched  # (what enter_dual_level installs)
    try:
        with open(os.path.join(HERE, "func_fwad.json")) as f:
            data = json.load(f)
        for case in data["cases"]:
            torch.manual_seed(0)
            try:
                run_case(torch, F, data["inputs"], case)
            except Exception:  # noqa: BLE001 - a failing case covers nothing more
                pass
        with open(os.path.join(HERE, "func.json")) as f:
            for case in json.load(f)["cases"]:
                torch.manual_seed(0)
                try:
                    run_snippet(torch, case["code"])
                except Exception:  # noqa: BLE001
                    pass
    finally:
        fwAD.push = real
    return seen


def main():
    from gradcalc.engine.node import OPS
    seen = covered_ops()
    names = sorted({c.__name__ for c in OPS})
    missing = [n for n in names if n not in seen]
    print(f"{len(names) - len(missing)} of {len(names)} op classes have a forward-AD golden")
    if "--list" in sys.argv:
        print("covered:", " ".join(n for n in names if n in seen))
    print("without one:", " ".join(missing))


if __name__ == "__main__":
    main()
