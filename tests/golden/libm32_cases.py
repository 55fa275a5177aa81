"""The cases of tests/golden/libm32.json: float32 pointwise functions whose last bit follows
torch's kernels (ops/libm32.py), on random values and the edge values (zeros, subnormals, the
largest floats, infinities, nan, domain ends), in the layouts that pick torch's loops. Shared by
the generator (with torch) and tests/engine/test_libm32_golden.py (without); no torch here."""

import numpy as np

# name: (typical range, widest magnitude), as bench/libm32_mismatch.py samples them
FUNCS = {"exp": ((-20, 20), 88), "log": ((0.001, 100), 1e30), "tanh": ((-5, 5), 20),
         "log10": ((0.001, 100), 1e30), "log2": ((0.001, 100), 1e30),
         "log1p": ((-0.9, 10), 1e30), "expm1": ((-5, 5), 88), "sinh": ((-5, 5), 88), "cosh": ((-5, 5), 88),
         "atanh": ((-0.99, 0.99), 0.999), "sin": ((-10, 10), 1e4), "cos": ((-10, 10), 1e4)}
# the special values (zeros, the smallest subnormal, a subnormal, the smallest normal, the
# largest float, infinities, nan), then values at the ends of domains and ranges
SPECIALS = [0.0, -0.0, 1e-45, -1e-45, 1e-40, -1e-40, 1.1754944e-38, -1.1754944e-38, 3.4028235e38, -3.4028235e38,
            np.inf, -np.inf, np.nan]
EDGES = SPECIALS + [1e-20, -1e-20, 1e30, -1e30, 1.0, -1.0, 0.5, -0.5, 2.0, 88.72, -103.9, 89.5, 1e-8, -0.99999994]
# (layout, element count of the base buffer): a contiguous run (vector blocks and a tail), one
# shorter than a vector block (tail only), every other element (torch's scalar loop for some
# functions), rows of a 2-D slice (runs of 30: one block, then a tail), a transposed matrix
LAYOUTS = [("contiguous", 300), ("short", 7), ("strided", 600), ("rows", (10, 40)), ("transposed", (12, 25))]


def base_values(name, layout):
    """The base buffer of a case (float32): random values, half of them of log-uniform magnitude,
    with the edge values first."""
    (lo, hi), wide = FUNCS[name]
    size = LAYOUTS[[n for n, _ in LAYOUTS].index(layout)][1]
    shape = size if isinstance(size, tuple) else (size,)
    n = int(np.prod(shape))
    rng = np.random.default_rng([list(FUNCS).index(name), [n for n, _ in LAYOUTS].index(layout)])
    x = rng.uniform(lo, hi, n)
    mag = 10.0 ** rng.uniform(-8, np.log10(wide), n) * rng.choice([-1.0, 1.0], n)
    x[1::2] = mag[1::2]
    if layout != "short":
        x[:len(EDGES)] = EDGES
    else:
        x[:3] = [0.0, -0.0, np.nan]
    return x.astype(np.float32).reshape(shape)


def view(t, layout):
    """The case's input: a view of the base buffer ``t`` (a torch or a gradcalc tensor)."""
    if layout == "strided":
        return t[::2]
    if layout == "rows":
        return t[:, 5:35]
    if layout == "transposed":
        return t.t()
    return t
