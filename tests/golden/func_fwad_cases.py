"""The golden forward-AD cases: every expression of the op goldens (ops_cases.py,
catalogue_cases.py, linalg_cases.py) with a floating input requiring grad, run with
its floating inputs as dual tensors, plus torch.nn.functional's layers and losses
(NN below, on a few more inputs). func_fwad_generate.py records torch's tangents
(or its error) with func_fwad_runner.py; tests/engine/test_func_fwad_golden.py
replays them. This module needs only numpy.
"""

import numpy as np

import catalogue_cases
import linalg_cases
import ops_cases
from func_fwad_runner import dual_names

_rng = np.random.default_rng(19)


def _u(lo, hi, shape):
    return np.round(_rng.uniform(lo, hi, shape), 3)


INPUTS = dict(ops_cases.INPUTS)
INPUTS.update({
    "img": (_u(-2, 2, (1, 2, 5, 5)), "float32", True),
    "imgd": (_u(-2, 2, (2, 2, 4, 4)), "float64", True),
    "ker": (_u(-1, 1, (3, 2, 3, 3)), "float32", True),
    "kerd": (_u(-1, 1, (3, 2, 3, 3)), "float64", True),
    "k1": (_u(-1, 1, (2, 3, 2)), "float32", True),
    "g2": (_u(0.5, 1.5, (2,)), "float32", True),
    "rm": (_u(-0.5, 0.5, (4,)), "float32", False),
    "rv": (_u(0.5, 2.0, (4,)), "float32", False),
    "label": (np.array([2, 0]), "int64", False),
    "idx": (np.array([[0, 2], [1, 1]]), "int64", False),
})

NN = [
    # convolution
    "F.conv1d(t3, k1)", "F.conv1d(t3, k1, bias[:2], stride=2, padding=1)", "F.conv2d(img, ker)",
    "F.conv2d(img, ker, bias[:3], stride=2, padding=1)", "F.conv2d(imgd, kerd, dilation=2, padding=2)",
    "F.conv2d(img, ker[:2, :1], groups=2)", "F.conv_transpose1d(t3, k1.transpose(0, 1))",
    "F.conv_transpose2d(img, ker.transpose(0, 1), stride=2)", "F.unfold(img, 2)", "F.fold(F.unfold(img, 2), (5, 5), 2)",
    # pooling
    "F.max_pool1d(t3, 2)", "F.max_pool2d(img, 2)", "F.max_pool2d(imgd, 3, stride=1, padding=1)",
    "F.max_pool2d(img, 2, return_indices=True)", "F.avg_pool1d(t3, 2)", "F.avg_pool2d(img, 2)",
    "F.avg_pool2d(imgd, 3, stride=2, padding=1, count_include_pad=False)", "F.adaptive_avg_pool1d(t3, 3)",
    "F.adaptive_avg_pool2d(img, 2)", "F.adaptive_max_pool2d(img, 2)", "F.lp_pool2d(img, 2, 2)",
    # normalization
    "F.layer_norm(z, (4,))", "F.layer_norm(z, (4,), bias, biasd.float())", "F.layer_norm(t3d, (3, 4))",
    "F.group_norm(img, 2)", "F.group_norm(img, 1, g2, g2 * 0.5)", "F.batch_norm(z, rm, rv, bias, bias, training=True)",
    "F.batch_norm(z, rm, rv, training=False)", "F.batch_norm(z, rm, rv, bias, bias, training=False)",
    "F.instance_norm(img)", "F.local_response_norm(img, 2)", "F.rms_norm(z, (4,))", "F.rms_norm(z, (4,), bias)",
    "F.normalize(z, dim=0)",
    # embedding, padding, resampling
    "F.embedding(idx, z)", "F.embedding(idx, z, max_norm=None, padding_idx=1)", "F.pad(x, (1, 2))",
    "F.pad(x, (1, 1), mode='reflect')", "F.pad(img, (1, 1, 2, 0), mode='replicate')",
    "F.pad(img, (1, 1, 1, 1), mode='circular')", "F.pad(x, (2, 1), value=3.0)",
    "F.interpolate(img, scale_factor=2, mode='nearest')", "F.interpolate(img, size=(3, 7), mode='bilinear')",
    "F.interpolate(img, scale_factor=2, mode='bilinear', align_corners=True)", "F.interpolate(t3, size=6, mode='linear')",
    "F.interpolate(img, size=(4, 4), mode='bicubic')", "F.pixel_shuffle(img.repeat(1, 2, 1, 1), 2)",
    "F.pixel_unshuffle(imgd, 2)", "F.dropout(x, training=False)", "F.dropout(x, p=0.0)",
    # activations
    "F.softmin(x, 1)", "F.logsigmoid(x)", "F.hardtanh(x)", "F.hardtanh(x, -0.5, 0.5)", "F.relu6(x * 4)",
    "F.hardsigmoid(x * 2)", "F.hardswish(x * 2)", "F.mish(x)", "F.selu(x)", "F.celu(x, 0.5)", "F.glu(z, -1)",
    "F.softsign(x)", "F.tanhshrink(x)", "F.softshrink(x, 0.5)", "F.hardshrink(x, 0.5)", "F.threshold(x, 0.1, 2.0)",
    "F.prelu(x, sc.reshape(1))", "F.prelu(z, bias[:4])", "F.rrelu(x, training=False)", "F.gelu(x, approximate='tanh')",
    "F.elu(x, 0.5)", "F.softplus(x, beta=2.0, threshold=1.0)", "F.silu(xd)", "F.log_softmax(t3, 1)", "F.softmax(t3d, -1)",
    # distances, attention, bilinear
    "F.cosine_similarity(x, y)", "F.cosine_similarity(z, n.mT, dim=0)", "F.pairwise_distance(x, y)", "torch.cdist(x, y)",
    "torch.cdist(xd, yd, p=1)", "F.bilinear(x, y, t3[:, :, :3])", "F.bilinear(x, y, t3[:, :, :3], s[:2])",
    "F.scaled_dot_product_attention(t3, t3, t3)", "F.scaled_dot_product_attention(t3d, t3d, t3d, is_causal=True)",
    "F.linear(z, n, s)", "F.linear(x, m)",
    # losses
    "F.mse_loss(x, y)", "F.mse_loss(x, q, reduction='sum')", "F.mse_loss(xd, yd, reduction='none')", "F.l1_loss(x, y)",
    "F.smooth_l1_loss(x, y, beta=0.5)", "F.huber_loss(x, y, delta=0.5)", "F.cross_entropy(x, label)",
    "F.cross_entropy(x, label, label_smoothing=0.1)", "F.cross_entropy(x, cp)", "F.cross_entropy(xd, cpd, reduction='none')",
    "F.cross_entropy(t3, torch.tensor([[0, 1, 2, 0], [2, 2, 1, 0]]))", "F.nll_loss(F.log_softmax(x, 1), label)",
    "F.nll_loss(x, label, weight=w3)", "F.nll_loss(x, label, reduction='sum')", "F.kl_div(F.log_softmax(x, 1), cp, reduction='batchmean')",
    "F.kl_div(x, y, log_target=True)", "F.binary_cross_entropy(pr, q)", "F.binary_cross_entropy(pr, q, weight=w23)",
    "F.binary_cross_entropy_with_logits(x, q)", "F.binary_cross_entropy_with_logits(x, q, pos_weight=w3)",
    "F.soft_margin_loss(x, q * 2 - 1)", "F.multilabel_soft_margin_loss(x, q)", "F.multi_margin_loss(x, label)",
    "F.multilabel_margin_loss(x, torch.tensor([[2, -1, 0], [1, 0, -1]]))", "F.hinge_embedding_loss(x, q.sign() * 2 - 1)",
    "F.margin_ranking_loss(x, y, q.sign() * 2 - 1)", "F.poisson_nll_loss(x, pos)", "F.poisson_nll_loss(pos, q, log_input=False)",
    "F.gaussian_nll_loss(x, y, pos)", "F.cosine_embedding_loss(x, y, torch.tensor([1.0, -1.0]))",
    "F.triplet_margin_loss(x, y, pos)",
    # padding, shuffles, bags
    "F.pad(img, (1, 1, 2, 1), mode='reflect')", "F.pad(t3, (1, 2), mode='replicate')",
    "F.pad(img.unsqueeze(0), (1, 1, 1, 1, 1, 0), mode='reflect')",
    "F.pad(img.unsqueeze(0), (1, 0, 1, 1, 1, 1), mode='replicate')", "F.channel_shuffle(img.repeat(1, 2, 1, 1), 2)",
    "F.embedding_bag(idx, z, mode='sum')", "F.embedding_bag(idx, z, mode='max')",
    # the remaining overloads and in-place variants
    "x + 1.5", "x.add(y, alpha=2)", "1.5 - x", "torch.rsub(x, y)", "torch.div(x, y, rounding_mode='trunc')", "x.min()",
    "x.nanmedian(1)", "torch.polygamma(2, posd)", "torch.remainder(x, y)", "torch.remainder(x, 0.7)",
    "z.unsqueeze(0).squeeze((0,))", "torch.special.i1(x)", "torch.special.i1e(x)", "(pos + 1).acosh_()", "(x * 1).asinh_()",
    "(u * 1).atanh_()", "(x * 1).sin_()", "(x * 1).clamp_(-0.5, 0.5)",
    # in-place writes into tensors with a history
    "(lambda t: (t.__setitem__(0, y[0]), t)[1])(x.clone().requires_grad_() * 1)",
    "(x.clone().requires_grad_() * 1).zero_()", "(x.clone().requires_grad_() * 1).fill_(2.0)",
    "(x.clone().requires_grad_() * 1).copy_(y)", "(x.clone().requires_grad_() * 1).index_put_((torch.tensor([1, 0]),), y)",
    "(x.clone().requires_grad_() * 1)[:, 1:].mul_(y[:, :2])",
    # random draws (the tangent of a sample: zero, or the mean's where it moves the sample)
    "torch.normal(x, 1.0)", "torch.normal(1.0, pos)", "torch.normal(x, pos)", "torch.bernoulli(pr)", "(x * 1).normal_()",
    "(x * 1).uniform_()", "(x * 1).bernoulli_(0.5)", "(x * 1).exponential_()", "(x * 1).geometric_(0.5)",
    "(x * 1).log_normal_()", "(x * 1).cauchy_()", "(x * 1).random_(5)", "(x * 1).random_(2, 5)", "(x * 1).random_()",
    "F.dropout(x, 0.5)", "F.rrelu(x, training=True)",
    "(x.clone().requires_grad_() * 1).normal_()", "(x.clone().requires_grad_() * 1).uniform_()",
    "(x.clone().requires_grad_() * 1).bernoulli_(0.5)", "(x.clone().requires_grad_() * 1).bernoulli_(q)",
    "(x.clone().requires_grad_() * 1).exponential_()", "(x.clone().requires_grad_() * 1).geometric_(0.5)",
    "(x.clone().requires_grad_() * 1).log_normal_()", "(x.clone().requires_grad_() * 1).cauchy_()",
    "(x.clone().requires_grad_() * 1).random_(5)", "(x.clone().requires_grad_() * 1).random_(2, 5)",
    "(x.clone().requires_grad_() * 1).random_()", "(x.clone().requires_grad_() * 1).fill_(sc)", "(pos * 1).polygamma_(1)",
    "(lambda a: torch.autograd.grad((F.rrelu(a, training=True) * a).sum(), a, create_graph=True)[0])(x.clone().requires_grad_())",
    "(lambda a: torch.autograd.grad(torch.i0(a).sum(), a, create_graph=True)[0])(x.clone().requires_grad_())",
    # forward over reverse: the backward's own nodes get tangents
    "(lambda a: torch.autograd.grad(F.leaky_relu(a, 0.1).sum() * a.sum(), a, create_graph=True)[0])(x.clone().requires_grad_())",
    "(lambda a: torch.autograd.grad((F.hardswish(a * 2) * a).sum(), a, create_graph=True)[0])(x.clone().requires_grad_())",
    "(lambda a: torch.autograd.grad((F.threshold(a, 0.1, 2.0) * a).sum(), a, create_graph=True)[0])(x.clone().requires_grad_())",
    "(lambda a: torch.autograd.grad((a[:, 1:] ** 2).sum(), a, create_graph=True)[0])(x.clone().requires_grad_())",
    "(lambda a: torch.autograd.grad((z.diagonal() * a.diagonal()).sum() + (a ** 3).sum(), a, create_graph=True)[0])(m.clone().requires_grad_())",
    "(lambda a: torch.autograd.grad((a.relu() ** 2).sum(), a, create_graph=True)[0])(x.clone().requires_grad_())",
    "(lambda a: torch.autograd.grad((torch.softmax(a, 1) * y).sum(), a, create_graph=True)[0])(x.clone().requires_grad_())",
    "(lambda a: torch.autograd.grad(F.cross_entropy(a, label), a, create_graph=True)[0])(x.clone().requires_grad_())", "F.ctc_loss(F.log_softmax(t3.permute(2, 0, 1), 2), torch.tensor([[1, 2], [1, 1]]), "
    "torch.tensor([4, 4]), torch.tensor([2, 1]))",
]


def build_cases():
    """The op goldens' expressions with a dual input, then NN's (each id once)."""
    specs = {k: (None, dt, rg) for k, (v, dt, rg) in INPUTS.items()}
    cases, seen = [], set()
    for module in (ops_cases, catalogue_cases, linalg_cases):
        for case in module.build_cases():
            if case["id"] in seen or not dual_names(specs, case["inputs"]):
                continue
            seen.add(case["id"])
            cases.append({"id": case["id"], "area": case["area"], "expr": case["expr"], "inputs": case["inputs"]})
    nn = ops_cases._Cases()
    for expr in NN:
        nn.add(expr, "nn")
    for case in nn.items:
        names = sorted(n for n in INPUTS if ops_cases._uses(case["expr"], n))
        if case["id"] in seen:  # (already an op golden)
            continue
        seen.add(case["id"])
        cases.append({"id": case["id"], "area": "nn", "expr": case["expr"], "inputs": names})
    return cases
