import functools
def ways(n):
    if n <= 1:
        return 1
    return cways(n - 1) + cways(n - 2)
cways = functools.lru_cache(maxsize=128)(ways)
print([cways(i) for i in range(15)], cways.cache_info().currsize)
