import torch
import numpy as np
w = torch.ones(3, requires_grad=True)
loss = (w * torch.tensor([1.0, 2.0, 3.0])).sum()
loss.backward()
g = w.grad.numpy()
print(g, w.detach().numpy(), w.grad)
arr = w.detach().numpy()
arr[0] = 10
print(w)
print(torch.from_numpy(np.array([1.0, 2.0])).requires_grad_().sum())
