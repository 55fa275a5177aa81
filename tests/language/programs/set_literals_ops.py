a = {1, 2, 3, 4}
b = {3, 4, 5}
print(a | b, a & b, a - b, a ^ b, a <= b, {3} < a, 2 in a, len(a))
print(sorted(a.union([9])), a.intersection(b), a.difference(b), a.symmetric_difference(b))
print(a.issubset({1, 2, 3, 4, 5}), a.issuperset({1}), a.isdisjoint({7}))
