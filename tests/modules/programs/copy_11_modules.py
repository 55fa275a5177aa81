import copy
import torch
import torch.nn as nn
model = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 1))
with torch.no_grad():
    model[0].weight.fill_(0.25)
best = copy.deepcopy(model)
with torch.no_grad():
    model[0].weight.fill_(0.5)
print(best[0].weight, model[0].weight)
print(best, best[2].bias is model[2].bias, torch.equal(best[2].bias, model[2].bias))
print(sum(p.numel() for p in best.parameters()), [p.requires_grad for p in best.parameters()])
p = nn.Parameter(torch.ones(2))
print(copy.deepcopy(p), copy.copy(p))
