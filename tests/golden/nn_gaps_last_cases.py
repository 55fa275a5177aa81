"""Golden cases for the last of torch.nn's module classes and functional forms: 3-d pooling,
MaxUnpool, FractionalMaxPool (torch's random samples), ConvTranspose1d/3d and
torch.convolution, the Lazy modules (seeded initialization), AdaptiveLogSoftmaxWithLoss,
LinearCrossEntropyLoss, CrossMapLRN2d, SyncBatchNorm, DataParallel, Container, NLLLoss2d,
pdist, gumbel_softmax, affine_grid. Same form as nn_cases.py (run by nn_runner.py).

This module needs only numpy.
"""

CASES = []


def case(id, code, backward=True, params=False):
    CASES.append({"id": id, "code": code, "backward": backward, "params": params})


def module(id, ctor, *shapes, fill=True, call=None, params=False):
    """A module built by ``ctor`` (filled with fixed weights unless ``fill`` is False) applied to inputs."""
    args = ", ".join(f"inp{s}" if isinstance(s, tuple) else s for s in shapes)
    code = f"model = {ctor}\n"
    if fill:
        code += "fill(model)\n"
    code += f"inputs = ({args},)\n"
    code += f"out = {call or 'model(*inputs)'}\n"
    case(id, code, params=params)


# -- 3-d pooling --------------------------------------------------------------------------------------
module("maxpool3d", "nn.MaxPool3d(2)", (2, 3, 4, 5, 4), fill=False)
module("maxpool3d-indices", "nn.MaxPool3d(2, return_indices=True)", (1, 2, 4, 4, 4), fill=False)
module("maxpool3d-stride-pad-dilation-ceil", "nn.MaxPool3d((3, 2, 2), stride=(2, 1, 2), padding=(1, 1, 0), "
       "dilation=(1, 2, 1), ceil_mode=True, return_indices=True)", (2, 1, 5, 6, 5), fill=False)
module("maxpool3d-unbatched", "nn.MaxPool3d(2, stride=1)", (2, 3, 3, 3), fill=False)
module("maxpool3d-double", "nn.MaxPool3d(2)", "inp(1, 1, 4, 4, 2, dtype=torch.float64)", fill=False)
case("maxpool3d-error-rank", "out = F.max_pool3d(inp(2, 3, 3), 2)")
case("maxpool3d-error-pad", "out = F.max_pool3d(inp(1, 2, 3, 3, 3), 2, padding=2)")
case("maxpool3d-error-small", "out = F.max_pool3d(inp(1, 2, 3, 3, 3), 5)")
case("max-pool3d-with-indices", "inputs = (inp(1, 2, 4, 4, 2),)\nout = F.max_pool3d_with_indices(inputs[0], 2)")
case("torch-max-pool3d", "inputs = (inp(1, 2, 4, 4, 2),)\nout = torch.max_pool3d(inputs[0], (2, 2, 1))")
module("avgpool3d", "nn.AvgPool3d(2)", (2, 3, 4, 5, 4), fill=False)
module("avgpool3d-pad-ceil-exclude", "nn.AvgPool3d(3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)",
       (1, 2, 5, 6, 5), fill=False)
module("avgpool3d-pad-include", "nn.AvgPool3d((3, 2, 3), stride=(2, 1, 2), padding=(1, 0, 1))", (1, 2, 5, 4, 6),
       fill=False)
module("avgpool3d-divisor", "nn.AvgPool3d(2, stride=1, divisor_override=3)", (1, 1, 3, 3, 3), fill=False)
module("avgpool3d-unbatched", "nn.AvgPool3d(2)", (3, 4, 4, 4), fill=False)
case("avgpool3d-error-small", "out = F.avg_pool3d(inp(1, 2, 3, 3, 3), 5)")
case("avgpool3d-error-rank", "out = F.avg_pool3d(inp(2, 3, 3), 2)")
case("avgpool3d-create-graph", "inputs = (inp(1, 1, 4, 4, 4),)\ny = F.avg_pool3d(inputs[0], 3, 1, 1)\n"
     "g = torch.autograd.grad((y * y).sum(), inputs[0], create_graph=True)[0]\nout = g")
module("adaptiveavgpool3d", "nn.AdaptiveAvgPool3d((2, 3, 2))", (2, 2, 5, 4, 3), fill=False)
module("adaptiveavgpool3d-one", "nn.AdaptiveAvgPool3d(1)", (2, 2, 3, 4, 3), fill=False)
module("adaptiveavgpool3d-none-unbatched", "nn.AdaptiveAvgPool3d((None, 2, 3))", (2, 3, 5, 4), fill=False)
case("adaptiveavgpool3d-error", "out = F.adaptive_avg_pool3d(inp(3, 3), 2)")
module("adaptivemaxpool3d", "nn.AdaptiveMaxPool3d((2, 3, 2), return_indices=True)", (2, 2, 5, 4, 3), fill=False)
module("adaptivemaxpool3d-unbatched", "nn.AdaptiveMaxPool3d(2)", (2, 5, 4, 3), fill=False)
case("adaptivemaxpool3d-error", "out = F.adaptive_max_pool3d(inp(3, 3), 2)")
case("adaptive-max-pool-with-indices", "inputs = (inp(1, 2, 6), inp(1, 2, 5, 4))\n"
     "out = F.adaptive_max_pool1d_with_indices(inputs[0], 3) + F.adaptive_max_pool2d_with_indices(inputs[1], 2)")
module("lppool3d", "nn.LPPool3d(2, 2)", (1, 2, 4, 4, 4), fill=False)
module("lppool3d-stride-ceil", "nn.LPPool3d(1.5, (2, 3, 2), stride=(1, 2, 2), ceil_mode=True)", (1, 2, 4, 5, 5),
       fill=False)
case("lppool3d-inf", "inputs = (inp(1, 1, 4, 4, 4),)\nout = F.lp_pool3d(inputs[0], float('inf'), 2)")

# -- unpooling ----------------------------------------------------------------------------------------
case("maxunpool1d", "pool = nn.MaxPool1d(2, stride=2, return_indices=True)\nmodel = nn.MaxUnpool1d(2, stride=2)\n"
     "x = inp(1, 2, 8)\no, i = pool(x)\ninputs = (o,)\no.retain_grad()\nout = model(o, i)")
case("maxunpool1d-output-size", "pool = nn.MaxPool1d(2, stride=2, return_indices=True)\nmodel = nn.MaxUnpool1d(2)\n"
     "o, i = pool(inp(1, 2, 9))\nout = model(o, i, output_size=[1, 2, 9])")
case("maxunpool2d", "pool = nn.MaxPool2d(2, stride=2, return_indices=True)\nmodel = nn.MaxUnpool2d(2, stride=2)\n"
     "o, i = pool(inp(2, 3, 4, 6))\nout = model(o, i)")
case("maxunpool2d-leaf", "x = inp(1, 1, 2, 2)\ninputs = (x,)\nout = F.max_unpool2d(x, "
     "torch.tensor([[[[1, 6], [8, 15]]]]), 2)")
case("maxunpool2d-output-size-unbatched", "pool = nn.MaxPool2d(3, stride=2, return_indices=True)\n"
     "o, i = pool(inp(2, 5, 5))\nmodel = nn.MaxUnpool2d(3, stride=2)\nout = model(o, i, output_size=(6, 6))")
case("maxunpool3d", "pool = nn.MaxPool3d(2, return_indices=True)\nmodel = nn.MaxUnpool3d(2)\n"
     "x = inp(1, 2, 4, 4, 4)\no, i = pool(x)\ninputs = (x,)\nout = model(o, i)")
case("maxunpool3d-leaf-unbatched", "x = inp(1, 1, 2, 1)\ninputs = (x,)\nout = F.max_unpool3d(x, "
     "torch.tensor([[[[3], [12]]]]), (1, 2, 2), output_size=(1, 4, 4))")
case("maxunpool-error-dtype", "out = F.max_unpool2d(inp(1, 1, 2, 2), torch.tensor([[[[1, 6], [8, 15]]]], "
     "dtype=torch.int32), 2)")
case("maxunpool-error-shape", "out = F.max_unpool2d(inp(1, 1, 2, 2), torch.tensor([[[[1], [8]]]]), 2)")
case("maxunpool-error-index", "out = F.max_unpool2d(inp(1, 1, 2, 2), torch.tensor([[[[1, 6], [8, 30]]]]), 2)")
case("maxunpool3d-error-index", "out = F.max_unpool3d(inp(1, 1, 1, 1, 2), torch.tensor([[[[[0, 9]]]]]), (1, 1, 2))")
case("maxunpool-error-output-size", "out = F.max_unpool1d(inp(1, 1, 2), torch.tensor([[[0, 2]]]), 2, "
     "output_size=[9])")
case("maxunpool-error-output-size-length", "out = F.max_unpool2d(inp(1, 1, 2, 2), torch.tensor([[[[1, 6], [8, 15]]]]), "
     "2, output_size=[4, 4, 4])")
case("maxunpool-repr", "model = nn.Sequential(nn.MaxUnpool1d(3), nn.MaxUnpool2d((2, 3), stride=1, padding=1), "
     "nn.MaxUnpool3d(2, padding=(0, 1, 0)))\ntext = repr(model)")

# -- fractional max pooling -----------------------------------------------------------------------------
case("fractionalmaxpool2d-seeded", "torch.manual_seed(3)\nmodel = nn.FractionalMaxPool2d(2, output_size=(4, 3))\n"
     "inputs = (inp(2, 3, 9, 7),)\nout = model(*inputs)")
case("fractionalmaxpool2d-ratio-indices", "torch.manual_seed(5)\nmodel = nn.FractionalMaxPool2d((3, 2), "
     "output_ratio=(0.5, 0.6), return_indices=True)\ninputs = (inp(1, 2, 10, 9),)\nout = model(*inputs)")
case("fractionalmaxpool2d-unbatched-double", "torch.manual_seed(1)\nmodel = nn.FractionalMaxPool2d(2, output_size=3)\n"
     "inputs = (inp(2, 7, 6, dtype=torch.float64),)\nout = model(*inputs)")
case("fractionalmaxpool2d-samples", "samples = torch.tensor([[[0.1, 0.9], [0.5, 0.3]]])\n"
     "model = nn.FractionalMaxPool2d(2, output_size=(3, 4), _random_samples=samples)\ninputs = (inp(1, 2, 8, 9),)\n"
     "out = model(*inputs)")
case("fractionalmaxpool3d-seeded", "torch.manual_seed(2)\nmodel = nn.FractionalMaxPool3d(2, output_size=(2, 3, 3), "
     "return_indices=True)\ninputs = (inp(2, 2, 5, 7, 6),)\nout = model(*inputs)")
case("fractionalmaxpool3d-ratio-unbatched", "torch.manual_seed(4)\nmodel = nn.FractionalMaxPool3d((2, 3, 2), "
     "output_ratio=0.5)\ninputs = (inp(2, 6, 8, 7),)\nout = model(*inputs)")
case("fractional-functional-draws", "torch.manual_seed(7)\ninputs = (inp(3, 2, 8, 8),)\n"
     "out = F.fractional_max_pool2d(inputs[0], 3, output_size=4)\ntext = repr(torch.rand(2))")
case("fractionalmaxpool2d-error-size", "out = F.fractional_max_pool2d(inp(1, 2, 5, 5), 3, output_size=4)")
case("fractionalmaxpool2d-error-rank", "out = F.fractional_max_pool2d(inp(2, 5, 5, 5, 5), 3, output_size=2)")
case("fractionalmaxpool3d-error-size", "out = F.fractional_max_pool3d(inp(1, 2, 5, 5, 5), 3, output_size=4)")
case("fractionalmaxpool-error-args", "model = nn.FractionalMaxPool2d(2)")
case("fractionalmaxpool-error-both", "model = nn.FractionalMaxPool2d(2, output_size=3, output_ratio=0.5)")
case("fractionalmaxpool-error-ratio", "model = nn.FractionalMaxPool3d(2, output_ratio=(0.5, 1.5, 0.5))")
case("fractionalmaxpool3d-error-kernel", "model = nn.FractionalMaxPool3d(0, output_size=2)")
case("fractional-repr", "model = nn.Sequential(nn.FractionalMaxPool2d(2, output_size=3), "
     "nn.FractionalMaxPool3d(2, output_ratio=0.5))\ntext = repr(model)")

# -- transposed convolutions --------------------------------------------------------------------------
module("convtranspose1d", "nn.ConvTranspose1d(2, 3, 3)", (2, 2, 5))
module("convtranspose1d-stride-pad-outpad-groups-dilation", "nn.ConvTranspose1d(4, 6, 3, stride=2, padding=1, "
       "output_padding=1, groups=2, dilation=2)", (2, 4, 5))
module("convtranspose1d-unbatched-nobias", "nn.ConvTranspose1d(2, 3, 2, bias=False)", (2, 4))
case("convtranspose1d-output-size", "model = fill(nn.ConvTranspose1d(2, 2, 3, stride=2))\ninputs = (inp(1, 2, 4),)\n"
     "out = model(inputs[0], output_size=[10])")
case("convtranspose1d-output-size-error", "model = nn.ConvTranspose1d(2, 2, 3, stride=2)\n"
     "out = model(inp(1, 2, 4), output_size=[13])")
module("convtranspose3d", "nn.ConvTranspose3d(2, 3, 2)", (1, 2, 3, 3, 2))
module("convtranspose3d-stride-pad-outpad", "nn.ConvTranspose3d(2, 2, (3, 2, 2), stride=(2, 1, 2), padding=(1, 0, 1), "
       "output_padding=(1, 0, 1))", (2, 2, 3, 3, 3))
module("convtranspose3d-groups-dilation", "nn.ConvTranspose3d(4, 2, 2, groups=2, dilation=(2, 1, 2), bias=False)",
       (1, 4, 2, 3, 2))
module("convtranspose3d-unbatched", "nn.ConvTranspose3d(2, 3, 2, stride=2)", (2, 2, 2, 2))
case("convtranspose3d-output-size", "model = fill(nn.ConvTranspose3d(1, 2, 2, stride=2))\ninputs = (inp(1, 1, 2, 2, 2),)\n"
     "out = model(inputs[0], output_size=(5, 4, 5))")
case("convtranspose3d-channel-error", "out = F.conv_transpose3d(inp(1, 2, 3, 3, 3), inp(3, 2, 2, 2, 2))")
case("convtranspose1d-rank-error", "out = F.conv_transpose1d(inp(2, 3, 3, 3), inp(3, 2, 2))")
case("convtranspose1d-outpad-error", "out = F.conv_transpose1d(inp(1, 3, 3), inp(3, 2, 2), stride=2, "
     "output_padding=2)")
case("convtranspose-padding-mode-error", "model = nn.ConvTranspose1d(2, 2, 3, padding_mode='reflect')")
case("convtranspose3d-create-graph", "x = inp(1, 1, 2, 2, 2)\nw = inp(1, 2, 2, 1, 2)\ninputs = (x, w)\n"
     "y = F.conv_transpose3d(x, w, stride=(2, 1, 1))\n"
     "gx, gw = torch.autograd.grad((y * y).sum(), (x, w), create_graph=True)\nout = (gx, gw)")
case("torch-convolution", "inputs = (inp(1, 2, 5, 4), inp(3, 2, 2, 2), inp(3))\n"
     "out = (torch.convolution(inputs[0], inputs[1], inputs[2], (1, 1), (1, 0), (1, 1), False, (0, 0), 1), "
     "torch.convolution(inputs[0], inputs[1][:2], None, (2, 1), (0, 0), (1, 1), True, (1, 0), 1))")
case("torch-conv-transpose-aliases", "inputs = (inp(1, 2, 4), inp(2, 3, 2), inp(1, 2, 2, 2, 2), inp(2, 1, 2, 2, 2))\n"
     "out = (torch.conv_transpose1d(inputs[0], inputs[1], stride=2), "
     "torch.conv_transpose3d(inputs[2], inputs[3], padding=1))")

# -- lazy modules -----------------------------------------------------------------------------------------
for name, ctor, shape in (("lazyconv1d", "nn.LazyConv1d(4, 3)", (2, 3, 6)),
                          ("lazyconv2d", "nn.LazyConv2d(4, 3, stride=2, padding=1)", (2, 3, 6, 5)),
                          ("lazyconv3d-groups", "nn.LazyConv3d(4, 2, groups=2, bias=False)", (1, 2, 3, 4, 3)),
                          ("lazyconvtranspose1d", "nn.LazyConvTranspose1d(3, 2, stride=2)", (2, 4, 3)),
                          ("lazyconvtranspose2d", "nn.LazyConvTranspose2d(2, 3, padding=1)", (1, 3, 4, 4)),
                          ("lazyconvtranspose3d", "nn.LazyConvTranspose3d(2, 2)", (1, 3, 2, 3, 2)),
                          ("lazyconv2d-unbatched", "nn.LazyConv2d(2, 2)", (3, 4, 4))):
    case(name, f"torch.manual_seed(0)\nmodel = {ctor}\ntext = repr(model)\ninputs = (inp{shape},)\n"
         "out = model(*inputs)\ntext += '|' + type(model).__name__", params=True)
for name, ctor, shape in (("lazybatchnorm1d", "nn.LazyBatchNorm1d()", (4, 3)),
                          ("lazybatchnorm2d", "nn.LazyBatchNorm2d(momentum=0.3)", (2, 3, 2, 2)),
                          ("lazybatchnorm3d-no-affine", "nn.LazyBatchNorm3d(affine=False)", (2, 2, 2, 2, 2)),
                          ("lazyinstancenorm1d", "nn.LazyInstanceNorm1d()", (2, 3, 5)),
                          ("lazyinstancenorm2d-affine-stats", "nn.LazyInstanceNorm2d(affine=True, "
                                                              "track_running_stats=True)", (2, 3, 3, 3)),
                          ("lazyinstancenorm3d", "nn.LazyInstanceNorm3d(track_running_stats=True)", (1, 2, 3, 2, 2))):
    case(name, f"model = {ctor}\ntext = repr(model)\ninputs = (inp{shape},)\nout = model(*inputs)\n"
         "text += '|' + type(model).__name__", params=True)
case("lazyconv-error-rank", "model = nn.LazyConv2d(4, 3)\nout = model(inp(2, 3))")
case("lazyconv-error-groups", "model = nn.LazyConv2d(4, 3, groups=2)\nout = model(inp(1, 3, 5, 5))")
case("lazy-in-sequential-seeded", "torch.manual_seed(3)\nmodel = nn.Sequential(nn.LazyConv2d(4, 3), nn.LazyBatchNorm2d(), "
     "nn.ReLU(), nn.Flatten(), nn.LazyLinear(2))\ninputs = (inp(2, 1, 5, 5),)\nout = model(*inputs)", params=True)

# -- the rest of the module classes ---------------------------------------------------------------------
case("adaptive-log-softmax", "model = fill(nn.AdaptiveLogSoftmaxWithLoss(8, 10, [4, 7], div_value=2.0))\n"
     "inputs = (inp(6, 8),)\nres = model(inputs[0], torch.tensor([0, 5, 9, 3, 7, 4]))\n"
     "text = str(type(res).__name__) + str(res._fields)\nout = (res.output, res.loss)")
case("adaptive-log-softmax-head-bias-unbatched", "model = fill(nn.AdaptiveLogSoftmaxWithLoss(6, 8, [3], "
     "head_bias=True))\ninputs = (inp(6),)\nres = model(inputs[0], torch.tensor(5))\nout = (res.output, res.loss)")
case("adaptive-log-softmax-log-prob", "model = fill(nn.AdaptiveLogSoftmaxWithLoss(8, 10, [4, 7], div_value=2.0))\n"
     "inputs = (inp(3, 8),)\nout = model.log_prob(inputs[0])\ntext = repr(model.predict(inputs[0]))")
case("adaptive-log-softmax-seeded", "torch.manual_seed(0)\nmodel = nn.AdaptiveLogSoftmaxWithLoss(4, 6, [2, 4], "
     "div_value=1.0)", params=True)
case("adaptive-log-softmax-target-error", "model = nn.AdaptiveLogSoftmaxWithLoss(8, 10, [4, 7])\n"
     "out = model(inp(2, 8), torch.tensor([0, 10]))")
case("adaptive-log-softmax-cutoff-error", "model = nn.AdaptiveLogSoftmaxWithLoss(8, 10, [4, 4])")
case("adaptive-log-softmax-batch-error", "model = nn.AdaptiveLogSoftmaxWithLoss(8, 10, [4])\n"
     "out = model(inp(3, 8), torch.tensor([0, 1]))")
case("linear-cross-entropy-loss", "model = fill(nn.LinearCrossEntropyLoss(4, 5, bias=True))\ninputs = (inp(3, 4),)\n"
     "out = model(inputs[0], torch.tensor([1, 4, 0]))")
case("linear-cross-entropy-loss-kdim", "model = fill(nn.LinearCrossEntropyLoss(3, 4, out_features=(2,), "
     "reduction='none', label_smoothing=0.1))\ninputs = (inp(2, 3),)\nout = model(inputs[0], torch.tensor([[1, 3], "
     "[0, 2]]))")
case("linear-cross-entropy-loss-seeded", "torch.manual_seed(0)\nmodel = nn.LinearCrossEntropyLoss(3, 4, "
     "weight=torch.tensor([1., 2., 0.5, 1.]), ignore_index=1)\ninputs = (inp(3, 3),)\n"
     "out = model(inputs[0], torch.tensor([1, 2, 3]))", params=True)
case("linear-cross-entropy-functional-probs", "inputs = (inp(4), inp(3, 4), inp(3))\n"
     "out = F.linear_cross_entropy(inputs[0], inputs[1], torch.tensor([0.2, 0.5, 0.3]), linear_bias=inputs[2])")
case("linear-cross-entropy-error", "out = F.linear_cross_entropy(inp(2, 4), inp(3, 5), torch.tensor([0, 1]))")
case("linear-cross-entropy-weight-error", "model = nn.LinearCrossEntropyLoss(4, 5, weight=torch.ones(3))")
module("crossmaplrn2d", "nn.CrossMapLRN2d(3, alpha=1e-2, beta=0.75, k=1.5)", (2, 5, 3, 2), fill=False)
case("crossmaplrn2d-size1-wide", "model = nn.CrossMapLRN2d(1, alpha=0.1)\ninputs = (inp(1, 4, 2, 2),)\n"
     "out = model(*inputs)", backward=False)
case("crossmaplrn2d-size1-backward-error", "model = nn.CrossMapLRN2d(1, alpha=0.1)\nmodel(inp(1, 4, 2, 2)).sum().backward()")
module("crossmaplrn2d-size4", "nn.CrossMapLRN2d(4, alpha=0.5, beta=0.5)", (1, 7, 2, 1), fill=False)
case("crossmaplrn2d-error", "model = nn.CrossMapLRN2d(3)\nout = model(inp(2, 3, 3))")
module("syncbatchnorm-train", "nn.SyncBatchNorm(3)", (4, 3, 2), fill=True)
case("syncbatchnorm-eval", "model = fill(nn.SyncBatchNorm(3, momentum=None))\nmodel(inp(4, 3))\nmodel.eval()\n"
     "inputs = (inp(2, 3, 2, 2),)\nout = model(*inputs)")
case("syncbatchnorm-error", "model = nn.SyncBatchNorm(3)\nout = model(inp(3))")
case("syncbatchnorm-convert", "model = nn.Sequential(nn.Conv2d(2, 3, 1), nn.BatchNorm2d(3), nn.Sequential("
     "nn.BatchNorm1d(4, affine=False)))\nmodel = nn.SyncBatchNorm.convert_sync_batchnorm(model)\nfill(model)\n"
     "inputs = (inp(2, 2, 2, 2),)\nout = model[1](model[0](inputs[0]))")
case("dataparallel", "model = fill(nn.DataParallel(nn.Sequential(nn.Linear(3, 2), nn.ReLU())))\n"
     "inputs = (inp(4, 3),)\nout = model(*inputs)\ntext = repr(model.device_ids)")
case("container", "model = fill(nn.Container(lin=nn.Linear(2, 3), act=nn.Tanh()))\ninputs = (inp(2, 2),)\n"
     "out = model.act(model.lin(inputs[0]))")
case("nllloss2d", "model = nn.NLLLoss2d(ignore_index=1)\ninputs = (inp(2, 3, 2, 2),)\n"
     "out = model(F.log_softmax(inputs[0], 1), torch.tensor([[[0, 1], [2, 2]], [[1, 0], [0, 2]]]))")

# -- functional forms -----------------------------------------------------------------------------------
for p in ("2", "1", "0", "1.5", "3", "float('inf')"):
    case(f"pdist-p{p}", f"inputs = (inp(5, 3),)\nout = F.pdist(inputs[0], {p})")
case("pdist-double", "inputs = (inp(4, 2, dtype=torch.float64),)\nout = torch.pdist(inputs[0])")
case("pdist-error", "out = F.pdist(inp(2, 3, 3))")
case("gumbel-softmax-seeded", "torch.manual_seed(0)\ninputs = (inp(3, 5),)\nout = F.gumbel_softmax(inputs[0], tau=0.5)")
case("gumbel-softmax-hard-dim0", "torch.manual_seed(1)\ninputs = (inp(4, 3),)\n"
     "out = F.gumbel_softmax(inputs[0], hard=True, dim=0)")
case("affine-grid-2d", "inputs = (inp(2, 2, 3),)\nout = F.affine_grid(inputs[0], (2, 3, 4, 5), align_corners=False)")
case("affine-grid-2d-align", "inputs = (inp(1, 2, 3, dtype=torch.float64),)\n"
     "out = F.affine_grid(inputs[0], [1, 1, 3, 2], align_corners=True)")
case("affine-grid-3d", "inputs = (inp(2, 3, 4),)\nout = F.affine_grid(inputs[0], (2, 1, 2, 3, 4), align_corners=False)")
case("affine-grid-error", "out = F.affine_grid(inp(2, 2, 3), (2, 3, 4, 5, 6), align_corners=False)")
case("affine-grid-size-error", "out = F.affine_grid(inp(2, 2, 3), (2, 3), align_corners=False)")

# -- grid_sample ----------------------------------------------------------------------------------------
for mode in ("bilinear", "nearest", "bicubic"):
    for pad in ("zeros", "border", "reflection"):
        for ac in (False, True):
            case(f"grid-sample-{mode}-{pad}-{'align' if ac else 'noalign'}",
                 "inputs = (inp(2, 3, 4, 5), inp(2, 3, 2, 2, low=-1.3, high=1.3))\n"
                 f"out = F.grid_sample(inputs[0], inputs[1], mode='{mode}', padding_mode='{pad}', "
                 f"align_corners={ac})")
for mode in ("bilinear", "nearest"):
    for pad in ("zeros", "reflection"):
        case(f"grid-sample-3d-{mode}-{pad}", "inputs = (inp(1, 2, 3, 4, 3), inp(1, 2, 3, 2, 3, low=-1.2, high=1.2))\n"
             f"out = F.grid_sample(inputs[0], inputs[1], mode='{mode}', padding_mode='{pad}', align_corners=False)")
case("grid-sample-double-affine", "theta = inp(1, 2, 3, dtype=torch.float64)\nx = inp(1, 1, 5, 4, dtype=torch.float64)\n"
     "inputs = (x, theta)\ngrid = F.affine_grid(theta, (1, 1, 3, 3), align_corners=True)\n"
     "out = F.grid_sample(x, grid, align_corners=True)")
case("grid-sample-error-batch", "out = F.grid_sample(inp(1, 2, 3, 4), inp(2, 2, 2, 2), align_corners=False)")
case("grid-sample-error-last", "out = F.grid_sample(inp(1, 2, 3, 4), inp(1, 2, 2, 3), align_corners=False)")
case("grid-sample-error-bicubic-3d", "out = F.grid_sample(inp(1, 2, 3, 4, 2), inp(1, 2, 2, 2, 3), mode='bicubic', "
     "align_corners=False)")
case("grid-sample-error-empty", "out = F.grid_sample(inp(1, 2, 0, 4), inp(1, 2, 2, 2), align_corners=False)")
case("grid-sample-error-mode", "out = F.grid_sample(inp(1, 2, 3, 4), inp(1, 2, 2, 2), mode='cubic')")
case("grid-sample-error-padding", "out = F.grid_sample(inp(1, 2, 3, 4), inp(1, 2, 2, 2), padding_mode='edge')")
case("grid-sample-error-dtype", "out = F.grid_sample(inp(1, 2, 3, 4), inp(1, 2, 2, 2, dtype=torch.float64), "
     "align_corners=False)")

# -- multi-head attention -------------------------------------------------------------------------------
case("mha-bias-kv-zero-attn", "model = fill(nn.MultiheadAttention(4, 2, add_bias_kv=True, add_zero_attn=True))\n"
     "inputs = (inp(3, 2, 4), inp(5, 2, 4))\nout = model(inputs[0], inputs[1], inputs[1])")
case("mha-bias-kv-masks-batch-first", "model = fill(nn.MultiheadAttention(4, 2, add_bias_kv=True, batch_first=True))\n"
     "inputs = (inp(2, 3, 4),)\nkpm = torch.tensor([[False, False, True], [False, False, False]])\n"
     "mask = torch.triu(torch.ones(3, 3, dtype=torch.bool), 1)\n"
     "out = model(inputs[0], inputs[0], inputs[0], key_padding_mask=kpm, attn_mask=mask)")
case("mha-zero-attn-no-weights", "model = fill(nn.MultiheadAttention(4, 2, add_zero_attn=True))\ninputs = (inp(3, 4),)\n"
     "out, w = model(inputs[0], inputs[0], inputs[0], need_weights=False)\ntext = repr(w)")
case("mha-seeded-bias-kv", "torch.manual_seed(0)\nmodel = nn.MultiheadAttention(4, 2, add_bias_kv=True, kdim=3, vdim=2)",
     params=True)
case("mha-is-causal-without-mask-error", "model = nn.MultiheadAttention(4, 2)\nx = inp(3, 1, 4)\n"
     "out = model(x, x, x, is_causal=True)")
case("mha-functional", "inputs = (inp(3, 2, 4), inp(5, 2, 4), inp(5, 2, 4), inp(12, 4), inp(12), inp(4, 4), inp(4))\n"
     "q, k, v, w, b, ow, ob = inputs\nout = F.multi_head_attention_forward(q, k, v, 4, 2, w, b, None, None, False, 0.0, "
     "ow, ob, average_attn_weights=False)")
case("mha-functional-separate-static", "inputs = (inp(3, 2, 4), inp(5, 2, 3), inp(5, 2, 2), inp(4, 4), inp(4, 3), "
     "inp(4, 2), inp(4, 4), inp(4, 5, 2))\nq, k, v, wq, wk, wv, ow, sv = inputs\n"
     "out = F.multi_head_attention_forward(q, k, v, 4, 2, None, None, None, None, True, 0.0, ow, None, "
     "use_separate_proj_weight=True, q_proj_weight=wq, k_proj_weight=wk, v_proj_weight=wv, static_v=sv)")
case("mha-functional-shape-error", "out = F.multi_head_attention_forward(inp(3, 2, 4), inp(5, 4), inp(5, 4), 4, 2, "
     "inp(12, 4), None, None, None, False, 0.0, inp(4, 4), None)")
case("torch-instance-norm", "inputs = (inp(2, 3, 4), inp(3), inp(3))\n"
     "out = torch.instance_norm(inputs[0], inputs[1], inputs[2], None, None, True, 0.1, 1e-5, False)")
case("torch-grid-sampler-affine-grid-generator", "inputs = (inp(1, 2, 3), inp(1, 1, 3, 4))\n"
     "g = torch.affine_grid_generator(inputs[0], [1, 1, 2, 3], False)\n"
     "out = (g, torch.grid_sampler(inputs[1], g, 0, 0, False))")
case("torch-ctc-loss-int-reduction", "inputs = (F.log_softmax(inp(5, 2, 4), 2),)\nt = torch.tensor([[1, 2], [3, 3]])\n"
     "out = (torch.ctc_loss(inputs[0], t, [5, 5], [2, 2]), torch.ctc_loss(inputs[0], t, [5, 4], [2, 1], 0, 1), "
     "torch.ctc_loss(inputs[0], t, torch.tensor([5, 5]), torch.tensor([2, 2]), 0, 2, False))")
case("lazy-state-dict-and-load", "torch.manual_seed(0)\nm = nn.LazyConv2d(4, 3)\ntext = repr(m.state_dict())\n"
     "m2 = nn.Conv2d(3, 4, 3)\ntext += repr(m.load_state_dict(m2.state_dict())) + repr(m) + "
     "str(torch.equal(m.weight, m2.weight))\ninputs = (inp(1, 3, 5, 5),)\nout = m(*inputs)\ntext += repr(m)")
case("lazy-batchnorm-state-dict-and-load", "m = nn.LazyBatchNorm1d()\ntext = repr(m.state_dict())\n"
     "text += repr(m.load_state_dict(nn.BatchNorm1d(5).state_dict())) + repr(m) + repr(m.running_mean)\n"
     "inputs = (inp(4, 5),)\nout = m(*inputs)\ntext += repr(m)")

# -- classes the earlier golden families reach only indirectly -------------------------------------------------
case("alphadropout-seeded", "torch.manual_seed(2)\nmodel = nn.AlphaDropout(0.3)\ninputs = (inp(4, 5),)\nout = model(*inputs)")
case("alphadropout-eval", "model = nn.AlphaDropout(0.3).eval()\ninputs = (inp(4, 5),)\nout = model(*inputs)")
case("dropout1d-seeded", "torch.manual_seed(1)\nmodel = nn.Dropout1d(0.5)\ninputs = (inp(2, 6, 3),)\nout = model(*inputs)")
case("dropout1d-unbatched", "torch.manual_seed(4)\nmodel = nn.Dropout1d()\ninputs = (inp(5, 4),)\nout = model(*inputs)")
case("dropout1d-rank-error", "model = nn.Dropout1d()\nout = model(inp(2, 3, 4, 5))")
case("fold", "model = nn.Fold(output_size=(4, 5), kernel_size=2)\ninputs = (inp(1, 8, 12),)\nout = model(*inputs)")
case("fold-dilation-padding-stride", "model = nn.Fold((5, 4), (2, 3), dilation=(1, 2), padding=1, stride=(2, 1))\n"
     "inputs = (inp(2, 12, 6),)\nout = model(*inputs)")
case("fold-error", "model = nn.Fold((4, 5), 2)\nout = model(inp(1, 7, 12))")
case("rnnbase-seeded", "torch.manual_seed(0)\nmodel = nn.RNNBase('GRU', 3, 4, num_layers=2, bidirectional=True)",
     params=True)
case("rnnbase-lstm-proj-repr", "torch.manual_seed(1)\nmodel = nn.RNNBase('LSTM', 3, 4, proj_size=2, batch_first=True)",
     params=True)
case("rnnbase-mode-error", "model = nn.RNNBase('LSTMX', 3, 4)")
case("rnnbase-forward-error", "model = nn.RNNBase('GRU', 3, 4)\nout = model(inp(2, 1, 3))")
case("rnncellbase-seeded", "torch.manual_seed(0)\nmodel = nn.RNNCellBase(3, 4, True, 3)", params=True)
case("rnncellbase-no-bias", "torch.manual_seed(5)\nmodel = nn.RNNCellBase(2, 3, bias=False, num_chunks=4)", params=True)

# -- the functional forms called directly (each module above calls them; here their own argument handling) ----------
for name, call, shapes in (
        ("adaptive_avg_pool1d", "F.adaptive_avg_pool1d(x, 3)", ((2, 3, 7),)),
        ("adaptive_avg_pool2d", "F.adaptive_avg_pool2d(x, (2, None))", ((1, 2, 5, 4),)),
        ("adaptive_max_pool1d", "F.adaptive_max_pool1d(x, 2, return_indices=True)", ((2, 3, 5),)),
        ("adaptive_max_pool2d", "F.adaptive_max_pool2d(x, (3, 2))", ((1, 2, 5, 4),)),
        ("adaptive_max_pool3d_with_indices", "F.adaptive_max_pool3d_with_indices(x, 2)", ((1, 2, 3, 4, 3),)),
        ("avg_pool1d", "F.avg_pool1d(x, 3, stride=2, padding=1, count_include_pad=False)", ((2, 3, 7),)),
        ("avg_pool2d", "F.avg_pool2d(x, (2, 3), stride=1, ceil_mode=True, divisor_override=4)", ((1, 2, 4, 5),)),
        ("conv2d", "F.conv2d(x, w, b, stride=(2, 1), padding='valid', dilation=(1, 2))", ((1, 2, 6, 6), (3, 2, 2, 2), (3,))),
        ("conv2d-same", "F.conv2d(x, w, padding='same')", ((1, 2, 5, 4), (2, 2, 3, 2))),
        ("conv_transpose2d", "F.conv_transpose2d(x, w, b, stride=2, padding=(1, 0), output_padding=(1, 0), "
                             "dilation=(1, 2))", ((1, 2, 3, 3), (2, 3, 3, 2), (3,))),
        ("max_pool1d", "F.max_pool1d(x, 3, stride=2, padding=1, ceil_mode=True)", ((2, 3, 8),)),
        ("max_pool1d_with_indices", "F.max_pool1d_with_indices(x, 2)", ((2, 3, 6),)),
        ("max_pool2d", "F.max_pool2d(x, (3, 2), stride=(2, 1), padding=1, dilation=(1, 2))", ((1, 2, 6, 7),)),
        ("max_pool2d_with_indices", "F.max_pool2d_with_indices(x, 2)", ((1, 2, 4, 4),)),
        ("fractional_max_pool2d_with_indices", "F.fractional_max_pool2d_with_indices(x, 2, output_size=3, "
                                               "_random_samples=torch.tensor([[[0.3, 0.7]]]))", ((1, 1, 7, 7),)),
        ("fractional_max_pool3d_with_indices", "F.fractional_max_pool3d_with_indices(x, 2, output_ratio=0.5, "
                                               "_random_samples=torch.tensor([[[0.3, 0.7, 0.1]]]))", ((1, 1, 6, 6, 6),)),
        ("lp_pool1d", "F.lp_pool1d(x, 2.0, 3, stride=2)", ((2, 3, 7),)),
        ("lp_pool2d", "F.lp_pool2d(x, 3, (2, 2), ceil_mode=True)", ((1, 2, 5, 5),)),
        ("layer_norm", "F.layer_norm(x, (4,), w, b, eps=1e-3)", ((2, 3, 4), (4,), (4,))),
        ("group_norm", "F.group_norm(x, 2, w, b)", ((2, 4, 3), (4,), (4,))),
        ("rms_norm", "F.rms_norm(x, (3, 4), w)", ((2, 3, 4), (3, 4))),
        ("local_response_norm", "F.local_response_norm(x, 3, alpha=0.1)", ((2, 5, 3, 2),)),
        ("pairwise_distance", "F.pairwise_distance(x, y, p=1.5, keepdim=True)", ((3, 4), (3, 4))),
        ("pixel_shuffle", "F.pixel_shuffle(x, 2)", ((1, 8, 2, 3),)),
        ("pixel_unshuffle", "F.pixel_unshuffle(x, 2)", ((1, 2, 4, 6),)),
        ("channel_shuffle", "F.channel_shuffle(x, 2)", ((1, 6, 2, 2),)),
        ("glu", "F.glu(x, dim=0)", ((4, 3),)),
        ("hardshrink", "F.hardshrink(x, 0.3)", ((3, 4),)),
        ("softshrink", "F.softshrink(x, 0.3)", ((3, 4),)),
        ("logsigmoid", "F.logsigmoid(x)", ((3, 4),)),
        ("mish", "F.mish(x)", ((3, 4),)),
        ("prelu", "F.prelu(x, w)", ((2, 3, 4), (3,))),
        ("softmin", "F.softmin(x, dim=1)", ((3, 4),)),
        ("softsign", "F.softsign(x)", ((3, 4),)),
        ("tanhshrink", "F.tanhshrink(x)", ((3, 4),)),
        ("gaussian_nll_loss", "F.gaussian_nll_loss(x, y, torch.full((3, 1), 0.5), full=True, reduction='sum')",
         ((3, 4), (3, 4))),
        ("multilabel_soft_margin_loss", "F.multilabel_soft_margin_loss(x, torch.tensor([[1., 0, 1, 0], [0, 1, 1, 1], "
                                        "[0, 0, 0, 1]]), reduction='none')", ((3, 4),)),
        ("triplet_margin_with_distance_loss", "F.triplet_margin_with_distance_loss(x, y, z, margin=0.5, swap=True)",
         ((3, 4), (3, 4), (3, 4))),
        ("upsample", "F.upsample(x, scale_factor=2, mode='bilinear', align_corners=True)", ((1, 2, 2, 3),)),
        ("embedding_bag", "F.embedding_bag(torch.tensor([1, 2, 4, 5, 4, 3]), w, torch.tensor([0, 2]), "
                          "mode='sum')", ((6, 3),)),
):
    names = "xyzwb"[:len(shapes)] if len(shapes) < 4 else "xyzw"
    if name in ("conv2d", "conv_transpose2d"):
        names = "xwb"
    elif name in ("conv2d-same", "prelu", "rms_norm"):
        names = "xw"
    elif name in ("layer_norm", "group_norm"):
        names = "xwb"
    elif name == "embedding_bag":
        names = "w"
    code = "inputs = (" + ", ".join(f"inp{s}" for s in shapes) + ",)\n" + ", ".join(names) + ", = inputs\n"
    case(f"functional-{name}", code + f"out = {call}")
for name, call in (("dropout", "F.dropout(x, 0.3)"), ("dropout-eval", "F.dropout(x, 0.3, training=False)"),
                   ("alpha_dropout", "F.alpha_dropout(x, 0.2, training=True)"),
                   ("feature_alpha_dropout", "F.feature_alpha_dropout(x, 0.5, training=True)"),
                   ("dropout1d", "F.dropout1d(x, 0.5)"), ("dropout2d", "F.dropout2d(x.unsqueeze(-1), 0.5)"),
                   ("dropout3d", "F.dropout3d(x.unsqueeze(-1).unsqueeze(-1), 0.5)"),
                   ("rrelu_", "F.rrelu_(x * 1.0, training=True)")):
    case(f"functional-{name}-seeded", f"torch.manual_seed(6)\ninputs = (inp(2, 4, 3),)\nx = inputs[0]\nout = {call}")
case("dropout3d-unbatched-seeded", "torch.manual_seed(3)\nmodel = nn.Dropout3d(0.5)\ninputs = (inp(4, 2, 2, 2),)\n"
     "out = model(*inputs)")
case("dropout3d-3d-input-seeded", "torch.manual_seed(3)\ninputs = (inp(3, 2, 2),)\nout = F.dropout3d(inputs[0], 0.5)")
case("linear-cross-entropy-options", "o = nn.LinearCrossEntropyOptions(batch_chunk_size=2)\ninputs = (inp(3, 4), inp(5, 4))\n"
     "t = torch.tensor([1, 4, 0])\nout = (F.linear_cross_entropy(inputs[0], inputs[1], t, options=o), "
     "F.linear_cross_entropy(inputs[0], inputs[1], t, options=o, reduction='none'), "
     "F.linear_cross_entropy(inputs[0][0], inputs[1], t[0], options=o, reduction='sum'))\ntext = repr(o)")
case("linear-cross-entropy-options-ignored", "inputs = (inp(3, 4), inp(5, 4))\n"
     "out = F.linear_cross_entropy(inputs[0], inputs[1], torch.tensor([1, 4, 0]), "
     "options=nn.LinearCrossEntropyOptions(), label_smoothing=0.2)")
case("linear-cross-entropy-loss-options", "model = fill(nn.LinearCrossEntropyLoss(4, 5, bias=True, "
     "options=nn.LinearCrossEntropyOptions(acc_policy='accurate')))\ninputs = (inp(3, 4),)\n"
     "out = model(inputs[0], torch.tensor([1, 4, 0]))")
case("linear-cross-entropy-options-error", "o = nn.LinearCrossEntropyOptions(chunking_method='fast')")
