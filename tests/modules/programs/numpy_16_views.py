import numpy as np
a = np.arange(10.0)
v = a[2:5]
v[:] = 0
print(a)
m = a.reshape(2, 5)
m[1] = -1
print(a)
t = m.T
t[0, 0] = 42
print(a[0], m.T.shape, t.shape)
c = a.copy()
c[0] = 7
print(a[0], c[0])
s = a[::2]
s += 100
print(a)
r = a.real
print(r[:3])
