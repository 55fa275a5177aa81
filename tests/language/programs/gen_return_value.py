def g():
    yield 1
    return "result"
it = g()
print(next(it))
try:
    next(it)
except StopIteration as e:
    print("stopped", e.value)
def outer():
    r = yield from g()
    yield r
print(list(outer()))
