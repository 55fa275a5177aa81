"""``torch.stft`` and ``torch.istft``, and the window functions they are used with.

Both are composed of engine ops exactly as torch composes them (``torch/functional.py`` and
``aten/src/ATen/native/SpectralOps.cpp``), so values and ``grad_fn`` chains are torch's:

* stft: ``center`` pads the signal by n_fft // 2 on each side (``F.pad`` with ``pad_mode``);
  the frames are an ``as_strided`` view (hop_length apart); they are multiplied by the window
  (zero-padded to n_fft in the middle); an r2c (a c2c for complex input or window) over the
  last dim, ``normalized`` by 1/√n_fft; the result transposed in place to
  (batch, freq, frames) and squeezed for a 1-D signal (``SqueezeBackward4``,
  ``TransposeBackward1``). ``return_complex=False`` gives ``view_as_real`` with torch's
  deprecation warning; it must be given for a real signal.
* istft: the inverse transform of every frame, times the window, overlap-added
  (``unfold_backward``, node ``UnfoldBackwardBackward0``), trimmed, divided by the overlap-added
  squared window.
"""

import math
import warnings

import numpy as np

from . import dtypes as _dt
from .fft_nodes import BY_N, BY_ROOT_N, NONE, c2c, c2r, r2c
from .node import Node
from .ops.checks import check
from .tensor import Tensor

__all__ = ["stft", "istft", "hann_window", "hamming_window", "blackman_window", "bartlett_window",
           "overlap_add"]

_NO_WINDOW = ("A window was not provided. A rectangular window will be applied,which is known to cause spectral "
              "leakage. Other windows such as torch.hann_window or torch.hamming_window are recommended to reduce "
              "spectral leakage.To suppress this warning and use a rectangular window, explicitly set "
              "`window=torch.ones(n_fft, device=<device>)`.")
_NO_WINDOW_ISTFT = ("A window was not provided. A rectangular window will be applied.Please provide the same window "
                    "used by stft to make the inversion lossless.To suppress this warning and use a rectangular "
                    "window, explicitly set `window=torch.ones(n_fft, device=<device>)`.")
# torch gives these with TORCH_WARN_ONCE: once per process
WARNED = set()


def _warn_once(message):
    if message not in WARNED:
        WARNED.add(message)
        warnings.warn(message, UserWarning, stacklevel=3)


_REAL_OUT = ("stft with return_complex=False is deprecated. In a future pytorch release, stft will return complex "
             "tensors for all inputs, and return_complex=False will raise an error.\nNote: you can still call "
             "torch.view_as_real on the complex output to recover the old return format.")


# -- overlap-add: torch's unfold_backward --------------------------------------------------------

class UnfoldBackwardBackward0(Node):
    """``unfold_backward``: frames (…, n_frames, size) added back into a signal, ``step`` apart."""
    __slots__ = ("size", "step")
    explain = "grad_self = grad.unfold(dim, size, step)   (each frame reads the signal it was added into)"
    checks = (check(lambda x: overlap_add(x, 11, 5, 3), (2, 3, 5)),)

    def forward(ctx, frames, length, size, step):
        ctx.size, ctx.step = size, step
        f = frames._data
        lead = f.shape[:-2]
        n_frames = f.shape[-2]
        out = np.zeros((length,) + lead, f.dtype)
        idx = (np.arange(n_frames)[:, None] * step + np.arange(size)[None, :]).reshape(-1)
        # (a ufunc's own accumulation, frame after frame)
        np.add.at(out, idx, np.moveaxis(f.reshape(lead + (-1,)), -1, 0))
        return np.ascontiguousarray(np.moveaxis(out, 0, -1))

    def backward(ctx, grad):
        return grad.unfold(-1, ctx.size, ctx.step)


def overlap_add(frames, length, size, step):
    """torch's ``unfold_backward(frames, (…, length), dim=-1, size, step)``."""
    return UnfoldBackwardBackward0.apply(frames, length=length, size=size, step=step)


# -- stft ----------------------------------------------------------------------------------------

def _type_str(t):
    # (c10's toString: the legacy name, which complex types do not have)
    if t._data.dtype.kind == "c":
        return f"CPU{_dt.ALL_SCALAR_NAMES[t.dtype.name]}Type"
    return _dt.TENSOR_TYPE_NAMES[t.dtype.name]


def _opt(v):
    return "None" if v is None else str(int(v)) if isinstance(v, bool) else str(v)


def _repr_args(fn, x, n_fft, hop, win, window, normalized, onesided, return_complex):
    w = "None" if window is None else f"{_type_str(window)}{{{list(window.shape)}}}"
    return (f"{fn}({_type_str(x)}{list(x.shape)}, n_fft={n_fft}, hop_length={hop}, win_length={win}, window={w}, "
            f"normalized={int(bool(normalized))}, onesided={_opt(onesided)}, return_complex={_opt(return_complex)}, "
            f"align_to_window=None) ")


def _padded_window(window, n_fft, win_length, dtype):
    from .creation import ones
    from .ops.conv import constant_pad_nd
    w = window if window is not None else ones(win_length, dtype=dtype)
    if win_length < n_fft:
        left = (n_fft - win_length) // 2
        w = constant_pad_nd(w, (left, n_fft - win_length - left))
    return w


def stft(input, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode="reflect",
         normalized=False, onesided=None, return_complex=None, align_to_window=None):
    """The short-time Fourier transform: (batch?, n_fft // 2 + 1, n_frames) complex frames."""
    from .ops.complex_ops import view_as_real
    if center and align_to_window is not None:
        raise RuntimeError("stft align_to_window should only be set when center = false")
    if window is None:
        _warn_once(_NO_WINDOW)
    complex_in = input._data.dtype.kind == "c" or (window is not None and window._data.dtype.kind == "c")
    rc = return_complex if return_complex is not None else complex_in
    if not rc:
        if return_complex is None:
            raise RuntimeError("stft requires the return_complex parameter be given for real inputs, and will "
                               "further require that return_complex=True in a future PyTorch release.")
        _warn_once(_REAL_OUT)
    hop = n_fft >> 2 if hop_length is None else hop_length
    win = n_fft if win_length is None else win_length
    dim = input._data.ndim
    if center:
        from .nn.functional import pad
        p = n_fft // 2
        input = pad(input.view([1] * (3 - dim) + list(input.shape)), [p, p], pad_mode)
        input = input.view(input.shape[-dim:])
    x = input
    if dim == 1:
        x = x.unsqueeze(0)
    hop_ = n_fft >> 2 if hop_length is None else hop_length
    if dim not in (1, 2):
        raise RuntimeError(_repr_args("stft", input, n_fft, hop_, win, window, normalized, onesided, return_complex)
                           + ": expected a 1D or 2D tensor")
    batch, length = x._data.shape
    args = (x if dim == 2 else input, n_fft, hop, win, window, normalized, onesided, return_complex)
    if n_fft <= 0 or n_fft > length:
        raise RuntimeError(_repr_args("stft", *args) + f": expected 0 < n_fft < {length}, but got n_fft={win}")
    if hop <= 0:
        raise RuntimeError(_repr_args("stft", *args) + f": expected hop_length > 0, but got hop_length={hop}")
    if win <= 0 or win > n_fft:
        raise RuntimeError(_repr_args("stft", *args) + f": expected 0 < win_length <= n_fft, but got "
                                                       f"win_length={win}")
    if window is not None and (window._data.ndim != 1 or window._data.shape[0] != win):
        raise RuntimeError(_repr_args("stft", *args) + f": expected a 1D window tensor of size equal to "
                                                       f"win_length={win}, but got window with size "
                                                       f"{list(window.shape)}")
    w = window
    if win < n_fft:
        w = _padded_window(window, n_fft, win, x.dtype)
    n_frames = 1 + (length - n_fft) // hop
    s0, s1 = (st // x._data.itemsize for st in x._data.strides)
    frames = x.as_strided((batch, n_frames, n_fft), (s0, hop * s1, s1))
    if w is not None:
        frames = frames * w
    mode = BY_ROOT_N if normalized else NONE
    if frames._data.dtype.kind == "c":
        if onesided:
            raise RuntimeError("Cannot have onesided output if window or input is complex")
        out = c2c(frames, (2,), mode, True)
    else:
        out = r2c(frames, (2,), mode, True if onesided is None else onesided)
    out.transpose_(1, 2)
    if dim == 1:
        out.squeeze_(0)
    return out if rc else view_as_real(out)


# -- istft ---------------------------------------------------------------------------------------

def istft(input, n_fft, hop_length=None, win_length=None, window=None, center=True, normalized=False,
          onesided=None, length=None, return_complex=False):
    """The inverse of stft: the least-squares signal of the frames (overlap-add over the window)."""
    from .ops.complex_ops import view_as_complex, view_as_real
    from .ops.conv import constant_pad_nd
    if window is None:
        _warn_once(_NO_WINDOW_ISTFT)
    hop = n_fft >> 2 if hop_length is None else hop_length
    win = n_fft if win_length is None else win_length
    if input._data.dtype.kind != "c":
        raise RuntimeError("istft requires a complex-valued input tensor matching the output from stft with "
                           "return_complex=True.")
    x = view_as_real(input.resolve_conj())
    ndim = x._data.ndim
    head = (f"istft({_type_str(input)}{list(input.shape)}, n_fft={n_fft}, hop_length={hop}, win_length={win}, "
            f"window={'None' if window is None else _type_str(window) + '{' + str(list(window.shape)) + '}'}, "
            f"center={int(bool(center))}, normalized={int(bool(normalized))}, onesided={_opt(onesided)}, "
            f"length={_opt(length)}, return_complex={int(bool(return_complex))}) ")
    if x._data.size == 0:
        raise RuntimeError(head + ": input tensor cannot be empty.")
    if ndim not in (3, 4):
        raise RuntimeError(head + f": expected a tensor with 3 or 4 dimensions of float, but got {ndim}")
    n_frames = x._data.shape[-2]
    fft_size = x._data.shape[-3]
    expected = n_fft + hop * (n_frames - 1)
    sided = onesided if onesided is not None else fft_size != n_fft
    if sided:
        if n_fft // 2 + 1 != fft_size:
            raise RuntimeError(head + ": expected the frequency dimension (3rd to the last) of the input tensor to "
                                      f"match n_fft / 2 + 1 when onesided=True, but got {fft_size}")
    elif n_fft != fft_size:
        raise RuntimeError(head + ": expected the frequency dimension (3rd to the last) of the input tensor to "
                                  f"match n_fft when onesided=False, but got {fft_size}")
    if not 0 < hop <= win:
        raise RuntimeError(head + ": expected 0 < hop_length <= win_length")
    if not 0 < win <= n_fft:
        raise RuntimeError(head + ": expected 0 < win_length <= n_fft")
    if window is not None and (window._data.ndim != 1 or window._data.shape[0] != win):
        raise RuntimeError(head + ": Invalid window shape. window has to be 1D and length of `win_length`")
    from .creation import ones
    w = window if window is not None else ones(win, dtype=_dt.TO_REAL[input.dtype])
    if win != n_fft:
        left = (n_fft - win) // 2
        w = constant_pad_nd(w, (left, n_fft - win - left))
    if ndim == 3:
        x = x.unsqueeze(0)
    x = view_as_complex(x.transpose(1, 2))
    mode = BY_ROOT_N if normalized else BY_N
    if return_complex:
        if sided:
            raise RuntimeError("Cannot have onesided output if window or input is complex")
        x = c2c(x, (x._data.ndim - 1,), mode, False)
    else:
        if window is not None and window._data.dtype.kind == "c":
            raise RuntimeError("Complex windows are incompatible with return_complex=False")
        if not sided:
            x = x.narrow(-1, 0, n_fft // 2 + 1)
        x = c2r(x, (x._data.ndim - 1,), mode, n_fft)
    y = overlap_add(x * w.view(1, 1, n_fft), expected, n_fft, hop)
    envelope = overlap_add(w.pow(2).expand(1, n_frames, n_fft), expected, n_fft, hop)
    start = n_fft // 2 if center else 0
    if length is not None:
        end = start + length
    elif center:
        end = expected - n_fft // 2
    else:
        end = expected
    stop = min(end, expected)
    y = y[:, start:stop]
    envelope = envelope[:, start:stop]
    if envelope._data.size and (np.abs(envelope._data).min() < 1e-11):
        raise RuntimeError(head + "window overlap add min: 1\n[ CPUBoolType{} ]")
    y = y / envelope
    if ndim == 3:
        y = y.squeeze(0)
    if end > expected:
        _warn_once("The length of signal is shorter than the length parameter. Result is being padded with zeros "
                   "in the tail. Please check your center and hop_length settings.")
        y = constant_pad_nd(y, (0, end - expected))
    return y


# -- windows -------------------------------------------------------------------------------------

def _window_dtype(dtype):
    d = _dt.get_default_dtype() if dtype is None else _dt.as_dtype(dtype)
    if d.category != _dt._FLOAT:
        raise RuntimeError(f"window functions require a floating point dtype, but got {d}")  # (torch's check)
    return d.np


def _finish(arr, requires_grad):
    from .creation import _new_leaf
    return _new_leaf(arr, requires_grad)


def _cosine_sum(window_length, periodic, dtype, requires_grad, alpha, beta):
    dt = _window_dtype(dtype)
    if window_length < 0:
        raise RuntimeError(f"hamming_window requires non-negative window_length, got window_length={window_length}")
    if window_length == 0:
        return _finish(np.zeros(0, dt), requires_grad)
    if window_length == 1:
        return _finish(np.ones(1, dt), requires_grad)
    n = window_length + 1 if periodic else window_length
    k = np.arange(n, dtype=dt)
    w = np.cos(k * dt.type(math.pi * 2.0 / (n - 1))) * dt.type(-beta) + dt.type(alpha)
    return _finish(np.asarray(w[:window_length] if periodic else w, dt), requires_grad)


def hann_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, requires_grad=False,
                pin_memory=False):
    """The Hann window: 0.5 - 0.5 cos(2πk / (N - 1)) (N = length + 1 when periodic)."""
    return _cosine_sum(window_length, periodic, dtype, requires_grad, 0.5, 0.5)


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None, layout=None, device=None,
                   requires_grad=False, pin_memory=False):
    """The Hamming window: alpha - beta cos(2πk / (N - 1))."""
    return _cosine_sum(window_length, periodic, dtype, requires_grad, alpha, beta)


def blackman_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, requires_grad=False,
                    pin_memory=False):
    """The Blackman window: 0.42 - 0.5 cos(2πk / (N - 1)) + 0.08 cos(4πk / (N - 1))."""
    dt = _window_dtype(dtype)
    if window_length == 0:
        return _finish(np.zeros(0, dt), requires_grad)
    if window_length == 1:
        return _finish(np.ones(1, dt), requires_grad)
    n = window_length + 1 if periodic else window_length
    k = np.arange(n, dtype=dt) * dt.type(math.pi / (n - 1))
    w = np.cos(k * dt.type(4)) * dt.type(0.08) - np.cos(k * dt.type(2)) * dt.type(0.5) + dt.type(0.42)
    return _finish(np.asarray(w[:window_length] if periodic else w, dt), requires_grad)


def bartlett_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, requires_grad=False,
                    pin_memory=False):
    """The Bartlett (triangular) window."""
    dt = _window_dtype(dtype)
    if window_length == 0:
        return _finish(np.zeros(0, dt), requires_grad)
    if window_length == 1:
        return _finish(np.ones(1, dt), requires_grad)
    n = window_length + 1 if periodic else window_length
    w = np.arange(n, dtype=dt) * dt.type(2.0 / (n - 1))
    first = ((n - 1) >> 1) + 1
    w[first:] = w[first:] * dt.type(-1) + dt.type(2)
    return _finish(np.asarray(w[:window_length] if periodic else w, dt), requires_grad)
