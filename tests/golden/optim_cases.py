"""The torch.optim golden cases, and the driver that runs one with either library.

Shared by ``optim_generate.py`` (run with real torch) and the tests (run with
``gradcalc.engine``): the same code drives both, so a fixture records exactly what
the test replays. Imports no torch; ``lib`` is the torch-like module to use.
"""

import base64

import numpy as np

STEPS = 20
SHAPES = ((2, 3), (4,))

# (optimizer, options): every option of torch 2.13 that changes the numbers
OPTIMIZER_CASES = [
    ("SGD", {"lr": 0.1}),
    ("SGD", {"lr": 0.05, "momentum": 0.9}),
    ("SGD", {"lr": 0.05, "momentum": 0.9, "dampening": 0.5}),
    ("SGD", {"lr": 0.05, "momentum": 0.9, "nesterov": True}),
    ("SGD", {"lr": 0.1, "weight_decay": 0.1}),
    ("SGD", {"lr": 0.05, "momentum": 0.8, "weight_decay": 0.1, "maximize": True}),
    ("Adam", {"lr": 0.01}),
    ("Adam", {"lr": 0.01, "amsgrad": True}),
    ("Adam", {"lr": 0.01, "weight_decay": 0.1}),
    ("Adam", {"lr": 0.01, "maximize": True}),
    ("Adam", {"lr": 0.01, "weight_decay": 0.1, "decoupled_weight_decay": True}),
    ("Adam", {"lr": 0.02, "betas": (0.8, 0.99), "eps": 1e-6}),
    ("AdamW", {"lr": 0.01}),
    ("AdamW", {"lr": 0.01, "weight_decay": 0.1, "amsgrad": True}),
    ("Adamax", {"lr": 0.01}),
    ("Adamax", {"lr": 0.01, "weight_decay": 0.1}),
    ("Adamax", {"lr": 0.01, "maximize": True, "betas": (0.8, 0.99)}),
    ("NAdam", {"lr": 0.01}),
    ("NAdam", {"lr": 0.01, "weight_decay": 0.1}),
    ("NAdam", {"lr": 0.01, "weight_decay": 0.1, "decoupled_weight_decay": True}),
    ("NAdam", {"lr": 0.01, "momentum_decay": 0.01, "maximize": True}),
    ("RAdam", {"lr": 0.01}),
    ("RAdam", {"lr": 0.01, "weight_decay": 0.1}),
    ("RAdam", {"lr": 0.01, "weight_decay": 0.1, "decoupled_weight_decay": True}),
    ("RAdam", {"lr": 0.01, "maximize": True, "betas": (0.8, 0.9)}),
    ("RMSprop", {"lr": 0.01}),
    ("RMSprop", {"lr": 0.01, "centered": True}),
    ("RMSprop", {"lr": 0.01, "momentum": 0.9}),
    ("RMSprop", {"lr": 0.01, "centered": True, "momentum": 0.9, "weight_decay": 0.1}),
    ("RMSprop", {"lr": 0.01, "alpha": 0.9, "eps": 1e-6, "maximize": True}),
    ("Adagrad", {"lr": 0.1}),
    ("Adagrad", {"lr": 0.1, "lr_decay": 0.01}),
    ("Adagrad", {"lr": 0.1, "initial_accumulator_value": 0.1, "eps": 1e-6}),
    ("Adagrad", {"lr": 0.1, "weight_decay": 0.1, "maximize": True}),
    ("Adadelta", {}),
    ("Adadelta", {"lr": 0.5, "rho": 0.5, "eps": 1e-4}),
    ("Adadelta", {"lr": 1.0, "weight_decay": 0.1, "maximize": True}),
    ("ASGD", {"lr": 0.01}),
    ("ASGD", {"lr": 0.01, "t0": 5}),
    ("ASGD", {"lr": 0.05, "lambd": 0.01, "alpha": 0.5, "t0": 3, "weight_decay": 0.1, "maximize": True}),
    ("Rprop", {"lr": 0.01}),
    ("Rprop", {"lr": 0.01, "etas": (0.3, 1.5), "step_sizes": (1e-3, 0.05)}),
    ("Rprop", {"lr": 0.01, "maximize": True}),
]

# The algorithms whose torch step takes a square root: torch's CPU sqrt is not correctly
# rounded, so these agree with torch to a few ulps instead of bit for bit (see kernels.sqrt).
USES_SQRT = {"Adam", "AdamW", "NAdam", "RAdam", "RMSprop", "Adagrad", "Adadelta"}

LBFGS_CASES = [
    {},
    {"line_search_fn": "strong_wolfe"},
    {"lr": 0.5, "history_size": 3, "max_iter": 7},
]

# reprs, with every flag torch accepts shown
REPR_CASES = [
    ("SGD", {"lr": 1e-4}),
    ("SGD", {"lr": 0.1, "momentum": 0.9, "nesterov": True, "foreach": False, "differentiable": False}),
    ("Adam", {}),
    ("Adam", {"lr": 0.01, "betas": (0.8, 0.9), "foreach": True, "capturable": True}),
    ("AdamW", {}),
    ("Adamax", {}),
    ("NAdam", {}),
    ("RAdam", {}),
    ("RMSprop", {"lr": 0.01}),
    ("Adagrad", {}),
    ("Adadelta", {}),
    ("ASGD", {}),
    ("Rprop", {}),
    ("LBFGS", {}),
]

ERROR_CASES = [
    ("SGD", {"lr": -0.1}),
    ("SGD", {"lr": 0.1, "momentum": -0.5}),
    ("SGD", {"lr": 0.1, "weight_decay": -1}),
    ("SGD", {"lr": 0.1, "nesterov": True}),
    ("SGD", {"lr": 0.1, "fused": True, "foreach": True}),
    ("Adam", {"lr": -1.0}),
    ("Adam", {"eps": -1e-8}),
    ("Adam", {"betas": (1.0, 0.999)}),
    ("Adam", {"betas": (0.9, -0.1)}),
    ("Adam", {"weight_decay": -0.1}),
    ("AdamW", {"betas": (0.9, 1)}),
    ("RMSprop", {"alpha": -0.5}),
    ("RMSprop", {"momentum": -0.5}),
    ("Adagrad", {"lr_decay": -1}),
    ("Adagrad", {"initial_accumulator_value": -1}),
    ("Adadelta", {"rho": 1.5}),
    ("Rprop", {"etas": (1.5, 2.0)}),
    ("NAdam", {"momentum_decay": -1}),
]

SCHEDULER_STEPS = 100

# (scheduler, options, optimizer options): lr_lambda forms are named and built by make_lambda
SCHEDULER_CASES = [
    ("StepLR", {"step_size": 7, "gamma": 0.5}, {}),
    ("MultiStepLR", {"milestones": [10, 30, 30, 60], "gamma": 0.3}, {}),
    ("ConstantLR", {"factor": 0.25, "total_iters": 8}, {}),
    ("LinearLR", {"start_factor": 0.1, "end_factor": 0.9, "total_iters": 37}, {}),
    ("ExponentialLR", {"gamma": 0.97}, {}),
    ("PolynomialLR", {"total_iters": 60, "power": 2.0}, {}),
    ("CosineAnnealingLR", {"T_max": 30}, {}),
    ("CosineAnnealingLR", {"T_max": 17, "eta_min": 0.01}, {}),
    ("CosineAnnealingWarmRestarts", {"T_0": 10}, {}),
    ("CosineAnnealingWarmRestarts", {"T_0": 5, "T_mult": 2, "eta_min": 0.001}, {}),
    ("CyclicLR", {"base_lr": 0.01, "max_lr": 0.1, "step_size_up": 9}, {"momentum": 0.9}),
    ("CyclicLR", {"base_lr": 0.01, "max_lr": 0.1, "step_size_up": 5, "step_size_down": 12, "mode": "triangular2"},
     {"momentum": 0.9}),
    ("CyclicLR", {"base_lr": 0.01, "max_lr": 0.1, "step_size_up": 8, "mode": "exp_range", "gamma": 0.98,
                  "cycle_momentum": False}, {}),
    ("OneCycleLR", {"max_lr": 0.2, "total_steps": 101}, {"momentum": 0.9}),
    ("OneCycleLR", {"max_lr": 0.2, "total_steps": 120, "anneal_strategy": "linear", "three_phase": True,
                    "pct_start": 0.25}, {"momentum": 0.9}),
    ("LambdaLR", {"lr_lambda": "decay"}, {}),
    ("MultiplicativeLR", {"lr_lambda": "decay"}, {}),
]

# Composite schedulers, built by make_composite
COMPOSITE_CASES = ["SequentialLR", "ChainedScheduler", "ReduceLROnPlateau"]


def make_lambda(name):
    if name == "decay":
        return lambda epoch: 0.95 ** epoch
    raise KeyError(name)


def encode(arr):
    """An array as base64 of its little-endian bytes (exact, compact)."""
    return base64.b64encode(np.ascontiguousarray(arr).astype(arr.dtype.newbyteorder("<")).tobytes()).decode()


def decode(text, dtype, shape):
    return np.frombuffer(base64.b64decode(text), dtype=np.dtype(dtype).newbyteorder("<")).reshape(shape)


def initial_values(dtype, case_index):
    """Fixed starting weights and the gradient of every step (from a numpy seed, stored in the fixture)."""
    rng = np.random.default_rng(1000 + case_index)
    params = [rng.standard_normal(s).astype(dtype) for s in SHAPES]
    grads = [[rng.standard_normal(s).astype(dtype) for s in SHAPES] for _ in range(STEPS)]
    return params, grads


def state_arrays(lib, opt, params):
    """Every tensor in the optimizer's state, in order: [(param index, key, array)]."""
    out = []
    for i, p in enumerate(params):
        for key, value in opt.state[p].items():
            if isinstance(value, lib.Tensor):
                out.append((i, key, value.detach().numpy().copy()))
    return out


def run_optimizer(lib, name, options, params0, grads):
    """Run STEPS steps; returns (params after each step, state after steps 1, 2 and last, the optimizer)."""
    params = [lib.tensor(p.copy(), requires_grad=True) for p in params0]
    opt = getattr(lib.optim, name)(params, **options)
    trace, states = [], {}
    for step, step_grads in enumerate(grads, 1):
        for p, g in zip(params, step_grads):
            p.grad = lib.tensor(g.copy())
        opt.step()
        trace.append([p.detach().numpy().copy() for p in params])
        if step in (1, 2, len(grads)):
            states[step] = state_arrays(lib, opt, params)
    return trace, states, opt


def run_lbfgs(lib, options, dtype):
    """L-BFGS on a least-squares problem plus a Rosenbrock term; (loss, x, y) after each of 5 steps."""
    rng = np.random.default_rng(7)
    A = lib.tensor(rng.standard_normal((6, 6)).astype(dtype))
    b = lib.tensor(rng.standard_normal(6).astype(dtype))
    x = lib.tensor(np.zeros(6, dtype), requires_grad=True)
    y = lib.tensor(np.array([-1.2, 1.0], dtype), requires_grad=True)
    opt = lib.optim.LBFGS([x, y], **options)

    def closure():
        opt.zero_grad()
        r = A @ x - b
        loss = (r * r).sum() + (1 - y[0]) ** 2 + 100 * (y[1] - y[0] ** 2) ** 2
        loss.backward()
        return loss

    out = []
    for _ in range(5):
        loss = opt.step(closure)
        out.append((float(loss.detach()), x.detach().numpy().copy(), y.detach().numpy().copy()))
    st = opt.state[x]
    return out, {"func_evals": st["func_evals"], "n_iter": st["n_iter"], "keys": list(st)}


def one_param(lib):
    return [lib.tensor(np.ones(3, np.float32), requires_grad=True)]


def make_scheduler(lib, name, options, opt_options):
    opt = lib.optim.SGD(one_param(lib), lr=0.1, **opt_options)
    options = dict(options)
    if "lr_lambda" in options:
        options["lr_lambda"] = make_lambda(options["lr_lambda"])
    return opt, getattr(lib.optim.lr_scheduler, name)(opt, **options)


def make_composite(lib, name):
    lrs = lib.optim.lr_scheduler
    opt = lib.optim.SGD(one_param(lib), lr=0.1, momentum=0.9)
    if name == "SequentialLR":
        s1 = lrs.LinearLR(opt, start_factor=0.1, total_iters=10)
        s2 = lrs.CosineAnnealingLR(opt, T_max=40)
        s3 = lrs.ExponentialLR(opt, gamma=0.9)
        return opt, lrs.SequentialLR(opt, schedulers=[s1, s2, s3], milestones=[10, 50])
    if name == "ChainedScheduler":
        s1 = lrs.ConstantLR(opt, factor=0.5, total_iters=4)
        s2 = lrs.ExponentialLR(opt, gamma=0.95)
        return opt, lrs.ChainedScheduler([s1, s2], optimizer=opt)
    if name == "ReduceLROnPlateau":
        return opt, lrs.ReduceLROnPlateau(opt, mode="min", factor=0.5, patience=3, threshold=0.01, cooldown=2)
    raise KeyError(name)


def plateau_metric(step):
    """A loss that improves, stalls, improves: drives ReduceLROnPlateau through its states."""
    return 1.0 / (1 + min(step, 10) + max(0, step - 40) // 7)


def run_scheduler(lib, opt, sched, plateau=False):
    """get_last_lr() after each of SCHEDULER_STEPS steps (the optimizer steps first, as it should)."""
    lrs = [list(sched.get_last_lr())]
    for step in range(SCHEDULER_STEPS):
        opt.step()
        if plateau:
            sched.step(plateau_metric(step))
        else:
            sched.step()
        lrs.append(list(sched.get_last_lr()))
    return lrs


def plain_state_dict(lib, sd):
    """A state dict with tensors replaced by their repr (functions and others by their type name)."""
    if isinstance(sd, dict):
        return {str(k): plain_state_dict(lib, v) for k, v in sd.items()}
    if isinstance(sd, (list, tuple)):
        return [plain_state_dict(lib, v) for v in sd]
    if isinstance(sd, lib.Tensor):
        return "tensor " + repr(sd.detach().numpy().tolist())
    if isinstance(sd, (bool, int, float, str)) or sd is None:
        return sd if not isinstance(sd, float) or sd == sd else "nan"
    if type(sd).__name__ == "Counter":
        return plain_state_dict(lib, dict(sd))
    return type(sd).__name__
