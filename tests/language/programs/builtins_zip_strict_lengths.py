print(list(zip("abc", [1, 2])), dict(zip(range(3), "xyz")))
