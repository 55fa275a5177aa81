import torch
import numpy as np
np.random.seed(0)
x = np.random.randn(6, 2).astype(np.float32)
y = (x.sum(axis=1, keepdims=True) > 0).astype(np.float32)
X = torch.from_numpy(x)
Y = torch.from_numpy(y)
print(X.dtype, Y.shape, X.sum())
w = torch.zeros(2, 1, requires_grad=True)
for i in range(3):
    p = torch.sigmoid(X @ w)
    loss = ((p - Y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.5 * w.grad
        w.grad.zero_()
    print(i, round(loss.item(), 6))
print(w.detach().numpy().round(4))
