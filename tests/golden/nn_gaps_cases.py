"""Golden cases for the gaps of torch.nn filled after the first nn stop: packed sequences,
convolution padding modes, CTC loss. Same form as nn_cases.py (run by nn_runner.py); a case
may also set ``text`` (a string compared exactly, e.g. a PackedSequence's repr).

This module needs only numpy.
"""

CASES = []


def case(id, code, backward=True, params=False):
    CASES.append({"id": id, "code": code, "backward": backward, "params": params})


R = "".join(f"{n} = nn.utils.rnn.{n}\n" for n in (
    "pack_padded_sequence", "pad_packed_sequence", "pack_sequence", "pad_sequence", "unpack_sequence",
    "unpad_sequence", "PackedSequence"))

# -- packed sequences -----------------------------------------------------------------------------------------
case("pack-sequence-sorted", R + "inputs = (inp(3, 2), inp(2, 2), inp(1, 2))\np = pack_sequence(list(inputs))\n"
     "text = repr(p)\nout = p.data")
case("pack-sequence-unsorted", R + "inputs = (inp(3, 2), inp(1, 2), inp(2, 2))\n"
     "p = pack_sequence(list(inputs), enforce_sorted=False)\ntext = repr(p)\nout = p.data")
case("pack-sequence-ties", R + "inputs = (inp(2, 2), inp(3, 2), inp(2, 2), inp(3, 2))\n"
     "p = pack_sequence(list(inputs), enforce_sorted=False)\ntext = repr(p)\nout = p.data")
case("pack-padded-time-major", R + "inputs = (inp(4, 3, 2),)\np = pack_padded_sequence(inputs[0], [4, 2, 1])\n"
     "text = repr(p.batch_sizes) + repr(p.sorted_indices)\nout = p.data")
case("pack-padded-batch-first-tensor-lengths", R + "inputs = (inp(3, 4, 2),)\n"
     "p = pack_padded_sequence(inputs[0], torch.tensor([2, 4, 3]), batch_first=True, enforce_sorted=False)\n"
     "text = repr(p.batch_sizes) + repr(p.sorted_indices) + repr(p.unsorted_indices)\nout = p.data")
case("pad-packed-roundtrip", R + "inputs = (inp(3, 2), inp(1, 2), inp(2, 2))\n"
     "p = pack_sequence(list(inputs), enforce_sorted=False)\npadded, lengths = pad_packed_sequence(p)\n"
     "text = repr(lengths)\nout = padded")
case("pad-packed-batch-first-total", R + "inputs = (inp(3, 2), inp(3, 2), inp(1, 2))\np = pack_sequence(list(inputs))\n"
     "padded, lengths = pad_packed_sequence(p, batch_first=True, padding_value=-1.0, total_length=5)\n"
     "text = repr(lengths)\nout = padded")
case("pad-packed-unsorted-batch-first", R + "inputs = (inp(2, 3, 1),)\n"
     "p = pack_padded_sequence(inputs[0], [1, 3], batch_first=True, enforce_sorted=False)\n"
     "padded, lengths = pad_packed_sequence(p, batch_first=True)\ntext = repr(lengths)\nout = padded")
case("pad-sequence", R + "inputs = (inp(3, 2), inp(1, 2), inp(2, 2))\nout = pad_sequence(list(inputs))")
case("pad-sequence-batch-first-left", R + "inputs = (inp(3), inp(1), inp(2))\n"
     "out = pad_sequence(list(inputs), batch_first=True, padding_value=2.5, padding_side='left')")
case("unpack-sequence", R + "inputs = (inp(3, 2), inp(1, 2), inp(2, 2))\n"
     "out = tuple(unpack_sequence(pack_sequence(list(inputs), enforce_sorted=False)))")
case("unpad-sequence-leaf-error", R + "out = tuple(unpad_sequence(inp(3, 2, 2), torch.tensor([3, 1])))")
case("unpad-sequence", R + "x = inp(3, 2, 2)\ninputs = (x,)\npadded = x * 2\n"
     "out = tuple(unpad_sequence(padded, torch.tensor([3, 1]))) + (padded,)")
case("unpad-sequence-batch-first", R + "x = inp(2, 3, 2, requires_grad=False)\n"
     "out = tuple(unpad_sequence(x, torch.tensor([1, 3]), batch_first=True)) + (x,)")
case("packed-sequence-ctor", R + "p = PackedSequence(torch.ones(3, 1), torch.tensor([2, 1]), torch.tensor([1, 0]))\n"
     "text = repr(p) + '|' + repr(p.float().data.dtype) + repr(p.double().data.dtype) + '|' + repr(p._fields) "
     "+ repr(len(p)) + repr(p.is_cuda)\nout = None")
case("pack-error-unsorted", R + "pack_sequence([inp(1, 2), inp(2, 2)])")
case("pack-error-zero-length", R + "pack_padded_sequence(inp(3, 2, 1), [3, 0])")
case("pack-error-batch-mismatch", R + "pack_padded_sequence(inp(3, 2, 1), [3, 1, 1])")
case("pad-packed-error-total-length", R + "pad_packed_sequence(pack_sequence([inp(3, 1), inp(1, 1)]), total_length=2)")

PACKED = R + "seqs = [inp(5, 3), inp(2, 3), inp(4, 3)]\ninputs = tuple(seqs)\n" \
             "p = pack_sequence(seqs, enforce_sorted=False)\n"
case("packed-rnn-tanh", PACKED + "model = fill(nn.RNN(3, 4))\no, h = model(p)\n"
     "text = repr(o.batch_sizes) + repr(o.unsorted_indices)\nout = (o.data, h)")
case("packed-rnn-relu-bidirectional-2layer", PACKED + "model = fill(nn.RNN(3, 2, 2, nonlinearity='relu', "
     "bidirectional=True))\no, h = model(p)\nout = (o.data, h)")
case("packed-gru-bidirectional", PACKED + "model = fill(nn.GRU(3, 4, bidirectional=True))\no, h = model(p)\n"
     "out = (o.data, h)")
case("packed-gru-hx", PACKED + "model = fill(nn.GRU(3, 4, 2))\nhx = inp(2, 3, 4)\ninputs = inputs + (hx,)\n"
     "o, h = model(p, hx)\nout = (o.data, h)")
case("packed-lstm", PACKED + "model = fill(nn.LSTM(3, 4))\no, (h, c) = model(p)\nout = (o.data, h, c)")
case("packed-lstm-bidirectional-proj-hx", PACKED + "model = fill(nn.LSTM(3, 4, 2, bidirectional=True, "
     "proj_size=2))\nh0, c0 = inp(4, 3, 2), inp(4, 3, 4)\ninputs = inputs + (h0, c0)\no, (h, c) = model(p, (h0, c0))\n"
     "out = (o.data, h, c)")
case("packed-lstm-batch-first-padded", R + "model = fill(nn.LSTM(3, 4, batch_first=True))\ninputs = (inp(3, 5, 3),)\n"
     "p = pack_padded_sequence(inputs[0], [2, 5, 3], batch_first=True, enforce_sorted=False)\n"
     "o, (h, c) = model(p)\npadded, lengths = pad_packed_sequence(o, batch_first=True)\n"
     "text = repr(lengths)\nout = (padded, h, c)")
case("packed-rnn-error-input-size", PACKED + "model = nn.RNN(2, 4)\nmodel(p)")
case("packed-gru-error-hidden", R + "p = pack_sequence([inp(3, 3), inp(2, 3)])\nmodel = nn.GRU(3, 4)\n"
     "model(p, torch.zeros(2, 2, 4))")
# (torch crashes or fails inside its kernel on a packed LSTM with a wrong hx: only the padded form is compared)
case("lstm-error-hidden", "model = nn.LSTM(3, 4)\nmodel(inp(5, 2, 3), (torch.zeros(2, 2, 4), torch.zeros(1, 2, 4)))")
case("lstm-error-cell", "model = nn.LSTM(3, 4)\nmodel(inp(5, 2, 3), (torch.zeros(1, 2, 4), torch.zeros(1, 2, 3)))")

# -- padding modes (F.pad and conv padding_mode), padding='same', Conv3d ------------------------------------------
for mode in ("reflect", "replicate", "circular"):
    case(f"pad-{mode}-1d", f"inputs = (inp(2, 3, 5),)\nout = F.pad(inputs[0], (2, 1), mode='{mode}')")
    case(f"pad-{mode}-1d-unbatched", f"inputs = (inp(3, 5),)\nout = F.pad(inputs[0], (1, 3), mode='{mode}')")
    case(f"pad-{mode}-2d", f"inputs = (inp(1, 2, 4, 5),)\nout = F.pad(inputs[0], (2, 1, 1, 3), mode='{mode}')")
    case(f"pad-{mode}-2d-crop", f"inputs = (inp(2, 4, 5),)\nout = F.pad(inputs[0], (-1, 2, 1, -2), mode='{mode}')")
    case(f"pad-{mode}-3d", f"inputs = (inp(1, 2, 3, 4, 3),)\nout = F.pad(inputs[0], (1, 1, 2, 1, 1, 2), mode='{mode}')")
    case(f"pad-{mode}-double", f"inputs = (inp(1, 2, 4, dtype=torch.float64),)\n"
                               f"out = F.pad(inputs[0], (3, 2), mode='{mode}')")
    case(f"conv1d-padding-mode-{mode}", f"model = fill(nn.Conv1d(2, 3, 3, padding=2, padding_mode='{mode}'))\n"
                                        f"inputs = (inp(2, 2, 6),)\nout = model(*inputs)")
    case(f"conv2d-padding-mode-{mode}", f"model = fill(nn.Conv2d(2, 3, (3, 2), stride=(2, 1), padding=(1, 1), "
                                        f"padding_mode='{mode}'))\ninputs = (inp(1, 2, 5, 4),)\nout = model(*inputs)")
    case(f"conv2d-same-{mode}", f"model = fill(nn.Conv2d(2, 2, (3, 4), padding='same', dilation=(1, 2), "
                                f"padding_mode='{mode}'))\ninputs = (inp(1, 2, 5, 6),)\nout = model(*inputs)")
    case(f"conv3d-padding-mode-{mode}", f"model = fill(nn.Conv3d(2, 2, 3, padding=1, padding_mode='{mode}'))\n"
                                        f"inputs = (inp(1, 2, 3, 4, 3),)\nout = model(*inputs)")
case("pad-error-reflect-too-big", "F.pad(inp(1, 2, 5, 5), (1, 1, 5, 1), mode='reflect')")
case("pad-error-reflect-too-big-w", "F.pad(inp(1, 2, 5), (5, 1), mode='reflect')")
case("pad-error-circular-wrap", "F.pad(inp(1, 2, 5), (6, 1), mode='circular')")
case("pad-error-size", "F.pad(inp(1, 2, 5), (1, 1, 1, 1, 1, 1), mode='reflect')")
case("pad-error-size-2d", "F.pad(inp(2, 5), (1, 1, 1, 1), mode='replicate')")
case("pad-error-mode", "F.pad(inp(1, 2, 5), (1, 1), mode='wrap')")
case("pad-error-value", "F.pad(inp(1, 2, 5), (1, 1), mode='replicate', value=1.0)")
case("pad-error-too-small", "F.pad(inp(1, 2, 5), (-3, -3), mode='replicate')")
case("pad-error-odd", "F.pad(inp(1, 2, 5), (1,), mode='reflect')")
case("pad-error-empty", "F.pad(torch.ones(1, 0, 5), (1, 1), mode='reflect')")
case("conv1d-same-even", "model = fill(nn.Conv1d(2, 3, 4, padding='same', dilation=2))\ninputs = (inp(2, 2, 7),)\n"
     "out = model(*inputs)")
case("conv2d-same-strided-error", "nn.Conv2d(2, 3, 3, stride=2, padding='same')")
case("conv3d", "model = fill(nn.Conv3d(2, 4, (2, 3, 2)))\ninputs = (inp(2, 2, 4, 5, 3),)\nout = model(*inputs)")
case("conv3d-stride-pad-dil-groups", "model = fill(nn.Conv3d(4, 2, 2, stride=(2, 1, 2), padding=(1, 0, 1), "
     "dilation=(1, 2, 1), groups=2, bias=False))\ninputs = (inp(1, 4, 5, 5, 4),)\nout = model(*inputs)")
case("conv3d-same-unbatched", "model = fill(nn.Conv3d(1, 2, (2, 3, 3), padding='same'))\ninputs = (inp(1, 3, 4, 4),)\n"
     "out = model(*inputs)")
case("conv3d-functional", "inputs = (inp(1, 2, 3, 3, 3), inp(3, 2, 2, 2, 2), inp(3))\nout = F.conv3d(*inputs, padding=1)")
case("conv3d-channels-error", "model = nn.Conv3d(2, 4, 2)\nmodel(inp(1, 3, 4, 4, 4))")
case("conv3d-input-dims-error", "model = nn.Conv3d(2, 4, 2)\nmodel(inp(2, 4, 4))")
case("seeded-conv3d", "model = nn.Conv3d(2, 3, (2, 3, 2))", params=True)

# -- CTC loss ------------------------------------------------------------------------------------------------------
CTC = "x = inp(6, 3, 5, low=-2, high=2)\ninputs = (x,)\nlp = x.log_softmax(2)\n"
for red in ("none", "sum", "mean"):
    for zi in (False, True):
        case(f"ctc-{red}-zero_inf-{zi}", CTC + f"model = nn.CTCLoss(reduction='{red}', zero_infinity={zi})\n"
             "out = model(lp, torch.tensor([[1, 2, 2], [3, 1, 0], [4, 4, 0]]), [6, 5, 2], [3, 2, 2])")
case("ctc-blank-last-concatenated", CTC + "model = nn.CTCLoss(blank=4)\n"
     "out = model(lp, torch.tensor([1, 2, 2, 3, 0, 1, 1, 3]), torch.tensor([6, 5, 6]), torch.tensor([3, 2, 3]))")
case("ctc-functional-tensor-lengths-none", CTC + "out = F.ctc_loss(lp, torch.tensor([[1, 2], [3, 3], [2, 0]]), "
     "torch.tensor([6, 4, 3]), torch.tensor([2, 2, 1]), reduction='none')")
case("ctc-empty-target", CTC + "out = F.ctc_loss(lp, torch.tensor([[1, 2], [3, 3], [2, 0]]), [6, 4, 3], [0, 2, 0], "
     "reduction='none')")
case("ctc-unbatched", "x = inp(5, 4, low=-2, high=2)\ninputs = (x,)\n"
     "out = F.ctc_loss(x.log_softmax(1), torch.tensor([1, 2, 2]), torch.tensor(5), torch.tensor(3), reduction='none')")
case("ctc-unbatched-mean", "x = inp(5, 4, low=-2, high=2)\ninputs = (x,)\n"
     "out = F.ctc_loss(x.log_softmax(1), torch.tensor([1, 3]), [5], [2])")
case("ctc-double-leaf-log-probs", "lp = inp(7, 2, 4, dtype=torch.float64, low=-3, high=-0.1)\ninputs = (lp,)\n"
     "out = F.ctc_loss(lp, torch.tensor([[1, 2, 1], [3, 3, 1]]), [7, 6], [3, 2], reduction='sum')")
case("ctc-float-targets", CTC + "out = F.ctc_loss(lp, torch.tensor([[1., 2], [3, 3], [2, 0]]), [6, 4, 3], [2, 2, 1])")
case("ctc-repr", "model = nn.CTCLoss(blank=2, reduction='sum', zero_infinity=True)")
case("ctc-error-input-length", CTC + "F.ctc_loss(lp, torch.tensor([[1, 2], [3, 3], [2, 0]]), [7, 4, 3], [2, 2, 1])")
case("ctc-error-target-size", CTC + "F.ctc_loss(lp, torch.tensor([[1, 2], [3, 3], [2, 0]]), [6, 4, 3], [3, 2, 1])")
case("ctc-error-concat-size", CTC + "F.ctc_loss(lp, torch.tensor([1, 2, 3]), [6, 4, 3], [2, 2, 1])")
case("ctc-error-blank", CTC + "F.ctc_loss(lp, torch.tensor([[1, 2], [3, 3], [2, 0]]), [6, 4, 3], [2, 2, 1], blank=5)")
case("ctc-error-batch", CTC + "F.ctc_loss(lp, torch.tensor([[1, 2], [3, 3], [2, 0]]), [6, 4], [2, 2, 1])")
case("ctc-error-target-batch", CTC + "F.ctc_loss(lp, torch.tensor([[1, 2], [3, 3], [2, 0]]), [6, 4, 3], [2, 2])")
case("ctc-error-negative", CTC + "F.ctc_loss(lp, torch.tensor([[1, 2], [3, 3], [2, 0]]), [6, 4, 3], [2, -1, 1])")
case("ctc-error-float-lengths", CTC + "F.ctc_loss(lp, torch.tensor([[1, 2], [3, 3], [2, 0]]), torch.tensor([6., 4, 3]), "
     "torch.tensor([2, 2, 1]))")
case("ctc-error-reduction", CTC + "F.ctc_loss(lp, torch.tensor([[1, 2], [3, 3], [2, 0]]), [6, 4, 3], [2, 2, 1], "
     "reduction='avg')")

# -- LSTM as torch's CPU kernel records it: one MkldnnRnnLayerBackward0 per layer and direction ---------------
EDGES = ("def edges(t):\n"
         "    fn = t.grad_fn\n"
         "    return type(fn).__name__ + str([(type(f).__name__ if f is not None else None, i) "
         "for f, i in fn.next_functions])\n")
case("lstm-graph-two-layers-bidirectional", EDGES + "model = fill(nn.LSTM(3, 4, 2, bidirectional=True))\n"
     "inputs = (inp(5, 2, 3),)\no, (h, c) = model(*inputs)\n"
     "text = edges(o) + edges(o.grad_fn.next_functions[0][0]) + edges(h) + edges(c)\nout = (o, h, c)")
case("lstm-graph-batch-first-hx", EDGES + "model = fill(nn.LSTM(3, 4, batch_first=True))\n"
     "inputs = (inp(2, 5, 3), inp(1, 2, 4), inp(1, 2, 4))\no, (h, c) = model(inputs[0], (inputs[1], inputs[2]))\n"
     "layer = o.grad_fn.next_functions[0][0]\n"
     "text = edges(o) + edges(layer) + type(layer.next_functions[0][0].next_functions[0][0]).__name__\nout = (o, h, c)")
case("lstm-graph-no-bias-unbatched", EDGES + "model = fill(nn.LSTM(3, 4, bias=False))\n"
     "inputs = (inp(5, 3),)\no, (h, c) = model(*inputs)\n"
     "text = edges(o) + edges(o.grad_fn.next_functions[0][0])\nout = (o, h, c)")
case("lstm-graph-double-is-composed", EDGES + "model = fill(nn.LSTM(3, 4).double())\n"
     "inputs = (inp(5, 2, 3, dtype=torch.float64),)\no, (h, c) = model(*inputs)\n"
     "text = edges(h)\nout = (o, h, c)")
case("lstm-dropout-two-layers", EDGES + "model = fill(nn.LSTM(3, 4, 2, dropout=0.5)).eval()\n"
     "inputs = (inp(4, 2, 3),)\no, (h, c) = model(*inputs)\ntext = edges(o)\nout = (o, h, c)")
case("lstm-create-graph-second-order", "model = fill(nn.LSTM(2, 3))\ninputs = (inp(4, 1, 2),)\n"
     "o, (h, c) = model(*inputs)\n"
     "g = torch.autograd.grad((o * o).sum() + (c * h).sum(), inputs[0], create_graph=True)[0]\n"
     "out = g")

# -- more layers: padding, distances, normalization, shuffles, LP pooling, upsampling, dropout, losses ---------
for name, arg, shape in (("ZeroPad1d", "2", (2, 3, 4)), ("ZeroPad2d", "(1, 0, 2, 1)", (1, 2, 3, 4)),
                         ("ZeroPad3d", "1", (1, 2, 2, 3, 3)), ("ConstantPad1d", "(1, 2), 3.5", (2, 3, 4)),
                         ("ConstantPad2d", "1, -1.0", (1, 2, 3, 4)), ("ConstantPad3d", "(1, 0, 0, 1, 1, 0), 2.0",
                                                                       (1, 2, 2, 3, 3)),
                         ("ReflectionPad1d", "[1, 2]", (2, 3, 4)), ("ReflectionPad2d", "2", (1, 2, 3, 4)),
                         ("ReflectionPad3d", "1", (1, 2, 2, 3, 3)), ("ReplicationPad1d", "2", (2, 3, 4)),
                         ("ReplicationPad2d", "(1, 2, 0, 1)", (1, 2, 3, 4)), ("ReplicationPad3d", "1", (1, 2, 2, 3, 3)),
                         ("CircularPad1d", "1", (2, 3, 4)), ("CircularPad2d", "(1, 1, 2, 0)", (1, 2, 3, 4)),
                         ("CircularPad3d", "1", (1, 2, 2, 3, 3))):
    case(f"pad-{name}", f"model = nn.{name}({arg})\ninputs = (inp{shape},)\nout = model(*inputs)")
case("pad-circular-rank-error", "model = nn.CircularPad2d(1)\nout = model(inp(3, 4))")
case("cosine-similarity", "model = nn.CosineSimilarity()\ninputs = (inp(2, 3, 4), inp(2, 3, 4))\nout = model(*inputs)")
case("cosine-similarity-broadcast-eps", "model = nn.CosineSimilarity(dim=0, eps=0.5)\n"
     "inputs = (inp(3, 4, low=-0.2, high=0.2), inp(1, 4))\nout = model(*inputs)")
case("pairwise-distance", "model = nn.PairwiseDistance()\ninputs = (inp(3, 4), inp(3, 4))\nout = model(*inputs)")
case("pairwise-distance-p1-keepdim", "model = nn.PairwiseDistance(p=1.0, eps=0.0, keepdim=True)\n"
     "inputs = (inp(2, 3, 4), inp(4))\nout = model(*inputs)")
case("batchnorm3d", "model = fill(nn.BatchNorm3d(3))\ninputs = (inp(2, 3, 2, 2, 2),)\nout = model(*inputs)")
case("instancenorm1d", "model = nn.InstanceNorm1d(3)\ninputs = (inp(2, 3, 5),)\nout = model(*inputs)")
case("instancenorm2d-affine-running", "model = fill(nn.InstanceNorm2d(3, affine=True, track_running_stats=True))\n"
     "inputs = (inp(2, 3, 3, 4),)\nout = model(*inputs)")
case("instancenorm2d-eval-running", "model = fill(nn.InstanceNorm2d(3, affine=True, track_running_stats=True))\n"
     "model(inp(2, 3, 3, 4, requires_grad=False))\nmodel.eval()\ninputs = (inp(2, 3, 3, 4),)\nout = model(*inputs)")
case("instancenorm3d-unbatched", "model = nn.InstanceNorm3d(2)\ninputs = (inp(2, 2, 3, 3),)\nout = model(*inputs)")
case("instancenorm-one-spatial-error", "model = nn.InstanceNorm1d(2)\nout = model(inp(3, 2, 1))")
case("rmsnorm", "model = fill(nn.RMSNorm(4))\ninputs = (inp(2, 3, 4),)\nout = model(*inputs)")
case("rmsnorm-2d-eps-no-affine", "model = nn.RMSNorm([3, 4], eps=1e-5, elementwise_affine=False)\n"
     "inputs = (inp(2, 3, 4),)\nout = model(*inputs)")
case("rmsnorm-shape-error", "model = nn.RMSNorm(5)\nout = model(inp(2, 4))")
case("local-response-norm-3d", "model = nn.LocalResponseNorm(3)\ninputs = (inp(2, 5, 4),)\nout = model(*inputs)")
case("local-response-norm-4d", "model = nn.LocalResponseNorm(2, alpha=0.5, beta=0.5, k=2.0)\n"
     "inputs = (inp(2, 4, 3, 3),)\nout = model(*inputs)")
case("pixel-shuffle", "model = nn.PixelShuffle(2)\ninputs = (inp(2, 8, 2, 3),)\nout = model(*inputs)")
case("pixel-unshuffle", "model = nn.PixelUnshuffle(2)\ninputs = (inp(1, 2, 4, 6),)\nout = model(*inputs)")
case("pixel-shuffle-channels-error", "model = nn.PixelShuffle(2)\nout = model(inp(1, 6, 2, 2))")
case("channel-shuffle", "model = nn.ChannelShuffle(3)\ninputs = (inp(2, 6, 2),)\nout = model(*inputs)")
case("lppool1d", "model = nn.LPPool1d(2, 3, stride=2)\ninputs = (inp(2, 3, 7),)\nout = model(*inputs)")
case("lppool2d", "model = nn.LPPool2d(1.5, (2, 3))\ninputs = (inp(1, 2, 4, 6, low=0.1, high=1.0),)\nout = model(*inputs)")
case("softmax2d", "model = nn.Softmax2d()\ninputs = (inp(2, 3, 2, 2),)\nout = model(*inputs)")
case("upsampling-nearest2d", "model = nn.UpsamplingNearest2d(scale_factor=2)\ninputs = (inp(1, 2, 2, 3),)\n"
     "out = model(*inputs)")
case("upsampling-bilinear2d", "model = nn.UpsamplingBilinear2d(size=(4, 5))\ninputs = (inp(1, 2, 2, 3),)\n"
     "out = model(*inputs)")
case("dropout3d-eval", "model = nn.Dropout3d(0.5).eval()\ninputs = (inp(2, 3, 2, 2, 2),)\nout = model(*inputs)")
case("feature-alpha-dropout-eval", "model = nn.FeatureAlphaDropout(0.2).eval()\ninputs = (inp(2, 3, 4),)\n"
     "out = model(*inputs)")
case("dropout3d-seeded", "torch.manual_seed(3)\nmodel = nn.Dropout3d(0.5)\ninputs = (inp(2, 4, 1, 2, 2),)\n"
     "out = model(*inputs)")
case("feature-alpha-dropout-seeded", "torch.manual_seed(3)\nmodel = nn.FeatureAlphaDropout(0.4)\n"
     "inputs = (inp(3, 4, 2),)\nout = model(*inputs)")
for red in ("mean", "sum", "none"):
    case(f"multilabel-soft-margin-{red}", f"model = nn.MultiLabelSoftMarginLoss(reduction='{red}')\n"
         "inputs = (inp(3, 4),)\nout = model(inputs[0], torch.tensor([[1., 0, 1, 0], [0, 1, 1, 1], [0, 0, 0, 1]]))")
case("multilabel-soft-margin-weight", "model = nn.MultiLabelSoftMarginLoss(weight=torch.tensor([1., 2, 0.5, 1]))\n"
     "inputs = (inp(2, 4),)\nout = model(inputs[0], torch.tensor([[1., 0, 1, 0], [0, 1, 1, 1]]))")
case("triplet-with-distance-default", "model = nn.TripletMarginWithDistanceLoss()\n"
     "inputs = (inp(3, 4), inp(3, 4), inp(3, 4))\nout = model(*inputs)")
case("triplet-with-distance-cosine-swap", "model = nn.TripletMarginWithDistanceLoss(distance_function=lambda a, b: "
     "1.0 - F.cosine_similarity(a, b), margin=0.5, swap=True, reduction='none')\n"
     "inputs = (inp(3, 4), inp(3, 4), inp(3, 4))\nout = model(*inputs)")
case("triplet-with-distance-margin-error", "model = nn.TripletMarginWithDistanceLoss(margin=0)")
case("transformer-encoder", "layer = nn.TransformerEncoderLayer(4, 2, 8, dropout=0.0)\n"
     "model = fill(nn.TransformerEncoder(layer, 2))\ninputs = (inp(3, 2, 4),)\nout = model(*inputs)")
case("transformer-encoder-norm-batch-first-mask", "layer = nn.TransformerEncoderLayer(4, 2, 8, dropout=0.0, "
     "batch_first=True)\nmodel = fill(nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(4)))\ninputs = (inp(2, 3, 4),)\n"
     "mask = torch.triu(torch.full((3, 3), float('-inf')), diagonal=1)\nout = model(inputs[0], mask=mask)")
case("transformer-encoder-copies-are-independent", "layer = nn.TransformerEncoderLayer(4, 2, 8, dropout=0.0)\n"
     "model = nn.TransformerEncoder(layer, 2)\n"
     "text = str(model.layers[0].linear1.weight is model.layers[1].linear1.weight) + "
     "str(torch.equal(model.layers[0].linear1.weight, layer.linear1.weight))")
case("lazylinear-seeded", "torch.manual_seed(0)\nmodel = nn.LazyLinear(3)\ntext = repr(model) + repr(model.weight)\n"
     "inputs = (inp(2, 4),)\nout = model(*inputs)\ntext += repr(model) + str(tuple(model.weight.shape))", params=True)
case("lazylinear-no-bias-in-sequential", "torch.manual_seed(1)\nmodel = nn.Sequential(nn.LazyLinear(5, bias=False), "
     "nn.ReLU(), nn.LazyLinear(2))\ntext = repr(model)\ninputs = (inp(3, 6),)\nout = model(*inputs)", params=True)
case("lazylinear-shape-error", "model = nn.LazyLinear(3)\nmodel.weight.shape")
case("transformer-decoder-layer", "model = fill(nn.TransformerDecoderLayer(4, 2, 8, dropout=0.0))\n"
     "inputs = (inp(3, 2, 4), inp(5, 2, 4))\nout = model(*inputs)")
case("transformer-decoder-norm-first-gelu-masks", "layer = nn.TransformerDecoderLayer(4, 2, 6, dropout=0.0, "
     "activation='gelu', norm_first=True, batch_first=True)\nmodel = fill(nn.TransformerDecoder(layer, 2, "
     "norm=nn.LayerNorm(4)))\ninputs = (inp(2, 3, 4), inp(2, 5, 4))\n"
     "mask = nn.Transformer.generate_square_subsequent_mask(3)\n"
     "kpm = torch.tensor([[False, False, False, False, True], [False, False, False, False, False]])\n"
     "out = model(inputs[0], inputs[1], tgt_mask=mask, memory_key_padding_mask=kpm)\ntext = repr(mask)")
case("transformer-seeded-init", "torch.manual_seed(0)\nmodel = nn.Transformer(d_model=4, nhead=2, num_encoder_layers=1, "
     "num_decoder_layers=1, dim_feedforward=6, dropout=0.0)\ninputs = (inp(5, 2, 4), inp(3, 2, 4))\n"
     "out = model(*inputs, tgt_mask=model.generate_square_subsequent_mask(3))", params=True)
case("transformer-batch-error", "model = nn.Transformer(d_model=4, nhead=2, num_encoder_layers=1, num_decoder_layers=1, "
     "dim_feedforward=6)\nout = model(inp(5, 2, 4), inp(3, 3, 4))")
case("rrelu-train-seeded", "torch.manual_seed(0)\nmodel = nn.RReLU(0.1, 0.3)\ninputs = (inp(3, 5),)\nout = model(*inputs)")
case("rrelu-train-double-seeded", "torch.manual_seed(2)\nmodel = nn.RReLU()\n"
     "inputs = (inp(2, 7, dtype=torch.float64),)\nout = model(*inputs)")
case("rrelu-eval", "model = nn.RReLU().eval()\ninputs = (inp(3, 4),)\nout = model(*inputs)")
case("rrelu-create-graph", "torch.manual_seed(1)\ninputs = (inp(5),)\ny = F.rrelu(inputs[0], training=True)\n"
     "out = torch.autograd.grad(y.sum(), inputs[0], create_graph=True)[0]\ntext = str(out.requires_grad)")
for red in ("mean", "sum", "none"):
    case(f"multi-margin-{red}", f"model = nn.MultiMarginLoss(reduction='{red}')\ninputs = (inp(3, 5),)\n"
         "out = model(inputs[0], torch.tensor([1, 0, 4]))")
    case(f"multilabel-margin-{red}", f"model = nn.MultiLabelMarginLoss(reduction='{red}')\ninputs = (inp(3, 4),)\n"
         "out = model(inputs[0], torch.tensor([[3, 0, -1, 1], [1, 2, 3, -1], [-1, 0, 0, 0]]))")
case("multi-margin-p2-weight-margin", "model = nn.MultiMarginLoss(p=2, margin=0.5, weight=torch.tensor([1., 2, 0.5, 3]))\n"
     "inputs = (inp(4, 4),)\nout = model(inputs[0], torch.tensor([3, 1, 0, 2]))")
case("multi-margin-unbatched", "inputs = (inp(6),)\nout = F.multi_margin_loss(inputs[0], torch.tensor(2))")
case("multi-margin-double", "inputs = (inp(2, 3, dtype=torch.float64),)\n"
     "out = F.multi_margin_loss(inputs[0], torch.tensor([2, 0]), reduction='sum')")
case("multi-margin-target-range-error", "out = F.multi_margin_loss(inp(3, 4), torch.tensor([1, 0, 4]))")
case("multi-margin-p-error", "out = F.multi_margin_loss(inp(3, 4), torch.tensor([1, 0, 2]), p=3)")
case("multi-margin-target-size-error", "out = F.multi_margin_loss(inp(3, 4), torch.tensor([1, 0]))")
case("multi-margin-rank-error", "out = F.multi_margin_loss(inp(2, 2, 2), torch.tensor([1, 0]))")
case("multilabel-margin-unbatched", "inputs = (inp(5),)\nout = F.multilabel_margin_loss(inputs[0], "
     "torch.tensor([4, 1, -1, 0, 0]))")
case("multilabel-margin-size-error", "out = F.multilabel_margin_loss(inp(3, 4), torch.tensor([[1, -1, 0, 0]] * 2))")
case("multilabel-margin-range-error", "out = F.multilabel_margin_loss(inp(3, 4), torch.tensor([[4, -1, 0, 0]] * 3))")
