def counted(fn):
    calls = [0]
    def wrapper(*args):
        calls[0] += 1
        return fn(*args)
    def count():
        return calls[0]
    wrapper.count = None if False else 0
    return wrapper, count
def square(x):
    return x * x
square, square_calls = counted(square)
square(2); square(3)
print(square_calls())
