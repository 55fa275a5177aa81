"""The objects of the torch.save/torch.load fixtures, built the same way by torch and by gradcalc.

``build(torch)`` takes either real torch (the generator) or ``gradcalc.engine`` (the tests):
every constructor used here exists in both and, seeded, gives the same numbers, so a file
written by one side can be compared with what the other side reads.
"""

import math


def build(torch):
    """{fixture name: object}."""
    nn = torch.nn
    torch.manual_seed(0)
    out = {}
    x = torch.arange(12.0).reshape(3, 4)
    out["tensors"] = {
        "float32": torch.randn(2, 3),
        "float64": torch.randn(3, dtype=torch.float64),
        "float16": torch.tensor([0.5, -1.25, 65504.0], dtype=torch.float16),
        "int64": torch.tensor([[1, -2], [3, 2 ** 40]]),
        "int32": torch.tensor([7, -8], dtype=torch.int32),
        "int16": torch.tensor([300, -300], dtype=torch.int16),
        "int8": torch.tensor([-128, 127], dtype=torch.int8),
        "uint8": torch.tensor([0, 255], dtype=torch.uint8),
        "bool": torch.tensor([True, False, True]),
        "scalar": torch.tensor(3.5),
        "empty": torch.zeros(0, 3),
        "special": torch.tensor([math.inf, -math.inf, math.nan, -0.0]),
        "transposed": x.t(),
        "slice": x[1:, ::2],
        "requires_grad": torch.ones(2, requires_grad=True),
        "parameter": nn.Parameter(torch.randn(2, 2)),
        "frozen_parameter": nn.Parameter(torch.randn(2), requires_grad=False),
    }
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2), nn.BatchNorm1d(2))
    out["state_dict"] = {k: v.clone() for k, v in model.state_dict().items()}
    out["module_state_dict"] = model.state_dict()  # an OrderedDict with torch's _metadata
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))  # trained below
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    loss = model(torch.randn(5, 3)).pow(2).sum()
    loss.backward()
    opt.step()
    out["adam"] = opt.state_dict()
    sgd = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    model(torch.randn(5, 3)).sum().backward()
    sgd.step()
    out["sgd"] = sgd.state_dict()
    shared = torch.arange(6.0)
    out["containers"] = {
        "list": [1, 2.5, -3, None, True, "text", (1, 2), [shared, shared]],
        "tuple": (torch.ones(1), (torch.zeros(1),)),
        "size": torch.Size([2, 3]),
        "dtype": torch.float64,
        "device": torch.device("cpu"),
        "numbers": {"big": 2 ** 70, "neg": -(2 ** 40), "inf": math.inf, "complex": complex(1.5, -2)},
        "set": {1, 2, 3},
        7: "an int key",
    }
    out["tensor_only"] = torch.linspace(0, 1, 5)
    return out
