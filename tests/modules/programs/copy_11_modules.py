import copy
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 1))
best = copy.deepcopy(model)
with torch.no_grad():
    model[0].weight.fill_(0.5)
print(best[0].weight, model[0].weight)
print(best, best[2].bias is model[2].bias, sum(p.numel() for p in best.parameters()))
p = nn.Parameter(torch.ones(2))
print(copy.deepcopy(p), copy.copy(p))
