"""Generate the torch.optim golden fixtures with real torch (2.13, CPU, one thread).

    PYTHONPATH=$PWD /work/torchref/bin/python tests/golden/optim_generate.py [--verify]

Writes tests/golden/optim_float32.json, optim_float64.json (optimizers: parameters
after each of 20 steps, state after steps 1, 2 and 20, state dicts, reprs, error
messages) and optim_schedulers.json (get_last_lr over 100 steps, state dicts).

``--verify`` also runs gradcalc's optimizers with torch's own sqrt kernel put in
place of ours and checks that every step of every case then equals torch's bit for
bit: evidence that the only rounding we do not reproduce is torch's sqrt.
"""

import json
import os
import sys
import warnings

import numpy as np
# torch's AVX2 kernels, which the engine reproduces; on an AVX-512 CPU torch would take its 512-bit
# loops (other lane splits, float32 libm): docs/engine.md, 'The reference machine'
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))
from optim_cases import (COMPOSITE_CASES, ERROR_CASES, LBFGS_CASES, OPTIMIZER_CASES, REPR_CASES,  # noqa: E402
                         SCHEDULER_CASES, encode, initial_values, make_composite, make_scheduler, plain_state_dict,
                         run_lbfgs, run_optimizer, run_scheduler)

HERE = os.path.dirname(os.path.abspath(__file__))
torch.set_num_threads(1)


def optimizer_fixture(dtype):
    cases = []
    for index, (name, options) in enumerate(OPTIMIZER_CASES):
        params0, grads = initial_values(dtype, index)
        trace, states, opt = run_optimizer(torch, name, options, params0, grads)
        sd = opt.state_dict()
        cases.append({
            "name": name, "options": options,
            "params0": [encode(p) for p in params0],
            "grads": [[encode(g) for g in step] for step in grads],
            "trace": [[encode(p) for p in step] for step in trace],
            "states": {str(k): [[i, key, str(v.dtype), list(v.shape), encode(v)] for i, key, v in st]
                       for k, st in states.items()},
            "state_dict_groups": plain_state_dict(torch, sd["param_groups"]),
            "state_dict_state_keys": {str(k): list(v) for k, v in sd["state"].items()},
        })
    lbfgs = []
    for options in LBFGS_CASES:
        out, info = run_lbfgs(torch, options, dtype)
        lbfgs.append({"options": options, "info": info,
                      "steps": [[loss, encode(x), encode(y)] for loss, x, y in out]})
    return {"torch": torch.__version__, "dtype": np.dtype(dtype).name, "optimizers": cases, "lbfgs": lbfgs}


def construct(name, options):
    params = [torch.ones(2, requires_grad=True)]
    return getattr(torch.optim, name)(params, **options)


def shared_fixture():
    reprs = [[name, options, repr(construct(name, options))] for name, options in REPR_CASES]
    errors = []
    for name, options in ERROR_CASES:
        try:
            construct(name, options)
        except Exception as e:  # noqa: BLE001 - the message is the fixture
            errors.append([name, options, type(e).__name__, str(e)])
        else:
            raise AssertionError(f"{name}{options} did not fail")
    return {"reprs": reprs, "errors": errors}


def scheduler_fixture():
    cases = []
    for name, options, opt_options in SCHEDULER_CASES:
        opt, sched = make_scheduler(torch, name, options, opt_options)
        lrs = run_scheduler(torch, opt, sched)
        cases.append({"name": name, "options": options, "opt_options": opt_options, "lrs": lrs,
                      "state_dict": plain_state_dict(torch, sched.state_dict()),
                      "groups": plain_state_dict(torch, opt.param_groups[0] | {"params": None})})
    for name in COMPOSITE_CASES:
        opt, sched = make_composite(torch, name)
        lrs = run_scheduler(torch, opt, sched, plateau=name == "ReduceLROnPlateau")
        cases.append({"name": name, "composite": True, "lrs": lrs,
                      "state_dict": plain_state_dict(torch, sched.state_dict())})
    # the order warning: scheduler.step() before any optimizer.step()
    opt, sched = make_scheduler(torch, "StepLR", {"step_size": 2}, {})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sched.step()
    order_warning = [str(w.message) for w in caught]
    return {"torch": torch.__version__, "schedulers": cases, "order_warning": order_warning}


def verify():
    """gradcalc with torch's sqrt equals torch bit for bit on every optimizer case."""
    import gradcalc.engine as G
    from gradcalc.engine.optim import kernels

    kernels.sqrt = lambda a: torch.from_numpy(np.ascontiguousarray(a)).sqrt().numpy()
    bad = []
    for dtype in (np.float32, np.float64):
        for index, (name, options) in enumerate(OPTIMIZER_CASES):
            params0, grads = initial_values(dtype, index)
            ours, _, _ = run_optimizer(G, name, options, params0, grads)
            theirs, _, _ = run_optimizer(torch, name, options, params0, grads)
            n = sum(int((a != b).sum()) for sa, sb in zip(ours, theirs) for a, b in zip(sa, sb))
            if n:
                bad.append((name, options, np.dtype(dtype).name, n))
    print("verify: cases differing with torch's sqrt:", bad or "none")
    return not bad


def main():
    for dtype in (np.float32, np.float64):
        data = optimizer_fixture(dtype)
        data.update(shared_fixture())
        path = os.path.join(HERE, f"optim_{np.dtype(dtype).name}.json")
        with open(path, "w") as f:
            json.dump(data, f, separators=(",", ":"))
        print(path, os.path.getsize(path))
    path = os.path.join(HERE, "optim_schedulers.json")
    with open(path, "w") as f:
        json.dump(scheduler_fixture(), f, separators=(",", ":"))
    print(path, os.path.getsize(path))
    if "--verify" in sys.argv and not verify():
        sys.exit(1)


if __name__ == "__main__":
    main()
