import functools
import torch
relu = functools.partial(torch.clamp, min=0)
print(relu(torch.tensor([-1.0, 2.0])))
scale = functools.partial(torch.mul, torch.tensor(2.0))
print(scale(torch.tensor([1.0, 3.0])), functools.reduce(torch.add, [torch.ones(2)] * 3))
