d = {"b": 2, "a": 1}
d["c"] = 3
print(d, len(d), d["a"], d.get("z"), d.get("z", 0), "a" in d, list(d), list(d.keys()), list(d.values()))
print(list(d.items()), d.pop("b"), d, d.setdefault("x", 9), d.setdefault("a", 100), d)
d.update({"y": 1}, z=2)
print(d, d.popitem(), d)
e = d.copy()
e.clear()
print(d != e, e)
