import torch
import numpy as np
t = torch.zeros(4)
n = t.numpy()
np.add(n, 2, out=n)
np.multiply(n, np.arange(4.0, dtype=np.float32), out=n)
print(t)
n.fill(1)
print(t)
n[n > 0] = 3
print(t, n)
n2 = torch.linspace(0, 1, 5).numpy()
n2.sort()
print(n2)
