import torch
import numpy as np
t = torch.tensor([1.0, 2.0, 3.0])
a = np.array([1.0, 2.0, 3.0])
print(t + torch.from_numpy(a), t * torch.tensor(a), t.numpy() + a)
print(t.numpy().sum(), t.sum().item(), np.mean(t.numpy()), float(np.float32(t[0].item())))
print(torch.from_numpy(a).float() + t, t.double().numpy().dtype, t.long().numpy())
print(t.numpy().tolist(), t.tolist(), np.array(t.tolist()))
