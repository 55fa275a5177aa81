"""One LSTM layer (one direction) as one node, as torch's CPU kernel records it.

torch runs a float32 ``nn.LSTM`` without projections through oneDNN, one call per
layer and direction, and records each as ``MkldnnRnnLayerBackward0`` with the edges
(input, w_ih, w_hh, b_ih, b_hh, hx, cx) and three differentiable outputs (output, h_n,
c_n); ``h_n``/``c_n`` of the module are stacks of those outputs 1 and 2. A learner who
prints an LSTM's output sees that name, so gradcalc records the same node.

The arithmetic is torch's gate equations (gates = x W_ihᵀ + b_ih + b_hh + h W_hhᵀ;
c' = σ(f)·c + σ(i)·tanh(g); h' = σ(o)·tanh(c')) with the sequence-wide parts done once
(oneDNN's own order differs again, so float32 results agree with torch's to rounding).
The forward is one function over two vocabularies (``_Arrays``, ``_Tensors``); backward
is backpropagation through time on arrays, and with ``create_graph`` the same rule on
tensors over a recomputed forward, so the gradient is itself differentiable (the op
table's second-order gradchecks compare the two).
"""

import numpy as np

from ..grad_mode import STATE
from ..node import Node
from ..tensor import Tensor
from .checks import check

__all__ = ["lstm_layer"]


class _Arrays:
    @staticmethod
    def sigmoid(a):
        return 1 / (1 + np.exp(-a))  # the sigmoid row's kernel (ops/unary.py)

    tanh = staticmethod(np.tanh)

    @staticmethod
    def stack(parts):
        return np.stack(parts)


class _Tensors:
    @staticmethod
    def sigmoid(t):
        return t.sigmoid()

    @staticmethod
    def tanh(t):
        return t.tanh()

    @staticmethod
    def stack(parts):
        from .shape import stack
        return stack(parts, 0)


def _run(xp, x, w_ih, w_hh, b_ih, b_hh, h, c, reverse):
    """The layer's forward: (output (T, N, H), h_n, c_n, what backward needs).

    Every step's input projection and both biases are one product and two sums over the
    whole sequence; a step adds ``h W_hhᵀ`` and applies the gates, one sigmoid over all
    four (the g block's is not used: one call is cheaper than three)."""
    steps, n = x.shape[0], x.shape[1]
    hidden = w_hh.shape[1]
    xw = x.reshape(steps * n, x.shape[2]) @ w_ih.T
    if b_ih is not None:
        xw = xw + b_ih
    if b_hh is not None:
        xw = xw + b_hh
    xw = xw.reshape(steps, n, 4 * hidden)
    w_hh_t = w_hh.T
    outs = [None] * steps
    acts = [None] * steps   # per step: σ(gates), tanh(g), tanh(c'), c before, h before
    for t in (range(steps - 1, -1, -1) if reverse else range(steps)):
        gates = xw[t] + h @ w_hh_t
        sg = xp.sigmoid(gates)
        tg = xp.tanh(gates[:, 2 * hidden:3 * hidden])
        c_prev, h_prev = c, h
        c = sg[:, hidden:2 * hidden] * c + sg[:, :hidden] * tg
        tc = xp.tanh(c)
        h = sg[:, 3 * hidden:] * tc
        outs[t] = h
        acts[t] = (sg, tg, tc, c_prev, h_prev)
    return xp.stack(outs), h, c, acts


def _backward_order(steps, reverse):
    return range(steps) if reverse else range(steps - 1, -1, -1)


def _grads_arrays(x, w_ih, w_hh, acts, reverse, d_out, d_hy, d_cy):
    """Backpropagation through time on arrays. What does not depend on the recurrence is
    computed for all steps at once: each gate's local derivative times the value it meets
    (``m``: tanh g·σ'(i), c_prev·σ'(f), σ(i)·(1 − tanh²g), tanh c'·σ'(o)); a step is then
    grad_c, one product for the four gate gradients, and grad_h through W_hh. One product
    per weight over all steps. Gradients of (input, w_ih, w_hh, bias, hx, cx)."""
    steps, n = x.shape[0], x.shape[1]
    hidden = w_hh.shape[1]
    sg = np.stack([a[0] for a in acts])
    tg = np.stack([a[1] for a in acts])
    tc = np.stack([a[2] for a in acts])
    c_prev = np.stack([a[3] for a in acts])
    h_prev = np.stack([a[4] for a in acts])
    si, sf, so = sg[..., :hidden], sg[..., hidden:2 * hidden], sg[..., 3 * hidden:]
    ds = sg * (1 - sg)
    m = np.concatenate([tg * ds[..., :hidden], c_prev * ds[..., hidden:2 * hidden], si * (1 - tg * tg),
                        tc * ds[..., 3 * hidden:]], axis=-1)
    through_c = so * (1 - tc * tc)   # d c' / d h' along the step's own tanh
    d_gates = np.empty_like(sg)
    dh, dc = d_hy, d_cy
    for t in _backward_order(steps, reverse):
        dh_t = dh + d_out[t]
        dc_t = dc + dh_t * through_c[t]
        np.multiply(np.concatenate([dc_t, dc_t, dc_t, dh_t], axis=-1), m[t], out=d_gates[t])
        dc = dc_t * sf[t]
        dh = d_gates[t] @ w_hh
    g2d = d_gates.reshape(steps * n, 4 * hidden)
    d_x = (g2d @ w_ih).reshape(steps, n, x.shape[2])
    d_w_ih = g2d.T @ x.reshape(steps * n, x.shape[2])
    d_w_hh = g2d.T @ h_prev.reshape(steps * n, hidden)
    return d_x, d_w_ih, d_w_hh, g2d.sum(0), dh, dc


def _grads_tensors(x, w_ih, w_hh, acts, reverse, d_out, d_hy, d_cy):
    """The same rule on tensors (create_graph), step by step as torch's differentiable
    backward is: the input's gradient is a cat of per-step products, each weight's a sum."""
    from .shape import cat

    steps = x.shape[0]
    hidden = w_hh.shape[1]
    dh, dc = d_hy, d_cy
    d_x = [None] * steps
    d_w_ih = d_w_hh = d_bias = None
    for t in _backward_order(steps, reverse):
        sg, tg, tc, c_prev, h_prev = acts[t]
        si, sf, so = sg[:, :hidden], sg[:, hidden:2 * hidden], sg[:, 3 * hidden:]
        dh_t = dh + d_out[t]
        dc_t = dc + dh_t * so * (1 - tc * tc)
        d_gates = cat([dc_t * tg * si * (1 - si), dc_t * c_prev * sf * (1 - sf), dc_t * si * (1 - tg * tg),
                       dh_t * tc * so * (1 - so)], -1)
        dc = dc_t * sf
        d_x[t] = (d_gates @ w_ih).unsqueeze(0)
        step_w_ih, step_w_hh, step_bias = d_gates.t() @ x[t], d_gates.t() @ h_prev, d_gates.sum(0)
        if d_w_ih is None:
            d_w_ih, d_w_hh, d_bias = step_w_ih, step_w_hh, step_bias
        else:
            d_w_ih, d_w_hh, d_bias = d_w_ih + step_w_ih, d_w_hh + step_w_hh, d_bias + step_bias
        dh = d_gates @ w_hh
    return cat(d_x, 0), d_w_ih, d_w_hh, d_bias, dh, dc


class MkldnnRnnLayerBackward0(Node):
    __slots__ = ("reverse", "acts")
    # one clause per input, in edge order (the %explain labels come from them); the recurrence last
    explain = ("grad_input = Σₜ grad_gatesₜ·W_ih;  grad_w_ih = Σₜ grad_gatesₜᵀ·xₜ;  "
               "grad_w_hh = Σₜ grad_gatesₜᵀ·hₜ₋₁;  grad_b_ih = Σₜ grad_gatesₜ;  grad_b_hh = Σₜ grad_gatesₜ;  "
               "grad_hx = grad_gates₁·W_hh;  grad_cx = grad_c₁·σ(f₁)   (backpropagation through time, last "
               "step first: grad_cₜ = grad_cₜ₊₁·σ(fₜ₊₁) + grad_hₜ·σ(oₜ)·(1 − tanh² cₜ), grad_gatesₜ = "
               "(grad_cₜ·tanh gₜ·σ'(iₜ), grad_cₜ·cₜ₋₁·σ'(fₜ), grad_cₜ·σ(iₜ)·(1 − tanh² gₜ), "
               "grad_hₜ·tanh cₜ·σ'(oₜ)), grad_hₜ₋₁ = grad_gatesₜ·W_hh + the output's gradient)")
    n_diff_outputs = 3
    checks = (
        check(lambda x, wi, wh, bi, bh, h, c: _sum3(lstm_layer(x, wi, wh, bi, bh, h, c)),
              (3, 2, 2), (8, 2), (8, 2), (8,), (8,), (2, 2), (2, 2), low=-1.0, high=1.0),
        check(lambda x, wi, wh, h, c: _sum3(lstm_layer(x, wi, wh, None, None, h, c, reverse=True)),
              (3, 1, 3), (8, 3), (8, 2), (1, 2), (1, 2), low=-1.0, high=1.0, label="reverse, no bias"),
    )

    def forward(ctx, x, w_ih, w_hh, b_ih, b_hh, hx, cx, reverse=False):
        ctx.reverse = reverse
        out, hy, cy, acts = _run(_Arrays, x._data, w_ih._data, w_hh._data, _data(b_ih), _data(b_hh),
                                 hx._data, cx._data, reverse)
        ctx.acts = acts
        ctx.save_for_backward(x, w_ih, w_hh, b_ih, b_hh, hx, cx)
        return out, np.asarray(hy), np.asarray(cy)

    def backward(ctx, d_out, d_hy, d_cy):
        x, w_ih, w_hh, b_ih, b_hh, hx, cx = ctx.saved_tensors
        if STATE.grad_enabled:  # create_graph: the same rule on tensors, over a recomputed forward
            _, _, _, acts = _run(_Tensors, x, w_ih, w_hh, b_ih, b_hh, hx, cx, ctx.reverse)
            grads = _grads_tensors(x, w_ih, w_hh, acts, ctx.reverse, d_out, d_hy, d_cy)
        else:
            arrays = _grads_arrays(x._data, w_ih._data, w_hh._data, ctx.acts, ctx.reverse,
                                   d_out._data, d_hy._data, d_cy._data)
            grads = tuple(Tensor._wrap(np.asarray(a)) for a in arrays)
        d_x, d_w_ih, d_w_hh, d_bias, d_hx, d_cx = grads
        return (d_x, d_w_ih, d_w_hh, d_bias if b_ih is not None else None,
                d_bias if b_hh is not None else None, d_hx, d_cx)


def _data(t):
    return None if t is None else t._data


def _sum3(outs):
    out, hy, cy = outs
    return out.sum() + (hy * 2).sum() + (cy * 3).sum()


def lstm_layer(x, w_ih, w_hh, b_ih, b_hh, hx, cx, reverse=False):
    """One LSTM layer over ``x`` (T, N, H_in) from ``(hx, cx)`` (N, H): ``(output, h_n, c_n)``."""
    return MkldnnRnnLayerBackward0.apply(x, w_ih, w_hh, b_ih, b_hh, hx, cx, reverse=reverse)
