print(dict(), dict(a=1, b=2), dict([("x", 1), ("y", 2)]), dict({"k": 1}, m=2), dict(zip("ab", [1, 2])))
print(dict.fromkeys(["a", "b"], 0) if False else "skip")
