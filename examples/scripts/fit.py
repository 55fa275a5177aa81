import torch
w = torch.tensor([1.0, -2.0], requires_grad=True)
xs = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
ys = torch.tensor([1.0, 2.0, 3.0])
for step in range(3):
    loss = ((xs @ w - ys) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.01 * w.grad
        w.grad.zero_()
    print(f"step {step}: loss {loss.item():.4f}")
print(w)
