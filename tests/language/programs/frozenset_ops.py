f = frozenset([1, 2, 3])
g = frozenset([3, 4])
print(f | g, f & g, f - g, sorted(f), 2 in f, hash(f) == hash(frozenset([3, 2, 1])))
d = {f: "key"}
print(d[frozenset({1, 2, 3})])
try:
    f.add(4)
except AttributeError:
    print("frozen")
