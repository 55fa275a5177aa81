import functools
calls = []
def slow_square(x):
    calls.append(x)
    return x * x
fast = functools.cache(slow_square)
print([fast(i % 3) for i in range(9)], calls)
