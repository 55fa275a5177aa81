"""The torch-level spellings of neural-network functions whose signature differs from
``torch.nn.functional``'s: losses take ``reduction`` as an int (0 none, 1 mean, 2 sum; torch's
Python binding leaves them unreduced when it is not given),
``torch.batch_norm`` and ``torch.embedding`` order their arguments as ATen does, the RNN cells
take their weights explicitly. Each is the functional op underneath, so values, gradients and
``grad_fn`` names are the same.
"""

import warnings

__all__ = ["batch_norm", "embedding", "binary_cross_entropy_with_logits", "kl_div", "cosine_embedding_loss",
           "hinge_embedding_loss", "margin_ranking_loss", "poisson_nll_loss", "triplet_margin_loss",
           "constant_pad_nd", "feature_dropout", "rnn_tanh_cell", "rnn_relu_cell", "lstm_cell", "gru_cell",
           "instance_norm", "ctc_loss"]

_REDUCTIONS = {0: "none", 1: "mean", 2: "sum"}


def _F():
    from .nn import functional
    return functional


def _reduction(name, reduction):
    if isinstance(reduction, bool) or not isinstance(reduction, int):
        raise TypeError(f"{name}(): argument 'reduction' must be int, not {type(reduction).__name__}")
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return _REDUCTIONS[reduction]


def batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn_enabled):
    """``torch.batch_norm``: F.batch_norm with ATen's argument order."""
    return _F().batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, cudnn_enabled):
    """``torch.instance_norm``: F.instance_norm with ATen's argument order."""
    return _F().instance_norm(input, running_mean, running_var, weight, bias, use_input_stats, momentum, eps)


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction=0, zero_infinity=False):
    """``torch.ctc_loss``: F.ctc_loss with an int reduction."""
    return _F().ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, _reduction("ctc_loss", reduction),
                         zero_infinity)


def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    """``torch.embedding(weight, indices)``: rows of ``weight``."""
    return _F().embedding(indices, weight, None if padding_idx == -1 else padding_idx,
                          scale_grad_by_freq=scale_grad_by_freq, sparse=sparse)


def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction=0):
    return _F().binary_cross_entropy_with_logits(input, target, weight, pos_weight=pos_weight,
                                                 reduction=_reduction("binary_cross_entropy_with_logits", reduction))


def kl_div(input, target, reduction=0, *, log_target=False):
    """``torch.kl_div``: reduction 1 is the mean over elements (F.kl_div's 'mean', without its warning)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _F().kl_div(input, target, reduction=_reduction("kl_div", reduction), log_target=log_target)


def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction=0):
    return _F().cosine_embedding_loss(input1, input2, target, margin=margin,
                                      reduction=_reduction("cosine_embedding_loss", reduction))


def hinge_embedding_loss(input, target, margin=1.0, reduction=0):
    return _F().hinge_embedding_loss(input, target, margin=margin,
                                     reduction=_reduction("hinge_embedding_loss", reduction))


def margin_ranking_loss(input1, input2, target, margin=0.0, reduction=0):
    return _F().margin_ranking_loss(input1, input2, target, margin=margin,
                                    reduction=_reduction("margin_ranking_loss", reduction))


def poisson_nll_loss(input, target, log_input, full, eps, reduction):
    return _F().poisson_nll_loss(input, target, log_input=log_input, full=full, eps=eps,
                                 reduction=_reduction("poisson_nll_loss", reduction))


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, reduction=0):
    return _F().triplet_margin_loss(anchor, positive, negative, margin=margin, p=p, eps=eps, swap=swap,
                                    reduction=_reduction("triplet_margin_loss", reduction))


def constant_pad_nd(input, pad, value=0):
    """Pad the last dims with ``value`` (``pad`` as F.pad's: last dim first)."""
    return _F().pad(input, tuple(pad), "constant", value)


def feature_dropout(input, p, train):
    """Zero whole channels (every dim after the first two) with probability ``p`` when ``train``."""
    return _F().dropout2d(input, p, train) if input.dim() != 3 else _F().dropout1d(input, p, train)


def _linear(x, w, b):
    y = x @ w.t()
    return y if b is None else y + b


def rnn_tanh_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """h' = tanh(x W_ihᵀ + b_ih + h W_hhᵀ + b_hh)."""
    return (_linear(input, w_ih, b_ih) + _linear(hx, w_hh, b_hh)).tanh()


def rnn_relu_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """h' = relu(x W_ihᵀ + b_ih + h W_hhᵀ + b_hh)."""
    return (_linear(input, w_ih, b_ih) + _linear(hx, w_hh, b_hh)).relu()


def lstm_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """(h', c') of one LSTM step; ``hx`` is (h, c); gates in torch's order i, f, g, o."""
    h, c = hx
    gates = _linear(input, w_ih, b_ih) + _linear(h, w_hh, b_hh)
    i, f, g, o = gates.chunk(4, -1)
    c2 = f.sigmoid() * c + i.sigmoid() * g.tanh()
    return o.sigmoid() * c2.tanh(), c2


def gru_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """h' of one GRU step; gates in torch's order r, z, n."""
    gi = _linear(input, w_ih, b_ih)
    gh = _linear(hx, w_hh, b_hh)
    i_r, i_z, i_n = gi.chunk(3, -1)
    h_r, h_z, h_n = gh.chunk(3, -1)
    r = (i_r + h_r).sigmoid()
    z = (i_z + h_z).sigmoid()
    n = (i_n + r * h_n).tanh()
    return (1 - z) * n + z * hx
