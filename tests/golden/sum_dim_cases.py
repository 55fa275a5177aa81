"""The cases of tests/golden/sum_dim.json: sums and means along dims whose last bits depend on
torch's order of additions (SumKernel.cpp's cascade, inner and outer). Shared by the generator
(with torch) and tests/engine/test_sum_dim_golden.py (without); no torch here."""

import itertools

import numpy as np

# sizes at and around the vector (8 floats / 4 doubles), the rows of 4 vectors, the cascade's
# 16-row blocks and its levels
SIZES_1D = [1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 31, 32, 33, 36, 63, 64, 65, 70, 127, 128, 129, 255,
            256, 257, 1000, 4096, 4100, 32768]
SHAPES = [
    (3, 4), (4, 3), (7, 9), (8, 8), (9, 7), (16, 17), (17, 16), (33, 32), (32, 33), (64, 10), (10, 64),
    (32, 784), (784, 10), (1000, 10), (10, 1000), (65, 65), (127, 3), (3, 127), (128, 64), (129, 40),
    (255, 33), (256, 128), (4096, 8), (8, 4096), (1, 70), (70, 1), (2, 4096), (4096, 2), (70, 31),
    (2, 3, 4), (4, 8, 9), (3, 17, 33), (5, 64, 10), (16, 16, 16), (2, 129, 8), (7, 1, 9), (9, 33, 2),
    (64, 3, 5), (3, 70, 4), (1, 40, 64),
    (2, 3, 4, 5), (3, 8, 1, 17), (4, 16, 9, 8), (2, 33, 4, 65), (5, 4, 3, 36), (8, 2, 64, 3),
]


def values(shape, dtype, salt):
    """Values every machine computes alike (integer arithmetic, one correctly rounded
    multiplication, an exact power of two, one rounding to ``dtype``) over a wide dynamic range
    (2^-20..2^20, both signs), so the order of additions shows in the last bits."""
    n = int(np.prod(shape))
    k = np.arange(n, dtype=np.int64) + salt * 977
    base = (((k * 7919) % 2003) - 1001) * 0.0137
    return np.ldexp(base, ((k * 31) % 41) - 20).astype(dtype).reshape(shape)


def cases():
    """(op, dtype, shape, dims, keepdim, salt) for every case."""
    out = []
    salt = 0
    for dtype in ("float32", "float64"):
        for shape in [(n,) for n in SIZES_1D] + SHAPES:
            ndim = len(shape)
            all_dims = [c for r in range(1, ndim + 1) for c in itertools.combinations(range(ndim), r)]
            if int(np.prod(shape)) > 8192 and ndim > 1:  # large ones: single dims only
                all_dims = [(d,) for d in range(ndim)]
            for i, dims in enumerate(all_dims):
                salt += 1
                op = "mean" if salt % 3 == 0 else "sum"
                out.append((op, dtype, shape, dims, bool(salt % 2), salt))
    return out
