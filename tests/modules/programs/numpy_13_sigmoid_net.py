import numpy as np
np.random.seed(0)
X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
Y = np.array([[0], [1], [1], [0]], dtype=float)
W1 = np.random.randn(2, 4)
W2 = np.random.randn(4, 1)
def sigmoid(z):
    return 1 / (1 + np.exp(-z))
for i in range(2000):
    h = sigmoid(X.dot(W1))
    out = sigmoid(h.dot(W2))
    d_out = (Y - out) * out * (1 - out)
    d_h = d_out.dot(W2.T) * h * (1 - h)
    W2 += h.T.dot(d_out)
    W1 += X.T.dot(d_h)
    if i % 500 == 0:
        # eight decimals: the last bits of a dot product depend on the BLAS kernel the CPU selects
        print(i, round(float(np.mean(np.abs(Y - out))), 8))
print(np.round(out, 3))
