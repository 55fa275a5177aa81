"""torch's CPU batch-norm kernels, in their order of floating-point operations.

A float32 batch norm computed the textbook way (numpy's pairwise means, ``(x - mean) *
invstd * w + b``) differs from torch's in the last bit of most elements, and a tutorial that
prints ``normed.mean()`` shows it (``-1.1921e-07`` in torch, another tiny number here).
These functions follow ATen's ``batch_norm_kernel.cpp`` / ``Normalization.cpp`` as the
released CPU build runs them (AVX2, GCC contracting some multiply-adds into FMA), checked
bit for bit against torch 2.13:

* statistics, inputs with spatial dims (N, C, L...): per channel a sequential sum in the
  accumulation type (double for float32), ``mean = sum / n`` rounded to the dtype, then a
  sequential double sum of ``(x - mean)²`` computed in the dtype;
* statistics, (N, C) inputs: the rows are split over torch's threads (``get_num_threads``)
  and each thread adds its rows in the dtype (the variance as a fused multiply-add chain);
  the per-thread partial sums are then added in double (float64: the same in double);
* ``invstd = 1 / sqrt(var_sum / n + eps)`` with the division in the dtype, the rest in
  double; the running statistics ``m·new + (1 - m)·old`` in the dtype (float32's variance:
  the first product fused);
* the output ``x·alpha + beta`` with ``alpha = invstd·w`` and ``beta = b - mean·alpha``,
  both fused;
* backward: per (sample, channel) row, 8-lane vector sums (the lanes then added as AVX2's
  shuffle tree does; the ragged tail of the dot product fused), rows added in double.

Only float32 and float64 take this path (other dtypes keep the simple formulas).
"""

import numpy as np

from .fma import fma

def _lanes(dtype):
    """Values per AVX2 vector (8 float32, 4 float64): torch's reductions keep this many partial sums."""
    return 32 // dtype.itemsize


def applies(d):
    return d.dtype == np.float32 or d.dtype == np.float64


_LOW29 = np.uint64(0x1FFFFFFF)  # the float64 mantissa bits below float32's
_HALF29 = np.uint64(0x10000000)


def _fma_chain(a, b, acc):
    """acc = fma(a[k], b[k], acc) for k = 0, 1, ... (rows of a and b), as a compiled loop that
    fuses its multiply-add computes it.

    float32: the products are exact in float64, so each step is one float64 add rounded to
    float32; that double rounding differs from one rounding only when the float64 sum lies
    exactly halfway between two float32, checked for all steps at once afterwards (then the
    steps are redone with ops/fma.py's exact emulation)."""
    if a.dtype != np.float32 or not len(a):
        for x, y in zip(a, b):
            acc = fma(x, y, acc)
        return acc
    products = a.astype(np.float64) * b
    sums = np.empty_like(products)
    runs = np.empty_like(products)  # the accumulator before each step
    run = acc.astype(np.float64)
    for k in range(len(products)):
        runs[k] = run
        np.add(products[k], run, out=sums[k])
        run = sums[k].astype(np.float32).astype(np.float64)
    halfway = (sums.view(np.uint64) & _LOW29) == _HALF29
    if halfway.any():
        # a halfway sum rounds as the fused operation does when it is exact (ties to even
        # either way); an inexact one needs the exact emulation
        s, p, r = sums[halfway], products[halfway], runs[halfway]
        bb = s - p
        if ((p - (s - bb)) + (r - bb) != 0).any():
            for x, y in zip(a, b):
                acc = fma(x, y, acc)
            return acc
    return run.astype(np.float32)


def _threads():
    from ..threads import get_num_threads
    return get_num_threads()


def _acc(dtype):
    """ATen's acc_type on the CPU: double for float32 and float64."""
    return np.float64


def _chunks(n, threads):
    """at::parallel_for(0, n, 1): the row ranges its threads take."""
    nt = max(1, min(threads, n))
    size = -(-n // nt)
    return [(b, min(n, b + size)) for b in range(0, n, size)]


def _seq_sum(a, axis, dtype):
    """Sequential (first to last) sums along ``axis``, accumulated in ``dtype``.

    numpy reduces an outer axis slice by slice, one add per element in order (pairwise
    summation applies only along the contiguous inner axis), so the summed axis is put first
    and at least two columns are kept; tests/engine/test_kernels_golden.py holds numpy to it."""
    a = np.moveaxis(a, axis, 0)
    rest = a.shape[1:]
    if a.shape[0] == 0:
        return np.zeros(rest, dtype)
    flat = a.reshape(a.shape[0], -1)
    if flat.shape[1] == 1:
        flat = np.concatenate([flat, np.zeros_like(flat)], axis=1)
        return np.add.reduce(flat, axis=0, dtype=dtype)[:1].reshape(rest)
    return np.add.reduce(flat, axis=0, dtype=dtype).reshape(rest)


def _channels_last(d):
    """(N·L, C) copy of an (N, C, L...) input: row k holds each channel's k-th element."""
    c = d.shape[1]
    return np.ascontiguousarray(np.moveaxis(d.reshape(d.shape[0], c, -1), 1, 2)).reshape(-1, c)


def collect_stats(d):
    """(mean, var_sum) per channel, as batch_norm_cpu_collect_stats computes them."""
    dt = d.dtype
    c = d.shape[1]
    n = d.size // c
    image = n // d.shape[0]
    threads = _threads()
    if image == 1 and n > threads:
        rows = d.reshape(n, c)
        parts = _chunks(n, threads)
        sums = np.stack([_seq_sum(rows[b:e], 0, dt) for b, e in parts])
        mean = (_seq_sum(sums, 0, np.float64) / n).astype(dt)
        partial = []
        for b, e in parts:
            diff = rows[b:e] - mean
            partial.append(_fma_chain(diff, diff, np.zeros(c, dt)))
        var_sum = _seq_sum(np.stack(partial), 0, np.float64).astype(dt)
        return mean, var_sum
    if image == 1:
        # no more rows than threads: one pass, the variance as a fused multiply-add chain in
        # the dtype (measured against torch with two rows on two threads)
        rows = d.reshape(n, c)
        mean = (_seq_sum(rows, 0, dt) / dt.type(n)).astype(dt)
        diff = rows - mean
        return mean, _fma_chain(diff, diff, np.zeros(c, dt))
    rows = _channels_last(d)
    mean = (_seq_sum(rows, 0, np.float64) / n).astype(dt)
    diff = rows - mean
    var_sum = _seq_sum(diff * diff, 0, np.float64).astype(dt)
    return mean, var_sum


def invstd_of(var_sum, n, eps):
    """InvStd(var_sum / n, eps): the division in the dtype, the square root in double."""
    var = (var_sum / var_sum.dtype.type(n)).astype(np.float64)
    with np.errstate(divide="ignore"):
        out = 1.0 / np.sqrt(var + eps)
    if eps == 0:
        out[var == 0] = 0.0  # torch's InvStd gives 0, not inf, for a zero variance without eps
    return out.astype(var_sum.dtype)


def update_running(running_mean, running_var, mean, var_sum, n, momentum):
    """The new running statistics (arrays in the running tensors' dtype), or None each."""
    new_mean = new_var = None
    if running_mean is not None:
        dt = running_mean.dtype.type
        m = dt(momentum)
        new_mean = (m * mean.astype(running_mean.dtype) + (dt(1) - m) * running_mean).astype(running_mean.dtype)
    if running_var is not None:
        dt = running_var.dtype.type
        m = dt(momentum)
        if n > 1:
            unbiased = (var_sum / var_sum.dtype.type(n - 1)).astype(running_var.dtype)
        else:
            unbiased = np.full(var_sum.shape, np.nan, running_var.dtype)
        kept = ((dt(1) - m) * running_var).astype(running_var.dtype)
        if running_var.dtype == np.float32:  # the compiled float32 loop fuses the first product
            new_var = fma(np.asarray(m), unbiased, kept)
        else:
            new_var = (m * unbiased + kept).astype(running_var.dtype)
    return new_mean, new_var


def eval_invstd(running_var, eps):
    """1 / sqrt(running_var + eps) in the dtype, as the forward's constant terms compute it."""
    dt = running_var.dtype.type
    return (dt(1) / np.sqrt(running_var + dt(eps))).astype(running_var.dtype)


def transform(d, mean, invstd, w, b):
    """x·alpha + beta per channel (both fused multiply-adds)."""
    dt = d.dtype
    alpha = invstd if w is None else (invstd * w).astype(dt)
    bias = np.zeros_like(alpha) if b is None else b.astype(dt)
    beta = fma(-mean.astype(dt), alpha, bias)
    shape = (1, -1) + (1,) * (d.ndim - 2)
    return fma(d, np.broadcast_to(alpha.reshape(shape), d.shape), np.broadcast_to(beta.reshape(shape), d.shape))


_FLOAT_TREE = ((4, 5, 6, 7, 0, 1, 2, 3), (2, 3, 0, 1, 6, 7, 4, 5), (1, 0, 3, 2, 5, 4, 7, 6))


def _lane_tree(acc):
    """vec_reduce_all: for float32 AVX2's shuffle tree (the two 128-bit halves added, then within
    them, down to one lane); for float64 (no SIMD specialisation) the lanes left to right."""
    if acc.dtype != np.float32:
        return _seq_sum(acc, 1, acc.dtype)
    for perm in _FLOAT_TREE:
        acc = acc + acc[:, perm]
    return acc[:, 0]


def _vector_sums(values, tail_fma=None):
    """vec::reduce_all / map2_reduce_all over each row of ``values`` (R, L) in its dtype.

    ``tail_fma`` = (a, b) with a·b == values: the ragged tail is added as fma(a, b, acc), as
    the compiled map2_reduce_all does."""
    r, length = values.shape
    lanes = _lanes(values.dtype)
    if length < lanes:
        return _seq_sum(values, 1, values.dtype)
    full = length - length % lanes
    acc = _seq_sum(values[:, :full].reshape(r, full // lanes, lanes), 1, values.dtype)
    tail = length - full
    if tail:
        if tail_fma is None:
            acc[:, :tail] = acc[:, :tail] + values[:, full:]
        else:
            a, b = tail_fma
            acc[:, :tail] = fma(a[:, full:], b[:, full:], acc[:, :tail])
    return _lane_tree(acc)


def backward(dy, x, w, mean, invstd, train, need_input):
    """(grad_input or None, grad_weight, grad_bias) as batch_norm_cpu_backward computes them.

    ``mean``/``invstd``: the saved batch statistics in training, else the running mean and
    ``1 / sqrt(running_var + eps)`` in double rounded to the dtype."""
    dt = x.dtype
    c = x.shape[1]
    n = x.size // c
    batch = x.shape[0]
    image = n // batch
    weight = np.ones(c, dt) if w is None else w.astype(dt)
    if image > 1:
        xr = x.reshape(batch * c, image)
        gr = dy.reshape(batch * c, image)
        centred = xr - np.tile(mean, batch)[:, None]
        sums = _vector_sums(gr).reshape(batch, c)
        dots = _vector_sums(centred * gr, (centred, gr)).reshape(batch, c)
        total = _seq_sum(sums, 0, np.float64)
        dotp = _seq_sum(dots, 0, np.float64)
        grad_bias = total.astype(dt)
        grad_weight = (dotp * invstd.astype(np.float64)).astype(dt)
        if not need_input:
            return None, grad_weight, grad_bias
        shape = (1, c, 1)
        x3, g3 = x.reshape(batch, c, image), dy.reshape(batch, c, image)
        if train:
            k = ((dotp.astype(dt) * invstd * invstd) / dt.type(n)).astype(dt)
            grad_mean = (total / n).astype(dt)
            inner = fma(-(x3 - mean.reshape(shape)), np.broadcast_to(k.reshape(shape), x3.shape),
                        g3 - grad_mean.reshape(shape))
            gx = (inner * invstd.reshape(shape)) * weight.reshape(shape)
        else:
            gx = (g3 * invstd.reshape(shape)) * weight.reshape(shape)
        return gx.astype(dt).reshape(x.shape), grad_weight, grad_bias
    # (N, C): each thread adds its rows in the dtype, then the threads' sums are added in double
    rows, grows = x.reshape(n, c), dy.reshape(n, c)
    sums, dots = [], []
    for b, e in _chunks(n, _threads()):
        sums.append(_seq_sum(grows[b:e], 0, dt))
        dots.append(_fma_chain(rows[b:e] - mean, grows[b:e], np.zeros(c, dt)))
    total = _seq_sum(np.stack(sums), 0, np.float64).astype(dt)
    dotp = _seq_sum(np.stack(dots), 0, np.float64).astype(dt)
    grad_weight = (dotp * invstd).astype(dt)
    grad_bias = total
    if not need_input:
        return None, grad_weight, grad_bias
    if train:
        k = ((dotp * invstd * invstd) / dt.type(n)).astype(dt)
        grad_mean = (total / dt.type(n)).astype(dt)
        centred = rows - mean
        inner = (grows - grad_mean) - centred * k  # the ragged tail of the channels: not fused
        full = c - c % _lanes(dt)  # the channels the vector loop takes: fused
        if full:
            inner[:, :full] = fma(-centred[:, :full], np.broadcast_to(k[:full], (n, full)),
                                  (grows - grad_mean)[:, :full])
        gx = (inner * invstd) * weight
    else:
        gx = (grows * invstd) * weight
    return gx.astype(dt).reshape(x.shape), grad_weight, grad_bias
