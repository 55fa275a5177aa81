import numpy as np
logits = np.array([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
e = np.exp(logits - logits.max(axis=1, keepdims=True))
p = e / e.sum(axis=1, keepdims=True)
print(p, p.sum(axis=1))
print(-np.log(p[np.arange(2), np.array([2, 0])]).mean())
onehot = np.eye(3)[np.array([2, 0])]
print(onehot, (p.argmax(1) == np.array([2, 0])).mean())
h, edges = np.histogram(np.array([1, 2, 2, 3, 3, 3]), bins=3)
print(h, edges, np.bincount(np.array([0, 1, 1, 3])), np.digitize(np.array([0.5, 1.5]), np.array([1.0, 2.0])))
print(np.diff(np.array([1, 4, 9, 16])), np.gradient(np.array([1.0, 4.0, 9.0])), np.interp(1.5, [1, 2], [10, 20]))
print(np.convolve([1, 2, 3], [0, 1]), np.polyval([1, 0, -1], 3), np.polyfit(np.arange(3.0), np.arange(3.0) * 2 + 1, 1))
