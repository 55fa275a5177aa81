"""The golden nn cases (see nn_runner.py for what each records). Each is (id, code); the
code runs with torch, nn, F, fill and inp bound and sets ``out`` (and ``model``, ``inputs``).

This module needs only numpy.
"""

CASES = []


def case(id, code, backward=True, params=False):
    CASES.append({"id": id, "code": code, "backward": backward, "params": params})


def module(id, ctor, *shapes, fill=True, call=None):
    """A module built by ``ctor``, filled with fixed weights, applied to inputs of ``shapes``."""
    args = ", ".join(f"inp{s}" if isinstance(s, tuple) else s for s in shapes)
    code = f"model = {ctor}\n"
    if fill:
        code += "fill(model)\n"
    code += f"inputs = ({args},)\n"
    code += f"out = {call or 'model(*inputs)'}\n"
    case(id, code)


# -- Linear and friends ---------------------------------------------------------------------------
module("linear-2d", "nn.Linear(3, 4)", (2, 3))
module("linear-1d", "nn.Linear(3, 4)", (3,))
module("linear-3d", "nn.Linear(3, 4)", (2, 5, 3))
module("linear-4d", "nn.Linear(3, 2)", (2, 2, 2, 3))
module("linear-nobias", "nn.Linear(3, 4, bias=False)", (2, 3))
module("linear-nobias-3d", "nn.Linear(3, 4, bias=False)", (2, 2, 3))
module("linear-double", "nn.Linear(3, 2, dtype=torch.float64)", "inp(2, 3, dtype=torch.float64)")
module("bilinear", "nn.Bilinear(2, 3, 4)", (5, 2), (5, 3))
module("identity", "nn.Identity(54, unused='x')", (2, 3))
case("linear-shape-error", "model = nn.Linear(4, 5)\nout = model(inp(2, 3))")
case("linear-shape-error-1d", "model = nn.Linear(4, 5)\nout = model(inp(3))")
case("flatten", "model = nn.Flatten()\ninputs = (inp(2, 3, 4),)\nout = model(*inputs)")
case("flatten-0-1", "model = nn.Flatten(0, 1)\ninputs = (inp(4, 1),)\nout = model(*inputs)")
case("unflatten", "model = nn.Unflatten(1, (2, 3))\ninputs = (inp(2, 6),)\nout = model(*inputs)")
case("polynomial", "model = fill(nn.Sequential(nn.Linear(3, 1), nn.Flatten(0, 1)))\n"
                   "x = inp(5, 1, requires_grad=False)\ninputs = (x.pow(torch.tensor([1, 2, 3])),)\n"
                   "out = model(*inputs)")

# -- containers and Module ---------------------------------------------------------------------------
case("sequential", "model = fill(nn.Sequential(nn.Linear(2, 5), nn.ReLU(), nn.Linear(5, 1)))\n"
                   "inputs = (inp(4, 2),)\nout = model(*inputs)")
case("sequential-ordereddict", "from collections import OrderedDict\n"
     "model = fill(nn.Sequential(OrderedDict([('fc1', nn.Linear(2, 3)), ('act', nn.Tanh()), ('fc2', nn.Linear(3, 2))])))\n"
     "inputs = (inp(4, 2),)\nout = model(*inputs)")
case("sequential-slice", "model = nn.Sequential(nn.Linear(2, 5), nn.ReLU(), nn.Linear(5, 1), nn.Sigmoid())[1:3]\n"
                         "fill(model)\ninputs = (inp(4, 5),)\nout = model(*inputs)")
case("sequential-index", "seq = fill(nn.Sequential(nn.Linear(2, 5), nn.ReLU(), nn.Linear(5, 1)))\nmodel = seq[-1]\n"
                         "inputs = (inp(4, 5),)\nout = model(*inputs)")
case("sequential-append", "model = nn.Sequential(nn.Linear(2, 3))\nmodel.append(nn.ReLU()).append(nn.Linear(3, 2))\n"
                          "fill(model)\ninputs = (inp(4, 2),)\nout = model(*inputs)")
case("sequential-index-error", "model = nn.Sequential(nn.Linear(2, 3))\nout = model[3]")
case("sequential-nested", "model = nn.Sequential(nn.Sequential(nn.Linear(2, 2), nn.ReLU()), nn.Linear(2, 1))\n"
                          "fill(model)\ninputs = (inp(3, 2),)\nout = model(*inputs)")
case("modulelist", "model = nn.ModuleList([nn.Linear(2, 2), nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 2)])\n"
                   "fill(model)\nx = inp(3, 2)\ninputs = (x,)\nfor m in model:\n    x = m(x)\nout = x")
case("moduledict", "model = nn.ModuleDict({'lin': nn.Linear(2, 2), 'act': nn.ReLU()})\nfill(model)\n"
                   "inputs = (inp(3, 2),)\nout = model['act'](model['lin'](inputs[0]))")
case("parameterlist", "model = nn.ParameterList([nn.Parameter(torch.ones(2)), nn.Parameter(torch.ones(2, 3))])")
case("parameterlist-one", "model = nn.ParameterList([nn.Parameter(torch.ones(2))])")
case("parameterdict", "model = nn.ParameterDict({'b': nn.Parameter(torch.ones(2)), 'a': nn.Parameter(torch.ones(2, 3, dtype=torch.float64))})")
case("empty-module", "model = nn.Module()")
case("module-no-forward", "model = nn.Module()\nout = model(inp(2))")
case("parameter-repr", "raise ValueError(repr(nn.Parameter(torch.tensor([1.0, 2.0]))) + '|' + repr(nn.Parameter(torch.tensor([1.0]), requires_grad=False)))")

NET = '''
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 5)
        self.fc2 = nn.Linear(5, 3)
        self.register_buffer("steps", torch.zeros(2))
        self.register_buffer("scratch", torch.ones(1), persistent=False)
        self.scale = 2.0

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x))) * self.scale
'''
case("net", NET + "model = fill(Net())\ninputs = (inp(4, 2),)\nout = model(*inputs)")
case("net-getattr-error", NET + "model = Net()\nout = model.fc3")
case("net-assign-tensor-to-param", NET + "model = Net()\nmodel.fc1.weight = torch.ones(5, 2)")
case("net-assign-before-init", "class Bad(nn.Module):\n    def __init__(self):\n        self.fc = nn.Linear(2, 2)\n"
     "model = None\nBad()")
case("net-add-module-error", "model = nn.Module()\nmodel.add_module('a.b', nn.ReLU())")
case("net-register-parameter-error", "model = nn.Module()\nmodel.register_parameter('w', torch.ones(2))")
case("net-load-state-dict-strict", NET + "model = Net()\nsd = model.state_dict()\nsd['extra'] = torch.ones(1)\n"
     "del sd['fc1.bias']\nsd['fc2.weight'] = torch.ones(2, 2)\nmodel.load_state_dict(sd)")
case("net-load-state-dict-nonstrict", NET + "model = Net()\nsd = model.state_dict()\nsd['extra'] = torch.ones(1)\n"
     "del sd['fc1.bias']\nr = model.load_state_dict(sd, strict=False)\nraise ValueError(repr(r))")
case("net-load-state-dict-ok", NET + "model = Net()\nfill(model)\nother = Net()\n"
     "raise ValueError(repr(other.load_state_dict(model.state_dict())) + '|' + repr(other.fc2.bias))")
case("net-named-modules", NET + "net = Net()\nmodel = nn.Sequential(net, nn.ReLU(), net)\n"
     "raise ValueError(repr([n for n, _ in model.named_modules()]) + repr([n for n, _ in model.named_parameters()])"
     " + repr([n for n, _ in model.named_children()]) + repr([n for n, _ in model.named_buffers()]))")
case("net-get-submodule-error", NET + "model = Net()\nmodel.get_submodule('fc1.nope')")
case("net-get-parameter", NET + "model = fill(Net())\nraise ValueError(repr(model.get_parameter('fc1.bias')))")
case("net-get-parameter-error", NET + "model = Net()\nmodel.get_parameter('fc1.in_features')")
case("net-train-eval", NET + "model = Net()\nmodel.eval()\n"
     "raise ValueError(repr([m.training for m in model.modules()]) + repr(model.train().fc1.training))")
case("net-train-error", NET + "model = Net()\nmodel.train('yes')")
case("net-to-double", NET + "model = fill(Net()).double()\ninputs = (inp(4, 2, dtype=torch.float64),)\nout = model(*inputs)")
case("net-to-int-error", NET + "model = Net()\nmodel.to(torch.int64)")
case("net-zero-grad", NET + "model = fill(Net())\nmodel(inp(3, 2)).sum().backward()\nmodel.zero_grad()\n"
     "raise ValueError(repr([p.grad for p in model.parameters()]))")
case("net-requires-grad", NET + "model = fill(Net()).requires_grad_(False)\ninputs = (inp(4, 2),)\nout = model(*inputs)")
case("hooks", NET + "model = fill(Net())\nseen = []\n"
     "h1 = model.fc1.register_forward_pre_hook(lambda m, a: (a[0] * 2,))\n"
     "h2 = model.fc1.register_forward_hook(lambda m, a, o: o + 1)\n"
     "inputs = (inp(3, 2),)\nout = model(*inputs)")
case("hooks-removed", NET + "model = fill(Net())\n"
     "h1 = model.fc1.register_forward_pre_hook(lambda m, a: (a[0] * 2,))\nh1.remove()\n"
     "inputs = (inp(3, 2),)\nout = model(*inputs)")
case("backward-hook", NET + "model = fill(Net())\nrec = []\n"
     "def hook(m, gi, go):\n    rec.append((m.__class__.__name__, [g.shape if g is not None else None for g in gi], [g.shape for g in go]))\n"
     "    return (gi[0] * 3,)\n"
     "model.fc2.register_full_backward_hook(hook)\n"
     "model.fc1.register_full_backward_hook(lambda m, gi, go: rec.append(('fc1', [g is None for g in gi])))\n"
     "x = inp(3, 2)\nloss = model(x).sum()\nloss.backward()\n"
     "raise ValueError(repr(rec) + '|' + repr(x.grad))")

# -- losses --------------------------------------------------------------------------------------------
for red in ("mean", "sum", "none"):
    case(f"mseloss-{red}", f"model = nn.MSELoss(reduction='{red}')\ninputs = (inp(3, 4), inp(3, 4))\nout = model(*inputs)")
    case(f"l1loss-{red}", f"model = nn.L1Loss(reduction='{red}')\ninputs = (inp(3, 4), inp(3, 4))\nout = model(*inputs)")
    case(f"smoothl1loss-{red}", f"model = nn.SmoothL1Loss(reduction='{red}', beta=0.5)\n"
                                f"inputs = (inp(3, 4), inp(3, 4))\nout = model(*inputs)")
    case(f"crossentropy-{red}", f"model = nn.CrossEntropyLoss(reduction='{red}')\n"
                                f"inputs = (inp(4, 3),)\nout = model(inputs[0], torch.tensor([0, 2, 1, 2]))")
    case(f"nllloss-{red}", f"model = nn.NLLLoss(reduction='{red}')\n"
                           f"inputs = (inp(4, 3),)\nout = model(F.log_softmax(inputs[0], 1), torch.tensor([0, 2, 1, 2]))")
    case(f"bceloss-{red}", f"model = nn.BCELoss(reduction='{red}')\n"
                           f"inputs = (inp(3, 2, low=0.1, high=0.9), inp(3, 2, low=0, high=1))\nout = model(*inputs)")
    case(f"bcewithlogits-{red}", f"model = nn.BCEWithLogitsLoss(reduction='{red}', pos_weight=torch.tensor([1.0, 2.0]))\n"
                                 f"inputs = (inp(3, 2), inp(3, 2, low=0, high=1))\nout = model(*inputs)")
case("crossentropy-weight-smoothing", "model = nn.CrossEntropyLoss(weight=torch.tensor([1.0, 2.0, 0.5]), "
     "label_smoothing=0.1, ignore_index=1)\ninputs = (inp(5, 3),)\nout = model(inputs[0], torch.tensor([0, 2, 1, 2, 0]))")
case("crossentropy-probs", "model = nn.CrossEntropyLoss()\ninputs = (inp(4, 3),)\n"
     "out = model(inputs[0], torch.softmax(inp(4, 3, requires_grad=False), 1))")
case("crossentropy-2d", "model = nn.CrossEntropyLoss()\ninputs = (inp(2, 3, 2, 2),)\n"
     "out = model(inputs[0], torch.tensor([[[0, 1], [2, 1]], [[1, 1], [0, 2]]]))")
case("mseloss-legacy", "model = nn.MSELoss(size_average=False)\ninputs = (inp(2, 2), inp(2, 2))\nout = model(*inputs)")

# -- activations ------------------------------------------------------------------------------------------
for ctor in ("nn.ReLU()", "nn.ReLU(inplace=True)", "nn.ReLU6()", "nn.LeakyReLU()", "nn.LeakyReLU(0.2, True)",
             "nn.PReLU()", "nn.PReLU(3)", "nn.ELU()", "nn.ELU(alpha=2.0, inplace=True)", "nn.SELU()", "nn.CELU(0.5)",
             "nn.GELU()", "nn.GELU('tanh')", "nn.SiLU()", "nn.Mish()", "nn.Sigmoid()", "nn.Tanh()",
             "nn.Softmax(dim=1)", "nn.LogSoftmax(dim=1)", "nn.Softmin(dim=1)", "nn.Softplus()",
             "nn.Softplus(beta=2, threshold=1.0)", "nn.Softsign()", "nn.Hardtanh()", "nn.Hardtanh(-2, 2)",
             "nn.Hardsigmoid()", "nn.Hardswish()", "nn.Tanhshrink()", "nn.Threshold(0.1, 20)", "nn.LogSigmoid()",
             "nn.Softshrink()", "nn.Hardshrink(0.3)", "nn.GLU()"):
    inplace = "inplace=True" in ctor or ", True)" in ctor
    x = "(inp(4, 3, low=-3, high=3) * 1,)" if inplace else "(inp(4, 3, low=-3, high=3),)"
    case(f"act-{ctor}", f"model = {ctor}\ninputs = {x}\nout = model(*inputs)")

# -- convolution and pooling ----------------------------------------------------------------------------------
module("conv2d", "nn.Conv2d(3, 6, 5)", (2, 3, 8, 8))
module("conv2d-unbatched", "nn.Conv2d(2, 3, 3)", (2, 5, 5))
module("conv2d-stride-padding", "nn.Conv2d(2, 4, (3, 2), stride=(2, 1), padding=(1, 2), dilation=(1, 2))",
       (2, 2, 7, 6))
module("conv2d-groups-nobias", "nn.Conv2d(4, 6, 3, groups=2, bias=False)", (1, 4, 5, 5))
module("conv2d-same", "nn.Conv2d(2, 3, (3, 4), padding='same', dilation=2)", (1, 2, 6, 7))
module("conv2d-valid", "nn.Conv2d(2, 3, 3, padding='valid')", (1, 2, 4, 4))
module("conv1d", "nn.Conv1d(3, 4, 3, stride=2, padding=1)", (2, 3, 9))
module("conv1d-same", "nn.Conv1d(2, 2, 4, padding='same')", (1, 2, 6))
case("conv2d-channels-error", "model = nn.Conv2d(3, 6, 5)\nout = model(inp(1, 1, 8, 8))")
case("conv2d-small-error", "model = nn.Conv2d(3, 6, 5)\nout = model(inp(1, 3, 2, 2))")
case("conv2d-dim-error", "model = nn.Conv2d(3, 6, 5)\nout = model(inp(5, 5))")
case("conv2d-same-stride-error", "model = nn.Conv2d(3, 6, 5, stride=2, padding='same')")
case("conv2d-groups-error", "model = nn.Conv2d(3, 6, 5, groups=2)")
module("maxpool2d", "nn.MaxPool2d(2)", (2, 3, 6, 6))
module("maxpool2d-ceil-pad", "nn.MaxPool2d(3, stride=2, padding=1, ceil_mode=True)", (1, 2, 7, 8))
module("maxpool2d-dilation", "nn.MaxPool2d((3, 2), stride=(2, 1), padding=1, dilation=(1, 2))", (1, 2, 7, 8))
case("maxpool2d-indices", "model = nn.MaxPool2d(2, return_indices=True)\ninputs = (inp(1, 2, 4, 4),)\n"
     "out = model(*inputs)")
module("maxpool2d-unbatched", "nn.MaxPool2d(2)", (3, 4, 4))
module("maxpool1d", "nn.MaxPool1d(3, stride=2)", (2, 3, 9))
case("maxpool2d-pad-error", "model = nn.MaxPool2d(2, padding=2)\nout = model(inp(1, 1, 4, 4))")
case("maxpool2d-small-error", "model = nn.MaxPool2d(3)\nout = model(inp(1, 1, 2, 2))")
module("avgpool2d", "nn.AvgPool2d(2)", (2, 3, 6, 6))
module("avgpool2d-pad-exclude", "nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)",
       (1, 2, 7, 8))
module("avgpool2d-pad-include", "nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True)", (1, 2, 7, 8))
module("avgpool2d-divisor", "nn.AvgPool2d((3, 2), stride=(2, 1), divisor_override=4)", (1, 2, 7, 8))
module("avgpool1d", "nn.AvgPool1d(3, stride=2, padding=1)", (2, 3, 9))
module("adaptiveavgpool2d", "nn.AdaptiveAvgPool2d((3, 2))", (2, 2, 7, 5))
module("adaptiveavgpool2d-1", "nn.AdaptiveAvgPool2d((1, 1))", (2, 2, 4, 4))
module("adaptiveavgpool2d-none", "nn.AdaptiveAvgPool2d((None, 2))", (2, 2, 3, 4))
module("adaptiveavgpool1d", "nn.AdaptiveAvgPool1d(4)", (2, 2, 7))
module("adaptivemaxpool2d", "nn.AdaptiveMaxPool2d((3, 2))", (2, 2, 7, 5))
module("adaptivemaxpool1d", "nn.AdaptiveMaxPool1d(3)", (2, 2, 7))
case("unfold", "model = nn.Unfold(2, padding=1, stride=2) if hasattr(nn, 'Unfold') else None\n"
     "inputs = (inp(1, 2, 4, 5),)\nout = F.unfold(inputs[0], (2, 3), dilation=(1, 2), padding=1, stride=2)")
case("fold", "inputs = (inp(1, 8, 12),)\nout = F.fold(inputs[0], (4, 5), 2, padding=(1, 0))")
case("pad", "inputs = (inp(2, 3),)\nout = F.pad(inputs[0], (1, 2, 0, 1), value=0.5)")
case("pad-crop", "inputs = (inp(3, 4),)\nout = F.pad(inputs[0], (-1, 1))")

# -- normalization, dropout, embedding ----------------------------------------------------------------------
module("batchnorm1d", "nn.BatchNorm1d(3)", (4, 3))
module("batchnorm1d-3d", "nn.BatchNorm1d(3, momentum=None)", (4, 3, 2))
module("batchnorm2d", "nn.BatchNorm2d(3)", (2, 3, 4, 4))
module("batchnorm2d-noaffine", "nn.BatchNorm2d(3, affine=False, momentum=0.5)", (2, 3, 2, 2))
case("batchnorm1d-eval", "model = fill(nn.BatchNorm1d(3))\nmodel(inp(5, 3, requires_grad=False))\n"
     "model(inp(5, 3, requires_grad=False))\nmodel.eval()\ninputs = (inp(4, 3),)\nout = model(*inputs)")
case("batchnorm1d-no-stats", "model = fill(nn.BatchNorm1d(3, track_running_stats=False))\nmodel.eval()\n"
     "inputs = (inp(4, 3),)\nout = model(*inputs)")
case("batchnorm1d-one-value-error", "model = nn.BatchNorm1d(3)\nout = model(inp(1, 3))")
case("batchnorm2d-dim-error", "model = nn.BatchNorm2d(3)\nout = model(inp(2, 3))")
module("layernorm", "nn.LayerNorm(4)", (2, 3, 4))
module("layernorm-2", "nn.LayerNorm([3, 4], elementwise_affine=False)", (2, 3, 4))
module("layernorm-nobias", "nn.LayerNorm(4, bias=False)", (3, 4))
case("layernorm-shape-error", "model = nn.LayerNorm(3)\nout = model(inp(2, 4))")
module("groupnorm", "nn.GroupNorm(2, 4)", (2, 4, 3))
case("groupnorm-error", "model = nn.GroupNorm(2, 3)")
case("dropout-eval", "model = nn.Dropout(0.3)\nmodel.eval()\ninputs = (inp(3, 4),)\nout = model(*inputs)")
case("dropout-p0", "model = nn.Dropout(0.0)\ninputs = (inp(3, 4),)\nout = model(*inputs)")
case("dropout-p1", "model = nn.Dropout(1.0)\ninputs = (inp(3, 4),)\nout = model(*inputs)")
case("dropout-error", "model = nn.Dropout(1.5)")
case("dropout2d-repr", "model = nn.Dropout2d(0.2, inplace=True)")
case("embedding", "model = fill(nn.Embedding(10, 3))\nout = model(torch.tensor([[1, 2, 4], [4, 3, 9]]))")
case("embedding-padding", "model = fill(nn.Embedding(5, 2, padding_idx=1))\nout = model(torch.tensor([1, 0, 1, 3]))")
case("embedding-max-norm", "model = fill(nn.Embedding(5, 2, max_norm=0.3), scale=2.0)\nout = model(torch.tensor([1, 0, 1]))")
case("embedding-index-error", "model = nn.Embedding(3, 2)\nout = model(torch.tensor([3]))")
case("embedding-type-error", "model = nn.Embedding(3, 2)\nout = model(torch.tensor([1.0]))")
case("one-hot", "out = F.one_hot(torch.tensor([0, 2, 1]), 4)", backward=False)

# -- the tutorials' networks ---------------------------------------------------------------------------------
LENET = '''
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 6, 5)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        x = self.fc3(x)
        return x
'''
case("blitz-lenet", LENET + "model = fill(Net(), scale=0.2)\ninputs = (inp(2, 3, 32, 32),)\n"
     "out = nn.CrossEntropyLoss()(model(*inputs), torch.tensor([3, 7]))")
BASICS = '''
class NeuralNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.linear_relu_stack = nn.Sequential(
            nn.Linear(28*28, 512),
            nn.ReLU(),
            nn.Linear(512, 512),
            nn.ReLU(),
            nn.Linear(512, 10),
        )

    def forward(self, x):
        x = self.flatten(x)
        logits = self.linear_relu_stack(x)
        return logits
'''
case("basics-network", BASICS + "model = fill(NeuralNetwork(), scale=0.05)\ninputs = (inp(3, 28, 28),)\n"
     "out = nn.Softmax(dim=1)(model(*inputs))")

# -- the other losses ------------------------------------------------------------------------------------------
for red in ("mean", "sum", "none"):
    case(f"huber-{red}", f"model = nn.HuberLoss(reduction='{red}', delta=0.5)\ninputs = (inp(3, 4), inp(3, 4))\n"
                         f"out = model(*inputs)")
    case(f"kldiv-{red}", f"model = nn.KLDivLoss(reduction='{red}')\ninputs = (F.log_softmax(inp(3, 4), 1),)\n"
                         f"out = model(inputs[0], torch.softmax(inp(3, 4, requires_grad=False), 1))")
    case(f"marginranking-{red}", f"model = nn.MarginRankingLoss(0.2, reduction='{red}')\ninputs = (inp(5), inp(5))\n"
                                 f"out = model(*inputs, torch.tensor([1.0, -1.0, 1.0, -1.0, 1.0]))")
    case(f"hinge-{red}", f"model = nn.HingeEmbeddingLoss(0.5, reduction='{red}')\ninputs = (inp(5),)\n"
                         f"out = model(inputs[0], torch.tensor([1.0, -1.0, 1.0, -1.0, -1.0]))")
    case(f"cosineembedding-{red}", f"model = nn.CosineEmbeddingLoss(0.1, reduction='{red}')\n"
                                   f"inputs = (inp(4, 3), inp(4, 3))\nout = model(*inputs, torch.tensor([1, -1, 1, -1]))")
    case(f"triplet-{red}", f"model = nn.TripletMarginLoss(reduction='{red}', swap=True)\n"
                           f"inputs = (inp(4, 3), inp(4, 3), inp(4, 3))\nout = model(*inputs)")
    case(f"softmargin-{red}", f"model = nn.SoftMarginLoss(reduction='{red}')\ninputs = (inp(2, 3),)\n"
                              f"out = model(inputs[0], torch.tensor([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]]))")
    case(f"poissonnll-{red}", f"model = nn.PoissonNLLLoss(reduction='{red}', full=True)\ninputs = (inp(3, 2),)\n"
                              f"out = model(inputs[0], inp(3, 2, low=0, high=4, requires_grad=False))")
    case(f"gaussiannll-{red}", f"model = nn.GaussianNLLLoss(reduction='{red}')\ninputs = (inp(3, 2), inp(3, 2))\n"
                               f"out = model(*inputs, inp(3, 2, low=0.1, high=2))")
case("kldiv-batchmean-logtarget", "model = nn.KLDivLoss(reduction='batchmean', log_target=True)\n"
     "inputs = (F.log_softmax(inp(3, 4), 1), F.log_softmax(inp(3, 4), 1))\nout = model(*inputs)")

# -- recurrent layers --------------------------------------------------------------------------------------------
case("lstm", "model = fill(nn.LSTM(3, 4))\ninputs = (inp(5, 2, 3),)\nout = model(*inputs)\nout = (out[0],) + out[1]")
case("lstm-2layer-batchfirst-hx", "model = fill(nn.LSTM(3, 4, num_layers=2, batch_first=True))\n"
     "inputs = (inp(2, 5, 3), inp(2, 2, 4), inp(2, 2, 4))\nout = model(inputs[0], (inputs[1], inputs[2]))\n"
     "out = (out[0],) + out[1]")
case("lstm-bidirectional-proj", "model = fill(nn.LSTM(3, 4, bidirectional=True, proj_size=2))\n"
     "inputs = (inp(4, 2, 3),)\nout = model(*inputs)\nout = (out[0],) + out[1]")
case("lstm-unbatched", "model = fill(nn.LSTM(3, 4))\ninputs = (inp(5, 3),)\nout = model(*inputs)\n"
     "out = (out[0],) + out[1]")
case("gru", "model = fill(nn.GRU(3, 4, num_layers=2))\ninputs = (inp(5, 2, 3),)\nout = model(*inputs)")
case("gru-bidirectional", "model = fill(nn.GRU(3, 4, bidirectional=True, batch_first=True))\ninputs = (inp(2, 5, 3),)\n"
     "out = model(*inputs)")
case("rnn-relu-nobias", "model = fill(nn.RNN(3, 4, nonlinearity='relu', bias=False, bidirectional=True))\n"
     "inputs = (inp(5, 2, 3),)\nout = model(*inputs)")
case("rnn-tanh", "model = fill(nn.RNN(3, 4, 2, dropout=0.0))\ninputs = (inp(5, 2, 3), inp(2, 2, 4))\n"
     "out = model(*inputs)")
case("lstm-repr", "model = nn.LSTM(3, 4, 2, dropout=0.5, bias=False, batch_first=True)")
case("lstm-input-error", "model = nn.LSTM(3, 4)\nout = model(inp(5, 2, 2))")
case("lstmcell", "model = fill(nn.LSTMCell(3, 4))\ninputs = (inp(2, 3),)\nout = model(*inputs)")
case("grucell", "model = fill(nn.GRUCell(3, 4))\ninputs = (inp(2, 3), inp(2, 4))\nout = model(*inputs)")
case("rnncell", "model = fill(nn.RNNCell(3, 4, nonlinearity='relu'))\ninputs = (inp(3),)\nout = model(*inputs)")
module("convtranspose2d", "nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1, groups=2)",
       (2, 4, 3, 3))
module("convtranspose2d-dilation", "nn.ConvTranspose2d(2, 3, (2, 3), dilation=(2, 1), bias=False)", (1, 2, 4, 3))
case("convtranspose2d-output-size", "model = fill(nn.ConvTranspose2d(2, 2, 3, stride=2))\ninputs = (inp(1, 2, 3, 3),)\n"
     "out = model(inputs[0], output_size=[8, 8])")

# -- torch's random numbers: seeded initial weights, dropout masks (each case starts from manual_seed(0)) --
for ctor in ("nn.Linear(5, 3)", "nn.Linear(4, 2, bias=False)", "nn.Bilinear(2, 3, 2)", "nn.Conv2d(3, 6, 5)",
             "nn.Conv1d(2, 4, 3, groups=2)", "nn.ConvTranspose2d(2, 3, 3)", "nn.Embedding(6, 3, padding_idx=2)",
             "nn.LSTM(3, 4, 2)", "nn.GRU(2, 3, bidirectional=True)", "nn.RNNCell(2, 3)", "nn.PReLU(2)",
             "nn.BatchNorm1d(3)", "nn.LayerNorm(3)"):
    case(f"seeded-{ctor}", f"model = {ctor}", params=True)
case("seeded-net", NET + "model = Net()", params=True)
case("seeded-lenet", LENET + "model = Net()", params=True)
case("seeded-dropout", "model = nn.Dropout(0.4)\ninputs = (inp(6, 5),)\nout = model(*inputs)")
case("seeded-dropout2d", "model = nn.Dropout2d(0.5)\ninputs = (inp(2, 6, 2, 2),)\nout = model(*inputs)")
case("seeded-init", "w = torch.empty(4, 5)\nmodel = None\nouts = []\n"
     "for f in (nn.init.xavier_uniform_, nn.init.xavier_normal_, nn.init.kaiming_normal_, nn.init.trunc_normal_,"
     " nn.init.orthogonal_, lambda t: nn.init.sparse_(t, 0.5)):\n    outs.append(f(torch.empty(4, 5)).clone())\n"
     "out = tuple(outs)", backward=False)
case("seeded-trunc-normal-narrow", "model = None\nout = (nn.init.trunc_normal_(torch.empty(50), mean=1.0, std=2.0, "
     "a=0.0, b=0.5),)", backward=False)

# -- attention ---------------------------------------------------------------------------------------------------
case("sdpa", "inputs = (inp(2, 3, 4), inp(2, 5, 4), inp(2, 5, 6))\nout = F.scaled_dot_product_attention(*inputs)")
case("sdpa-causal", "inputs = (inp(2, 3, 4), inp(2, 3, 4), inp(2, 3, 6))\n"
     "out = F.scaled_dot_product_attention(*inputs, is_causal=True)")
case("sdpa-mask", "inputs = (inp(3, 4), inp(5, 4), inp(5, 2))\n"
     "out = F.scaled_dot_product_attention(*inputs, attn_mask=torch.tensor([[True, False, True, True, False]] * 3))")
case("mha-self", "model = fill(nn.MultiheadAttention(8, 2))\nx = inp(4, 3, 8)\ninputs = (x,)\nout = model(x, x, x)")
case("mha-batch-first-mask", "model = fill(nn.MultiheadAttention(6, 3, batch_first=True))\n"
     "inputs = (inp(2, 4, 6), inp(2, 5, 6), inp(2, 5, 6))\n"
     "out = model(*inputs, key_padding_mask=torch.tensor([[False] * 4 + [True], [False] * 5]), "
     "attn_mask=torch.zeros(4, 5).triu(2) > 0, average_attn_weights=False)")
case("mha-kdim", "model = fill(nn.MultiheadAttention(4, 2, kdim=3, vdim=5, bias=False))\n"
     "inputs = (inp(3, 2, 4), inp(6, 2, 3), inp(6, 2, 5))\nout = model(*inputs, need_weights=False)[0]")
case("transformer-encoder-layer", "model = fill(nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, dropout=0.0), "
     "scale=0.3)\ninputs = (inp(5, 2, 8),)\nout = model(*inputs)")
case("seeded-mha", "model = nn.MultiheadAttention(8, 2)", params=True)
case("seeded-transformer", "model = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, batch_first=True)",
     params=True)

# -- interpolation --------------------------------------------------------------------------------------------
module("upsample-nearest", "nn.Upsample(scale_factor=2)", (1, 2, 3, 3))
module("upsample-nearest-size", "nn.Upsample(size=(5, 2))", (1, 2, 3, 4))
module("upsample-bilinear", "nn.Upsample(scale_factor=(2, 1.5), mode='bilinear')", (2, 1, 3, 4))
module("upsample-bilinear-align", "nn.Upsample(size=(5, 7), mode='bilinear', align_corners=True)", (1, 2, 3, 4))
case("interpolate-bilinear-down", "inputs = (inp(1, 2, 7, 5),)\nout = F.interpolate(inputs[0], size=(3, 2), "
     "mode='bilinear')")
case("embeddingbag-mean-offsets", "model = fill(nn.EmbeddingBag(10, 3))\n"
     "out = model(torch.tensor([1, 2, 4, 5, 4, 3, 2, 9]), torch.tensor([0, 4, 4]))")
case("embeddingbag-sum-weights", "model = fill(nn.EmbeddingBag(10, 3, mode='sum'))\n"
     "out = model(torch.tensor([1, 2, 4, 5, 4]), torch.tensor([0, 2]), per_sample_weights=torch.tensor([1.0, 2.0, 0.5, -1.0, 3.0]))")
case("embeddingbag-max-2d", "model = fill(nn.EmbeddingBag(6, 2, mode='max'))\nout = model(torch.tensor([[1, 2, 4], [4, 3, 3]]))")
case("embeddingbag-padding", "model = fill(nn.EmbeddingBag(6, 2, mode='mean', padding_idx=2))\n"
     "out = model(torch.tensor([[1, 2, 4], [2, 2, 3]]))")
case("seeded-embeddingbag", "model = nn.EmbeddingBag(5, 2, mode='sum')", params=True)
