import functools
def f(a, b, c, d=0):
    return (a, b, c, d)
p1 = functools.partial(f, 1)
p2 = functools.partial(p1, 2, d=4)
print(p2(3), p2.args, p2.keywords, p1(5, 6))
