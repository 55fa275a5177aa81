class Module:
    def __init__(self):
        self.training = True
        self.children = []
    def __call__(self, *args):
        return self.forward(*args)
    def train(self, mode=True):
        self.training = mode
        for c in self.children:
            c.train(mode)
        return self
    def eval(self):
        return self.train(False)
class Linear(Module):
    def __init__(self, w, b):
        super().__init__()
        self.w, self.b = w, b
    def forward(self, x):
        return self.w * x + self.b
class Net(Module):
    def __init__(self):
        super().__init__()
        self.l1 = Linear(2, 1)
        self.l2 = Linear(3, 0)
        self.children += [self.l1, self.l2]
    def forward(self, x):
        return self.l2(self.l1(x))
net = Net()
print(net(1), net(2), net.training, net.eval().training, net.l1.training)
