d = {}
for k in [3, 1, 2]:
    d[k] = k * k
del d[1]
d[1] = 100
print(d, list(d))
for k, v in d.items():
    print(k, v)
print(sorted(d), sorted(d.items(), key=lambda kv: kv[1]))
