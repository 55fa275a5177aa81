"""The three transforms under every ``torch.fft`` function, as torch's autograd nodes.

torch lowers each ``torch.fft`` function to one or two of ``_fft_c2c`` (complex to complex),
``_fft_r2c`` (real to complex, the full or the one-sided half spectrum) and ``_fft_c2r``
(a one-sided half spectrum to real), each over some dims with a normalization *mode* that
does not depend on the direction: ``NONE`` (no scaling), ``BY_ROOT_N`` (1/√n) or ``BY_N``
(1/n), n the number of points transformed. Their backward formulas are torch's
(``FunctionsManual.cpp``), in torch's convention for complex gradients, so these nodes are
in ``complex_support.OWN_RULES``:

* c2c: the same transform in the other direction, the same mode (F^H is n·F⁻¹);
* r2c: the gradient zero-padded back to the full length (one-sided), a c2c in the inverse
  direction, its real part;
* c2r: an r2c of the gradient (the same mode), the entries that stand for two conjugate
  frequencies doubled.

The values are numpy's pocketfft (numpy ≥ 2 transforms float32 in single precision);
torch's MKL or pocketfft builds round differently in the last bits.
"""

import numpy as np

from .complex_support import OWN_RULES
from .node import Node
from .ops.checks import check
from .tensor import Tensor

__all__ = ["NONE", "BY_ROOT_N", "BY_N", "c2c", "r2c", "c2r", "FftC2CBackward0", "FftR2CBackward0",
           "FftC2RBackward0"]

NONE, BY_ROOT_N, BY_N = 0, 1, 2
# numpy's norm= for a mode, in the forward and in the inverse direction
_FORWARD_NORM = {NONE: "backward", BY_ROOT_N: "ortho", BY_N: "forward"}
_INVERSE_NORM = {NONE: "forward", BY_ROOT_N: "ortho", BY_N: "backward"}


def _complex_of(dt):
    return np.complex64 if dt in (np.float32, np.complex64) else np.complex128


def _real_of(dt):
    return np.float32 if dt in (np.float32, np.complex64) else np.float64


def _c2c_array(x, dims, mode, forward):
    if not dims:
        return x.copy()
    f = np.fft.fftn if forward else np.fft.ifftn
    norm = _FORWARD_NORM[mode] if forward else _INVERSE_NORM[mode]
    return np.asarray(f(x, axes=dims, norm=norm), _complex_of(x.dtype))


def _r2c_array(x, dims, mode, onesided):
    half = np.asarray(np.fft.rfftn(x, axes=dims, norm=_FORWARD_NORM[mode]), _complex_of(x.dtype))
    if onesided:
        return half
    return _conjugate_fill(half, dims, x.shape[dims[-1]])


def _conjugate_fill(half, dims, n):
    """The two-sided spectrum from the one-sided half, as torch's r2c fills it: X[-k] = conj(X[k])
    (so the mirrored entries are exact conjugates, and the Nyquist and zero frequencies' imaginary
    parts of a 1-d transform come out exactly 0)."""
    last = dims[-1]
    h = half.shape[last]
    shape = list(half.shape)
    shape[last] = n
    full = np.empty(shape, half.dtype)
    index = [slice(None)] * half.ndim
    index[last] = slice(0, h)
    full[tuple(index)] = half
    if n > h:
        mirrored = half
        for d in dims[:-1]:  # the index -k along every other transformed dim
            mirrored = np.roll(np.flip(mirrored, d), 1, d)
        src = [slice(None)] * half.ndim
        src[last] = slice(n - h, 0, -1)  # entries n - j for j = h .. n - 1
        index[last] = slice(h, n)
        full[tuple(index)] = np.conj(mirrored[tuple(src)])
    return full


def _c2r_array(x, dims, mode, last_dim_size):
    s = [x.shape[d] for d in dims[:-1]] + [last_dim_size]
    out = np.fft.irfftn(x, s=s, axes=dims, norm=_INVERSE_NORM[mode])
    return np.asarray(out, _real_of(x.dtype))


def _dims_of(x, dims):
    return tuple(d % x._data.ndim for d in dims)


class FftC2CBackward0(Node):
    __slots__ = ("dims", "mode", "forward_dir")
    explain = "grad_self = the same transform in the other direction, with the same normalization, of grad"
    checks = (check(lambda x: _vr(c2c(_vc(x), (0,), NONE, True)), (5, 2)),
              check(lambda x: _vr(c2c(_vc(x), (0, 1), BY_ROOT_N, False)), (3, 4, 2), label="2-d ortho inverse"),
              check(lambda x: _vr(c2c(_vc(x), (1,), BY_N, True)), (2, 3, 2), label="by n"))

    def forward(ctx, x, dims, mode, forward):
        ctx.dims, ctx.mode, ctx.forward_dir = dims, mode, forward
        return _c2c_array(x._data, dims, mode, forward)

    def backward(ctx, grad):
        return c2c(grad, ctx.dims, ctx.mode, not ctx.forward_dir)


class FftR2CBackward0(Node):
    __slots__ = ("dims", "mode", "onesided", "last_dim_size")
    explain = ("grad_self = real(c2c⁻¹(grad zero-padded to the full length)), the inverse direction with the "
               "same normalization")
    checks = (check(lambda x: _vr(r2c(x, (0,), NONE, True)), (6,)),
              check(lambda x: _vr(r2c(x, (0, 1), BY_N, True)), (3, 5), label="2-d by n"),
              check(lambda x: _vr(r2c(x, (1,), BY_ROOT_N, False)), (2, 5), label="two-sided ortho"))

    def forward(ctx, x, dims, mode, onesided):
        ctx.dims, ctx.mode, ctx.onesided = dims, mode, onesided
        ctx.last_dim_size = x._data.shape[dims[-1]]
        return _r2c_array(x._data, dims, mode, onesided)

    def backward(ctx, grad):
        if ctx.onesided:
            last = ctx.dims[-1]
            missing = ctx.last_dim_size - grad._data.shape[last]
            if missing > 0:
                from .ops.shape import cat
                shape = list(grad._data.shape)
                shape[last] = missing
                grad = cat([grad, Tensor._wrap(np.zeros(shape, grad._data.dtype))], last)
        from .ops.complex_ops import real
        return real(c2c(grad, ctx.dims, ctx.mode, False))


class FftC2RBackward0(Node):
    __slots__ = ("dims", "mode")
    explain = ("grad_self = r2c(grad) (one-sided, the same normalization), the entries standing for two "
               "conjugate frequencies doubled")
    checks = (check(lambda x: c2r(_vc(x), (0,), NONE, 6), (4, 2)),
              check(lambda x: c2r(_vc(x), (0,), BY_N, 7), (4, 2), label="odd"),
              check(lambda x: c2r(_vc(x), (0, 1), BY_ROOT_N, 4), (3, 3, 2), label="2-d ortho"))

    def forward(ctx, x, dims, mode, last_dim_size):
        ctx.dims, ctx.mode = dims, mode
        return _c2r_array(x._data, dims, mode, last_dim_size)

    def backward(ctx, grad):
        gi = r2c(grad, ctx.dims, ctx.mode, True)
        last = ctx.dims[-1]
        double = grad._data.shape[last] - gi._data.shape[last]
        if double > 0:
            shape = [1] * gi._data.ndim
            shape[last] = gi._data.shape[last]
            scale = np.ones(shape, _real_of(gi._data.dtype))
            index = [slice(None)] * gi._data.ndim
            index[last] = slice(1, 1 + double)
            scale[tuple(index)] = 2
            gi = gi * Tensor._wrap(scale)
        return gi


OWN_RULES.update((FftC2CBackward0, FftR2CBackward0, FftC2RBackward0))


def c2c(x, dims, mode, forward):
    """torch's ``_fft_c2c``: a complex transform over ``dims`` in one direction, scaled by ``mode``."""
    return FftC2CBackward0.apply(x, dims=_dims_of(x, dims), mode=mode, forward=forward)


def r2c(x, dims, mode, onesided):
    """torch's ``_fft_r2c``: the forward transform of a real tensor (one-sided: the last dim halved)."""
    return FftR2CBackward0.apply(x, dims=_dims_of(x, dims), mode=mode, onesided=onesided)


def c2r(x, dims, mode, last_dim_size):
    """torch's ``_fft_c2r``: the inverse transform of a one-sided spectrum to ``last_dim_size`` points."""
    return FftC2RBackward0.apply(x, dims=_dims_of(x, dims), mode=mode, last_dim_size=last_dim_size)


def _vr(t):
    from .ops.complex_ops import view_as_real
    return view_as_real(t)


def _vc(t):
    from .ops.complex_ops import view_as_complex
    return view_as_complex(t)
