import numpy as np
a = np.ones((2, 3))
b = np.ones((3, 2))
print((a @ b).shape, np.broadcast_shapes((2, 1), (1, 3)), np.broadcast_arrays(np.arange(2), np.zeros((2, 1)))[0].shape)
print(np.float64(1) / 2, np.int64(5) % 3, np.float64(2) ** 10, -np.int8(5))
print(np.array([1, 2, 3]) < 2.5, np.array_equal(np.arange(3), [0, 1, 2]), np.sum([[1, 2], [3, 4]], axis=0))
print(np.array([[1, 2], [3, 4]]).T @ np.array([1, 1]), np.vdot([1, 2], [3, 4]), np.linalg.multi_dot([np.eye(2), np.eye(2)]))
print(np.stack([np.zeros(2), np.ones(2)], axis=1), np.append([1, 2], [3]), np.insert([1, 2], 1, 9), np.delete([1, 2, 3], 0))
print(np.resize(np.arange(3), 5), np.trim_zeros(np.array([0, 1, 2, 0])), np.setdiff1d([1, 2, 3], [2]), np.lexsort(([1, 2], [2, 1])))
