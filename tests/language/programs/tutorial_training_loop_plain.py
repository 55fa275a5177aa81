class SGD:
    def __init__(self, params, lr):
        self.params = params
        self.lr = lr
    def step(self, grads):
        for name in self.params:
            self.params[name] -= self.lr * grads[name]
params = {"w": 0.0, "b": 0.0}
opt = SGD(params, 0.1)
data = [(x, 2 * x + 1) for x in range(5)]
for epoch in range(50):
    gw = gb = 0.0
    for x, y in data:
        err = params["w"] * x + params["b"] - y
        gw += 2 * err * x / len(data)
        gb += 2 * err / len(data)
    opt.step({"w": gw, "b": gb})
    if epoch % 10 == 9:
        loss = sum((params["w"] * x + params["b"] - y) ** 2 for x, y in data) / len(data)
        print(f"epoch {epoch + 1}: loss {loss:.6f}")
print(f"{params['w']:.3f} {params['b']:.3f}")
