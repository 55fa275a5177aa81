def memo(fn):
    cache = {}
    hits = 0
    def wrapper(n):
        nonlocal hits
        if n in cache:
            hits += 1
            return cache[n]
        cache[n] = fn(n)
        return cache[n]
    def stats():
        return hits, len(cache)
    wrapper_stats = stats
    return wrapper, wrapper_stats
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
fib, stats = memo(fib)
print(fib(30), stats())
