"""float32 pointwise functions rounded as torch's CPU kernels round them.

torch computes float32 exp/log/tanh/log10/log2/log1p/expm1 through ``at::vml`` (MKL's VML in
this build: docs/engine.md) and sinh/cosh/atanh with SLEEF's 1-ulp vector functions; both
return the correctly rounded value for most inputs, while numpy's float32 loops (glibc's float
functions, as gradcalc sets numpy up) differ from them in the last bit far more often.
Evaluating in float64 (glibc's double functions) and rounding once to float32 gives the
correctly rounded value: for tanh/log10/log2/log1p/expm1/sinh/cosh/atanh it equals torch's in
all but 1 element in 100 to 10,000, for exp 1 in about 120, for log 1 in 13 to 50 (torch's
kernel is further from correct rounding there), still 2 to 50 times fewer misses than numpy's
float32 loops at every size measured (bench/libm32_mismatch.py counts them). sin and cos
would gain as well (a third of the misses), but their float64 loop costs 10-20 times numpy's
float32 one: they take it only up to 16,384 elements (the sizes tutorials print; a few µs),
numpy's float32 loop above (docs/engine.md, "torch's kernels, bit for bit").

Two kernel shapes, by how torch loops (as measured: which elements follow which route):

- ``via_double``: functions whose every element torch computes by its vector path (vml: a
  tail too, and a strided input through a contiguous buffer).
- ``vector_body``: functions torch runs with ``cpu_kernel_vec``: blocks of two 8-float vectors
  along each contiguous run, the rest of the run (and every element of an input whose inner
  stride is not 1) by the scalar loop, which calls glibc's float function, numpy's float32 loop.

Only the forward's values change; gradients keep their own formulas. float16 tensors reach
these as float32 (``support.floating``); their final rounding to float16 hides nearly all of it.
"""

import numpy as np

from ..complex_support import allow_forward

_BLOCK = 16  # cpu_kernel_vec's vectorized loop steps by two AVX2 vectors of 8 floats


def via_double(fn, fix=None, up_to=None):
    """``fn`` for float32 evaluated in float64 and rounded once (then ``fix(x, y)``, torch's own
    deviations, where given); other dtypes (float64, complex) go to ``fn`` as they are.
    ``up_to``: only tensors of at most that many elements (above it, numpy's float32 loop: speed)."""
    def forward(d):
        # (a 0-d value may come as a numpy scalar). No ``np.errstate`` here: the engine turns
        # numpy's floating-point warnings off once at import (engine/__init__.py) and the sandbox
        # gives user code no way to turn them on; the context manager cost ~1.4 µs a call, three
        # times numpy's own sin of a 0-d value, on the per-op path of every tiny tensor.
        if getattr(d, "dtype", None) == np.float32:
            if d.ndim == 0:  # the same float64 loop on a Python float: a third of two astypes' cost
                y = np.float32(fn(float(d)))
            elif up_to is None or d.size <= up_to:
                y = fn(d.astype(np.float64)).astype(np.float32)
            else:
                return fn(d)
            return y if fix is None else fix(d, y)
        return fn(d)
    return _named(forward, fn)


def log1p_tiny(x, y):
    """torch's float32 log1p below 2^-125 (where log1p(x) rounds to x): torch's result is x
    halved and doubled, so a subnormal loses its last bit (ties to even) and a zero comes out
    +0; measured on all 2^25 such inputs. ±0 itself gives ±0."""
    tiny = (np.abs(x) < np.float32(2.0 ** -125)) & (x != 0)
    if tiny.any():
        x, y = np.asarray(x), np.array(y)  # (a 0-d value may be a numpy scalar)
        y[tiny] = x[tiny] * np.float32(0.5) * np.float32(2) + np.float32(0)  # (+0 turns -0 into +0)
    return y


def vector_body(fn):
    """``fn`` for float32 as ``cpu_kernel_vec`` computes it: the elements its vector loop takes
    in float64 rounded once, the rest (tails of contiguous runs, strided inputs) by ``fn`` in
    float32. A run is the input's memory order where it is dense (C or Fortran order), else
    the rows of its coalesced unit-stride inner dims. (Past 32,768 elements torch splits a run
    among its threads, each part with its own tail: a few elements there may differ.)"""
    def forward(d):
        if getattr(d, "dtype", None) != np.float32 or d.size < _BLOCK:
            return fn(d)
        rows, back = _runs(d)
        if rows is None:
            return fn(d)
        k = rows.shape[1] - rows.shape[1] % _BLOCK
        out = np.empty(rows.shape, np.float32)
        out[:, :k] = fn(rows[:, :k].astype(np.float64))  # (numpy's warnings are off: via_double)
        out[:, k:] = fn(rows[:, k:])
        return back(out)
    return _named(forward, fn)


def domain_nan(fn, sign, dtypes=("float32", "float64"), nan_input=None):
    """``fn`` with torch's sign on the nan a domain error gives (``sign`` for the ``dtypes``
    given) and on the nan a nan input gives (``nan_input``: None leaves it, "keep" the input's
    sign, or a fixed sign): a nan's sign bit shows only through copysign/signbit, but there it
    is a value. torch's kernels give -nan for asin/acos (and float32 erfinv), +nan for sqrt
    (and float64 log1p), log1p clears a nan input's sign and erfinv keeps it, where numpy's loops
    differ (measured with ATEN_CPU_CAPABILITY=avx2)."""
    kinds = tuple(np.dtype(t) for t in dtypes)

    def forward(d):
        y = fn(d)
        kind = getattr(y, "dtype", None)
        if kind is None or kind.kind != "f" or not y.size or not np.isnan(y.min()):
            return y  # (no nan in the result: one pass, no masks; sqrt is on optimizers' hot path)
        nan_in = np.isnan(d)
        if kind in kinds:
            bad = np.isnan(y) & ~nan_in
            if bad.any():
                y = np.where(bad, np.copysign(np.asarray(np.nan, kind), sign), y)
        if nan_input is not None and nan_in.any():
            to = np.copysign(np.asarray(np.nan, kind), d if nan_input == "keep" else nan_input)
            y = np.where(nan_in, to, y)
        return y
    return _named(forward, fn)


def _runs(d):
    """``d``'s values as (runs, length) in torch's loop order, and how to shape a result back;
    (None, None) where torch's inner loop is strided (all scalar)."""
    if d.flags.c_contiguous:
        return d.reshape(1, -1), lambda r: r.reshape(d.shape)
    if d.flags.f_contiguous:
        return d.T.reshape(1, -1), lambda r: r.reshape(d.T.shape).T
    if d.ndim == 0 or d.strides[-1] != d.itemsize:
        return None, None
    i, length = d.ndim - 1, d.shape[-1]
    while i > 0 and d.strides[i - 1] == d.shape[i] * d.strides[i]:  # dims torch coalesces into one run
        i -= 1
        length *= d.shape[i]
    return np.ascontiguousarray(d).reshape(-1, length), lambda r: r.reshape(d.shape)


def _named(forward, fn):
    forward.__name__ = getattr(fn, "__name__", "forward")
    allow_forward(forward)  # every function wrapped here has a complex kernel, which ``fn`` runs
    return forward
