def f():
    return int("abc")
f()
