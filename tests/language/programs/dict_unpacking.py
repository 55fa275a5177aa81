a = {"x": 1, "y": 2}
b = {"y": 20, "z": 30}
print({**a, **b}, {**b, **a}, {"w": 0, **a, "x": 100})
def f(x, y, z=0):
    return x + y + z
print(f(**a), f(**{"x": 1, "y": 1, "z": 1}), f(1, **{"y": 2}))
def g(**kw):
    return sorted(kw.items())
print(g(**a, q=1))
