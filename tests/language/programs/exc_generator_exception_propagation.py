def gen():
    yield 1
    raise KeyError("in gen")
try:
    for v in gen():
        print(v)
except KeyError as e:
    print("caught", e)
