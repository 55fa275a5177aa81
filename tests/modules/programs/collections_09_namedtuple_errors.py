import collections
P = collections.namedtuple("P", "a, b")
print(P(1, 2), P(a=1, b=2))
Q = collections.namedtuple("Q", "x y z", defaults=[0, 0])
print(Q(1), Q(1, 2), Q(1, 2, 3))
R = collections.namedtuple("R", ["def", "ok", "ok"], rename=True)
print(R(1, 2, 3))
