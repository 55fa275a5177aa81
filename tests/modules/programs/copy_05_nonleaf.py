import copy
import torch
a = torch.ones(2, requires_grad=True)
b = a * 2
c = copy.deepcopy(b.detach())
print(c, c.requires_grad)
print(copy.deepcopy(torch.tensor([1, 2])), copy.deepcopy(torch.zeros(2, 2, dtype=torch.float64)))
