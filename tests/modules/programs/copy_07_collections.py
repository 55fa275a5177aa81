import copy
import collections
d = collections.defaultdict(list)
d["a"].append(1)
e = copy.deepcopy(d)
e["a"].append(2)
e["b"].append(3)
print(d, e)
q = collections.deque([1, [2]], maxlen=4)
q2 = copy.deepcopy(q)
q2[1].append(3)
print(q, q2, copy.copy(q))
c = collections.Counter("hello")
print(copy.deepcopy(c), copy.copy(collections.OrderedDict(c)))
