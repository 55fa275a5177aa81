def naturals():
    n = 0
    while True:
        yield n
        n += 1
out = []
for v in naturals():
    if v > 5:
        break
    out.append(v)
print(out)
def take(n, it):
    for i, v in enumerate(it):
        if i >= n:
            return
        yield v
print(list(take(3, naturals())))
