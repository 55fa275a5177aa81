import torch
from dataclasses import dataclass, field
@dataclass
class Sample:
    x: torch.Tensor
    label: int
s = Sample(torch.ones(2), 1)
print(s, s.x.sum())
