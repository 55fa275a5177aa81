def counter():
    i = 0
    while True:
        i += 1
        yield i
c = counter()
print(next(c))
print(next(c))
print([next(c) for _ in range(3)])
