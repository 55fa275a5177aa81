import torch
import numpy as np
a = np.arange(3.0)
c = torch.tensor(a)
s = torch.as_tensor(a)
f = torch.from_numpy(a)
a[0] = 9
print(c, s, f)
print(c.dtype, torch.tensor(np.arange(3)).dtype, torch.from_numpy(np.ones(2, dtype=np.float32)).dtype)
print(torch.as_tensor(a, dtype=torch.float32), torch.tensor(np.array([True, False])))
print(torch.from_numpy(np.array(3.5)), torch.tensor(np.float64(2.5)), torch.tensor(np.int64(3)))
