import collections
d = collections.defaultdict(lambda: "missing")
d["k"] = "v"
print(d["k"], d["nope"], len(d))
del d["nope"]
print(list(d.items()))
c = collections.Counter(a=2, b=1)
c["c"] += 5
del c["a"]
print(c, c.most_common())
