values = [1, 1.0, "1", [1], (1,), {1}, {1: 1}, None, True]
print([type(v).__name__ if False else str(type(v)) for v in values])
print(type(1) == type(2), type(1) is not type(1.0), type(True) is bool)
