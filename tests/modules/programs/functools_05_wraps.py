import functools
def logged(fn):
    def wrapper(*args):
        print("calling", "fn", args)
        return fn(*args)
    return functools.wraps(fn)(wrapper)
def add(a, b):
    "Add two numbers."
    return a + b
add2 = logged(add)
print(add2(1, 2))
