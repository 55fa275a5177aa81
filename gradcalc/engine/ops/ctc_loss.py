"""Connectionist temporal classification loss as torch computes it on the CPU (CtcLossBackward0).

For each batch item, the target ``l`` is extended with blanks (``l' = _ l1 _ l2 … _``, 2L+1
symbols). The forward variable ``log_alpha[t, s]`` (log-probability of all alignments of
the first t+1 frames that end in ``l'[s]``) follows torch's recursion, in log space; the
loss is ``-log(alpha[T-1, 2L] + alpha[T-1, 2L-1])``. The backward runs ``log_beta`` from
the end and returns torch's gradient: for each frame and class,
``exp(log_probs) - exp(log(sum over s with l'[s]=c of alpha·beta) + nll - log_probs)``
(the gradient of the loss w.r.t. the logits behind a log_softmax, which is what torch's
kernel gives for ``log_probs``), zero past a sequence's input length.

The recursions loop over time steps (each is vectorised over batch items and positions),
as torch's kernel does; torch has no derivative of this backward, nor do we.
"""

import numpy as np

from ..node import Node
from ..tensor import Tensor
from .checks import check
from .forward_refusals import no_forward_ad


def _logsumexp3(a, b, c):
    """torch's ``log(exp(a-m)+exp(b-m)+exp(c-m))+m`` with ``m = max`` (0 when all are -inf)."""
    m = np.maximum(np.maximum(a, b), c)
    m = np.where(m == -np.inf, 0, m).astype(a.dtype)
    with np.errstate(divide="ignore"):
        return np.log(np.exp(a - m) + np.exp(b - m) + np.exp(c - m)) + m


class CtcLossBackward0(Node):
    __slots__ = ("lp", "ext", "skip", "input_lengths", "target_lengths", "log_alpha", "nll", "blank",
                 "zero_infinity")
    jvp = no_forward_ad("_ctc_loss")  # torch has no forward rule
    explain = ("grad_log_probs = exp(log_probs) − exp(log Σ_{s: l'ₛ = c} α·β + nll − log_probs), for each frame "
               "before the input length (α, β: the forward and backward variables over the blank-extended target)")
    checks = (check(lambda x: _raw(x.log_softmax(2), [[1, 2, 2], [3, 1, 0]], [5, 4], [3, 2], 0), (5, 2, 4),
                    second_order=False),
              check(lambda x: _raw(x.log_softmax(2), [1, 2, 0, 1, 1], [5, 5], [2, 3], 3), (5, 2, 4),
                    second_order=False, label="blank=3, concatenated targets"))

    def forward(ctx, log_probs, targets, input_lengths, target_lengths, blank, zero_infinity):
        lp = log_probs._data  # (T, N, C)
        dt = lp.dtype.type
        tg = targets
        n = lp.shape[1]
        if tg.ndim == 2:
            offsets = [b * tg.shape[1] for b in range(n)]
            flat = tg.reshape(-1)
        else:
            offsets = np.concatenate([[0], np.cumsum(target_lengths)[:-1]]).astype(np.int64).tolist()
            flat = tg
        max_len = max(target_lengths) if n else 0
        max_s = 2 * max_len + 1
        ext = np.full((n, max_s), blank, dtype=np.int64)
        for b in range(n):
            tl = target_lengths[b]
            if tl:
                ext[b, 1:2 * tl:2] = flat[offsets[b]:offsets[b] + tl]
        skip = np.zeros((n, max_s), dtype=bool)
        skip[:, 2:] = (ext[:, 2:] != blank) & (ext[:, 2:] != ext[:, :-2])
        steps = lp.shape[0]
        bidx = np.arange(n)[:, None]
        # lp_ext[t, b, s] = log_probs[t, b, l'[b, s]]
        lp_ext = lp[:, bidx, ext]
        neg = dt(-np.inf)
        la = np.full((steps, n, max_s), neg, dtype=lp.dtype)
        la[0, :, 0] = lp_ext[0, :, 0]
        has = np.asarray(target_lengths) > 0
        la[0, has, 1] = lp_ext[0, has, 1]
        s_valid = np.arange(max_s)[None, :] < (2 * np.asarray(target_lengths)[:, None] + 1)
        for t in range(1, steps):
            prev = la[t - 1]
            a = prev
            b1 = np.concatenate([np.full((n, 1), neg, lp.dtype), prev[:, :-1]], 1)
            c2 = np.concatenate([np.full((n, 2), neg, lp.dtype), prev[:, :-2]], 1)
            c2 = np.where(skip, c2, neg)
            cur = _logsumexp3(a, b1, c2) + lp_ext[t]
            cur = np.where(s_valid, cur, neg)
            la[t] = cur
        il = np.asarray(input_lengths)
        tl = np.asarray(target_lengths)
        last = la[il - 1, np.arange(n)]  # (N, S)
        l1 = last[np.arange(n), 2 * tl]
        l2 = np.where(tl > 0, last[np.arange(n), np.maximum(2 * tl - 1, 0)], neg)
        m = np.maximum(l1, l2)
        m = np.where(m == -np.inf, 0, m).astype(lp.dtype)
        with np.errstate(divide="ignore"):
            nll = -(np.log(np.exp(l1 - m) + np.exp(l2 - m)) + m)
        nll = np.asarray(nll, dtype=lp.dtype)
        ctx.lp, ctx.ext, ctx.skip, ctx.log_alpha, ctx.nll = lp, ext, skip, la, nll
        ctx.input_lengths, ctx.target_lengths, ctx.blank, ctx.zero_infinity = il, tl, blank, zero_infinity
        return nll

    def backward(ctx, grad):
        return Tensor._wrap(_ctc_grad(ctx)) * grad.reshape(1, -1, 1)


def _ctc_grad(ctx):
    lp, ext, skip, la, nll = ctx.lp, ctx.ext, ctx.skip, ctx.log_alpha, ctx.nll
    steps, n, c = lp.shape
    max_s = ext.shape[1]
    dt = lp.dtype.type
    neg = dt(-np.inf)
    il, tl = ctx.input_lengths, ctx.target_lengths
    bidx = np.arange(n)[:, None]
    lp_ext = lp[:, bidx, ext]
    lb = np.full((steps, n, max_s), neg, dtype=lp.dtype)
    rows = np.arange(n)
    end = il - 1
    lb[end, rows, 2 * tl] = lp_ext[end, rows, 2 * tl]
    has = tl > 0
    lb[end[has], rows[has], 2 * tl[has] - 1] = lp_ext[end[has], rows[has], 2 * tl[has] - 1]
    s_valid = np.arange(max_s)[None, :] < (2 * tl[:, None] + 1)
    skip_next = np.zeros_like(skip)
    skip_next[:, :-2] = skip[:, 2:]  # s -> s+2 allowed when l'[s+2] may skip back to l'[s]
    for t in range(steps - 2, -1, -1):
        nxt = lb[t + 1]
        a = nxt
        b1 = np.concatenate([nxt[:, 1:], np.full((n, 1), neg, lp.dtype)], 1)
        c2 = np.concatenate([nxt[:, 2:], np.full((n, 2), neg, lp.dtype)], 1)
        c2 = np.where(skip_next, c2, neg)
        cur = _logsumexp3(a, b1, c2) + lp_ext[t]
        active = (t < end)[:, None] & s_valid  # frames at or after the end keep what was set above
        lb[t] = np.where(active, cur, lb[t])
    # log of sum over s with l'[s] = c of alpha*beta, per frame and class (torch's logaddexp accumulation)
    ab = la + lb  # (T, N, S)
    lcab = np.full((steps, n, c), neg, dtype=lp.dtype)
    for s in range(max_s):
        cls = ext[:, s]
        cur = lcab[:, rows, cls]
        add = np.where(s_valid[:, s][None, :], ab[:, :, s], neg)
        m = np.maximum(cur, add)
        m0 = np.where(m == -np.inf, 0, m).astype(lp.dtype)
        with np.errstate(divide="ignore"):
            lcab[:, rows, cls] = np.where(m == -np.inf, neg, np.log(np.exp(cur - m0) + np.exp(add - m0)) + m0)
    with np.errstate(over="ignore", invalid="ignore"):
        g = np.exp(lp) - np.exp(lcab + nll[None, :, None] - lp)
    g = np.where((np.arange(steps)[:, None] < il[None, :])[:, :, None], g, 0).astype(lp.dtype)
    if ctx.zero_infinity:
        g = np.where(np.isinf(nll)[None, :, None], 0, g).astype(lp.dtype)
    return g


def _raw(log_probs, targets, input_lengths, target_lengths, blank):
    return CtcLossBackward0.apply(log_probs, targets=np.asarray(targets, dtype=np.int64),
                                  input_lengths=list(input_lengths), target_lengths=list(target_lengths),
                                  blank=blank, zero_infinity=False)


_WHERE = " (while checking arguments for ctc_loss_allocate_outputs)"


def _lengths(v, name):
    if isinstance(v, Tensor):
        if v._data.dtype.kind not in "iu":
            raise RuntimeError(f"{name} must be integral")
        return [int(x) for x in v._data.reshape(-1)]
    if isinstance(v, (int, np.integer)):
        return [int(v)]
    return [int(x) for x in v]


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=False):
    """torch.nn.functional.ctc_loss: log_probs (T, N, C) or (T, C); targets (N, S) padded or 1-d
    concatenated; per-item lengths; reduction 'none' | 'sum' | 'mean' (each loss divided by its
    target length, then averaged)."""
    from ..creation import tensor, zeros
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    input_lengths = _lengths(input_lengths, "input_lengths")
    target_lengths = _lengths(target_lengths, "target_lengths")
    batched = log_probs.dim() == 3
    lp = log_probs if batched else log_probs.unsqueeze(1)
    steps, n, c = lp.shape
    if not 0 <= blank < c:
        raise RuntimeError("blank must be in label range")
    if len(input_lengths) != n:
        raise RuntimeError("input_lengths must be of size batch_size")
    if len(target_lengths) != n:
        raise RuntimeError("target_lengths must be of size batch_size")
    tg = targets._data.astype(np.int64) if isinstance(targets, Tensor) else np.asarray(targets, dtype=np.int64)
    for tl in target_lengths:
        if tl < 0:
            raise RuntimeError(f"Expected target_lengths to have value at least 0, but got value {tl}{_WHERE}")
    if tg.ndim == 1:
        total = sum(target_lengths)
        if tg.shape[0] != total:
            raise RuntimeError(f"Expected tensor to have size {total} at dimension 0, but got size {tg.shape[0]} for "
                               f"argument #2 'targets'{_WHERE}")
    else:
        if tg.shape[0] != n:
            raise RuntimeError(f"Expected tensor to have size {n} at dimension 0, but got size {tg.shape[0]} for "
                               f"argument #2 'targets'{_WHERE}")
        longest = max(target_lengths) if target_lengths else 0
        if tg.shape[1] < longest:
            raise RuntimeError(f"Expected tensor to have size at least {longest} at dimension 1, but got size "
                               f"{tg.shape[1]} for argument #2 'targets'{_WHERE}")
    for il in input_lengths:
        if il < 0:
            raise RuntimeError(f"Expected input_lengths to have value at least 0, but got value {il}{_WHERE}")
        if il > steps:
            raise RuntimeError(f"Expected input_lengths to have value at most {steps}, but got value {il}{_WHERE}")
    res = CtcLossBackward0.apply(lp, targets=tg, input_lengths=input_lengths, target_lengths=target_lengths,
                                 blank=int(blank), zero_infinity=bool(zero_infinity))
    if zero_infinity:
        res = _where(res == float("inf"), zeros((), dtype=res.dtype), res)
    if reduction == "mean":
        lengths = tensor(target_lengths, dtype=res.dtype).clamp_min(1)
        return (res / lengths).mean()
    if reduction == "sum":
        return res.sum()
    return res if batched else res.squeeze(0)


def _where(cond, a, b):
    from .. import where
    return where(cond, a, b)
