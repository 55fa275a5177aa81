for i, c in enumerate("xyz", start=10):
    print(i, c)
print(list(range(10, 0, -3)), range(5)[-1], len(range(0, 10, 3)), list(range(0)))
