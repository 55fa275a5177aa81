fs = [lambda: i for i in range(3)]
print([f() for f in fs])
gs = [lambda i=i: i for i in range(3)]
print([g() for g in gs])
def adders():
    return [lambda x, n=n: x + n for n in range(3)]
print([a(10) for a in adders()])
