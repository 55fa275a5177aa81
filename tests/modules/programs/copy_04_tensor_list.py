import copy
import torch
x = torch.arange(3.0)
params = [x, x, torch.zeros(2)]
p2 = copy.deepcopy(params)
p2[0].add_(10)
print(params[0], p2[0], p2[1], p2[0] is p2[1])
