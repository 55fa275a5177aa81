xs = ["bb", "a", "ccc"]
xs.sort(key=len)
print(xs)
xs.sort(key=lambda s: s[-1], reverse=True)
print(xs)
ys = [3, 1, 2]
ys.sort()
print(ys, ys.index(2), ys.count(3), ys.copy() is ys)
