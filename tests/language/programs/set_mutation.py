s = set()
s.add(3)
s.add(1)
s.add(3)
s.update([5, 6], {7})
s.discard(100)
s.remove(5)
print(sorted(s), len(s))
p = s.pop()
print(p in s, len(s))
s -= {6}
s |= {10}
s &= {1, 7, 10, 99}
print(sorted(s))
s.clear()
print(s)
try:
    s.remove(1)
except KeyError as e:
    print("KeyError", e)
