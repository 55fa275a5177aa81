import functools
def fib(n):
    return n if n < 2 else cfib(n - 1) + cfib(n - 2)
cfib = functools.lru_cache(maxsize=None)(fib)
print(cfib(30), cfib.cache_info())
cfib.cache_clear()
print(cfib.cache_info().hits, cfib(10))
