import numpy as np
np.random.seed(1)
x = np.random.randn(8, 3)
y = x @ np.array([1.0, -2.0, 0.5]) + 0.1
w = np.zeros(3)
b = 0.0
for step in range(200):
    pred = x.dot(w) + b
    err = pred - y
    loss = np.mean(err ** 2)
    gw = 2 * x.T.dot(err) / len(y)
    gb = 2 * err.mean()
    w -= 0.1 * gw
    b -= 0.1 * gb
    if step % 50 == 0:
        print(step, loss)
print(np.round(w, 4), round(float(b), 4))
