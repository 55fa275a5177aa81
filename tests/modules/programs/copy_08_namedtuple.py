import copy
from collections import namedtuple
P = namedtuple("P", ["x", "y"])
p = P([1], 2)
q = copy.deepcopy(p)
q.x.append(5)
print(p, q, copy.copy(p) == p, isinstance(q, P))
