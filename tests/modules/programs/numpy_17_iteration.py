import numpy as np
a = np.arange(6).reshape(3, 2)
for row in a:
    print(row, row.sum())
for x in np.array([1.5, 2.5]):
    print(x, x * 2)
total = 0
for v in a.flatten():
    total += v
print(total, isinstance(total, np.integer), sum(np.arange(4)), max(np.array([3, 7, 1])), min(a[:, 1]))
print(list(a[0]), tuple(np.arange(2)), [int(v) for v in a[:, 0]], len(a), abs(np.array([-1, 1])))
print(list(zip(a[:, 0], a[:, 1])))
