def g():
    try:
        yield 1
        yield 2
    finally:
        print("closing")
it = g()
print(next(it))
it.close()
print("after close")
for v in g():
    print(v)
