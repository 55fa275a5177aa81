a = {1: "x", 2: "y"}
b = {2: "y", 1: "x"}
print(a == b, a.keys() == b.keys(), list(a.values()), 1 in a.keys(), ("x" in a.values()))
print(a.keys() & {1, 5}, a.keys() | {3})
