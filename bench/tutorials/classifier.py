# A small classifier's training loop as the tutorials write it: a Module subclass, a
# DataLoader over a TensorDataset shuffling batches of 16, CrossEntropyLoss, SGD with
# momentum, the loss and accuracy printed per epoch (three Gaussian blobs in 2-d), seeded.
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
centers = torch.tensor([[0.0, 2.0], [-2.0, -1.0], [2.0, -1.0]])
labels = torch.randint(0, 3, (600,))
points = centers[labels] + 0.8 * torch.randn(600, 2)
loader = DataLoader(TensorDataset(points, labels), batch_size=16, shuffle=True)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 32)
        self.fc2 = nn.Linear(32, 32)
        self.fc3 = nn.Linear(32, 3)

    def forward(self, x):
        x = torch.relu(self.fc1(x))
        x = torch.relu(self.fc2(x))
        return self.fc3(x)


model = Net()
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

for epoch in range(10):
    total, correct = 0.0, 0
    for xb, yb in loader:
        pred = model(xb)
        loss = loss_fn(pred, yb)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item() * len(xb)
        correct += (pred.argmax(1) == yb).sum().item()
    print(f"epoch {epoch}: loss {total / len(points):.4f}, accuracy {correct / len(points):.3f}")
