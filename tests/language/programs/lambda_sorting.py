people = [("bob", 25), ("ann", 30), ("cat", 25)]
print(sorted(people, key=lambda p: (p[1], p[0])), max(people, key=lambda p: p[1]), min(people, key=lambda p: p[0]))
print(sorted(["b", "A", "c"], key=str.lower) if False else sorted(["b", "A", "c"], key=lambda s: s.lower()))
