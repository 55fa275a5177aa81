import itertools
import torch
ts = [torch.ones(2) * i for i in range(3)]
print(list(itertools.accumulate(ts)))
print([a + b for a, b in itertools.combinations(ts, 2)])
