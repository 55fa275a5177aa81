def f(a, b=2, *args, c, d=4, **kw):
    return a, b, args, c, d, sorted(kw.items())
print(f(1, c=3), f(1, 2, 3, 4, c=5, e=6), f(*[1, 2], c=0, **{"d": 9, "z": 1}))
def g(*, key):
    return key
print(g(key=1))
try:
    g(1)
except TypeError as e:
    print(e)
try:
    f(1)
except TypeError as e:
    print(e)
