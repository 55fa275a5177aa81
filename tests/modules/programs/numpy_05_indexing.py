import numpy as np
a = np.arange(20).reshape(4, 5)
print(a[1], a[1, 2], a[:, 1], a[1:3, ::2], a[-1, -1], a[..., 0])
print(a[[0, 2]], a[[0, 1], [1, 2]], a[a % 3 == 0], a[np.array([True, False, True, False])])
b = a.copy()
b[0] = 0
b[1, :2] = [7, 8]
b[b > 15] = -1
b[:, 4] += 100
print(b)
c = np.zeros(5)
c[[1, 3]] = 5.0
c[np.arange(5) > 3] = 2.5
print(c)
print(np.where(a > 10, a, 0), np.where(a > 17), np.nonzero(np.array([0, 3, 0, 4])))
print(np.argwhere(a > 17), np.take(a, [0, 5]), np.take_along_axis(a, np.array([[0], [1], [2], [3]]), 1))
print(np.sort(np.array([3, 1, 2])), np.argsort(np.array([3, 1, 2])), np.unique(np.array([3, 1, 3, 2, 1])))
print(np.unique(np.array([1, 1, 2]), return_counts=True), np.searchsorted(np.array([1, 3, 5]), 4))
print(np.isin(np.arange(5), [1, 3]), np.intersect1d([1, 2, 3], [2, 3, 4]), np.union1d([1], [2]))
