import torch
import numpy as np
t = torch.zeros(2, 3)
a = t.numpy()
a[0, 1] = 5
a += 1
print(t)
t[1] = 7
print(a)
t.mul_(2)
print(a, a.dtype, a.shape)
b = np.arange(4.0)
u = torch.from_numpy(b)
u[0] = 100
b[3] = -1
print(u, b)
