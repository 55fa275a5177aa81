xs = [5, -3, 2, -8]
print(sorted(xs), sorted(xs, key=abs), sorted(xs, reverse=True), min(xs, key=abs), max(xs, key=lambda v: -v))
print(max([], default=0), min("hello"), max(3, 7, 1), sorted("banana"), min([(2, "b"), (1, "z")]))
