import numpy as np
a = np.ones(3)
a += 1
a *= np.array([1.0, 2.0, 3.0])
a -= 0.5
a /= 2
print(a)
b = np.zeros(3)
np.add(a, 1, out=b)
print(b)
np.multiply(b, 2, out=b)
print(b)
np.sum(np.ones((2, 3)), axis=0, out=b)
print(b)
c = np.arange(5.0)
c.fill(3.0)
print(c)
d = np.array([3, 1, 2])
d.sort()
print(d)
np.copyto(c, np.arange(5.0))
print(c)
np.clip(c, 1, 3, out=c)
print(c)
e = np.arange(6).reshape(2, 3)
e[e > 2] = 0
e[0, :] *= 10
print(e)
np.add.at(d, [0, 0], 1)
print(d, np.add.reduce(np.arange(4)), np.maximum.accumulate(np.array([1, 3, 2])), np.multiply.outer([1, 2], [1, 2]))
np.fill_diagonal(e[:, :2], 9)
print(e)
