def bad():
    yield 1
    raise StopIteration
try:
    list(bad())
except RuntimeError as e:
    print("RuntimeError", e)
