total = 0
def add(v):
    global total
    total += v
add(3); add(4)
print(total)
def outer():
    x = 1
    def inner():
        nonlocal x
        x += 10
        return x
    inner(); inner()
    return x
print(outer())
def make_counter():
    n = 0
    def inc():
        nonlocal n
        n += 1
        return n
    return inc
c1, c2 = make_counter(), make_counter()
print(c1(), c1(), c2())
