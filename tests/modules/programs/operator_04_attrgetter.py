import operator
import torch
import numpy as np
ts = [torch.zeros(3), torch.zeros(1, 2)]
print([operator.attrgetter("shape")(t) for t in ts], operator.attrgetter("dtype", "ndim")(ts[1]))
print(operator.attrgetter("imag")(np.sqrt(np.complex128(-4))), operator.attrgetter("shape.numel")(ts[1])())
